"""The scenarios of a build and their rulings under every published rulebook, computed
once per build (at ``builder-inited``, by :mod:`kb.handbook.store`), never per page.

No Sphinx here: a :class:`RulingTable` is plain data that the matrix views read.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from kb import DATA
from kb.hand.scenario import Scenario
from kb.hand.scenario_file import load_scenario
from kb.house.expectations import data_rulebooks
from kb.knowledge.model import KnowledgeBase
from kb.rules.disagreements import (
    BOOKS,
    PAIRS,
    ComputedDisagreement,
    computed_disagreements,
    difference,
)
from kb.rules.engine import compare
from kb.rules.rulebook import Rulebook
from kb.rules.ruling import Ruling

#: The seed every random step of a shown ruling uses (the pages say so).
SEED = 0


@dataclass(frozen=True)
class RulingTable:
    """``scenarios`` by id (file-name order), ``files``: id -> sha1 of the file's text,
    ``rulebooks`` in column order, ``rulings``: (scenario id, rulebook id) -> Ruling,
    ``computed``: the scenarios on which two compared books rule differently (every pair of
    :data:`kb.rules.disagreements.PAIRS` whose books are published)."""

    scenarios: dict[str, Scenario] = field(default_factory=dict)
    files: dict[str, str] = field(default_factory=dict)
    rulebooks: tuple[Rulebook, ...] = ()
    rulings: dict[tuple[str, str], Ruling] = field(default_factory=dict)
    computed: tuple[ComputedDisagreement, ...] = ()
    #: worked out on first use: topic -> the scenario ids whose rulings name it, and each
    #: scenario's row digest
    _memo: dict = field(default_factory=dict, compare=False, repr=False)

    def row(self, scenario_id: str) -> list[Ruling]:
        """The rulings of one scenario, one per rulebook in column order; KeyError if unknown."""
        return [self.rulings[scenario_id, book.id] for book in self.rulebooks]

    def showing(self, topic: str) -> list[str]:
        """The ids of the scenarios whose ruling under some rulebook, at any of its floor
        calls, names ``topic`` (in file-name order).  The index of every topic is made on
        the first call: asking topic by topic was scenarios times topics."""
        index = self._memo.get("topics")
        if index is None:
            index = self._memo["topics"] = {}
            for sid in self.scenarios:
                named = {call.topic for r in self.row(sid) for call in r.every_call}
                for name in sorted(named, key=str):
                    index.setdefault(name, []).append(sid)
        return list(index.get(topic, ()))

    def row_digest(self, scenario_id: str) -> str:
        """A digest of the scenario file and of its row of rulings (what the pages show of
        it); KeyError if unknown."""
        digests = self._memo.setdefault("rows", {})
        if scenario_id not in digests:
            text = repr((self.files[scenario_id], self.row(scenario_id)))
            digests[scenario_id] = hashlib.sha1(text.encode()).hexdigest()
        return digests[scenario_id]

    def differs(self, scenario_id: str) -> str:
        """How the two compared books (:data:`kb.rules.disagreements.BOOKS`) rule the scenario
        differently, in a few words; '' when they agree or a book is not published."""
        left, right = (self.rulings.get((scenario_id, b)) for b in BOOKS)
        return difference(left, right) if left and right else ""

    def exercised(self) -> set[str]:
        """The topics a ruling of one of the two compared books names."""
        return {r.topic for (_, book), r in self.rulings.items() if book in BOOKS and r.topic}


def scenario_folder(data_dir: Path | None) -> Path:
    """Where a build's scenarios are: ``<data dir>/scenarios`` (default kb/data/scenarios)."""
    return (data_dir or DATA) / "scenarios"


def rulebooks_for(kb: KnowledgeBase, data_dir: Path | None) -> list[Rulebook]:
    """The published rulebooks of the bundled data; for another data folder, the editions
    it holds and the house rulebooks of its ``rulebooks`` folder
    (:func:`kb.house.expectations.data_rulebooks`, which the tests' expectations use too).
    Raises RulebookError."""
    return data_rulebooks(kb, data_dir)


def build_table(kb: KnowledgeBase, data_dir: Path | None, read: tuple | None = None,
                digests: dict[str, str] | None = None) -> RulingTable:
    """Load every scenario file and rule it under every rulebook (seed :data:`SEED`).
    ``read`` and ``digests``: the scenarios as already read, and each file's digest by
    its path (:func:`kb.house.datafolder.read_folder`), instead of reading the files.

    Raises :class:`~kb.hand.scenario.ScenarioError` (an invalid file or events that cannot be
    replayed) or :class:`~kb.rules.rulebook.RulebookError`.  A folder without scenarios gives
    an empty table.
    """
    if read is not None and digests is not None:
        scenarios = {s.id: s for s in read}
        files = {s.id: digests[s.path] for s in read}
    else:
        scenarios, files = _load(scenario_folder(data_dir))
    if not scenarios:
        return RulingTable()
    books = tuple(rulebooks_for(kb, data_dir))
    # compare() replays each hand once for every book (the same rulings as rule() per book,
    # tests/test_bench_compare.py)
    rulings = {(s.id, b.id): ruling for s in scenarios.values()
               for b, ruling in zip(books, compare(kb, s, list(books), seed=SEED), strict=True)}
    published = {b.id for b in books}
    pairs = tuple(pair for pair in PAIRS if published >= set(pair))
    computed = tuple(computed_disagreements(kb, scenarios.values(), rulings, pairs))
    return RulingTable(scenarios, files, books, rulings, computed)


def _load(folder: Path) -> tuple[dict[str, Scenario], dict[str, str]]:
    scenarios, files = {}, {}
    for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
        scenario = load_scenario(path)
        scenarios[scenario.id] = scenario
        files[scenario.id] = hashlib.sha1(path.read_bytes()).hexdigest()
    return scenarios, files
