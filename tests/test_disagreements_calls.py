"""Computed disagreements look at every floor call of a hand, not only the last (issue 8's
follow-up), and at every pair of books compared (issue 9: the WSOP books)."""

from __future__ import annotations

from kb import DATA
from kb.hand.scenario_file import load_scenario
from kb.rules.disagreements import (
    book_rulings,
    computed_disagreements,
    difference,
    topics_of,
)

SCENARIOS = DATA / "scenarios"


def test_books_that_differ_only_at_the_first_floor_call_are_a_disagreement(kb):
    """Premature turn ruled, then the set-aside card mucked: Robert's Rules sets Kd aside
    (set-aside, finish-betting, burn, deal, ...), the TDA shuffles it back at once (RP-5-B);
    at the last call Robert's Rules leaves the mucked card to the floor and the TDA has
    nothing to rule."""
    scenario = load_scenario(SCENARIOS / "premature-turn-set-aside-card-mucked.yaml")
    rulings = book_rulings(kb, [scenario])
    rrop, tda = rulings[scenario.id, "rrop@v11"], rulings[scenario.id, "tda@2024"]
    assert difference(rrop, tda).startswith("floor call 1: different procedure (set-aside, ")
    assert topics_of(rrop) == ("premature-turn", "set-aside-cards-mucked")
    assert topics_of(tda) == ("premature-turn",)
    found = computed_disagreements(kb, [scenario], rulings)
    assert [c.topic for c in found] == ["premature-turn", "set-aside-cards-mucked"]
    assert {c.pair for c in found} == {("rrop@v11", "tda@2024")}


def test_the_same_ruling_at_every_call_is_no_difference(kb):
    scenario = load_scenario(SCENARIOS / "case-c53-stud-third-card-also-dealt-up.yaml")
    rulings = book_rulings(kb, [scenario])
    assert difference(rulings[scenario.id, "rrop@v11"], rulings[scenario.id, "tda@2024"]) == ""


def test_the_pairs_compared_start_with_the_two_primary_books_and_name_each_wsop_book(kb):
    pairs = kb.books.compared
    assert pairs[0] == kb.books.checked == kb.books.primary == ("rrop@v11", "tda@2024")
    books = {book for pair in pairs for book in pair}
    assert {"wsop@2024", "wsop-live@2024"} <= books
    assert ("tda@2024", "wsop@2024") in pairs and ("rrop@v11", "wsop-live@2024") in pairs
