"""pytest plugin: every scenario file is a test item.

Collects ``kb/data/scenarios/*.yaml`` and any ``*.yaml`` under a ``tests/scenarios`` folder.
Each item rules its scenario under every rulebook of its ``expect`` block and fails with a
message naming the file, the scenario, and expected against actual per rulebook.
Registered as the ``floorbook`` plugin (entry point ``pytest11``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

_CACHE: dict = {}


def pytest_collect_file(file_path: Path, parent):
    """Collect scenario YAML files (not the deliberately bad ones under tests/data/bad)."""
    if file_path.suffix not in (".yaml", ".yml") or not is_scenario_path(file_path):
        return None
    return ScenarioFile.from_parent(parent, path=file_path)


def is_scenario_path(path: Path) -> bool:
    """Whether ``path`` is in kb/data/scenarios or under a tests/scenarios folder.

    >>> is_scenario_path(Path("kb/data/scenarios/a.yaml"))
    True
    >>> is_scenario_path(Path("tests/data/bad/scenario/a.yaml"))
    False
    """
    parts = path.parts
    in_kb = len(parts) >= 4 and parts[-4:-1] == ("kb", "data", "scenarios")
    in_tests = any(parts[i:i + 2] == ("tests", "scenarios") for i in range(len(parts) - 1))
    return in_kb or in_tests


class ScenarioFile(pytest.File):
    def collect(self):
        from kb.hand.scenario import ScenarioError
        from kb.hand.scenario_file import load_scenario
        try:
            scenario = load_scenario(self.path)
        except ScenarioError as error:
            yield ScenarioItem.from_parent(self, name=self.path.stem, scenario=None,
                                           error=str(error))
            return
        yield ScenarioItem.from_parent(self, name=scenario.id, scenario=scenario, error=None)


class ScenarioMismatch(Exception):
    """The rulings differ from the scenario's expectations; args[0] is the report."""


class ScenarioItem(pytest.Item):
    def __init__(self, *, scenario, error, **kwargs) -> None:
        super().__init__(**kwargs)
        self.scenario, self.error = scenario, error

    def runtest(self) -> None:
        if self.error:
            raise ScenarioMismatch(f"{self.error}")
        problems = check_scenario(self.scenario)
        if problems:
            raise ScenarioMismatch(f"{self.path}: scenario {self.scenario.id!r}\n"
                                   + "\n".join(problems))

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, ScenarioMismatch):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style)

    def reportinfo(self):
        return self.path, self.scenario.line - 1 if self.scenario else 0, \
            f"scenario {self.name}"


def check_scenario(scenario) -> list[str]:
    """Rule ``scenario`` under each rulebook it expects; the differences as lines (empty
    when all match).  A difference starts with the rulebook id; what is wrong with the
    ``expect`` itself (an unknown key, a wrong shape: the reader leaves ``expect`` to this
    collector) and a rulebook that cannot be found are errors of the test, each at its
    line: ``file:line: expect.tda@2024 has an unknown field 'burn' (...)``,
    ``file:line: unknown rulebook ... (use one of: ...)``."""
    from kb.hand.scenario import ScenarioError
    from kb.rules.engine import rule
    from kb.rules.rulebook import RulebookError
    from kb.rules.ruling import compare_expectation

    kb = _knowledge_base()
    problems = [str(problem) for problem in scenario.expect_problems]
    for book_id, expected in scenario.expect.items():
        try:
            book = _rulebook(kb, book_id)
        except RulebookError as error:
            where = f"{scenario.path}:{scenario.expect_lines.get(book_id, scenario.line)}"
            if getattr(error, "problems", None):   # a house rulebook file that does not read
                problems.append(f"{where}: the house rulebook {book_id} has problems "
                                "(fix the lines below)")
                problems += [f"  {problem}" for problem in error.problems]
            else:
                problems.append(f"{where}: {error}")
            continue
        try:
            ruling = rule(kb, book, scenario)
        except ScenarioError as error:
            problems.append(f"  {book_id}: {error}")
            continue
        for difference in compare_expectation(expected, ruling):
            problems.append(f"  {book_id}: {difference}")
    return problems


def _rulebook(kb, book_id: str):
    from kb.house.compose import resolve_rulebook
    books = _CACHE.setdefault("books", {})
    if book_id not in books:
        books[book_id] = resolve_rulebook(kb, book_id)
    return books[book_id]


def _knowledge_base():
    if "kb" not in _CACHE:
        from kb.knowledge.load import load_knowledge_base
        _CACHE["kb"] = load_knowledge_base()
    return _CACHE["kb"]
