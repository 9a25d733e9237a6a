"""``{house:scenarios}``: every scenario of the knowledge base re-ruled under our rules.

A table: the scenario; our remedy, citations and the table after the remedy drawn as
cards; and, where the base edition rules it differently
(:func:`kb.rules.disagreements.difference`), the base's ruling beside ours in a row of class
``floorbook-differs`` headed "Differs".  Where the two agree the base column says so.
"""

from __future__ import annotations

from functools import partial

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from kb.handbook.finding.finder import ruled_call
from kb.handbook.house import nodes as hn
from kb.handbook.house.store import published
from kb.handbook.house.view import Reruling, rerulings
from kb.handbook.views.cells import row_anchor
from kb.knowledge.names import book_name
from kb.rules.answer import answer, books_differ
from kb.rules.rulebook import edition_rulebook

_WIDTHS = (24, 38, 38)


class ScenariosDirective(SphinxDirective):
    def run(self) -> list[nodes.Node]:
        house = published(self.env)
        base = edition_rulebook(house.kb, house.spec.base)
        found = rerulings(house.kb, house.book, house.scenarios)
        differ = sum(1 for r in found if r.difference)
        intro = hn.para(f"Each of the knowledge base's {len(found)} scenarios, ruled under "
                        f"our rules and under {base.title}. They rule {differ} of them "
                        "differently; those rows are marked “Differs” and show the base's "
                        "ruling beside ours. Random steps are drawn with seed 0.")
        page = hn.section("scenarios", "Our rules on every scenario", intro)
        if house.printed:
            page.extend(_printed(found, base.title))
        else:
            page += _table(found, base.title, partial(shown_name, house))
        return [page]


def shown_name(house, book_id: str) -> str:
    """The name a ruling's who-decided part gives a book: "our rules" for the house's own
    rulebook (its id is for the author, not the room), else the book's short name."""
    return "our rules" if book_id == house.book.id else book_name(house.kb, book_id)


def _printed(found: list[Reruling], base_title: str) -> list[nodes.Node]:
    """The printed page: one line per scenario where the base rules differently (a table
    of every scenario drawn as cards is for the screen; it would take minutes to set)."""
    lines = nodes.bullet_list()
    for r in found:
        if r.difference:
            ours, theirs = (_said(x) for x in (r.house, r.base))
            lines += nodes.list_item("", hn.para(hn.strong(r.title), f": ours {ours}; "
                                                 f"{base_title} {theirs}. {r.difference}."))
    note = hn.para(f"The scenarios on which {base_title} rules differently from us "
                   "(the site shows every scenario with the cards on the table):")
    return [note, lines] if len(lines) else [hn.para("None.")]


def _said(ruling) -> str:
    """Every call's answer, then the numbers of the call that ruled
    (:func:`kb.handbook.finding.finder.ruled_call`: a last call that rules nothing would
    cite none)."""
    said = "; then ".join(answer(call) for call in ruling.every_call)
    numbers = "; ".join(c.number for c in ruled_call(ruling).citations) or "none"
    return f"{said} ({numbers})"


def _table(found: list[Reruling], base_title: str, short) -> nodes.table:
    """The table, of the handbook's matrix class: on a narrow screen each row is a card
    and each cell starts with its column's name (:func:`kb.handbook.house.nodes.ruling_cell`)."""
    table = nodes.table(classes=["floorbook-matrix", "floorbook-house-scenarios"])
    group = nodes.tgroup(cols=len(_WIDTHS))
    table += group
    group.extend(nodes.colspec(colwidth=w) for w in _WIDTHS)
    head = nodes.thead()
    head += _row(["Scenario", "Our ruling", f"{base_title} (where different)"])
    body = nodes.tbody()
    body.extend(_scenario_row(r, short, base_title) for r in found)
    group += head
    group += body
    return table


def _scenario_row(found: Reruling, short, base_title: str) -> nodes.row:
    name = [hn.para(found.title), hn.para(nodes.literal(found.house.scenario,
                                                        found.house.scenario),
                                          classes=("floorbook-house-scenario-id",))]
    label = hn.para(nodes.inline(base_title, base_title, classes=["floorbook-cell-book"]))
    if found.difference:
        # the same remedy word, other moves: say so, as Find a ruling and compare do
        differs = "Books differ: " if books_differ([found.house, found.base]) else "Differs: "
        theirs = [label, hn.para(hn.strong(differs), f"ours against theirs: "
                                 f"{found.difference}", classes=("floorbook-differs-note",)),
                  *hn.ruling_cell(found.base, short)]
    else:
        theirs = [label, hn.para("Same as ours.", classes=("floorbook-same",))]
    row = _row([name, hn.ruling_cell(found.house, short, "Our ruling"), theirs])
    row["ids"].append(row_anchor(found.house.scenario))
    if found.difference:
        row["classes"].append("floorbook-differs")
    return row


def _row(cells) -> nodes.row:
    row = nodes.row()
    for cell in cells:
        entry = nodes.entry()
        entry.extend([hn.para(cell)] if isinstance(cell, str) else cell)
        row += entry
    return row
