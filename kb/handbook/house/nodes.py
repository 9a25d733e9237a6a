"""Docutils nodes for a house rulebook's pages: provisions as cited, cards, rulings.

Every string from a house file becomes a :class:`docutils.nodes.Text` node, or goes through
:func:`kb.handbook.views.markdown.markdown_nodes` (the house's own provision texts and description);
nothing here parses MyST or reStructuredText, so house text cannot become markup.

Cards are the handbook's (:mod:`kb.handbook.views.cards`): their text is the notation, the
HTML shows the face.

>>> print(ruling_cell.__doc__.splitlines()[0])
A ruling in a table cell, the answer first (:func:`kb.rules.answer.answer`: what the
"""

from __future__ import annotations

from docutils import nodes

from kb.handbook.house.view import Cited
from kb.handbook.views.cards import cards_node
from kb.handbook.views.cells import decided_parts, decided_text
from kb.handbook.views.markdown import markdown_nodes
from kb.rules.answer import UNKNOWN_DEAL, answer
from kb.rules.ruling import Ruling


def para(*parts, classes: tuple[str, ...] = ()) -> nodes.paragraph:
    """A paragraph of ``parts``: strings become text, nodes are kept."""
    node = nodes.paragraph(classes=list(classes))
    for part in parts:
        node += nodes.Text(part) if isinstance(part, str) else part
    return node


def strong(text: str) -> nodes.strong:
    return nodes.strong(text, text)


def section(anchor: str, title: str, *body: nodes.Node) -> nodes.section:
    """A section with id ``anchor`` (a slug we make, never house text) and ``title``."""
    anchor = nodes.make_id(anchor)
    node = nodes.section(ids=[anchor], names=[anchor])
    node += nodes.title(title, title)
    node.extend(body)
    return node


def provision_heading(provision: Cited) -> nodes.paragraph:
    """``13.2 One later hole card exposed becomes the burn`` with the book under it when
    the provision is not the house's own."""
    head = para(strong(f"{provision.number} {provision.title}".strip()),
                classes=("floorbook-house-provision",))
    if not provision.own:
        head += nodes.Text(f" ({provision.book}, {provision.edition})")
    return head


def provision_body(provision: Cited) -> list[nodes.Node]:
    """The heading, then the house's Markdown text or the knowledge base's summary (both
    through safe Markdown), then every parameter the house changed."""
    body: list[nodes.Node] = [provision_heading(provision), *markdown_nodes(provision.text)]
    for setting in provision.settings:
        line = para(strong("Our setting: "), f"{setting.name} = {_value(setting.value)} "
                    f"(the book's default: {_value(setting.default)})",
                    classes=("floorbook-house-setting",))
        if setting.reason:
            line += nodes.Text(f". Why: {setting.reason}")
        body.append(line)
    return body


def _value(value) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def citation_list(items) -> str:
    """``"13.1; Hold'em 1 (Robert's Rules of Poker, Version 11)"``: own numbers bare."""
    return "; ".join(c.number if c.own else f"{c.number} ({c.book}, {c.edition})"
                     for c in items) or "none"


def ruling_cell(ruling: Ruling, short=None, book: str = "") -> list[nodes.Node]:
    """A ruling in a table cell, the answer first (:func:`kb.rules.answer.answer`: what the
    dealer does now), each earlier floor call's answer before it; then the remedy word,
    citations and who decided; then the table after it, except after a misdeal, whose new
    deal is not known until it is dealt (the ruling's table is one possible redeal, which
    would read as the real cards).

    ``short``: book id -> the name shown for the book that decided, as
    :func:`kb.handbook.views.cells.decided_parts` takes it; ``book``: the column's name,
    which starts the cell where the table is drawn as cards (class
    ``floorbook-cell-book``, shown by the handbook's stylesheet on a narrow screen only)."""
    found: list[nodes.Node] = [para(nodes.inline(book, book, classes=["floorbook-cell-book"]))
                               ] if book else []
    # each call with its own remedy, rules and decider: the last call may rule nothing
    # (the hand played on as an earlier ruling left it) while an earlier one decided
    for number, call in enumerate(ruling.calls, 1):
        found.append(para(f"Call {number}: ", answer(call), ".",
                          classes=("floorbook-house-call",)))
        found.append(_remedy_line(call, short))
    label = f"Call {len(ruling.calls) + 1}: " if ruling.calls else ""
    found.append(para(label, strong(answer(ruling) + "."), classes=("floorbook-answer",)))
    found.append(_remedy_line(ruling, short))
    if ruling.remedy == "misdeal":
        found.append(para(UNKNOWN_DEAL, classes=("floorbook-house-redeal",)))
        return found
    table = ruling.table
    seats = nodes.bullet_list(classes=["floorbook-table-after"])
    for seat, hand in sorted(table.hands.items()):
        dead = " (dead)" if seat in table.dead else ""
        seats += nodes.list_item("", para(f"Seat {seat}{dead}: ", cards_node(hand)))
    for name, shown in (("Board", table.board), ("Burns", table.burns),
                        ("Next card", table.stub_top[:1])):
        seats += nodes.list_item("", para(f"{name}: ", cards_node(shown)))
    return [*found, seats]


def _remedy_line(call: Ruling, short=None) -> nodes.paragraph:
    """One call's remedy word, the numbers it cites and who decided."""
    cites = "; ".join(f"{c.number}" for c in call.citations) or (
        "no provision" if call.irregularities else "nothing to rule on at this call")
    head = para(nodes.emphasis(call.remedy, call.remedy), f" ({cites})",
                classes=("floorbook-house-remedy",))
    if call.random and call.remedy != "misdeal":
        head += nodes.Text("; random steps drawn with seed 0")
    parts = decided_parts(call, short)
    if parts:
        head += nodes.Text(f"; {decided_text(parts)}")
    return head

