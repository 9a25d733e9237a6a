"""The two misdeal cutoffs: Robert's Rules v11 Misdeals 1 and TDA 2024 Rule 36."""

from kb.hand.actions import Betting, Record
from kb.rules.cutoffs import rrop_action_begun, tda_substantial_action


def acts(*pairs):
    return [Record(seat, act, "preflop", True) for seat, act in pairs]


def test_rrop_v11_misdeals_1_two_folds_end_misdeal_rights():
    assert rrop_action_begun(acts((3, "fold"), (4, "fold")))


def test_tda_2024_36_two_folds_are_not_substantial_action():
    assert tda_substantial_action(acts((3, "fold"), (4, "fold"))) is None


def test_tda_2024_36_a_fold_and_call_is_substantial_action():
    assert tda_substantial_action(acts((3, "fold"), (4, "call"))) == "36-A"


def test_tda_2024_36_b_three_folds_are_substantial_action():
    assert tda_substantial_action(acts((3, "fold"), (4, "fold"), (5, "fold"))) == "36-B"


def test_one_call_is_no_cutoff_in_either_book():
    assert not rrop_action_begun(acts((3, "call")))
    assert tda_substantial_action(acts((3, "call"))) is None


def test_rrop_v11_misdeals_1_one_raise_has_not_begun_action():
    assert not rrop_action_begun(acts((3, "raise")))


def test_tda_2024_36_actions_out_of_turn_do_not_count():
    records = [Record(3, "fold", "preflop", True), Record(5, "call", "preflop", False)]
    assert tda_substantial_action(records) is None


def test_blinds_are_not_actions_first_to_act_is_after_the_big_blind():
    betting = Betting((1, 2, 3, 4, 5, 6), first_after=2, later_after=6)
    assert betting.act("fold").seat == 3
    assert betting.act("call").seat == 4


def test_heads_up_button_small_blind_acts_first_preflop_and_last_after():
    betting = Betting((3, 7), first_after=3, later_after=7)
    assert betting.act("call").seat == 7
    betting.act("check")
    betting.new_round("flop")
    assert betting.act("check").seat == 3


def test_naming_a_seat_out_of_turn_marks_it_out_of_turn():
    betting = Betting((1, 2, 3, 4), first_after=2, later_after=4)
    record = betting.act("call", 4)
    assert not record.in_turn
    assert betting.act("fold").seat == 3
