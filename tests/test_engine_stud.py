"""Stud rulings from the rule texts (sources.md sections 2, 7.5 and 9.2), with the standard
deck order (A to 2, suits s h d c) so that the cards can be counted by hand."""

import pytest
from helpers import numbers, ruled

from kb.hand.scenario import ScenarioError
from kb.hand.scenario_file import parse_scenario

CHECKS = "  - act: [{}]\n"




def stud(events: str, seats=3, setting="tournament"):
    return parse_scenario(f"id: t\ntitle: t\ngame: stud\nsetting: {setting}\nseats: {seats}\n"
                          f"events:\n{events}")




def streets(players: int, to: str = "sixth", folds_on_fourth: int = 0) -> str:
    """Third street with calls, then every later street up to ``to`` with checks."""
    text = "  - third: {}\n" + CHECKS.format(", ".join(["call"] * (players - 1)))
    live = players
    for name in ("fourth", "fifth", "sixth"):
        text += f"  - {name}: {{}}\n"
        acts = ["check"] * live
        if name == "fourth" and folds_on_fourth:
            acts[:folds_on_fourth] = ["fold"] * folds_on_fourth
        text += CHECKS.format(", ".join(acts))
        if name == "fourth":
            live -= folds_on_fourth
        if name == to:
            break
    return text


def test_tda_rp_10_h_a_seven_players_the_three_burns_make_up_the_shortfall(kb):
    ruling = ruled(kb, "tda@2024", stud(streets(7) + "  - seventh: {}\n", seats=7))
    assert ruling.remedy == "continue" and "RP-10-H" in numbers(ruling) and ruling.random
    assert [s.do for s in ruling.steps] == ["return-to-stub", "shuffle", "cut", "burn", "deal"]
    assert all(len(ruling.table.hands[seat]) == 7 for seat in range(1, 8))
    assert ruling.table.board == () and len(ruling.table.burns) == 1


def test_tda_rp_10_h_b_three_cards_left_burn_and_one_common_card(kb):
    ruling = ruled(kb, "tda@2024", stud(streets(8, folds_on_fourth=1), seats=8))
    assert ruling.remedy == "continue" and "RP-10-H" in numbers(ruling)
    assert not ruling.random
    assert ruling.table.burns == ("8s", "6h", "4h", "2h") and ruling.table.board == ("2d",)
    assert ruling.table.stub_top == ("2c",)
    assert [s.do for s in ruling.steps] == ["burn", "common-card"]


def test_tda_rp_10_b_seventh_card_exposed_with_betting_left_is_replaced(kb):
    scenario = stud(streets(3) + "  - seventh: {exposed: [2]}\n")
    ruling = ruled(kb, "tda@2024", scenario)
    assert ruling.remedy == "continue" and "RP-10-B" in numbers(ruling)
    assert ruling.table.hands[2] == ("Ah", "Ks", "Kc", "Qc", "Jc", "Tc", "8h")
    assert ruling.table.set_aside == ("9c",) and ruling.table.stub_top[0] == "8d"


def test_tda_rp_10_b_no_betting_left_the_exposed_card_stays(kb):
    events = streets(2, to="fifth") + "  - sixth: {}\n  - act: [all-in, call]\n" \
        "  - seventh: {exposed: [2]}\n"
    ruling = ruled(kb, "tda@2024", stud(events, seats=2))
    assert ruling.remedy == "continue" and "RP-10-B" in numbers(ruling)
    assert ruling.table.hands[2][-1] == "Th" and ruling.steps == ()


def test_rrop_seventh_card_exposed_with_betting_to_come_is_the_floors_no_misdeal(kb):
    # issue 21: no misdeal (Misdeals 1), and no stud rule seen says whether it is replaced
    ruling = ruled(kb, "rrop@v11", stud(streets(3) + "  - seventh: {exposed: [2]}\n"))
    assert ruling.remedy == "floor-decision"
    assert numbers(ruling)[-2:] == ["Irregularities 13", "Misdeals 1"]


def test_tda_rp_5_d_premature_stud_street_is_reshuffled_and_dealt_without_a_burn(kb):
    events = streets(3, to="fourth").rsplit("  - act:", 1)[0] + "  - act: [check]\n" \
        "  - fifth: {premature: true}\n"
    scenario = stud(events)
    ruling = ruled(kb, "tda@2024", scenario)
    assert ruling.remedy == "continue" and ruling.random
    assert {"RP-5-D", "39-C", "39-D"} <= set(numbers(ruling))
    assert [s.do for s in ruling.steps] == ["finish-betting", "return-to-stub", "face-down",
                                            "shuffle", "deal"]
    assert ruling.table.burns == ("Qh", "Jh")
    assert all(len(ruling.table.hands[seat]) == 5 for seat in (1, 2, 3))
    assert ruled(kb, "rrop@v11", scenario).remedy == "floor-decision"


def test_both_down_cards_exposed_rrop_cash_dead_hand_tda_leaves_it_open(kb):
    scenario = stud("  - third: {both-exposed: [3]}\n", seats=5, setting="cash")
    rrop = ruled(kb, "rrop@v11", scenario)
    assert rrop.remedy == "dead-hand" and rrop.table.dead == (3,)
    assert rrop.table.muck == ("Ad", "Kc", "Js")
    assert [s.do for s in rrop.steps] == ["kill", "refund"]
    assert ruled(kb, "tda@2024", scenario).remedy == "floor-decision"


def test_both_down_cards_exposed_rrop_tournament_is_a_misdeal(kb):
    scenario = stud("  - third: {both-exposed: [3]}\n", seats=5)
    assert ruled(kb, "rrop@v11", scenario).remedy == "misdeal"


def test_one_exposed_down_card_still_follows_rp_10_a(kb):
    ruling = ruled(kb, "tda@2024", stud("  - third: {exposed: [3]}\n", seats=5))
    assert ruling.remedy == "continue" and "RP-10-A" in numbers(ruling)


@pytest.mark.parametrize("events, message", [
    ("  - third: {}\n  - fourth: {both-exposed: [1]}\n", "both-exposed"),
    ("  - third: {premature: true}\n", "cannot be premature"),
])
def test_stud_options_in_the_wrong_street_are_errors(kb, events, message):
    with pytest.raises(ScenarioError, match=message):
        ruled(kb, "tda@2024", stud(events))
