"""The build's fairness records (:mod:`kb.handbook.data.fairness`): every cell of the
ruling table, in its column order, a hand that cannot be replayed left out (never a crash
of the build)."""

from __future__ import annotations

import pytest

from kb.fairness import batch
from kb.fairness.analysis import fairness
from kb.hand.scenario import ScenarioError
from kb.handbook.data.fairness import FairnessTable, fairness_table
from kb.handbook.data.rulings import RulingTable
from kb.handbook.data.store import Handbook, read

SOME = ("case-c31-premature-first-flop-card", "boxed-card-on-flop")


@pytest.fixture(scope="module")
def hb():
    return read(None)


def small(hb, ids=SOME) -> RulingTable:
    """``hb``'s ruling table with the scenarios ``ids`` only."""
    table = hb.rulings
    return RulingTable({s: table.scenarios[s] for s in ids}, table.files,
                       table.rulebooks, {k: r for k, r in table.rulings.items()
                                         if k[0] in ids})


def test_every_cell_is_the_analysis_of_its_ruling(hb):
    table = fairness_table(hb.kb, small(hb))
    books = [b.id for b in hb.rulings.rulebooks]
    assert len(books) == 7 and table.rulebooks == tuple(books)
    assert set(table.records) == {(s, b) for s in SOME for b in books}
    for sid in SOME:
        row = table.row(sid)
        assert [r.rulebook for r in row] == books
        assert all(r.scenario == sid for r in row)
    book = hb.rulings.rulebooks[1]
    alone = fairness(hb.kb, book, hb.rulings.scenarios[SOME[0]], 0)
    assert table.get(SOME[0], book.id) == alone


def test_a_hand_that_cannot_be_replayed_is_left_out(hb, monkeypatch):
    def failing(kb, rulebook, scenario, seed=0, ruling=None):
        if scenario.id == SOME[1] and rulebook.id == "tda@2024":
            raise ScenarioError("x.yaml", 3, "cannot be replayed")
        return fairness(kb, rulebook, scenario, seed, ruling=ruling)

    monkeypatch.setattr(batch, "fairness", failing)
    table = fairness_table(hb.kb, small(hb))
    assert table.get(SOME[1], "tda@2024") is None
    assert len(table.records) == 2 * 7 - 1
    row = table.row(SOME[1])
    assert row[[b.id for b in hb.rulings.rulebooks].index("tda@2024")] is None
    assert sum(r is None for r in row) == 1


def test_unknown_cells_have_no_record():
    table = FairnessTable({}, ("a", "b"))
    assert table.get("x", "a") is None and table.row("x") == [None, None]


def test_the_handbook_works_it_out_once(hb, monkeypatch):
    calls = []

    def counted(kb, rulings, figures):
        calls.append(1)
        return FairnessTable({}, tuple(b.id for b in rulings.rulebooks))

    from kb.handbook.data import store
    monkeypatch.setattr(store, "fairness_table", counted)
    book = Handbook(hb.kb, small(hb))
    assert book.fairness is book.fairness and len(calls) == 1


def test_each_cell_is_read_from_the_tables_ruling_not_ruled_again(hb, monkeypatch):
    given = {}
    real = batch.fairness

    def noted(kb, rulebook, scenario, seed=0, ruling=None):
        given[scenario.id, rulebook.id] = ruling
        return real(kb, rulebook, scenario, seed, ruling=ruling)

    monkeypatch.setattr(batch, "fairness", noted)
    table = small(hb)
    fairness_table(hb.kb, table)
    assert set(given) == set(table.rulings)
    assert all(given[cell] is table.rulings[cell] for cell in given)
