"""Each seat's chances at one table, from what a player at the table can know, and on a
redeal (docs/fairness.md, "Chances").

The unseen pool.  The cards still to come are counted as equally likely to be any card
nobody has seen: the stub, and the burns, the muck and the cards set aside that lie face
down, since a player cannot tell them from the stub's.  The replay knows the stub's
actual order (a scenario's deck is stacked), but no player does: drawing the chances from
the stub alone would use what nobody at the table can know, and would make a card that
was burned face down count as out of play for everyone.  So the pool is the standard deck
less every card in a live hand, on the board, or seen by a player and out of play (an
exposed burn, a card shown and then mucked or set aside).  A card the players saw that
the remedy left at a known place that plays is dealt there: it is no longer a card to
come from the pool.  (A seen card shuffled back into the stub is counted among the
unseen ones; a card the dealer alone saw is any card to the players.)

A redeal (:func:`redeal_chances`): every seat's cards come new from one shuffled deck,
so the seats are exchangeable and each seat's share of the pot is exactly 1/n; so is
each seat's chance of a split, which depends only on the game and n: it is estimated
once per (game, n) from :data:`REDEAL_SAMPLES` deals (seeded) and kept, with its error.

>>> [str(c.win) for c in table_chances("holdem", {1: ("As", "Ah"), 2: ("Ks", "Kh")},
...                                    ("2c", "7d", "9h", "Qc", "3s"))[0]]
['1', '0']
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from functools import lru_cache

from kb.fairness.chances import SEED, odds, seat_chances, why_not
from kb.fairness.report import SeatChances
from kb.hand.scenario import STUD_GAMES

#: The deals an estimate of a redeal's split draws (the split of a 50% chance: error 1.1%;
#: a split of 4%: 0.44%, and less, as the figure is the mean over the seats).
REDEAL_SAMPLES = 2_000
#: The most hand evaluations one redeal estimate makes (seven Omaha hands cost 420 an
#: outcome): fewer deals, never under :data:`FEWEST_DEALS`, keep the build's budget.
REDEAL_WORK = 200_000
FEWEST_DEALS = 400
_EVALUATIONS = {"omaha": 60, "omaha-hi-lo": 60, "pot-limit-omaha": 60}

Chances = tuple[tuple[SeatChances, ...], str]
#: Why a stud hand with a common card (the stub ran out) has no chances.
COMMON = ("the stub ran out and a common card plays in every hand, which the count of the "
          "cards to come does not deal")


def table_chances(game: str, hands: Mapping[int, Sequence[str]], board: Sequence[str] = (),
                  out: Iterable[str] = ()) -> Chances:
    """Each live seat's chances (``hands``: the live seats' cards, ``board`` the community
    cards, ``out`` the cards known to be out of play) drawn from the unseen pool (module
    docstring), and ''; or ``()`` and why not, in plain words (a stud common card, dealt
    when the stub ran out, is not counted).

    >>> table_chances("holdem", {1: ("As", "Ah"), 2: ("As", "Kh")})[1]
    'the deck is fouled: As is in two places at once, so no count of the cards to come holds'
    """
    hands = {seat: tuple(cards) for seat, cards in hands.items()}
    board = tuple(board)
    held = [card for cards in hands.values() for card in cards] + list(board)
    twice = sorted({card for card in held if held.count(card) > 1})
    if twice:
        return (), (f"the deck is fouled: {', '.join(twice)} is in two places at once, so "
                    "no count of the cards to come holds")
    dead = tuple(sorted(set(out) - set(held)))
    if game in STUD_GAMES and board:
        return (), COMMON
    if not hands:
        return (), "no hand is live"
    why = why_not(game, hands, board, dead, None)
    if why is not None:
        if game in STUD_GAMES and "are to come" in why:
            why += " (the last street would be a common card, which this count does not deal)"
        return (), why
    return _counted(game, tuple(sorted(hands.items())), board, dead), ""


def picked_chances(game: str, hands: Mapping[int, Sequence[str]], board: Sequence[str],
                   out: Iterable[str], scrambled: Sequence[str]) -> Chances:
    """Each seat's chances after a remedy that scrambles the cards ``scrambled`` and picks
    one of them at random as the burn, the others going to the board: the mean of
    :func:`table_chances` over every pick, all equally likely.  The one pick the seeded
    ruling happened to draw is no more the remedy's than any other, so a figure taken from
    it alone would swing with the seed.  ``board`` may hold the seeded pick's cards: they
    are put back by each pick.  Estimates stay estimates, with the error of the mean.

    The four-card flop below: seat 1 makes a pair of aces on the flop when the picked burn
    is not the Ac (3 picks in 4), and wins every such hand; with the Ac burned, the board
    is 2c 7d 9h and the kings are ahead.

    >>> found, _ = picked_chances("holdem", {1: ("As", "Ah"), 2: ("Ks", "Kh")},
    ...                           ("2c", "7d", "9h"), (), ("2c", "7d", "9h", "Ac"))
    >>> [(c.seat, c.exact) for c in found], found[0].win > found[1].win
    ([(1, True), (2, True)], True)
    """
    rest = [card for card in board if card not in scrambled]
    picks = []
    for burn in scrambled:
        found, why = table_chances(game, hands, rest + [c for c in scrambled if c != burn],
                                   [*out, burn])
        if not found:
            return (), why
        picks.append(found)
    return tuple(_mean([pick[i] for pick in picks]) for i in range(len(picks[0]))), ""


def _mean(chances: list[SeatChances]) -> SeatChances:
    """One seat's chances averaged over equally likely outcomes: exact when every one is,
    else floats whose error is the mean of the outcomes' errors (the estimates draw with one
    seed from nearly the same cards, so they are not independent: the error of a mean of
    independent ones would claim too much)."""
    n = len(chances)
    if all(c.exact for c in chances):
        return SeatChances(chances[0].seat, sum((Fraction(c.win) for c in chances), Fraction(0)) / n,
                           sum((Fraction(c.split) for c in chances), Fraction(0)) / n, True, 0.0)
    return SeatChances(chances[0].seat, sum(float(c.win) for c in chances) / n,
                       sum(float(c.split) for c in chances) / n, False,
                       sum(c.error for c in chances) / n)


@lru_cache(maxsize=2048)
def _counted(game: str, hands: tuple, board: tuple, dead: tuple) -> tuple[SeatChances, ...]:
    """The count itself, kept: every rulebook's table is often the same one."""
    return seat_chances(game, dict(hands), board, dead, None)


def redeal_chances(game: str, seats: Sequence[int]) -> Chances:
    """Each of ``seats``' chances on a redeal (module docstring): ``win`` exactly 1/n,
    ``split`` the estimate for (game, n), the same for every seat; ``exact`` is False and
    ``error`` the standard error of ``split``.  ``()`` and why not for a draw game or a
    deck too short for every seat.

    >>> found, _ = redeal_chances("holdem", [2, 5])
    >>> [(c.seat, str(c.win), c.exact) for c in found]
    [(2, '1/2', False), (5, '1/2', False)]
    """
    if not seats:
        return (), "no seat is dealt in"
    split, error, why = _redeal(game, len(seats))
    if why:
        return (), why
    return tuple(SeatChances(seat, Fraction(1, len(seats)), split, False, error)
                 for seat in sorted(seats)), ""


@lru_cache(maxsize=128)
def _redeal(game: str, n: int) -> tuple[float, float, str]:
    """A redeal's split chance for ``n`` seats of ``game`` (the mean over the seats, all
    alike by symmetry), its standard error, and why not ('' when estimated)."""
    empty: dict[int, tuple[str, ...]] = {seat: () for seat in range(1, n + 1)}
    why = why_not(game, empty)
    if why is not None:
        return 0.0, 0.0, why
    cost = n * _EVALUATIONS.get(game, 1)
    deals = max(FEWEST_DEALS, min(REDEAL_SAMPLES, REDEAL_WORK // cost))
    found = odds(game, empty, limit=0, samples=deals, seed=SEED)
    split = sum(float(one.split) for one in found) / n
    # the mean of n estimates, each of variance p(1-p)/deals: its variance is at most that
    return split, math.sqrt(split * (1 - split) / deals), ""
