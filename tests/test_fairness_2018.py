"""The 2018 case (docs/fairness.md, "The 2018 case"), bundled as
kb/data/scenarios/lowstakes-2018-knocked-flop-card.yaml: the floor's procedure's figures
from the scenario's own cards against the ones worked out by hand (3 in 4 as the post told
it, 2 in 3 as the issue summarised it, 17 in 52 for a card nobody saw), and what each
published rulebook's ruling leaves the players to know."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from kb import DATA
from kb.fairness.analysis import fairness, remedy_shape
from kb.fairness.knowledge import clean_chance, reaches_play
from kb.fairness.order import keeps_random, positions
from kb.hand.deal import replay
from kb.hand.scenario_file import load_scenario
from kb.house.compose import published_rulebooks
from kb.knowledge.load import load_knowledge_base
from kb.rules.ruling import Ruling, Step, TableView

CASE = Path(DATA) / "scenarios" / "lowstakes-2018-knocked-flop-card.yaml"
F = Fraction


@pytest.fixture(scope="module")
def kb():
    return load_knowledge_base()


@pytest.fixture(scope="module")
def stub() -> list[str]:
    """The stub at the floor call, top first."""
    return list(replay(load_scenario(CASE)).table.stub)


def _floor(cards: list[str]) -> Ruling:
    """The floor's ruling of 2018: ``cards`` scrambled, one picked as the flop's burn (no
    book's remedy, so written here as the one step it is)."""
    view = TableView({1: ("As", "Qh")}, (), (), (), (), ())
    step = Step("scramble-pick", {"cards": cards, "picked": cards[0], "as": "burn",
                                  "street": "flop"})
    return Ruling("lowstakes-2018-knocked-flop-card", "floor", "continue", (), (step,), True,
                  view, "")


def _on_the_flop(cards: list[str], card: str) -> Fraction:
    """The chance ``card`` is among the scramble's cards kept for the flop, by enumeration."""
    shape, _ = remedy_shape(_floor(cards), [card])
    chances = positions(shape)
    return sum((found.get(card, F(0)) for (place, _), found in chances.items()
                if place == "kept"), F(0))


def test_the_4s_is_the_first_flop_card_behind_the_burn_at_the_floor_call(stub):
    # by hand: 6 seats from seat 1, two rounds: As Kd 7h Qc 2s 9h / Qh Jc 4d Ts 8h 3c;
    # the stub then starts 7c (the flop's burn), 4s 9d Jh (the flop), 2h, Kc
    assert stub[:6] == ["7c", "4s", "9d", "Jh", "2h", "Kc"] and len(stub) == 52 - 12


def test_the_floors_procedure_puts_the_4s_on_the_flop_three_times_in_four(stub):
    # the two knocked-over cards (7c, 4s) and the next two (9d, Jh): one of four is the
    # burn, picked at random, so the 4s is the burn 1 time in 4 and on the flop 3 in 4
    four = stub[:4]
    assert _on_the_flop(four, "4s") == F(3, 4)
    shape, argument = remedy_shape(_floor(four), ["4s"])
    assert argument == "a scramble of 4 cards, 1 of them seen, with one picked out"
    assert positions(shape)[("picked", 0)]["4s"] == F(1, 4)
    assert reaches_play("4s", "holdem", _floor(four), 52).chance == F(3, 4)
    # a seen card scrambled with unseen ones: the deal is not random
    assert not keeps_random(positions(shape))


def test_the_issues_summary_with_three_cards_is_two_in_three(stub):
    # the 4s with the two natural flop cards only (9d, Jh): one of three is the burn
    three = stub[1:4]
    assert _on_the_flop(three, "4s") == F(2, 3)
    assert reaches_play("4s", "holdem", _floor(three), 52).chance == F(2, 3)


def test_a_card_nobody_saw_plays_17_times_in_52():
    # six players' 12 hole cards and the 5 board cards, of a 52-card deck
    assert clean_chance("holdem", 6, 52) == F(6 * 2 + 5, 52) == F(17, 52)


def test_every_book_leaves_it_to_the_floor_and_the_4s_where_it_lies(kb):
    # read from the texts (the scenario's entries): no book has a rule for it, so each
    # leaves it to the floor and no rule moves a card: the 4s stays the first flop card,
    # behind the 7c: it plays for sure (1 against 17 in 52), flagged, and the deal is
    # not random (a known card at a place that is dealt)
    scenario = load_scenario(CASE)
    books = published_rulebooks(kb)
    assert len(books) == 7
    for book in books:
        record = fairness(kb, book, scenario)
        assert [(s.card, s.reaches_play, s.reaches_play_clean, s.flagged)
                for s in record.seen] == [("4s", F(1), F(17, 52), True)], book.id
        assert record.seen[0].where_after == "stub (card 2 from the top)", book.id
        assert not record.keeps_random, book.id
        # the players still to act (seats 6, 1, 2) are among those who saw it
        assert {6, 1, 2} <= set(record.seen[0].seen_by), book.id
