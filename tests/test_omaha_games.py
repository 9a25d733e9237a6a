"""Omaha high-low and pot-limit Omaha as games of their own (issue 21, section 3): read,
dealt and ruled as Omaha (every book rules their dealing errors as Omaha's), named apart in
`rule`, `compare`, Find a ruling, the handbook's matrices, house rulebooks and the
provisions' `games`.  Before this change a file saying `game: omaha-hi-lo` was refused."""

from __future__ import annotations

import json

import pytest

from kb import DATA
from kb.cli import main
from kb.hand.deal import replay
from kb.hand.scenario_file import load_scenario, parse_scenario
from kb.knowledge.vocabulary import GAME_GROUPS, GAMES

SCENARIOS = DATA / "scenarios"
FLOP = SCENARIOS / "omaha-hi-lo-four-card-flop.yaml"
EXPOSED = SCENARIOS / "omaha-hi-lo-exposed-second-card.yaml"
PLO = SCENARIOS / "pot-limit-omaha-five-cards-after-calls-and-raise.yaml"


def hand(game: str) -> str:
    return (f"id: h\ntitle: h\ngame: {game}\nseats: 3\nbutton: 3\n"
            "events:\n  - deal: {}\n")


@pytest.mark.parametrize("game", ["omaha-hi-lo", "pot-limit-omaha"])
def test_an_omaha_game_is_read_and_dealt_four_cards_a_seat(game):
    state = replay(parse_scenario(hand(game), "h.yaml"))
    assert {seat: len(cards) for seat, cards in state.table.hands.items()} == {1: 4, 2: 4, 3: 4}


def test_an_unknown_omaha_spelling_is_still_refused_at_its_line():
    with pytest.raises(Exception) as error:
        parse_scenario(hand("omaha-8"), "h.yaml")
    assert str(error.value) == "h.yaml:3: game is 'omaha-8' (did you mean 'omaha'?)"


def test_rule_names_the_high_low_game_in_robert_s_rules_reading(capsys):
    assert main(["rule", str(FLOP), "--rulebook", "rrop@v11", "--json"]) == 0
    ruling = json.loads(capsys.readouterr().out)
    # Hold'em 3 (applied to Omaha by Omaha 1, to high-low by Omaha High-Low 1): the burn
    # 9c stays and the flop is dealt again
    assert (ruling["remedy"], ruling["table"]["burns"]) == ("continue", ["9c"])
    assert "this Omaha high-low hand" in ruling["explanation"]
    assert "Omaha rules of Robert's Rules were not seen" not in ruling["explanation"]


def test_compare_rules_pot_limit_omaha_as_omaha_under_every_book(capsys):
    assert main(["compare", str(PLO), "--json"]) == 0
    rulings = json.loads(capsys.readouterr().out)[:7]      # the published books, in order
    # Dead Hands 1(d); TDA 38 (2026 40); WSOP 108; Live Action 106: past the cutoff the
    # five-card hand is dead
    assert {r["rulebook"]: (r["remedy"], r["table"]["dead"]) for r in rulings} == {
        book: ("dead-hand", [2]) for book in (
            "rrop@v11", "tda@2024", "tda@2026", "wsop@2024", "wsop-live@2024",
            "house.casino@2026", "house.thursday-home-game@2026")}
    # Dead Hands 1(d) is a rule of every game: no note that hold'em rules were applied
    assert "Omaha" not in next(r for r in rulings if r["rulebook"] == "rrop@v11")["explanation"]


def test_a_hold_em_rule_applied_to_pot_limit_omaha_says_why(tmp_path, capsys):
    path = tmp_path / "plo.yaml"
    path.write_text(FLOP.read_text().replace("game: omaha-hi-lo", "game: pot-limit-omaha"))
    assert main(["rule", str(path), "--rulebook", "rrop@v11", "--json"]) == 0
    explanation = json.loads(capsys.readouterr().out)["explanation"]
    assert "this pot-limit Omaha hand: pot limit changes only the size of a bet" in explanation


def test_a_house_book_s_adopted_rule_applies_to_omaha_high_low(capsys):
    book = "house.thursday-home-game@2026"
    assert main(["rule", str(FLOP), "--rulebook", book, "--json"]) == 0
    ruling = json.loads(capsys.readouterr().out)
    # the home game adopts Robert's Rules' four-card flop over its base book's TDA 39-A
    assert (ruling["remedy"], ruling["table"]["burns"]) == ("continue", ["9c"])
    assert [c["number"] for c in ruling["citations"]][:1] == ["Hold'em 3"]


def test_a_provision_may_name_the_omaha_games():
    assert {"omaha-hi-lo", "pot-limit-omaha"} <= GAMES
    assert {"omaha-hi-lo", "pot-limit-omaha"} <= GAME_GROUPS["flop-games"]


def test_find_a_ruling_and_the_matrix_show_the_omaha_games():
    from kb.handbook.data.store import read
    from kb.handbook.finding import finder
    from kb.handbook.views.matrix import column_names, showing
    hb = read(None)
    topics = {t.id: [t.title, f"topics/{t.id}.html"] for t in hb.kb.topics}
    index = finder.finder_index(hb.rulings, topics, column_names(hb))
    games = {value: (label, count) for value, label, _, count, *_ in index["facets"][0][2]}
    files = [load_scenario(p).game for p in SCENARIOS.glob("*.yaml")]
    assert games["omaha-hi-lo"] == ("Omaha high-low", files.count("omaha-hi-lo")) \
        and files.count("omaha-hi-lo") >= 2
    assert games["pot-limit-omaha"] == ("Pot-limit Omaha", files.count("pot-limit-omaha")) \
        and files.count("pot-limit-omaha") >= 1
    entry = next(e for e in index["scenarios"] if e["id"] == "omaha-hi-lo-four-card-flop")
    assert entry["facets"]["game"] == ["omaha-hi-lo"]
    assert entry["setting"] == "Omaha high-low, cash"
    assert "omaha-hi-lo-four-card-flop" in showing(hb.rulings, "four-card-flop")
    assert "omaha-hi-lo-exposed-second-card" in showing(hb.rulings, entry_topic(hb, EXPOSED))


def entry_topic(hb, path) -> str:
    """The topic the engine's Robert's Rules ruling of the scenario at ``path`` names."""
    sid = load_scenario(path).id
    return next(r.topic for r in hb.rulings.row(sid) if r.topic)
