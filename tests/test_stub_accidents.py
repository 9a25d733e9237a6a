"""Stub and burn accidents (issue 8, section 2): the stub dropped, disordered or mixed with
the muck or the burns, stub cards seen or flashed, burn cards turned up; the corrective
stud card also dealt up (case C53).  Every card is kept through the replay and the
remedy."""

from __future__ import annotations

from collections import Counter

import pytest

from kb import DATA
from kb.hand.deal import replay
from kb.hand.scenario import ScenarioError
from kb.hand.scenario_file import load_scenario, parse_scenario
from kb.house.compose import resolve_rulebook
from kb.rules.engine import rule

SCENARIOS = DATA / "scenarios"
HEAD = "id: t\ntitle: t\ngame: holdem\nsetting: tournament\nseats: 4\nbutton: 4\n"
PREFLOP = "  - deal: {}\n  - act: [call, call, call, check]\n"


def hand(events: str, head: str = HEAD):
    return parse_scenario(head + "events:\n" + events)


def ruled(kb, book: str, scenario):
    return rule(kb, resolve_rulebook(kb, book), scenario)


def named(kb, book: str, name: str):
    return ruled(kb, book, load_scenario(SCENARIOS / f"{name}.yaml"))


def everything(table) -> Counter:
    """Every card of a replayed table's piles (the missing cards apart)."""
    return Counter(card for pile in (*table.hands.values(), table.board, table.burns,
                                     table.muck, table.set_aside, table.stub) for card in pile)


# --------------------------------------------------------------------------- the replay


def test_stub_mixed_with_muck_moves_the_muck_into_the_stub_and_keeps_every_card():
    state = replay(hand(PREFLOP + "  - flop: {}\n  - act: [bet, fold, fold, call]\n"
                        "  - stub: {mixed-with: [muck]}\n"))
    table = state.table
    assert table.muck == []
    assert everything(table) == Counter(table.deck)
    assert state.irregularities[-1].kind == "stub-spoiled"
    assert len(state.irregularities[-1].get("mixed")["muck"]) == 4


def test_stub_mixed_with_burns_moves_the_burns():
    state = replay(hand(PREFLOP + "  - flop: {}\n  - stub: {mixed-with: [burns, muck]}\n"))
    assert state.table.burns == [] and everything(state.table) == Counter(state.table.deck)


def test_stub_seen_card_not_in_the_stub_is_a_located_error():
    with pytest.raises(ScenarioError) as error:
        replay(hand(PREFLOP + "  - stub: {seen: [As]}\n"))
    assert str(error.value) == ("<string>:10: stub.seen: As is not in the stub "
                                "(name cards still in the stub)")


def test_burns_exposed_card_not_a_burn_is_a_located_error():
    with pytest.raises(ScenarioError) as error:
        replay(hand(PREFLOP + "  - flop: {}\n  - burns: {exposed: [Kd]}\n"))
    assert "burns.exposed: Kd is not a burn card" in str(error.value)


def test_stub_event_text_that_is_not_a_card_is_reported_at_its_line():
    with pytest.raises(ScenarioError) as error:
        hand(PREFLOP + "  - stub: {flashed: [Zz]}\n")
    assert "stub.flashed: 'Zz' is not a card" in str(error.value)


def test_stub_event_needs_an_option():
    with pytest.raises(ScenarioError):
        hand(PREFLOP + "  - stub: {}\n")


# --------------------------------------------------------------------------- the rulings


def test_tda_2024_rp_4_mixed_stub_is_scrambled_with_the_muck(kb):
    ruling = named(kb, "tda@2024", "case-c52-stub-mucked-player-live")
    assert ruling.remedy == "continue" and ruling.random
    assert [c.number for c in ruling.citations] == ["RP-4", "39-D"]
    assert [s.do for s in ruling.steps] == ["face-down", "shuffle", "cut"]
    assert ruling.steps[1].details["cards"] == 44          # 38 stub cards + 6 mucked
    assert list(ruling.table.muck) == []


def test_tda_2024_rp_4_disordered_stub_uses_the_stub_cards_alone(kb):
    ruling = named(kb, "tda@2024", "stub-dropped-disordered")
    assert ruling.remedy == "continue"
    assert list(ruling.table.muck) == ["7c", "4s", "2s", "8h"]
    assert list(ruling.table.burns) == ["5s"]
    assert ruling.steps[1].details["cards"] == 52 - 12 - 4   # dealt, burn and flop out
    assert "stub cards alone" in ruling.explanation


def test_tda_2024_rp_4_dropped_stub_in_order_is_rebuilt(kb):
    ruling = named(kb, "tda@2024", "stub-dropped-order-kept")
    assert ruling.remedy == "continue" and not ruling.random and ruling.steps == ()
    assert ruling.table.stub_top[0] == "2h"


def test_rrop_v11_irregularities_17_spoiled_stub_is_played_out_the_cards_as_they_lie(kb):
    ruling = named(kb, "rrop@v11", "case-c52-stub-mucked-player-live")
    assert ruling.remedy == "continue" and not ruling.steps
    assert [c.number for c in ruling.citations] == ["Irregularities 17"]
    assert "not killed" in ruling.explanation and "Unconfirmed" in ruling.explanation


def test_rrop_v11_irregularities_17_dropped_stub_in_order_plays_on(kb):
    assert named(kb, "rrop@v11", "stub-dropped-order-kept").remedy == "continue"


def test_tda_2024_rp_4_stub_knocked_over_by_a_player_is_ruled_the_same(kb):
    by_player = named(kb, "tda@2024", "stub-knocked-over-by-player")
    assert by_player.remedy == "continue" and "by a player" in by_player.explanation


def test_no_book_rules_a_flashed_stub_card_or_an_exposed_burn(kb):
    for name in ("stub-card-flashed-while-dealing-flop", "burn-card-exposed-on-turn"):
        for book in ("rrop@v11", "tda@2024"):
            ruling = named(kb, book, name)
            assert ruling.remedy == "floor-decision" and ruling.topic == \
                "seen-stub-and-burn-cards"
            assert "has no provision" in ruling.explanation


def test_tda_2024_rp_4_then_the_river_comes_from_the_new_stub(kb):
    ruling = named(kb, "tda@2024", "stub-disordered-ruled-then-river")
    first = ruling.calls[0]
    assert first.remedy == "continue" and first.random
    assert list(ruling.table.burns[-1:] + ruling.table.board[-1:]) == \
        list(first.table.stub_top[:2])         # burn and river off the reshuffled stub
    assert len(ruling.table.board) == 5 and len(ruling.table.burns) == 3


def test_tda_2024_rp_10_a_corrective_card_dealt_up_is_left_to_the_floor(kb):
    ruling = named(kb, "tda@2024", "case-c53-stud-third-card-also-dealt-up")
    assert [c.remedy for c in ruling.calls] == ["continue"]
    assert ruling.remedy == "floor-decision"
    assert [c.number for c in ruling.citations] == ["RP-10-A"]
    assert "says nothing of the correction going wrong" in ruling.explanation


def test_rrop_v11_stud_5_corrective_card_dealt_up_is_left_to_the_floor(kb):
    ruling = named(kb, "rrop@v11", "case-c53-stud-third-card-also-dealt-up")
    assert ruling.remedy == "floor-decision"
    assert ruling.irregularities[0]["kind"] == "stud-exposed"


def test_rp_4_remedy_keeps_every_card_in_every_game(kb):
    for name in ("stud-stub-dropped-disordered-fifth", "lowball-stub-mixed-with-discards",
                 "stub-mixed-with-muck-and-burns"):
        scenario = load_scenario(SCENARIOS / f"{name}.yaml")
        state = replay(scenario)
        assert everything(state.table) + Counter(state.table.missing) == \
            Counter(state.table.deck) + Counter(state.table.extras)
        assert named(kb, "tda@2024", name).remedy == "continue"


# --------------------------------------------------------------------------- who caused it


def test_found_by_goes_only_with_a_wrong_count():
    with pytest.raises(ScenarioError) as error:
        hand(PREFLOP + "  - found: {duplicate: As, where: stub, by: player}\n")
    assert "found.by goes with wrong-count" in str(error.value)


def test_rrop_v11_dead_hands_1_d_kills_a_count_a_player_caused_after_two_folds(kb):
    ruling = named(kb, "rrop@v11", "case-c08-player-took-neighbours-card")
    assert ruling.remedy == "dead-hand" and list(ruling.table.dead) == [5, 6]
    assert ruling.topic == "player-caused-wrong-count"


def test_tda_2024_35_a_5_is_a_count_dealt_wrong_so_a_player_caused_count_is_the_floors(kb):
    player = named(kb, "tda@2024", "case-c08-player-took-neighbours-card")
    dealer = named(kb, "tda@2024", "case-c08-misdeal-after-two-folds")
    assert (player.remedy, dealer.remedy) == ("floor-decision", "misdeal")
    assert [c.number for c in player.citations] == ["2", "35-A-5"]
    assert "seat 5 holds 3 cards" in player.explanation


def test_rrop_v11_misdeals_2_e_is_a_count_dealt_wrong_before_action(kb):
    ruling = named(kb, "rrop@v11", "player-took-neighbours-card-before-action")
    assert ruling.remedy == "floor-decision"
    assert ruling.citations[0].number == "Dead Hands 3"


def test_tda_2024_38_kills_a_player_caused_count_after_substantial_action(kb):
    ruling = named(kb, "tda@2024", "player-took-neighbours-card-after-substantial-action")
    assert ruling.remedy == "dead-hand" and list(ruling.table.dead) == [4, 5]
    assert "38" in [c.number for c in ruling.citations]
