"""A pot pushed while a player still had a hand in play, and hands mucked because of it
(issue 21, section 3): ``pot: {pushed-to, mucked, retrievable}``, its replay (every card
kept), its located errors, and its rulings read from the texts (TDA 65-A/65-B with 22;
Robert's Rules Dead Hands 2 with Irregularities 2; WSOP Live Action 107 with 110, WSOP
Tournament 109 with 108) through ``rule``, ``compare``, Find a ruling, the handbook and a
house rulebook."""

from __future__ import annotations

from collections import Counter

import pytest
from helpers import adopting
from hypothesis import given, settings
from hypothesis import strategies as st

from kb import DATA
from kb.hand.deal import replay
from kb.hand.scenario import PotPushed, ScenarioError
from kb.hand.scenario_file import load_scenario, parse_scenario
from kb.house.compose import resolve_rulebook
from kb.rules.engine import rule

SCENARIOS = DATA / "scenarios"
KEPT, MIXED, OMAHA = ("pot-pushed-river-caller-hand-kept-apart",
                      "pot-pushed-turn-hand-mixed-in-muck",
                      "omaha-pot-pushed-on-flop-two-hands-mucked")
HEAD = "id: t\ntitle: t\ngame: holdem\nseats: 3\nbutton: 3\n"
#: seat 1 As Js, seat 2 Ks Ts, seat 3 Qs 9s
DECK = "deck: As Ks Qs Js Ts 9s 2c 3c 4c 5c 6c 7c 8c 9c\n"
PREFLOP = "events:\n  - deal: {}\n  - act: [raise, fold]\n"      # seat 3 raises, 1 folds


def ruled(kb, book: str, sid: str):
    return rule(kb, resolve_rulebook(kb, book), load_scenario(SCENARIOS / f"{sid}.yaml"))


def test_the_mucked_hand_goes_to_the_muck_and_the_hand_goes_on():
    state = replay(parse_scenario(HEAD + DECK + PREFLOP +
                                  "  - pot: {pushed-to: 3, mucked: [2], retrievable: 2}\n"
                                  "  - act: [call]\n  - flop: {}\n"))
    table = state.table
    assert table.hands[2] == [] and table.muck[-2:] == ["Ks", "Ts"]
    assert table.board == ["3c", "4c", "5c"]           # later events go on from it
    found = state.irregularities[-1]
    assert (found.kind, found.get("to"), found.get("hands"), found.get("retrievable")) == \
        ("pot-pushed-early", 3, {2: ["Ks", "Ts"]}, [2])
    assert table.all_cards() == Counter(table.deck)


#: A wrong pot: {...} event at line 10 -> what its located error says.
WRONG = {
    "{pushed-to: 1, mucked: [2]}": "pot.pushed-to: seat 1 is not in the hand",
    "{pushed-to: 3, mucked: [3]}": "pot.mucked: seat 3 has no hand in play",
    "{pushed-to: 3, mucked: [1]}": "pot.mucked: seat 1 has no hand in play",
    "{pushed-to: 3, mucked: [2], retrievable: [1]}": "pot.retrievable: seat 1 is not in",
    "{pushed-to: 3, mucked: [5]}": "seat 5 is not dealt in",
    "{pushed-to: 3}": "",
    "{pushed-to: 3, mucked: [2], by: dealer}": "",
}


@pytest.mark.parametrize("pot", WRONG)
def test_a_wrong_pushed_pot_is_a_located_error(pot):
    with pytest.raises(ScenarioError) as error:
        replay(parse_scenario(HEAD + DECK + PREFLOP + f"  - pot: {pot}\n", "t.yaml"))
    assert f"t.yaml:10: {WRONG[pot]}" in str(error.value)


def test_a_pot_pushed_when_nobody_else_is_in_the_hand_is_an_award():
    with pytest.raises(ScenarioError) as error:
        replay(parse_scenario(HEAD + DECK + PREFLOP + "  - act: [fold]\n"
                              "  - pot: {pushed-to: 3, mucked: [2]}\n", "t.yaml"))
    assert "t.yaml:11: nobody else was still in the hand" in str(error.value)
    assert "write - pot: awarded" in str(error.value)


def test_a_pushed_pot_does_not_end_the_hand_but_a_later_award_does():
    state = replay(parse_scenario(HEAD + DECK + PREFLOP +
                                  "  - pot: {pushed-to: 3, mucked: [2]}\n  - floor: {}\n"
                                  "  - act: [call]\n  - pot: awarded\n  - next-hand: {}\n"))
    assert state.pot_line == 13 and state.next_hand_line == 14


@pytest.mark.parametrize("book, remedy, numbers", [
    ("rrop@v11", "floor-decision", ["Dead Hands 2"]),
    ("tda@2024", "continue", ["65-B", "22"]),
    ("tda@2026", "continue", ["67-B", "24"]),
    ("wsop@2024", "floor-decision", ["109"]),
    ("wsop-live@2024", "floor-decision", ["107"]),
    ("house.casino@2026", "floor-decision", ["Dead Hands 2"]),
    ("house.thursday-home-game@2026", "continue", ["65-B", "22"]),
])
def test_a_hand_that_can_be_told_apart(kb, book, remedy, numbers):
    """TDA 65-B keeps it in play; the others leave its retrieval to management."""
    ruling = ruled(kb, book, KEPT)
    assert (ruling.remedy, [c.number for c in ruling.citations]) == (remedy, numbers)
    assert ruling.topic == "pot-pushed-early"
    assert ruling.table.hands[7] == (("8h", "8s") if remedy == "continue" else ())


@pytest.mark.parametrize("book, numbers", [
    ("rrop@v11", ["Dead Hands 2", "Irregularities 2"]), ("tda@2024", ["65-A", "22"]),
    ("tda@2026", ["67-A", "24"]), ("wsop@2024", ["109", "108"]),
    ("wsop-live@2024", ["107", "110"]),
])
def test_a_hand_mixed_into_the_muck_is_dead_under_every_book(kb, book, numbers):
    ruling = ruled(kb, book, MIXED)
    assert (ruling.remedy, [c.number for c in ruling.citations]) == ("dead-hand", numbers)
    assert ruling.table.dead == (3,) and "no redress" in ruling.explanation


def test_tda_kills_the_lost_omaha_hand_and_gives_back_the_one_told_apart(kb):
    ruling = ruled(kb, "tda@2024", OMAHA)
    assert ruling.remedy == "dead-hand" and ruling.table.dead == (4,)
    assert ruling.table.hands[1] == ("As", "Ah", "Ad", "Ac") and ruling.table.hands[4] == ()
    assert "uncalled" not in ruling.explanation and "nobody has called" in ruling.explanation


def test_compare_prints_every_book(kb, capsys):
    from kb.cli import main
    assert main(["compare", str(SCENARIOS / f"{OMAHA}.yaml")]) == 0
    published = capsys.readouterr().out.partition("Earlier editions of these books")[0]
    assert published.count(": dead-hand") == 7


def test_find_a_ruling_and_the_topic_page():
    from kb.handbook.data.store import read
    from kb.handbook.finding import finder
    from kb.handbook.views.events import describe
    from kb.handbook.views.matrix import column_names, matrix_body, showing
    hb = read(None)
    assert sorted(showing(hb.rulings, "pot-pushed-early")) == sorted((KEPT, MIXED, OMAHA))
    assert matrix_body(hb, "pot-pushed-early").fingerprint
    topics = {t.id: [t.title, f"topics/{t.id}.html"] for t in hb.kb.topics}
    index = finder.finder_index(hb.rulings, topics, column_names(hb))
    facets = {e["id"]: e["facets"]["irregularity"] for e in index["scenarios"]}
    assert facets[KEPT] == ["mucked-by-mistake"]
    assert describe(PotPushed(3, 2, (4, 1), (1,))) == \
        "Pot pushed to seat 2 too soon: seats 4, 1 mucked; seat 1 can be told apart"


def test_a_house_on_robert_s_rules_can_adopt_the_tda_s_identifiable_hand_rule(kb):
    book = adopting(kb, "rrop@v11", "pot-pushed-early", "tda.fouled-identifiable")
    ruling = rule(kb, book, load_scenario(SCENARIOS / f"{KEPT}.yaml"))
    assert ruling.remedy == "continue" and ruling.table.hands[7] == ("8h", "8s")


@settings(max_examples=30, deadline=None)
@given(st.sampled_from([1, 2]), st.booleans(), st.booleans())
def test_every_card_is_kept_and_the_ruling_keeps_them_too(kb, seat, back, later):
    """Whoever is mucked, whether retrievable, with a street after it or not."""
    events = (HEAD + DECK + "events:\n  - deal: {}\n  - act: [call, call, check]\n"
              + f"  - pot: {{pushed-to: 3, mucked: [{seat}]"
              + (f", retrievable: [{seat}]" if back else "") + "}\n"
              + ("  - flop: {}\n" if later else ""))
    scenario = parse_scenario(events)
    assert replay(scenario).table.all_cards() == Counter(scenario.deck)
    for book in ("rrop@v11", "tda@2024", "wsop@2024"):
        table = rule(kb, resolve_rulebook(kb, book), scenario).table
        held = [c for pile in (*table.hands.values(), table.board, table.burns, table.muck,
                               table.stub_top) for c in pile]
        assert Counter(held) == Counter(scenario.deck)
