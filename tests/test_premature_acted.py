"""Bets made on a premature card before anyone noticed (issue 21, section 3): an ``act``
after a ``premature: true`` street with no floor between is recorded once as kind
``premature-acted``; the early card is ruled as always, and the bets under the topic
premature-card-acted-on, where no book has a rule: every book leaves them to the floor.
Before this change the bets were ignored and every book ruled ``continue``."""

from __future__ import annotations

import json

from kb import DATA
from kb.cli import main
from kb.hand.deal import replay
from kb.hand.scenario_file import load_scenario, parse_scenario

SCENARIOS = DATA / "scenarios"
TURN = SCENARIOS / "premature-turn-bet-on-before-anyone-noticed.yaml"
RIVER = SCENARIOS / "premature-river-bet-and-called-before-anyone-noticed.yaml"
STUD = SCENARIOS / "stud-premature-fifth-street-bet-on.yaml"
BOOKS = ("rrop@v11", "tda@2024", "tda@2026", "wsop@2024", "wsop-live@2024",
         "house.casino@2026", "house.thursday-home-game@2026")


def kinds(text: str) -> list[tuple[str, int]]:
    return [(i.kind, i.line) for i in replay(parse_scenario(text, "p.yaml")).irregularities]


HAND = """id: p
title: p
game: holdem
seats: 4
button: 4
events:
  - deal: {}
  - act: [call, call, call, check]
  - flop: {}
  - act: [check, bet, call]
  - turn: {premature: true}
  - act: [bet]
  - act: [call]
"""


def test_betting_on_a_premature_street_is_recorded_once_at_the_first_action():
    assert kinds(HAND) == [("premature", 11), ("premature-acted", 12)]


def test_after_a_floor_call_the_betting_is_the_ruling_s_not_an_irregularity():
    text = HAND.replace("  - act: [bet]\n", "  - floor: {}\n  - act: [bet]\n")
    assert kinds(text) == [("premature", 11)]
    # an empty act is no betting
    assert kinds(HAND.replace("  - act: [bet]\n", "  - act: []\n").replace(
        "  - act: [call]\n", "")) == [("premature", 11)]


def rulings(path, capsys) -> dict[str, dict]:
    assert main(["compare", str(path), "--json"]) == 0
    # the published books' rulings (the earlier editions' follow them in the list)
    return {r["rulebook"]: r for r in json.loads(capsys.readouterr().out) if r["rulebook"] in BOOKS}


def test_every_book_rules_the_card_and_leaves_the_bets_to_the_floor(capsys):
    for path in (TURN, RIVER, STUD):
        found = rulings(path, capsys)
        assert {book: r["remedy"] for book, r in found.items()} == \
            dict.fromkeys(BOOKS, "floor-decision"), path.name
        assert {tuple(i["kind"] for i in r["irregularities"]) for r in found.values()} == \
            {("premature", "premature-acted")}, path.name


def test_the_premature_card_is_still_ruled_by_its_own_rule(capsys):
    found = rulings(TURN, capsys)
    # Robert's Rules Hold'em 8: the early turn is set aside and the would-be river is the
    # turn; TDA RP-5-B: back into the stub, reshuffled, dealt again without a burn
    assert [s["do"] for s in found["rrop@v11"]["steps"]][:2] == ["set-aside", "finish-betting"]
    assert "shuffle" in [s["do"] for s in found["tda@2024"]["steps"]]
    assert "(2024 Rule 53-B)" in found["tda@2026"]["explanation"]
    assert "has no provision for this case" in found["wsop-live@2024"]["explanation"]


def test_find_a_ruling_and_the_matrix_show_it_under_its_topic():
    from kb.handbook.data.store import read
    from kb.handbook.finding.finder import irregularity_of
    from kb.handbook.views.matrix import showing
    assert irregularity_of("premature-acted") == "premature"
    hb = read(None)
    assert {t.id for t in hb.kb.topics} >= {"premature-card-acted-on"}
    for path in (TURN, RIVER, STUD):
        sid = load_scenario(path).id
        assert sid in showing(hb.rulings, "premature-card-acted-on"), sid
