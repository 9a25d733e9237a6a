"""The scenarios of a build and their rulings under every published rulebook, computed
once per build (at ``builder-inited``, by :mod:`kb.handbook.data.store`), never per page.

No Sphinx here: a :class:`RulingTable` is plain data that the matrix views read.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, replace
from pathlib import Path

from kb import DATA
from kb.files.cache import Store, code_version, digest
from kb.hand.scenario import Scenario
from kb.hand.scenario_file import load_scenario
from kb.handbook.data.uptodate import library_versions
from kb.house.datafolder import house_files_digest
from kb.house.expectations import data_rulebooks
from kb.knowledge.model import KnowledgeBase
from kb.rules.disagreements import (
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
    sources.yaml's ``compared``), ``checked``: the first of those pairs
    (:attr:`kb.knowledge.model.Books.checked`)."""

    scenarios: dict[str, Scenario] = field(default_factory=dict)
    files: dict[str, str] = field(default_factory=dict)
    rulebooks: tuple[Rulebook, ...] = ()
    rulings: dict[tuple[str, str], Ruling] = field(default_factory=dict)
    computed: tuple[ComputedDisagreement, ...] = ()
    checked: tuple[str, ...] = ()
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

    def unread(self, scenario_id: str, book: str) -> bool:
        """Whether no expectation read from the book's text holds the ruling of
        ``scenario_id`` under ``book``: the scenario's ``expect`` has no entry for it, or
        one that is not ``read: text`` (docs/dev/reading-rulings.md); KeyError if the
        scenario is unknown."""
        return self.scenarios[scenario_id].expect.get(book, {}).get("read") != "text"

    def differs(self, scenario_id: str) -> str:
        """How the two books of the checked pair (:attr:`checked`) rule the scenario
        differently, in a few words; '' when they agree or no pair is compared."""
        if len(self.checked) != 2:
            return ""
        left, right = (self.rulings.get((scenario_id, b)) for b in self.checked)
        return difference(left, right) if left and right else ""

    def only(self, books: tuple[Rulebook, ...]) -> RulingTable:
        """This table with the columns ``books`` only (a subset of :attr:`rulebooks`, in
        their order): the other books' rulings, and any disagreement a pair of books names
        one of them in, left out; every ruling of a kept book stays."""
        ids = {book.id for book in books}
        return replace(self, rulebooks=tuple(books), _memo={},
                       rulings={key: r for key, r in self.rulings.items() if key[1] in ids},
                       computed=tuple(c for c in self.computed if ids >= set(c.pair)))

    def exercised(self) -> set[str]:
        """The topics a ruling of one of the two compared books names."""
        return {r.topic for (_, book), r in self.rulings.items()
                if book in self.checked and r.topic}


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
    pairs = tuple(pair for pair in kb.books.compared if published >= set(pair))
    computed = tuple(computed_disagreements(kb, scenarios.values(), rulings, pairs))
    return RulingTable(scenarios, files, books, rulings, computed, kb.books.checked)


def kept_table(kb: KnowledgeBase, data_dir: Path | None, read: tuple,
               digests: dict[str, str], store: Store) -> RulingTable:
    """:func:`build_table` of the scenarios ``read`` (with their files' ``digests``), taken
    from ``store`` (a :class:`kb.files.cache.Store`) when a build with the same code ruled
    the same scenario files under the same rulebooks and knowledge base, as far as a
    ruling reads it (:func:`rulings_digest`: an edited summary rules nothing again).  The
    table kept holds its row digests and topic index too.  An entry that is damaged, or
    does not hold this table's shape, is computed again; raises as :func:`build_table`."""
    key = _table_key(kb, data_dir, read, digests)
    table = _unkept(store.get(key), read, digests) if key else None
    if table is not None:
        return replace(table, scenarios={s.id: s for s in read})
    table = build_table(kb, data_dir, read, digests)
    table.showing("")                   # the memo the next build takes with the table
    table._memo.setdefault("rows", {})
    for sid in table.scenarios:
        table.row_digest(sid)
    if key is not None and key == _table_key(kb, data_dir, read, digests):
        store.put(key, replace(table, scenarios={}, computed=tuple(  # plain data
            _by_books(c, table.rulings) for c in table.computed)))
    return table


def _by_books(found: ComputedDisagreement, rulings: dict) -> ComputedDisagreement:
    """``found`` as kept: its two rulings, which the table holds too, named by their
    rulebooks (a kept table was read back half made of these copies)."""
    if rulings.get((found.scenario, found.left.rulebook)) is not found.left or \
            rulings.get((found.scenario, found.right.rulebook)) is not found.right:
        return found
    return replace(found, left=found.left.rulebook, right=found.right.rulebook)


def _from_books(found, rulings: dict):
    """A kept disagreement (:func:`_by_books`) with its rulings again, or None if it
    names a ruling the table does not hold."""
    if not isinstance(found, ComputedDisagreement):
        return None
    left, right = (rulings.get((found.scenario, side)) if isinstance(side, str) else side
                   for side in (found.left, found.right))
    if not (isinstance(left, Ruling) and isinstance(right, Ruling)):
        return None
    return replace(found, left=left, right=right)


def rulings_digest(kb: KnowledgeBase) -> str:
    """The digest of what ruling reads of ``kb``: every record as shown (its repr: every
    field but the layout's ``lines``), the provisions' summaries left out, which no
    ruling, rulebook or computed disagreement reads (tests/test_kept_rulings.py rules
    every scenario with every summary replaced by an object that fails when used).

    >>> from kb.knowledge.load import load_knowledge_base
    >>> kb = load_knowledge_base()
    >>> edited = replace(kb.provisions[0], summary="Edited.")
    >>> other = replace(kb, provisions=(edited, *kb.provisions[1:]), _index={})
    >>> rulings_digest(kb) == rulings_digest(other), kb.provisions[0].summary != "Edited."
    (True, True)
    """
    if _LAST_DIGEST[0] is kb:         # the table's key and the views' state both ask
        return _LAST_DIGEST[1]
    provisions = tuple(replace(p, summary="") for p in kb.provisions)
    shown = (kb.root, kb.sources, kb.copies, provisions, kb.topics, kb.terms, kb.errata,
             kb.books)
    _LAST_DIGEST[:] = [kb, digest(repr(shown).encode())]
    return _LAST_DIGEST[1]


#: The last knowledge base :func:`rulings_digest` was asked about, and its digest.
_LAST_DIGEST: list = [None, ""]


def view_state(kb: KnowledgeBase, table: RulingTable, data_dir: Path | None) -> str:
    """The digest of everything a page's views are made of but the provisions' summaries:
    the code's and the libraries' versions, the knowledge base as :func:`rulings_digest`
    shows it and every record's layout (``lines``, which its repr leaves out), the
    scenario files and the house files the table was ruled from.  Where two builds have
    one state, every view that reads no summary (:data:`kb.handbook.domain.uses.BLIND`) is the
    same in both."""
    layout = [r.lines for r in (*kb.copies, *kb.topics, *kb.terms, *kb.errata)]
    for source in kb.sources:
        layout += [source.lines, *(e.lines for e in source.editions)]
    for provision in kb.provisions:
        layout += [provision.lines, *(r.lines for r in provision.relations)]
    houses = house_files_digest((data_dir or DATA) / "rulebooks")
    parts = (code_version(), library_versions(), rulings_digest(kb), repr(layout),
             repr(table.files), str(houses), "bundled" if data_dir is None else "folder")
    return digest("\n".join(parts).encode())


def _table_key(kb: KnowledgeBase, data_dir: Path | None, read: tuple,
               digests: dict[str, str]) -> str | None:
    """What a table is kept under: the knowledge base as rulings read it, which rulebooks
    (the bundled set, or a data folder's), the house files' bytes and each scenario's id,
    file and bytes; None when a house file cannot be read (then nothing is kept)."""
    houses = house_files_digest((data_dir or DATA) / "rulebooks")
    if houses is None:
        return None
    parts = [rulings_digest(kb), "bundled" if data_dir is None else "folder", houses,
             *(f"{s.id}\0{s.path}\0{digests[s.path]}" for s in read)]
    return "table\0" + digest("\n".join(parts).encode())


def _unkept(table, read: tuple, digests: dict[str, str]) -> RulingTable | None:
    """The table a store's entry holds, or None when there is none, or it is not a table
    of the scenarios ``read`` in the shape :func:`kept_table` keeps (read back as plain
    data, it can hold any records: each part is checked)."""
    files = {s.id: digests[s.path] for s in read}
    if not isinstance(table, RulingTable) or table.files != files or table.scenarios:
        return None
    books = table.rulebooks
    if not (isinstance(books, tuple) and all(isinstance(b, Rulebook) for b in books)
            and isinstance(table.rulings, dict) and isinstance(table.computed, tuple)
            and set(table.rulings) == {(sid, b.id) for sid in files for b in books}
            and all(isinstance(r, Ruling) for r in table.rulings.values())
            and _memo_shaped(table._memo, files)):
        return None
    computed = tuple(_from_books(c, table.rulings) for c in table.computed)
    if None in computed:
        return None
    return replace(table, computed=computed)


def _memo_shaped(memo, files: dict[str, str]) -> bool:
    """Whether a kept table's memo holds what :func:`kept_table` put there: each
    scenario's row digest, and the topics' scenario lists."""
    if not isinstance(memo, dict) or set(memo) != {"rows", "topics"}:
        return False
    rows, topics = memo["rows"], memo["topics"]
    return (isinstance(rows, dict) and set(rows) == set(files)
            and all(isinstance(v, str) for v in rows.values()) and isinstance(topics, dict)
            and all(isinstance(v, list) and set(v) <= set(files) for v in topics.values()))


def _load(folder: Path) -> tuple[dict[str, Scenario], dict[str, str]]:
    scenarios, files = {}, {}
    for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
        scenario = load_scenario(path)
        scenarios[scenario.id] = scenario
        files[scenario.id] = hashlib.sha1(path.read_bytes()).hexdigest()
    return scenarios, files
