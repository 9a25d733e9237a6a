"""A hole card swapped with a board card (issue 21, section 3): the event ``swap``, its
replay (the two cards change places, nothing lost), its located errors, and its rulings:
TDA 65-B (2026 67-B) puts an identifiable hand's cards back and play goes on; Robert's
Rules and the WSOP books have no rule (the floor decides)."""

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
FLOP = SCENARIOS / "hole-card-swapped-with-flop-card.yaml"
SWEPT = SCENARIOS / "swap-dealer-sweeps-tabled-card-into-board.yaml"
TURN = SCENARIOS / "omaha-hole-card-swapped-with-turn.yaml"
HEAD = "id: t\ntitle: t\ngame: holdem\nsetting: cash\nseats: 4\nbutton: 4\n"
#: seat 1 As Ts, seat 2 Ks 9s, seat 3 Qs 8s, seat 4 Js 7s; burn 6s, flop 5s 4s 3s
DECK = "deck: As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s Ah Kh Qh\n"
PLAYED = "  - act: [call, call, call, check]\n  - flop: {}\n"


def everything(table) -> Counter:
    return Counter(card for pile in (*table.hands.values(), table.board, table.burns,
                                     table.muck, table.set_aside, table.stub) for card in pile)


def hand(event: str):
    return parse_scenario(HEAD + DECK + "events:\n  - deal: {}\n" + PLAYED + f"  - {event}\n",
                          "s.yaml")


def test_the_two_cards_change_places_and_nothing_is_lost():
    state = replay(hand("swap: {seat: 2, hand: 9s, board: 4s, by: player}"))
    assert state.table.hands[2] == ["Ks", "4s"] and state.table.board == ["5s", "9s", "3s"]
    last = state.irregularities[-1]
    assert (last.kind, last.get("hand_card"), last.get("board_card"), last.get("by")) == \
        ("hand-board-swap", "9s", "4s", "player")
    assert everything(state.table) == Counter(state.table.deck)


@pytest.mark.parametrize("event, message", [
    ("swap: {seat: 2, hand: As, board: 4s}", "s.yaml:12: swap.hand: As is not in seat 2's hand"),
    ("swap: {seat: 2, hand: 9s, board: 2s}", "s.yaml:12: swap.board: 2s is not on the board"),
    ("swap: {seat: 7, hand: 9s, board: 4s}", "s.yaml:12: seat 7 is not dealt in"),
    ("swap: {seat: 2, hand: Zz, board: 4s}", "s.yaml:12: swap.hand: 'Zz' is not a card"),
    ("swap: {seat: 2, hand: 9s}", "s.yaml:12: events.swap has no 'board'"),
])
def test_a_wrong_swap_is_a_located_error(event, message):
    with pytest.raises(ScenarioError) as error:
        replay(hand(event))
    assert message in str(error.value)


def test_a_folded_seat_cannot_swap_and_stud_has_no_board():
    with pytest.raises(ScenarioError) as error:
        replay(parse_scenario(HEAD + DECK + "events:\n  - deal: {}\n  - act: [fold]\n"
                              "  - swap: {seat: 3, hand: Qs, board: 5s}\n", "s.yaml"))
    assert "s.yaml:11: swap.seat: seat 3 holds no live hand" in str(error.value)
    with pytest.raises(ScenarioError) as error:
        parse_scenario("id: t\ntitle: t\ngame: stud\nseats: 2\nevents:\n  - third: {}\n"
                       "  - swap: {seat: 1, hand: As, board: Ks}\n", "s.yaml")
    assert "s.yaml:7: a swap event does not happen in stud" in str(error.value)


@settings(max_examples=60, deadline=None)
@given(seat=st.sampled_from([1, 2, 3, 4]), slot=st.integers(0, 1), place=st.integers(0, 2))
def test_cards_are_conserved_whatever_is_swapped(seat, slot, place):
    hole = {1: ["As", "Ts"], 2: ["Ks", "9s"], 3: ["Qs", "8s"], 4: ["Js", "7s"]}[seat][slot]
    board = ["5s", "4s", "3s"][place]
    state = replay(hand(f"swap: {{seat: {seat}, hand: {hole}, board: {board}}}"))
    assert everything(state.table) == Counter(state.table.deck)
    assert state.table.board[place] == hole and board in state.table.hands[seat]


@pytest.mark.parametrize("book, number", [("tda@2024", "65-B"), ("tda@2026", "67-B"),
                                          ("house.thursday-home-game@2026", "65-B")])
def test_the_tda_puts_the_identified_cards_back(kb, book, number):
    ruling = rule(kb, resolve_rulebook(kb, book), load_scenario(FLOP))
    assert ruling.remedy == "continue" and [c.number for c in ruling.citations] == [number]
    assert ruling.table.board == ("7c", "Jd", "9h") and "Kd" in ruling.table.hands[5]
    assert [s.do for s in ruling.steps] == ["replace"]


@pytest.mark.parametrize("book", ["rrop@v11", "house.casino@2026", "wsop@2024",
                                  "wsop-live@2024"])
def test_the_other_books_leave_it_to_the_floor(kb, book):
    for path in (FLOP, SWEPT, TURN):
        ruling = rule(kb, resolve_rulebook(kb, book), load_scenario(path))
        assert (ruling.remedy, ruling.citations) == ("floor-decision", ())
        assert ruling.topic == "hand-board-swap"


HOUSE = """\
id: house.swap@2026
title: A room that puts swapped cards back
base: "rrop@v11"
adopt:
  - topic: hand-board-swap
    provisions: [tda.fouled-identifiable]
    mode: instead
    reason: Identified cards go back where they were dealt, as the TDA has it.
"""


def test_a_house_book_on_robert_s_rules_can_adopt_the_tda_rule(kb, tmp_path):
    path = tmp_path / "swap.yaml"
    path.write_text(HOUSE)
    ruling = rule(kb, resolve_rulebook(kb, str(path)), load_scenario(SWEPT))
    assert ruling.remedy == "continue" and [c.number for c in ruling.citations] == ["65-B"]
    assert ruling.table.board[0] == "Qh" and "9c" in ruling.table.hands[1]


def test_compare_find_a_ruling_matrix_and_words(capsys):
    assert main(["compare", str(TURN)]) == 0
    out = capsys.readouterr().out.partition("Earlier editions of these books")[0]  # the books' rulings
    assert out.count("  remedy: continue") == 3 and out.count("  remedy: floor-decision") == 4
    hb = read(None)
    topics = {t.id: [t.title, f"topics/{t.id}.html"] for t in hb.kb.topics}
    index = finder.finder_index(hb.rulings, topics, column_names(hb))
    found = {e["id"]: e for e in index["scenarios"]}
    for path in (FLOP, SWEPT, TURN):
        assert found[path.stem]["facets"]["irregularity"] == ["swap"]
        assert path.stem in showing(hb.rulings, "hand-board-swap")
    assert describe(load_scenario(TURN).events[-2]) == \
        "Seat 2's Jh and the board's 8s changed places (by the player)"
