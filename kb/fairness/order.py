"""Does the remedy keep the deal random (docs/fairness.md, "Order")?

The remedy's steps are read into a few operations on a short stub whose unseen cards
start in every order alike (:class:`Shape`): a seen card put back at a known place, a
reshuffle of the whole stub, a scramble of k cards of which one is picked out.  Their
exact distribution is then worked out by enumeration (:func:`positions`): the chance of
each card at each place, as a :class:`fractions.Fraction`.  The remedy keeps the deal
random when no place's card is known and, at every place, every card that can reach it
is equally likely (:func:`keeps_random`).  The argument the enumeration checks: a
reshuffle of the whole stub keeps it; a scramble of k cards with one picked at random
keeps it among those k, as long as the k are all seen or all unseen; a card set aside and
put back at a known place does not, and neither does a seen card scrambled with unseen
ones (the places it can reach are not open to every card alike).

>>> shape = Shape(unseen=3, seen=("As",), put_back="top", shuffle=False)
>>> keeps_random(positions(shape))
False
>>> keeps_random(positions(Shape(unseen=3, seen=("As",), put_back="top", shuffle=True)))
True
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterator
from fractions import Fraction
from functools import lru_cache
from itertools import permutations
from typing import NamedTuple

#: The most unseen cards an enumeration takes (6! orders, each reshuffled: bounded).
MOST_UNSEEN = 6
#: The most cards, seen and unseen, in one enumeration's stub (8! reshuffles at most).
MOST_CARDS = 8


class Shape(NamedTuple):
    """A remedy as operations on a short stub: ``unseen`` cards ("u1", "u2" ... in every
    order alike), the ``seen`` cards it puts back (``put_back``: "top", "bottom", or ""
    when it puts none back) or scrambles, whether it then reshuffles the whole stub
    (``shuffle``), and a scramble of the seen cards with ``scramble_unseen`` cards from the
    top of the stub, one picked out (``scramble``: True)."""

    unseen: int
    seen: tuple[str, ...] = ()
    put_back: str = ""
    shuffle: bool = False
    scramble: bool = False
    scramble_unseen: int = 0


Place = tuple[str, int]
Chances = dict[Place, dict[str, Fraction]]


def positions(shape: Shape) -> Chances:
    """The exact chance of each card at each place after the remedy ``shape``, by
    enumerating every order of the unseen cards, every reshuffle and every pick.  Places:
    ``("stub", i)`` from the top, ``("picked", 0)`` and ``("kept", i)`` for a scramble's
    card picked out and the others.  Raises ValueError over :data:`MOST_UNSEEN` unseen
    cards or :data:`MOST_CARDS` in all.  Each shape is enumerated once and kept (a build
    asks for the same few shapes thousands of times); the caller gets its own copy.

    >>> chances = positions(Shape(unseen=2, seen=("As",), scramble=True, scramble_unseen=1))
    >>> chances[("picked", 0)]["As"]
    Fraction(1, 2)
    """
    if not 0 <= shape.unseen <= MOST_UNSEEN or shape.unseen + len(shape.seen) > MOST_CARDS:
        raise ValueError(f"an enumeration takes at most {MOST_UNSEEN} unseen cards and "
                         f"{MOST_CARDS} in all")
    return {place: dict(cards) for place, cards in _positions(shape).items()}


@lru_cache(maxsize=256)
def _positions(shape: Shape) -> Chances:
    """:func:`positions`, counted in whole outcomes: every order of the unseen cards leads
    to the same number of equally likely outcomes (:func:`_after`), so each chance is a
    count over orders x outcomes, one Fraction at the end (the same values as adding a
    Fraction per outcome, without its cost)."""
    unseen = [f"u{n}" for n in range(1, shape.unseen + 1)]
    found: dict[Place, Counter[str]] = defaultdict(Counter)
    total = 0
    for order in permutations(unseen):
        for stub, picked, kept in _after(shape, list(order)):
            total += 1
            for place, cards in (("stub", stub), ("picked", picked), ("kept", kept)):
                for index, card in enumerate(cards):
                    found[(place, index)][card] += 1
    return {place: {card: Fraction(count, total) for card, count in cards.items()}
            for place, cards in found.items()}


def _after(shape: Shape, stub: list[str]) -> Iterator[tuple[tuple[str, ...], ...]]:
    """The outcomes of ``shape`` on one order of the unseen cards, all equally likely (as
    many for every order): the stub, the card picked out and the cards kept."""
    if shape.scramble:
        group, stub = [*shape.seen, *stub[:shape.scramble_unseen]], stub[shape.scramble_unseen:]
        for mixed in permutations(group):
            yield tuple(stub), mixed[:1], mixed[1:]
        return
    if shape.put_back == "top":
        stub = [*shape.seen, *stub]
    elif shape.put_back == "bottom":
        stub = [*stub, *shape.seen]
    for mixed in (permutations(stub) if shape.shuffle else [tuple(stub)]):
        yield mixed, (), ()


def keeps_random(chances: Chances) -> bool:
    """Whether no place's card is known and, at every place, every card that can reach it
    is equally likely (one card alone in the stub is no knowledge).

    >>> keeps_random({("stub", 0): {"u1": Fraction(1, 2), "u2": Fraction(1, 2)}})
    True
    """
    cards = {card for found in chances.values() for card in found}
    for found in chances.values():
        odds = {chance for chance in found.values() if chance}
        if len(odds) > 1 or (len(cards) > 1 and odds == {Fraction(1)}):
            return False
    return True
