"""The random source of a ruling (:class:`Draws`): ``random.Random(seed)``'s draws, made
as cheaply as they can be.

Most rulings draw nothing, so the source is made only when a remedy first draws.  A
misdeal's reshuffle is the usual draw, and its cost was in three places, each answered
here with the draws unchanged:

* seeding a Mersenne Twister (5 µs): a whole-number seed's start state is kept for the
  last :data:`_KEPT` seeds (a run rules with one seed, or one per hand);
* setting a source to that state (3 µs, ``setstate`` converting 624 words): from the
  second ruling with a seed on, the seed's first :data:`_WORDS` outputs are kept too, and
  a :class:`Source` serves its draws from them; it is set to the state only if a ruling
  draws past them or asks for something else (:meth:`Source._live_now`);
* ``Random.shuffle`` calling ``_randbelow`` in Python once per card: :meth:`Source.shuffle`
  writes it out.

A :class:`Source` is a ``random.Random``; every draw is made from the same 32-bit outputs
in the same order as ``random.Random(seed)`` makes it (tests/test_engine_shortcuts.py).
"""

from __future__ import annotations

import random
from struct import unpack

#: whole-number seed -> (the state of ``random.Random(seed)`` before any draw, its first
#: :data:`_WORDS` 32-bit outputs or None until the seed is used a second time)
_STARTS: dict[int, tuple[tuple, tuple[int, ...] | None]] = {}
_KEPT = 16
#: outputs kept per seed: a 52-card reshuffle and its cut take about 70
_WORDS = 256


class Draws:
    """The random source of one ruling, ``random.Random(seed)``, made when a remedy first
    draws from it (:attr:`rng`) and shared by every unit and floor call of the ruling after
    that; the draws are those of a source seeded at the start.

    >>> first, again = Draws(3), Draws(3)
    >>> first.drawn, first.rng.random() == random.Random(3).random(), first.drawn
    (False, True, True)
    >>> fresh = random.Random(3)          # ``again`` starts from what was kept for 3
    >>> [again.rng.random() for _ in range(3)] == [fresh.random() for _ in range(3)]
    True
    """

    __slots__ = ("seed", "_rng")

    def __init__(self, seed) -> None:
        self.seed = seed
        self._rng: random.Random | None = None

    @property
    def rng(self) -> random.Random:
        if self._rng is None:
            self._rng = _seeded(self.seed)
        return self._rng

    @property
    def drawn(self) -> bool:
        """Whether the source has been made (a remedy asked for it)."""
        return self._rng is not None


def _seeded(seed) -> random.Random:
    """``random.Random(seed)`` as a :class:`Source`, from what is kept for ``seed``."""
    if type(seed) is not int:           # hash(1) == hash(1.0) == hash(True): ints only
        return Source(seed)
    kept = _STARTS.get(seed)
    if kept is None:
        rng = Source(seed)
        if len(_STARTS) >= _KEPT:
            del _STARTS[next(iter(_STARTS))]
        _STARTS[seed] = (rng.getstate(), None)
        return rng
    start, words = kept
    if words is None:                   # a second ruling with this seed: keep its outputs
        rng = Source.__new__(Source)
        random.Random.setstate(rng, start)
        big = random.Random.getrandbits(rng, 32 * _WORDS)
        # getrandbits puts its first output in the lowest 32 bits, the next above it
        words = unpack(f"<{_WORDS}I", big.to_bytes(4 * _WORDS, "little"))
        _STARTS[seed] = (start, words)
    rng = Source.__new__(Source)        # unseeded: it draws from ``words`` until set
    rng._start, rng._words, rng._live = start, words, False
    rng.gauss_next = None               # as a fresh source has it
    return rng


#: n -> the bits ``random.Random._randbelow(n)`` asks for, and 32 less them
_BITS = tuple(n.bit_length() for n in range(1025))
_SHIFTS = tuple(32 - bits for bits in _BITS)
_C_BITS = random.Random.getrandbits
_C_RANDOM = random.Random.random


class Source(random.Random):
    """``random.Random``, drawing from a seed's kept outputs (:func:`_seeded`) until it
    needs its own state, with :meth:`shuffle` written out.  ``getrandbits`` and
    ``random``, which every other method of ``random.Random`` draws through, take the
    outputs in order; anything else first sets the source to the state it would have."""

    _live = True                        # drawing from its own state (a seeded source)
    _words: tuple[int, ...] = ()
    _at = 0                             # the kept outputs drawn so far
    _start: tuple = ()
    gauss_next: float | None      # random.Random's, set by seed() and setstate()

    def _live_now(self) -> None:
        """Set the source to the state its seed's source is in after the outputs drawn."""
        if not self._live:
            gauss_next = self.gauss_next    # gauss()'s spare: not part of the outputs
            random.Random.setstate(self, self._start)
            self.gauss_next = gauss_next
            if self._at:
                _C_BITS(self, 32 * self._at)
            self._live = True

    def getrandbits(self, k: int) -> int:
        # anything but 1 to 32 bits (0, too many, not an int: the C method's to answer
        # or refuse) is drawn from the source's own state
        if not self._live and type(k) is int and 0 < k <= 32 and self._at < _WORDS:
            self._at += 1
            return self._words[self._at - 1] >> (32 - k)
        self._live_now()
        return _C_BITS(self, k)

    def random(self) -> float:
        if not self._live and self._at + 2 <= _WORDS:   # as random_random in C
            first, second = self._words[self._at] >> 5, self._words[self._at + 1] >> 6
            self._at += 2
            return (first * 67108864.0 + second) * (1.0 / 9007199254740992.0)
        self._live_now()
        return _C_RANDOM(self)

    def seed(self, *args, **kwds) -> None:
        super().seed(*args, **kwds)
        self._live = True

    def getstate(self) -> tuple:
        self._live_now()
        return super().getstate()

    def setstate(self, state) -> None:
        super().setstate(state)
        self._live = True

    def shuffle(self, x) -> None:
        """Shuffle ``x`` in place as ``random.Random.shuffle`` does: ``_randbelow`` written
        out, from the kept outputs while they last (same permutation, same state after)."""
        if len(x) >= len(_BITS):
            return super().shuffle(x)
        i = len(x) - 1
        if not self._live:
            words, at, shifts = self._words, self._at, _SHIFTS
            while i > 0 and at < _WORDS:
                j = words[at] >> shifts[i + 1]
                at += 1
                if j <= i:              # else drawn again, as _randbelow does
                    x[i], x[j] = x[j], x[i]
                    i -= 1
            self._at = at
            if i == 0:
                return None
            self._live_now()
        return _shuffle_live(self, x, i)


def _shuffle_live(rng: random.Random, x, last: int) -> None:
    """``random.Random.shuffle``'s loop from place ``last`` down, on ``rng``'s own state."""
    getrandbits, bits = _C_BITS.__get__(rng), _BITS     # its own state: the C method
    for i in range(last, 0, -1):
        n = i + 1               # Random._randbelow_with_getrandbits(n), inlined
        k = bits[n]
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]
