"""A ruling's answer in floor words (kb.rules.answer) and the text and JSON that lead with
it (`floorbook rule`, `compare`, `--json`): the issue's examples with their real values,
and every bundled ruling and call: one line, no card named, the same for seeds 0 and 1."""

from __future__ import annotations

import json
import re

import pytest

from kb import DATA
from kb.cli import main
from kb.handbook.data.rulings import build_table
from kb.knowledge.load import load_knowledge_base
from kb.rules.answer import answer, books_differ, ruling_json, step_words
from kb.rules.engine import compare
from kb.rules.ruling import Step
from kb.rules.ruling_text import UNKNOWN_DEAL, format_ruling, summary

SCENARIOS = DATA / "scenarios"
FOUR = "case-c27-four-card-flop-stuck-cards"
#: a card as the engine writes it: rank and suit, or the joker
CARD = re.compile(r"\b(?:[2-9TJQKA][cdhs]|Jk)\b")


@pytest.fixture(scope="module")
def kb():
    return load_knowledge_base()


@pytest.fixture(scope="module")
def table(kb):
    """Every bundled scenario under every published rulebook, house books too (seed 0)."""
    return build_table(kb, None)


def said(table, scenario: str, book: str) -> str:
    return answer(table.rulings[scenario, book])


def test_a_four_card_flop_answers_what_each_book_has_the_dealer_do(table):
    # Robert's Rules Hold'em 3 and the casino's 13.5: the flop goes back and is redealt;
    # TDA 39-A and WSOP 89: scramble the four, one becomes the burn (taken as the turn's)
    redeal = "Redeal the flop: its cards go back into the stub, which is reshuffled and cut"
    scramble = ("Scramble the four flop cards face down; one at random becomes the burn "
                "card for the turn")
    assert said(table, FOUR, "rrop@v11") == redeal
    assert said(table, FOUR, "house.casino@2026") == redeal
    assert said(table, FOUR, "tda@2024") == scramble
    assert said(table, FOUR, "wsop@2024") == scramble
    row = table.row(FOUR)
    assert {r.remedy for r in row} == {"continue"} and books_differ(row)


def test_a_misdeal_a_dead_hand_and_a_void(table):
    assert said(table, "boxed-two-cards-during-deal", "tda@2024") == \
        "Misdeal: reshuffle and redeal"
    assert said(table, "case-c16-big-blind-one-card-after-raise", "house.casino@2026") == \
        "Seat 2's hand is dead"
    assert said(table, "boxed-two-cards-on-flop-after-action", "wsop-live@2024") == \
        "The hand is void: every player takes back the chips they put in"


def test_a_single_later_exposed_card_under_the_tda_2024(table):
    # 35-A-7 makes one later card no misdeal and the TDA says nothing of the card itself:
    # the ruling plays on as dealt, the card where it is (the answer says no more)
    ruling = table.rulings["exposed-later-card-first-round", "tda@2024"]
    assert (ruling.remedy, ruling.decided_by.number) == ("continue", "35-A-7")
    assert answer(ruling) == "Leave the cards as they are; the hand stands"


def test_a_floor_decision_says_whether_the_book_is_silent_or_which_rule_leaves_it(table):
    # no TDA 2024 provision decides a five-card flop: the floor layer decided
    assert said(table, "wsop-live-five-card-flop", "tda@2024") == \
        "Floor's decision: the book is silent on this"
    # WSOP Live Action 119 lets the floor decide between keeping and replacing the card
    assert said(table, "case-c01-exposed-card-self-dealt", "wsop-live@2024") == \
        "Floor's decision under rule 119"


def test_a_floor_decision_on_part_of_a_call_leads_with_what_the_dealer_does(table):
    # the premature river is the book's (redealt after the betting); the bets made on it
    # are the floor's: not "the usual course"
    assert said(table, "premature-river-bet-and-called-before-anyone-noticed",
                "wsop-live@2024") == (
        "Finish this round's betting, then deal the river again from the reshuffled stub, "
        "without another burn; the floor decides the rest (the book is silent on it)")


def test_nothing_said_reshuffled_where_nothing_is_shuffled(table):
    # WSOP 88.c.3 / Hold'em 5: the turn put right, the other card back on top, no shuffle
    ruling = table.rulings["turn-two-burns-before-action", "house.casino@2026"]
    assert "shuffle" not in [s.do for s in ruling.steps]
    assert answer(ruling) == ("Put the turn right: deal the card that would have come "
                              "without the error, and put the other card back on top of "
                              "the stub")


def test_every_bundled_answer_is_one_line_names_no_card_and_ignores_the_seed(kb, table):
    again = {}
    for scenario in table.scenarios.values():
        for book, ruling in zip(table.rulebooks, compare(kb, scenario, list(table.rulebooks),
                                                         seed=1), strict=True):
            again[scenario.id, book.id] = ruling
    checked = 0
    for key, ruling in table.rulings.items():
        for first, second in zip(ruling.every_call, again[key].every_call, strict=True):
            text = answer(first)
            assert text and "\n" not in text and not text.endswith("."), (key, text)
            assert not CARD.search(text), (key, text)
            assert answer(second) == text, key
            checked += 1
    assert checked == len(table.rulings) + sum(len(r.calls) for r in table.rulings.values())


def test_steps_read_as_a_dealer_says_them():
    assert step_words(Step("return-to-stub", {"cards": ["Kc", "Th"]})) == \
        "Put Kc Th back into the stub."
    assert step_words(Step("redeal", {"button": 8, "seats": [1, 2, 3]})) == \
        "Redeal to seats 1, 2 and 3, the button on seat 8."


def test_the_text_of_a_misdeal_shows_no_redeal(kb, table):
    ruling = table.rulings["boxed-two-cards-during-deal", "tda@2024"]
    text = format_ruling(ruling, 0, kb)
    assert text.splitlines()[:2] == [
        "boxed-two-cards-during-deal under tda@2024: Misdeal: reshuffle and redeal",
        "  remedy: misdeal"]
    assert f"  table:  {UNKNOWN_DEAL}" in text.splitlines()
    assert "seat " not in text.split("table:")[1].split("\n")[0]
    assert not any(line.lstrip().startswith("seat ") for line in text.splitlines())


def test_rule_prints_the_answer_then_the_steps_in_words(capsys):
    assert main(["rule", str(SCENARIOS / f"{FOUR}.yaml"), "--rulebook", "tda@2024"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:4] == [
        f"{FOUR} under tda@2024: Scramble the four flop cards face down; one at random "
        "becomes the burn card for the turn",
        "  remedy: continue (random: seed 0)",
        "  cites:  TDA 2024 39-A (tda.four-card-flop); TDA 2024 RP-14 (tda.rp.randomness)",
        "  Decided by the standard (TDA 2024): 39-A"]
    assert lines[4] == ("  steps:  1. Scramble Kc Th 9c Jh face down; the floor picks Th at "
                        "random as the next burn card (the turn's).")


def test_compare_opens_with_one_line_per_book_under_the_title(kb, table, capsys):
    assert main(["compare", str(SCENARIOS / f"{FOUR}.yaml")]) == 0
    head = capsys.readouterr().out.split("\n\n")[0].splitlines()
    title = table.scenarios[FOUR].title
    assert head[0] == f"{title}: books differ (every book: continue)"
    assert len(head) == 1 + len(table.rulebooks)
    assert head[1] == ("  Robert's Rules v11: Redeal the flop: its cards go back into the "
                       "stub, which is reshuffled and cut [decided by the reference: "
                       "Robert's Rules v11 Hold'em 3]")
    assert head[2] == ("  TDA 2024: Scramble the four flop cards face down; one at random "
                       "becomes the burn card for the turn [decided by the standard: "
                       "TDA 2024 39-A]")


def test_the_summary_says_books_agree_or_how_the_remedies_split(kb, table):
    agree = table.row("boxed-two-cards-during-deal")
    assert {r.remedy for r in agree} == {"misdeal"}
    assert summary(agree, "Two boxed", kb).splitlines()[0] == "Two boxed: books agree (misdeal)"
    split = table.row("misdeal-then-exposed-card-on-the-new-deal")
    first = summary(split, "T", kb).splitlines()
    assert first[0] == ("T: remedies differ: misdeal, then continue (5), misdeal, then "
                        "floor-decision (2)")
    assert first[2] == ("  TDA 2024: call 1: Misdeal: reshuffle and redeal [decided by the "
                        "standard: TDA 2024 35-A-7] / call 2: Leave the cards as they are; "
                        "the hand stands [decided by the standard: TDA 2024 35-A-7]")


def test_a_hand_with_several_calls_is_summed_up_call_by_call(kb, table):
    """The last calls alone agree (they rule nothing, or play on) where the first differ:
    the summary said "books agree (continue)" on both (a reviewer's find)."""
    stub = table.row("stub-disordered-ruled-then-river")
    assert summary(stub, "T", kb).splitlines()[0] == (
        "T: remedies differ: continue, then continue (5), floor-decision, then continue (2)")
    flop = table.row("four-card-flop-ruled-then-turn")
    assert summary(flop, "T", kb).splitlines()[0] == (
        "T: books differ (every book: continue, then continue)")


def test_a_ruling_citing_nothing_says_who_decided(kb, table):
    ruling = table.rulings["wsop-live-five-card-flop", "tda@2024"]
    lines = format_ruling(ruling, 0, kb).splitlines()
    assert "  cites:  none (the book is silent on this)" in lines
    assert "  Decided by the floor (TDA 2024): no provision of the book decides this" in lines


def test_the_json_adds_the_answer_of_the_ruling_and_of_every_call(capsys):
    path = SCENARIOS / "misdeal-then-exposed-card-on-the-new-deal.yaml"
    assert main(["rule", str(path), "--rulebook", "rrop@v11", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["format_version"] == 1
    assert list(data)[:5] == ["format_version", "scenario", "rulebook", "remedy", "answer"]
    assert data["answer"] == ("Finish the deal, then replace the exposed card with the next "
                              "card; the exposed card becomes the burn card")
    assert [c["answer"] for c in data["calls"]] == ["Misdeal: reshuffle and redeal"]
    # the misdeal's table stays in the JSON: one possible redeal, drawn with the seed
    assert data["calls"][0]["table"]["hands"]


def test_ruling_json_is_to_json_plus_the_answers(table):
    ruling = table.rulings["misdeal-then-exposed-card-on-the-new-deal", "tda@2024"]
    data = ruling_json(ruling)
    plain = ruling.to_json()
    assert {k: v for k, v in data.items() if k not in ("answer", "calls")} == \
        {k: v for k, v in plain.items() if k != "calls"}
    assert [{k: v for k, v in c.items() if k != "answer"} for c in data["calls"]] == \
        plain["calls"]


def test_no_step_rulings_say_what_stays_and_what_comes_back(table):
    # Robert's Rules Irregularities 14: a dropped card is picked up and plays
    assert said(table, "player-drops-card-all-in-limit-holdem", "house.casino@2026") == \
        "The dropped card is picked up and plays; the hand stands"
    # TDA RP-4, first step: a dropped stub whose order holds is put back as it was
    assert said(table, "stub-dropped-order-kept", "tda@2024") == \
        "Put the stub back together and play on"
    # TDA 13-C: a tabled winning hand killed by the dealer comes back out of the muck
    assert said(table, "tabled-winning-hand-killed-by-dealer", "tda@2024") == \
        "The mucked hand is taken back out of the muck and stays in play"
