"""The WSOP Official Live Action Rules 2022 and 2023 beside 2024 (issue 24 section 1): the
numbers each edition prints (read from the three texts side by side), the rules whose
meaning changed (2022's Robert's Rules methods for premature cards, Rules 166 and 236,
which 2023 replaced with the TDA's), and the edition diff built from them."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import numbers, ruled

from kb.hand.scenario_file import load_scenario
from kb.knowledge.diff import edition_diff, previous_edition
from kb.knowledge.load import load_knowledge_base
from kb.knowledge.vocabulary import Confidence
from kb.rules.answer import answer
from kb.rules.deciders import load_deciders
from kb.rules.examples import case
from kb.rules.records import same_as
from kb.rules.rulebook import precedence_order


@pytest.fixture(scope="module")
def kb():
    return load_knowledge_base()


def test_the_editions_and_their_copies_load(kb):
    years = {e.id: e.year for e in kb.source("wsop-live").editions}
    assert years == {"wsop-live@2024": 2024, "wsop-live@2023": 2023, "wsop-live@2022": 2022}
    assert kb.edition("wsop-live@2022").confidence == Confidence.CONFIRMED
    copies = {c.id: c for c in kb.copies}
    assert copies["LA23"].editions == ("wsop-live@2023",)
    assert copies["LA22"].editions == ("wsop-live@2022",)
    assert "a9473e6aa9e42d7edc8d7768b395bc496ad35d06" in copies["LA23"].urls[0]
    assert previous_edition(kb, "wsop-live@2024") == "wsop-live@2023"
    assert previous_edition(kb, "wsop-live@2023") == "wsop-live@2022"
    assert previous_edition(kb, "wsop-live@2022") is None


@pytest.mark.parametrize("pid, n2024, n2023, n2022", [
    ("wsop-live.boxed-card", "21", "21", "21"),             # house policies: one number
    ("wsop-live.misdeals.causes", "104", "104", "103"),     # 2022 lacks 2023's Rule 81
    ("wsop-live.premature-cards", "123", "123", "122"),
    ("wsop-live.button.dead-button", "150-153", "150-153", "149-152"),
    ("wsop-live.holdem.burn-and-turn", "166", "166", "165"),
    ("wsop-live.stud.exposed-down-cards", "214", "224", "223"),  # 2024 dropped 189-198
    ("wsop-live.stud.short-stub", "228", "238", "237"),
    ("wsop-live.lowball.misdeals", "262", "272", "271"),
    ("wsop-live.lowball.ace-to-five-exposed", "279", "289", "288"),
])
def test_numbers_as_each_edition_prints_them(kb, pid, n2024, n2023, n2022):
    p = kb.provision(pid)
    assert [p.number_in(f"wsop-live@{y}").number for y in (2024, 2023, 2022)] == \
        [n2024, n2023, n2022]


@pytest.mark.parametrize("pid", ["wsop-live.holdem.premature-flop",
                                 "wsop-live.holdem.premature-turn",
                                 "wsop-live.stud.premature-card"])
def test_the_tda_methods_are_not_in_2022(kb, pid):
    assert kb.provision(pid).number_in("wsop-live@2023") is not None
    assert kb.provision(pid).number_in("wsop-live@2022") is None


def test_2023_to_2024_is_renumbering_only(kb):
    diff = edition_diff(kb, "wsop-live@2023", "wsop-live@2024")
    assert (diff.revised, diff.added, diff.removed) == ((), (), ())
    moved = {c.earlier[0][1]: c.later[1] for c in diff.renumbered}
    assert moved["224"] == "214" and moved["237"] == "227" and moved["238"] == "228"
    assert moved["272"] == "262" and moved["239-240"] == "229-230"
    assert "104" not in moved and "167" not in moved          # Rules 1-188 kept their numbers


def test_2022_to_2023_revises_the_premature_card_methods(kb):
    diff = edition_diff(kb, "wsop-live@2022", "wsop-live@2023")
    revised = sorted((c.later[0], [n for _, n in c.earlier]) for c in diff.revised)
    assert revised == [("wsop-live.holdem.premature-river", ["166"]),
                       ("wsop-live.holdem.premature-turn", ["166"]),
                       ("wsop-live.stud.premature-card", ["236"])]
    assert [c.later for c in diff.added] == [("wsop-live.holdem.premature-flop", "167")]
    assert diff.removed == ()
    moved = {c.earlier[0][1]: c.later[1] for c in diff.renumbered}
    assert moved["103"] == "104" and moved["237"] == "238" and moved["149-152"] == "150-153"
    assert "21" not in moved


def test_2022_hold_em_rules_through_robert_s_rules(kb):
    """2022's Rule 166 is Robert's Rules' premature-turn rule: same-as, and ahead of the
    general premature-card rules in the 2022 book."""
    assert same_as(kb, "wsop-live.holdem.premature-turn-2022") == ("rrop.holdem.premature-turn",)
    assert same_as(kb, "wsop-live.holdem.premature-river-2022") == ("rrop.holdem.premature-river",)
    pids = ["wsop-live.premature-cards", "wsop-live.holdem.burn-and-turn",
            "wsop-live.holdem.premature-turn-2022"]
    assert precedence_order(kb, pids, "wsop-live@2022")[0] == "wsop-live.holdem.premature-turn-2022"


def test_2022_premature_stud_card_is_set_aside_with_one_card_per_player():
    """Rule 236 (2022): fifth street dealt before the fourth-street betting ended; the two
    early cards and two more from the stub are set aside, a new burn, fifth street dealt
    again, the set-aside cards back into the stub only before seventh street."""
    decide = load_deciders()["wsop-live.stud.premature-card-2022"]
    before = case("stud-premature-fifth-street", book="wsop-live")
    early = list(before.irregularity.get("cards"))
    found = decide(before)
    assert found.remedy == "continue"
    aside = [s.details["card"] for s in found.steps if s.do == "set-aside"]
    assert aside[:3] == early and len(aside) == 2 * len(before.irregularity.get("seats")) == 6
    assert sorted(found.table.set_aside) == sorted(aside)
    assert [s.details.get("when") for s in found.steps if s.do in ("return-to-stub", "shuffle")] \
        == ["before seventh street"] * 2
    assert not set(early) & {c for hand in found.table.hands.values() for c in hand}
    assert "Rule 236" in found.explanation


def _bundled(name: str):
    return load_scenario(Path("kb/data/scenarios") / f"{name}.yaml")


def test_the_earlier_editions_rule_with_their_own_numbers(kb):
    """The Live Action 2022 and 2023 books rule as 2024's deciders do, renumbered, except
    where 2022's own rule (166, 236) rules in place of the 2023 one that revises it; the
    tournament rules of a year fall back on that year's Live Action rules."""
    assert kb.books.rulable("wsop-live@2023").decides_as == "wsop-live@2024"
    assert kb.books.rulable("wsop@2022").falls_back_to == ("wsop-live@2022",)
    stud = _bundled("stud-premature-fifth-street")
    assert numbers(ruled(kb, "wsop-live@2023", stud)) == ["237"]
    old = ruled(kb, "wsop-live@2022", stud)
    assert numbers(old) == ["236"]
    assert answer(old).startswith("Take the premature cards and one more card per player")
    turn = _bundled("premature-turn")
    assert numbers(ruled(kb, "wsop-live@2023", turn))[0] == "167"
    old = ruled(kb, "wsop-live@2022", turn)
    assert numbers(old) == ["166"] and "cut" in [s.do for s in old.steps]
    assert numbers(ruled(kb, "wsop-live@2022", _bundled("boxed-two-cards-during-deal"))) == \
        ["103"]                                            # 2024's 104, renumbered
