"""Every bundled scenario under every published rulebook has its fairness record, each
figure computed or said why not (docs/fairness.md): never a blank. About a minute: slow."""

from __future__ import annotations

import pytest

from kb.fairness.analysis import fairness
from kb.handbook.data.rulings import build_table
from kb.knowledge.load import load_knowledge_base

pytestmark = pytest.mark.slow
#: the reasons a record's chances may be missing (docs/fairness.md, "Chances")
KNOWN = ("a draw game", "the hand is void", "the stub ran out")


def test_every_bundled_record_has_its_chances_or_says_why():
    kb = load_knowledge_base()
    table = build_table(kb, None)
    blank, missing = [], {}
    for sid, scenario in table.scenarios.items():
        for book in table.rulebooks:
            record = fairness(kb, book, scenario, ruling=table.rulings[sid, book.id])
            assert (record.scenario, record.rulebook) == (sid, book.id)
            for name, figures, why in (("after", record.chances_after, record.chances_why),
                                       ("clean", record.chances_clean, record.clean_why),
                                       ("redeal", record.chances_redeal, record.redeal_why)):
                if not figures and not why.strip():
                    blank.append((sid, book.id, name))
                if not figures:
                    missing[why] = missing.get(why, 0) + 1
                if figures and why:
                    blank.append((sid, book.id, name + " has figures and a reason"))
    assert blank == []
    assert len(table.scenarios) * len(table.rulebooks) >= 1666
    # what is missing is of a known kind: a draw game, a void, a stud deck too short
    # for every seat (its common card not dealt by the count)
    assert all(why.startswith(KNOWN) or "are to come but only" in why
               for why in missing), missing


def test_no_bundled_record_depends_on_the_seed_but_a_later_calls_cards():
    """The figures are taken over every outcome of a remedy's random steps (a reshuffle's
    cards are still to come, a scramble counts every pick), so the seed that drew the
    example's cards changes none of them.  The one exception is a hand whose later events
    and floor calls happen on the cards a reshuffle dealt: those cards are the example's
    (docs/fairness.md, "Chances"), so such records are left out here.  Before, 46 records
    differed between seeds 0 and 7 (a four-card flop's one pick, a reshuffled card the
    seed dealt back to the board, a redeal's hands kept as known)."""
    kb = load_knowledge_base()
    table = build_table(kb, None)
    differ, later = [], 0
    for sid, scenario in table.scenarios.items():
        for book in table.rulebooks:
            if len(table.rulings[sid, book.id].every_call) > 1:
                later += 1
                continue
            if fairness(kb, book, scenario, seed=0) != fairness(kb, book, scenario, seed=7):
                differ.append((sid, book.id))
    assert differ == []
    assert later < 100            # the exception stays an exception
