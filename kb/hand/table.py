"""The table as it lies during a replay: the cards in every pile, the irregularities
seen, and the replay's running state (shared by :mod:`kb.hand.deal` and
:mod:`kb.hand.stud`).

Invariant, after every event: hands + board + burns + muck + set-aside + stub + missing =
the deck + cards found (:meth:`Table.check`).
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass, field, fields
from typing import TypeVar

from kb.hand.actions import Betting, Record
from kb.hand.scenario import STUD_GAMES, Scenario, ScenarioError

_T = TypeVar("_T")

HOLE_CARDS = {"holdem": 2, "omaha": 4, "omaha-hi-lo": 4, "pot-limit-omaha": 4, "badugi": 4,
              "draw-high": 5, "lowball-a5": 5, "lowball-27": 5, "stud": 7, "razz": 7, "stud-high-low": 7}


def hole_cards(game: str) -> int:
    """How many cards a hand holds after the starting deal (stud: after seventh street).

    >>> hole_cards("omaha"), hole_cards("lowball-27")
    (4, 5)
    """
    return HOLE_CARDS[game]


#: Whether the replay checks the invariant after every event (:func:`check_tables`).  Off by
#: default: it cost a third of every ruling, and the property tests and tools/fuzz_hands.py,
#: which turn it on, are what prove it holds; ``FLOORBOOK_CHECK_TABLES=1`` turns it on for
#: any run (a debug run, a test's child process).
_CHECKING = os.environ.get("FLOORBOOK_CHECK_TABLES", "") not in ("", "0")


def check_tables(on: bool | None = None) -> bool:
    """Whether the replay checks the table's invariant after every event; ``on`` sets it.
    Returns the setting in force after the call.

    >>> was = check_tables()
    >>> check_tables(True), check_tables(was) == was
    (True, True)
    """
    global _CHECKING
    if on is not None:
        _CHECKING = bool(on)
    return _CHECKING


class StubEmpty(IndexError):
    """A card was needed from an empty stub (too many seats or cards for one deck)."""


@dataclass
class Table:
    """The cards as they lie: hands by seat (in the order received), board, burns, muck,
    set-aside (boxed cards, scraps), stub (top first), missing cards, dead and folded seats.
    ``up`` holds the cards dealt face up on purpose (stud up cards); ``exposed`` the cards
    exposed by dealer error or found face up."""

    deck: tuple[str, ...]
    hands: dict[int, list[str]]
    stub: list[str]
    board: list[str] = field(default_factory=list)
    burns: list[str] = field(default_factory=list)
    muck: list[str] = field(default_factory=list)
    set_aside: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    extras: list[str] = field(default_factory=list)
    up: set[str] = field(default_factory=set)
    exposed: set[str] = field(default_factory=set)
    dead: set[int] = field(default_factory=set)
    folded: set[int] = field(default_factory=set)

    def take(self) -> str:
        """The top card of the stub; raises :class:`StubEmpty` when there is none."""
        if not self.stub:
            raise StubEmpty("the stub is empty")
        return self.stub.pop(0)

    def all_cards(self) -> Counter:
        """Every card on the table (the stub and the missing cards included)."""
        piles = [*self.hands.values(), self.board, self.burns, self.muck, self.set_aside,
                 self.stub, self.missing]
        return Counter(card for pile in piles for card in pile)

    def check(self) -> None:
        """Assert the invariant: nothing lost, nothing duplicated but the cards found.
        (Sorted lists, not Counters: a debug replay checks after every event.)"""
        held = [card for pile in (*self.hands.values(), self.board, self.burns, self.muck,
                                  self.set_aside, self.stub, self.missing) for card in pile]
        if sorted(held) != sorted(self.deck + tuple(self.extras)):
            expected = Counter(self.deck) + Counter(self.extras)
            raise AssertionError(f"cards lost or duplicated: {self.all_cards() - expected} "
                                 f"extra, {expected - self.all_cards()} missing")

    def copy(self) -> Table:
        """An independent copy (cards are strings, so copying the containers is enough).
        Built without ``dataclasses.replace``, which re-runs ``__init__`` and costs a
        third of a replay that copies the table after every event."""
        state = self.__dict__.copy()
        for name in _PILES:
            state[name] = state[name].copy()
        state["hands"] = {seat: list(cards) for seat, cards in self.hands.items()}
        return _made(Table, state)

    def kill(self, seat: int) -> None:
        """Kill a hand: its cards go to the muck and the seat is dead."""
        self.muck.extend(self.hands.get(seat, []))
        self.hands[seat] = []
        self.dead.add(seat)


def _made(kind: type[_T], state: dict) -> _T:
    """An instance of ``kind`` whose attributes are ``state``, without ``__init__``: a copy
    of a dataclass from its fields (``dataclasses.replace`` re-runs ``__init__``, and
    filling a new instance's attributes one by one costs three times as much)."""
    twin: _T = object.__new__(kind)
    twin.__dict__ = state
    return twin


#: The fields of a table that are lists or sets of cards or seats: all but the deck (a tuple)
#: and the hands (a dict of lists).
_PILES = tuple(f.name for f in fields(Table) if f.name not in ("deck", "hands"))


@dataclass(frozen=True)
class Irregularity:
    """Something that went wrong, as the replay saw it.  ``kind`` is one of exposed,
    boxed, player-exposed, extra, short, dealt-to, dealt-out, first-to, button,
    board-count, burn-count, premature, duplicate, foreign, odd-back, missing,
    wrong-count, stud-exposed, stud-short-stub, draw-exposed, draw-short-stub,
    stub-spoiled, stub-seen, burn-seen;
    ``actions`` is how many actions had been taken when it happened."""

    kind: str
    line: int
    actions: int
    details: dict = field(default_factory=dict, compare=False, hash=False)

    def get(self, key: str, default=None):
        return self.details.get(key, default)


@dataclass
class Replay:
    """The replayed hand: the table after each event (``tables``, kept only when
    ``keep_tables``), the final table, the actions and the irregularities in the order
    they happened."""

    scenario: Scenario
    tables: list[Table]
    table: Table
    betting: Betting
    irregularities: list[Irregularity]
    deal_order: tuple[int, ...] = ()
    streets: list[str] = field(default_factory=list)
    board_log: list[dict] = field(default_factory=list)
    #: the end of the hand (kb.hand.end_of_hand): the lines of its pot: awarded
    #: and next-hand events, and of the floor call being ruled (None: not yet)
    pot_line: int | None = None
    next_hand_line: int | None = None
    called_at: int | None = None
    #: the premature street no floor has been called about yet (its ``premature``
    #: irregularity): betting on it is recorded once as ``premature-acted``
    open_premature: Irregularity | None = None
    #: whether each event's table is kept in ``tables``: the engine's replays do not keep
    #: them (no ruling looks back at them, and the copies were a twentieth of a ruling)
    keep_tables: bool = True

    @property
    def records(self) -> tuple[Record, ...]:
        return tuple(self.betting.records)

    def seen(self, table: Table, irregularities: list[Irregularity]) -> Replay:
        """The hand as one unit of a floor call sees it: ``table`` (the one the previous
        remedy left) and only ``irregularities``; everything else is shared with this one."""
        state = self.__dict__.copy()      # a third of the cost of updating a new one
        state["table"], state["irregularities"] = table, irregularities
        return _made(Replay, state)

    def copy(self) -> Replay:
        """An independent copy of the hand so far, for ruling it under several rulebooks
        from one replay: the table, the betting and the running lists are copied; the
        tables of earlier events are shared (nothing changes them once recorded)."""
        state = self.__dict__.copy()
        state["table"], state["betting"] = self.table.copy(), self.betting.copy()
        state["tables"], state["irregularities"] = list(self.tables), list(self.irregularities)
        state["streets"], state["board_log"] = list(self.streets), [dict(b) for b in
                                                                    self.board_log]
        return _made(Replay, state)


def fail(state: Replay, event, message: str, hint: str) -> ScenarioError:
    """The error for ``event`` of the replayed scenario, at its line."""
    return ScenarioError(state.scenario.path, event.line, message, hint)


def irregular(state: Replay, kind: str, event, **details) -> None:
    """Record an irregularity of ``kind`` at ``event``, after the actions taken so far.
    ``kind`` is a value of the rules room's table of kinds (``kb.rules.irregularities.Kind``,
    which this room, below it, cannot import); tests/test_irregularities.py fails when a
    call here records a kind the table does not hold."""
    state.irregularities.append(
        Irregularity(kind, event.line, len(state.betting.records), details))


def proper_cards(replay: Replay) -> int:
    """How many cards a hand should hold after the events so far (stud: by the streets
    dealt).

    >>> from kb.hand.scenario_file import parse_scenario
    >>> from kb.hand.deal import replay
    >>> s = parse_scenario("id: s\\ntitle: s\\ngame: stud\\nseats: 2\\n"
    ...                    "events: [{third: {}}, {fourth: {}}]\\n", "s.yaml")
    >>> proper_cards(replay(s))
    4
    """
    if replay.scenario.game in STUD_GAMES:
        return len(replay.streets) + 2
    return hole_cards(replay.scenario.game)


def seat_of(table: Table, card: str) -> int | None:
    """The seat holding ``card``, or None."""
    return next((s for s, cards in table.hands.items() if card in cards), None)
