"""Validation of a loaded knowledge base: what ``floorbook check`` reports beyond loading.

Each check is a small function returning :class:`~kb.knowledge.load.Problem` records at the
file and line of the value at fault (the topic named in a provision's ``topics``, a
relation's ``target``, ...), each message ending with what to do.  Dangling references
(unknown sources, editions, topics, copies, provisions, terms), relations a provision makes
to itself, relation cycles where they make no sense (overrides, exception-to, refines),
provisions without a source copy, and topics with no provision or with a primary book
(sources.yaml's ``rulebooks``) neither answering nor marked silent.  Duplicate ids are refused earlier, by the loader.

>>> from kb.knowledge.load import load_knowledge_base
>>> check_knowledge_base(load_knowledge_base())
[]
"""

from __future__ import annotations

import networkx as nx

from kb.files import nearest_or
from kb.knowledge.load import Problem
from kb.knowledge.model import KnowledgeBase, Location
from kb.knowledge.vocabulary import RelationKind

#: At most this many provisions are named when a cycle catches many.
_NAMED = 8


def check_knowledge_base(kb: KnowledgeBase) -> list[Problem]:
    """Run every check on ``kb``; returns the problems sorted by file and line (none:
    an empty list).

    >>> from kb import load_knowledge_base
    >>> check_knowledge_base(load_knowledge_base())
    []
    """
    problems = []
    for check in (_sources, _references, _copies, _topics, _cycles, _terms, _errata):
        problems.extend(check(kb))
    return sorted(set(problems), key=lambda p: (p.file, p.line, p.message))


def _fix(kb: KnowledgeBase, kind: str, name: str, otherwise: str) -> str:
    """What to do about ``name``, an unknown id of ``kind`` (source, edition, topic,
    provision, term): the nearest known one, else ``otherwise``."""
    known = {"source": lambda: (s.id for s in kb.sources),
             "edition": lambda: (e.id for s in kb.sources for e in s.editions),
             "topic": lambda: (t.id for t in kb.topics),
             "provision": lambda: (p.id for p in kb.provisions),
             "term": lambda: (t.term for t in kb.terms)}[kind]()
    return nearest_or(name, known, otherwise)


_ADD_TO_SOURCES = "add it to sources.yaml or fix the id"
_ADD_TOPIC = "add it to topics.yaml or fix the id"
_FIX_OR_ADD = "fix the id or add the topic"


def _sources(kb: KnowledgeBase) -> list[Problem]:
    """A provisions file naming an unknown source: once per file, at its ``source:``."""
    seen: dict[str, Problem] = {}
    for p in kb.provisions:
        if not kb.has("source", p.source):
            seen.setdefault(p.location.file, Problem(p.at("source"), f"unknown source "
                            f"{p.source!r} ({_fix(kb, 'source', p.source, _ADD_TO_SOURCES)})"))
    return list(seen.values())


def _references(kb: KnowledgeBase) -> list[Problem]:
    problems = []
    for p in kb.provisions:
        for number in p.numbers:
            where = p.at("numbers", number.edition)
            if not kb.has("edition", number.edition):
                hint = _fix(kb, "edition", number.edition, _ADD_TO_SOURCES)
                problems.append(Problem(where, f"{p.id}: unknown edition {number.edition!r} "
                                        f"({hint})"))
            elif (kb.has("source", p.source)  # else _sources has said it
                  and kb.edition(number.edition).source != p.source):
                problems.append(Problem(where, f"{p.id}: edition {number.edition!r} is not "
                                        f"an edition of {p.source!r} (number the provision "
                                        f"in an edition of {p.source!r})"))
        for topic in p.topics:
            if not kb.has("topic", topic):
                problems.append(Problem(p.at("topics", topic), f"{p.id}: unknown topic "
                                        f"{topic!r} ({_fix(kb, 'topic', topic, _ADD_TOPIC)})"))
        problems.extend(_relation_problems(kb, p))
    return problems


def _relation_problems(kb: KnowledgeBase, p) -> list[Problem]:
    problems = []
    for rel in p.relations:
        kind = "term" if rel.kind is RelationKind.DEFINES else "provision"
        if not kb.has(kind, rel.target):
            add = "term to glossary.yaml" if kind == "term" else kind
            hint = _fix(kb, kind, rel.target, f"fix the target or add the {add}")
            problems.append(Problem(rel.at("target"), f"{p.id}: {rel.kind} points to unknown "
                                    f"{kind} {rel.target!r} ({hint})"))
        if rel.topic and not kb.has("topic", rel.topic):
            problems.append(Problem(rel.at("topic"), f"{p.id}: unknown topic {rel.topic!r} "
                                    f"({_fix(kb, 'topic', rel.topic, _ADD_TOPIC)})"))
        if rel.target == p.id:
            problems.append(Problem(rel.at("target"), f"{p.id}: its {rel.kind} relation "
                                    "points to itself (remove the relation)"))
    return problems


def _copies(kb: KnowledgeBase) -> list[Problem]:
    problems = []
    for p in kb.provisions:
        if not p.checked_against:
            problems.append(Problem(p.location, f"{p.id} has no source copy (list the copy "
                                    "it was checked against in checked-against)"))
        for copy in p.checked_against:
            if not kb.has("copy", copy):
                problems.append(Problem(p.at("checked-against", copy), f"{p.id}: unknown "
                                        f"source copy {copy!r} (add it to copies in "
                                        "sources.yaml or fix the id)"))
    return problems


def _topics(kb: KnowledgeBase) -> list[Problem]:
    problems = []
    answered = {(t, n.edition) for p in kb.provisions for t in p.topics for n in p.numbers}
    topics_answered = {t for t, _ in answered}
    for topic in kb.topics:
        if topic.id not in topics_answered:
            problems.append(Problem(topic.location, f"topic {topic.id!r} has no provision "
                                    "(list it in a provision's topics)"))
        silent = dict(topic.silent)
        for edition in kb.books.primary:       # sources.yaml's primary rulebooks
            if (topic.id, edition) in answered and edition in silent:
                problems.append(Problem(topic.at("silent", edition), f"topic {topic.id!r} is "
                                        f"marked silent in {edition} but {edition} has a "
                                        "provision for it (remove the silent entry)"))
            if (topic.id, edition) not in answered and edition not in silent:
                problems.append(Problem(topic.location, f"topic {topic.id!r}: {edition} has "
                                        "no provision for it (add one or a 'silent' entry)"))
        for edition in silent:
            if not kb.has("edition", edition):
                problems.append(Problem(topic.at("silent", edition), f"topic {topic.id!r}: "
                                        f"unknown edition {edition!r} in silent "
                                        f"({_fix(kb, 'edition', edition, 'fix the id')})"))
        for other in topic.see_also:
            if not kb.has("topic", other):
                problems.append(Problem(topic.at("see-also", other), f"topic {topic.id!r}: "
                                        f"see-also names unknown topic {other!r} "
                                        f"({_fix(kb, 'topic', other, _FIX_OR_ADD)})"))
    return problems


def _cycles(kb: KnowledgeBase) -> list[Problem]:
    """One problem per group of provisions caught in cycles of one kind (a strongly
    connected group), with one of its cycles: bounded however many cycles it holds."""
    problems = []
    for kind in (k for k in RelationKind if k.acyclic):
        graph: nx.DiGraph = nx.DiGraph()
        where: dict[tuple[str, str], Location] = {}
        for p in kb.provisions:
            for rel in p.relations:
                if rel.kind is kind:
                    graph.add_edge(p.id, rel.target)
                    where.setdefault((p.id, rel.target), rel.at("target"))
        for group in nx.strongly_connected_components(graph):
            if len(group) == 1:  # a relation to itself is _relation_problems' to report
                continue
            start = min(group)
            cycle = _cycle_from(graph.subgraph(group), start)
            shown = " -> ".join(cycle + [cycle[0]])
            if len(group) > len(cycle):
                names = sorted(group)
                more = ", ".join(names[:_NAMED]) + (", ..." if len(names) > _NAMED else "")
                shown += f"; {len(group)} provisions are caught in such cycles: {more}"
            problems.append(Problem(where[(cycle[0], cycle[1])], f"{kind} "
                                    f"relations form a cycle: {shown} (remove one of them)"))
    return problems


def _cycle_from(graph: nx.DiGraph, start: str) -> list[str]:
    """A shortest cycle through ``start`` (which has one), its nodes beginning with it."""
    paths = nx.single_source_shortest_path(graph, start)
    last = min((p for p in graph.predecessors(start) if p != start and p in paths),
               key=lambda p: (len(paths[p]), p))
    return paths[last]


def _terms(kb: KnowledgeBase) -> list[Problem]:
    problems = []
    for term in kb.terms:
        for pid in term.defined_by:
            if not kb.has("provision", pid):
                problems.append(Problem(term.at("defined-by", pid), f"term {term.term!r}: "
                                        f"defined-by names unknown provision {pid!r} "
                                        f"({_fix(kb, 'provision', pid, 'fix the id')})"))
        for other in term.see:
            if not kb.has("term", other):
                problems.append(Problem(term.at("see", other), f"term {term.term!r}: see "
                                        f"names unknown term {other!r} "
                                        f"({_fix(kb, 'term', other, 'fix it or add the term')})"))
    return problems


def _errata(kb: KnowledgeBase) -> list[Problem]:
    return [Problem(e.at(key, pid), f"erratum {e.id!r}: {key} names unknown provision "
                    f"{pid!r} ({_fix(kb, 'provision', pid, 'fix the id')})")
            for e in kb.errata
            for key, pids in (("claimed-by", e.claimed_by), ("provisions", e.provisions))
            for pid in pids if not kb.has("provision", pid)]
