"""kb.fairness.order's enumeration, kept once per shape: the same exact chances every
time, and a caller that changes its copy changes no later answer."""

from __future__ import annotations

from fractions import Fraction

from kb.fairness.order import Shape, keeps_random, positions


def test_a_shuffled_stub_is_counted_by_hand():
    # one seen card put on top of two unseen, then the three reshuffled: each of the three
    # cards is at each place one time in three (3! x 2! orders, all alike)
    chances = positions(Shape(unseen=2, seen=("As",), put_back="top", shuffle=True))
    assert chances == {("stub", i): {"As": Fraction(1, 3), "u1": Fraction(1, 3),
                                     "u2": Fraction(1, 3)} for i in range(3)}


def test_a_scramble_of_three_with_one_seen_is_counted_by_hand():
    # As with the top two of three unseen cards (in any of 3! orders) scrambled, one picked
    # out: As is picked one time in three; an unseen card is among the two scrambled two
    # times in three, then picked one time in three: 2/9; the one left in the stub is any
    # of the three alike. As is favoured (1/3 against 2/9): not random
    chances = positions(Shape(unseen=3, seen=("As",), scramble=True, scramble_unseen=2))
    third, two_ninths = Fraction(1, 3), Fraction(2, 9)
    assert chances[("picked", 0)] == {"As": third, "u1": two_ninths, "u2": two_ninths,
                                      "u3": two_ninths}
    assert chances[("stub", 0)] == {"u1": third, "u2": third, "u3": third}
    assert keeps_random(chances) is False


def test_a_caller_changing_its_copy_changes_no_later_answer():
    shape = Shape(unseen=3, seen=("As",), put_back="top")
    first = positions(shape)
    assert first[("stub", 0)] == {"As": Fraction(1)}
    first[("stub", 0)]["As"] = Fraction(0)
    first.pop(("stub", 1))
    again = positions(shape)
    assert again[("stub", 0)] == {"As": Fraction(1)}
    assert again[("stub", 1)] == {"u1": Fraction(1, 3), "u2": Fraction(1, 3),
                                  "u3": Fraction(1, 3)}
