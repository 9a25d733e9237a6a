"""Bomb pots (issue 21, section 3): `bomb-pot: true` (every player antes, no blinds, no
betting before the flop), what a bomb pot cannot hold reported at its line, the replay's
first betting round on the flop, and the books' misdeal cutoffs read as written over the
actions, which begin on the flop, through `rule`, `compare`, a house book, Find a ruling
and the matrix.  Before this change `bomb-pot` was an unknown field."""

from __future__ import annotations

import json

import pytest

from kb import DATA
from kb.cli import main
from kb.hand.deal import replay
from kb.hand.scenario import ScenarioError
from kb.hand.scenario_file import load_scenario, parse_scenario

SCENARIOS = DATA / "scenarios"
EXPOSED = SCENARIOS / "bomb-pot-first-card-exposed-found-on-the-flop.yaml"
CHECKS = SCENARIOS / "bomb-pot-one-card-after-two-flop-checks.yaml"
PLO = SCENARIOS / "bomb-pot-pot-limit-omaha-five-cards-after-bet-and-call.yaml"
BOOKS = ("rrop@v11", "tda@2024", "tda@2026", "wsop@2024", "wsop-live@2024",
         "house.casino@2026", "house.thursday-home-game@2026")

HAND = """id: b
title: b
game: holdem
bomb-pot: true
seats: 4
button: 2
events:
  - deal: {}
  - flop: {}
  - act: [check, bet, {seat: 1, act: call}]
"""


def test_a_bomb_pot_has_no_blinds_and_the_flop_betting_starts_after_the_button():
    hand = parse_scenario(HAND, "b.yaml")
    assert (hand.bomb_pot, hand.blinds, hand.antes) == (True, (), True)
    state = replay(hand)
    assert [(r.seat, r.act, r.street, r.in_turn) for r in state.records] == [
        (3, "check", "flop", True), (4, "bet", "flop", True), (1, "call", "flop", True)]


def test_what_a_bomb_pot_cannot_hold_is_reported_at_each_line_at_once():
    text = HAND.replace("seats: 4\n", "seats: 4\nblinds: [3, 4]\n").replace(
        "  - flop: {}\n", "  - act: [call]\n  - flop: {premature: true}\n")
    with pytest.raises(ScenarioError) as error:
        parse_scenario(text, "b.yaml")
    assert str(error.value).splitlines() == [
        "b.yaml:6: a bomb pot has no blinds: every player antes (remove blinds:)",
        "b.yaml:10: no one acts before the flop in a bomb pot (put the actions after the "
        "flop event, or remove bomb-pot: true)",
        "b.yaml:11: a bomb pot's flop cannot be premature: there is no betting before it "
        "(remove premature: true)"]


def test_a_bomb_pot_of_a_game_without_a_flop_is_refused():
    text = ("id: s\ntitle: s\ngame: stud\nbomb-pot: true\nseats: 4\n"
            "events:\n  - third: {}\n")
    with pytest.raises(ScenarioError) as error:
        parse_scenario(text, "s.yaml")
    assert str(error.value) == ("s.yaml:4: a bomb pot is a hand of a flop game, not stud "
                                "(remove bomb-pot: true, or use holdem or an Omaha game)")


def test_bomb_pot_must_be_a_boolean():
    # YAML 1.2: yes is text, not true
    with pytest.raises(ScenarioError) as error:
        parse_scenario(HAND.replace("bomb-pot: true", "bomb-pot: yes"), "b.yaml")
    assert str(error.value) == "b.yaml:4: bomb-pot must be true or false (write true or false)"


def rulings(path, capsys) -> dict[str, dict]:
    assert main(["compare", str(path), "--json"]) == 0
    # the published books' rulings (the earlier editions' follow them in the list)
    return {r["rulebook"]: r for r in json.loads(capsys.readouterr().out) if r["rulebook"] in BOOKS}


def test_a_misdeal_cause_found_on_the_flop_before_any_action_is_a_misdeal(capsys):
    found = rulings(EXPOSED, capsys)
    # no book's cutoff counts antes or the flop being dealt: the first card exposed by
    # the dealer is a misdeal (Misdeals 2(a); 35-A-7; 88.a.7; LA 104; casino 13.1)
    assert {book: r["remedy"] for book, r in found.items()} == dict.fromkeys(BOOKS, "misdeal")
    # the misdeal gathers the flop too: the redeal has no board
    assert found["tda@2024"]["table"]["board"] == []
    assert "TDA 2024 has no rule for a bomb pot" in found["tda@2024"]["explanation"]
    assert "WSOP Live Action Rule 27 describes a bomb pot" in \
        found["wsop-live@2024"]["explanation"]


def test_two_checks_on_the_flop_pass_robert_s_rules_cutoff_not_the_tda_s(capsys):
    found = rulings(CHECKS, capsys)
    # Misdeals 1: two players acted, Dead Hands 1(d); TDA 36: two checks are not SA, 35-A-5;
    # WSOP Tournament 108 kills a hand of the wrong size at any time; LA 105 and 104
    assert {book: (r["remedy"], r["table"]["dead"]) for book, r in found.items()} == {
        "rrop@v11": ("dead-hand", [4]), "tda@2024": ("misdeal", []),
        "tda@2026": ("misdeal", []), "wsop@2024": ("dead-hand", [4]),
        "wsop-live@2024": ("misdeal", []), "house.casino@2026": ("dead-hand", [4]),
        "house.thursday-home-game@2026": ("misdeal", [])}


def test_a_bet_and_a_call_on_the_flop_pass_every_cutoff_under_a_house_book(capsys):
    assert main(["rule", str(PLO), "--rulebook", "house.thursday-home-game@2026",
                 "--json"]) == 0
    ruling = json.loads(capsys.readouterr().out)
    assert (ruling["remedy"], ruling["table"]["dead"]) == ("dead-hand", [6])
    assert [c["number"] for c in ruling["citations"]][:1] == ["38"]


def test_find_a_ruling_counts_a_bomb_pot_flop_with_no_action_as_before_action():
    from kb.handbook.finding.finder import found_at
    assert found_at(load_scenario(EXPOSED), None) == "before-action"
    assert found_at(load_scenario(CHECKS), None) == "after-action"
    assert found_at(load_scenario(PLO), None) == "after-substantial-action"


def test_the_handbook_matrix_shows_each_bomb_pot_under_the_topic_its_rulings_name():
    from kb.handbook.data.store import read
    from kb.handbook.views.matrix import showing
    hb = read(None)
    for path in (EXPOSED, CHECKS, PLO):
        sid = load_scenario(path).id
        topics = {r.topic for r in hb.rulings.row(sid) if r.topic}
        assert topics and all(sid in showing(hb.rulings, topic) for topic in topics), sid


def test_the_handbook_names_a_bomb_pot_in_the_scenario_s_frame():
    from kb.handbook.views.events import setting
    assert setting(load_scenario(EXPOSED)) == "holdem, cash, 8 seats, button 8, bomb pot"
    assert setting(load_scenario(SCENARIOS / "omaha-hi-lo-four-card-flop.yaml")) == \
        "omaha-hi-lo, cash, 5 seats, button 4"
