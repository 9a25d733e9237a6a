"""Rulings settled by the rule texts after the blind reading (issue 21): the entries the
readers left ``read: engine`` because the file was wrong or the texts allow two readings.
Each test rules a bundled scenario and asserts what the texts give (the why of each is in
the scenario's entry)."""

from pathlib import Path

import pytest
from helpers import numbers, ruled

from kb import DATA
from kb.hand.scenario_file import load_scenario


def scenario(name: str):
    return load_scenario(Path(DATA) / "scenarios" / f"{name}.yaml")


# ---- 1. WSOP Tournament rules and a joker: Rule 129 sends the hand to Live Action 115 --

@pytest.mark.parametrize("name, seat, card", [
    ("tda2026-joker-in-hand-before-any-action", 4, "4c"),
    ("joker-in-hand-before-substantial-action", 4, "Jd"),
])
def test_wsop_a_joker_in_a_hand_not_acted_on_is_replaced_under_live_action_115(kb, name, seat, card):
    ruling = ruled(kb, "wsop@2024", scenario(name))
    assert ruling.remedy == "continue" and card in ruling.table.hands[seat]
    assert "Jk" in ruling.table.set_aside
    assert {"129", "115"} <= set(numbers(ruling))


@pytest.mark.parametrize("name, board", [
    ("tda2026-joker-on-river-after-substantial-action", ["5h", "6d", "Qs", "9h", "7s"]),
    ("case-c43-joker-on-flop-after-all-ins", ["Th", "Td", "8h"]),
    ("case-c43-second-joker-found-after-pot", ["Th", "Td", "8h", "8d", "6h"]),
])
def test_wsop_a_joker_on_the_board_is_replaced_by_the_next_card(kb, name, board):
    ruling = ruled(kb, "wsop@2024", scenario(name))
    assert ruling.remedy == "continue" and list(ruling.table.board) == board
    assert all(call.remedy == "continue" for call in ruling.calls)


def test_wsop_a_joker_left_in_the_stub_leaves_the_awarded_pot_standing(kb):
    ruling = ruled(kb, "wsop@2024", scenario("tda2026-joker-in-stub-after-pot-awarded"))
    assert ruling.remedy == "continue" and "115" in numbers(ruling)
    assert "Rule 129" in ruling.explanation and "Glossary, defective deck" in numbers(ruling)


# ---- 2. WSOP Tournament rules and a wrong count: Rule 108 kills, before SA too ---------

@pytest.mark.parametrize("name, dead", [
    ("rrop-misdeals-2e-omaha-five-cards-one-fold", [1]),
    ("rrop-misdeals-2e-three-cards-before-action", [3]),
    ("non-button-short-after-two-folds", [5]),
    ("non-button-short-before-action", [3]),
    ("case-c08-player-took-neighbours-card", [5, 6]),
    ("player-took-neighbours-card-before-action", [4, 5]),
])
def test_wsop_a_hand_with_the_wrong_count_is_dead_under_108_and_the_misdeal_is_named(kb, name, dead):
    ruling = ruled(kb, "wsop@2024", scenario(name))
    assert ruling.remedy == "dead-hand" and "108" in numbers(ruling)
    assert sorted(s.details["seat"] for s in ruling.steps if s.do == "kill") == dead
    assert "other reading" in ruling.explanation.lower()


def test_live_action_leaves_a_count_a_player_upset_before_sa_to_the_floor_naming_106(kb):
    ruling = ruled(kb, "wsop-live@2024", scenario("case-c08-player-took-neighbours-card"))
    assert ruling.remedy == "floor-decision" and numbers(ruling) == ["106"]
    assert "kills every hand without the proper number" in ruling.explanation


# ---- 5. Where the WSOP Tournament rules send an exposed ace-to-five card ----------------

@pytest.mark.parametrize("name, seat, card, new", [
    ("wsop-live-a5-four-exposed-before-draw", 4, "4h", "Qh"),
    ("wsop-lowball-first-card-exposed", 1, "4s", "7h"),
])
def test_wsop_an_exposed_ace_to_five_card_is_the_burn_under_129_and_279(kb, name, seat, card, new):
    ruling = ruled(kb, "wsop@2024", scenario(name))
    assert ruling.remedy == "continue" and new in ruling.table.hands[seat]
    assert list(ruling.table.burns) == [card] and card not in ruling.table.set_aside
    assert numbers(ruling) == ["Section IX, Draw Games", "129", "279"]


# ---- 4. Robert's Rules and a seventh-street card exposed with betting to come ----------

@pytest.mark.parametrize("book", ["rrop@v11", "house.casino@2026"])
@pytest.mark.parametrize("name", ["stud-seventh-street-card-exposed",
                                  "wsop-live-stud-seventh-first-player-up"])
def test_rrop_leaves_an_exposed_seventh_street_card_to_the_floor(kb, book, name):
    ruling = ruled(kb, book, scenario(name))
    assert ruling.remedy == "floor-decision"
    assert {"Irregularities 13", "Misdeals 1"} <= set(numbers(ruling))
    assert "other reading" in ruling.explanation.lower()


def test_rrop_an_exposed_seventh_street_card_with_no_betting_left_plays_on(kb):
    ruling = ruled(kb, "rrop@v11", scenario("stud-seventh-street-card-exposed-all-in"))
    assert ruling.remedy == "continue"


# ---- 3. The casino's turn burn error: Robert's Rules Hold'em 5 decides, not 13.9 ----------

@pytest.mark.parametrize("name, turn", [("burn-error-all-in-found-before-pot-awarded", "Kc"),
                                        ("burn-error-all-in-found-after-pot-awarded", "As")])
def test_casino_turn_burn_error_is_ruled_by_holdem_5_not_the_premature_turn_rule(kb, name, turn):
    ruling = ruled(kb, "house.casino@2026", scenario(name))
    assert ruling.remedy == "continue" and numbers(ruling) == ["Hold'em 5"]
    assert ruling.table.board[3] == turn
