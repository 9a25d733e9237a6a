"""A hand of several floor calls: a seen card is moved only by the remedies of the call at
which it was seen and of the calls after it (docs/fairness.md, "Where a seen card goes")."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from kb import DATA
from kb.fairness.analysis import fairness
from kb.fairness.knowledge import reaches_play
from kb.hand.scenario_file import load_scenario
from kb.house.compose import resolve_rulebook
from kb.knowledge.load import load_knowledge_base
from kb.rules.ruling import Ruling, Step, TableView

SCENARIOS = Path(DATA) / "scenarios"
F = Fraction
#: five players of hold'em: 2 cards each and 5 on the board play, of 52 ("Where a seen
#: card goes": the chance a card nobody saw has of reaching play)
FIVE_SEATS = F(2 * 5 + 5, 52)


@pytest.fixture(scope="module")
def kb():
    return load_knowledge_base()


def _two_calls() -> Ruling:
    """Call 1: a misdeal (the deck gathered); call 2: the hand goes on as dealt, the 4c
    in seat 3's hand."""
    view = TableView({1: ("As", "Kd"), 2: ("Qh", "Jc"), 3: ("4c", "9s")}, (), (), (), (),
                     ("2h", "3h"))
    misdeal = Ruling("x", "b", "misdeal", (), (Step("gather", {}),), True,
                     TableView({1: (), 2: (), 3: ()}, (), (), (), (), ()), "")
    return Ruling("x", "b", "continue", (), (), False, view, "", calls=(misdeal,))


def test_a_card_seen_after_a_misdeal_is_not_moved_by_its_gather():
    # seen at the second call (since=1): only call 2's steps move it, and it has none:
    # the table after the last ruling shows it in seat 3's hand, so it plays for sure (1)
    place = reaches_play("4c", "holdem", _two_calls(), 52, since=1)
    assert place == ("hand 3", F(1))


def test_a_card_seen_before_the_misdeal_is_reshuffled_by_it():
    # seen at the first call: the misdeal gathers it, three players: 2 * 3 + 5 = 11 of 52
    place = reaches_play("4c", "holdem", _two_calls(), 52)
    assert place == ("deck (reshuffled for the redeal)", F(11, 52))


def test_misdeal_then_exposed_card_on_the_new_deal(kb):
    """wsop-live@2024: call 1 a misdeal (the first card exposed), call 2 on the new deal
    the 8th card, seat 3's second (button 5: seats 1..5, then 1..3), exposed, and the floor
    leaves the hand as dealt (LA 119)."""
    scenario = load_scenario(SCENARIOS / "misdeal-then-exposed-card-on-the-new-deal.yaml")
    found = fairness(kb, resolve_rulebook(kb, "wsop-live@2024"), scenario)
    seen = {s.card: s for s in found.seen}
    assert len(seen) == 2
    first, second = found.seen
    # the first deal's exposed card: gathered with the deck by the misdeal, 15 in 52
    assert (first.where_after, first.reaches_play) == ("deck (reshuffled for the redeal)",
                                                       FIVE_SEATS)
    # the new deal's exposed card is seat 3's: the last ruling leaves it there: 1 against
    # 15 in 52 had nobody seen it, so it is flagged
    assert (second.where_after, second.reaches_play, second.reaches_play_clean) == (
        "hand 3", F(1), FIVE_SEATS)
    assert second.flagged
    # everyone saw it but seat 3, who holds it on the new deal (the dealer is 0)
    assert second.seen_by == (0, 1, 2, 4, 5)
