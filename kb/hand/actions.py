"""Betting actions in turn, and the books' misdeal cutoffs.

Blinds, antes and the stud forced bet are never actions.  :class:`Betting` attributes
each action to a seat (the next seat in turn unless the scenario names one) and records
whether it was in turn.  The cutoffs:

* Robert's Rules of Poker v11, Misdeals 1: **action has begun** once two players after the
  blinds (stud: after the forced bet) have acted; folds and checks count.
* Poker TDA 2024 Rule 36: **substantial action** is (A) two actions in turn, at least one
  putting chips in the pot, or (B) any three actions in turn.  Posted blinds never count.
* WSOP Official Live Action Rules 2024, Rule 105: **substantial action** in button games is
  three folds, three checks, or any two actions except two folds or two checks; in stud,
  two players after the forced bet have acted.

:data:`CUTOFF_TESTS` names each test; which one a rulebook uses comes from its
misdeal-cutoff provisions (:mod:`kb.rules.cutoffs`).

>>> folds = [Record(3, "fold", "preflop", True), Record(4, "fold", "preflop", True)]
>>> rrop_action_begun(folds), tda_substantial_action(folds)
(True, None)
>>> tda_substantial_action([Record(3, "fold", "preflop", True), Record(4, "call", "preflop", True)])
'36-A'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

CHIP_ACTS = frozenset({"call", "bet", "raise", "all-in"})


@dataclass(frozen=True)
class Record:
    """One action: the seat, the act, the betting round (preflop, flop, ..., third ...) and
    whether it came in turn."""

    seat: int
    act: str
    street: str
    in_turn: bool


class Betting:
    """Turn order over the seats dealt in.  ``first_after`` is the seat the first round
    starts after (the big blind in blind games; None starts at the lowest seat)."""

    def __init__(self, seats: tuple[int, ...], first_after: int | None,
                 later_after: int | None) -> None:
        self.seats = tuple(sorted(seats))
        self.later_after = later_after
        self.folded: set[int] = set()
        self.all_in: set[int] = set()
        self.records: list[Record] = []
        self.street = "preflop"
        self._next = self._first_after(first_after)

    def _first_after(self, seat: int | None) -> int | None:
        """The first seat after ``seat`` (None: the lowest) that can act, going round;
        None when no seat can.  (A loop, not a list of the live seats: it runs after
        every action of every replay.)"""
        first = None
        for s in self.seats:
            if s in self.folded or s in self.all_in:
                continue
            if seat is None or s > seat:
                return s
            if first is None:
                first = s
        return first

    def new_round(self, street: str) -> None:
        """A new betting round: the first live seat after the button acts first."""
        self.street = street
        self._next = self._first_after(self.later_after)

    def act(self, act: str, seat: int | None = None) -> Record:
        """Record ``act`` by ``seat`` (default: the seat whose turn it is).  Raises
        ValueError if no seat can act or a folded seat is named."""
        expected = self._next
        seat = expected if seat is None else seat
        if seat is None:
            raise ValueError("no seat is left to act")
        if seat in self.folded:
            raise ValueError(f"seat {seat} has folded and cannot act")
        record = Record(seat, act, self.street, in_turn=seat == expected)
        self.records.append(record)
        if act == "fold":
            self.folded.add(seat)
        elif act == "all-in":
            self.all_in.add(seat)
        if record.in_turn:
            self._next = self._first_after(seat)
        return record

    def copy(self) -> Betting:
        """An independent copy (the records are frozen; their lists and sets are copied)."""
        twin = object.__new__(Betting)
        twin.__dict__ = {name: value.copy() if isinstance(value, (list, set)) else value
                         for name, value in vars(self).items()}
        return twin

    @property
    def live(self) -> tuple[int, ...]:
        """Seats that have not folded."""
        return tuple(s for s in self.seats if s not in self.folded)


def rrop_action_begun(records: list[Record] | tuple[Record, ...]) -> bool:
    """Robert's Rules of Poker v11, Misdeals 1: two players have acted (any act counts).

    >>> rrop_action_begun([Record(3, "raise", "preflop", True)])
    False
    """
    return len({r.seat for r in records}) >= 2


def tda_substantial_action(records: list[Record] | tuple[Record, ...]) -> str | None:
    """Poker TDA 2024 Rule 36: '36-A' (two actions in turn, one with chips), '36-B' (three
    actions in turn) or None when there is no substantial action.

    >>> checks = [Record(s, "check", "flop", True) for s in (1, 2)]
    >>> tda_substantial_action(checks), tda_substantial_action(checks * 2)
    (None, '36-B')
    """
    in_turn = [r for r in records if r.in_turn]
    if len(in_turn) >= 2 and any(r.act in CHIP_ACTS for r in in_turn):
        return "36-A"
    if len(in_turn) >= 3:
        return "36-B"
    return None


def wsop_live_substantial_action(records: list[Record] | tuple[Record, ...],
                                 stud: bool = False) -> bool:
    """WSOP Official Live Action Rules 2024, Rule 105: in button games three folds, three
    checks, or any two actions (check, bet, call, fold) except two folds or two checks; in
    stud, two players after the forced bet have acted (:func:`rrop_action_begun`).

    Rule 105 does not ask for actions in turn, so every action counts; with three actions
    taken, either they are three folds, three checks, or two of them differ, so any three
    are substantial action.  A raise or an all-in is a bet here.

    >>> fold, check = Record(3, "fold", "flop", True), Record(4, "check", "flop", True)
    >>> wsop_live_substantial_action([fold, fold]), wsop_live_substantial_action([fold, check])
    (False, True)
    """
    if stud:
        return rrop_action_begun(records)
    acts = [r.act for r in records]
    if len(acts) >= 3:
        return True
    return len(acts) == 2 and not (acts[0] == acts[1] and acts[0] in ("fold", "check"))


#: The misdeal cutoffs by name: (actions, stud game?) -> whether the cutoff has passed.
CUTOFF_TESTS: dict[str, Callable[..., bool]] = {
    "rrop": lambda records, stud=False: rrop_action_begun(records),
    "tda": lambda records, stud=False: tda_substantial_action(records) is not None,
    "wsop-live": wsop_live_substantial_action,
}
