"""Compose a house rulebook: a base edition plus the explicit changes of a house file.

Precedence is stated, never implied by order:

* ``adopt`` gives one topic the listed provisions, first taking precedence: ``instead`` of
  the base's (the default), or ``before`` them (the base's still rule where the adopted
  ones do not decide);
* ``add`` puts the house's own provision first on its topics, ahead of every provision it
  names in ``overrides``; a base provision it does not override keeps governing beside it,
  and if the two rule a scenario differently that is a conflict (see :mod:`kb.house.check`);
* ``omit`` removes a provision from every topic;
* ``params`` changes a parameter a governing provision declares.

Structural problems (unknown ids, gaps, override cycles, stale overrides) are found here;
each is a :class:`~kb.knowledge.load.Problem` pointing at the house file's line.

>>> from kb.knowledge.load import load_knowledge_base
>>> from kb.house.spec import parse_house_text
>>> kb = load_knowledge_base()
>>> spec = parse_house_text('''
... id: house.demo@1
... title: Demo
... base: "tda@2024"
... adopt:
...   - {topic: four-card-flop, provisions: [rrop.holdem.four-card-flop, rrop.holdem.flop-redeal]}
... ''', "demo.yaml")
>>> book, problems = compose(kb, spec)
>>> problems, book.governing("four-card-flop")
([], ('rrop.holdem.four-card-flop', 'rrop.holdem.flop-redeal'))
"""

from __future__ import annotations

from pathlib import Path

import networkx as nx

from kb import DATA
from kb.house.spec import HouseError, HouseSpec, read_house_file
from kb.knowledge.load import Problem
from kb.knowledge.model import KnowledgeBase
from kb.rules.rulebook import EDITIONS, Rulebook, RulebookError, edition_rulebook

RULEBOOKS = DATA / "rulebooks"


def compose(kb: KnowledgeBase, spec: HouseSpec) -> tuple[Rulebook | None, list[Problem]]:
    """The rulebook ``spec`` describes, and the structural problems found (empty when it
    composes cleanly).  Returns ``(None, problems)`` when the base is unknown."""
    if spec.base not in EDITIONS:
        return None, [Problem(spec.location, f"base {spec.base!r} is not a published edition; "
                                             f"use one of {', '.join(EDITIONS)}")]
    base = edition_rulebook(kb, spec.base)
    topics = {t: list(p) for t, p in base.topics.items()}
    problems: list[Problem] = []
    _omit(kb, spec, topics, problems)
    _adopt(kb, spec, topics, problems)
    _add(kb, spec, topics, problems)
    params = _params(kb, spec, topics, problems)
    problems += _gaps(base, spec, topics) + _cycles(spec) + _stale(kb, spec)
    own = {p.id: p for p in spec.add}
    editions = (spec.id, spec.base) + tuple(
        e.id for e in kb.editions if e.id not in (spec.id, spec.base))
    book = Rulebook(spec.id, spec.title, editions, {t: tuple(p) for t, p in topics.items()},
                    dict(base.silent), params, spec.base, own=own,
                    executes_as={p.id: p.rules_as for p in spec.add if p.rules_as})
    return book, problems


def _omit(kb, spec, topics, problems) -> None:
    for omit in spec.omit:
        if not kb.has("provision", omit.provision):
            problems.append(Problem(omit.location, f"omit: unknown provision {omit.provision!r}"))
        elif not any(omit.provision in pids for pids in topics.values()):
            problems.append(Problem(omit.location, f"omit: {omit.provision!r} does not govern "
                                                   f"any topic in {spec.base}; remove the entry"))
        for pids in topics.values():
            if omit.provision in pids:
                pids.remove(omit.provision)


def _adopt(kb, spec, topics, problems) -> None:
    seen = {}
    for adopt in spec.adopt:
        if adopt.topic in seen:
            problems.append(Problem(adopt.location, f"adopt: topic {adopt.topic!r} is adopted "
                                    f"twice (also at line {seen[adopt.topic].line}); keep one"))
        seen[adopt.topic] = adopt.location
        if not kb.has("topic", adopt.topic):
            problems.append(Problem(adopt.location, f"adopt: unknown topic {adopt.topic!r}"))
            continue
        for pid in adopt.provisions:
            if not kb.has("provision", pid):
                problems.append(Problem(adopt.location, f"adopt: unknown provision {pid!r}"))
            elif adopt.topic not in kb.provision(pid).topics:
                problems.append(Problem(adopt.location, f"adopt: {pid} does not answer topic "
                                                        f"{adopt.topic!r}; pick one that does"))
        adopted = [p for p in adopt.provisions if kb.has("provision", p)]
        if not adopted:
            continue         # every id is unknown (reported): no knock-on "gap" problem
        kept = topics.get(adopt.topic, []) if adopt.mode == "before" else []
        topics[adopt.topic] = adopted + [p for p in kept if p not in adopted]


def _add(kb, spec, topics, problems) -> None:
    house_ids = {p.id for p in spec.add}
    for own in spec.add:
        if kb.has("provision", own.id):
            problems.append(Problem(own.location, f"add: {own.id!r} is already a provision of "
                                                  "the knowledge base; choose another id"))
        for ref in own.overrides + own.rules_as:
            if not kb.has("provision", ref) and ref not in house_ids:
                problems.append(Problem(own.location, f"add {own.id}: unknown provision "
                                                      f"{ref!r}"))
        if not own.topics:
            problems.append(Problem(own.location, f"add {own.id}: list the topics it rules on"))
        for topic in own.topics:
            if not kb.has("topic", topic):
                problems.append(Problem(own.location, f"add {own.id}: unknown topic {topic!r}"))
                continue
            topics.setdefault(topic, []).insert(0, own.id)


def _params(kb, spec, topics, problems) -> dict:
    governing = {p for pids in topics.values() for p in pids}
    params = {}
    for change in spec.params:
        if not kb.has("provision", change.provision):
            problems.append(Problem(change.location, f"params: unknown provision "
                                                     f"{change.provision!r}"))
            continue
        declared = {p.name: p for p in kb.provision(change.provision).params}
        if change.name not in declared:
            names = ", ".join(declared) or "none"
            problems.append(Problem(change.location, f"params: {change.provision} has no "
                                    f"parameter {change.name!r} (it has: {names})"))
            continue
        if change.provision not in governing:
            problems.append(Problem(change.location, f"params: {change.provision} does not "
                                    f"govern anything in this rulebook; adopt it first"))
        if type(change.value) is not type(declared[change.name].default):
            problems.append(Problem(change.location, f"params: {change.name} takes a value "
                                    f"like {declared[change.name].default!r}"))
        params[f"{change.provision}/{change.name}"] = change.value
    return params


def _gaps(base: Rulebook, spec: HouseSpec, topics) -> list[Problem]:
    """A topic the base governs that the house left with no provision."""
    return [Problem(spec.location, f"gap: topic {topic!r} has no governing provision left "
                                   f"(the base {spec.base} had {', '.join(base.topics[topic])}); "
                                   "adopt or add one, or keep the base's")
            for topic, pids in sorted(topics.items()) if not pids and base.topics.get(topic)]


def _cycles(spec: HouseSpec) -> list[Problem]:
    graph = nx.DiGraph()
    where = {p.id: p.location for p in spec.add}
    graph.add_edges_from((p.id, o) for p in spec.add for o in p.overrides)
    problems = []
    for cycle in nx.simple_cycles(graph):
        turn = cycle.index(min(cycle))
        cycle = cycle[turn:] + cycle[:turn]
        problems.append(Problem(where.get(cycle[0], spec.location), "override cycle: "
                                + " -> ".join(cycle + [cycle[0]]) + "; remove one override"))
    return problems


def _stale(kb: KnowledgeBase, spec: HouseSpec) -> list[Problem]:
    """An override written against a number that the base edition no longer prints."""
    problems = []
    for own in spec.add:
        read_in = own.as_of or spec.base
        for pid, number in own.overridden_numbers:
            if not kb.has("provision", pid):
                continue
            provision = kb.provision(pid)
            then, now = provision.number_in(read_in), provision.number_in(spec.base)
            if then is None or then.number != number:
                problems.append(Problem(own.location, f"add {own.id}: {pid} is not numbered "
                                        f"{number!r} in {read_in}; fix the number or as-of"))
            elif now is None:
                problems.append(Problem(own.location, f"stale override: {pid} ({read_in} "
                                        f"{number}) is not in the base {spec.base}"))
            elif now.number != number:
                problems.append(Problem(own.location, f"stale override: {own.id} overrides "
                                        f"{pid} as {read_in} numbers it ({number}); the base "
                                        f"{spec.base} numbers it {now.number}: check its text "
                                        "and update the number and as-of"))
    return problems


def load_house_rulebook(kb: KnowledgeBase, path: Path) -> Rulebook:
    """Read and compose the house file at ``path``; raises :class:`RulebookError` whose
    text lists every problem as ``file:line: message``."""
    try:
        spec = read_house_file(path)
    except HouseError as error:
        raise HouseFileError(str(error)) from None
    book, problems = compose(kb, spec)
    if problems:
        raise HouseFileError("\n".join(str(p) for p in problems))
    return book


class HouseFileError(RulebookError):
    """A house rulebook file that does not read or compose: bad input, not bad usage."""


def house_rulebooks(kb: KnowledgeBase, folder: Path = RULEBOOKS) -> list[Rulebook]:
    """The house rulebooks bundled in kb/data/rulebooks, composed."""
    return [load_house_rulebook(kb, path) for path in sorted(Path(folder).glob("*.yaml"))]


def published_rulebooks(kb: KnowledgeBase) -> list[Rulebook]:
    """Every published rulebook: the editions, then the house rulebooks composed from
    kb/data/rulebooks."""
    return [*(edition_rulebook(kb, e) for e in EDITIONS), *house_rulebooks(kb)]


def resolve_rulebook(kb: KnowledgeBase, ident: str) -> Rulebook:
    """The rulebook named by ``ident``: an edition id, a house rulebook id, or the path of a
    house rulebook file.  Raises :class:`RulebookError` with what to do."""
    if ident in EDITIONS:
        return edition_rulebook(kb, ident)
    looks_like_path = ident.endswith((".yaml", ".yml")) or "/" in ident
    if looks_like_path:
        if not Path(ident).is_file():
            raise RulebookError(f"{ident}: no such house rulebook file")
        return load_house_rulebook(kb, Path(ident))
    for book in published_rulebooks(kb):
        if book.id == ident:
            return book
    known = ", ".join(b.id for b in published_rulebooks(kb))
    raise RulebookError(f"unknown rulebook {ident!r} (use one of: {known}, or a file path)")
