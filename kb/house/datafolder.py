"""Every problem of a data folder in one run, for ``floorbook check`` and ``floorbook build``.

A data folder holds a knowledge base (sources.yaml, provisions/, ...), scenario files
(``scenarios/``) and house rulebooks (``rulebooks/``).  Each stage that can run does, and
the problems of all of them are reported together, each as a ``file:line: message (what
to do)`` line:

1. loading the knowledge base (when it does not load, nothing else can be checked);
2. its graph checks (:func:`kb.knowledge.checks.check_knowledge_base`);
3. every scenario file's problems, a scenario id used twice included;
4. with ``rule=True`` (``check``): the scenarios that loaded, replayed and ruled under the
   two books, against the declared disagreements;
5. every house rulebook's problems, a house id used twice included.

Knowledge-base files are named relative to the data folder and shown under it (relative
to the current folder where possible); scenario and house files are named as found.

>>> kb, problems = folder_problems(DATA, rule=False)
>>> problems
[]
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import lru_cache, partial
from pathlib import Path

from kb import DATA  # noqa: F401 (the doctest checks the bundled data)
from kb.files import InputError, bulk, confined, settled
from kb.files import Problem as FileProblem
from kb.files.cache import Cache, Store, digest, read_through
from kb.files.reading import read_bytes
from kb.hand.scenario import Scenario, ScenarioError
from kb.hand.scenario_file import MAX_BYTES, parse_scenario
from kb.house.compose import folder_rulebooks
from kb.house.requirements import folder_requirement_problems
from kb.house.spec import MAX_BYTES as HOUSE_MAX_BYTES
from kb.knowledge.checks import check_knowledge_base
from kb.knowledge.load import LoadError, load_with_digest
from kb.knowledge.model import KnowledgeBase
from kb.rules.disagreements import (
    check_disagreements,
    disagreement_problems,
    pair_outcome,
    unique_ids,
)
from kb.rules.engine import compare
from kb.rules.rulebook import edition_rulebook


def folder_problems(root: Path, rule: bool = True, cache: Cache | None = None
                    ) -> tuple[KnowledgeBase | None, list[str]]:
    """The knowledge base of the data folder ``root`` (None if it does not load) and every
    problem of the folder's stages (see the module), as lines, stage by stage.

    With a ``cache`` (:class:`kb.files.cache.Cache`), what an earlier run with the same
    code computed from the same files is taken from it: each knowledge-base and scenario
    file's records and problems, the graph checks of the same knowledge base, each
    scenario's rulings under the same knowledge base, and the house rulebooks' problems
    under the same knowledge base and house files; the problems are the same lines, in the
    same order, as without."""
    folder = read_folder(root, rule, cache)
    return folder.kb, folder.problems


@dataclass(frozen=True)
class Folder:
    """A data folder as :func:`read_folder` read it: its knowledge base (None if it does
    not load), every problem as a line, and the scenarios that loaded (the first of each
    id, by file name) with each scenario file's digest by its name."""

    kb: KnowledgeBase | None
    problems: list[str]
    scenarios: tuple[Scenario, ...] = ()
    digests: dict[str, str] = field(default_factory=dict)


def read_folder(root: Path, rule: bool = True, cache: Cache | None = None) -> Folder:
    """:func:`folder_problems`, with the scenarios read, so that the handbook's build
    rules those and does not read the files again."""
    try:
        kb, kb_digest = load_with_digest(root, cache)
    except LoadError as error:
        return Folder(None, [located(root, p) for p in error.problems])
    # a run that does not rule keeps its own store: a store holds what its run used, and
    # the build's would drop the check's rulings; no file is read through a link
    with confined(root), _store(cache, root, "check" if rule else "unruled") as store:
        scenarios, found, digests = folder_scenarios(Path(root) / "scenarios", store)
        with settled():             # what was read stays: the collector leaves it alone
            problems = [located(root, p) for p in _graph_checks(kb, kb_digest, store)]
            problems += [str(p) for p in found]
            if rule:
                problems += _ruled(kb, root, scenarios, _Rulings(store, kb_digest, digests))
            if (Path(root) / "rulebooks").is_dir():
                problems += _house_problems(kb, kb_digest, Path(root) / "rulebooks", store)
    return Folder(kb, problems, scenarios, digests)


def _graph_checks(kb: KnowledgeBase, kb_digest: str, store: Store) -> list:
    """:func:`kb.knowledge.checks.check_knowledge_base`, kept by the knowledge base's
    digest."""
    checks = store.get(f"graph\0{kb_digest}")
    if checks is None:
        checks = check_knowledge_base(kb)
        store.put(f"graph\0{kb_digest}", checks)
    return checks


def _house_problems(kb: KnowledgeBase, kb_digest: str, folder: Path, store: Store
                    ) -> list[str]:
    """Every problem of the house rulebooks of ``folder``
    (:func:`kb.house.compose.folder_rulebooks`, and the points a regulator in a stack
    requires that a file does not state), as lines, kept by the knowledge base's
    digest and every house file's name and bytes (not kept when a file cannot be read, or
    changed while it was composed)."""
    key = _houses_key(folder, kb_digest)
    found = store.get(key) if key else None
    if found is None:
        found = folder_rulebooks(kb, folder)[1] + folder_requirement_problems(kb, folder)
        found = [str(p) for p in sorted(found, key=lambda p: (p.file, p.line))]
        if key is not None and key == _houses_key(folder, kb_digest):
            store.put(key, found)
    return found


def _houses_key(folder: Path, kb_digest: str) -> str | None:
    """The key of the house files of ``folder`` under the knowledge base ``kb_digest``, or
    None when one cannot be read."""
    files = house_files_digest(folder)
    return None if files is None else "houses\0" + digest(f"{kb_digest}\n{files}".encode())


def house_files_digest(folder: Path) -> str | None:
    """The digest of the house files of ``folder`` (each one's name and bytes, in
    :func:`folder_rulebooks`'s order; a folder without any, or none at all, gives the
    digest of nothing), or None when one cannot be read."""
    parts = []
    for path in sorted(Path(folder).glob("*.yaml")):
        try:
            parts.append(f"{path}\0{digest(read_bytes(path, str(path), HOUSE_MAX_BYTES))}")
        except InputError:
            return None
    return digest("\n".join(parts).encode())


def _store(cache: Cache | None, root: Path, kind: str = "check"):
    """The cache's store of the scenario files and results of the data folder ``root``."""
    if cache is None:
        return Store.off()
    try:
        scope = str(Path(root).resolve())
    except OSError:
        scope = str(Path(root).absolute())
    return cache.store(kind, scope)


def folder_scenarios(folder: Path, store: Store | None = None
                     ) -> tuple[tuple[Scenario, ...], list[FileProblem], dict[str, str]]:
    """The scenario files of ``folder``, by file name: those that load, the first of each
    id; the problems of the others and every scenario id used twice (the second file,
    naming the first), sorted as :func:`kb.rules.disagreements.load_scenarios` raises
    them; and each file read's digest by its name.  ``store`` (a
    :class:`kb.files.cache.Store`) keeps each file's scenario or problems by its bytes.

    >>> scenarios, problems, digests = folder_scenarios(DATA / "scenarios")
    >>> len(scenarios) == len(digests) > 100, problems
    (True, [])
    """
    scenarios: list[Scenario] = []
    problems: list[FileProblem] = []
    digests: dict[str, str] = {}
    keep = Store(None) if store is None else store
    with bulk():                    # many files: the garbage collector waits (kb.files)
        # by name, as sorting the paths (one folder's) does, without comparing Paths
        for path in sorted(Path(folder).glob("*.yaml"), key=lambda p: p.name):
            name = str(path)
            try:
                digests[name], (scenario, found) = read_through(
                    keep, path, name, MAX_BYTES, partial(_scenario, name=name),
                    "scenario")
            except InputError as error:        # unreadable: as load_scenario says it
                scenario, found = None, list(ScenarioError.of(error.problems).problems)
            problems += found
            if scenario is not None:
                scenarios.append(scenario)
    first, twice = unique_ids(scenarios)
    problems += twice
    sorted_problems = list(ScenarioError.of(problems).problems) if problems else []
    return tuple(first), sorted_problems, digests


def _scenario(text: str, name: str) -> tuple[Scenario | None, list[FileProblem]]:
    """The scenario in ``text`` (file ``name``), or None and its problems."""
    try:
        return parse_scenario(text, name), []
    except ScenarioError as error:
        return None, list(error.problems)


class _Rulings:
    """Each scenario's outcome under the two books of the checked pair (sources.yaml's
    first ``compared``, :attr:`kb.knowledge.model.Books.checked`)
    (:func:`kb.rules.disagreements.pair_outcome`, or the text of the error that its
    events cannot be replayed), kept in ``store`` by the scenario file's name and bytes
    and the knowledge base's digest."""

    def __init__(self, store: Store, kb_digest: str, digests: dict[str, str]):
        self.store, self.kb_digest, self.digests = store, kb_digest, digests
        self._books: list | None = None

    def books(self, kb: KnowledgeBase, needed: bool = True) -> list:
        """The two books' rulebooks, made on first need.  Not ``needed`` (every ruling
        was kept), they are still made, and raise as they would, unless an earlier run
        made them for the same knowledge base (they are a function of it)."""
        key = f"books\0{self.kb_digest}"
        if self._books is None and (needed or self.store.get(key) is None):
            self._books = [edition_rulebook(kb, b) for b in kb.books.checked]
            self.store.put(key, True)
        return self._books or []

    def outcome(self, kb: KnowledgeBase, scenario: Scenario) -> tuple:
        """``("ruled", (difference, topics))`` or ``("failed", error text, file)``."""
        key = f"ruling\0{scenario.path}\0{self.digests.get(scenario.path)}\0{self.kb_digest}"
        value = self.store.get(key) if scenario.path in self.digests else None
        if value is None:
            try:
                books = self.books(kb)      # none: a folder that compares no books
                value = ("ruled", pair_outcome(*compare(kb, scenario, books)) if books
                         else ("", ()))
            except ScenarioError as error:
                value = ("failed", str(error), error.file)
            self.store.put(key, value)
        return value


def _ruled(kb: KnowledgeBase, root: Path, scenarios, rulings: _Rulings) -> list[str]:
    """Scenarios that cannot be replayed, in file order, then declared against computed
    disagreements on the others."""
    replay: list[str] = []
    outcomes: dict[str, tuple] = {}
    for scenario in scenarios:
        value = rulings.outcome(kb, scenario)
        if value[0] == "ruled":
            outcomes[scenario.id] = value[1]
        elif value[2] == scenario.path:     # its own events: report it, check the others
            replay.append(value[1])
        else:                               # an error naming another file: as it was done
            return _ruled_one_by_one(kb, root, scenarios)
    rulings.books(kb, needed=False)         # raises as ruling without a cache would
    left = tuple(s for s in scenarios if s.id in outcomes)
    return replay + [located(root, p) for p in disagreement_problems(kb, left, outcomes)]


def _ruled_one_by_one(kb: KnowledgeBase, root: Path, scenarios) -> list[str]:
    """:func:`_ruled` without the cache: each error ends the ruling, and the scenarios of
    the file it names are left out of the next."""
    replay: list[str] = []
    while True:
        try:
            return replay + [located(root, p) for p in check_disagreements(kb, scenarios)]
        except ScenarioError as error:      # one scenario's events cannot be replayed:
            replay.append(str(error))       # report it, and check the others without it
            left = tuple(s for s in scenarios if s.path != error.file)
            if len(left) == len(scenarios):
                return replay
            scenarios = left


def located(root: Path, problem) -> str:
    """A knowledge-base problem as a line, its file shown relative to the current folder
    where possible.

    Knowledge-base problems name files relative to the data folder; a scenario's problem
    may already name its path through the folder (``data/scenarios/x.yaml``): not joined
    twice."""
    where = _where(str(root), problem.location.file, os.getcwd())
    return f"{where}:{problem.location.line}: {problem.message}"


@lru_cache(maxsize=1024)
def _where(root: str, file: str, cwd: str) -> str:
    """How :func:`located` names the file ``file`` of the data folder ``root`` from the
    current folder ``cwd``: once per file, not once per problem (a file of thousands of
    problems spent most of its time here)."""
    path, folder = Path(file), Path(root)
    if path.parts[:len(folder.parts)] != folder.parts:
        path = folder / path
    return str(shown(path))


def shown(path: Path) -> Path:
    """``path`` relative to the current folder if it is under it, else as given (links
    not resolved: a file is named where it was found)."""
    try:
        return Path(os.path.abspath(path)).relative_to(Path.cwd())
    except (ValueError, OSError):
        return path
