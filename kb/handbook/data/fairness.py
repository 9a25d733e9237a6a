"""The fairness records of a build: every cell of its ruling table (scenario x rulebook)
read into a :class:`~kb.fairness.report.Fairness` (issue 25), worked out once per build
(:attr:`kb.handbook.data.store.Handbook.fairness`), never per page.

No Sphinx here: a :class:`FairnessTable` is plain data that the views read.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kb.fairness.analysis import fairness
from kb.fairness.report import Fairness
from kb.hand.scenario import Scenario, ScenarioError
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


def record(kb: KnowledgeBase, rulebook: Rulebook, scenario: Scenario) -> Fairness | None:
    """The fairness of ``rulebook``'s ruling on ``scenario`` (seed
    :data:`~kb.handbook.data.rulings.SEED`, as the rulings shown), or None when its hand
    cannot be replayed (:class:`~kb.hand.scenario.ScenarioError`: the build goes on
    without it, and the views say the figures were not computed)."""
    try:
        return fairness(kb, rulebook, scenario, SEED)
    except ScenarioError:
        return None


def fairness_table(kb: KnowledgeBase, rulings: RulingTable) -> FairnessTable:
    """The fairness of every cell of ``rulings``, one after the other (in the table's
    order: scenarios by file name, then rulebooks in column order).

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
    records = {}
    for sid in rulings.scenarios:
        for book in rulings.rulebooks:
            if (sid, book.id) in rulings.rulings:
                found = record(kb, book, rulings.scenarios[sid])
                if found is not None:
                    records[sid, book.id] = found
    return FairnessTable(records, tuple(b.id for b in rulings.rulebooks))
