"""The end of a hand (issue 8, section 2): the pot awarded (``pot: awarded``) and the next
hand begun (``next-hand``), and the time limits they give meaning to: TDA 2024 Rules 22 and
35-E (a fouled deck claimed after the hand only until the next hand begins), Robert's Rules
Decision-Making 5 (a ruling on a pot only before the next deal starts) and its burn-error
rule's all-in clause (corrected only until the pot is awarded)."""

from __future__ import annotations

import pytest

from kb import DATA
from kb.hand.deal import replay
from kb.hand.end_of_hand import stage_at
from kb.hand.scenario import ScenarioError
from kb.hand.scenario_file import load_scenario, parse_scenario
from kb.house.compose import published_rulebooks, resolve_rulebook
from kb.rules.engine import rule

SCENARIOS = DATA / "scenarios"
END_FILES = sorted(p for p in SCENARIOS.glob("*.yaml")
                   if "- pot: awarded" in p.read_text(encoding="utf-8"))
HEAD = "id: t\ntitle: t\ngame: holdem\nsetting: tournament\nseats: 4\nbutton: 4\n"
DECK = "deck: Ah Kd 7c 9s Qh Jd 7h 2c 8d 5s Td 3c Kc 6h 4d\n"
PLAYED = ("  - deal: {}\n  - act: [call, fold, call, check]\n  - flop: {}\n"
          "  - act: [check, bet, call, call]\n  - turn: {}\n  - act: [check, check, check]\n"
          "  - river: {}\n  - act: [bet, fold, call]\n")
#: Robert's Rules' burn-error example hand: all-in preflop, the turn dealt without a burn.
ALL_IN = ("deck: Ks 3s 7d 8h 4c Kd 3d 6s Th 7c Ts 8d 9c Kh 5s Qd As Kc 2s Qh Jh 8s Qs Ah "
          "9s 9h\n")
ALL_IN_EVENTS = ("  - deal: {}\n  - act: [all-in, fold, fold, fold, call, fold]\n"
                 "  - flop: {}\n  - turn: {burns: 0}\n  - river: {}\n")
ALL_IN_HEAD = "id: t\ntitle: t\ngame: holdem\nsetting: tournament\nseats: 6\nbutton: 2\n"


def hand(events: str, head: str = HEAD, deck: str = DECK):
    return parse_scenario(head + deck + "events:\n" + events, "t.yaml")


def ruled(kb, book: str, scenario):
    return rule(kb, resolve_rulebook(kb, book), scenario)


def numbers(ruling) -> list[str]:
    return [c.number for c in ruling.citations]


# --------------------------------------------------------------------------- the reader


def test_eight_or_more_scenarios_end_the_hand_each_expecting_every_published_book(kb):
    books = {book.id for book in published_rulebooks(kb)}
    assert len(END_FILES) >= 8
    for path in END_FILES:
        assert set(load_scenario(path).expect) - set(kb.books.earlier_ids) == books, path.name


def test_next_hand_before_the_pot_is_awarded_is_an_error_at_its_line():
    with pytest.raises(ScenarioError) as error:
        hand(PLAYED + "  - next-hand: {}\n  - pot: awarded\n")
    assert str(error.value) == ("t.yaml:17: the next hand cannot begin before the pot is "
                                "awarded (add - pot: awarded before it)")


def test_only_found_floor_and_next_hand_follow_the_pot_and_only_found_and_floor_the_next_hand():
    with pytest.raises(ScenarioError) as error:
        hand(PLAYED + "  - pot: awarded\n  - act: [check]\n  - next-hand: {}\n"
             "  - found: {duplicate: 7c, where: muck}\n  - floor: {}\n  - river: {}\n")
    assert [(p.line, p.message) for p in error.value.problems] == [
        (18, "act cannot come after the pot is awarded"),
        (22, "river cannot come after the next hand began")]


def test_a_pot_awarded_twice_or_before_the_deal_is_an_error_and_every_problem_is_reported():
    with pytest.raises(ScenarioError) as error:
        hand("  - pot: awarded\n  - deal: {}\n  - pot: awarded\n  - next-hand: {}\n"
             "  - next-hand: {}\n")
    assert [(p.line, p.message) for p in error.value.problems] == [
        (9, "the pot is awarded before any cards were dealt"),
        (10, "deal cannot come after the pot is awarded"),
        (11, "the pot was already awarded"),
        (13, "the next hand already began")]


def test_pot_takes_only_awarded_and_next_hand_takes_no_options():
    with pytest.raises(ScenarioError) as error:
        hand(PLAYED + "  - pot: showdown\n  - next-hand: {day: 2}\n")
    assert [p.line for p in error.value.problems] == [17, 18]


# --------------------------------------------------------------------------- the replay


def test_the_table_stays_as_it_lay_after_the_pot_and_the_stage_is_recorded():
    state = replay(hand(PLAYED + "  - pot: awarded\n  - next-hand: {}\n"
                        "  - found: {duplicate: 7c, where: muck}\n"))
    before, after_pot = state.tables[7], state.tables[8]
    assert (before.board, before.muck, before.stub) == (after_pot.board, after_pot.muck,
                                                        after_pot.stub)
    assert (state.pot_line, state.next_hand_line) == (17, 18)
    assert [stage_at(state, n) for n in (16, 17, 18, 19)] == [
        "playing", "pot-awarded", "next-hand", "next-hand"]
    # the duplicate lies where it was found; the first copy stays in seat 3's hand
    assert state.table.muck[-1] == "7c" and "7c" in state.table.hands[3]


# --------------------------------------------------------------------------- fouled deck


def test_tda_2024_35_e_fouled_deck_found_after_the_pot_before_the_next_hand_voids_it(kb):
    ruling = ruled(kb, "tda@2024", hand(PLAYED + "  - pot: awarded\n"
                                       "  - found: {duplicate: 7c, where: muck}\n"))
    assert ruling.remedy == "void"
    assert numbers(ruling) == ["35-E", "22", "23"]
    assert "next hand had not begun" in ruling.explanation


def test_tda_2024_22_fouled_deck_found_after_the_next_hand_began_the_result_stands(kb):
    ruling = ruled(kb, "tda@2024", hand(PLAYED + "  - pot: awarded\n  - next-hand: {}\n"
                                       "  - found: {duplicate: 7c, where: muck}\n"))
    assert ruling.remedy == "continue"
    assert numbers(ruling) == ["35-E", "22", "23"]
    assert ruling.table.board == ("5s", "Td", "3c", "6h", "As")


def test_tda_2026_37_e_and_24_number_the_same_limit(kb):
    ruling = ruled(kb, "tda@2026", hand(PLAYED + "  - pot: awarded\n  - next-hand: {}\n"
                                       "  - found: {duplicate: 7c, where: muck}\n"))
    assert ruling.remedy == "continue"
    assert numbers(ruling)[:3] == ["37-E", "24", "25"]


def test_tda_2024_35_e_a_duplicate_found_before_the_pot_was_pushed_still_voids(kb):
    ruling = ruled(kb, "tda@2024", hand(PLAYED + "  - found: {duplicate: 7c, where: hand, "
                                       "seat: 3}\n  - pot: awarded\n"))
    assert ruling.remedy == "void"


def test_rrop_v11_irregularities_4_duplicate_after_the_pot_voids_within_decision_making_5(kb):
    ruling = ruled(kb, "rrop@v11", hand(PLAYED + "  - pot: awarded\n"
                                       "  - found: {duplicate: 7c, where: muck}\n"))
    assert ruling.remedy == "void"
    assert numbers(ruling) == ["Irregularities 4", "Irregularities 5", "Decision-Making 5"]


def test_rrop_v11_decision_making_5_duplicate_after_the_next_deal_began_the_result_stands(kb):
    ruling = ruled(kb, "rrop@v11", hand(PLAYED + "  - pot: awarded\n  - next-hand: {}\n"
                                       "  - found: {duplicate: 7c, where: muck}\n"))
    assert ruling.remedy == "continue"
    assert "Decision-Making 5" in numbers(ruling)


def test_rrop_v11_decision_making_5_odd_back_after_the_next_deal_began_the_result_stands(kb):
    ruling = ruled(kb, "rrop@v11", hand(PLAYED + "  - pot: awarded\n  - next-hand: {}\n"
                                       "  - found: {odd-back: 6h, where: board}\n"))
    assert ruling.remedy == "continue"
    assert numbers(ruling) == ["Irregularities 3", "Decision-Making 5"]


# --------------------------------------------------------------------------- burn errors


def all_in(tail: str = ""):
    return hand(ALL_IN_EVENTS + tail, ALL_IN_HEAD, ALL_IN)


def test_rrop_v11_holdem_5_all_in_burn_error_is_corrected_before_the_pot_is_awarded(kb):
    ruling = ruled(kb, "rrop@v11", all_in("  - floor: {}\n  - pot: awarded\n"))
    first = ruling.calls[0]
    assert first.table.board == ("Kh", "5s", "Qd", "Kc", "Qh")
    assert first.table.burns == ("9c", "As", "2s")
    assert ruling.table.board == ("Kh", "5s", "Qd", "Kc", "Qh")   # carried past the award


def test_rrop_v11_holdem_5_all_in_burn_error_stands_once_the_pot_is_awarded(kb):
    ruling = ruled(kb, "rrop@v11", all_in("  - pot: awarded\n"))
    assert ruling.remedy == "continue"
    assert ruling.table.board == ("Kh", "5s", "Qd", "As", "2s")
    assert ruling.steps == ()
    assert "until the pot is awarded" in ruling.explanation


def test_rrop_v11_holdem_4_flop_burn_error_in_an_all_in_hand_stands_after_the_award(kb):
    scenario = hand("  - deal: {}\n  - act: [all-in, fold, fold, fold, call, fold]\n"
                    "  - flop: {burns: 0}\n  - turn: {}\n  - river: {}\n  - pot: awarded\n",
                    ALL_IN_HEAD, ALL_IN)
    ruling = ruled(kb, "rrop@v11", scenario)
    assert ruling.remedy == "continue" and not ruling.random
    assert numbers(ruling) == ["Hold'em 4", "Hold'em 5"]


def test_tda_2024_no_burn_error_rule_after_the_award_the_floor_decides_within_rule_22(kb):
    ruling = ruled(kb, "tda@2024", all_in("  - pot: awarded\n"))
    assert ruling.remedy == "floor-decision"
    assert numbers(ruling) == ["RP-14", "22", "23"]


def test_tda_2024_22_does_not_cover_a_burn_error_raised_after_the_next_hand_the_floor_decides(kb):
    # Rule 22 limits only disputes of how a hand was read and of the pot's accounting (35-E
    # adds a fouled deck); on a burn error the TDA is silent, and says so
    ruling = ruled(kb, "tda@2024", all_in("  - pot: awarded\n  - next-hand: {}\n"))
    assert ruling.remedy == "floor-decision"
    assert numbers(ruling) == ["RP-14", "22", "23"]
    assert "it does not cover this complaint" in ruling.explanation
