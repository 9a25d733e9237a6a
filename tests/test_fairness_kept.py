"""The build's fairness records kept in the user's cache
(:mod:`kb.handbook.data.fairness_kept`): a second build works nothing out again, an
edited scenario only its own cells, and a damaged or foreign entry is worked out again,
never taken."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from kb import DATA
from kb.fairness import batch
from kb.files.cache import Cache
from kb.handbook.data.fairness import Figures, fairness_table
from kb.handbook.data.fairness_kept import Ratio, as_kept, base_key, cell_key, from_kept
from kb.handbook.data.rulings import RulingTable
from kb.handbook.data.store import read

SOME = ("case-c31-premature-first-flop-card", "boxed-card-on-flop",
        "burn-card-exposed-on-turn")


@pytest.fixture(scope="module")
def hb():
    return read(None)


@pytest.fixture(scope="module")
def table(hb) -> RulingTable:
    """The bundled ruling table with the scenarios :data:`SOME` only."""
    whole = hb.rulings
    return RulingTable({s: whole.scenarios[s] for s in SOME}, whole.files,
                       whole.rulebooks, {k: r for k, r in whole.rulings.items()
                                         if k[0] in SOME})


@pytest.fixture
def calls(monkeypatch) -> list:
    """The cells worked out (scenario id, rulebook id), as they are."""
    done: list = []
    real = batch.fairness

    def counted(kb, rulebook, scenario, seed=0, ruling=None):
        done.append((scenario.id, rulebook.id))
        return real(kb, rulebook, scenario, seed, ruling=ruling)

    monkeypatch.setattr(batch, "fairness", counted)
    return done


def figures(tmp_path) -> Figures:
    return Figures(workers=1, cache=Cache(tmp_path / "cache"))


def test_a_second_build_works_nothing_out(hb, table, calls, tmp_path):
    first = fairness_table(hb.kb, table, figures(tmp_path))
    assert len(calls) == 3 * 7
    calls.clear()
    second = fairness_table(hb.kb, table, figures(tmp_path))
    assert calls == []
    assert repr(second) == repr(first)          # the fractions too, exact
    assert repr(first) == repr(fairness_table(hb.kb, table))   # as without a cache


def test_an_edited_scenario_works_out_its_own_cells_only(hb, table, calls, tmp_path):
    fairness_table(hb.kb, table, figures(tmp_path))
    calls.clear()
    edited = replace(table, files={**table.files, SOME[1]: "0" * 40})
    fairness_table(hb.kb, edited, figures(tmp_path))
    assert sorted(calls) == sorted((SOME[1], b.id) for b in table.rulebooks)


def test_another_knowledge_base_works_everything_out(hb, table, calls, tmp_path):
    fairness_table(hb.kb, table, figures(tmp_path))
    calls.clear()
    other = replace(hb.kb, topics=hb.kb.topics[1:], _index={})
    assert base_key(other, None) != base_key(hb.kb, None)
    fairness_table(other, table, figures(tmp_path))
    assert len(calls) == 3 * 7


def _planted(hb, table, tmp_path, change) -> None:
    """Every kept cell of :data:`SOME`'s first scenario replaced by ``change(entry)``
    (the others read, so that the store keeps them: it keeps what a run used)."""
    base = base_key(hb.kb, None)
    with Cache(tmp_path / "cache").store("fairness", str(DATA.resolve())) as store:
        for sid, book in table.rulings:
            key = cell_key(base, sid, table.files[sid], book)
            kept = store.get(key)
            assert kept is not None
            if sid == SOME[0]:
                store.put(key, change(kept))


@pytest.mark.parametrize("change", [
    pytest.param(lambda kept: replace(kept, keeps_random="yes"), id="a-field-of-another-type"),
    pytest.param(lambda kept: replace(kept, rulebook="tda@2013"), id="another-cells-record"),
    pytest.param(lambda kept: replace(kept, seen=(Ratio("1", 2),)), id="a-bad-seen-card"),
    pytest.param(lambda kept: replace(kept, seen=tuple(
        replace(s, reaches_play=Ratio(1, 0)) for s in kept.seen)) if kept.seen else
        replace(kept, chances_after=(Ratio(1, 0),)), id="a-ratio-of-nothing"),
    pytest.param(lambda kept: ("not", "a record"), id="not-a-record"),
    pytest.param(lambda kept: 3, id="a-number"),
])
def test_a_damaged_or_foreign_entry_is_worked_out_again(hb, table, calls, tmp_path, change):
    first = fairness_table(hb.kb, table, figures(tmp_path))
    _planted(hb, table, tmp_path, change)
    calls.clear()
    again = fairness_table(hb.kb, table, figures(tmp_path))
    assert sorted(calls) == sorted((SOME[0], b.id) for b in table.rulebooks)
    assert repr(again) == repr(first)


def test_fractions_are_kept_as_ratios_and_read_back_exact(hb, table):
    record = fairness_table(hb.kb, table).get(SOME[0], "tda@2024")
    assert record is not None and record.seen
    kept = as_kept(record)
    assert kept.seen[0].reaches_play == Ratio(record.seen[0].reaches_play.numerator,
                                              record.seen[0].reaches_play.denominator)
    assert not any(isinstance(v, Fraction) for v in vars(kept.seen[0]).values())
    assert from_kept(kept) == record
