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

from pathlib import Path

from kb import DATA  # noqa: F401 (the doctest checks the bundled data)
from kb.hand.scenario import ScenarioError
from kb.hand.scenario_file import load_scenario
from kb.house.compose import folder_rulebooks
from kb.knowledge.checks import check_knowledge_base
from kb.knowledge.load import LoadError, load_knowledge_base
from kb.knowledge.model import KnowledgeBase
from kb.rules.disagreements import check_disagreements, load_scenarios


def folder_problems(root: Path, rule: bool = True) -> tuple[KnowledgeBase | None, list[str]]:
    """The knowledge base of the data folder ``root`` (None if it does not load) and every
    problem of the folder's stages (see the module), as lines, stage by stage."""
    try:
        kb = load_knowledge_base(root)
    except LoadError as error:
        return None, [located(root, p) for p in error.problems]
    problems = [located(root, p) for p in check_knowledge_base(kb)]
    folder = Path(root) / "scenarios"
    try:
        scenarios = load_scenarios(folder)
    except ScenarioError as error:
        problems += [str(p) for p in error.problems]
        scenarios = _loadable(folder)
    if rule:
        problems += _ruled(kb, root, scenarios)
    if (Path(root) / "rulebooks").is_dir():
        problems += [str(p) for p in folder_rulebooks(kb, Path(root) / "rulebooks")[1]]
    return kb, problems


def _loadable(folder: Path) -> tuple:
    """The scenario files of ``folder`` that load, the first of each id (the others'
    problems are :func:`kb.rules.disagreements.load_scenarios`'s to report)."""
    scenarios: dict[str, object] = {}
    for path in sorted(folder.glob("*.yaml")):
        try:
            scenario = load_scenario(path)
        except ScenarioError:
            continue
        scenarios.setdefault(scenario.id, scenario)
    return tuple(scenarios.values())


def _ruled(kb: KnowledgeBase, root: Path, scenarios) -> list[str]:
    """Scenarios that cannot be replayed, then declared against computed disagreements
    on the others."""
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
    path, root = Path(problem.location.file), Path(root)
    if path.parts[:len(root.parts)] != root.parts:
        path = root / path
    return f"{shown(path)}:{problem.location.line}: {problem.message}"


def shown(path: Path) -> Path:
    """``path`` relative to the current folder if it is under it, else as given."""
    try:
        return path.resolve().relative_to(Path.cwd())
    except (ValueError, OSError):
        return path
