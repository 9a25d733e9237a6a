"""A scenario's rulings on paper, one item per answer: the books that give the same
answer (and leave the same cards) share one line.

On the site a topic's matrix has a cell per book; on paper a row per book repeated the
answer five times where five books agree ("Misdeal: reshuffle and redeal", five rows,
each with "the same cards as above"), and on 238 scenarios that was most of the Topics
chapter.  Here each distinct answer is printed once, with its remedy, then every book
that gives it with its own numbers and who decided (the ruling of every book is kept
whole: answer, remedy, numbers, who decided), then the cards after it.  A misdeal draws
no cards (the topic's introduction says the new deal is not known until it is dealt).

Built from the rulings themselves (:func:`kb.handbook.data.store.handbook`), not from
the cells' words, so no book's ruling can fall out of its line: :func:`groups` puts every
ruling of the row in exactly one group.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from docutils import nodes

from kb.handbook.data.rulings import SEED
from kb.handbook.printing.compact import run_in
from kb.handbook.views import cellnode
from kb.handbook.views.cells import (
    REMEDY_COLOUR,
    UNREAD,
    badge,
    card_lines,
    cited_line,
    decided_parts,
    decided_text,
    misdeal,
)
from kb.rules.answer import answer
from kb.rules.ruling import Ruling


@dataclass
class Group:
    """The books of a scenario that give the same answer: ``calls`` (per floor call, its
    label, answer, remedy and whether random steps decided), ``cards`` (the card lines
    after it, :func:`kb.handbook.views.cells.card_lines`; none for a misdeal) and the
    ``rulings`` that give it, in the columns' order."""

    calls: tuple[tuple[str, str, str, bool], ...]
    cards: tuple
    rulings: list[Ruling] = field(default_factory=list)


def calls_of(ruling: Ruling) -> tuple[Ruling, ...]:
    """The floor calls of ``ruling``, in order (itself alone for a hand of one call)."""
    return ruling.every_call if ruling.calls else (ruling,)


def label(ruling: Ruling, number: int) -> str:
    """The label of the ``number``-th call of ``ruling`` (as the site's cell gives it:
    "Call 1, line 12"), or ``""`` for a hand of one call."""
    if not ruling.calls:
        return ""
    call = calls_of(ruling)[number - 1]
    where = f"line {call.floor}" if number <= len(ruling.calls) else "after the last event"
    return f"Call {number}, {where}"


def groups(rulings: list[Ruling], seats: list[int]) -> list[Group]:
    """``rulings`` (a row, in the columns' order) grouped by what the dealer does:
    the same calls (label, answer, remedy, random) and the same cards after them
    (``seats``' hands, the board ...), in the order of each group's first book.

    >>> from kb.rules.examples import ruling
    >>> four = "case-c27-four-card-flop-stuck-cards"
    >>> found = groups([ruling(four, b) for b in ("rrop@v11", "tda@2024", "wsop@2024")], [])
    >>> [[r.rulebook for r in g.rulings] for g in found]
    [['rrop@v11'], ['tda@2024', 'wsop@2024']]
    """
    found: dict[tuple, Group] = {}
    for ruling in rulings:
        calls = tuple((label(ruling, n), answer(c), c.remedy, bool(c.random) and not misdeal(c))
                      for n, c in enumerate(calls_of(ruling), 1))
        cards = () if misdeal(ruling) else tuple(card_lines(ruling, seats))
        found.setdefault((calls, cards), Group(calls, cards)).rulings.append(ruling)
    return list(found.values())


def who(call: Ruling, name: str, short=None) -> str:
    """Who decided ``call`` of the book named ``name``, in few words: nothing when the
    book's one number cited decided (:data:`LEGEND` says so), its layer and number when
    the book cited more, the layer, book and number when another book's rule decided or
    the floor (:func:`kb.handbook.views.cells.decided_text`); ``""`` when nothing was
    decided.

    >>> from kb.rules.examples import ruling
    >>> who(ruling("boxed-two-cards-during-deal"), "rrop v11")
    ''
    >>> who(ruling("case-c27-four-card-flop-stuck-cards", "tda@2024"), "tda 2024")
    'decided by the standard: 39-A'
    """
    parts = decided_parts(call, short)
    if len(parts) < 3 or parts[1] != name:
        return decided_text(parts)
    layer, _, number = parts
    return "" if [c.number for c in call.citations] == [number] \
        else f"decided by the {layer}: {number}"


#: What the first topic's rulings on paper say before its first scenario (for every topic).
LEGEND = ("On paper the books that give the same answer share a line: the answer, its "
          "remedy, then each book with its numbers. A book's one number alone is the rule "
          "of that book that decided; otherwise the line says who decided. Each scenario's "
          "explanations are on the site, at the address under its title.")


def item(group: Group, names: dict[str, str], unread) -> nodes.list_item:
    """The list item of ``group``: each call's answer in bold and its remedy badge, then
    each book (``names``: rulebook id -> its name) with its numbers and who decided (and
    the badge :data:`~kb.handbook.views.cells.UNREAD` where ``unread(book id)``), then
    the cards after it on a line of their own."""
    head = nodes.paragraph(classes=["floorbook-answers"])
    for number, (where, words, remedy, random) in enumerate(group.calls):
        head += [nodes.Text(". " if number else "")]
        head += [nodes.emphasis(f"{where}: ", f"{where}: ")] if where else []
        head += [nodes.strong(words, words), nodes.Text(" "),
                 badge(remedy, REMEDY_COLOUR.get(remedy, "secondary"), "floorbook-remedy")]
        head += [nodes.Text(" "), badge(f"random (seed {SEED})", "secondary",
                                        "sd-outline-secondary")] if random else []
    for number, ruling in enumerate(group.rulings):
        name = names.get(ruling.rulebook, ruling.rulebook)
        head += [nodes.Text(" \N{EM DASH} " if not number else " \N{MIDDLE DOT} "),
                 nodes.emphasis(name, name),
                 nodes.Text(" " + _numbers(ruling, name, names.get))]
        head += [nodes.Text(" "), badge(UNREAD, "warning", "sd-outline-warning")] \
            if unread(ruling.rulebook) else []
    entry = nodes.list_item("", head)
    if group.cards:
        drawn = cellnode.tree(cellnode.cell_node(list(group.cards), []))
        entry += run_in([line for line in drawn.children if isinstance(line, nodes.Element)])
    return entry


def _numbers(ruling: Ruling, name: str, short) -> str:
    """The numbers each call of ``ruling`` cites and who decided it (:func:`who`); a
    later call of a hand with nothing to rule on is left out (its answer says so)."""
    calls = calls_of(ruling)
    said = []
    for number, call in enumerate(calls, 1):
        if len(calls) > 1 and not call.citations and not call.irregularities:
            continue                    # its answer says so: "No irregularity: play on"
        decided = who(call, name, short)
        words = cited_line(call, short) + (f", {decided}" if decided else "")
        said.append(f"(call {number}) {words}" if len(calls) > 1 else words)
    return "; ".join(said)
