"""A ruling cell of a matrix as one node, drawn by its own visitor.

A topic's matrix and the disagreements page hold a cell per scenario and rulebook; drawn
as docutils paragraphs, emphasis, badges and a node per card, one cell was about fifty
nodes, and every transform, the search indexer and the writer walked them all (the
handbook's doctrees held 200,000 nodes where the same words in plain Sphinx need a tenth
of that).  Here a cell is one :class:`cell` node holding its paragraphs as data
(``node["paragraphs"]``, see :func:`paragraph`) and one Text child, the cell's words, for
the search index.  The HTML visitor writes the markup the node tree gave, smart quotes
included as Sphinx's SmartQuotes transform made them; other formats (the printed
handbook) get the node tree back from :class:`ExpandCells`.

>>> node = cell_node([paragraph(("badge", "misdeal", "danger", ("floorbook-remedy",))),
...                   paragraph(("em", "Board"), ("text", " "), ("cards", ("Ah",), "none"),
...                             classes=("floorbook-line",))],
...                  classes=["floorbook-cell"])
>>> node.astext()
'misdeal\\n\\nBoard Ah'
>>> [type(n).__name__ for n in tree(node).findall()][:5]
['container', 'paragraph', 'inline', 'Text', 'paragraph']
"""

from __future__ import annotations

import re
from html import escape

from docutils import nodes
from docutils.utils import normalize_language_tag, smartquotes
from sphinx.transforms.post_transforms import SphinxPostTransform

from kb.handbook.running import compat
from kb.handbook.views.cards import card_html, card_node, cards_node

#: A paragraph: (classes, pieces); a piece is ("text", words), ("em", words),
#: ("book", words), ("badge", words, colour, extra classes) or ("cards", codes, empty).
Paragraph = tuple[tuple[str, ...], tuple[tuple, ...]]


class cell(nodes.General, nodes.TextElement):
    """One ruling cell; ``node["paragraphs"]`` holds its :data:`Paragraph` tuples.  Its
    Text child holds the texts of the node tree's Text nodes one per line, so the search
    index reads the same words (and Sphinx's SmartQuotes educates them, a TextElement's
    text); :meth:`astext` is the node tree's text."""

    def astext(self) -> str:
        return "\n\n".join("".join(_texts(pieces)) for _, pieces in self["paragraphs"])


def paragraph(*pieces: tuple, classes: tuple[str, ...] = ()) -> Paragraph:
    """One paragraph of a cell, from its pieces (see :data:`Paragraph`)."""
    return tuple(classes), tuple(pieces)


def badge_classes(colour: str, extra: tuple[str, ...] = ()) -> list[str]:
    """The classes of a sphinx-design badge (as ``{bdg-<colour>}`` gives) and ``extra``."""
    return ["sd-sphinx-override", "sd-badge", f"sd-bg-{colour}", f"sd-bg-text-{colour}",
            *extra]


def cell_node(paragraphs: list[Paragraph], classes: list[str], book: str = "",
              chosen: bool = True, note: tuple[str, tuple[Paragraph, ...]] | None = None
              ) -> cell:
    """The cell node of ``paragraphs``, of class ``classes``, with its words as its text;
    ``book``: the rulebook id its HTML carries as ``data-book`` (the book chooser's mark,
    static/floorbook-books.js), or as ``data-rulebook`` when not ``chosen`` (a cell the
    chooser leaves alone).  ``note``: (its folded line, its paragraphs), a note the HTML
    writes folded and closed under the cell's paragraphs, for the site only: neither the
    search words nor other formats (:func:`tree`) hold it."""
    words = "\n".join(text for _, pieces in paragraphs for text in _texts(pieces))
    extra = {"note": note} if note and note[1] else {}
    return cell("", nodes.Text(words), paragraphs=tuple(paragraphs), classes=list(classes),
                **{"book" if chosen else "rulebook": book}, **extra)


def _texts(pieces) -> list[str]:
    """The texts of the Text nodes the node tree of ``pieces`` holds, in order."""
    out: list[str] = []
    for piece in pieces:
        if piece[0] == "cards":
            codes, empty = piece[1], piece[2]
            out.extend(_spaced(codes) if codes else [empty])
        else:
            out.append(piece[1])
    return out


def _spaced(codes) -> list[str]:
    """``["Ah", " ", "Kd"]``: the cards with the spaces between them."""
    out: list[str] = []
    for i, code in enumerate(codes):
        out.extend((" ", code) if i else (code,))
    return out


# -- the node tree (other formats than HTML) --------------------------------------------

def tree(node: cell) -> nodes.container:
    """The node tree ``node`` stands for: a container of paragraphs of Text, emphasis,
    badge inlines and card nodes (the shape :mod:`kb.handbook.printing.printed` prints)."""
    box = nodes.container(classes=list(node["classes"]))
    for classes, pieces in node["paragraphs"]:
        para = nodes.paragraph(classes=list(classes))
        for piece in pieces:
            para += _piece_node(piece)
        box += para
    return box


def _piece_node(piece: tuple) -> nodes.Node:
    kind, words = piece[0], piece[1]
    if kind == "text":
        return nodes.Text(words)
    if kind == "em":
        return nodes.emphasis(words, words)
    if kind == "book":
        return nodes.inline(words, words, classes=["floorbook-cell-book"])
    if kind == "badge":
        return nodes.inline(words, words, classes=badge_classes(piece[2], piece[3]))
    return cards_node(words, piece[2])


class ExpandCells(SphinxPostTransform):
    """For every format but HTML, each :class:`cell` becomes its :func:`tree`, its text
    educated as SmartQuotes educates the text it reads (it ran before the cells' text
    existed as nodes).  Runs before every other post-transform."""

    default_priority = 1

    def is_supported(self) -> bool:
        return compat.builder_class(self.env).format != "html"    # as Sphinx's own is_supported

    def run(self, **kwargs) -> None:
        quotes = smart_settings(self.config, self.env.settings.get("language_code", "en"),
                                compat.builder_class(self.env).name)
        for node in list(self.document.findall(cell)):
            box = tree(node)
            if quotes:
                for para in box.findall(nodes.paragraph):
                    _educate_tree(para, *quotes)
            node.replace_self(box)


def _educate_tree(para: nodes.Element, attr: str, language: str) -> None:
    texts = list(para.findall(nodes.Text))
    for text, new in zip(texts, educate([str(t) for t in texts], attr, language),
                         strict=True):
        text.parent.replace(text, nodes.Text(new))


# -- smart quotes ------------------------------------------------------------------------

def smart_settings(config, language_code: str, builder: str) -> tuple[str, str] | None:
    """(smartquotes_action, language) when Sphinx's SmartQuotes transform would educate
    text for ``builder`` under ``config``; None when it would not."""
    excludes = config.smartquotes_excludes
    if not config.smartquotes or builder in excludes.get("builders", []) \
            or config.language in excludes.get("languages", []):
        return None
    language = language_code or "en"
    for tag in normalize_language_tag(language):
        if tag in smartquotes.smartchars.quotes:
            return config.smartquotes_action, tag
    return None


_ESCAPED = re.compile(r'(?<=\x00)([-\\\'".`])')
#: What education can change: quotes, backquotes, dashes, dots (a paragraph without them
#: comes out as it went in, whatever the context).
_EDUCABLE = re.compile(r"['\"`.\-]")


def educate(texts: list[str], attr: str, language: str) -> list[str]:
    """``texts``, the Text nodes of one paragraph, educated as one block (curly quotes,
    dashes, ellipses), exactly as Sphinx's SmartQuotes transform does.

    >>> educate(["Robert's Rules", " and ", '"TDA"'], "qDe", "en")
    ['Robert’s Rules', ' and ', '“TDA”']
    """
    tokens = [("plain", _ESCAPED.sub(r"\\\1", text)) for text in texts]
    return list(smartquotes.educate_tokens(tokens, attr=attr, language=language))


# -- HTML ---------------------------------------------------------------------------------

def visit_cell_html(self, node: cell) -> None:
    """HTML: the container ``<div>`` and its paragraphs, written as the node tree's
    visitors write them; the Text child (the words, for search) is not written."""
    if not hasattr(self, "_floorbook_quotes"):     # once per page's translator
        self._floorbook_quotes = smart_settings(self.config, self.settings.language_code,
                                                self.builder.name)
    quotes: tuple[str, str] | None = self._floorbook_quotes
    # written by hand, not by starttag: the fewest bytes (a topic's matrix holds about 200
    # cells, and a phone loads them all), and the book id as it is (starttag writes "@"
    # as "&#64;")
    book = "".join(f' data-{name.replace("_", "-")}="{escape(node[name])}"'
                   for name in ("book", "rulebook", "same_as", "same_note") if node.get(name))
    # no line breaks between a cell's paragraphs: a topic page holds up to 182 cells and
    # stays under 300 KB with their fairness notes
    self.body.append(f'<div class="{escape(" ".join(node["classes"]))}"{book}>')
    _paragraphs_html(self, node["paragraphs"], quotes, "<p{}>{}</p>")
    if node.get("note"):         # folded, closed: what the dealer does stays first
        # no class and no paragraph: the stylesheet finds it as the cell's details
        summary, paragraphs = node["note"]
        self.body.append(f"<details><summary>{self.encode(summary)}</summary>")
        _paragraphs_html(self, paragraphs, quotes, " {1}")
        self.body.append("</details>")
    self.body.append("</div>\n")
    raise nodes.SkipNode


def _paragraphs_html(self, paragraphs, quotes: tuple[str, str] | None, shape: str) -> None:
    """Each paragraph written as ``shape`` (``{0}``: its class attribute, ``{1}``: its
    markup)."""
    for classes, pieces in paragraphs:
        texts = _texts(pieces)
        if quotes and any(_EDUCABLE.search(text) for text in texts):
            texts = educate(texts, *quotes)
        words = iter(texts)
        within = f' class="{" ".join(classes)}"' if classes else ""
        self.body.append(shape.format(within, "".join(_piece_html(self, p, words)
                                                      for p in pieces)))


def _piece_html(self, piece: tuple, words) -> str:
    kind = piece[0]
    if kind == "text":
        return self.encode(next(words))
    if kind == "em":
        return f"<em>{self.encode(next(words))}</em>"
    if kind == "book":
        return f'<span class="floorbook-cell-book">{self.encode(next(words))}</span>'
    if kind == "badge":      # sphinx-design's badge classes but its reset, which a span needs not
        classes = " ".join(badge_classes(piece[2], piece[3])[1:])
        return f'<span class="{classes}">{self.encode(next(words))}</span>'
    codes = piece[1]
    if not codes:
        return self.encode(next(words))
    cards = "".join((self.encode(next(words)) if i else "") + _card_html(self, code, next(words))
                    for i, code in enumerate(codes))
    # a pair (hole cards) stays on one line; a longer row may wrap between its cards
    return f'<span class="floorbook-pair">{cards}</span>' if len(codes) == 2 else cards


def _card_html(self, code: str, text: str) -> str:
    """One card as :func:`kb.handbook.views.cards.visit_card_html` writes it, kept per page's
    translator: the handbook's cells hold thousands of cards of 53 faces.  ``text``, the
    card's words as the search index reads them, is its notation: the title holds it."""
    drawn = self.__dict__.setdefault("_floorbook_cards", {})
    if code not in drawn:
        drawn[code] = card_html(code, " ".join(card_node(code)["classes"]), self.encode)
    return drawn[code]


# -- a scenario's explanations, folded ------------------------------------------------------

class why(nodes.container):
    """A folded box: its first child (a paragraph) is the line shown folded, the rest
    opens under it.  HTML writes ``<details><summary>``; other formats print it as the
    container it is (the line, then the rest).  sphinx-design's dropdown said the same in
    about a kilobyte of markup a scenario (its icon an inline SVG)."""


def visit_why_html(self, node: why) -> None:
    """HTML: ``<details class="...">``, the first paragraph as its ``<summary>``."""
    self.body.append(f'<details class="{escape(" ".join(node["classes"]))}">'
                     f'<summary>{self.encode(node[0].astext())}</summary>\n')
    for child in node.children[1:]:
        child.walkabout(self)
    self.body.append("</details>\n")
    raise nodes.SkipNode
