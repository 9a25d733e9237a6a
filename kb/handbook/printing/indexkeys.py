"""The printed index in rule order: numbers sort as numbers (35-A-1, 35-A-7, 35-A-10;
Hold'em 3 before Hold'em 12; 6.2 before 6.13), and a provision is listed by its title
and its citation, never by its internal id.

makeindex sorts its keys as text, and Sphinx's LaTeX writer makes the key of each entry
the entry's own words (``\\index{35-A-10@\\spxentry{35-A-10}}``).  :class:`Translator`, the
LaTeX translator of the handbook (``app.set_translator``), lets Sphinx write each entry
and then gives every key its digits padded (:func:`natural`), so that makeindex's order
of the text is the order of the numbers; the words printed are Sphinx's, unchanged.
:class:`PrintEntries` (LaTeX only) replaces the provision id in the rule domain's entries
(``title; tda.four-card-flop``) by the provision's citation.

>>> natural("35-A-10") > natural("35-A-7") > natural("35-A-1")
True
>>> sort_keys(r"\\index{6.13@\\spxentry{6.13}!TDA 2024@\\spxentry{TDA 2024}|spxpagem}")
'\\\\index{000006.000013@\\\\spxentry{6.13}!TDA 002024@\\\\spxentry{TDA 2024}|spxpagem}'
"""

from __future__ import annotations

import re

from sphinx import addnodes
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.writers.latex import LaTeXTranslator

from kb.handbook.data.store import handbook
from kb.knowledge.names import edition_short, primary_edition

#: How many digits a number in a sort key is padded to.
WIDTH = 6
#: An ``\index{...}`` command as Sphinx's writer makes it (no nested braces in a key).
_INDEX = re.compile(r"\\index\{(.*?)\}(?=\\index\{|\s*$)", re.S)
#: A level's key and what it prints: the first ``@`` not escaped by makeindex's ``"``.
_LEVEL = re.compile(r'^((?:[^"@]|"[^"]?)*)@(.*)$', re.S)


def natural(key: str) -> str:
    """``key`` with every run of digits padded to :data:`WIDTH` digits."""
    return re.sub(r"\d+", lambda m: m.group().zfill(WIDTH), key)


def sort_keys(command: str) -> str:
    """The ``\\index{...}`` commands in ``command`` with each level's sort key (before its
    ``@``) made :func:`natural`; anything else unchanged.

    A year beside a book (``TDA 2024``) pads as any number, so books of one name sort by
    edition."""
    def level(text: str) -> str:
        match = _LEVEL.match(text)
        return f"{natural(match.group(1))}@{match.group(2)}" if match else text

    def entry(found: re.Match) -> str:
        levels = re.split(r'(?<!")!', found.group(1))
        return "\\index{" + "!".join(level(text) for text in levels) + "}"

    return _INDEX.sub(entry, command)


class Translator(LaTeXTranslator):
    """Sphinx's LaTeX translator, its index entries' keys in number order."""

    def visit_index(self, node) -> None:
        start = len(self.body)
        try:
            super().visit_index(node)           # raises SkipNode once written
        finally:
            self.body[start:] = [sort_keys(text) for text in self.body[start:]]


class PrintEntries(SphinxPostTransform):
    """A rule-domain index entry ``<title>; <provision id>`` as ``<title>; <citation>``
    (``TDA 2024 35-A-7``): the id is the knowledge base's, not the reader's.  A number's
    pair ``35-A; TDA 2024`` as its one entry under the number: the other half of the
    pair, every number again under its book's name, is the Index of provisions that
    precedes the index (the book's provisions in its order), and was a third of it."""

    default_priority = 200
    builders = ("latex",)

    def run(self, **kwargs) -> None:
        kb = handbook(self.env).kb
        for node in self.document.findall(addnodes.index):
            node["entries"] = [_entry(kb, *entry) for entry in node["entries"]]


def _entry(kb, kind: str, words: str, target: str, main: str, key) -> tuple:
    title, _, name = words.rpartition("; ")
    if kind == "single" and title and kb.has("provision", name):
        words = f"{title}; {where(kb, kb.provision(name))}"
    if kind == "pair" and title and name in _books(kb):
        kind = "single"                 # the number, then its book; not the book first
    return kind, words, target, main, key


def _books(kb) -> set[str]:
    """The short names of the editions of ``kb`` (the second half of a number's pair)."""
    return {edition_short(kb, e.id) for e in kb.editions}


def where(kb, provision) -> str:
    """Where a reader finds ``provision``: its numbers (``TDA 2024 39-A, TDA 2026 41-A``),
    or its book when it has none; never its id, and no ``;`` (a level of the index)."""
    if provision.numbers:
        return ", ".join(f"{edition_short(kb, n.edition)} {n.number}"
                         for n in provision.numbers)
    edition = primary_edition(provision)
    return edition_short(kb, edition) if edition else "no number"


def setup(app) -> None:
    """The handbook's LaTeX translator and :class:`PrintEntries`."""
    app.set_translator("latex", Translator, override=True)
    app.add_post_transform(PrintEntries)
