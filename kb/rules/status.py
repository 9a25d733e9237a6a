"""What the knowledge base knows of each edition: how much of it was read, and whether it
rules on dealing errors (the handbook's books table shows both).

>>> from kb.knowledge.load import load_knowledge_base
>>> edition_status(load_knowledge_base(), "sd@2026")
('read in part', 'decides')
"""

from __future__ import annotations

from kb.knowledge.model import KnowledgeBase
from kb.knowledge.vocabulary import Confidence, RelationKind, SourceKind
from kb.rules.deciders import load_deciders

#: How much of an edition was read, by the edition's confidence.
READ = {Confidence.CONFIRMED: "read in full", Confidence.PARTIAL: "read in part",
        Confidence.UNCONFIRMED: "not read"}


def edition_status(kb: KnowledgeBase, edition_id: str) -> tuple[str, str]:
    """(how much of ``edition_id`` was read, what it rules): ``decides`` when a provision
    numbered in it has a decider (its own, or one it is the ``same-as`` of), ``silent``
    when it was read and none has, ``known through a citation only`` when it was not read,
    ``commentary`` for a secondary source, which rules nothing itself.  Raises KeyError for
    an unknown edition.

    >>> from kb.knowledge.load import load_knowledge_base
    >>> kb = load_knowledge_base()
    >>> edition_status(kb, "pagat@web"), edition_status(kb, "pa@current")
    (('not read', 'known through a citation only'), ('read in part', 'silent'))
    """
    edition = kb.edition(edition_id)
    read = READ[edition.confidence]
    if kb.source(edition.source).kind is SourceKind.SECONDARY:
        return read, "commentary"
    if edition.confidence is Confidence.UNCONFIRMED:
        return read, "known through a citation only"
    deciders = load_deciders()
    for provision in kb.provisions:
        if provision.number_in(edition_id) and (provision.id in deciders or any(
                r.kind is RelationKind.SAME_AS and r.target in deciders
                for r in provision.relations)):
            return read, "decides"
    return read, "silent"
