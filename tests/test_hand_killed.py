"""A hand the dealer killed by mistake (issue 21, section 3): ``muck: {seat, tabled, winner,
retrieved}``, its replay, its located errors, and its rulings read from the texts (TDA
13-C and WSOP Tournament 71 for a tabled winner; TDA 65-B, Robert's Rules Dead Hands 2,
WSOP Live Action 107 and Tournament 109 for a hand taken back) through ``rule``,
``compare``, Find a ruling, the handbook and a house rulebook."""

from __future__ import annotations

from collections import Counter

import pytest
from helpers import adopting, replay_error

from kb import DATA
from kb.hand.deal import replay
from kb.hand.scenario import HandMucked
from kb.hand.scenario_file import load_scenario, parse_scenario
from kb.house.compose import resolve_rulebook
from kb.rules.engine import rule

SCENARIOS = DATA / "scenarios"
TABLED, UNSEEN, STUD = ("tabled-winning-hand-killed-by-dealer",
                        "unseen-hand-mucked-then-retrieved",
                        "stud-tabled-winning-hand-killed-by-dealer")
HEAD = "id: t\ntitle: t\ngame: holdem\nseats: 3\nbutton: 3\n"
DECK = "deck: As Ks Qs Js Ts 9s 2c 3c 4c 5c 6c 7c 8c 9c\n"   # seat 1 As Js, seat 3 Qs 9s
EVENTS = "events:\n  - deal: {}\n  - act: [call, call, check]\n"


def ruled(kb, book: str, sid: str):
    return rule(kb, resolve_rulebook(kb, book), load_scenario(SCENARIOS / f"{sid}.yaml"))


def test_a_killed_hand_goes_to_the_muck_and_one_taken_back_stays():
    killed = replay(parse_scenario(HEAD + DECK + EVENTS + "  - muck: {seat: 1}\n"))
    assert killed.table.hands[1] == [] and killed.table.muck == ["As", "Js"]
    assert killed.table.all_cards() == Counter(killed.table.deck)
    back = replay(parse_scenario(HEAD + DECK + EVENTS + "  - muck: {seat: 1, retrieved: true}\n"))
    assert back.table.hands[1] == ["As", "Js"] and back.table.muck == []
    found = back.irregularities[-1]
    assert (found.kind, found.get("retrievable"), found.get("retrieved")) == \
        ("hand-mucked", [1], True)


#: A wrong muck: {...} event at line 10 -> what its located error says.
WRONG = {"{seat: 1, winner: true}": "muck.winner: only a tabled hand",
         "{seat: 7}": "seat 7 is not dealt in", "{seat: 1, tabled: yes}": "",
         "{tabled: true}": ""}


@pytest.mark.parametrize("event", WRONG)
def test_a_wrong_muck_event_is_a_located_error(event):
    found = replay_error(HEAD + DECK + EVENTS + f"  - muck: {event}\n")
    assert f"t.yaml:10: {WRONG[event]}" in found


def test_a_folded_seat_has_no_hand_to_kill():
    found = replay_error(HEAD + DECK + "events:\n  - deal: {}\n  - act: [fold]\n"
                         "  - muck: {seat: 3}\n")
    assert "t.yaml:10: muck.seat: seat 3 has no hand in play" in found


@pytest.mark.parametrize("book, remedy, numbers", [
    ("rrop@v11", "floor-decision", ["Dead Hands 2"]), ("tda@2024", "continue", ["13-C"]),
    ("tda@2026", "continue", ["14-C"]), ("wsop@2024", "continue", ["71"]),
    ("wsop-live@2024", "floor-decision", ["107"]),
    ("house.thursday-home-game@2026", "continue", ["13-C"]),
])
def test_a_tabled_winner_killed(kb, book, remedy, numbers):
    """TDA 13-C and WSOP 71: it cannot be killed and wins; elsewhere management decides."""
    ruling = ruled(kb, book, TABLED)
    assert (ruling.remedy, [c.number for c in ruling.citations]) == (remedy, numbers)
    assert ruling.topic == "hand-killed-by-dealer"
    assert ruling.table.hands[2] == (("Ah", "Qh") if remedy == "continue" else ())


def test_a_tabled_stud_winner_comes_back_whole_under_the_tda(kb):
    scenario = load_scenario(SCENARIOS / f"{STUD}.yaml")
    ruling = ruled(kb, "tda@2024", STUD)
    assert ruling.remedy == "continue" and len(ruling.table.hands[1]) == 7
    assert replay(scenario).table.hands[1] == []


@pytest.mark.parametrize("book, remedy, numbers", [
    ("rrop@v11", "floor-decision", ["Dead Hands 2"]), ("tda@2024", "continue", ["65-B"]),
    ("tda@2026", "continue", ["67-B"]), ("wsop@2024", "floor-decision", ["109"]),
    ("wsop-live@2024", "floor-decision", ["107"]),
])
def test_an_unseen_hand_taken_straight_back(kb, book, remedy, numbers):
    ruling = ruled(kb, book, UNSEEN)
    assert (ruling.remedy, [c.number for c in ruling.citations]) == (remedy, numbers)
    assert ruling.table.hands[4] == ("7c", "5d") and "7c" not in ruling.table.muck


def test_compare_find_a_ruling_and_the_topic_page(kb, capsys):
    from kb.cli import main
    from kb.handbook.data.store import read
    from kb.handbook.finding import finder
    from kb.handbook.views.events import describe
    from kb.handbook.views.matrix import column_names, matrix_body, showing
    assert main(["compare", str(SCENARIOS / f"{TABLED}.yaml")]) == 0
    out = capsys.readouterr().out.partition("Earlier editions of these books")[0]  # the books' rulings
    assert out.count("  remedy: continue") == 4 and out.count("  remedy: floor-decision") == 3
    hb = read(None)
    assert sorted(showing(hb.rulings, "hand-killed-by-dealer")) == sorted((TABLED, UNSEEN, STUD))
    assert matrix_body(hb, "hand-killed-by-dealer").fingerprint
    topics = {t.id: [t.title, f"topics/{t.id}.html"] for t in hb.kb.topics}
    index = finder.finder_index(hb.rulings, topics, column_names(hb))
    assert {e["id"]: e["facets"]["irregularity"] for e in index["scenarios"]}[UNSEEN] == \
        ["mucked-by-mistake"]
    assert describe(HandMucked(3, 2, tabled=True, winner=True)) == \
        "The dealer killed seat 2's tabled hand, obviously the winner, into the muck"


def test_a_house_on_robert_s_rules_can_adopt_the_tabled_winner_rule(kb):
    book = adopting(kb, "rrop@v11", "hand-killed-by-dealer", "tda.killing-winning-hand")
    ruling = rule(kb, book, load_scenario(SCENARIOS / f"{TABLED}.yaml"))
    assert ruling.remedy == "continue" and ruling.table.hands[2] == ("Ah", "Qh")
