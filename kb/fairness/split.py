"""The pot of one outcome shared out, and the shares counted over many outcomes.

Shares are counted in whole units, ``whole`` to a pot (twice the least common multiple of
1..n for n seats), so that any tie of any size in either half of a high-low pot is a
whole number of units: the enumeration adds integers and makes one Fraction at the end.

>>> pot = PotSplit("holdem", [("As", "Ah"), ("Ac", "Ad")], ("2c", "7d", "9h", "Qc"))
>>> pot.count((("3s",), (), ()))
>>> pot.units, pot.whole, pot.splits
([2, 2], 4, [1, 1])
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from kb.fairness.showdown import LOW_GAMES, highs, low


class PotSplit:
    """The shares of the pot over the outcomes counted so far, for ``hands`` (each seat's
    cards so far, in seat order) and ``board`` (the community cards so far), in ``game``.
    Per seat: ``units`` (its share, summed), ``squares`` (its share squared, summed, for
    an estimate's error), ``scoops`` (outcomes where it took the whole pot) and
    ``splits`` (where it took part and not all)."""

    def __init__(self, game: str, hands: Sequence[Sequence[str]], board: Sequence[str]):
        self.game, self.hands, self.board = game, [tuple(h) for h in hands], tuple(board)
        seats = len(self.hands)
        self.whole = 2 * math.lcm(*range(1, seats + 1))
        self.units, self.squares = [0] * seats, [0] * seats
        self.scoops, self.splits = [0] * seats, [0] * seats

    def count(self, dealt: Sequence[Sequence[str]]) -> None:
        """Count one outcome: ``dealt`` is the board's cards to come, then each seat's."""
        board = self.board + tuple(dealt[0])
        hands = self.hands if not any(dealt[1:]) else \
            [hand + tuple(more) for hand, more in zip(self.hands, dealt[1:], strict=True)]
        for seat, share in enumerate(self.shares(hands, board)):
            if share:
                self.units[seat] += share
                self.squares[seat] += share * share
                if share == self.whole:
                    self.scoops[seat] += 1
                else:
                    self.splits[seat] += 1

    def shares(self, hands: Sequence[Sequence[str]], board: Sequence[str]) -> list[int]:
        """Each seat's units of the pot at the showdown of complete ``hands`` and ``board``:
        the high half to the best high hand (ties share it), the low half to the best
        qualifying low, the whole pot to one side when the other has no hand."""
        values = highs(self.game, hands, board)
        if self.game not in LOW_GAMES:   # one winner or a tie of the high hands: most games
            best = max(values)   # type: ignore[type-var]  # no None: razz is a low game
            winners = [seat for seat, v in enumerate(values) if v == best]
            return [self.whole // len(winners) if seat in winners else 0
                    for seat in range(len(hands))]
        lows = [low(self.game, hand, board) for hand in hands]
        shares = [0] * len(hands)
        halves = [side for side in (values, lows) if any(v is not None for v in side)]
        for side in halves:
            best = max(v for v in side if v is not None)
            winners = [seat for seat, v in enumerate(side) if v == best]
            for seat in winners:
                shares[seat] += self.whole // len(halves) // len(winners)
        return shares
