"""``floorbook rulebook check``: every problem of a house rulebook file.

The file's own problems come from :mod:`kb.house.spec` (schema, duplicates), the
structural ones from :func:`kb.house.compose.compose` (unknown ids, gaps, override cycles,
stale overrides), the points a regulator requires it to state from :mod:`kb.house.requirements`.
Conflicts need the engine: a provision the house adds rules on a topic
beside another governing provision it does not override; if the two, each alone, rule some
scenario of the knowledge base differently, precedence is missing and the problem names
the scenario that shows it.

With the file otherwise sound, :mod:`kb.house.consistency` then looks, on the same
rulings, for coverage lost, contradictions between provisions of different books, and
no-op choices.

The conflict search is bounded: each scenario is replayed once to learn the topics it
raises, each provision is ruled alone once per scenario of its topic (cached), and the
schema bounds how many provisions a file adds and on how many topics.

>>> from kb.knowledge.load import load_knowledge_base
>>> from kb.house.compose import RULEBOOKS
>>> kb = load_knowledge_base()
>>> check_house_file(kb, RULEBOOKS / "home-game.yaml")[1]
[]

Apart from the problems, :func:`notes` asks the author for what the published site would
otherwise leave out (a choice's reason); a note never makes the check fail.
"""

from __future__ import annotations

from pathlib import Path

from kb.files import Problem
from kb.house.compose import compose, compose_file
from kb.house.consistency import PRECEDENCE, Rulings, consistency
from kb.house.requirements import requirement_problems
from kb.house.spec import HouseSpec
from kb.knowledge.model import KnowledgeBase
from kb.rules.deciding import layer_item
from kb.rules.disagreements import load_scenarios
from kb.rules.rulebook import Rulebook


def check_house(kb: KnowledgeBase, spec: HouseSpec, scenarios=None) -> list[Problem]:
    """All problems of ``spec``, sorted by line: structural ones and the conflicts shown by
    ``scenarios`` (default: the knowledge base's) among the parts that composed."""
    book, problems = compose(kb, spec)
    required = requirement_problems(kb, spec)     # what a regulator asks: apart from rulings
    if book is None:
        return _sorted(problems + required)
    return _sorted(problems + required + _ruled(kb, spec, book, scenarios, not problems))


def check_house_file(kb: KnowledgeBase, path: Path, scenarios=None
                     ) -> tuple[HouseSpec | None, list[Problem]]:
    """The house file at ``path`` as read (None if it could not be) and all its problems,
    sorted by line: the file's own, the composition's, and the conflicts that
    ``scenarios`` (default: the knowledge base's) show among the parts that composed
    (none when the base is unknown)."""
    spec, book, problems = compose_file(kb, path)
    required = [] if spec is None else requirement_problems(kb, spec)
    if spec is None or book is None:
        return spec, _sorted(problems + required)
    return spec, _sorted(problems + required + _ruled(kb, spec, book, scenarios, not problems))


def _ruled(kb: KnowledgeBase, spec: HouseSpec, book: Rulebook, scenarios,
           clean: bool) -> list[Problem]:
    """The problems the rulings show: conflicts of added provisions, then, in a file with
    no other problem (``clean``), coverage lost, contradictions and no-op choices
    (:mod:`kb.house.consistency`): while an entry is refused or doubled the composed book
    is not the one the author means, and what it loses would only echo that entry's
    problem.  All from one set of rulings; ``scenarios`` None: the knowledge base's."""
    rulings = Rulings(kb, book, load_scenarios() if scenarios is None else scenarios)
    found = conflicts(kb, spec, book, rulings)
    return found if found or not clean else consistency(kb, spec, book, rulings)


def notes(spec: HouseSpec) -> list[Problem]:
    """What the author should add though nothing is wrong: each ``adopt``, ``omit`` and
    ``params`` entry with no ``reason``, at the entry's line (the published site then
    gives no reason for that choice).  Added provisions need none: their text is the
    reason.  Sorted by line; never a problem (``rulebook check`` does not fail on one).

    >>> from kb.house.spec import parse_house_text
    >>> spec = parse_house_text("id: house.a@1\\ntitle: A\\nbase: tda@2024\\nadopt:\\n"
    ...                         "  - topic: four-card-flop\\n"
    ...                         "    provisions: [rrop.holdem.four-card-flop]\\n", "a.yaml")
    >>> print(notes(spec)[0])
    a.yaml:5: the adopt of topic four-card-flop gives no reason, so the published site says nothing about why (add a line `reason: ...` saying why your room chose it)
    """
    entries = ([("adopt", f"topic {a.topic}", a) for a in spec.adopt]
               + [("omit", o.provision, o) for o in spec.omit]
               + [("params", f"{c.provision} {c.name}", c) for c in spec.params])
    found = [spec.problem(entry.line(), f"the {kind} of {what} gives no reason, so the "
                          "published site says nothing about why",
                          "add a line `reason: ...` saying why your room chose it")
             for kind, what, entry in entries if not entry.reason]
    return sorted(found, key=lambda p: p.line)


def _sorted(problems: list[Problem]) -> list[Problem]:
    return sorted(set(problems), key=lambda p: (p.line, p.message))


def conflicts(kb: KnowledgeBase, spec: HouseSpec, book: Rulebook, scenarios) -> list[Problem]:
    """Added provisions that rule a scenario differently from a provision beside them on
    the same topic with no stated precedence between the two.  An added provision the
    schema refused in part (its overrides may be what is missing) is left out."""
    search = scenarios if isinstance(scenarios, Rulings) else Rulings(kb, book, scenarios)
    overrides = {p.id: set(p.overrides) for p in spec.add}
    order = {p.id: n for n, p in enumerate(spec.add)}
    partial = {p.id for p in spec.add if p.partial}
    # the stack states precedence over the house for every layer above it
    above = set(book.stack[:book.stack.index(spec.id)]) if spec.id in book.stack else set()
    problems = []
    for own in spec.add:
        if own.id in partial:
            continue
        for i, topic in enumerate(own.topics):
            for other in book.governing(topic):
                if order.get(other, len(order)) <= order[own.id] or other in partial:
                    continue     # itself, or an added provision that met this one already
                if _ordered(kb, overrides, own.id, other) or layer_item(kb, book, other) in above:
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
        if kb.has("provision", x) and any(r.target == y and r.kind in PRECEDENCE
                                          for r in kb.provision(x).relations):
            return True
    return False
