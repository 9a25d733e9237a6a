"""The random source of a ruling (:class:`Draws`): ``random.Random(seed)``, made only when
a remedy first draws (most rulings draw nothing, and seeding a Mersenne Twister costs a
few microseconds).  Every draw is ``random.Random``'s own, so a seed gives the same cards
with any version of this code that draws in the same order (docs/benchmarks.md: a
re-implementation of ``Random.shuffle`` on kept outputs was paid back in issue 20, the
goals held without it)."""

from __future__ import annotations

from random import Random


class Draws:
    """The random source of one ruling, ``random.Random(seed)``, made when a remedy first
    draws from it (:attr:`rng`) and shared by every unit and floor call of the ruling after
    that; the draws are those of a source seeded at the start.

    >>> first = Draws(3)
    >>> first.drawn, first.rng.random() == Random(3).random(), first.drawn
    (False, True, True)
    """

    __slots__ = ("seed", "_rng")

    def __init__(self, seed) -> None:
        self.seed = seed
        self._rng: Random | None = None

    @property
    def rng(self) -> Random:
        """The source (``random.Random(seed)``), made on first use."""
        if self._rng is None:
            self._rng = Random(self.seed)
        return self._rng

    @property
    def drawn(self) -> bool:
        """Whether the source has been made (a remedy asked for it)."""
        return self._rng is not None
