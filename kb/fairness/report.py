"""The fairness record of one scenario under one rulebook (issue 25): what each seat has
seen that is not its own and where those cards go after the remedy (filled by
:mod:`kb.fairness.knowledge`), whether the remedy keeps the deal random
(:mod:`kb.fairness.order`), and each seat's chances (:mod:`kb.fairness.chances`).

Probabilities shown as exact are :class:`fractions.Fraction`; an estimate is a float with
its standard error (:class:`SeatChances`).

>>> from fractions import Fraction
>>> seen = SeenCard("As", (0, 1, 2), "burn", Fraction(0), Fraction(1, 3), False)
>>> seen.to_json()["reaches_play"]
'0'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

#: The version of ``floorbook fairness --json`` (kb/schemas/fairness.schema.json).  2: the
#: chances are drawn from every card nobody has seen (1: the stub alone), a card one
#: unnamed player saw is marked ``one_of``, and the records say why a figure is missing.
FORMAT_VERSION = 2


def exact(value: Fraction) -> str:
    """A fraction as JSON shows it: ``"p/q"`` (``"0"``, ``"1"`` for whole numbers), so the
    figure stays exact.

    >>> exact(Fraction(2, 3)), exact(Fraction(1))
    ('2/3', '1')
    """
    return str(value)


@dataclass(frozen=True)
class SeenCard:
    """A card some seats saw that is not theirs: ``card`` ("As"), ``seen_by`` (seats, 0 =
    the dealer, that saw it and do not hold it), ``where_after`` ("burn", "board",
    "stub", "hand 3", "muck", "set-aside" after the remedy), ``reaches_play`` (the
    probability it reaches the board or another player's hand after the remedy),
    ``reaches_play_clean`` (the same had the hand been dealt without the irregularity,
    when nobody knew it), ``flagged`` (the remedy puts a seen card somewhere known or
    likely to play), ``one_of`` (the scenario says one player saw it without naming him:
    ``seen_by`` lists the seats it can have been)."""

    card: str
    seen_by: tuple[int, ...]
    where_after: str
    reaches_play: Fraction
    reaches_play_clean: Fraction
    flagged: bool
    one_of: bool = False

    def to_json(self) -> dict:
        return {"card": self.card, "seen_by": list(self.seen_by),
                "where_after": self.where_after, "reaches_play": exact(self.reaches_play),
                "reaches_play_clean": exact(self.reaches_play_clean),
                "flagged": self.flagged, "one_of": self.one_of}


@dataclass(frozen=True)
class SeatChances:
    """One seat's chances: ``win`` and ``split`` (hi-lo: the scoop and split shares as the
    game has them), an exact Fraction when ``exact``, else a float estimate with its
    standard ``error`` (0 when exact).

    >>> SeatChances(3, Fraction(1, 4), Fraction(0), True, 0.0).to_json()["win"]
    '1/4'
    """

    seat: int
    win: Fraction | float
    split: Fraction | float
    exact: bool
    error: float

    def to_json(self) -> dict:
        def shown(value: Fraction | float) -> str | float:
            return exact(value) if isinstance(value, Fraction) else value
        return {"seat": self.seat, "win": shown(self.win), "split": shown(self.split),
                "exact": self.exact, "error": self.error}


@dataclass(frozen=True)
class Fairness:
    """The fairness of ``rulebook``'s ruling on ``scenario``: the cards seen (``seen``),
    whether the remedy keeps every unseen card equally likely in every position
    (``keeps_random``) and how that was shown (``order_reason``), and each seat's
    chances after the remedy (at the last floor call's table; a misdeal: the redeal's),
    had the hand been dealt without the irregularity, and on a redeal.  An empty tuple is
    "not computed", never a made-up figure: ``chances_why``, ``clean_why`` and
    ``redeal_why`` say why, in a few plain words ('' when computed)."""

    scenario: str
    rulebook: str
    seen: tuple[SeenCard, ...]
    keeps_random: bool
    order_reason: str
    chances_after: tuple[SeatChances, ...]
    chances_clean: tuple[SeatChances, ...]   # had the hand been dealt without the irregularity
    chances_redeal: tuple[SeatChances, ...]  # a redeal (misdeal): every live seat alike
    chances_why: str = ""
    clean_why: str = ""
    redeal_why: str = ""

    @property
    def flagged(self) -> tuple[SeenCard, ...]:
        """The seen cards the remedy puts somewhere known or likely to play."""
        return tuple(s for s in self.seen if s.flagged)

    def to_json(self) -> dict:
        """The record as ``floorbook fairness --json`` lists it (one per rulebook, in a
        document that carries :data:`FORMAT_VERSION`)."""
        return {"scenario": self.scenario,
                "rulebook": self.rulebook, "seen": [s.to_json() for s in self.seen],
                "keeps_random": self.keeps_random, "order_reason": self.order_reason,
                "chances_computed": bool(self.chances_after),
                "chances_after": [c.to_json() for c in self.chances_after],
                "chances_clean": [c.to_json() for c in self.chances_clean],
                "chances_redeal": [c.to_json() for c in self.chances_redeal],
                "chances_why": self.chances_why, "clean_why": self.clean_why,
                "redeal_why": self.redeal_why}
