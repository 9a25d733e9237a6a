"""A fragment of a page: MyST skeleton text written by us, with *slots* for data.

Data text never passes through MyST: the skeleton holds a marker where a value goes, and
:func:`fill` replaces each marker, after parsing, with nodes made from the value (plain
text, safe Markdown via :mod:`kb.handbook.views.markdown`, or a cross-reference).  So a house
rulebook's ``<script>`` or ``{raw}`` stays text.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field

from docutils import nodes
from sphinx import addnodes

from kb.handbook.views.markdown import markdown_nodes

_MARKER = re.compile(r"ZZSLOT(\d+)ZZ")
_SAFE_ID = re.compile(r"^[A-Za-z0-9@._-]+$")
_WORD = re.compile(r"\w")


@dataclass
class Fragment:
    """Skeleton lines plus slot values; ``digest`` fingerprints what a page shows.

    ``fingerprint`` holds what the view depends on beyond what it shows (e.g. the digest
    of a scenario file and the reprs of its rulings); it is part of ``digest``."""

    lines: list[str] = field(default_factory=list)
    slots: list[tuple] = field(default_factory=list)
    fingerprint: list = field(default_factory=list)

    def add(self, *lines: str) -> None:
        self.lines.extend(lines)

    def _slot(self, *value) -> str:
        self.slots.append(value)
        return f"ZZSLOT{len(self.slots) - 1}ZZ"

    def text(self, value: str) -> str:
        """A marker for plain text."""
        return self._slot("text", value)

    def markdown(self, value: str) -> str:
        """A marker for safe Markdown; alone in a paragraph it may hold several blocks."""
        return self._slot("markdown", value)

    def xref(self, reftype: str, target: str, domain: str = "rule", title: str = "") -> str:
        """A marker for a cross-reference (``prov``, ``topic``, ``edition``; std ``term``);
        ``title`` replaces the target's own link text."""
        return self._slot("xref", domain, reftype, target, title)

    def node(self, node: nodes.Node) -> str:
        """A marker for a ready-made node (placeholders resolved later)."""
        return self._slot("node", node)

    @property
    def source(self) -> str:
        return "\n".join(self.lines)

    @property
    def digest(self) -> str:
        shown = [s if s[0] != "node" else ("node", s[1].astext(), repr(s[1].attributes))
                 for s in self.slots]
        return hashlib.sha1(repr((self.lines, shown, self.fingerprint)).encode()).hexdigest()


def safe_id(value: str) -> str:
    """``value`` if it may appear verbatim in a skeleton (a slug id); else ValueError."""
    if not _SAFE_ID.match(value):
        raise ValueError(f"not an id: {value!r}")
    return value


def fill(root: nodes.Element, fragment: Fragment, docname: str) -> None:
    """Replace every marker under ``root`` by the nodes of its slot value."""
    for text in list(root.findall(nodes.Text)):
        if not _MARKER.search(text):
            continue
        parent = text.parent
        whole = _MARKER.fullmatch(text)
        index = int(whole.group(1)) if whole else None
        if (index is not None and isinstance(parent, nodes.paragraph) and len(parent) == 1
                and fragment.slots[index][0] in ("markdown", "node")):
            parent.replace_self(_block(fragment.slots[index]))
            continue
        parent.replace(text, _inline(str(text), fragment, docname))


def _block(slot: tuple) -> list[nodes.Node]:
    if slot[0] == "node":
        return [slot[1]]
    return markdown_nodes(slot[1]) or [nodes.paragraph()]


def _inline(text: str, fragment: Fragment, docname: str) -> list[nodes.Node]:
    out: list[nodes.Node] = []
    for i, piece in enumerate(_MARKER.split(text)):
        if i % 2 == 0:
            if piece:
                _text(out, piece)
        elif fragment.slots[int(piece)][0] == "text":
            _text(out, fragment.slots[int(piece)][1])
        else:
            for node in _inline_value(fragment.slots[int(piece)], docname):
                if type(node) is nodes.Text and fragment.slots[int(piece)][0] == "markdown":
                    _text(out, str(node))        # a Markdown value's own texts too
                else:
                    out.append(node)
    return out


#: Characters that, at the joint of two texts, may make one word or one smart quote,
#: dash or ellipsis of the two (the search's compounds join words with ' ’ . -).
_BINDING = frozenset("'’‘\"“”`\\.-")


def _text(out: list[nodes.Node], text: str) -> None:
    """Append ``text`` to ``out``, into the Text node it ends with when nothing can read
    the two as one word or one smart quote: every writer, the search index and smart
    quotes then see what two nodes gave, and every later walk (about 60 a page: each
    transform, the writer, the indexer) one node less.  An edition page held 2,064 Text
    nodes, 438 of them beside another.

    >>> out = [nodes.Text("Games: ")]; _text(out, "flop"); _text(out, "s")
    >>> [str(node) for node in out]
    ['Games: flop', 's']
    """
    last = out[-1] if out else None
    if type(last) is nodes.Text and text and _joinable(str(last)[-1:], text[0]):
        out[-1] = nodes.Text(str(last) + text)
    else:
        out.append(nodes.Text(text))


def _joinable(left: str, right: str) -> bool:
    if left.isspace() or right.isspace():
        return True
    return (left not in _BINDING and right not in _BINDING
            and not (_WORD.match(left) and _WORD.match(right)))


def _inline_value(slot: tuple, docname: str) -> list[nodes.Node]:
    kind = slot[0]
    if kind == "text":
        return [nodes.Text(slot[1])]
    if kind == "node":
        return [slot[1]]
    if kind == "xref":
        _, domain, reftype, target, title = slot
        return [addnodes.pending_xref("", nodes.inline(title or target, title or target),
                                      refdomain=domain, reftype=reftype, reftarget=target,
                                      refexplicit=bool(title),
                                      refwarn=True, refdoc=docname)]
    blocks = markdown_nodes(slot[1])
    return list(blocks[0].children) if blocks and isinstance(blocks[0], nodes.paragraph) else []
