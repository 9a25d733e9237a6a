"""Validation of a loaded knowledge base: what ``floorbook check`` reports.

Each check is a small function returning :class:`~kb.knowledge.load.Problem` records with the file
and line of the record at fault.  Duplicate ids, dangling references, unknown topics,
editions, copies and relation kinds, relation cycles where they make no sense (overrides,
exception-to, refines), provisions without a source copy, and topics with no provision or
with a primary book neither answering nor marked silent.

>>> from kb.knowledge.load import load_knowledge_base
>>> check_knowledge_base(load_knowledge_base())
[]
"""

from __future__ import annotations

from collections import Counter

import networkx as nx

from kb.knowledge.graph import PRIMARY_EDITIONS
from kb.knowledge.load import Problem
from kb.knowledge.model import KnowledgeBase, RelationKind


def check_knowledge_base(kb: KnowledgeBase) -> list[Problem]:
    """Run every check on ``kb``; returns the problems sorted by file and line."""
    problems = []
    for check in (_duplicates, _references, _copies, _topics, _cycles, _terms, _errata):
        problems.extend(check(kb))
    return sorted(problems, key=lambda p: (p.location.file, p.location.line, p.message))


def _duplicates(kb: KnowledgeBase) -> list[Problem]:
    problems = []
    groups = [("provision", kb.provisions, lambda r: r.id), ("topic", kb.topics, lambda r: r.id),
              ("source", kb.sources, lambda r: r.id), ("edition", kb.editions, lambda r: r.id),
              ("source copy", kb.copies, lambda r: r.id), ("term", kb.terms, lambda r: r.term),
              ("erratum", kb.errata, lambda r: r.id)]
    for what, records, key in groups:
        counts = Counter(key(r) for r in records)
        first = {}
        for record in records:
            k = key(record)
            if counts[k] > 1 and k in first:
                problems.append(Problem(record.location, f"duplicate {what} id {k!r} (also at "
                                        f"{first[k]}); rename one of them"))
            first.setdefault(k, record.location)
    return problems


def _references(kb: KnowledgeBase) -> list[Problem]:
    problems = []
    for p in kb.provisions:
        if not kb.has("source", p.source):
            problems.append(Problem(p.location, f"unknown source {p.source!r}; add it to "
                                                "sources.yaml"))
        for number in p.numbers:
            if not kb.has("edition", number.edition):
                problems.append(Problem(p.location, f"{p.id}: unknown edition "
                                        f"{number.edition!r}; add it to sources.yaml"))
            elif kb.edition(number.edition).source != p.source:
                problems.append(Problem(p.location, f"{p.id}: edition {number.edition!r} is "
                                                    f"not an edition of {p.source!r}"))
        for topic in p.topics:
            if not kb.has("topic", topic):
                problems.append(Problem(p.location, f"{p.id}: unknown topic {topic!r}; add "
                                                    "it to topics.yaml or fix the id"))
        for rel in p.relations:
            kind = "term" if rel.kind is RelationKind.DEFINES else "provision"
            if not kb.has(kind, rel.target):
                problems.append(Problem(rel.location, f"{p.id}: {rel.kind} points to unknown "
                                                      f"{kind} {rel.target!r}"))
            if rel.topic and not kb.has("topic", rel.topic):
                problems.append(Problem(rel.location, f"{p.id}: unknown topic {rel.topic!r}"))
            if rel.target == p.id:
                problems.append(Problem(rel.location, f"{p.id}: a provision cannot {rel.kind} "
                                                      "itself"))
    return problems


def _copies(kb: KnowledgeBase) -> list[Problem]:
    problems = []
    for p in kb.provisions:
        if not p.checked_against:
            problems.append(Problem(p.location, f"{p.id} has no source copy; list the copy "
                                                "it was checked against in checked-against"))
        for copy in p.checked_against:
            if not kb.has("copy", copy):
                problems.append(Problem(p.location, f"{p.id}: unknown source copy {copy!r}; "
                                                    "add it to copies in sources.yaml"))
    return problems


def _topics(kb: KnowledgeBase) -> list[Problem]:
    problems = []
    answered = {(t, n.edition) for p in kb.provisions for t in p.topics for n in p.numbers}
    for topic in kb.topics:
        if not any(t == topic.id for t, _ in answered):
            problems.append(Problem(topic.location, f"topic {topic.id!r} has no provision; "
                                                    "list it in a provision's topics"))
        silent = dict(topic.silent)
        for edition in PRIMARY_EDITIONS:
            if (topic.id, edition) in answered and edition in silent:
                problems.append(Problem(topic.location, f"topic {topic.id!r} is marked silent "
                                        f"in {edition} but {edition} has a provision for it"))
            if (topic.id, edition) not in answered and edition not in silent:
                problems.append(Problem(topic.location, f"topic {topic.id!r}: {edition} has "
                                        "no provision for it; add one or a 'silent' entry"))
        for edition in silent:
            if not kb.has("edition", edition):
                problems.append(Problem(topic.location, f"topic {topic.id!r}: unknown edition "
                                                        f"{edition!r} in silent"))
        for other in topic.see_also:
            if not kb.has("topic", other):
                problems.append(Problem(topic.location, f"topic {topic.id!r}: see-also names "
                                                        f"unknown topic {other!r}"))
    return problems


def _cycles(kb: KnowledgeBase) -> list[Problem]:
    problems = []
    for kind in (k for k in RelationKind if k.acyclic):
        graph = nx.DiGraph()
        where = {}
        for p in kb.provisions:
            for rel in p.relations:
                if rel.kind is kind:
                    graph.add_edge(p.id, rel.target)
                    where[p.id] = rel.location
        for cycle in nx.simple_cycles(graph):
            turn = cycle.index(min(cycle))
            cycle = cycle[turn:] + cycle[:turn]
            start = cycle[0]
            problems.append(Problem(where[start], f"{kind} relations form a cycle: "
                                    f"{' -> '.join(cycle + [cycle[0]])}; remove one of them"))
    return problems


def _terms(kb: KnowledgeBase) -> list[Problem]:
    problems = []
    for term in kb.terms:
        for pid in term.defined_by:
            if not kb.has("provision", pid):
                problems.append(Problem(term.location, f"term {term.term!r}: defined-by "
                                                       f"names unknown provision {pid!r}"))
        for other in term.see:
            if not kb.has("term", other):
                problems.append(Problem(term.location, f"term {term.term!r}: see names "
                                                       f"unknown term {other!r}"))
    return problems


def _errata(kb: KnowledgeBase) -> list[Problem]:
    return [Problem(e.location, f"erratum {e.id!r} names unknown provision {pid!r}")
            for e in kb.errata for pid in (*e.claimed_by, *e.provisions)
            if not kb.has("provision", pid)]
