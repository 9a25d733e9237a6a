"""``floorbook rulebook check``: every problem of a house rulebook file.

Structural problems come from :func:`kb.house.compose.compose` (unknown ids, gaps, override
cycles, stale overrides).  Conflicts need the engine: a provision the house adds rules on
a topic beside another governing provision it does not override; if the two, each alone,
rule some scenario of the knowledge base differently, precedence is missing and the
problem names the scenario that shows it.

>>> from kb.knowledge.load import load_knowledge_base
>>> from kb.house.spec import read_house_file
>>> from kb.house.compose import RULEBOOKS
>>> kb = load_knowledge_base()
>>> check_house(kb, read_house_file(RULEBOOKS / "home-game.yaml"))
[]
"""

from __future__ import annotations

from dataclasses import replace

from kb.house.compose import compose
from kb.rules.disagreements import difference, load_scenarios
from kb.rules.engine import rule
from kb.house.spec import HouseSpec
from kb.knowledge.load import Problem
from kb.knowledge.model import KnowledgeBase, RelationKind
from kb.rules.rulebook import Rulebook

_PRECEDENCE = (RelationKind.OVERRIDES, RelationKind.EXCEPTION_TO, RelationKind.REFINES)


def check_house(kb: KnowledgeBase, spec: HouseSpec, scenarios=None) -> list[Problem]:
    """All problems of ``spec``: structural ones, then conflicts shown by ``scenarios``
    (default: the knowledge base's)."""
    book, problems = compose(kb, spec)
    if book is None or problems:
        return problems
    return conflicts(kb, spec, book, load_scenarios() if scenarios is None else scenarios)


def conflicts(kb: KnowledgeBase, spec: HouseSpec, book: Rulebook, scenarios) -> list[Problem]:
    """Added provisions that rule a scenario differently from a provision beside them on
    the same topic with no stated precedence between the two."""
    problems = []
    for own in spec.add:
        for topic in own.topics:
            for other in book.governing(topic):
                if other == own.id or _ordered(kb, spec, own.id, other):
                    continue
                shown = _shown_by(kb, book, topic, own.id, other, scenarios)
                if shown:
                    problems.append(Problem(own.location, f"conflict on {topic!r}: {own.id} "
                                            f"and {other} rule scenario {shown} differently "
                                            f"and neither takes precedence; add {other} to "
                                            f"{own.id}'s overrides, or omit it"))
    return problems


def _ordered(kb: KnowledgeBase, spec: HouseSpec, a: str, b: str) -> bool:
    """Whether precedence between ``a`` and ``b`` is stated (either way)."""
    overrides = {p.id: set(p.overrides) for p in spec.add}
    for x, y in ((a, b), (b, a)):
        if y in overrides.get(x, ()):
            return True
        if kb.has("provision", x) and any(r.target == y and r.kind in _PRECEDENCE
                                          for r in kb.provision(x).relations):
            return True
    return False


def _shown_by(kb, book: Rulebook, topic: str, a: str, b: str, scenarios) -> str | None:
    """The id of a scenario that ``a`` alone and ``b`` alone rule differently."""
    alone = [replace(book, topics={**book.topics, topic: (pid,)}) for pid in (a, b)]
    for scenario in scenarios:
        first, second = (rule(kb, one, scenario) for one in alone)
        if first.topic != topic or second.topic != topic:
            continue
        if a in first.provisions and b in second.provisions and difference(first, second):
            return f"{scenario.id!r} ({difference(first, second)})"
    return None
