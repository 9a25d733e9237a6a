"""The 2024 WSOP Official Tournament Rules as the rulebook ``wsop@2024`` (issue 9): its own
deciders where it rules differently from TDA 2024 and Robert's Rules (more-books.md section
1), the TDA's deciders reused through ``same-as``, and Rule 129's fallback to the WSOP Live
Action rules.  Every value asserted comes from the rule texts as the fact sheet gives them."""

from __future__ import annotations

import inspect
import json

import pytest

from kb import DATA
from kb.cli import main
from kb.hand.scenario_file import load_scenario, parse_scenario
from kb.house.compose import published_rulebooks, resolve_rulebook
from kb.knowledge.load import load_knowledge_base
from kb.rules.cutoffs import cutoff_rule
from kb.rules.deciders import load_deciders
from kb.rules.engine import rule

SCENARIOS = DATA / "scenarios"
WSOP_FILES = sorted(p for p in SCENARIOS.glob("wsop-*.yaml") if not p.name.startswith("wsop-live"))
HEAD = "id: t\ntitle: t\ngame: holdem\nsetting: tournament\nseats: 4\nbutton: 4\n"
#: Dealt to seats 1-4 twice (8 cards), then the board cards.
DECK = "deck: Ah 8s 4d As 7h 5s 3d 9c Jh Kd 6d 2h Tc 2d 9s Kh Qc 5c\n"
LIMPED = "  - deal: {}\n  - act: [call, call, call, check]\n"


def hand(events: str, head: str = HEAD, deck: str = DECK):
    return parse_scenario(head + deck + "events:\n" + events, "t.yaml")


def ruled(kb, scenario, book: str = "wsop@2024"):
    return rule(kb, resolve_rulebook(kb, book), scenario)


def numbers(ruling) -> list[str]:
    return [c.number for c in ruling.citations]


def cli_json(capsys, path, book: str = "wsop@2024") -> dict:
    assert main(["rule", str(path), "--rulebook", book, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


# ------------------------------------------------------------------------ the scenarios


def test_thirteen_or_more_wsop_scenarios_each_expecting_every_published_book(kb):
    books = {book.id for book in published_rulebooks(kb)}
    assert len(WSOP_FILES) >= 13
    for path in WSOP_FILES:
        assert set(load_scenario(path).expect) == books, path.name


def test_the_wsop_scenarios_rule_differently_from_the_other_books(kb):
    """Thirteen or more differ from TDA 2024 or Robert's Rules (remedy or table); every one
    differs from one of them or from the WSOP Live Action rules."""
    differ = 0
    for path in WSOP_FILES:
        scenario = load_scenario(path)
        wsop = ruled(kb, scenario)
        books = ("tda@2024", "rrop@v11", "wsop-live@2024")
        other = [(o.remedy, o.table) != (wsop.remedy, wsop.table)
                 for o in (ruled(kb, scenario, book) for book in books)]
        assert any(other), path.name
        differ += any(other[:2])
    assert differ >= 13


# ------------------------------------------------------------- rule FILE --rulebook wsop


def test_stud_exposed_down_card_is_a_misdeal_citing_88_a_6(capsys):
    ruling = cli_json(capsys, SCENARIOS / "wsop-stud-exposed-down-card-after-two-folds.yaml")
    assert ruling["remedy"] == "misdeal"
    assert ruling["citations"] == [{"source": "wsop", "edition": "2024", "number": "88.a.6"}]
    assert "2 actions taken so far are not substantial action" in ruling["explanation"]


def test_the_tda_makes_the_same_exposed_card_the_up_card(capsys):
    ruling = cli_json(capsys, SCENARIOS / "wsop-stud-exposed-down-card-after-two-folds.yaml",
                      "tda@2024")
    assert ruling["remedy"] == "continue"
    assert [c["number"] for c in ruling["citations"]] == ["RP-10-A"]


def test_one_extra_card_is_ruled_by_the_live_action_rules_through_rule_129(capsys):
    ruling = cli_json(capsys, SCENARIOS / "wsop-one-extra-card-after-a-call.yaml")
    assert ruling["remedy"] == "continue"
    assert ruling["table"]["burns"] == ["8c"]
    assert ruling["table"]["hands"]["1"] == ["Ah", "Jd"]
    assert {c["source"] for c in ruling["citations"]} == {"wsop-live"}
    assert all(p.startswith("wsop-live.") for p in ruling["provisions"])


def test_two_extra_cards_are_the_tournament_rules_own_misdeal(kb):
    ruling = ruled(kb, hand("  - deal: {extra: 2}\n"))
    assert (ruling.remedy, numbers(ruling)) == ("misdeal", ["88.a.2"])


def test_citations_print_the_numbers_as_the_book_prints_them(kb):
    flop = ruled(kb, hand(LIMPED + "  - flop: {burns: 0}\n"))
    boxed = ruled(kb, load_scenario(SCENARIOS / "wsop-boxed-card-on-turn.yaml"))
    draw = ruled(kb, load_scenario(SCENARIOS / "wsop-lowball-first-card-exposed.yaml"))
    assert numbers(flop) == ["88.c.3.i"]
    assert numbers(boxed) == ["Glossary, boxed card"]
    assert numbers(draw) == ["Section IX, Draw Games", "129", "279"]
    assert {c.source for c in (*flop.citations, *boxed.citations)} == {"wsop"}
    assert {c.edition for c in draw.citations} == {"2024"}


# --------------------------------------------------------------- same-as: TDA deciders


def test_first_card_to_the_wrong_seat_rules_through_the_tda_decider_with_wsop_numbers(kb):
    ruling = ruled(kb, hand("  - deal: {first-to: 2}\n"))
    assert ruling.remedy == "misdeal"
    assert numbers(ruling) == ["88.a.3"]
    assert "88.a.3" in ruling.explanation and "35-A-2" not in ruling.explanation
    assert "wsop.misdeal.first-card-wrong-seat" not in load_deciders()


def test_four_card_flop_rules_through_tda_39_a(kb):
    ruling = ruled(kb, hand(LIMPED + "  - flop: {cards: 4}\n"))
    assert (ruling.remedy, numbers(ruling)) == ("continue", ["89"])
    flop = ["Kd", "6d", "2h", "Tc"]
    assert sorted(ruling.table.board + ruling.table.burns[-1:]) == sorted(flop)
    assert ruling.table.burns[0] == "Jh" and len(ruling.table.board) == 3


def test_the_misdeal_cutoff_is_substantial_action(kb):
    assert cutoff_rule(kb, resolve_rulebook(kb, "wsop@2024")) == "tda"
    folds = ruled(kb, hand("  - deal: {exposed: [1]}\n  - act: [fold, fold]\n"))
    fold_call = ruled(kb, hand("  - deal: {boxed: [2, 5]}\n  - act: [fold, call]\n"))
    assert (folds.remedy, numbers(folds)) == ("misdeal", ["88.a.7"])
    assert (fold_call.remedy, numbers(fold_call)) == ("continue", ["Glossary, boxed card", "88.c"])
    assert "no misdeal (88.c)" in fold_call.explanation


# --------------------------------------------------------------- burns and the board


def test_missed_flop_burn_before_action_keeps_two_flop_cards_and_the_next(kb):
    ruling = ruled(kb, hand(LIMPED + "  - flop: {burns: 0}\n"))
    burn = ruling.table.burns[-1]
    assert burn in {"Jh", "Kd", "6d"}
    assert sorted([*ruling.table.board[:2], burn]) == sorted(["Jh", "Kd", "6d"])
    assert ruling.table.board[2] == "2h" and ruling.random


def test_missed_flop_burn_after_one_check_stands_and_names_the_conflict(kb):
    ruling = ruled(kb, hand(LIMPED + "  - flop: {burns: 0}\n  - act: [check]\n"))
    assert (ruling.remedy, numbers(ruling)) == ("continue", ["88.c.3"])
    assert ruling.table.board == ("Jh", "Kd", "6d")
    assert "88.c.3.i" in ruling.explanation
    assert [(s.do, s.details.get("card")) for s in ruling.steps][1] == ("burn", "2h")


def test_two_burns_before_a_checked_turn_stand_without_restoring_the_order(kb):
    events = LIMPED + "  - flop: {}\n  - act: [check, check, check, check]\n" \
        "  - turn: {burns: 2}\n  - act: [check]\n"
    wsop, rrop = ruled(kb, hand(events)), ruled(kb, hand(events), "rrop@v11")
    assert (wsop.remedy, numbers(wsop)) == ("continue", ["88.c.3"])
    assert wsop.table.board == ("Kd", "6d", "2h", "9s")
    deal = [s for s in wsop.steps if s.do == "deal"]
    assert deal[0].details == {"street": "river", "cards": ["Qc"],
                               "when": "after the turn betting"}
    # Robert's Rules puts the second burn back on top: the river is the card that would
    # have come (Kh), not the card after the next burn (Qc).
    assert [s.details["cards"] for s in rrop.steps if s.do == "deal"] == [["Kh"]]


def test_a_turn_burn_error_before_any_action_falls_to_the_live_action_rules(kb):
    events = LIMPED + "  - flop: {}\n  - act: [check, check, check, check]\n" \
        "  - turn: {burns: 0}\n"
    ruling = ruled(kb, hand(events))
    assert {c.source for c in ruling.citations} == {"wsop-live"}
    assert ruling.table.board[3] == "2d"       # corrected to the card that would have come


def test_premature_turn_reshuffles_without_a_face_down_step(kb):
    events = LIMPED + "  - flop: {}\n  - act: [check, bet]\n  - turn: {premature: true}\n"
    wsop, tda = ruled(kb, hand(events)), ruled(kb, hand(events), "tda@2024")
    assert numbers(wsop) == ["90.f.b"]
    assert "face-down" not in [s.do for s in wsop.steps]
    assert "face-down" in [s.do for s in tda.steps]
    assert [s.do for s in wsop.steps][-1] == "deal" and len(wsop.table.board) == 4


# ------------------------------------------------------------- counts and dead hands


def test_short_non_button_hand_is_dead_under_108(kb):
    ruling = ruled(kb, load_scenario(SCENARIOS / "wsop-non-button-short-after-a-raise.yaml"))
    assert (ruling.remedy, numbers(ruling), ruling.table.dead) == ("dead-hand", ["108"], (2,))
    assert "not necessarily limited to" in ruling.explanation


def test_button_short_takes_its_card_unless_it_acted(kb):
    waiting = ruled(kb, hand("  - deal: {short: [4]}\n  - act: [call]\n"))
    acted = ruled(kb, hand("  - deal: {short: [4]}\n  - act: [call, call]\n"))
    assert (waiting.remedy, numbers(waiting)) == ("continue", ["108", "88.a.7.i"])
    assert len(waiting.table.hands[4]) == 2
    assert (acted.remedy, acted.table.dead) == ("dead-hand", (4,))


def test_extra_card_after_substantial_action_kills_the_hand(kb):
    ruling = ruled(kb, load_scenario(SCENARIOS / "wsop-one-extra-card-after-substantial-action.yaml"))
    assert (ruling.remedy, ruling.table.dead) == ("dead-hand", (1,))
    assert numbers(ruling) == ["Glossary, burn card"]
    assert "8c" in ruling.table.muck


# ------------------------------------------------------------------------ fouled decks


def test_odd_back_in_the_stub_stands_only_after_substantial_action(kb):
    after = ruled(kb, load_scenario(SCENARIOS / "odd-back-card-in-stub.yaml"))
    before = ruled(kb, load_scenario(
        SCENARIOS / "wsop-odd-back-in-stub-before-substantial-action.yaml"))
    assert (after.remedy, numbers(after)) == ("continue", ["88.d.1"])
    # before it the stub exception does not apply: the first sentence voids the action
    assert (before.remedy, numbers(before)) == ("void", ["88.d.1"])


def test_duplicate_found_after_the_next_hand_began_is_too_late_under_rule_76(kb):
    events = LIMPED + "  - pot: awarded\n  - next-hand: {}\n  - found: {duplicate: As, where: muck}\n"
    ruling = ruled(kb, hand(events))
    assert (ruling.remedy, numbers(ruling)) == ("continue", ["88.d.2", "76"])
    assert ruled(kb, hand(LIMPED + "  - found: {duplicate: As, where: muck}\n")).remedy == "void"


def test_joker_acted_on_is_a_dead_hand_and_the_deck_defective(kb):
    ruling = ruled(kb, load_scenario(SCENARIOS / "wsop-joker-in-hand-holder-called.yaml"))
    assert (ruling.remedy, ruling.table.dead) == ("dead-hand", (3,))
    assert numbers(ruling) == ["108", "Glossary, defective deck"]


# ------------------------------------------------------------------ boxed cards, draw


def test_boxed_card_is_shown_and_mucked(kb):
    ruling = ruled(kb, load_scenario(SCENARIOS / "wsop-boxed-card-on-turn.yaml"))
    assert ruling.table.muck == ("3d",) and "3d" not in ruling.table.set_aside


def test_two_boxed_cards_on_the_deal_are_88_a_1_through_the_tda_decider(kb):
    ruling = ruled(kb, hand("  - deal: {boxed: [2, 5]}\n"))
    assert (ruling.remedy, numbers(ruling)) == ("misdeal", ["88.a.1"])
    assert "35-A-1" not in ruling.explanation


def test_draw_game_second_exposed_card_on_the_deal_is_a_misdeal(kb):
    head = HEAD.replace("holdem", "lowball-27")
    deck = "deck: 4s Kd 7s 2c 9h Qs Jd 4c 3s 6h 5s Tc 8d 3d 8c 2s Ah 5d Jc 9c 7h Kc\n"
    one = ruled(kb, hand("  - deal: {exposed: [6]}\n", head, deck))
    two = ruled(kb, hand("  - deal: {exposed: [6, 9]}\n", head, deck))
    assert (one.remedy, one.table.set_aside, one.table.hands[2][1]) == ("continue", ("Qs",), "7h")
    assert (two.remedy, numbers(two)) == ("misdeal", ["Section IX, Draw Games"])


# ------------------------------------------------------------------------- the code


@pytest.mark.parametrize("pid", sorted(p for p in load_deciders() if p.startswith("wsop.")))
def test_every_wsop_decider_names_its_rule_and_edition(pid):
    doc = inspect.getdoc(load_deciders()[pid])
    years = [n.edition.partition("@")[2] for n in load_knowledge_base().provision(pid).numbers]
    assert doc.startswith(tuple(f"WSOP {year} " for year in years))  # 2022's own: WSOP 2022
    assert any(part in doc for part in ("Rule ", "glossary", "Section IX"))
