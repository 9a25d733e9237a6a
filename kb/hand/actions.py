"""Betting actions in turn.

Blinds, antes and the stud forced bet are never actions.  :class:`Betting` attributes
each action to a seat (the next seat in turn unless the scenario names one) and records
whether it was in turn.  What the actions mean to the books (their misdeal cutoffs) is the
rules room's: :mod:`kb.rules.cutoffs`.

>>> betting = Betting((1, 3, 4), first_after=1, later_after=4)
>>> [(r.seat, r.in_turn) for r in (betting.act("fold"), betting.act("call", seat=1))]
[(3, True), (1, False)]
"""

from __future__ import annotations

from dataclasses import dataclass


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
