"""Who takes the pot at a showdown, game by game: each seat's strength as a number, higher
is stronger, for the high half and the low half of the pot.

The high hands are eval7's (a C evaluator: about 200 times pokerkit's speed on the same
enumeration, docs/benchmarks.md "Chances"); the low hands are pokerkit's (ace-to-five
for razz, eight-or-better for the high-low games), which eval7 does not evaluate. A low
hand depends only on its ranks, so each is evaluated once per set of ranks and kept: in
an enumeration the same ranks come back thousands of times. The choice is argued in
docs/dev/architecture.md ("The hand evaluators").

>>> high("holdem", ("As", "Ah"), ("Ks", "Kh", "2c", "7d", "9h")) > \\
...     high("holdem", ("Qd", "Jc"), ("Ks", "Kh", "2c", "7d", "9h"))
True
>>> low("omaha-hi-lo", ("As", "Ah", "Kd", "Kc"), ("3s", "4h", "5d", "Qh", "Qd")) is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from itertools import combinations

import eval7

from kb.hand.cards import standard_deck
from kb.hand.scenario import OMAHA_GAMES, STUD_GAMES

#: Games whose pot goes half to the best high hand, half to the best qualifying low.
HI_LO_GAMES = ("omaha-hi-lo", "stud-high-low")
#: Games with a low half (razz is low only: no high half).
LOW_GAMES = HI_LO_GAMES + ("razz",)
#: Games whose showdown this module evaluates: every flop and stud game of floorbook's
#: scenarios (the draw games' cards to come are the players' choice: kb.fairness.chances).
SHOWDOWN_GAMES = ("holdem",) + OMAHA_GAMES + STUD_GAMES
#: Cards in a complete hand of each game (the board's five come on top for flop games).
HAND_SIZE = {"holdem": 2, "omaha": 4, "omaha-hi-lo": 4, "pot-limit-omaha": 4,
             "stud": 7, "stud-high-low": 7, "razz": 7}

_EVAL7 = {text: eval7.Card(text) for text in standard_deck()}


def high(game: str, hole: Sequence[str], board: Sequence[str]) -> int | None:
    """The strength of the best high hand of ``hole`` (a seat's cards) with ``board`` (the
    five community cards, empty in stud): a number, higher is stronger, equal for a tie;
    None in razz, which has no high half. Omaha plays exactly two hole cards and three of
    the board. Raises KeyError for a card outside the standard deck (a joker).

    >>> high("stud", ("As", "Ad", "Ah", "2c", "3d", "4h", "9s"), ()) > \\
    ...     high("stud", ("Ks", "Kd", "Kh", "2s", "3c", "4d", "9c"), ())
    True
    """
    if game == "razz":
        return None
    if game in OMAHA_GAMES:
        return max(eval7.evaluate([_EVAL7[card] for card in two + three])
                   for two in combinations(hole, 2) for three in combinations(board, 3))
    return eval7.evaluate([_EVAL7[card] for card in (*hole, *board)])


def highs(game: str, hands: Sequence[Sequence[str]], board: Sequence[str]) -> list[int | None]:
    """:func:`high` of each of ``hands`` on one ``board``, the board's cards looked up once
    (the enumeration's inner loop: a third of its time was these look-ups).

    >>> a, k = highs("holdem", [("As", "Ah"), ("Ks", "Kh")], ("2c", "7d", "9h", "Qc", "3s"))
    >>> a > k
    True
    """
    if game == "razz" or game in OMAHA_GAMES:
        return [high(game, hand, board) for hand in hands]
    shown = [_EVAL7[card] for card in board]
    return [eval7.evaluate([_EVAL7[card] for card in hand] + shown) for hand in hands]


def cards_of(texts: Sequence[str]) -> list[eval7.Card]:
    """eval7's cards of ``texts`` (made once per card at import: an enumeration hands the
    same objects to eval7 over and over). Raises KeyError for a card outside the deck.

    >>> cards_of(("As", "Td"))
    [Card("As"), Card("Td")]
    """
    return [_EVAL7[card] for card in texts]


def high_of_cards(game: str) -> Callable[[list[eval7.Card], list[eval7.Card]], int]:
    """The high hand's strength as :func:`high` gives it, of eval7 cards: a function of a
    seat's cards and the board's (the same numbers, without looking the cards up again).
    Not for razz, which has no high half.

    >>> rank = high_of_cards("omaha")
    >>> rank(cards_of(("As", "Ah", "Kd", "Kc")), cards_of(("2s", "7s", "9s", "Qh", "Jd"))) \\
    ...     == high("omaha", ("As", "Ah", "Kd", "Kc"), ("2s", "7s", "9s", "Qh", "Jd"))
    True
    """
    if game in OMAHA_GAMES:
        return _omaha_high
    return _plain_high


def _plain_high(hole: list[eval7.Card], board: list[eval7.Card]) -> int:
    return eval7.evaluate(hole + board)


def _omaha_high(hole: list[eval7.Card], board: list[eval7.Card]) -> int:
    return omaha_highs([hole_pairs(hole)], board)[0]


def hole_pairs(hole: Sequence[eval7.Card]) -> list[list[eval7.Card]]:
    """The two-card sets an Omaha hand ``hole`` can play (six of four cards), made once a
    seat for :func:`omaha_highs`."""
    return [list(two) for two in combinations(hole, 2)]


def omaha_highs(pairs: Sequence[list[list[eval7.Card]]], board: Sequence[eval7.Card]) -> list[int]:
    """Each Omaha seat's high (:func:`high`) on one ``board`` of eval7 cards, from each
    seat's :func:`hole_pairs`: the board's three-card sets are made once for every seat.

    >>> hole, board = ("As", "Ah", "Kd", "Kc"), ("2s", "7s", "9s", "Qh", "Jd")
    >>> omaha_highs([hole_pairs(cards_of(hole))], cards_of(board)) == [high("omaha", hole, board)]
    True
    """
    evaluate = eval7.evaluate
    threes = [list(three) for three in combinations(board, 3)]
    return [max(evaluate(two + three) for two in seat for three in threes) for seat in pairs]


def low(game: str, hole: Sequence[str], board: Sequence[str]) -> int | None:
    """The strength of the best low hand of ``hole`` with ``board``, higher is stronger
    (ace-to-five: A-2-3-4-5 best), None where the game has no low half or the hand does
    not qualify (the high-low games: eight or better; Omaha: two hole cards and three of
    the board).

    >>> low("razz", ("As", "2d", "3h", "4c", "5d", "Kh", "Ks"), ()) > \\
    ...     low("razz", ("As", "2d", "3h", "4c", "6d", "Kh", "Ks"), ())
    True
    """
    if game not in LOW_GAMES:
        return None
    if game in OMAHA_GAMES:
        hole_low, board_low = _distinct(hole, eight=True), _distinct(board, eight=True)
        if len(hole_low) < 2 or len(board_low) < 3:
            return None
        return _omaha_low(hole_low, board_low)
    return _stud_low(game, _low_key(game, (*hole, *board)))


#: Ranks from the lowest up for an ace-to-five low: the ace is the lowest card.
LOW_ORDER = "A23456789TJQK"


def _distinct(cards: Sequence[str], eight: bool) -> tuple[str, ...]:
    """The different ranks of ``cards``, lowest first (eight or lower with ``eight``)."""
    ranks = sorted({card[0] for card in cards}, key=LOW_ORDER.index)
    return tuple(rank for rank in ranks if not eight or LOW_ORDER.index(rank) < 8)


def _low_key(game: str, cards: Sequence[str]) -> tuple[str, ...]:
    """What a stud hand's low depends on: with five different ranks (eight or lower, in
    stud high-low), the five lowest are its best ace-to-five low, whatever else it holds;
    only a razz hand of fewer different ranks needs its pairs (all its ranks). So a few
    thousand lows are evaluated, not one per hand: tests/test_chances.py checks the low
    of the key against pokerkit's of the whole hand.

    >>> _low_key("razz", ("Ks", "2d", "Ah", "2c", "7d", "5h", "9s"))
    ('A', '2', '5', '7', '9')
    >>> _low_key("stud-high-low", ("Ks", "2d", "Ah", "2c", "7d", "5h", "9s"))
    ('A', '2', '5', '7')
    """
    distinct = _distinct(cards, eight=game != "razz")
    if len(distinct) >= 5 or game != "razz":
        return distinct[:5]
    return tuple(sorted(card[0] for card in cards))


def _suited(*groups: Sequence[str]) -> list[str]:
    """Cards of each group of ranks for pokerkit, each rank's cards given the suits in turn
    across all groups so that no card repeats; an ace-to-five low ignores suits, so any
    suits give the same strength.

    >>> _suited("AA", "A2")
    ['AsAh', 'Ad2s']
    """
    dealt: dict[str, int] = {}
    shown = []
    for ranks in groups:
        cards = []
        for rank in ranks:
            cards.append(rank + "shdc"[dealt.get(rank, 0)])
            dealt[rank] = dealt.get(rank, 0) + 1
        shown.append("".join(cards))
    return shown


@cache
def _stud_low(game: str, ranks: tuple[str, ...]) -> int | None:
    # pokerkit is imported on the first low hand: its import costs 0.45 s, which a
    # high-only game (most scenarios) never needs to pay
    from pokerkit import EightOrBetterLowHand, RegularLowHand
    kind = RegularLowHand if game == "razz" else EightOrBetterLowHand
    if len(ranks) < 5:   # stud high-low: fewer than five ranks of eight or lower
        return None
    try:
        return -kind.from_game(*_suited(ranks)).entry.index   # lower index, stronger low
    except ValueError:                                         # no eight-or-better low
        return None


@cache
def _omaha_low(hole: tuple[str, ...], board: tuple[str, ...]) -> int | None:
    # the hand's different ranks of eight or lower, in the hole and on the board: the
    # only cards an eight-or-better low can use (kb.fairness.showdown.low)
    from pokerkit import OmahaEightOrBetterLowHand  # on first use, as in _stud_low
    try:
        return -OmahaEightOrBetterLowHand.from_game(*_suited(hole, board)).entry.index
    except ValueError:
        return None
