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
from kb.handbook.views.events import describe, reader_title, setting
from kb.rules.answer import UNKNOWN_DEAL, answer
from kb.rules.outcomes import Remedy
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
    hand is not the same under every ruling.  A misdeal's table is one possible redeal,
    which no cell draws (:func:`ruling_cell`): it neither draws a seat nor makes a seat's
    hand differ."""
    drawn = [r for r in rulings if not misdeal(r)]
    seats: set[int] = set()
    for ruling in drawn:
        seats.update(ruling.table.dead)
        for step in (s for call in ruling.every_call for s in call.steps):
            seats.update(_step_seats(step.details))
    hands = [r.table.hands for r in drawn]
    for seat in set().union(*hands) if hands else ():
        if len({tuple(h.get(seat, ())) for h in hands}) > 1:
            seats.add(seat)
    return sorted(seats)


def misdeal(ruling: Ruling) -> bool:
    """Whether ``ruling`` (its last floor call) is a misdeal: its table is a random new
    deal, one of many, which no view draws."""
    return ruling.remedy == Remedy.MISDEAL


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
    own book's number); ``(layer,)`` for the floor; ``()`` when unknown or when the call
    had no irregularity to rule on.  ``short`` as in
    :func:`citation_text`.

    >>> from kb.rules.examples import ruling
    >>> decided_parts(ruling("boxed-two-cards-during-deal"))
    ('reference', 'rrop v11', 'Misdeals 2(c)')
    """
    who = ruling.decided_by
    if who is None or not (who.provision or ruling.irregularities):
        return ()           # nothing was decided: a call with no irregularity to rule on
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


#: The folded line of a cell's fairness note.
NOTE_SUMMARY = "Fairness"


#: The badge of a ruling no ``read: text`` expectation holds (docs/dev/reading-rulings.md).
UNREAD = "not yet read from the text"


#: What a misdeal cell says instead of drawing one possible redeal (one sentence for
#: every view: :data:`kb.rules.answer.UNKNOWN_DEAL`).
NEW_DEAL = UNKNOWN_DEAL


def ruling_cell(ruling: Ruling, seats: list[int], short=None, book: str = "",
                unread: bool = False, same_as: tuple[str, str] | tuple[()] = (),
                note: tuple[cellnode.Paragraph, ...] = (), note_same: bool = False,
                note_as: tuple[str, str] | tuple[()] = ()) -> cellnode.cell:
    """One cell: the ruling's one-line answer (:func:`kb.rules.answer.answer`), the remedy
    badge (and a random marker), the numbers cited, who decided, then the cards of
    ``seats`` and the board; a misdeal draws no cards (its new deal is not known until it
    is dealt) and says so (:data:`NEW_DEAL`).  ``short`` names other books' editions in
    citations (see :func:`citation_text`).  A hand with several floor calls shows each
    call in order, its label first, each with its answer.  ``book`` (the rulebook's column
    name) starts the cell as an inline of class ``floorbook-cell-book``, which the
    stylesheet shows only where the matrix is drawn as one card per scenario (a narrow
    screen) and the column headers are hidden.  ``unread``: no expectation read from the
    book's text holds this ruling, which a badge says (:data:`UNREAD`).  ``same_as``: (id,
    name) of a book of the same row whose cell draws the same cards (:func:`card_lines`):
    this cell names it instead of drawing them again, and carries its id as
    ``data-same-as`` (the book chooser draws the cards here when that book is hidden).
    ``note``: the cell's fairness note (:func:`kb.handbook.views.fairness.note`), folded
    and closed under the cards, for the site only; ``note_same``: it is the same as the
    note of the ``same_as`` book, which the cell then names with the cards instead of
    writing it again (a topic page holds up to 182 cells, and stays under 300 KB);
    ``note_as``: (id, name) of another book of the row whose note is the same, which the
    cell names instead (carried as ``data-same-note``, for the book chooser).  One
    node
    (:mod:`kb.handbook.views.cellnode`) carrying the rulebook id: as ``data-book`` in a
    matrix (``book`` given: the book chooser hides it, static/floorbook-books.js), else as
    ``data-rulebook``.

    >>> from kb.rules.examples import ruling
    >>> print(ruling_cell(ruling("boxed-two-cards-during-deal"), [1]).astext())
    Misdeal: reshuffle and redeal
    <BLANKLINE>
    misdeal
    <BLANKLINE>
    Misdeals 2(c)
    <BLANKLINE>
    decided by the reference: rrop v11 Misdeals 2(c)
    <BLANKLINE>
    The cards of the new deal are not known until it is dealt.
    """
    paragraphs: list[cellnode.Paragraph] = []
    last = len(ruling.calls) + 1
    for number, call in enumerate(ruling.every_call, 1):
        if ruling.calls:
            where = f"line {call.floor}" if number < last else "after the last event"
            paragraphs.append(paragraph(("text", f"Call {number}, {where}"),
                                        classes=("floorbook-call",)))
        paragraphs += _call(call, short, unread and number == last)
    if book:
        classes, pieces = paragraphs[0]
        paragraphs[0] = (classes, (("book", book), *pieces))
    if misdeal(ruling):
        paragraphs.append(paragraph(("text", NEW_DEAL),
                                    classes=("floorbook-line", "floorbook-new-deal")))
    elif same_as:
        # a note the same as that book's is named with its cards, not written again
        same = "Cards and fairness" if note_same else "Cards"
        paragraphs.append(paragraph(("em", same), ("text", f" as under {same_as[1]}"),
                                    classes=("floorbook-line", "floorbook-same")))
    else:
        paragraphs += card_lines(ruling, seats)
    # a matrix's cell (``book`` given) is the chooser's to hide; a cell elsewhere (the
    # disagreements page's side by side) only names its rulebook
    if note_as and not (same_as and note_same and not misdeal(ruling)):
        paragraphs.append(paragraph(("text", f"Fairness as under {note_as[1]}"),
                                    classes=("floorbook-same",)))
    if note_as or (same_as and note_same and not misdeal(ruling)):
        note = ()
    node = cellnode.cell_node(paragraphs, ["floorbook-cell"], book=ruling.rulebook,
                              chosen=bool(book), note=(NOTE_SUMMARY, note) if note else None)
    if same_as and not misdeal(ruling):
        node["same_as"] = same_as[0]
    if note_as and not (same_as and note_same and not misdeal(ruling)):
        node["same_note"] = note_as[0]
    return node


def _call(call: Ruling, short, unread: bool) -> list[cellnode.Paragraph]:
    """One floor call: its answer, the remedy badge, the numbers cited, who decided."""
    head = [_badge(call.remedy, REMEDY_COLOUR.get(call.remedy, "secondary"),
                   "floorbook-remedy")]
    if call.random and not misdeal(call):
        head += [("text", " "), _badge(f"random (seed {SEED})", "secondary",
                                       "sd-outline-secondary", "floorbook-random")]
    if unread:
        head += [("text", " "), _badge(UNREAD, "warning", "sd-outline-warning",
                                       "floorbook-unread")]
    out = [paragraph(("text", answer(call)), classes=("floorbook-answer",)),
           paragraph(*head),
           paragraph(("text", cited_line(call, short)), classes=("floorbook-cite",))]
    if call.decided_by is not None:
        out.append(paragraph(("text", decided_text(decided_parts(call, short))),
                             classes=("floorbook-decided",)))
    return out


def cited_line(ruling: Ruling, short=None) -> str:
    """The numbers a cell cites (:func:`citation_text`); with none, that the book has no
    rule here and the floor decides, never a bare "none" that reads like a ruling made on
    no authority.

    >>> from kb.rules.ruling import TableView
    >>> view = TableView({}, (), (), (), (), ())
    >>> seen = ({"kind": "exposed", "line": 3},)
    >>> cited_line(Ruling("x", "tda@2024", "floor-decision", (), (), False, view, "",
    ...                   irregularities=seen))
    'no rule of this book applies: the floor decides'
    >>> cited_line(Ruling("x", "tda@2024", "continue", (), (), False, view, ""))
    'nothing to rule on at this call'
    """
    if ruling.citations:
        return citation_text(ruling, short)
    if not ruling.irregularities:       # a later call of a hand, after the remedy played
        return "nothing to rule on at this call"
    return "no rule of this book applies" + (": the floor decides"
                                             if ruling.remedy == Remedy.FLOOR_DECISION else "")


def card_lines(ruling: Ruling, seats: list[int]) -> list[cellnode.Paragraph]:
    """The lines of the cards after the remedy: ``seats``' hands, the board, burns,
    set-aside cards and the next card (what two cells compare to draw them once)."""
    table, out = ruling.table, []
    for seat in seats:
        label = f"Seat {seat}" + (" (dead)" if seat in table.dead else "")
        out.append(_line(label, table.hands.get(seat, ()), "no cards"))
    for label, codes in (("Board", table.board), ("Burns", table.burns),
                         ("Set aside", table.set_aside)):
        if codes:
            out.append(_line(label, codes))
    out.append(_line("Next card", table.stub_top[:1], "none left"))
    return out


def _badge(text: str, colour: str, *classes: str) -> tuple:
    return ("badge", text, colour, classes)


def _line(label: str, codes, empty: str = "none") -> cellnode.Paragraph:
    return paragraph(("em", label), ("text", " "), ("cards", tuple(codes), empty),
                     classes=("floorbook-line",))


def scenario_heading(scenario: Scenario, differs: str) -> list[nodes.paragraph]:
    """The scenario's title (the anchor the matrix links to), a disagreement marker when
    the two compared books differ, its setting and its events in words."""
    head = nodes.paragraph(ids=[anchor(scenario.id)], classes=["floorbook-scenario"])
    title = reader_title(scenario.title)
    head += nodes.strong(title, title)
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
    link += nodes.Text(reader_title(scenario.title))
    cell += link
    if differs:
        cell += nodes.Text(" ")
        cell += badge("books differ", "danger", "floorbook-differs")
    return cell


def explanations(rulings: list[Ruling], names: dict[str, str],
                 earlier: dict | None = None, here: tuple[str, str] = ("", "")
                 ) -> nodes.bullet_list:
    """Each rulebook's explanation: ``names`` maps rulebook id -> column name.  Books
    whose calls explain themselves in the same words share one item, the books named in
    column order (a topic's five published books often say the same).  ``earlier`` (a
    page's dict, filled in here: the words -> the (scenario id, title) that first gave
    them) turns words given under an earlier scenario of the page into a link to it, so a
    page says each explanation once; ``here`` is this scenario's (id, title).

    >>> from kb.rules.examples import ruling
    >>> four = "case-c27-four-card-flop-stuck-cards"
    >>> items = explanations([ruling(four, b) for b in ("tda@2024", "rrop@v11", "wsop@2024")],
    ...                      {"tda@2024": "TDA 2024", "wsop@2024": "WSOP 2024"})
    >>> [item.astext().split(" (")[0] for item in items.children]
    ['TDA 2024, WSOP 2024', 'rrop@v11']
    """
    said: dict[tuple, list[str]] = {}
    for ruling in rulings:
        calls = ruling.every_call if ruling.calls else (ruling,)
        words = tuple((call.remedy, call.explanation) for call in calls)
        said.setdefault(words, []).append(names.get(ruling.rulebook, ruling.rulebook))
    items = nodes.bullet_list()
    for words, books in said.items():
        paragraph = nodes.paragraph()
        paragraph += nodes.strong(", ".join(books), ", ".join(books))
        first = earlier.setdefault(words, here) if earlier is not None else here
        if first != here:
            paragraph += nodes.Text(" (" + ", ".join(r for r, _ in words) + "): as under ")
            link = nodes.reference("", "", internal=True, refid=anchor(first[0]))
            link += nodes.Text(first[1])
            paragraph += [link, nodes.Text(", above")]
        for number, (remedy, explanation) in enumerate(words if first == here else (), 1):
            label = f" call {number} ({remedy}): " if len(words) > 1 else f" ({remedy}): "
            paragraph += nodes.Text(label + explanation)
        items += nodes.list_item("", paragraph)
    return items
