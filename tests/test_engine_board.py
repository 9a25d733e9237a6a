"""Board-card and burn errors (sources.md sections 7 and 8), ruled on hand-built decks."""

import pytest
from helpers import numbers
from helpers import ruled as ruled_scenario

from kb.hand.scenario_file import parse_scenario

# Six seats, button 6: twelve hole cards, then the stub B0 F1 F2 F3 B1 T1 B2 R1 X1 X2.
DECK = "2s 3s 4s 5s 6s 7s 2h 3h 4h 5h 6h 7h Ac Kc Qc Jc Tc 9c 8c 7c 6c 5c"
PREFLOP = "  - deal: {}\n  - act: [call, call, call, call, call, check]\n"




def ruled(kb, book, events, seed=0):
    text = (f"id: t\ntitle: t\ngame: holdem\nseats: 6\nbutton: 6\ndeck: {DECK}\n"
            f"events:\n{PREFLOP}{events}")
    return ruled_scenario(kb, book, parse_scenario(text), seed)


def later(ruling) -> list[tuple]:
    """The steps a ruling gives for later in the hand (``when``): (do, cards)."""
    return [(s.do, s.details.get("cards", s.details.get("card"))) for s in ruling.steps
            if "when" in s.details]


def test_missed_flop_burn_after_a_check_robert_burns_two_before_the_natural_turn(kb):
    ruling = ruled(kb, "rrop@v11", "  - flop: {burns: 0}\n  - act: [check]\n")
    assert numbers(ruling)[0] == "Hold'em 5" and "Hold'em 4" not in numbers(ruling)
    # natural order: burn Ac, flop Kc Qc Jc, burn Tc, turn 9c; the turn comes after the
    # flop betting, so the table is the flop as dealt and the turn a step with `when`
    assert ruling.table.board == ("Ac", "Kc", "Qc") and ruling.table.burns == ()
    assert ruling.table.stub_top[0] == "Jc"
    assert [s.do for s in ruling.steps] == ["finish-betting", "burn", "deal"]
    assert later(ruling) == [("burn", ["Jc", "Tc"]), ("deal", ["9c"])]


def test_missed_flop_burn_after_a_check_tda_39_b_burns_one(kb):
    ruling = ruled(kb, "tda@2024", "  - flop: {burns: 0}\n  - act: [check]\n")
    assert ruling.table.board == ("Ac", "Kc", "Qc") and ruling.table.burns == ()
    assert later(ruling) == [("burn", "Jc"), ("deal", ["Tc"])]


def test_double_river_burn_after_action_returns_nothing_to_the_stub(kb):
    events = ("  - flop: {}\n  - act: [check, check, check, check, check, check]\n"
              "  - turn: {}\n  - act: [check, check, check, check, check, check]\n"
              "  - river: {burns: 2}\n  - act: [bet, call, fold, fold, fold, fold]\n")
    ruling = ruled(kb, "rrop@v11", events)
    assert ruling.steps == () and ruling.table.burns == ("Ac", "Tc", "8c", "7c")
    assert ruling.table.board == ("Kc", "Qc", "Jc", "9c", "6c")


def test_double_turn_burn_after_action_the_extra_burn_is_the_river_burn(kb):
    events = ("  - flop: {}\n  - act: [check, check, check, check, check, check]\n"
              "  - turn: {burns: 2}\n  - act: [check, bet, call, fold, fold, fold]\n")
    ruling = ruled(kb, "rrop@v11", events)
    # natural order: burn Tc, turn 9c, burn 8c, river 7c; the turn 8c stands, and after the
    # turn betting the extra burn 9c goes back on top as the river burn, then the river 7c
    assert ruling.table.board == ("Kc", "Qc", "Jc", "8c")
    assert ruling.table.burns == ("Ac", "Tc", "9c") and ruling.table.stub_top[0] == "7c"
    assert [s.do for s in ruling.steps] == ["finish-betting", "return-to-stub", "burn", "deal"]
    assert later(ruling) == [("return-to-stub", ["9c"]), ("burn", ["9c"]), ("deal", ["7c"])]


@pytest.mark.parametrize("burns", [0, 2])
@pytest.mark.parametrize("book", ["rrop@v11", "house.casino@2026"])
def test_flop_burn_error_before_action_is_redealt_without_a_new_burn(kb, book, burns):
    ruling = ruled(kb, book, f"  - flop: {{burns: {burns}}}\n")
    assert ruling.remedy == "continue" and len(ruling.table.burns) == burns
    assert "burn" not in [s.do for s in ruling.steps]
    if book.startswith("house"):
        assert {"13.6", "13.8"} <= set(numbers(ruling))


@pytest.mark.parametrize("street,events", [
    ("flop", "  - flop: {premature: true}\n"),
    ("turn", "  - flop: {}\n  - act: [check, bet]\n  - turn: {premature: true}\n")])
def test_tda_premature_card_finishes_the_betting_first_and_says_it_is_practice(kb, street,
                                                                              events):
    ruling = ruled(kb, "tda@2024", events.replace("call, check]", "call]"))
    assert ruling.steps[0].do == "finish-betting"
    assert "common practice" in ruling.explanation


def test_tda_four_card_flop_calls_the_turn_burn_a_reading(kb):
    ruling = ruled(kb, "tda@2024", "  - flop: {cards: 4}\n")
    assert "our reading" in ruling.explanation


def test_tda_turn_burn_error_says_rule_38_is_for_wrong_count_kills(kb):
    ruling = ruled(kb, "tda@2024", "  - flop: {}\n  - act: [check, check, check, check, "
                                   "check, check]\n  - turn: {burns: 0}\n")
    assert ruling.remedy == "floor-decision" and "wrong number of cards" in ruling.explanation
