"""The knowledge base as plain JSON data: the part of ``floorbook export`` this room owns
(sources, editions, source copies, provisions, relations, topics, glossary, errata).

Every record keeps the fields of its YAML file under the same names (``-`` written ``_``),
plus what a tool would otherwise have to compute: each number's citation as the handbook
prints it (``cited_as``), each relation's inverse name, the provisions that answer each
topic, and where each record was read (``at``: ``file:line``).  The whole export, with the
house rulebooks and the rulings, is :func:`kb.house.export.export`; its JSON Schema is
``kb/schemas/export.schema.json`` (docs/export.md).

>>> from kb.knowledge.load import load_knowledge_base
>>> data = knowledge_json(load_knowledge_base())
>>> misdeal = next(p for p in data["provisions"] if p["id"] == "tda.misdeal.exposed-downcards")
>>> [(n["edition"], n["number"], n["cited_as"]) for n in misdeal["numbers"]]
[('tda@2024', '35-A-7', 'TDA 2024 35-A-7'), ('tda@2026', '37-A-6', 'TDA 2026 37-A-6')]
"""

from __future__ import annotations

from kb.knowledge.model import (
    Edition,
    Erratum,
    KnowledgeBase,
    Number,
    Provision,
    Source,
    SourceCopy,
    Term,
    Topic,
)
from kb.knowledge.names import edition_short
from kb.knowledge.vocabulary import RelationKind

#: The keys of :func:`knowledge_json`'s result, in order.
SECTIONS = ("sources", "editions", "copies", "provisions", "relations", "relation_kinds",
            "topics", "glossary", "errata")


def knowledge_json(kb: KnowledgeBase) -> dict:
    """``kb`` as a dict of lists ready for :func:`json.dumps` (keys: :data:`SECTIONS`),
    every list in the data's own order; ``relations`` holds every relation of every
    provision as ``{"from": ..., "kind": ..., "to": ..., "inverse": ...}``.

    >>> from kb import load_knowledge_base
    >>> data = knowledge_json(load_knowledge_base())
    >>> tuple(data) == SECTIONS
    True
    >>> data["relation_kinds"][0]
    {'kind': 'cites', 'inverse': 'cited-by', 'acyclic': False}
    """
    return {
        "sources": [_source(s) for s in kb.sources],
        "editions": [_edition(e) for s in kb.sources for e in s.editions],
        "copies": [_copy(c) for c in kb.copies],
        "provisions": [_provision(kb, p) for p in kb.provisions],
        "relations": [_relation(p, r) for p in kb.provisions for r in p.relations],
        "relation_kinds": [{"kind": k.value, "inverse": k.inverse, "acyclic": k.acyclic}
                           for k in RelationKind],
        "topics": [_topic(kb, t) for t in kb.topics],
        "glossary": [_term(t) for t in kb.terms],
        "errata": [_erratum(e) for e in kb.errata],
    }


def cited_as(kb: KnowledgeBase, number: Number) -> str:
    """A number as the handbook cites it, edition and number: ``"TDA 2024 35"`` (without
    its confidence label).  KeyError if the edition is unknown.

    >>> from kb import load_knowledge_base
    >>> cited_as(load_knowledge_base(), Number("tda@2024", "35"))
    'TDA 2024 35'
    """
    return f"{edition_short(kb, number.edition)} {number.number}"


def _source(source: Source) -> dict:
    return {"id": source.id, "short": source.short, "title": source.title,
            "kind": source.kind.value, "publisher": source.publisher, "url": source.url,
            "note": source.note, "editions": [e.id for e in source.editions],
            "at": str(source.location), "layer": source.authority}


def _edition(edition: Edition) -> dict:
    return {"id": edition.id, "source": edition.source, "label": edition.label,
            "year": edition.year, "confidence": edition.confidence.value,
            "note": edition.note, "sections": list(edition.sections),
            "at": str(edition.location)}


def _copy(copy: SourceCopy) -> dict:
    return {"id": copy.id, "title": copy.title, "covers": copy.covers,
            "editions": list(copy.editions), "urls": list(copy.urls), "at": str(copy.location)}


def _provision(kb: KnowledgeBase, provision: Provision) -> dict:
    return {
        "id": provision.id, "source": provision.source, "title": provision.title,
        "summary": provision.summary, "confidence": provision.confidence.value,
        "numbers": [{"edition": n.edition, "number": n.number,
                     "confidence": n.confidence.value, "note": n.note,
                     "cited_as": cited_as(kb, n)}
                    for n in provision.numbers],
        "topics": list(provision.topics), "games": list(provision.games),
        "settings": [s.value for s in provision.settings],
        "checked_against": list(provision.checked_against),
        "params": [{"name": p.name, "default": p.default, "meaning": p.meaning}
                   for p in provision.params],
        "requires": [{"point": r.point, "title": r.title, "at": str(r.location)}
                     for r in provision.requires],
        "note": provision.note, "at": str(provision.location),
    }


def _relation(provision: Provision, relation) -> dict:
    return {"from": provision.id, "kind": relation.kind.value, "to": relation.target,
            "inverse": relation.kind.inverse, "point": relation.point,
            "topic": relation.topic, "at": str(relation.location)}


def _topic(kb: KnowledgeBase, topic: Topic) -> dict:
    return {"id": topic.id, "title": topic.title, "question": topic.question,
            "silent": dict(topic.silent), "see_also": list(topic.see_also),
            "note": topic.note,
            "provisions": [p.id for p in kb.provisions if topic.id in p.topics],
            "at": str(topic.location)}


def _term(term: Term) -> dict:
    return {"term": term.term, "definition": term.definition,
            "defined_by": list(term.defined_by), "see": list(term.see),
            "at": str(term.location)}


def _erratum(erratum: Erratum) -> dict:
    return {"id": erratum.id, "claimed_by": list(erratum.claimed_by), "claim": erratum.claim,
            "correction": erratum.correction, "provisions": list(erratum.provisions),
            "confidence": erratum.confidence.value, "at": str(erratum.location)}
