"""The WSOP Tournament Rules of 2023 and 2022 (issue 24): every provision numbered as each
edition prints it, the two rules whose meaning changed as provisions of their own, and the
rulings that follow from the texts (read side by side before the engine was run):

- 2022 88.a.5 makes a stud misdeal only of BOTH first down cards exposed (2023's 88.a.6:
  either or both), so one exposed down card goes to the Live Action rules (Rule 129);
- 2023 88.c.3 lets a burn error stand only after substantial action (2024's: one check),
  so a flop without a burn and one check on it is still scrambled under 88.c.3.i;
- 2022 has no 88.a.2 (extra cards), 88.c.3, 90.f (premature cards) or stud three-down rule.
"""

from __future__ import annotations

import pytest

from kb import DATA
from kb.hand.scenario_file import load_scenario
from kb.knowledge.diff import edition_diff
from kb.knowledge.load import load_knowledge_base
from kb.rules.books import resolve_rulebook
from kb.rules.engine import rule


@pytest.fixture(scope="module")
def kb():
    return load_knowledge_base()


def _ruled(kb, scenario: str, book: str):
    return rule(kb, resolve_rulebook(kb, book), load_scenario(DATA / "scenarios" / f"{scenario}.yaml"))


def _numbers(ruling) -> list[str]:
    return [c.number for c in ruling.citations]


def test_each_provision_is_numbered_as_each_edition_prints_it(kb):
    numbers = {p.id: {n.edition: n.number for n in p.numbers} for p in kb.provisions
               if p.source == "wsop"}
    assert numbers["wsop.misdeal.exposed-downcards"] == {
        "wsop@2024": "88.a.7", "wsop@2023": "88.a.7", "wsop@2022": "88.a.6"}
    assert numbers["wsop.misdeal.extra-cards"] == {"wsop@2024": "88.a.2", "wsop@2023": "88.a.2"}
    assert numbers["wsop.premature.turn"] == {"wsop@2024": "90.f.b", "wsop@2023": "90.f.b"}
    assert numbers["wsop.misdeal.stud-exposed-2022"] == {"wsop@2022": "88.a.5"}
    assert numbers["wsop.missed-burn-2023"] == {"wsop@2023": "88.c.3"}
    assert numbers["wsop.missed-burn"] == {"wsop@2024": "88.c.3"}
    # every provision of the 2024 rules is in 2023, but the one whose meaning changed
    assert [pid for pid, n in numbers.items() if "wsop@2024" in n and "wsop@2023" not in n] \
        == ["wsop.missed-burn"]


def test_edition_diff_lists_what_changed_from_2022_to_2023_to_2024(kb):
    later = edition_diff(kb, "wsop@2023", "wsop@2024")
    assert (later.renumbered, later.added, later.removed, later.unchanged) == ((), (), (), 45)
    assert [(c.earlier, c.later) for c in later.revised] == [
        ((("wsop.missed-burn-2023", "88.c.3"),), ("wsop.missed-burn", "88.c.3"))]
    earlier = edition_diff(kb, "wsop@2022", "wsop@2023")
    assert [(c.earlier[0][1], c.later[1]) for c in earlier.renumbered] == [
        ("88.a.2", "88.a.3"), ("88.a.3", "88.a.4"), ("88.a.4", "88.a.5"), ("88.a.6", "88.a.7"),
        ("88.a.6.i", "88.a.7.i"), ("88.a.6.i.1", "88.a.7.i.1")]
    assert [c.later[1] for c in earlier.revised] == ["88.a.6"]
    assert [c.later[1] for c in earlier.added] == [
        "88.a.2", "88.c.3", "88.c.3.i", "90.f.a", "90.f.b", "90.f.c", "90.f.d",
        "Section IX, Seven Card Games"]


def test_2022_both_stud_down_cards_exposed_is_a_misdeal_under_its_own_number(kb):
    ruling = _ruled(kb, "wsop-stud-both-down-cards-exposed-tournament", "wsop@2022")
    assert (ruling.remedy, _numbers(ruling)) == ("misdeal", ["88.a.5"])
    assert "Misdeal (88.a.5)" in ruling.explanation and "88.a.6" not in ruling.explanation


@pytest.mark.parametrize("scenario", ["stud-exposed-down-card-initial-deal-tournament",
                                      "wsop-stud-exposed-down-card-after-two-folds"])
def test_2022_one_stud_down_card_exposed_is_no_listed_misdeal(kb, scenario):
    assert _ruled(kb, scenario, "wsop@2023").remedy == "misdeal"          # either or both
    ruling = _ruled(kb, scenario, "wsop@2022")
    assert ruling.remedy != "misdeal"
    assert all(c.source != "wsop" for c in ruling.citations)  # Rule 129


def test_2023_a_flop_without_a_burn_and_one_check_is_scrambled(kb):
    ruling = _ruled(kb, "flop-no-burn-after-one-check", "wsop@2023")
    assert ruling.remedy == "continue"
    assert [s.do for s in ruling.steps][:1] == ["scramble-pick"]
    assert "88.c.3.i" in _numbers(ruling)
    later = _ruled(kb, "flop-no-burn-after-one-check", "wsop@2024")
    assert (_numbers(later), [s.do for s in later.steps][:1]) == (["88.c.3"], ["finish-betting"])


def test_2023_a_burn_error_after_substantial_action_stands(kb):
    ruling = _ruled(kb, "wsop-flop-two-burns-checked-turn-dealt", "wsop@2023")  # three checks
    assert (ruling.remedy, _numbers(ruling), ruling.steps) == ("continue", ["88.c.3"], ())
    assert "substantial action" in ruling.explanation


@pytest.mark.parametrize("scenario", ["extra-two-cards-first-player", "premature-turn",
                                      "flop-no-burn-no-action"])
def test_2022_lacks_the_rule_so_the_live_action_rules_decide(kb, scenario):
    assert any(c.source == "wsop" for c in _ruled(kb, scenario, "wsop@2023").citations)
    ruling = _ruled(kb, scenario, "wsop@2022")
    assert ruling.citations and all(c.source == "wsop-live"
                                    for c in ruling.citations)


@pytest.mark.parametrize("scenario", ["extra-two-cards-first-player",
                                      "extra-three-cards-first-player"])
def test_2022_two_extra_cards_name_the_dead_hand_reading_and_stay_a_misdeal(kb, scenario):
    # 2022 has no 88.a.2: Rule 129 -> Live Action 103 (a misdeal, ruled) or Rule 108's
    # wrong number of cards (a dead hand), docs/dev/readings/wsop-earlier-settled.yaml
    ruling = _ruled(kb, scenario, "wsop@2022")
    assert (ruling.remedy, _numbers(ruling)) == ("misdeal", ["103"])
    assert ("follows Tournament Rule 129 to Live Action Rule 103" in ruling.explanation
            and "under Tournament Rule 108 the hand without the proper number of cards is "
            "dead" in ruling.explanation)
    for book in ("wsop@2023", "wsop-live@2022"):      # a rule of their own: one reading
        assert "Rule 108" not in _ruled(kb, scenario, book).explanation
