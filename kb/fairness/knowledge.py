"""Who has seen which cards that are not their own, and where the remedy puts them
(docs/fairness.md, "Knowledge").

A card is seen when the replay before a floor call shows it: exposed, boxed or flashed
during the deal (seen by every seat and the dealer), dealt to the board early or as an
extra board card, a stub or burn card seen or flashed (by the dealer alone where the
scenario says so).  A card one player saw as it was dealt, the scenario not naming him,
lists the seats he can be (every seat but its holder; not the dealer) and is marked as
seen by one of them (:func:`seen_by_one`).  For each, the exact
probability (:class:`fractions.Fraction`) that it reaches the board or another player's
hand after the remedy is read from the remedy's steps (:func:`reaches_play`), and set
against the chance any card had before anybody saw it (:func:`clean_chance`).

>>> from fractions import Fraction
>>> Place("stub (reshuffled)", Fraction(2, 35)).chance
Fraction(2, 35)
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from kb.hand.scenario import STUD_GAMES
from kb.hand.table import Irregularity, Table, hole_cards, seat_of
from kb.rules.ruling import Ruling, Step, TableView

DEALER = 0
#: Board cards a flop game deals.
BOARD = 5
DRAW_GAMES = frozenset({"badugi", "draw-high", "lowball-a5", "lowball-27"})


class Place(NamedTuple):
    """Where a seen card is after the remedy, and its chance of reaching play."""

    where: str
    chance: Fraction


def seen_cards(table: Table, irregularities: list[Irregularity]) -> dict[str, tuple[int, ...]]:
    """The cards seen before the floor call and the seats (0: the dealer) that saw each
    and do not hold it, in the order the replay met them.  ``table``: the table before the
    remedy; ``irregularities``: those the call answers.

    >>> t = Table(("As", "Kd", "2c"), {1: ["As"], 2: ["Kd"]}, ["2c"], exposed={"As"})
    >>> seen_cards(t, [])
    {'As': (0, 2)}
    """
    everyone = (DEALER, *sorted(table.hands))
    named: dict[str, tuple[int, ...]] = {}

    def add(card: str, seats: tuple[int, ...], held: dict | None = None) -> None:
        # a card seen at a later call: its holder on that call's deal, not this table's
        holder = held.get(card) if held is not None else seat_of(table, card)
        named.setdefault(card, tuple(s for s in seats if s != holder))

    for found in irregularities:
        for card in _cards_of(found):
            add(card, _witnesses(found, everyone), found.get("held"))
    for card in sorted(table.exposed):
        add(card, everyone)
    return named


def _witnesses(found: Irregularity, everyone: tuple[int, ...]) -> tuple[int, ...]:
    """Who saw the cards of ``found``: the dealer alone where the scenario says so; the
    players (not the dealer) for a card one player saw as it was dealt, the scenario not
    saying which (:func:`seen_by_one`); else every seat and the dealer."""
    if found.get("seen_by") == "dealer":
        return (DEALER,)
    if found.get("seen_by_one"):
        return everyone[1:]
    return everyone


def seen_at(irregularities: list[Irregularity], card: str) -> int:
    """The floor call at which ``card`` was first seen: its index in the ruling's
    ``every_call``, read from the first of ``irregularities`` showing it that is marked
    with its ``call`` (:func:`kb.fairness.calls.later_irregularities`); 0, the first
    call, for any other card.

    >>> later = Irregularity("exposed", 9, 0, {"card": "4c", "call": 1})
    >>> seen_at([later], "4c"), seen_at([later], "As")
    (1, 0)
    """
    return next((found.get("call", 0) for found in irregularities
                 if card in _cards_of(found)), 0)


def seen_by_one(irregularities: list[Irregularity]) -> frozenset[str]:
    """The cards one player, not named, saw as they were dealt (``deal: {seen: [k]}``):
    one of the seats :func:`seen_cards` lists saw each, not all of them.

    >>> seen_by_one([Irregularity("exposed", 3, 0, {"card": "As", "seen_by_one": True})])
    frozenset({'As'})
    """
    return frozenset(card for found in irregularities if found.get("seen_by_one")
                     for card in _cards_of(found))


def _cards_of(found: Irregularity) -> list[str]:
    """The cards an irregularity shows: a premature or extra board card, a stub or burn
    card seen or flashed, an exposed card."""
    if found.kind in ("premature", "board-count"):
        return list(found.get("cards") or ())
    if found.kind in ("stub-seen", "burn-seen"):
        return [*found.get("seen", ()), *found.get("flashed", ()), *found.get("exposed", ())]
    card = found.get("card")
    return [card] if isinstance(card, str) else []


def playing_positions(game: str, seats: int) -> int:
    """How many cards of a hand dealt without an irregularity reach the board or a hand:
    every seat's cards and the board (draw games: the cards first dealt; a draw's cards
    depend on the players).

    >>> playing_positions("holdem", 6), playing_positions("stud", 2)
    (17, 14)
    """
    return hole_cards(game) * seats + (0 if game in STUD_GAMES or game in DRAW_GAMES
                                       else BOARD)


def clean_chance(game: str, seats: int, deck: int) -> Fraction:
    """The chance a card nobody has seen reaches play in a hand dealt without the
    irregularity: the positions that play over the deck's size (the same for every card
    of a well-shuffled deck).

    >>> clean_chance("holdem", 6, 52)
    Fraction(17, 52)
    """
    return Fraction(min(playing_positions(game, seats), deck), deck)


def still_to_come(game: str, after: TableView) -> int:
    """How many cards the rest of the hand deals into play from the stub after the table
    ``after`` (a flop game: the board cards still to come and the cards live hands are
    owed; stud: the cards live hands still get; draw games: the cards hands are owed,
    draws not counted).

    >>> still_to_come("holdem", TableView({1: ("As", "Kd")}, ("2c", "3c", "4c"), (), (), (),
    ...                                    ()))
    2
    """
    live = [s for s, cards in after.hands.items() if cards and s not in after.dead]
    owed = sum(max(hole_cards(game) - len(after.hands[s]), 0) for s in live)
    if game in STUD_GAMES or game in DRAW_GAMES:
        return owed
    return owed + BOARD - len(after.board)


def reaches_play(card: str, game: str, ruling: Ruling, deck: int, since: int = 0) -> Place:
    """Where ``card`` is after ``ruling`` and the exact chance it reaches play, read from
    the steps of the floor call at which it was seen (``since``: its index in the
    ruling's ``every_call``, :func:`seen_at`) and of the calls after it, since the
    earlier remedies were over before anybody saw it: a reshuffle of the stub it went back to (the cards still to come over the
    stub's size), a scramble it was part of (all but the card picked out), a redeal (the
    positions that play over the ``deck``'s size), else the pile the ruling's table shows
    it in (board or a hand: 1; burn, muck, set aside: 0; the stub at a known place:
    whether that place plays).

    >>> view = TableView({1: ()}, (), ("As",), (), (), ())
    >>> reaches_play("As", "holdem", Ruling("x", "b", "continue", (), (), False, view, ""), 52)
    Place(where='burn', chance=Fraction(0, 1))
    """
    steps = [s for call in ruling.every_call[since:] for s in call.steps]
    place, back_in_stub = None, False
    for number, step in enumerate(steps):
        details = step.details
        named = _named(step)
        if step.do == "gather":
            seats = len(details.get("seats", ())) or len(ruling.table.hands)
            place, back_in_stub = Place("deck (reshuffled for the redeal)",
                                        clean_chance(game, seats, deck)), False
        elif step.do == "scramble-pick" and card in named:
            k, picked_as = len(named), details.get("as")
            out = picked_as in ("burn", "scrap", "out-of-play")
            place = Place(f"scrambled with {k - 1} other cards, one picked as {picked_as}",
                          Fraction(k - 1 if out else k, k))
        elif step.do == "return-to-stub" and card in named:
            place, back_in_stub = None, True
        elif step.do == "shuffle" and back_in_stub:
            place = _reshuffled(game, ruling.table, steps[number + 1:], details.get("cards"))
            back_in_stub = False
        elif card in named and step.do in ("burn", "set-aside"):
            place = None
    return place if place is not None else _pile(card, game, ruling.table)


def _named(step: Step) -> list[str]:
    """The cards a step names (its ``cards``, ``card``, ``out``)."""
    details = step.details
    listed = details.get("cards")
    named = list(listed) if isinstance(listed, (list, tuple)) else []
    return named + [details[k] for k in ("card", "out") if isinstance(details.get(k), str)]


def _reshuffled(game: str, after: TableView, later: list[Step], size) -> Place:
    """A card shuffled into the stub: the positions that play from it (those still to come
    after the remedy and those the later steps dealt) over the stub's size (the step's
    count, else the stub left and the cards the later steps took from it)."""
    dealt = burned = 0
    for step in later:
        cards = _named(step) if step.do != "replace" else [step.details.get("in")]
        if step.do in ("deal", "replace", "common-card"):
            dealt += len(cards) or len(step.details.get("seats", ()))
            burned += 1 if step.details.get("burn") else 0
        elif step.do == "burn":
            burned += len(cards)
    if not isinstance(size, int) or size <= 0:
        size = len(after.stub_top) + dealt + burned
    come = min(still_to_come(game, after) + dealt, size)
    return Place("stub (reshuffled)", Fraction(come, size))


def _pile(card: str, game: str, after: TableView) -> Place:
    """Where the table after the remedy shows ``card``, when no step made it random."""
    holder = next((s for s, cards in after.hands.items() if card in cards), None)
    if holder is not None:
        dead = holder in after.dead
        return Place(f"hand {holder}" + (" (dead)" if dead else ""), Fraction(0 if dead else 1))
    if card in after.board:
        return Place("board", Fraction(1))
    if card in after.stub_top:
        return _known_place(after.stub_top.index(card), game, after)
    for name, pile in (("burn", after.burns), ("muck", after.muck),
                       ("set-aside", after.set_aside)):
        if card in pile:
            return Place(name, Fraction(0))
    return Place("out of play", Fraction(0))


def _known_place(index: int, game: str, after: TableView) -> Place:
    """A card left in the stub at a known place (``index`` from the top): in a flop game
    each street still to come burns one card and deals the rest, so whether that place
    plays is known (stud and draw games: a place among the cards still owed plays)."""
    places = stub_places(game, after)
    plays = index < len(places) and places[index] != "burn"
    return Place(f"stub (card {index + 1} from the top)", Fraction(int(plays)))


def stub_places(game: str, after: TableView) -> list[str]:
    """Where each of the stub's top cards goes as the rest of the hand is dealt after the
    table ``after``, top first: "hand" (a card a live hand is owed), "burn" or "board"
    (flop games: each street still to come burns one card and deals the rest); the cards
    below them never play.

    >>> stub_places("holdem", TableView({1: ("As", "Kd")}, ("2c", "3c", "4c"), (), (), (), ()))
    ['burn', 'board', 'burn', 'board']
    """
    come = still_to_come(game, after)
    if game in STUD_GAMES or game in DRAW_GAMES:
        return ["hand"] * come
    board = len(after.board)
    order = ["hand"] * (come - (BOARD - board))      # the hole cards still owed first
    for street in (3, 1, 1) if board == 0 else (1,) * (BOARD - board):
        order += ["burn"] + ["board"] * street
    return order
