"""Fixes from the audit of rulings against the rule texts (sources.md): a found missing
card that the deck lists, jokers and stray hands after the cutoff, explanations that say
what the books leave open, in a floorperson's words."""

import pytest
from helpers import hand, numbers, ruled

from kb.hand.deal import replay
from kb.hand.scenario import ScenarioError
from kb.hand.scenario_file import parse_scenario

# ------------------------------------------------------------------ found: missing


def test_a_missing_card_the_deck_lists_is_skipped_it_was_never_in_the_stub():
    played = replay(hand("  - deal: {}\n  - found: {missing: [3d]}\n"))
    table = played.table                       # 3d is the 14th card listed, after Ah
    assert table.stub[:2] == ["Ah", "Ad"] and "3d" in table.missing
    assert "3d" not in table.stub and played.tables[0].stub[:2] == ["Ah", "Ad"]


def test_a_missing_card_the_fill_in_would_deal_never_comes_off_the_deck():
    # without found, the flop would be burn Ah, then 3d Ad Ac: Ad was missing all along
    table = replay(hand("  - deal: {}\n  - flop: {}\n  - found: {missing: [Ad]}\n")).table
    assert table.burns == ["Ah"] and table.board == ["3d", "Ac", "Ks"]
    assert table.missing == ["Ad"] and "Ad" not in table.stub


def test_a_card_found_missing_twice_is_refused_at_its_line():
    with pytest.raises(ScenarioError) as error:
        replay(hand("  - deal: {}\n  - found: {missing: [2c]}\n  - found: {missing: [2c]}\n"))
    assert "t.yaml:11" in str(error.value) and "2c is not in the deck, or is already " \
        "missing" in str(error.value)


def test_a_missing_card_still_in_the_stub_leaves_it():
    table = replay(hand("  - deal: {}\n  - found: {missing: [2c]}\n")).table
    assert "2c" in table.missing and "2c" not in table.stub


# ------------------------------------------------------------------ jokers after SA (TDA)


def test_tda_joker_in_a_hand_after_substantial_action_one_step_off_the_table(kb):
    # 35-D: a scrap of paper; the hand then a card short after SA is dead (Rule 38)
    scenario = hand("  - deal: {}\n  - act: [call, call]\n  - found: {foreign: Jk, where: hand}\n",
                    deck="As Jk 7h 7c 2s 9d Qs Jh 4c 5d 8s Tc")
    ruling = ruled(kb, "tda@2024", scenario)
    assert ruling.remedy == "dead-hand" and {"35-D", "38"} <= set(numbers(ruling))
    assert [s.to_json() for s in ruling.steps] == [
        {"do": "set-aside", "card": "Jk", "as": "scrap"}, {"do": "kill", "seat": 2}]
    assert ruling.table.dead == (2,) and ruling.table.set_aside == ("Jk",)
    assert "joker" in ruling.explanation and "Jk" not in ruling.explanation
    assert "do not say the scrap is replaced" in ruling.explanation


def test_rrop_joker_found_before_the_player_acts_does_not_cite_dead_hands(kb):
    scenario = hand("  - deal: {}\n  - found: {foreign: Jk, where: hand}\n",
                    deck="As Jk 7h 7c 2s 9d Qs Jh 4c 5d 8s Tc")
    ruling = ruled(kb, "rrop@v11", scenario)
    assert ruling.remedy == "continue" and "Dead Hands 1(e)" not in numbers(ruling)
    assert "Jk" not in ruling.table.hands[2] and "Jk" in ruling.table.set_aside


# ------------------------------------------------------------------ stray hands after the cutoff


@pytest.mark.parametrize("book", ["rrop@v11", "tda@2024", "house.casino@2026"])
def test_cards_dealt_to_a_seat_not_entitled_go_to_the_muck_after_the_cutoff(kb, book):
    scenario = hand("  - deal: {dealt-to: [7]}\n  - act: [raise, call, call]\n",
                    seats="[1, 2, 3, 4, 5, 6]")
    ruling = ruled(kb, book, scenario)
    assert ruling.remedy == "continue" and 7 not in ruling.table.hands
    assert ruling.steps[0].do == "kill" and ruling.steps[0].details["seat"] == 7
    assert set(ruling.steps[0].details["cards"]) <= set(ruling.table.muck)
    assert "fouled" not in ruling.explanation


# ------------------------------------------------------------------ explanations


def test_unconfirmed_line_speaks_plainly(kb):
    ruling = ruled(kb, "rrop@v11",
                   hand("  - deal: {}\n  - flop: {}\n  - stub: {disordered: true}\n"))
    assert "Robert's Rules Irregularities 17 is known only from a secondary source" \
        in ruling.explanation
    for jargon in ("sources.md", "seed", "rrop."):
        assert jargon not in ruling.explanation


def test_boxed_cards_after_the_cutoff_cite_the_cutoff_in_good_grammar(kb):
    scenario = hand("  - deal: {}\n  - act: [call, call]\n  - flop: {boxed: [1, 2]}\n")
    rrop = ruled(kb, "rrop@v11", scenario)
    assert "Misdeals 1" in numbers(rrop) and "cards (8s, Tc) is" not in rrop.explanation
    tda = ruled(kb, "tda@2024", scenario)
    assert tda.remedy == "floor-decision" and "35-D" in numbers(tda)


def test_stud_redeal_step_names_no_button(kb):
    scenario = parse_scenario("id: t\ntitle: t\ngame: stud\nsetting: tournament\nseats: 4\n"
                              "events:\n  - third: {exposed: [2]}\n", "t.yaml")
    ruling = ruled(kb, "rrop@v11", scenario)
    redeal = [s for s in ruling.steps if s.do == "redeal"]
    assert ruling.remedy == "misdeal" and "button" not in redeal[0].details


def test_tda_misdeal_before_substantial_action_cites_rule_36(kb):
    scenario = hand("  - deal: {}\n  - act: [fold, fold]\n"
                    "  - found: {wrong-count: {seat: 3, cards: 1}}\n")
    ruling = ruled(kb, "tda@2024", scenario)
    assert ruling.remedy == "misdeal" and {"35-A-5", "36-A"} <= set(numbers(ruling))
    assert "1 card instead" in ruling.explanation


def test_three_card_hand_after_sa_cites_example_1_b_only(kb):
    scenario = hand("  - deal: {}\n  - act: [fold, call]\n"
                    "  - found: {wrong-count: {seat: 3, cards: 3}}\n")
    cited = numbers(ruled(kb, "tda@2024", scenario))
    assert "Addendum 38 Ex. 1-B" in cited and "Addendum 38 Ex. 1-A" not in cited
