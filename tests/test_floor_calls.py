"""A hand with several floor calls (issue 8, section 1): every irregularity ruled, in the
order the books give, and the hand carried on from the table each ruling left."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from kb import DATA
from kb.hand.scenario_file import load_scenario, parse_scenario
from kb.house.compose import published_rulebooks, resolve_rulebook
from kb.rules.engine import rule
from kb.rules.ruling import compare_expectation
from kb.rules.ruling_text import format_ruling

SCENARIOS = DATA / "scenarios"
FLOOR_FILES = sorted(p for p in SCENARIOS.glob("*.yaml")
                     if "- floor:" in p.read_text(encoding="utf-8"))
HEAD = "id: t\ntitle: t\ngame: holdem\nseats: 4\nbutton: 4\n"
DECK = "deck: Ah 8s 4d As 7h 5s 3d 9c Jh Kd 6d 2h Tc 2d 9s Kh Qc 5c\n"


@pytest.fixture(scope="module")
def books(kb):
    return {book.id: book for book in published_rulebooks(kb)}


def ruled(kb, book, name: str):
    return rule(kb, resolve_rulebook(kb, book), load_scenario(SCENARIOS / f"{name}.yaml"))


def line(name: str, needle: str) -> int:
    """The line of the first event of scenario ``name`` that contains ``needle``."""
    text = (SCENARIOS / f"{name}.yaml").read_text(encoding="utf-8").splitlines()
    return next(n for n, t in enumerate(text, 1) if t.startswith("  - ") and needle in t)


def hand(events: str, deck: str = DECK):
    return parse_scenario(HEAD + deck + "events:\n" + events)


def test_the_knowledge_base_has_six_scenarios_with_floor_events_each_expecting_every_book(
        books, kb):
    assert len(FLOOR_FILES) >= 6
    for path in FLOOR_FILES:
        assert set(load_scenario(path).expect) - set(kb.books.earlier_ids) == set(books), path.name


def test_rrop_burn_error_rule_two_burn_errors_at_one_call_are_ruled_together_in_order(kb):
    """Robert's Rules' burn-error rule: the flop acted on stands and the turn is corrected
    to the card that would have come, which answers the turn's double burn too."""
    ruling = ruled(kb, "rrop@v11", "flop-no-burn-and-turn-two-burns-one-call")
    name = "flop-no-burn-and-turn-two-burns-one-call"
    flop, turn = line(name, "flop:"), line(name, "turn:")
    assert [(i["kind"], i["line"]) for i in ruling.irregularities] == [
        ("burn-count", flop), ("burn-count", turn)]
    assert ruling.remedy == "continue"
    assert ruling.table.board == ("Jh", "Kd", "6d", "2d")
    assert f"(1) A burn error (line {flop})" in ruling.explanation
    assert f"answers the rest too: a burn error (line {turn})" in ruling.explanation


def test_tda_2024_39_b_then_rp_14_each_burn_error_ruled_and_the_call_reports_the_farthest(kb):
    """TDA 39-B (the flop stands after action) then no rule for the turn's double burn
    (RP-14): the call's remedy is the most far-reaching, floor-decision, and it cites
    both provisions."""
    ruling = ruled(kb, "tda@2024", "flop-no-burn-and-turn-two-burns-one-call")
    assert ruling.remedy == "floor-decision"
    numbers = [c.number for c in ruling.citations]
    assert numbers.index("39-B") < numbers.index("RP-14")
    assert "(1) A burn error" in ruling.explanation and "(2) A burn error" in ruling.explanation
    assert "most far-reaching of them, floor-decision" in ruling.explanation


@pytest.mark.parametrize("book, number", [("rrop@v11", "Irregularities 4"),
                                          ("tda@2024", "35-E")])
def test_a_fouled_deck_is_ruled_first_and_voids_the_premature_turn_before_it(kb, book, number):
    ruling = ruled(kb, book, "premature-turn-then-duplicate-voids-all")
    assert [i["kind"] for i in ruling.irregularities] == ["duplicate", "premature"]
    assert ruling.remedy == "void" and ruling.citations[0].number == number
    assert "The hand is void, which answers the rest too" in ruling.explanation
    assert not any(s.do == "set-aside" for s in ruling.steps)     # no premature-turn remedy


def test_a_void_ends_the_hand_later_events_are_not_played(kb, books):
    scenario = hand("  - deal: {}\n  - found: {duplicate: As, where: muck}\n  - floor: {}\n"
                    "  - act: [call, call, call, check]\n  - flop: {cards: 4}\n")
    ruling = rule(kb, books["rrop@v11"], scenario)
    assert ruling.remedy == "void" and ruling.calls == () and ruling.floor == 10
    assert "did not happen" in ruling.explanation and ruling.table.board == ()


def conserved(call, deck) -> bool:
    table = call.table
    piles = [*table.hands.values(), table.board, table.burns, table.muck, table.set_aside,
             table.stub_top]
    return Counter(c for pile in piles for c in pile) == Counter(deck)


@pytest.mark.parametrize("path", FLOOR_FILES, ids=[p.stem for p in FLOOR_FILES])
def test_every_call_of_every_floor_scenario_conserves_the_cards(kb, books, path):
    scenario = load_scenario(path)
    for book in books.values():
        for seed in (0, 1, 2):
            ruling = rule(kb, book, scenario, seed)
            for call in ruling.every_call:
                assert conserved(call, scenario.deck), (book.id, seed, call.floor)


def test_rrop_hold_em_1_the_exposed_card_burns_for_the_flop_when_the_dealer_burns_again_c23(kb):
    """Case C23 as it happened: the ruling's burn (the exposed 7s) is the flop's burn, so
    ``burns: 2`` takes one card more (7c) and is a burn error; the board acted on stands."""
    ruling = ruled(kb, "rrop@v11", "case-c23-two-burns-as-it-happened")
    first = ruling.calls[0]
    assert first.table.hands[1] == ("4d", "9d") and first.table.burns == ("7s",)
    assert ruling.table.burns == ("7s", "7c", "2h", "2d")
    assert ruling.table.board == ("Jh", "Kd", "6d", "Tc", "9s")


def test_tda_2024_35_a_7_no_replacement_so_the_double_burn_takes_9d_and_7c_c23(kb):
    ruling = ruled(kb, "tda@2024", "case-c23-two-burns-as-it-happened")
    assert ruling.calls[0].table.hands[1] == ("4d", "7s")
    assert ruling.table.burns[:2] == ("9d", "7c") and ruling.remedy == "floor-decision"


def test_rrop_hold_em_1_a_replacement_exposed_too_is_replaced_again_after_the_cutoff_c02(kb):
    ruling = ruled(kb, "rrop@v11", "case-c02-replacement-card-also-exposed")
    assert ruling.calls[0].table.hands[6] == ("5s", "Qd")
    assert ruling.table.hands[6] == ("5s", "Jh") and ruling.table.burns == ("Kc", "Qd")
    floor = line("case-c02-replacement-card-also-exposed", "floor:")
    assert ruling.irregularities == ({"kind": "exposed", "line": floor},)


def test_tda_2024_35_a_7_no_replacement_dealt_so_nothing_stands_at_the_second_call_c02(kb):
    ruling = ruled(kb, "tda@2024", "case-c02-replacement-card-also-exposed")
    assert ruling.irregularities == () and ruling.explanation.startswith("No irregularity")


def test_tda_2024_39_a_the_picked_card_is_the_turn_burn_when_the_turn_is_dealt(kb):
    ruling = ruled(kb, "tda@2024", "four-card-flop-ruled-then-turn")
    picked = ruling.calls[0].table.burns[-1]
    assert ruling.table.burns == ruling.calls[0].table.burns     # no new burn for the turn
    assert ruling.table.burns[-1] == picked and len(ruling.table.board) == 4


def test_rrop_premature_turn_the_river_comes_from_the_reshuffled_stub_without_a_burn(kb):
    ruling = ruled(kb, "rrop@v11", "premature-turn-ruled-then-river")
    first = ruling.calls[0]
    # while the flop betting is owed the board holds only the flop (the turn is `when`)
    assert "2d" in first.table.set_aside and first.table.board == ("Kd", "6d", "2h")
    assert first.table.burns == ("Jh", "Tc")
    # then the would-be river Kh came as the turn with its burn 9s, and the river had no burn
    assert ruling.table.board[3] == "Kh" and ruling.table.burns == ("Jh", "Tc", "9s")
    assert "2d" not in ruling.table.set_aside and ruling.random


def test_a_misdeal_s_redeal_is_the_next_deal_and_a_plain_deal_repeats_it(kb, books):
    scenario = hand("  - deal: {exposed: [1]}\n  - floor: {}\n  - deal: {}\n", "")
    ruling = rule(kb, books["rrop@v11"], scenario)
    assert ruling.calls[0].remedy == "misdeal"
    assert ruling.table.hands == ruling.calls[0].table.hands


def test_a_misdeal_followed_by_actions_keeps_the_redeal_the_ruling_made(kb, books):
    scenario = hand("  - deal: {exposed: [1]}\n  - floor: {}\n  - act: [fold]\n", "")
    ruling = rule(kb, books["tda@2024"], scenario)
    redeal = ruling.calls[0].table.hands
    folded = [seat for seat, cards in ruling.table.hands.items() if not cards]
    assert folded == [3] and set(ruling.table.muck) == set(redeal[3])


def test_two_floors_in_a_row_the_second_finds_nothing(kb, books):
    scenario = hand("  - deal: {boxed: [3]}\n  - floor: {}\n  - floor: {}\n")
    ruling = rule(kb, books["rrop@v11"], scenario)
    assert [c.floor for c in ruling.every_call] == [9, 10]
    assert ruling.remedy == "continue" and ruling.irregularities == ()


def test_the_json_keeps_version_1_fields_for_the_last_call_and_lists_earlier_calls(kb):
    ruling = ruled(kb, "rrop@v11", "case-c23-two-burns-as-it-happened")
    data = json.loads(json.dumps(ruling.to_json()))
    for key in ("scenario", "rulebook", "remedy", "citations", "provisions", "steps",
                "random", "table", "explanation"):
        assert key in data
    assert data["remedy"] == "continue" and data["table"]["burns"] == ["7s", "7c", "2h", "2d"]
    name = "case-c23-two-burns-as-it-happened"
    assert data["irregularities"] == [{"kind": "burn-count", "line": line(name, "flop:")}]
    (call,) = data["calls"]
    assert call["floor"] == line(name, "floor:") and call["remedy"] == "continue"
    assert call["irregularities"] == [{"kind": "exposed", "line": line(name, "deal:")}]
    assert call["citations"][0]["number"] == "Hold'em 1" and "calls" not in call


def test_a_hand_with_one_call_has_an_empty_calls_list(kb):
    data = ruled(kb, "tda@2024", "premature-turn").to_json()
    assert data["calls"] == [] and data["irregularities"] == [
        {"kind": "premature", "line": line("premature-turn", "turn:")}]


def test_the_text_output_shows_every_call(kb):
    text = format_ruling(ruled(kb, "rrop@v11", "case-c23-two-burns-as-it-happened"))
    name = "case-c23-two-burns-as-it-happened"
    assert text.splitlines()[0] == (
        f"{name} under rrop@v11: call 1: Finish the deal, then replace the exposed card with "
        "the next card; the exposed card becomes the burn card; call 2: Leave the cards as "
        "they are; the hand stands")
    assert (f"call 1, floor called at line {line(name, 'floor:')}: Finish the deal, then "
            "replace the exposed card with the next card; the exposed card becomes the burn "
            "card") in text
    assert f"answers: exposed (line {line(name, 'deal:')})" in text
    assert ("call 2, floor called after the last event: Leave the cards as they are; "
            "the hand stands") in text
    assert text.count("    remedy: continue") == 2


def test_floorbook_compare_prints_every_call(capsys, books):
    from kb.cli import main
    path = SCENARIOS / "misdeal-then-exposed-card-on-the-new-deal.yaml"
    assert main(["compare", str(path)]) == 0
    out = capsys.readouterr().out.partition("Earlier editions of these books")[0]   # the published books
    floor = line(path.stem, "floor:")
    assert out.count(f"call 1, floor called at line {floor}: Misdeal: reshuffle and "
                     "redeal") == len(books)
    # the summary names every call of every book, the first (the misdeal) included
    summary = out.split("\n\n")[0].splitlines()
    assert len(summary) == 1 + len(books)
    assert all("call 1: Misdeal: reshuffle and redeal [" in row and " / call 2: " in row
               for row in summary[1:])


def test_expect_calls_are_compared_in_order(kb):
    ruling = ruled(kb, "rrop@v11", "case-c23-two-burns-as-it-happened")
    assert compare_expectation({"calls": ({"remedy": "continue"},)}, ruling) == []
    assert compare_expectation({"calls": ({"remedy": "misdeal"},)}, ruling) == [
        "call 1: remedy: expected 'misdeal', got 'continue'"]
    assert compare_expectation({"calls": ()}, ruling) == [
        "calls: expected 0 earlier floor calls, got 1"]


def test_an_expect_calls_entry_is_read_from_the_file():
    scenario = load_scenario(SCENARIOS / "case-c23-two-burns-as-it-happened.yaml")
    call = scenario.expect["rrop@v11"]["calls"][0]
    assert call["remedy"] == "continue" and call["burns"] == ("7s",)


def test_the_matrix_cell_shows_every_call(kb):
    from kb.handbook.views.cells import explanations, ruling_cell
    from kb.rules.answer import answer
    ruling = ruled(kb, "rrop@v11", "case-c23-two-burns-as-it-happened")
    cell = ruling_cell(ruling, [1]).astext()
    floor = line("case-c23-two-burns-as-it-happened", "floor:")
    # each call: its label, then its own answer, remedy and numbers (issue 23: the
    # answer first, for every call, not only the last)
    first, second = cell.split("Call 2, after the last event")
    assert first.startswith(f"Call 1, line {floor}\n\n{answer(ruling.calls[0])}\n\n"
                            "continue\n\nHold'em 1")
    assert second.startswith(f"\n\n{answer(ruling)}\n\ncontinue\n\nHold'em 5")
    assert answer(ruling.calls[0]) != answer(ruling)
    text = explanations([ruling], {}).astext()
    assert "call 1 (continue): A single hole card" in text and "call 2 (continue)" in text


def test_the_matrix_shows_a_scenario_whose_earlier_call_names_the_topic(kb):
    from kb.handbook.data.rulings import build_table
    from kb.handbook.views.matrix import showing
    table = build_table(kb, None)
    shown = showing(table, "exposed-later-hole-card")
    assert "case-c23-two-burns-as-it-happened" in shown
    assert not all(r.topic == "exposed-later-hole-card"
                   for r in table.row("case-c23-two-burns-as-it-happened"))


def test_floor_replacement_exposed_applies_only_where_the_ruling_dealt_that_replacement(
        kb, books):
    """The TDA (35-A-7) deals no replacement for one later exposed card, so the option has
    nothing to apply to; Robert's Rules (Hold'em 1) does, and its replacement, exposed,
    stands at the next call."""
    scenario = hand("  - deal: {exposed: [6]}\n  - floor: {replacement-exposed: [1]}\n"
                    "  - act: [call]\n")
    assert rule(kb, books["tda@2024"], scenario).irregularities == ()
    ruling = rule(kb, books["rrop@v11"], scenario)
    assert ruling.irregularities == ({"kind": "exposed", "line": 9},)
    replacement = ruling.calls[0].table.hands[2][1]
    assert replacement in ruling.table.burns
