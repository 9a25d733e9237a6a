"""``floorbook rulebook check``: every problem of a house rulebook file.

The file's own problems come from :mod:`kb.house.spec` (schema, duplicates), the
structural ones from :func:`kb.house.compose.compose` (unknown ids, gaps, override cycles,
stale overrides), the points a regulator requires it to state from :mod:`kb.house.requirements`.
Conflicts need the engine: a provision the house adds rules on a topic
beside another governing provision it does not override; if the two, each alone, rule some
scenario of the knowledge base differently, precedence is missing and the problem names
the scenario that shows it.

The conflict search is bounded: each scenario is replayed once to learn the topics it
raises, each provision is ruled alone once per scenario of its topic (cached), and the
schema bounds how many provisions a file adds and on how many topics.

>>> from kb.knowledge.load import load_knowledge_base
>>> from kb.house.compose import RULEBOOKS
>>> kb = load_knowledge_base()
>>> check_house_file(kb, RULEBOOKS / "home-game.yaml")[1]
[]
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from kb.files import Problem
from kb.hand.deal import replay
from kb.hand.scenario import ScenarioError
from kb.house.compose import compose, compose_file
from kb.house.requirements import requirement_problems
from kb.house.spec import HouseSpec
from kb.knowledge.model import KnowledgeBase
from kb.knowledge.vocabulary import RelationKind
from kb.rules.disagreements import difference, load_scenarios
from kb.rules.engine import rule
from kb.rules.irregularities import topics_for
from kb.rules.rulebook import Rulebook
from kb.rules.situation import primary_irregularity

_PRECEDENCE = (RelationKind.OVERRIDES, RelationKind.EXCEPTION_TO, RelationKind.REFINES)


def check_house(kb: KnowledgeBase, spec: HouseSpec, scenarios=None) -> list[Problem]:
    """All problems of ``spec``, sorted by line: structural ones and the conflicts shown by
    ``scenarios`` (default: the knowledge base's) among the parts that composed."""
    book, problems = compose(kb, spec)
    problems = _sorted(problems + requirement_problems(kb, spec))
    if book is None:
        return problems
    found = conflicts(kb, spec, book, load_scenarios() if scenarios is None else scenarios)
    return _sorted(problems + found)


def check_house_file(kb: KnowledgeBase, path: Path, scenarios=None
                     ) -> tuple[HouseSpec | None, list[Problem]]:
    """The house file at ``path`` as read (None if it could not be) and all its problems,
    sorted by line: the file's own, the composition's, and the conflicts that
    ``scenarios`` (default: the knowledge base's) show among the parts that composed
    (none when the base is unknown)."""
    spec, book, problems = compose_file(kb, path)
    problems = problems if spec is None else _sorted(problems + requirement_problems(kb, spec))
    if spec is None or book is None:
        return spec, problems
    found = conflicts(kb, spec, book, load_scenarios() if scenarios is None else scenarios)
    return spec, _sorted(problems + found)


def _sorted(problems: list[Problem]) -> list[Problem]:
    return sorted(set(problems), key=lambda p: (p.line, p.message))


def conflicts(kb: KnowledgeBase, spec: HouseSpec, book: Rulebook, scenarios) -> list[Problem]:
    """Added provisions that rule a scenario differently from a provision beside them on
    the same topic with no stated precedence between the two.  An added provision the
    schema refused in part (its overrides may be what is missing) is left out."""
    search = _Search(kb, book, scenarios)
    overrides = {p.id: set(p.overrides) for p in spec.add}
    order = {p.id: n for n, p in enumerate(spec.add)}
    partial = {p.id for p in spec.add if p.partial}
    problems = []
    for own in spec.add:
        if own.id in partial:
            continue
        for i, topic in enumerate(own.topics):
            for other in book.governing(topic):
                if order.get(other, len(order)) <= order[own.id] or other in partial:
                    continue     # itself, or an added provision that met this one already
                if _ordered(kb, overrides, own.id, other):
                    continue
                shown = search.shown_by(topic, own.id, other)
                if shown:
                    problems.append(spec.problem(
                        own.line("topics", i), f"conflict on {topic!r}: {own.id} and {other} "
                        f"rule scenario {shown} differently and neither takes precedence",
                        f"add {other} to {own.id}'s overrides, or omit it"))
    return problems


def _ordered(kb: KnowledgeBase, overrides: dict[str, set], a: str, b: str) -> bool:
    """Whether precedence between ``a`` and ``b`` is stated (either way)."""
    for x, y in ((a, b), (b, a)):
        if y in overrides.get(x, ()):
            return True
        if kb.has("provision", x) and any(r.target == y and r.kind in _PRECEDENCE
                                          for r in kb.provision(x).relations):
            return True
    return False


class _Search:
    """Rulings of one provision alone on one topic, each computed once."""

    def __init__(self, kb: KnowledgeBase, book: Rulebook, scenarios):
        self.kb, self.book = kb, book
        self.rulings: dict = {}
        self.raising: dict[str, list] = {}
        for scenario in scenarios:
            try:
                played = replay(scenario)
            except ScenarioError:
                continue          # a scenario that cannot replay is `floorbook check`'s
            irregularity = primary_irregularity(played)
            for topic in topics_for(irregularity, played) if irregularity else ():
                self.raising.setdefault(topic, []).append(scenario)

    def alone(self, topic: str, pid: str, scenario):
        key = (topic, pid, scenario.id)
        if key not in self.rulings:
            book = replace(self.book, topics={**self.book.topics, topic: (pid,)})
            self.rulings[key] = rule(self.kb, book, scenario)
        return self.rulings[key]

    def shown_by(self, topic: str, a: str, b: str) -> str | None:
        """The id of a scenario that ``a`` alone and ``b`` alone rule differently."""
        for scenario in self.raising.get(topic, ()):
            first, second = self.alone(topic, a, scenario), self.alone(topic, b, scenario)
            if first.topic != topic or second.topic != topic:
                continue
            if a in first.provisions and b in second.provisions and difference(first, second):
                return f"{scenario.id!r} ({difference(first, second)})"
        return None
