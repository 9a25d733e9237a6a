"""One ruling drawn as docutils nodes: the remedy badge, the numbers cited, and the
cards after the remedy (the seats that matter, the board, burns, set-aside cards and
the next card of the stub).  Also the scenario's heading and its explanations.

Every value here is data and enters as a Text node, never as markup.  Nodes are built
directly (not parsed from MyST) and placed in a page through a fragment's node slots.
"""

from __future__ import annotations

from docutils import nodes

from kb.hand.scenario import Scenario
from kb.handbook.data.rulings import SEED
from kb.handbook.views import cellnode
from kb.handbook.views.cellnode import paragraph
from kb.handbook.views.events import describe, setting
from kb.rules.ruling import Ruling

#: sphinx-design badge colour of each remedy.
REMEDY_COLOUR = {"misdeal": "danger", "continue": "success", "dead-hand": "warning",
                 "void": "dark", "floor-decision": "info"}


def badge(text: str, colour: str, *classes: str) -> nodes.inline:
    """A sphinx-design badge (same classes as ``{bdg-<colour>}``) holding ``text``."""
    return nodes.inline(text, text, classes=cellnode.badge_classes(colour, classes))


def anchor(scenario_id: str) -> str:
    """The id of a scenario's heading on a page: ``scenario-<id>``."""
    return "scenario-" + nodes.make_id(scenario_id)


def row_anchor(scenario_id: str) -> str:
    """The id of a scenario's row in its topic's ruling matrix: ``ruling-<id>`` (other
    pages, such as Find a ruling, link to ``topics/<topic>.html#ruling-<id>``).

    >>> row_anchor("case-c27-four-card-flop-stuck-cards")
    'ruling-case-c27-four-card-flop-stuck-cards'
    """
    return "ruling-" + nodes.make_id(scenario_id)


def shown_seats(rulings: list[Ruling]) -> list[int]:
    """The seats a row of rulings draws: seats a step names, dead seats, and seats whose
    hand is not the same under every ruling."""
    seats: set[int] = set()
    for ruling in rulings:
        seats.update(ruling.table.dead)
        for step in (s for call in ruling.every_call for s in call.steps):
            seats.update(_step_seats(step.details))
    hands = [r.table.hands for r in rulings]
    for seat in set().union(*hands) if hands else ():
        if len({tuple(h.get(seat, ())) for h in hands}) > 1:
            seats.add(seat)
    return sorted(seats)


def _step_seats(details: dict) -> list[int]:
    found = [details["seat"]] if isinstance(details.get("seat"), int) else []
    return found + [s for s in details.get("seats", ()) if isinstance(s, int)]


def citation_text(ruling: Ruling, short=None) -> str:
    """The numbers a ruling cites: ``"Hold'em 3; Hold'em 7"``; a number from another
    book than the rulebook's own names it: ``"13.5; Hold'em 7 (Robert's Rules v11)"``.
    ``short`` maps an edition id to its short name (default: the id's own words)."""
    own = ruling.rulebook
    def name(edition: str) -> str:
        return (short and short(edition)) or edition.replace("@", " ")

    parts = [c.number if f"{c.source}@{c.edition}" == own or c.edition == own
             else f"{c.number} ({name(f'{c.source}@{c.edition}')})" for c in ruling.citations]
    return "; ".join(parts) or "no provision cited"


def decided_parts(ruling: Ruling, short=None) -> tuple[str, ...]:
    """Who decided (:attr:`Ruling.decided_by`) as ``(layer, book name, number)``, the book
    being the one that numbers the provision (a house book's adopted provision shows its
    own book's number); ``(layer,)`` for the floor; ``()`` when unknown.  ``short`` as in
    :func:`citation_text`.

    >>> from kb.rules.examples import ruling
    >>> decided_parts(ruling("boxed-two-cards-during-deal"))
    ('reference', 'rrop v11', 'Misdeals 2(c)')
    """
    who = ruling.decided_by
    if who is None:
        return ()
    if not who.provision:
        return (who.layer,)
    book = next((f"{c.source}@{c.edition}" for c, p in ruling.cited if p == who.provision),
                who.book)
    return who.layer, (short and short(book)) or book.replace("@", " "), who.number


def decided_text(parts: tuple[str, ...]) -> str:
    """:func:`decided_parts` in one short line, as the matrix cell and Find a ruling show
    it (floorbook-finder.js writes the same words).

    >>> decided_text(("standard", "TDA 2024", "35-A-7")), decided_text(("floor",))
    ('decided by the standard: TDA 2024 35-A-7', 'decided by the floor')
    """
    if not parts:
        return ""
    return f"decided by the {parts[0]}" + (f": {parts[1]} {parts[2]}" if len(parts) > 1 else "")


#: The badge of a ruling no ``read: text`` expectation holds (docs/dev/reading-rulings.md).
UNREAD = "not yet read from the text"


def ruling_cell(ruling: Ruling, seats: list[int], short=None,
                book: str = "", unread: bool = False) -> cellnode.cell:
    """One cell: remedy badge (and a random marker), numbers, then the cards.  ``short``
    names other books' editions in citations (see :func:`citation_text`).  A hand with
    several floor calls shows each earlier call first (its line, remedy and numbers),
    then the last call in full.  ``book`` (the rulebook's column name) starts the cell
    as an inline of class ``floorbook-cell-book``, which the stylesheet shows only where
    the matrix is drawn as one card per scenario (a narrow screen) and the column
    headers are hidden.  ``unread``: no expectation read from the book's text holds this
    ruling, which a badge says (:data:`UNREAD`).  One node
    (:mod:`kb.handbook.views.cellnode`)."""
    paragraphs = [_earlier_call(number, call, short)
                  for number, call in enumerate(ruling.calls, 1)]
    if ruling.calls:
        label = f"Call {len(ruling.calls) + 1}, after the last event"
        paragraphs.append(paragraph(("text", label), classes=("floorbook-call",)))
    head = [_badge(ruling.remedy, REMEDY_COLOUR.get(ruling.remedy, "secondary"),
                   "floorbook-remedy")]
    if ruling.random:
        head += [("text", " "), _badge(f"random (seed {SEED})", "secondary",
                                       "sd-outline-secondary", "floorbook-random")]
    if unread:
        head += [("text", " "), _badge(UNREAD, "warning", "sd-outline-warning",
                                       "floorbook-unread")]
    paragraphs.append(paragraph(*head))
    paragraphs.append(paragraph(("text", citation_text(ruling, short)),
                                classes=("floorbook-cite",)))
    if ruling.decided_by is not None:
        paragraphs.append(paragraph(("text", decided_text(decided_parts(ruling, short))),
                                    classes=("floorbook-decided",)))
    if book:
        classes, pieces = paragraphs[0]
        paragraphs[0] = (classes, (("book", book), *pieces))
    table = ruling.table
    for seat in seats:
        label = f"Seat {seat}" + (" (dead)" if seat in table.dead else "")
        paragraphs.append(_line(label, table.hands.get(seat, ()), "no cards"))
    for label, codes in (("Board", table.board), ("Burns", table.burns),
                         ("Set aside", table.set_aside)):
        if codes:
            paragraphs.append(_line(label, codes))
    paragraphs.append(_line("Next card", table.stub_top[:1], "none left"))
    return cellnode.cell_node(paragraphs, ["floorbook-cell", "floorbook-rulebook-"
                                           + nodes.make_id(ruling.rulebook)])


def _badge(text: str, colour: str, *classes: str) -> tuple:
    return ("badge", text, colour, classes)


def _earlier_call(number: int, call: Ruling, short) -> cellnode.Paragraph:
    """An earlier floor call in one line: where the floor was called, the remedy badge and
    the numbers cited."""
    return paragraph(("text", f"Call {number}, line {call.floor}: "),
                     _badge(call.remedy, REMEDY_COLOUR.get(call.remedy, "secondary"),
                            "floorbook-remedy"),
                     ("text", f" {citation_text(call, short)}"), classes=("floorbook-call",))


def _line(label: str, codes, empty: str = "none") -> cellnode.Paragraph:
    return paragraph(("em", label), ("text", " "), ("cards", tuple(codes), empty),
                     classes=("floorbook-line",))


def scenario_heading(scenario: Scenario, differs: str) -> list[nodes.paragraph]:
    """The scenario's title (the anchor the matrix links to), a disagreement marker when
    the two compared books differ, its setting and its events in words."""
    head = nodes.paragraph(ids=[anchor(scenario.id)], classes=["floorbook-scenario"])
    head += nodes.strong(scenario.title, scenario.title)
    if differs:
        head += nodes.Text(" ")
        head += badge("books differ:", "danger", "floorbook-differs")
        head += nodes.Text(f" {differs}")
    events = "; ".join(describe(e) for e in scenario.events) or "no events"
    about = nodes.paragraph("", "", classes=["floorbook-events"])
    about += nodes.Text(f"{setting(scenario)}. {events}.")
    return [head, about]


def title_link(scenario: Scenario, differs: str) -> nodes.paragraph:
    """The matrix's first cell: the title linking to the heading on the same page."""
    cell = nodes.paragraph()
    link = nodes.reference("", "", internal=True, refid=anchor(scenario.id))
    link += nodes.Text(scenario.title)
    cell += link
    if differs:
        cell += nodes.Text(" ")
        cell += badge("books differ", "danger", "floorbook-differs")
    return cell


def explanations(rulings: list[Ruling], names: dict[str, str]) -> nodes.bullet_list:
    """Each rulebook's explanation: ``names`` maps rulebook id -> column name."""
    items = nodes.bullet_list()
    for ruling in rulings:
        paragraph = nodes.paragraph()
        name = names.get(ruling.rulebook, ruling.rulebook)
        paragraph += nodes.strong(name, name)
        calls = ruling.every_call if ruling.calls else (ruling,)
        for number, call in enumerate(calls, 1):
            label = f" call {number} ({call.remedy}): " if ruling.calls \
                else f" ({call.remedy}): "
            paragraph += nodes.Text(label + call.explanation)
        items += nodes.list_item("", paragraph)
    return items
