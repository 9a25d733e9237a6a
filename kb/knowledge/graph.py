"""The provision graph: a networkx MultiDiGraph over the knowledge base, free query
functions, and the checks ``floorbook check`` runs.

Nodes are provisions (by id) and prefixed nodes ``topic:<id>``, ``term:<term>``,
``edition:<id>`` and ``source:<id>``, each with a ``kind`` attribute.  Edges are keyed by
relation kind (``differs-from``, ``cites`` ...), plus ``answers`` (provision to topic) and
``in-edition`` (provision to edition, with the ``number``).  Inverse relations are not
stored twice: :func:`neighbours` names them from either side.

>>> from kb.knowledge.load import load_knowledge_base
>>> kb = load_knowledge_base()
>>> g = build_graph(kb)
>>> [p.id for p in provisions_for(kb, "four-card-flop", "tda@2024")]
['tda.four-card-flop']
>>> renumbering(kb, "tda@2024", "tda@2026")["35-A-1"]
'37-A-1'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import networkx as nx

from kb.knowledge.model import KnowledgeBase, Location, Provision
from kb.knowledge.vocabulary import RelationKind


def build_graph(kb: KnowledgeBase) -> nx.MultiDiGraph:
    """Build the graph of ``kb``: a node per source (``source:ID``), edition
    (``edition:ID``), topic (``topic:ID``), term (``term:TERM``) and provision (its id),
    each with its ``kind`` and ``record``, and an edge per relation keyed by its name;
    dangling targets become nodes of kind ``missing``.

    >>> from kb import load_knowledge_base
    >>> kb = load_knowledge_base()
    >>> graph = build_graph(kb)
    >>> graph.nodes["tda.four-card-flop"]["kind"], graph.nodes["topic:four-card-flop"]["kind"]
    ('provision', 'topic')
    >>> graph.has_edge("tda.four-card-flop", "edition:tda@2024", "in-edition")
    True
    """
    graph: nx.MultiDiGraph = nx.MultiDiGraph()
    for source in kb.sources:
        graph.add_node(f"source:{source.id}", kind="source", record=source)
        for edition in source.editions:
            graph.add_node(f"edition:{edition.id}", kind="edition", record=edition)
            graph.add_edge(f"edition:{edition.id}", f"source:{source.id}", key="of-source")
    for topic in kb.topics:
        graph.add_node(f"topic:{topic.id}", kind="topic", record=topic)
    for term in kb.terms:
        graph.add_node(f"term:{term.term}", kind="term", record=term)
    for provision in kb.provisions:
        graph.add_node(provision.id, kind="provision", record=provision)
    for provision in kb.provisions:
        _add_provision_edges(graph, provision)
    for term in kb.terms:
        for pid in term.defined_by:
            _edge(graph, pid, f"term:{term.term}", RelationKind.DEFINES.value)
    for node in graph.nodes:
        graph.nodes[node].setdefault("kind", "missing")
    return graph


def _add_provision_edges(graph: nx.MultiDiGraph, provision: Provision) -> None:
    for number in provision.numbers:
        _edge(graph, provision.id, f"edition:{number.edition}", "in-edition",
              number=number.number)
    for topic in provision.topics:
        _edge(graph, provision.id, f"topic:{topic}", "answers")
    for relation in provision.relations:
        target = (f"term:{relation.target}" if relation.kind is RelationKind.DEFINES
                  else relation.target)
        _edge(graph, provision.id, target, relation.kind.value, point=relation.point,
              topic=relation.topic, location=relation.location)


def _edge(graph: nx.MultiDiGraph, a: str, b: str, key: str, **attrs) -> None:
    if not graph.has_edge(a, b, key):
        graph.add_edge(a, b, key=key, **attrs)


def neighbours(graph: nx.MultiDiGraph, node: str, kind: str | None = None
               ) -> list[tuple[str, str, str]]:
    """Relations of ``node`` as ``(relation name from node's side, other node, "out"|"in")``.

    ``kind`` filters by the stored relation kind (e.g. ``"differs-from"`` finds both
    directions, named ``differs-from`` and ``differed-from-by``).

    >>> from kb import load_knowledge_base
    >>> kb = load_knowledge_base()
    >>> graph = build_graph(kb)
    >>> ("differed-from-by", "rrop.holdem.four-card-flop", "in") in neighbours(
    ...     graph, "tda.four-card-flop", "differs-from")
    True
    """
    result = []
    for _, other, key in graph.out_edges(node, keys=True):
        if kind in (None, key):
            result.append((key, other, "out"))
    for other, _, key in graph.in_edges(node, keys=True):
        if kind in (None, key):
            result.append((_inverse(key), other, "in"))
    return sorted(result)


def _inverse(key: str) -> str:
    try:
        return RelationKind(key).inverse
    except ValueError:
        return {"answers": "answered-by", "in-edition": "contains",
                "of-source": "has-edition"}.get(key, key)


def edition_provisions(kb: KnowledgeBase, edition: str) -> list[Provision]:
    """Provisions with a number in ``edition``, in the data's order.

    >>> from kb import load_knowledge_base
    >>> kb = load_knowledge_base()
    >>> [p.id for p in edition_provisions(kb, "tda@2024")][:2]
    ['tda.player-responsibilities', 'tda.disputed-hands']
    """
    return [p for p in kb.provisions if p.number_in(edition)]


def book_order(kb: KnowledgeBase, edition: str) -> list[Provision]:
    """The provisions of ``edition`` sorted as the book prints them (its ``sections``
    first, then natural order of the number).  KeyError if the edition is unknown.

    >>> from kb import load_knowledge_base
    >>> kb = load_knowledge_base()
    >>> [p.number_in("tda@2024").number for p in book_order(kb, "tda@2024")][:4]
    ['1', '2', '13-C', '22']
    """
    sections = kb.edition(edition).sections
    numbered = [(p, number) for p in kb.provisions if (number := p.number_in(edition))]
    numbered.sort(key=lambda pair: number_key(pair[1].number, sections))
    return [p for p, _ in numbered]


def number_key(number: str, sections: tuple[str, ...] = ()) -> tuple:
    """A sort key for a printed rule number: section index, then numbers as integers.

    >>> sorted(["35-A-10", "35-A-2", "RP-5-A", "2"], key=lambda n: number_key(n, ("", "RP-")))
    ['2', '35-A-2', '35-A-10', 'RP-5-A']
    """
    matches = [(len(s), i) for i, s in enumerate(sections) if number.startswith(s)]
    section = max(matches)[1] if matches else len(sections)
    parts = re.split(r"(\d+)", number)
    return (section, tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in parts if p))


def provisions_for(kb: KnowledgeBase, topic: str, edition: str) -> list[Provision]:
    """The provisions of ``edition`` that answer ``topic``, in book order.

    >>> from kb import load_knowledge_base
    >>> kb = load_knowledge_base()
    >>> [p.id for p in provisions_for(kb, "four-card-flop", "tda@2024")]
    ['tda.four-card-flop']
    """
    return [p for p in book_order(kb, edition) if topic in p.topics]


def topic_neighbourhood(graph: nx.MultiDiGraph, topic: str, radius: int = 1) -> nx.MultiDiGraph:
    """The topic, the provisions answering it, and their relations ``radius`` steps out
    (a copy of that part of ``graph``).

    >>> from kb import load_knowledge_base
    >>> kb = load_knowledge_base()
    >>> graph = build_graph(kb)
    >>> around = topic_neighbourhood(graph, "four-card-flop")
    >>> "tda.four-card-flop" in around and "rrop.holdem.four-card-flop" in around
    True
    """
    answering = [a for a, _, k in graph.in_edges(f"topic:{topic}", keys=True) if k == "answers"]
    nodes = {f"topic:{topic}", *answering}
    frontier = set(answering)
    for _ in range(radius):
        step = set()
        for node in frontier:
            for key, other, _ in neighbours(graph, node):
                if graph.nodes[other].get("kind") == "provision" and key not in ("answers",):
                    step.add(other)
        nodes |= step
        frontier = step
    return graph.subgraph(nodes).copy()


@dataclass(frozen=True)
class Disagreement:
    """A declared ``differs-from`` relation: two provisions that rule differently."""

    topic: str
    left: str
    right: str
    point: str
    location: Location


def disagreements(kb: KnowledgeBase) -> list[Disagreement]:
    """Every declared disagreement, with its topic (the relation's own, else the first
    topic both provisions answer, else the declaring provision's first topic).

    >>> from kb import load_knowledge_base
    >>> kb = load_knowledge_base()
    >>> ("rrop.holdem.four-card-flop", "tda.four-card-flop") in [
    ...     (d.left, d.right) for d in disagreements(kb) if d.topic == "four-card-flop"]
    True
    """
    result = []
    for provision in kb.provisions:
        for rel in provision.relations:
            if rel.kind is RelationKind.DIFFERS_FROM:
                result.append(Disagreement(_shared_topic(kb, provision, rel), provision.id,
                                           rel.target, rel.point, rel.location))
    return result


def _shared_topic(kb: KnowledgeBase, provision: Provision, rel) -> str:
    if rel.topic:
        return rel.topic
    other = kb.provision(rel.target).topics if kb.has("provision", rel.target) else ()
    shared = [t for t in provision.topics if t in other]
    return (shared or list(provision.topics) or [""])[0]


def renumbering(kb: KnowledgeBase, old: str, new: str) -> dict[str, str]:
    """Map each number of edition ``old`` to the same provision's number in ``new``.

    >>> from kb import load_knowledge_base
    >>> kb = load_knowledge_base()
    >>> renumbering(kb, "tda@2024", "tda@2026")["39-A"]
    '41-A'
    """
    return {before.number: after.number for p in kb.provisions
            if (before := p.number_in(old)) and (after := p.number_in(new))}


def cited_by(graph: nx.MultiDiGraph, pid: str) -> list[str]:
    """Provisions that cite (or miscite) ``pid``, sorted.

    >>> from kb import load_knowledge_base
    >>> kb = load_knowledge_base()
    >>> graph = build_graph(kb)
    >>> cited_by(graph, "apt.deuce-to-seven-reshuffle")
    ['myhomegame.draw-stub-short']
    """
    return sorted({a for a, _, k in graph.in_edges(pid, keys=True)
                   if k in ("cites", "miscites")})


def cites(graph: nx.MultiDiGraph, pid: str) -> list[str]:
    """Provisions that ``pid`` cites, sorted.

    >>> from kb import load_knowledge_base
    >>> kb = load_knowledge_base()
    >>> graph = build_graph(kb)
    >>> cites(graph, "myhomegame.draw-stub-short")
    ['apt.deuce-to-seven-reshuffle', 'pa.five-card-draw-reshuffle']
    """
    return sorted({b for _, b, k in graph.out_edges(pid, keys=True) if k == "cites"})
