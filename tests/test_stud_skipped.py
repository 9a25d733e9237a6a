"""A seat skipped on a later stud street (issue 21, section 3): ``skipped: [seat]`` on
fourth to seventh street, replayed with every card kept, refused where it cannot happen
(at its line), and ruled as the short hand it is under every book: a misdeal before the
cutoff, dead after it, and a hand missing only its final card left to the floor where the
book says it "may be ruled live" (Robert's Rules Dead Hands 1(d), WSOP 108, Live Action
106).  Before this change ``skipped`` was an unknown option."""

from __future__ import annotations

import json

import pytest

from kb import DATA
from kb.cli import main
from kb.hand.deal import replay
from kb.hand.scenario import ScenarioError
from kb.hand.scenario_file import load_scenario, parse_scenario

SCENARIOS = DATA / "scenarios"
FOURTH = SCENARIOS / "stud-seat-skipped-on-fourth-street.yaml"
SEVENTH = SCENARIOS / "stud-seat-skipped-on-seventh-street.yaml"
HEADS_UP = SCENARIOS / "stud-seat-skipped-heads-up-before-action.yaml"

HAND = """id: s
title: s
game: stud
seats: 3
deck: As Ks Qs Ah Kh Qh Ad Kd Qd 2c 3c 4c 5c
events:
  - third: {}
  - act: [call, call, call]
  - fourth: {skipped: [2]}
"""


def test_the_skipped_seat_gets_no_card_and_the_next_seats_get_theirs_in_order():
    state = replay(parse_scenario(HAND, "s.yaml"))
    table = state.table
    # third street: As Ks Qs / Ah Kh Qh / Ad Kd Qd; fourth: burn 2c, seat 1 3c, seat 3 4c
    assert (table.hands[1][3:], table.hands[2][3:], table.hands[3][3:]) == (["3c"], [], ["4c"])
    assert (table.burns, table.stub[:1]) == (["2c"], ["5c"])
    assert [(i.kind, i.get("seat"), i.get("street")) for i in state.irregularities] == [
        ("stud-skipped", 2, "fourth")]


@pytest.mark.parametrize(("change", "message"), [
    ("  - fourth: {skipped: [2]}\n", "s.yaml:7: skipped is for fourth to seventh street "
     "(a seat short on the initial deal is found: {wrong-count: ...})\ns.yaml:8: the events "
     "after line 7 were not checked (fix the problem at line 7 first, then check again)"),
    ("  - act: [call, call, call]\n", "s.yaml:9: fourth street: seat 2 is not in the hand "
     "and gets no card anyway (name a seat still in the hand)"),
])
def test_a_skip_that_cannot_happen_is_refused_at_its_line(change, message):
    if change.startswith("  - fourth"):        # skipped on third street
        text = HAND.replace("  - third: {}\n", "  - third: {skipped: [2]}\n")
    else:                                       # seat 2 folded on third street
        text = HAND.replace(change, "  - act: [call, fold, call]\n")
    with pytest.raises(ScenarioError) as error:
        replay(parse_scenario(text, "s.yaml"))
    assert str(error.value) == message


def test_a_skipped_seat_not_dealt_in_is_a_problem_of_the_file():
    with pytest.raises(ScenarioError) as error:
        parse_scenario(HAND.replace("skipped: [2]", "skipped: [7]"), "s.yaml")
    assert str(error.value) == "s.yaml:9: seat 7 is not dealt in (use a seat from seats:)"


def rulings(path, capsys) -> dict[str, tuple]:
    """The published books' rulings (compare --json appends the earlier editions)."""
    from kb.knowledge.books import earlier_ids
    assert main(["compare", str(path), "--json"]) == 0
    return {r["rulebook"]: (r["remedy"], tuple(r["table"]["dead"]),
                            r["irregularities"][0]["kind"])
            for r in json.loads(capsys.readouterr().out) if r["rulebook"] not in earlier_ids()}


def test_past_the_cutoff_a_hand_skipped_on_fourth_street_is_dead_in_every_book(capsys):
    # Dead Hands 1(d); TDA 38 (2026 40); WSOP 108; Live Action 106
    assert set(rulings(FOURTH, capsys).values()) == {("dead-hand", (3,), "stud-skipped")}


def test_a_hand_skipped_on_seventh_street_may_be_live_where_the_books_say_so(capsys):
    found = rulings(SEVENTH, capsys)
    # Dead Hands 1(d), WSOP 108, Live Action 106: "may be ruled live"; the TDA has no
    # final-card exception (38)
    assert {book: remedy for book, (remedy, _, _) in found.items()} == {
        "rrop@v11": "floor-decision", "house.casino@2026": "floor-decision",
        "wsop@2024": "floor-decision", "wsop-live@2024": "floor-decision",
        "tda@2024": "dead-hand", "tda@2026": "dead-hand",
        "house.thursday-home-game@2026": "dead-hand"}


def test_before_the_cutoff_a_skip_is_a_misdeal_unless_the_top_card_is_his_wsop_108_kills(capsys):
    found = rulings(HEADS_UP, capsys)
    assert {book: remedy for book, (remedy, _, _) in found.items()} == {
        "rrop@v11": "continue", "house.casino@2026": "continue", "tda@2024": "misdeal",
        "tda@2026": "misdeal", "house.thursday-home-game@2026": "misdeal",
        "wsop-live@2024": "continue", "wsop@2024": "dead-hand"}
    # Misdeals 2(e) and LA 104's exception: the skipped seat was the last one fourth
    # street dealt to and nothing was dealt since, so the top card (Td) is his own
    assert main(["rule", str(HEADS_UP), "--rulebook", "rrop@v11", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["table"]["hands"]["5"] == ["6s", "3c", "Jd", "Td"]


def test_the_handbook_and_find_a_ruling_show_the_skip():
    from kb.handbook.data.store import read
    from kb.handbook.finding.finder import irregularity_of
    from kb.handbook.views.events import describe
    from kb.handbook.views.matrix import showing
    fourth = load_scenario(FOURTH)
    assert describe(fourth.events[2]) == "Fourth street, seat 3 skipped by the dealer"
    assert irregularity_of("stud-skipped") == "wrong-count"
    hb = read(None)
    for path in (FOURTH, SEVENTH, HEADS_UP):
        sid = load_scenario(path).id
        topics = {r.topic for r in hb.rulings.row(sid) if r.topic}
        assert topics and all(sid in showing(hb.rulings, topic) for topic in topics), sid
