"""The pot of one outcome shared out, and the shares counted over many outcomes.

Shares are counted in whole units, ``whole`` to a pot (twice the least common multiple of
1..n for n seats), so that any tie of any size in either half of a high-low pot is a
whole number of units. An outcome adds one to the count of its shares (who took how many
units): there are only a few kinds of outcome (each seat alone, a few ties), so the sums
per seat are made once at the end, and the chances are one Fraction each.

>>> pot = PotSplit("holdem", [("As", "Ah"), ("Ac", "Ad")], ("2c", "7d", "9h", "Qc"))
>>> pot.count((("3s",), (), ()))
>>> pot.units, pot.whole, pot.splits
([2, 2], 4, [1, 1])
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Sequence

import eval7

from kb.fairness.showdown import (
    LOW_GAMES,
    cards_of,
    high_of_cards,
    highs,
    hole_pairs,
    low,
    omaha_highs,
)
from kb.hand.scenario import OMAHA_GAMES

#: An outcome as eval7 cards: the board's cards to come, then each seat's.
Dealt = Sequence[Sequence[eval7.Card]]


class PotSplit:
    """The shares of the pot over the outcomes counted so far, for ``hands`` (each seat's
    cards so far, in seat order) and ``board`` (the community cards so far), in ``game``.
    ``tally``: each seat's units of one outcome -> the outcomes that shared it so. Per
    seat, from it: ``units`` (its share, summed), ``squares`` (its share squared, summed,
    for an estimate's error), ``scoops`` (outcomes where it took the whole pot) and
    ``splits`` (where it took part and not all)."""

    def __init__(self, game: str, hands: Sequence[Sequence[str]], board: Sequence[str]):
        self.game, self.hands, self.board = game, [tuple(h) for h in hands], tuple(board)
        seats = len(self.hands)
        self.whole = 2 * math.lcm(*range(1, seats + 1))
        self.tally: Counter[tuple[int, ...]] = Counter()

    @property
    def units(self) -> list[int]:
        return self._summed(lambda share: share)

    @property
    def squares(self) -> list[int]:
        return self._summed(lambda share: share * share)

    @property
    def scoops(self) -> list[int]:
        return self._summed(lambda share: int(share == self.whole))

    @property
    def splits(self) -> list[int]:
        return self._summed(lambda share: int(0 < share < self.whole))

    def _summed(self, of: Callable[[int], int]) -> list[int]:
        found = [0] * len(self.hands)
        for shares, outcomes in self.tally.items():
            for seat, share in enumerate(shares):
                found[seat] += of(share) * outcomes
        return found

    def count(self, dealt: Sequence[Sequence[str]]) -> None:
        """Count one outcome: ``dealt`` is the board's cards to come, then each seat's."""
        board = self.board + tuple(dealt[0])
        hands = self.hands if not any(dealt[1:]) else \
            [hand + tuple(more) for hand, more in zip(self.hands, dealt[1:], strict=True)]
        self.tally[tuple(self.shares(hands, board))] += 1

    def count_high(self, deals: Iterable[Dealt], board_only: bool) -> None:
        """Count many outcomes of a game without a low half (:data:`LOW_GAMES`), each
        ``dealt`` as :meth:`count` takes it but in eval7's cards (``cards_of``): the same
        counts as :meth:`count`, at a fraction of its cost (the enumeration's inner loop).
        ``board_only``: no seat has a card to come (an all-in), so only ``dealt[0]`` is
        read. Raises ValueError in a game with a low half.

        >>> pot = PotSplit("holdem", [("As", "Ah"), ("Ks", "Kh")], ("2c", "7d", "9h", "Qc"))
        >>> pot.count_high([(cards_of(["Kd"]),), (cards_of(["3s"]),)], board_only=True)
        >>> pot.units, pot.whole
        ([4, 4], 4)
        """
        if self.game in LOW_GAMES:
            raise ValueError(f"{self.game} has a low half: count its outcomes one by one")
        holes, base, seats = [cards_of(h) for h in self.hands], cards_of(self.board), len(self.hands)
        alone = [tuple(self.whole if s == seat else 0 for s in range(seats)) for seat in range(seats)]
        tally, evaluate = self.tally, eval7.evaluate
        rank = high_of_cards(self.game)
        plain = self.game not in OMAHA_GAMES
        pairs = [hole_pairs(hole) for hole in holes]
        for dealt in deals:
            shown = base + list(dealt[0])
            if board_only and plain:
                values = [evaluate(hole + shown) for hole in holes]
            elif board_only:
                values = omaha_highs(pairs, shown)
            else:
                values = [rank(hole + list(more), shown)
                          for hole, more in zip(holes, dealt[1:], strict=True)]
            best = max(values)
            if values.count(best) == 1:
                tally[alone[values.index(best)]] += 1
            else:
                tie = [v == best for v in values]
                tally[tuple(self.whole // sum(tie) if won else 0 for won in tie)] += 1

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
