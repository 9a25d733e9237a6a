"""The fairness records of a build: every cell of its ruling table (scenario x rulebook)
read into a :class:`~kb.fairness.report.Fairness` (issue 25), worked out once per build
(:attr:`kb.handbook.data.store.Handbook.fairness`), never per page.

No Sphinx here: a :class:`FairnessTable` is plain data that the views read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from kb import DATA
from kb.fairness.batch import Task, analyse, run_task
from kb.fairness.report import Fairness
from kb.files.cache import Cache, Store
from kb.hand.scenario import Scenario
from kb.handbook.data.fairness_kept import LEFT_OUT, as_kept, base_key, cell_key, unkept
from kb.handbook.data.rulings import SEED, RulingTable
from kb.knowledge.model import KnowledgeBase
from kb.rules.rulebook import Rulebook


@dataclass(frozen=True)
class FairnessTable:
    """``records``: (scenario id, rulebook id) -> the fairness of that book's ruling, for
    every cell of the ruling table but those whose hand cannot be replayed (left out);
    ``rulebooks``: the rulebooks' ids in the ruling table's column order.

    >>> table = FairnessTable({}, ("tda@2024",))
    >>> table.get("x", "tda@2024"), table.row("x")
    (None, [None])
    """

    records: dict[tuple[str, str], Fairness] = field(default_factory=dict)
    rulebooks: tuple[str, ...] = ()

    def get(self, scenario_id: str, rulebook_id: str) -> Fairness | None:
        """The record of one cell, or None (an unknown cell, or a hand that cannot be
        replayed: never a made-up record)."""
        return self.records.get((scenario_id, rulebook_id))

    def row(self, scenario_id: str) -> list[Fairness | None]:
        """The records of one scenario, one per rulebook in column order (None where a
        record is left out, as :meth:`get`)."""
        return [self.get(scenario_id, book) for book in self.rulebooks]


@dataclass(frozen=True)
class Figures:
    """How a build works out its fairness records: ``on`` (False: none, every note says
    "not computed": the ``floorbook_fairness`` config value, which the benchmark's
    reference build turns off), ``scheduler`` (a Dask scheduler's address, else the local
    cores: ``floorbook_scheduler``), ``workers`` (local processes, None: every core),
    ``cache`` (the user's :class:`kb.files.cache.Cache`, or None: nothing kept) and the
    data folder ``data_dir`` (None: the bundled data) the records are kept for."""

    on: bool = True
    scheduler: str = ""
    workers: int | None = None
    cache: Cache | None = field(default=None, compare=False)
    data_dir: Path | None = None


def record(kb: KnowledgeBase, rulebook: Rulebook, scenario: Scenario) -> Fairness | None:
    """The fairness of ``rulebook``'s ruling on ``scenario`` (seed
    :data:`~kb.handbook.data.rulings.SEED`, as the rulings shown), or None when its hand
    cannot be replayed (:class:`~kb.hand.scenario.ScenarioError`: the build goes on
    without it, and the views say the figures were not computed)."""
    return run_task(kb, Task(scenario, (rulebook,)), SEED)[0]


def fairness_table(kb: KnowledgeBase, rulings: RulingTable,
                   figures: Figures = Figures(workers=1)) -> FairnessTable:
    """The fairness of every cell of ``rulings`` as ``figures`` says (by default one cell
    after the other in this process, nothing kept): the cells kept in its cache for the
    same scenario file, rulebooks and knowledge base are taken from there, the others
    worked out (:func:`kb.fairness.batch.analyse`) and kept.  The records are the same
    either way.  Raises :class:`kb.fairness.batch.ClusterError` (a scheduler only).

    >>> from kb.handbook.data.store import read
    >>> hb = read(None)
    >>> one = RulingTable({"case-c31-premature-first-flop-card":
    ...                    hb.rulings.scenarios["case-c31-premature-first-flop-card"]},
    ...                   rulebooks=hb.rulings.rulebooks[:2],
    ...                   rulings={k: r for k, r in hb.rulings.rulings.items()
    ...                            if k[0] == "case-c31-premature-first-flop-card"})
    >>> table = fairness_table(hb.kb, one)
    >>> [(r.rulebook, r.keeps_random) for r in table.row("case-c31-premature-first-flop-card")]
    [('rrop@v11', True), ('tda@2024', True)]
    """
    books = tuple(b.id for b in rulings.rulebooks)
    if not figures.on:
        return FairnessTable({}, books)
    if figures.cache is None:
        found = _worked_out(kb, rulings, figures, set(rulings.rulings))
        return FairnessTable(_present(rulings, found), books)
    scope = str((figures.data_dir or DATA).resolve())
    with figures.cache.store("fairness", scope) as store:
        return FairnessTable(_present(rulings, _kept(kb, rulings, figures, store)), books)


def _worked_out(kb: KnowledgeBase, rulings: RulingTable, figures: Figures,
                cells: set[tuple[str, str]]) -> dict[tuple[str, str], Fairness | None]:
    """The records of ``cells`` (of ``rulings``), worked out as ``figures`` says: one task
    per scenario with its books among the cells, in the table's order."""
    tasks = []
    for sid, scenario in rulings.scenarios.items():
        books = tuple(b for b in rulings.rulebooks if (sid, b.id) in cells)
        if books:       # with the table's rulings: each scenario is ruled once per build
            tasks.append(Task(scenario, books,
                              tuple(rulings.rulings[sid, b.id] for b in books)))
    return analyse(kb, tasks, seed=SEED, workers=figures.workers,
                   scheduler=figures.scheduler) if tasks else {}


def _kept(kb: KnowledgeBase, rulings: RulingTable, figures: Figures,
          store: Store) -> dict[tuple[str, str], Fairness | None]:
    """The records of every cell of ``rulings``, each taken from ``store`` when kept
    there under its key (:func:`kb.handbook.data.fairness_kept.cell_key`) and of a
    record's shape, else worked out and kept."""
    base = base_key(kb, figures.data_dir)
    keys = {cell: cell_key(base, cell[0], rulings.files.get(cell[0], ""), cell[1])
            for cell in rulings.rulings} if base is not None else {}
    found: dict[tuple[str, str], Fairness | None] = {}
    for cell, key in keys.items():
        kept, record = unkept(store.get(key), *cell)
        if kept:
            found[cell] = record
    missing = set(rulings.rulings) - set(found)
    fresh = _worked_out(kb, rulings, figures, missing)
    for cell, record in fresh.items():
        if cell in keys:
            store.put(keys[cell], LEFT_OUT if record is None else as_kept(record))
    found.update(fresh)
    return found


def _present(rulings: RulingTable, found: dict[tuple[str, str], Fairness | None]
             ) -> dict[tuple[str, str], Fairness]:
    """The records of ``found`` in the table's order (scenarios, then books), the cells
    left out (None) left out."""
    cells = ((sid, book.id) for sid in rulings.scenarios for book in rulings.rulebooks)
    return {cell: record for cell in cells if (record := found.get(cell)) is not None}
