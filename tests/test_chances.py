"""Each seat's chances (kb.fairness.chances) against figures counted by hand: a short stub
passed as ``stub_cards`` keeps each enumeration small enough to count every outcome in the
comment beside it."""

from __future__ import annotations

from fractions import Fraction

import pytest

from kb.fairness.chances import SAMPLES, odds, redeal, seat_chances, why_not

BOARD4 = ("2c", "7d", "9h", "Qc")


def wins(chances):
    return [c.win for c in chances]


def test_turn_all_in_on_a_stub_of_five():
    # river Kd: kings make three kings; Ad, 3s, 8c, Td: the aces hold (no straight: 7 9 Q
    # needs two more, no flush: four suits on the board)
    found = seat_chances("holdem", {1: ("As", "Ah"), 3: ("Ks", "Kh")}, BOARD4,
                         stub_cards=("Kd", "Ad", "3s", "8c", "Td"))
    assert [c.seat for c in found] == [1, 3]
    assert wins(found) == [Fraction(4, 5), Fraction(1, 5)]
    assert [c.split for c in found] == [0, 0]
    assert all(c.exact and c.error == 0 for c in found)


def test_flop_all_in_over_the_whole_deck():
    # 45 unseen, C(45, 2) = 990 turn-rivers. The kings win with a king and no ace: both
    # kings (1) or one king with one of the 41 cards neither king nor ace (82): 83. No
    # flush (each hand one spade, one heart; the flop three suits), no straight that one
    # hand makes and the other does not, and no tie (a pocket pair always plays).
    found = seat_chances("holdem", {1: ("As", "Ah"), 2: ("Ks", "Kh")}, ("2c", "7d", "9h"))
    assert wins(found) == [Fraction(907, 990), Fraction(83, 990)]


def test_dead_cards_are_not_to_come():
    # the same flop with the two last kings dead (burnt, mucked): no king is left to come,
    # and no flush or straight for the kings alone: the aces win all C(43, 2) = 903
    found = odds("holdem", {1: ("As", "Ah"), 2: ("Ks", "Kh")}, ("2c", "7d", "9h"),
                 dead_cards=("Kd", "Kc"))
    assert [(o.share, o.outcomes) for o in found] == [(1, 903), (0, 903)]


def test_a_tie_is_shared():
    # a royal flush on the board plays for all three: each takes a third, every time
    found = odds("holdem", {1: ("2c", "3d"), 2: ("4c", "5d"), 4: ("6c", "7d")},
                 ("As", "Ks", "Qs", "Js", "Ts"))
    assert [(o.share, o.scoop, o.split) for o in found] == [(Fraction(1, 3), 0, 1)] * 3


def test_a_missing_hole_card_is_to_come_too():
    # seat 2 was dealt one card, 9d; the board is out. Of the stub 9s, 4d: 9s makes three
    # nines (beats the aces), 4d leaves him with nine high
    found = seat_chances("holdem", {1: ("As", "Ah"), 2: ("9d",)}, BOARD4 + ("3s",),
                         stub_cards=("9s", "4d"))
    assert wins(found) == [Fraction(1, 2), Fraction(1, 2)]


def test_omaha_hi_lo_scoop_and_split_counted_by_hand():
    # board 2c 5d 9h Kc, one river from 4s, 8c, Kh:
    #   4s: seat 1 As 3h + 2 4 5 is a wheel, the best high (straight over three nines) and
    #       the best low: seat 1 scoops
    #   8c: seat 2's three nines take the high; seat 1's A 3 + 2 5 8 the low: half each
    #   Kh: seat 2's nines full of kings take the high; two low cards on the board: no low,
    #       so the whole pot: seat 2 scoops
    found = odds("omaha-hi-lo", {1: ("As", "3h", "Ks", "Qd"), 2: ("9s", "9d", "Jh", "Jc")},
                 ("2c", "5d", "9h", "Kc"), stub_cards=("4s", "8c", "Kh"))
    third, half = Fraction(1, 3), Fraction(1, 2)
    assert [(o.share, o.scoop, o.split) for o in found] == [(half, third, third)] * 2
    assert [c.split for c in seat_chances("omaha-hi-lo", {1: ("As", "3h", "Ks", "Qd"),
                                                          2: ("9s", "9d", "Jh", "Jc")},
                                          ("2c", "5d", "9h", "Kc"),
                                          stub_cards=("4s", "8c", "Kh"))] == [third, third]


def test_stud_sixth_street_one_card_each_to_come():
    # 6 outcomes (seat 1's seventh card, seat 2's): seat 1's aces beat seat 2's three kings
    # only with the Ah (2 outcomes); the 5c and 6c make nobody a straight or a flush
    found = seat_chances("stud", {1: ("As", "Ad", "Kc", "Qh", "7s", "3d"),
                                  2: ("Ks", "Kd", "Kh", "2c", "4d", "9s")},
                         stub_cards=("Ah", "5c", "6c"))
    assert wins(found) == [Fraction(1, 3), Fraction(2, 3)]


def test_razz_seventh_cards_counted_by_hand():
    # seat 1 A 2 3 4 + K K, seat 2 2 3 4 6 + Q Q; seventh cards from 5, 7, 8 (6 outcomes):
    # (5,7) (5,8) seat 1's wheel; (7,8) 7-4-3-2-A over 8-6-4-3-2; (7,5) (8,5) 6-5-4-3-2
    # beats seat 1's seven and eight; (8,7) 7-6-4-3-2 beats 8-4-3-2-A: three each
    found = seat_chances("razz", {1: ("As", "2d", "3h", "4c", "Kd", "Ks"),
                                  2: ("2s", "3c", "4d", "6h", "Qd", "Qs")},
                         stub_cards=("5d", "7c", "8h"))
    assert wins(found) == [Fraction(1, 2), Fraction(1, 2)]


def test_aces_against_kings_before_the_flop_is_estimated_with_its_error():
    # 1,712,304 boards: over the limit, so 10,000 are drawn. tools/bench_chances.py enumerates them
    # all (eval7, pokerkit and phevaluator agree): AsAh against KsKh wins 1,410,336
    # boards, loses 292,660 and ties 9,308, a share of 1,414,990 / 1,712,304 = 82.64%
    # (docs/benchmarks.md); the published figure for aces against kings, over every
    # suit, is about 81.9%
    found = odds("holdem", {1: ("As", "Ah"), 2: ("Ks", "Kh")})
    aces = found[0]
    assert not aces.exact and aces.outcomes == SAMPLES
    assert SAMPLES == 10_000
    assert 0.0035 < aces.error < 0.0042              # sqrt(0.82 * 0.18 / 10,000) = 0.0038
    assert abs(aces.share - 0.8264) < 4 * aces.error
    assert abs(aces.share - 0.819) < 0.015
    assert odds("holdem", {1: ("As", "Ah"), 2: ("Ks", "Kh")}, limit=10) == found  # seeded


def test_aces_against_kings_on_a_short_deck_is_exact_under_the_limit():
    found = odds("holdem", {1: ("As", "Ah"), 2: ("Ks", "Kh")}, limit=10**6,
                 stub_cards=("Kd", "2c", "7d", "9h", "3s", "4s"))
    # C(6, 5) = 6 boards: the five without Kd (1) is the aces'; the five with it, kings
    assert [o.share for o in found] == [Fraction(1, 6), Fraction(5, 6)]


@pytest.mark.parametrize(("game", "hands", "board", "reason"), [
    ("badugi", {1: ("As", "2h", "3d", "4c"), 2: ("Ks", "Kh")}, (), "a draw game"),
    ("holdem", {1: ("Jk", "Ah"), 2: ("Ks", "Kh")}, (), "a joker is in play"),
    ("holdem", {1: ("As", "Ah", "Ad"), 2: ("Ks", "Kh")}, (), "seat 1 holds 3 cards"),
    ("stud", {1: ("As",), 2: ("Ks",)}, ("2c",), "the board holds 1 cards"),
])
def test_not_computed_says_why_and_gives_no_figure(game, hands, board, reason):
    assert why_not(game, hands, board).startswith(reason)
    assert seat_chances(game, hands, board) == ()


def test_too_few_unseen_cards_is_not_computed():
    hands = {1: ("As", "Ah"), 2: ("Ks", "Kh")}
    assert why_not("holdem", hands, stub_cards=("2c", "3c")) == \
        "5 cards are to come but only 2 are unseen"
    assert seat_chances("holdem", hands, stub_cards=("2c", "3c")) == ()


def test_a_card_given_twice_or_not_a_card_is_not_counted():
    # a table the replay got wrong gives no figure and says why, never a traceback
    assert why_not("holdem", {1: ("As", "Ah"), 2: ("As", "Kh")}) == \
        "cards in two places at once: As"
    assert why_not("holdem", {1: ("Ks", "Kh")}, ("2c", "7d", "9h"), ("Kd",), ("Kd", "3s")) \
        == "cards in two places at once: Kd"
    assert why_not("holdem", {1: ("10h", "Ah"), 2: ("Ks", "Kh")}) == "not cards: '10h'"
    assert seat_chances("holdem", {1: ("As", "Ah"), 2: ("As", "Kh")}) == ()


def test_stud_high_low_split_counted_by_hand():
    # seat 2's queens full take every high; seat 1's A 2 3 4 makes a low only with the 5d
    # (a wheel: seat 1 takes the low half, seat 2 the high): 2 outcomes of 6 split, the
    # other 4 (Kh or Tc: four low cards, no eight-or-better) are seat 2's scoops
    found = odds("stud-high-low", {1: ("As", "2d", "3h", "4c", "Kd", "Ks"),
                                   2: ("Qs", "Qd", "Qh", "9c", "9d", "Jh")},
                 stub_cards=("5d", "Kh", "Tc"))
    assert [(o.share, o.scoop, o.split) for o in found] == [
        (Fraction(1, 6), 0, Fraction(1, 3)), (Fraction(5, 6), Fraction(2, 3), Fraction(1, 3))]


def test_a_low_is_pokerkits_low_of_the_whole_hand():
    # kb.fairness.showdown evaluates a low once per key (the five lowest different ranks):
    # on 600 hands drawn at random the key's low is pokerkit's of the hand itself
    import random

    from pokerkit import EightOrBetterLowHand, OmahaEightOrBetterLowHand, RegularLowHand

    from kb.fairness.showdown import low
    from kb.hand.cards import standard_deck

    def strength(kind, hole, board=""):
        try:
            return kind.from_game(hole, board).entry.index
        except ValueError:
            return None

    draw = random.Random(7)
    for _ in range(200):
        hand = draw.sample(standard_deck(), 9)
        seven, hole, board = hand[:7], hand[:4], hand[4:]
        for game, kind in (("razz", RegularLowHand), ("stud-high-low", EightOrBetterLowHand)):
            mine, theirs = low(game, seven, ()), strength(kind, "".join(seven))
            assert (mine is None and theirs is None) or mine == -theirs, (game, seven)
        mine = low("omaha-hi-lo", hole, board)
        theirs = strength(OmahaEightOrBetterLowHand, "".join(hole), "".join(board))
        assert (mine is None and theirs is None) or mine == -theirs, (hole, board)


def test_a_redeal_is_one_share_each_exactly_and_its_splits_estimated():
    found = redeal("holdem", [1, 4, 6])
    assert [(c.seat, c.win) for c in found] == [(1, Fraction(1, 3)), (4, Fraction(1, 3)),
                                                (6, Fraction(1, 3))]
    assert all(not c.exact and 0 < c.split < 0.1 and 0 < c.error < 0.003 for c in found)
    assert redeal("lowball-a5", [1, 2]) == ()


@pytest.mark.parametrize(("game", "hands", "board", "stub"), [
    ("holdem", {1: ("As", "Ah"), 2: ("Ks", "Kh"), 3: ("Qs", "Qh")}, ("2s", "7s"),
     ("Kd", "Ad", "3s", "8c", "Td", "9s", "Js", "4s")),
    ("holdem", {1: ("As",), 2: ("Ks", "Kh")}, ("2c", "7d", "9h"), ("Kd", "Ad", "3s", "7c", "9d")),
    ("omaha", {1: ("As", "Ah", "Ks", "Kh"), 2: ("Qs", "Qh", "Js", "Jh")}, ("2s", "7s", "9h"),
     ("Kd", "Ad", "3s", "8s", "Td", "Qd")),
    ("stud", {1: ("As", "Ad", "Kc", "Qh", "7s"), 2: ("Ks", "Kd", "Kh", "2c", "4d")}, (),
     ("Ah", "5c", "6c", "Qd", "Qs", "2h")),
])
def test_the_fast_count_is_the_count_of_each_outcome(game, hands, board, stub):
    # PotSplit.count_high (eval7's cards, the enumeration's inner loop) tallies the same
    # shares as PotSplit.count, outcome by outcome, ties included (three-way board ties
    # and Omaha's two-plus-three rule)
    from kb.fairness.chances import _every_deal, _slots
    from kb.fairness.showdown import cards_of
    from kb.fairness.split import PotSplit

    slots, seats = _slots(game, hands, board), [hands[s] for s in sorted(hands)]
    one, fast = PotSplit(game, seats, board), PotSplit(game, seats, board)
    for dealt in _every_deal(stub, slots):
        one.count(dealt)
    fast.count_high(([cards_of(part) for part in dealt] for dealt in _every_deal(stub, slots)),
                    board_only=not any(slots[1:]))
    assert fast.tally == one.tally and sum(one.tally.values()) > 1
    assert (fast.units, fast.scoops, fast.splits) == (one.units, one.scoops, one.splits)


def test_a_low_game_is_not_counted_by_the_high_count():
    from kb.fairness.split import PotSplit
    with pytest.raises(ValueError, match="razz has a low half"):
        PotSplit("razz", [("As",), ("Ks",)], ()).count_high([], board_only=False)


def test_the_same_cards_to_come_give_the_same_figures_however_they_are_given():
    # the chances depend on the stub only as a set, and on a dead card only where it
    # changes the unseen cards: the same draws, the same estimate (memoised once)
    hands = {1: ("As", "Ah"), 2: ("Ks", "Kh"), 3: ("Qs", "Qh")}
    stub = tuple(c for c in ("2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c", "Tc", "Jc",
                             "2d", "3d", "4d", "5d", "6d", "7d", "8d", "9d", "Td", "Jd"))
    first = odds("holdem", hands, stub_cards=stub, limit=10)
    again = odds("holdem", hands, dead_cards=("Qd",), stub_cards=tuple(reversed(stub)), limit=10)
    assert first == again and not first[0].exact
    assert abs(sum(o.share for o in first) - 1) < 1e-9
