"""Each live seat's chances at the moment of the floor call (issue 25, docs/fairness.md):
every way the cards still to come can fall from the unseen cards is enumerated, and each
seat's share of the pot counted, as exact fractions.

What is counted. The cards to come are the board's missing cards (flop games: five in
all) and each seat's missing cards (hold'em two, Omaha four, stud seven: a stud seat's
cards still to come, up or down alike, since only the showdown is counted). They are
drawn from the unseen cards: ``stub_cards`` when given (the replay's stub, or a short
stub a test can count by hand), else the standard deck less every card in a hand, on the
board or dead. Every set of cards to come is one outcome, all equally likely.

- ``win`` is the seat's share of the pot over all outcomes: a seat that wins alone takes
  1, a tie of k seats gives each 1/k; in the high-low games each half of the pot goes to
  its best hand (shared the same way) and the whole pot to the high when no low
  qualifies (eight or better). So the ``win`` figures of the live seats add up to 1.
- ``split`` is the probability that the seat takes part of the pot and not all of it (a
  tie, or one half of a high-low pot); :func:`odds` gives the scoop (the whole pot) too.
- Nobody folds and nobody draws: the chance is of the hands as they stand, played out.

When it is not computed (:func:`why_not`, and :func:`seat_chances` returns ``()``): a
draw game (the cards to come are the players' own choice of discards, which no
enumeration of the stub can know), a joker in play (it plays as the house says), a hand
or board with more cards than the game has, or fewer unseen cards than are to come.

Too many outcomes. The cost is counted in hand evaluations: one a seat per outcome, 60 in
Omaha (the best of two hole cards with three of the board). Above :data:`WORK` of them
(about 1.5 s; a heads-up preflop all-in has 1,712,304 boards, 3.4 million evaluations)
the chances are estimated from :data:`SAMPLES` outcomes drawn with ``random.Random(SEED)``,
fewer where they would cost more than :data:`ESTIMATE` evaluations (never under
:data:`FEWEST`):
``exact`` is False, ``win`` and ``split`` are floats and ``error`` is the standard error
of ``win``. The same
arguments give the same figures, so a page built twice does not change.

>>> [str(c.win) for c in seat_chances("holdem", {1: ("As", "Ah"), 2: ("Ks", "Kh")},
...                                  ("2c", "7d", "9h", "Qc"), stub_cards=("Kd", "3s", "4s"))]
['2/3', '1/3']
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import accumulate, combinations, pairwise

from kb.fairness.report import SeatChances
from kb.fairness.showdown import HAND_SIZE, LOW_GAMES, SHOWDOWN_GAMES, cards_of
from kb.fairness.split import PotSplit
from kb.hand.cards import JOKER, standard_deck
from kb.hand.scenario import DRAW_GAMES, FLOP_GAMES

#: The most hand evaluations an enumeration makes; above it the chances are estimated.
#: 500,000 is about 1.5 s (docs/benchmarks.md "Chances"): every flop and turn all-in of
#: hold'em, and of Omaha up to eight seats on the flop; no preflop all-in.
WORK = 500_000
#: The hand evaluations an estimate makes (about 0.03 s, docs/benchmarks.md "Chances"):
#: a build estimates a few hundred tables, which must fit in seconds.
ESTIMATE = 30_000
#: The most outcomes drawn for an estimate (two seats): the standard error of a 50%
#: chance is 0.5%; six seats draw 5,000 (0.53% on a chance of 1 in 6), ten 3,000 (0.55%
#: on 1 in 10).
SAMPLES = 10_000
#: The fewest outcomes drawn, however many seats (Omaha, 60 evaluations a seat: 1,000,
#: a standard error of 1.6% on a 50% chance, 1.2% on 1 in 6).
FEWEST = 1_000
#: Hand evaluations a seat costs per outcome (the best of 6 x 10 in Omaha).
EVALUATIONS = {"omaha": 60, "omaha-hi-lo": 60, "pot-limit-omaha": 60}
#: The seed of an estimate's draws, so that the figures are the same on every run.
SEED = 25

Hands = Mapping[int, Sequence[str]]


@dataclass(frozen=True)
class Odds:
    """One seat's chances in full: ``share`` of the pot (ties and high-low halves shared),
    ``scoop`` (the probability of taking the whole pot, alone), ``split`` (of taking part
    of it and not all), ``exact`` (Fractions) or estimated (floats, with the standard
    ``error`` of ``share``), over ``outcomes`` (enumerated, or drawn for an estimate)."""

    seat: int
    share: Fraction | float
    scoop: Fraction | float
    split: Fraction | float
    exact: bool
    error: float
    outcomes: int


def seat_chances(game: str, hands: Hands, board: Sequence[str] = (),
                 dead_cards: Sequence[str] = (), stub_cards: Sequence[str] | None = None,
                 ) -> tuple[SeatChances, ...]:
    """Each live seat's chances, in seat order, as the fairness record holds them: ``win``
    the seat's share of the pot, ``split`` the probability of taking part of it (module
    docstring). ``hands`` maps each live seat (folded seats left out) to its cards so far,
    ``board`` the community cards so far, ``dead_cards`` cards out of play (burns, muck),
    ``stub_cards`` the cards the rest is drawn from (default: the rest of the deck).
    ``()`` when the chances are not computed (:func:`why_not` says why: a card given
    twice or not a card too, so that a view never stops on a table it cannot count).

    >>> [str(c.win) for c in seat_chances("holdem", {1: ("As", "Ah"), 2: ("Ac", "Ad")},
    ...                                  ("2c", "7d", "9h", "Qc", "3s"))]
    ['1/2', '1/2']
    >>> seat_chances("badugi", {1: ("As", "2h", "3d", "4c"), 2: ("Ks", "Kh", "Kd", "Kc")})
    ()
    """
    return tuple(SeatChances(one.seat, one.share, one.split, one.exact, one.error)
                 for one in odds(game, hands, board, dead_cards, stub_cards))


def redeal(game: str, seats: Sequence[int]) -> tuple[SeatChances, ...]:
    """Each of ``seats``' chances on a redeal (a misdeal): every seat's cards come new from
    one shuffled deck, so the seats are exchangeable and each expects the same share of
    the pot: ``win`` is exactly 1/n. Whether a seat ends in a split is no such symmetry,
    and its exact count is out of reach (heads-up hold'em alone deals 2 x 10^12 ways), so
    ``split`` is estimated as in :func:`odds`: ``exact`` is False and ``error`` is the
    standard error of ``split`` (the one estimated figure). ``()`` where :func:`why_not`
    gives a reason (a draw game).

    >>> found = redeal("holdem", [2, 5])
    >>> [(c.seat, str(c.win), c.exact) for c in found]
    [(2, '1/2', False), (5, '1/2', False)]
    >>> 0.03 < found[0].split < 0.05 and found[0].error < 0.002
    True
    """
    drawn = odds(game, {seat: () for seat in seats})
    return tuple(SeatChances(one.seat, Fraction(1, len(drawn)), one.split, False,
                             math.sqrt(float(one.split) * (1 - float(one.split)) / one.outcomes))
                 for one in drawn)


def odds(game: str, hands: Hands, board: Sequence[str] = (), dead_cards: Sequence[str] = (),
         stub_cards: Sequence[str] | None = None, *, limit: int | None = None,
         samples: int | None = None, seed: int = SEED) -> tuple[Odds, ...]:
    """Each live seat's :class:`Odds` (the arguments as :func:`seat_chances`'s); exact up
    to ``limit`` outcomes, else estimated from ``samples`` outcomes drawn with ``seed``
    (by default as many as :data:`ESTIMATE` allows, module docstring).

    >>> [(o.share, o.exact) for o in odds("holdem", {1: ("As", "Ah"), 2: ("Ks", "Kh")},
    ...                                   ("2c", "7d", "9h"), limit=10, samples=2000)]
    [(0.9..., False), (0.0..., False)]
    """
    key = (game, tuple(sorted((seat, tuple(cards)) for seat, cards in hands.items())),
           tuple(board), tuple(sorted(dead_cards)),
           None if stub_cards is None else tuple(sorted(stub_cards)))
    cost = max(1, len(hands)) * EVALUATIONS.get(game, 1)
    if limit is None:
        limit = WORK // cost
    if samples is None:
        samples = max(FEWEST, min(SAMPLES, ESTIMATE // cost))
    return _odds(*key, limit, samples, seed)


def why_not(game: str, hands: Hands, board: Sequence[str] = (),
            dead_cards: Sequence[str] = (), stub_cards: Sequence[str] | None = None,
            ) -> str | None:
    """Why the chances of this table are not computed, in plain words, or None when they
    are.

    >>> why_not("lowball-27", {1: ("2s", "3h", "4d", "5c", "7s"), 2: ("As", "Ah")})
    'a draw game: the cards to come are the players’ own discards and draws, which no enumeration of the stub can know'
    """
    wrong = _card_problem(hands, board, dead_cards, stub_cards)
    if wrong:
        return wrong
    if game in DRAW_GAMES:
        return ("a draw game: the cards to come are the players’ own discards and draws, "
                "which no enumeration of the stub can know")
    if game not in SHOWDOWN_GAMES:
        return f"{game!r} is not a game floorbook deals"
    cards = [card for held in hands.values() for card in held] + list(board)
    if JOKER in cards:
        return "a joker is in play: it plays as the house's rule says"
    full = 5 if game in FLOP_GAMES else 0
    if len(board) > full:
        return f"the board holds {len(board)} cards, more than {game}'s {full}"
    for seat, held in sorted(hands.items()):
        if len(held) > HAND_SIZE[game]:
            return f"seat {seat} holds {len(held)} cards, more than {game}'s {HAND_SIZE[game]}"
    unseen, slots = _unseen(game, hands, board, dead_cards, stub_cards), _slots(game, hands, board)
    if sum(slots) > len(unseen):
        return f"{sum(slots)} cards are to come but only {len(unseen)} are unseen"
    return None


@lru_cache(maxsize=4096)
def _odds(game: str, hands: tuple[tuple[int, tuple[str, ...]], ...], board: tuple[str, ...],
          dead: tuple[str, ...], stub: tuple[str, ...] | None, limit: int, samples: int,
          seed: int) -> tuple[Odds, ...]:
    table = dict(hands)
    if not table or why_not(game, table, board, dead, stub) is not None:
        return ()
    # the figures depend on the cards to come only through the set they are drawn from
    unseen = tuple(sorted(_unseen(game, table, board, dead, stub)))
    return _counted(game, hands, board, unseen, limit, samples, seed)


@lru_cache(maxsize=4096)
def _counted(game: str, hands: tuple[tuple[int, tuple[str, ...]], ...], board: tuple[str, ...],
             unseen: tuple[str, ...], limit: int, samples: int, seed: int) -> tuple[Odds, ...]:
    """The odds of a table whose cards to come are drawn from ``unseen`` (sorted: the same
    set gives the same draws), every outcome counted or ``samples`` of them drawn."""
    table = dict(hands)
    slots = _slots(game, table, board)
    count = _outcomes(len(unseen), slots)
    pot = PotSplit(game, [cards for _, cards in hands], board)
    # eval7 counts the high-only games from its own cards, pokerkit the lows from the text
    fast = game not in LOW_GAMES
    pool = cards_of(unseen) if fast else list(unseen)
    deals: Iterable[Sequence[Sequence]] = _every_deal(pool, slots) if count <= limit \
        else _drawn(pool, slots, samples, seed)
    if fast:
        pot.count_high(deals, board_only=not any(slots[1:]))
    else:
        for dealt in deals:
            pot.count(dealt)
    return _exact(table, pot, count) if count <= limit else _estimate(table, pot, samples)


def _drawn(pool: Sequence, slots: Sequence[int], samples: int,
           seed: int) -> Iterator[Sequence[Sequence]]:
    """``samples`` outcomes drawn independently (each a uniform choice of the cards to
    come) with ``random.Random(seed)``, cut into the board's cards and each seat's."""
    draw = random.Random(seed)
    total, cuts = sum(slots), list(accumulate(slots, initial=0))
    if not any(slots[1:]):               # only the board to come: no cutting
        nothing = ((),) * (len(slots) - 1)
        for _ in range(samples):
            yield (draw.sample(pool, total), *nothing)
        return
    for _ in range(samples):
        picked = draw.sample(pool, total)
        yield [picked[start:end] for start, end in pairwise(cuts)]


def _exact(table: Hands, pot: PotSplit, count: int) -> tuple[Odds, ...]:
    return tuple(Odds(seat, Fraction(pot.units[i], pot.whole * count),
                      Fraction(pot.scoops[i], count), Fraction(pot.splits[i], count),
                      True, 0.0, count)
                 for i, seat in enumerate(sorted(table)))


def _estimate(table: Hands, pot: PotSplit, samples: int) -> tuple[Odds, ...]:
    found = []
    for i, seat in enumerate(sorted(table)):
        share = pot.units[i] / (pot.whole * samples)
        spread = pot.squares[i] / (pot.whole ** 2 * samples) - share ** 2
        found.append(Odds(seat, share, pot.scoops[i] / samples, pot.splits[i] / samples,
                          False, math.sqrt(max(spread, 0.0) / samples), samples))
    return tuple(found)


def _card_problem(hands: Hands, board: Sequence[str], dead: Sequence[str],
                  stub: Sequence[str] | None) -> str | None:
    known = [card for held in hands.values() for card in held] + [*board, *dead, *(stub or ())]
    deck = set(standard_deck()) | {JOKER}
    wrong = sorted({card for card in known if card not in deck})
    if wrong:
        return f"not cards: {', '.join(map(repr, wrong))}"
    twice = sorted({card for card in known if known.count(card) > 1 and card != JOKER})
    if twice:
        return f"cards in two places at once: {', '.join(twice)}"
    return None


def _unseen(game: str, hands: Hands, board: Sequence[str], dead: Sequence[str],
            stub: Sequence[str] | None) -> list[str]:
    if stub is not None:
        return [card for card in stub if card != JOKER]
    known = {card for held in hands.values() for card in held} | set(board) | set(dead)
    return [card for card in standard_deck() if card not in known]


def _slots(game: str, hands: Hands, board: Sequence[str]) -> list[int]:
    """How many cards are to come: the board's first (flop games), then each seat's in
    seat order."""
    full = 5 if game in FLOP_GAMES else 0
    return [full - len(board)] + [HAND_SIZE[game] - len(hands[seat]) for seat in sorted(hands)]


def _outcomes(unseen: int, slots: Sequence[int]) -> int:
    count = 1
    for size in slots:
        count *= math.comb(unseen, size)
        unseen -= size
    return count


def _every_deal(unseen: Sequence[str], slots: Sequence[int]) -> Iterator[tuple[tuple[str, ...], ...]]:
    """Every way to fill the slots from the unseen cards, each once: the board's cards as a
    set, then each seat's."""
    if not slots:
        yield ()
        return
    if not any(slots[1:]):   # only the board to come (an all-in): no seat's cards to deal
        nothing = ((),) * (len(slots) - 1)
        for first in combinations(unseen, slots[0]):
            yield (first, *nothing)
        return
    for first in combinations(unseen, slots[0]):
        rest = [card for card in unseen if card not in first]
        for others in _every_deal(rest, slots[1:]):
            yield (first, *others)
