"""A player drops a card of his own hand off the table (issue 21, section 3): the event
``dropped``, its replay (nothing moves), its located errors, and its rulings as the texts
give them: Robert's Rules Irregularities 14 (the card plays), WSOP Live Action 121 (no
replacement, the floor may kill the hand; the WSOP Tournament rules reach it by Rule 129),
the TDA silent (the floor decides)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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
ALL_IN = SCENARIOS / "player-drops-card-all-in-limit-holdem.yaml"
BOUNCED = SCENARIOS / "player-card-bounces-off-table-tournament.yaml"
OMAHA = SCENARIOS / "omaha-card-falls-on-river-raise.yaml"
HEAD = "id: t\ntitle: t\ngame: holdem\nsetting: cash\nseats: 4\nbutton: 4\n"
#: Spades then hearts: seat 1 gets As and Ts, seat 2 Ks and 9s, seat 3 Qs and 8s.
DECK = "deck: As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s Ah Kh Qh\n"


def everything(table) -> Counter:
    return Counter(card for pile in (*table.hands.values(), table.board, table.burns,
                                     table.muck, table.set_aside, table.stub) for card in pile)


def hand(*events: str, path: str = "s.yaml"):
    return parse_scenario(HEAD + DECK + "events:\n  - deal: {}\n"
                          + "".join(f"  - {e}\n" for e in events), path)


def test_a_dropped_card_stays_in_the_hand_and_is_recorded():
    state = replay(hand("act: [call, fold]", "dropped: {seat: 1, cards: [Ts], face-up: true}"))
    assert state.table.folded == {4}
    assert state.table.hands[1] == ["As", "Ts"]
    last = state.irregularities[-1]
    assert (last.kind, last.get("seat"), last.get("cards"), last.get("face_up")) == \
        ("player-dropped", 1, ["Ts"], True)
    assert everything(state.table) == Counter(state.table.deck)


@pytest.mark.parametrize("event, message", [
    ("dropped: {seat: 4}", "s.yaml:11: dropped.seat: seat 4 holds no live hand"),
    ("dropped: {seat: 1, cards: [Ks]}", "s.yaml:11: dropped.cards: Ks is not in seat 1's hand"),
    ("dropped: {seat: 7}", "s.yaml:11: seat 7 is not dealt in"),
    ("dropped: {seat: 1, cards: [Zz]}", "s.yaml:11: dropped.cards: 'Zz' is not a card"),
    ("dropped: {cards: [As]}", "s.yaml:11: events.dropped has no 'seat'"),
    ("dropped: {seat: 1, face-up: yes}", "s.yaml:11: events.dropped.face-up must be true"),
])
def test_a_wrong_dropped_event_is_a_located_error(event, message):
    """Seat 3 called and seat 4 folded before the drop (line 11); Ks is seat 2's card;
    seat 7 is not dealt in."""
    with pytest.raises(ScenarioError) as error:
        replay(hand("act: [call, fold]", event))
    assert message in str(error.value)
    assert "Traceback" not in str(error.value)


def test_every_problem_of_a_file_is_reported_at_once():
    with pytest.raises(ScenarioError) as error:
        hand("dropped: {seat: 9, cards: [Qq]}", "dropped: {seat: 1, extra: 1}")
    text = str(error.value)
    assert "s.yaml:10: seat 9 is not dealt in" in text and "'Qq' is not a card" in text
    assert "s.yaml:11:" in text


def test_the_pot_awarded_closes_the_hand_to_a_dropped_card():
    """Only the order is wrong: the event itself is one the format knows."""
    with pytest.raises(ScenarioError) as error:
        hand("act: [fold, fold, fold]", "pot: awarded", "dropped: {seat: 2}")
    assert str(error.value) == ("s.yaml:12: dropped cannot come after the pot is awarded "
                                "(only found, floor and next-hand may follow it)")


@settings(max_examples=60, deadline=None)
@given(seat=st.sampled_from([1, 2, 3, 4]), folds=st.integers(0, 2), face_up=st.booleans())
def test_cards_are_conserved_whatever_seat_drops(seat, folds, face_up):
    actions = ", ".join(["fold"] * folds + ["call"] * (3 - folds))
    scenario = hand(f"act: [{actions}]",
                    f"dropped: {{seat: {seat}, face-up: {str(face_up).lower()}}}")
    try:
        state = replay(scenario)
    except ScenarioError as error:      # the seat folded: located at the event's line
        assert "s.yaml:11: dropped.seat" in str(error)
        return
    assert everything(state.table) == Counter(state.table.deck)


# --------------------------------------------------------------------------- rulings


def test_robert_s_rules_play_the_dropped_card(kb):
    ruling = rule(kb, resolve_rulebook(kb, "rrop@v11"), load_scenario(ALL_IN))
    assert ruling.remedy == "continue" and ruling.topic == "player-dropped-cards"
    assert [c.number for c in ruling.citations] == ["Irregularities 14"]
    assert ruling.table.hands[3] == ("Ah", "Ad")
    assert "still plays" in ruling.explanation and "Irregularities 12" not in ruling.explanation


def test_a_card_that_landed_face_up_still_plays_under_robert_s_rules(kb):
    ruling = rule(kb, resolve_rulebook(kb, "rrop@v11"), load_scenario(BOUNCED))
    assert ruling.remedy == "continue"
    assert "Jd" in ruling.explanation and "Irregularities 12" in ruling.explanation


@pytest.mark.parametrize("book", ["wsop-live@2024", "wsop@2024"])
def test_live_action_121_leaves_the_dead_hand_to_the_floor(kb, book):
    for path in (ALL_IN, BOUNCED, OMAHA):
        ruling = rule(kb, resolve_rulebook(kb, book), load_scenario(path))
        assert ruling.remedy == "floor-decision"
        assert [(c.source, c.number) for c in ruling.citations] == [("wsop-live", "121")]
        assert "Rule 121" in ruling.explanation


@pytest.mark.parametrize("book", ["tda@2024", "tda@2026", "house.thursday-home-game@2026"])
def test_the_tda_has_no_rule_and_says_so(kb, book):
    ruling = rule(kb, resolve_rulebook(kb, book), load_scenario(OMAHA))
    assert ruling.remedy == "floor-decision" and ruling.citations == ()
    assert "no rule on a card a player drops" in ruling.explanation


HOUSE = """\
id: house.dropped@2026
title: A room that plays dropped cards
base: "tda@2024"
adopt:
  - topic: player-dropped-cards
    provisions: [rrop.irregularities.dropped-cards]
    mode: instead
    reason: We play a dropped card, as Robert's Rules do.
"""


def test_a_house_book_on_the_tda_can_adopt_robert_s_rules_on_dropped_cards(kb, tmp_path):
    path = tmp_path / "dropped.yaml"
    path.write_text(HOUSE)
    ruling = rule(kb, resolve_rulebook(kb, str(path)), load_scenario(OMAHA))
    assert ruling.remedy == "continue"
    assert [c.number for c in ruling.citations] == ["Irregularities 14"]


# --------------------------------------------------------------------------- doors


def test_rule_and_compare_print_the_rulings(capsys):
    assert main(["rule", str(BOUNCED), "--rulebook", "wsop-live@2024"]) == 0
    out = capsys.readouterr().out
    assert "floor-decision" in out and "121" in out
    assert main(["compare", str(OMAHA)]) == 0
    out = capsys.readouterr().out.partition("Earlier editions of these books")[0]  # the books' rulings
    assert out.count("  remedy: floor-decision") == 5 and out.count("  remedy: continue") == 2


def test_find_a_ruling_and_the_topic_matrix_show_the_dropped_cards():
    hb = read(None)
    topics = {t.id: [t.title, f"topics/{t.id}.html"] for t in hb.kb.topics}
    index = finder.finder_index(hb.rulings, topics, column_names(hb))
    found = {e["id"]: e for e in index["scenarios"]}
    for sid in (ALL_IN.stem, BOUNCED.stem, OMAHA.stem):
        assert found[sid]["facets"]["irregularity"] == ["dropped"]
        assert found[sid]["topics"][0] == "player-dropped-cards"
        assert sid in showing(hb.rulings, "player-dropped-cards")
    values = {value for value, *_ in index["facets"][1][2]}
    assert "dropped" in values


def test_the_event_in_words():
    event = load_scenario(BOUNCED).events[-2]
    assert describe(event) == "Seat 5 dropped Jd off the table, face up"
