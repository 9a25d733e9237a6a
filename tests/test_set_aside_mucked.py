"""The set-aside cards mucked (issue 8, section 6: a premature turn set aside for the river,
then mucked by the dealer): the replay moves them to the muck, no book rules it, and the
TDA's remedy sets nothing aside, so for it the event is no irregularity."""

from __future__ import annotations

from collections import Counter

import pytest

from kb import DATA
from kb.hand.deal import replay
from kb.hand.scenario import ScenarioError
from kb.hand.scenario_file import load_scenario, parse_scenario
from kb.house.compose import resolve_rulebook
from kb.rules.engine import rule

SCENARIO = DATA / "scenarios" / "premature-turn-set-aside-card-mucked.yaml"
HEAD = "id: t\ntitle: t\ngame: holdem\nsetting: cash\nseats: 4\nbutton: 4\n"
#: Spades then hearts: seat 1 gets As and Ts, the flop burn is 6s and the flop 5s 4s 3s.
DECK = "deck: As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s Ah Kh Qh\n"


def everything(table) -> Counter:
    return Counter(card for pile in (*table.hands.values(), table.board, table.burns,
                                     table.muck, table.set_aside, table.stub) for card in pile)


def test_a_boxed_card_set_aside_then_mucked_moves_to_the_muck_and_is_recorded():
    """A boxed flop card is set aside by the replay; the event moves it, nothing is lost."""
    state = replay(parse_scenario(HEAD + DECK + "events:\n  - deal: {}\n"
                                  "  - act: [call, call, call, check]\n"
                                  "  - flop: {boxed: [1]}\n  - set-aside: {mucked: true}\n"))
    table = state.table
    assert table.set_aside == [] and table.muck[-1] == "5s"
    assert state.irregularities[-1].kind == "set-aside-mucked"
    assert state.irregularities[-1].get("cards") == ["5s"]
    assert everything(table) == Counter(table.deck)


def test_nothing_set_aside_is_no_irregularity():
    state = replay(parse_scenario(HEAD + "events:\n  - deal: {}\n"
                                  "  - set-aside: {mucked: true, by: player}\n"))
    assert state.irregularities == [] and state.table.muck == []


@pytest.mark.parametrize("body, expected", [
    ("{mucked: false}", "set-aside.mucked"),
    ("{mucked: true, seen: [As]}", "seen"),
    ("{}", "set-aside"),
])
def test_a_wrong_set_aside_event_is_a_located_error(body, expected):
    with pytest.raises(ScenarioError) as error:
        parse_scenario(HEAD + f"events:\n  - deal: {{}}\n  - set-aside: {body}\n", "s.yaml")
    assert "s.yaml:9:" in str(error.value) and expected in str(error.value)


def test_robert_s_rules_leave_the_mucked_premature_turn_to_the_floor(kb):
    ruling = rule(kb, resolve_rulebook(kb, "rrop@v11"), load_scenario(SCENARIO))
    assert ruling.remedy == "floor-decision" and ruling.topic == "set-aside-cards-mucked"
    assert [c.remedy for c in ruling.calls] == ["continue"]
    assert ruling.table.set_aside == () and "Kd" in ruling.table.muck
    assert ruling.table.board == ("2s", "4h", "9c", "9h")
    assert "muck" in ruling.explanation and "premature" in ruling.explanation


def test_under_the_tda_the_premature_turn_was_shuffled_back_so_nothing_was_mucked(kb):
    ruling = rule(kb, resolve_rulebook(kb, "tda@2024"), load_scenario(SCENARIO))
    assert ruling.remedy == "continue" and ruling.irregularities == ()
    assert "Kd" not in ruling.table.muck
    assert [c.citations[0].number for c in ruling.calls] == ["RP-5-B"]
