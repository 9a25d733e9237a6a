"""Cards seen by one person only (issue 21, section 3): a stub card the dealer alone sees
(``stub: {seen: [...], seen-by: dealer}``, the existing stub event extended), ruled under
its own topic, stub-card-seen-by-dealer, where no book has a rule; and a hole card one
player saw as it was dealt (``deal: {seen: [k]}``), ruled as a card the dealer flashed
(exposed), the explanation naming the other reading."""

from __future__ import annotations

import json

import pytest

from kb import DATA
from kb.cli import main
from kb.hand.deal import replay
from kb.hand.scenario import ScenarioError
from kb.hand.scenario_file import load_scenario, parse_scenario
from kb.handbook.data.store import read
from kb.handbook.finding import finder
from kb.handbook.views.events import describe
from kb.handbook.views.matrix import column_names, showing
from kb.house.compose import resolve_rulebook
from kb.rules.engine import rule

SCENARIOS = DATA / "scenarios"
TURN = SCENARIOS / "stub-card-seen-by-dealer-before-turn.yaml"
BOTTOM = SCENARIOS / "stub-bottom-card-seen-by-dealer-tournament.yaml"
STUD = SCENARIOS / "stud-next-card-seen-by-dealer.yaml"
HEAD = "id: t\ntitle: t\ngame: holdem\nsetting: cash\nseats: 4\nbutton: 4\n"
DECK = "deck: As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s Ah Kh Qh\n"


def hand(*events: str):
    return parse_scenario(HEAD + DECK + "events:\n  - deal: {}\n"
                          + "".join(f"  - {e}\n" for e in events), "s.yaml")


def test_a_stub_card_the_dealer_saw_is_recorded_as_his_and_nothing_moves():
    state = replay(hand("stub: {seen: [Qh], seen-by: dealer}"))
    last = state.irregularities[-1]
    assert (last.kind, last.get("seen"), last.get("seen_by")) == ("stub-seen", ["Qh"], "dealer")
    # eight cards dealt (As to 7s): the stub is the rest, untouched
    assert state.table.stub[:8] == ["6s", "5s", "4s", "3s", "2s", "Ah", "Kh", "Qh"]


def test_players_seeing_a_stub_card_keep_their_record_and_topic(kb):
    """The record of the event as it was before issue 21 holds no seen_by, so the JSON of
    every existing ruling is unchanged."""
    state = replay(hand("stub: {seen: [Qh]}"))
    assert "seen_by" not in state.irregularities[-1].details


@pytest.mark.parametrize("event, message", [
    ("stub: {flashed: [Qh], seen-by: dealer}",
     "s.yaml:10: stub.seen-by goes with seen (name the cards seen in seen, or drop seen-by)"),
    ("stub: {seen: [Qh], seen-by: floor}", "s.yaml:10: events.stub.seen-by"),
    ("stub: {seen: [As], seen-by: dealer}", "s.yaml:10: stub.seen: As is not in the stub"),
])
def test_a_wrong_seen_by_is_a_located_error(event, message):
    with pytest.raises(ScenarioError) as error:
        replay(hand(event))
    assert message in str(error.value)


@pytest.mark.parametrize("book", ["rrop@v11", "tda@2024", "tda@2026", "wsop@2024",
                                  "wsop-live@2024", "house.casino@2026",
                                  "house.thursday-home-game@2026"])
def test_no_book_rules_a_stub_card_the_dealer_saw(kb, book):
    for path in (TURN, BOTTOM, STUD):
        ruling = rule(kb, resolve_rulebook(kb, book), load_scenario(path))
        assert (ruling.remedy, ruling.citations) == ("floor-decision", ())
        assert ruling.topic == "stub-card-seen-by-dealer"
        assert "stub card the dealer sees" in ruling.explanation


def test_the_silences_name_the_rules_that_frame_them(kb):
    rrop = rule(kb, resolve_rulebook(kb, "rrop@v11"), load_scenario(TURN)).explanation
    tda = rule(kb, resolve_rulebook(kb, "tda@2024"), load_scenario(TURN)).explanation
    tda26 = rule(kb, resolve_rulebook(kb, "tda@2026"), load_scenario(TURN)).explanation
    assert "Irregularities 12" in rrop and "Decision-Making 1" in rrop
    assert "Rule 38" in tda and "RP-14" in tda
    assert "Rule 40" in tda26      # renumbered as 2026 numbers 2024's Rule 38


def test_compare_json_shows_the_dealer_in_the_irregularity(capsys):
    assert main(["compare", str(STUD), "--json"]) == 0
    rulings = json.loads(capsys.readouterr().out)
    first = rulings[0] if isinstance(rulings, list) else next(iter(rulings.values()))
    assert "stub-card-seen-by-dealer" in json.dumps(first)


def test_find_a_ruling_and_the_topic_matrix_show_them():
    hb = read(None)
    topics = {t.id: [t.title, f"topics/{t.id}.html"] for t in hb.kb.topics}
    index = finder.finder_index(hb.rulings, topics, column_names(hb))
    found = {e["id"]: e for e in index["scenarios"]}
    for path in (TURN, BOTTOM, STUD):
        assert found[path.stem]["facets"]["irregularity"] == ["cards-seen"]
        assert found[path.stem]["topics"][0] == "stub-card-seen-by-dealer"
        assert path.stem in showing(hb.rulings, "stub-card-seen-by-dealer")


def test_the_event_in_words():
    event = load_scenario(BOTTOM).events[-2]
    assert describe(event) == "Stub: 2c seen by the dealer (by the dealer)"


# --------------------------------------------------------------------------- deal.seen

NEIGHBOUR = SCENARIOS / "hole-card-seen-by-neighbour-during-deal.yaml"
FIRST = SCENARIOS / "omaha-first-card-seen-by-one-player.yaml"
HEADS_UP = SCENARIOS / "headsup-button-card-seen-by-big-blind.yaml"
OTHER_READING = "a card the table did not see was not exposed and plays as dealt"


def test_a_hole_card_one_player_saw_is_recorded_as_exposed_and_seen_by_one():
    state = replay(hand())
    plain = replay(parse_scenario(HEAD + DECK + "events:\n  - deal: {seen: [6]}\n", "s.yaml"))
    last = plain.irregularities[-1]
    assert (last.kind, last.get("card"), last.get("seat"), last.get("seen_by_one")) == \
        ("exposed", "9s", 2, True)
    assert not state.irregularities
    assert sorted(plain.table.hands[2]) == ["9s", "Ks"]


def test_a_seen_position_not_dealt_is_a_located_error():
    with pytest.raises(ScenarioError) as error:
        replay(parse_scenario(HEAD + DECK + "events:\n  - deal: {seen: [9]}\n", "s.yaml"))
    assert "s.yaml:9: deal.seen: card 9 was not dealt to a seat" in str(error.value)


@pytest.mark.parametrize("book", ["rrop@v11", "tda@2024", "tda@2026", "wsop@2024",
                                  "wsop-live@2024", "house.casino@2026",
                                  "house.thursday-home-game@2026"])
def test_every_book_rules_it_as_exposed_and_names_the_other_reading(kb, book):
    for path in (NEIGHBOUR, FIRST, HEADS_UP):
        ruling = rule(kb, resolve_rulebook(kb, book), load_scenario(path))
        assert OTHER_READING in ruling.explanation
    exposed = rule(kb, resolve_rulebook(kb, book),
                   load_scenario(SCENARIOS / "exposed-later-card-headsup-bb-second.yaml"))
    assert OTHER_READING not in exposed.explanation


def test_the_rulings_are_those_of_an_exposed_card(kb):
    first = {book: rule(kb, resolve_rulebook(kb, book), load_scenario(FIRST)).remedy
             for book in ("rrop@v11", "tda@2024", "wsop@2024", "wsop-live@2024")}
    assert set(first.values()) == {"misdeal"}
    rrop = rule(kb, resolve_rulebook(kb, "rrop@v11"), load_scenario(HEADS_UP))
    assert rrop.remedy == "continue" and rrop.table.burns == ("7c",)
    assert "7c" not in rrop.table.hands[7]
    live = rule(kb, resolve_rulebook(kb, "wsop-live@2024"), load_scenario(NEIGHBOUR))
    assert live.remedy == "floor-decision"
    assert [c.number for c in live.citations] == ["119", "120"]   # 120: no option either


def test_the_seen_card_in_find_a_ruling_and_in_words():
    hb = read(None)
    topics = {t.id: [t.title, f"topics/{t.id}.html"] for t in hb.kb.topics}
    index = finder.finder_index(hb.rulings, topics, column_names(hb))
    found = {e["id"]: e for e in index["scenarios"]}
    assert found[FIRST.stem]["facets"]["irregularity"] == ["exposed", "exposed-first-two"]
    assert describe(load_scenario(HEADS_UP).events[0]) == "Deal: card 4 seen by one player as dealt"
