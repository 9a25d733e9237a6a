"""WSOP Official Live Action Rules 2024 (wsop-live@2024): the rules that differ from Robert's
Rules of Poker v11 and the TDA (fact sheet more-books.md section 2), and the misdeal cutoff of
Rule 105 chosen from the provisions (kb.rules.cutoffs)."""

import pytest
from helpers import hand, numbers, ruled

from kb.hand.actions import Record
from kb.hand.scenario_file import parse_scenario
from kb.house.compose import resolve_rulebook
from kb.rules.cutoffs import cutoff_rule, wsop_live_substantial_action

LA = "wsop-live@2024"


def acts(*names, street="preflop"):
    return [Record(seat, act, street, True) for seat, act in enumerate(names, 3)]


# ------------------------------------------------------------------ Rule 105's test


@pytest.mark.parametrize("names, reached", [
    ((), False),
    (("fold",), False),
    (("call",), False),
    (("fold", "fold"), False),                # two folds: not substantial action
    (("check", "check"), False),              # two checks: not either
    (("fold", "call"), True),
    (("fold", "check"), True),                # the TDA needs chips; LA does not
    (("check", "bet"), True),
    (("raise", "fold"), True),
    (("fold", "fold", "fold"), True),         # three folds
    (("check", "check", "check"), True),      # three checks
    (("fold", "fold", "check"), True),
])
def test_la_2024_105_substantial_action_in_button_games(names, reached):
    assert wsop_live_substantial_action(acts(*names)) is reached


def test_la_2024_105_stud_two_players_after_the_forced_bet_is_enough():
    assert wsop_live_substantial_action(acts("fold", "fold"), stud=True)
    assert not wsop_live_substantial_action(acts("call"), stud=True)


def test_each_book_takes_the_cutoff_of_its_own_provisions(kb):
    tests = {book: cutoff_rule(kb, resolve_rulebook(kb, book))
             for book in ("rrop@v11", "tda@2024", "tda@2026", "wsop-live@2024",
                          "house.casino@2026", "house.thursday-home-game@2026")}
    assert tests == {"rrop@v11": "rrop", "tda@2024": "tda", "tda@2026": "tda",
                     "wsop-live@2024": "wsop-live", "house.casino@2026": "rrop",
                     "house.thursday-home-game@2026": "tda"}


def test_wsop_tournament_88_c_is_the_tdas_test_through_same_as(kb):
    assert cutoff_rule(kb, resolve_rulebook(kb, "wsop@2024")) == "tda"


# ------------------------------------------------------------------ misdeals


def test_la_2024_105_two_folds_then_first_card_exposed_is_a_misdeal_not_under_rrop(kb):
    scenario = hand("  - deal: {exposed: [1]}\n  - act: [fold, fold]\n")
    la, rrop = ruled(kb, LA, scenario), ruled(kb, "rrop@v11", scenario)
    assert la.remedy == "misdeal" and numbers(la) == ["104"]
    assert rrop.remedy == "continue" and "Misdeals 1" in numbers(rrop)


def test_la_2024_105_fold_and_call_end_misdeal_rights(kb):
    ruling = ruled(kb, LA, hand("  - deal: {exposed: [1]}\n  - act: [fold, call]\n"))
    assert ruling.remedy != "misdeal" and "105" in numbers(ruling)


def test_la_2024_104_short_hand_after_two_folds_misdeal_text_names_no_rrop_cutoff(kb):
    ruling = ruled(kb, LA, hand("  - deal: {short: [2]}\n  - act: [fold, fold]\n"))
    assert ruling.remedy == "misdeal" and numbers(ruling) == ["104"]
    assert "Misdeals 1" not in ruling.explanation and "Only seat" not in ruling.explanation


def test_la_2024_104_empty_seat_is_no_misdeal_cause_in_holdem(kb):
    ruling = ruled(kb, LA, hand("  - deal: {dealt-to: [4]}\n", seats="[1, 2, 3, 5, 6]",
                                button="1"))
    assert ruling.remedy == "floor-decision" and numbers(ruling) == ["104"]
    assert ruled(kb, "rrop@v11", hand("  - deal: {dealt-to: [4]}\n", seats="[1, 2, 3, 5, 6]",
                                      button="1")).remedy == "misdeal"


def test_la_2024_262_empty_seat_is_a_lowball_misdeal(kb):
    ruling = ruled(kb, LA, hand("  - deal: {dealt-to: [3]}\n", seats="[1, 2, 4, 5]",
                                button="5", game="lowball-27", deck="As"))
    assert ruling.remedy == "misdeal" and numbers(ruling) == ["262"]


# ------------------------------------------------------------------ boxed and foreign cards


def test_la_2024_21_two_boxed_cards_after_substantial_action_void_the_hand(kb):
    scenario = hand("  - deal: {boxed: [3]}\n  - act: [call, call, call, call, call, check]\n"
                    "  - flop: {boxed: [1]}\n")
    la, rrop = ruled(kb, LA, scenario), ruled(kb, "rrop@v11", scenario)
    assert la.remedy == "void" and numbers(la)[0] == "21"
    assert rrop.remedy == "continue"


def test_la_2024_104_two_boxed_cards_before_substantial_action_are_a_misdeal(kb):
    ruling = ruled(kb, LA, hand("  - deal: {boxed: [3, 7]}\n"))
    assert ruling.remedy == "misdeal" and numbers(ruling) == ["104"]


def test_la_2024_21_one_boxed_card_is_a_scrap_of_paper(kb):
    ruling = ruled(kb, LA, hand("  - deal: {boxed: [3]}\n"))
    assert ruling.remedy == "continue" and numbers(ruling) == ["21"]
    assert ruling.table.set_aside                     # the boxed card is out of play


# ------------------------------------------------------------------ board


def test_la_2024_163_four_card_flop_burns_one_of_the_four_at_random(kb):
    scenario = hand("  - deal: {}\n  - act: [call, call, call, call, call, check]\n"
                    "  - flop: {cards: 4}\n")
    before = ruled(kb, "rrop@v11", hand("  - deal: {}\n  - act: [call, call, call, call, "
                                        "call, check]\n  - flop: {}\n"))
    four = list(before.table.board) + [before.table.stub_top[0]]
    ruling = ruled(kb, LA, scenario)
    assert ruling.remedy == "continue" and numbers(ruling) == ["163"] and ruling.random
    picked = [s for s in ruling.steps if s.do == "scramble-pick"][0]
    assert sorted(picked.details["cards"]) == sorted(four)
    assert len(ruling.table.board) == 3 and ruling.table.burns[-1] == picked.details["picked"]
    assert set(ruling.table.board) | {picked.details["picked"]} == set(four)


def test_la_2024_163_five_card_flop_is_reshuffled_tda_silent(kb):
    scenario = hand("  - deal: {}\n  - act: [call, call, call, call, call, check]\n"
                    "  - flop: {cards: 5}\n")
    la, tda = ruled(kb, LA, scenario), ruled(kb, "tda@2024", scenario)
    assert la.remedy == "continue" and numbers(la) == ["163"] and len(la.table.burns) == 1
    assert len(la.table.board) == 3
    assert tda.remedy == "floor-decision"


def test_la_2024_167_premature_turn_is_redealt_not_the_river_card(kb):
    scenario = hand("  - deal: {}\n  - act: [call, call, call, call, call, check]\n"
                    "  - flop: {}\n  - act: [check, check]\n  - turn: {premature: true}\n")
    la, rrop = ruled(kb, LA, scenario), ruled(kb, "rrop@v11", scenario)
    assert numbers(la)[:2] == ["167", "166"] and la.random
    assert len(la.table.burns) == 2                    # the turn's burn stays, none added
    # RRoP burns again for the would-be river, but only after the flop betting (`when`)
    assert len(rrop.table.burns) == 2 and len(rrop.table.board) == 3
    assert [s.details.get("burn") for s in rrop.steps if s.do == "deal"] == [True, False]


# ------------------------------------------------------------------ stud and lowball


def test_la_2024_214_both_down_cards_exposed_deals_the_third_down_rrop_kills_the_hand(kb):
    # 214: a first or second hole card exposed -> third card down; misdeal only if all three
    scenario = parse_scenario("id: t\ntitle: t\ngame: stud\nseats: 6\nevents:\n"
                              "  - third: {both-exposed: [4]}\n", "t.yaml")
    ruling = ruled(kb, LA, scenario)
    third = ruling.table.hands[4][2]
    assert ruling.remedy == "continue" and numbers(ruling) == ["214"]
    assert [s.to_json() for s in ruling.steps] == [{"do": "face-down", "seat": 4, "card": third}]
    assert ruled(kb, "rrop@v11", scenario).remedy == "dead-hand"


def test_la_2024_214_all_three_initial_cards_exposed_is_a_misdeal(kb):
    # both down cards exposed, then the third card, to be dealt down, dealt up as well
    scenario = parse_scenario("id: t\ntitle: t\ngame: stud\nseats: 6\nevents:\n"
                              "  - third: {both-exposed: [4]}\n"
                              "  - floor: {replacement-exposed: [1]}\n"
                              "  - act: [call]\n", "t.yaml")
    ruling = ruled(kb, LA, scenario)
    assert (ruling.remedy, numbers(ruling)) == ("misdeal", ["214"])


def test_la_2024_279_ace_to_five_low_card_exposed_is_replaced_and_burned(kb):
    deck = "8s 4d 5s Kh 7h 4c 2s Ad 4s 9c 7s As 7c 4h Kc 6d 2h Js Qc Ts Kd 8c 6s Ah 3h Qh 3d"
    scenario = hand("  - deal: {exposed: [14]}\n", seats="5", button="5", game="lowball-a5",
                    deck=deck)
    la, rrop = ruled(kb, LA, scenario), ruled(kb, "rrop@v11", scenario)
    assert la.table.burns == ("4h",) and "4h" not in la.table.hands[4]
    assert "4h" in rrop.table.hands[4]                 # RRoP (unconfirmed): a 4 is kept


def test_la_2024_51_duplicate_after_the_next_riffle_is_a_house_error_for_the_floor(kb):
    events = ("  - deal: {}\n  - act: [call, call, call, call, call, check]\n  - flop: {}\n"
              "  - act: [check, check, check, check, check, check]\n  - turn: {}\n"
              "  - act: [check, check, check, check, check, check]\n  - river: {}\n"
              "  - act: [check, check, check, check, check, check]\n  - pot: awarded\n"
              "  - next-hand: {}\n  - found: {duplicate: 8s, where: muck}\n")
    la, rrop = ruled(kb, LA, hand(events)), ruled(kb, "rrop@v11", hand(events))
    # the duplicate rule the claim would have been ruled by in time (112), then the limit
    assert la.remedy == "floor-decision" and numbers(la) == ["112", "51"]
    assert rrop.remedy == "continue"
