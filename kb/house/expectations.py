"""A scenario's ``expect`` checked one rulebook at a time: the work behind each test item of
the pytest plugin (:mod:`kb.pytest_plugin`), kept here because it needs the rulebooks of a
data folder (editions and house books), which is this room's business.

An :class:`Expectations` holds one knowledge base (the bundled one, or the data folder a
suite names with ``--floorbook-data``) and resolves each rulebook once.  A house rulebook
named by a path in ``expect`` is read relative to the scenario file's folder, so a suite
runs the same from any current folder.

>>> from kb import DATA, load_scenario
>>> scenario = load_scenario(DATA / "scenarios" / "four-card-flop.yaml")
>>> outcome = Expectations().outcome(scenario, "tda@2024")
>>> outcome.problems, outcome.ruling.remedy
([], 'continue')
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from kb.files import Problem
from kb.hand.scenario import Scenario, ScenarioError
from kb.hand.scenario_expect import UncitedContinue, UnmarkedEntry
from kb.house.compose import (
    HouseFileError,
    house_rulebooks,
    load_house_rulebook,
    published_rulebooks,
)
from kb.knowledge.load import load_knowledge_base
from kb.knowledge.model import KnowledgeBase
from kb.rules.books import published_editions, resolve_rulebook
from kb.rules.engine import rule
from kb.rules.rulebook import Rulebook, RulebookError
from kb.rules.ruling import Ruling, compare_expectation

#: The name of the item that carries problems of ``expect`` that belong to no rulebook
#: entry (``expect: [a list]``).
WHOLE_EXPECT = "expect"


@dataclass(frozen=True)
class Outcome:
    """One rulebook's check of one scenario: the ruling (None when none could be made) and
    the problems as report lines (empty: the expectation holds)."""

    ruling: Ruling | None
    problems: list[str]


class Expectations:
    """The knowledge base and rulebooks of one data folder (``data``: its path; None, the
    bundled kb/data), each loaded once.

    Loading the knowledge base raises :class:`kb.knowledge.load.LoadError` (every problem
    of the folder), on the first call that needs it.
    """

    def __init__(self, data: Path | None = None) -> None:
        self.data = Path(data) if data is not None else None
        self._kb: KnowledgeBase | None = None
        self._books: dict[tuple[str, Path], Rulebook] = {}
        self._published: list[Rulebook] | None = None

    @property
    def kb(self) -> KnowledgeBase:
        if self._kb is None:
            self._kb = load_knowledge_base(self.data)
        return self._kb

    def rulebook(self, ident: str, folder: Path) -> Rulebook:
        """The rulebook ``ident`` names: an edition id, a house id of the data folder's
        ``rulebooks``, or a house file's path (relative to ``folder``).  Raises
        :class:`RulebookError` (a house file that does not read: ``HouseFileError``, with
        its ``problems``)."""
        key = (ident, folder if _looks_like_path(ident) else Path())
        if key not in self._books:
            self._books[key] = self._resolve(ident, folder)
        return self._books[key]

    def _resolve(self, ident: str, folder: Path) -> Rulebook:
        if _looks_like_path(ident) and self.kb.books.get(ident) is None:  # published first
            return load_house_rulebook(self.kb, _inside(ident, folder))
        return resolve_rulebook(self.kb, ident, lambda: [  # the house books of published()
            book for book in self.published() if self.kb.books.get(book.id) is None])

    def published(self) -> list[Rulebook]:
        """The data folder's rulebooks (:func:`data_rulebooks`), read and composed once."""
        if self._published is None:
            self._published = data_rulebooks(self.kb, self.data)
        return self._published

    def outcome(self, scenario: Scenario, book_id: str) -> Outcome:
        """Rule ``scenario`` under ``book_id`` and compare with its ``expect`` entry (which
        must be in ``scenario.expect``).  Problems of the test, not of the ruling, are lines
        at the entry's key: ``file:line: unknown rulebook ...``; a difference is a line
        ``  tda@2024: remedy: expected 'misdeal', got 'continue'``."""
        where = f"{scenario.path}:{scenario.expect_lines.get(book_id, scenario.line)}"
        try:
            book = self.rulebook(book_id, Path(scenario.path).parent)
        except HouseFileError as error:           # a house rulebook file that does not read
            return Outcome(None, [f"{where}: the house rulebook {book_id} has problems "
                                  "(fix the lines below)",
                                  *(f"  {problem}" for problem in error.problems)])
        except RulebookError as error:
            return Outcome(None, [f"{where}: {error}"])
        try:
            ruling = rule(self.kb, book, scenario)
        except ScenarioError as error:
            return Outcome(None, [f"  {book_id}: {error}"])
        differences = compare_expectation(scenario.expect[book_id], ruling)
        return Outcome(ruling, [f"  {book_id}: {d}" for d in differences])

    def check_scenario(self, scenario: Scenario, cited: bool = False,
                       read: bool = False) -> list[str]:
        """Every rulebook of ``scenario``'s ``expect`` at once: the problems of ``expect``
        itself (with ``cited``, an uncited ``continue`` too, with ``read`` an entry that
        does not say who read it: :func:`expect_problems`), then
        each rulebook's :meth:`outcome` lines, in the file's order (empty when every
        expectation holds)."""
        problems = [str(problem) for problem in expect_problems(scenario, cited, read)]
        for book_id in scenario.expect:
            problems += self.outcome(scenario, book_id).problems
        return problems


def data_rulebooks(kb: KnowledgeBase, data: Path | None) -> list[Rulebook]:
    """The rulebooks of the data folder ``data`` whose knowledge base is ``kb``: the
    editions it publishes (its sources.yaml's ``rulebooks``), then the house books of its
    ``rulebooks`` folder (None, the bundled data:
    :func:`kb.house.compose.published_rulebooks`).  Raises ``HouseFileError`` with every
    problem of every house file."""
    if data is None:
        return published_rulebooks(kb)
    books = published_editions(kb)
    folder = Path(data) / "rulebooks"
    return books + (house_rulebooks(kb, folder) if folder.is_dir() else [])


def _inside(ident: str, folder: Path) -> Path:
    """The house file a scenario in ``folder`` names by the relative path ``ident``: it
    must stay inside the folder above the scenario's (``../rulebooks/ours.yaml``), since a
    scenario file is untrusted and reads nothing outside its project.  Raises
    :class:`RulebookError` for an absolute path or one that leads out.

    >>> _inside("../rulebooks/ours.yaml", Path("/p/scenarios")).as_posix()
    '/p/scenarios/../rulebooks/ours.yaml'
    >>> _inside("../../etc/passwd.yaml", Path("/p/scenarios"))
    Traceback (most recent call last):
    kb.rules.rulebook.RulebookError: the house rulebook ../../etc/passwd.yaml is outside the scenario's project (name a house file inside the folder above the scenario's, such as ../rulebooks/ours.yaml)
    """
    top = folder.resolve().parent
    path = folder / ident
    if Path(ident).is_absolute() or ident.startswith("~") \
            or not path.resolve().is_relative_to(top):
        raise RulebookError(f"the house rulebook {ident} is outside the scenario's project "
                            "(name a house file inside the folder above the scenario's, "
                            "such as ../rulebooks/ours.yaml)")
    return path


def _looks_like_path(ident: str) -> bool:
    return ident.endswith((".yaml", ".yml")) or "/" in ident


def expect_problems(scenario: Scenario, cited: bool = False,
                    read: bool = False) -> list[Problem]:
    """The problems of ``scenario``'s ``expect``; an expected ``continue`` that checks no
    citation (:class:`kb.hand.scenario_expect.UncitedContinue`) only when ``cited`` (the
    project asks for it: the exchange format's own example has one), and an entry that
    does not say who read it (:class:`kb.hand.scenario_expect.UnmarkedEntry`) only when
    ``read`` (the ini key ``floorbook_require_read``).

    >>> from kb import parse_scenario
    >>> text = "id: a\\ntitle: A\\ngame: holdem\\nseats: 3\\nbutton: 3\\nevents: []\\n"
    >>> scenario = parse_scenario(text + "expect:\\n  tda@2024: {remedy: continue}\\n", "a.yaml")
    >>> expect_problems(scenario)
    []
    >>> print(*expect_problems(scenario, cited=True))  # doctest: +ELLIPSIS
    a.yaml:8: expect.tda@2024 expects remedy: continue without citations (name the ...)
    """
    return [problem for problem in scenario.expect_problems
            if (cited or not isinstance(problem, UncitedContinue))
            and (read or not isinstance(problem, UnmarkedEntry))]


def entry_problems(scenario: Scenario, cited: bool = False,
                   read: bool = False) -> dict[str, list[Problem]]:
    """The problems of ``scenario``'s ``expect`` (:func:`expect_problems`), by the rulebook
    entry they are in (a problem belongs to the last key at or above its line); those above
    every key, under :data:`WHOLE_EXPECT`.  Every key of ``expect`` is a key of the result.

    >>> from kb import DATA, parse_scenario
    >>> text = (DATA / "scenarios" / "four-card-flop.yaml").read_text()
    >>> scenario = parse_scenario(text.replace("remedy: continue, burns", "burn"), "f.yaml")
    >>> for problem in entry_problems(scenario)["rrop@v11"]:
    ...     print(problem)
    f.yaml:17: expect.rrop@v11 has an unknown field 'burn' (did you mean 'burns'?)
    >>> entry_problems(scenario)["tda@2024"]
    []
    """
    lines = sorted((line, str(book)) for book, line in scenario.expect_lines.items())
    found: dict[str, list[Problem]] = {book: [] for _, book in lines}
    for problem in expect_problems(scenario, cited, read):
        above = [book for line, book in lines if line <= problem.line]
        found.setdefault(above[-1] if above else WHOLE_EXPECT, []).append(problem)
    return found


def reading_counts(scenarios) -> dict[str, int]:
    """How the ``expect`` entries of ``scenarios`` (an iterable of :class:`Scenario`) say
    they were read: ``{"text": n, "engine": n, "unmarked": n}``, entries counted (an
    entry with a problem is not among them).

    >>> from kb import parse_scenario
    >>> text = ("id: a\\ntitle: A\\ngame: holdem\\nseats: 3\\nbutton: 3\\nevents: []\\nexpect:\\n"
    ...         '  tda@2024: {remedy: misdeal, read: text, why: "35-A: two boxed cards"}\\n'
    ...         "  rrop@v11: {remedy: misdeal, read: engine}\\n")
    >>> reading_counts([parse_scenario(text, "a.yaml")])
    {'text': 1, 'engine': 1, 'unmarked': 0}
    """
    counts = {"text": 0, "engine": 0, "unmarked": 0}
    for scenario in scenarios:
        for entry in scenario.expect.values():
            counts[entry.get("read", "unmarked")] += 1
    return counts


__all__ = ["WHOLE_EXPECT", "Expectations", "Outcome", "data_rulebooks", "entry_problems",
           "expect_problems", "reading_counts"]
