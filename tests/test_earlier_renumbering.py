"""Explanations of the earlier WSOP editions name each book's rules by that book's number in
the edition in force: the Tournament and the Live Action books are renumbered each by its
own 2024 -> earlier map (a Live Action rule decided under wsop@2022 was renumbered with the
Tournament map before), a number named with its book ("Live Action 107") is that book's,
and a 2024 number the earlier edition has no rule for is said with its edition."""

from __future__ import annotations

import pytest

from kb import DATA
from kb.hand.scenario_file import load_scenario
from kb.knowledge.load import load_knowledge_base
from kb.rules.books import resolve_rulebook
from kb.rules.engine import rule
from kb.rules.rulebook import edition_rulebook, lookups


@pytest.fixture(scope="module")
def kb():
    return load_knowledge_base()


def _explained(kb, scenario: str, book: str) -> str:
    ruling = rule(kb, resolve_rulebook(kb, book),
                  load_scenario(DATA / "scenarios" / f"{scenario}.yaml"))
    return ruling.explanation


def test_a_live_action_ruling_under_the_2022_tournament_book_keeps_live_action_numbers(kb):
    # cites 2022 Live Action 118 (exposed cards) and 119 (no option); 2022's 120 is the
    # dropped-cards rule, which the Tournament map (2024 119 -> 2022 120) used to put here
    text = _explained(kb, "case-c01-exposed-card-self-dealt", "wsop@2022")
    assert "Rule 118 lets the floor decide" in text
    assert "(Rule 119)" in text and "Rule 120" not in text


def test_a_stud_ruling_under_the_2022_tournament_book_names_2022_live_action_223(kb):
    text = _explained(kb, "stud-exposed-down-card-initial-deal-cash", "wsop@2022")
    assert "(Rule 223)" in text and "Rule 214" not in text


def test_a_2024_number_the_earlier_edition_lacks_is_said_with_its_edition(kb):
    # Live Action 2024's 167 is the premature flop (and turn); 2022 has no premature-flop
    # rule and its 166 is the turn and river only, so neither 167 nor 166 is 2022's rule
    for book in ("wsop-live@2022", "wsop@2022"):
        text = _explained(kb, "flop-no-burn-no-action", book)
        assert "Rule 167 of the 2024 edition deals a premature flop" in text, book
    assert "as Rule 167 deals" in _explained(kb, "flop-no-burn-no-action", "wsop-live@2023")


def test_a_number_named_with_its_book_takes_that_books_map(kb):
    book = lookups(kb, edition_rulebook(kb, "wsop@2022"))
    # Live Action 2024 119 is 2022's 118, 214 is 223; the Tournament book has no 214 to move
    assert book.renumber("Live Action Rule 119", "wsop") == "Live Action Rule 118"
    assert book.renumber("Live Action 214 and 119; 88.a.7", "wsop") == \
        "Live Action 223 and 118; 88.a.6"
    assert book.renumber("Rule 214, 119 or 104", "wsop-live") == "Rule 223, 118 or 103"
    assert book.renumber("Tournament 214 and 119", "wsop-live") == "Tournament 214 and 119"
    assert book.renumber("TDA Rule 88.a.7", "wsop") == "TDA Rule 88.a.7"
