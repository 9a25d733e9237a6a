"""What changed between two editions of one source, computed from the knowledge base.

A provision numbered in both editions is renumbered when the numbers differ (TDA 2024 35-A-7
is 2026 37-A-6) and unchanged otherwise; a provision numbered only in the later edition
either ``revises`` provisions of the earlier one (TDA 2026 37-E revises 2024 35-E) or is
added; a provision numbered only in the earlier edition that nothing in the later one
revises is removed.  Any later edition gets its diff from its data alone.

>>> from pathlib import Path
>>> from kb.knowledge.load import load_knowledge_base
>>> kb = load_knowledge_base(Path("tests/data/kb-small"))
>>> diff = edition_diff(kb, "tda@2024", "tda@2026")
>>> [(c.earlier[0][1], c.later[1]) for c in diff.renumbered]
[('35-A-1', '37-A-1'), ('39-A', '41-A')]
"""

from __future__ import annotations

from dataclasses import dataclass

from kb.knowledge.graph import number_key
from kb.knowledge.model import KnowledgeBase, Number, Provision
from kb.knowledge.vocabulary import RelationKind


@dataclass(frozen=True)
class Change:
    """One change: ``earlier`` holds ``(provision id, number)`` pairs in the earlier edition
    (empty for an added provision), ``later`` the pair in the later one (None for a removed
    provision); ``point`` says what a revision changed."""

    earlier: tuple[tuple[str, str], ...]
    later: tuple[str, str] | None
    point: str = ""


@dataclass(frozen=True)
class EditionDiff:
    """The changes from edition ``earlier`` to edition ``later``, each list in the book
    order of the edition that numbers it (the later one where both do)."""

    earlier: str
    later: str
    renumbered: tuple[Change, ...]
    revised: tuple[Change, ...]
    added: tuple[Change, ...]
    removed: tuple[Change, ...]
    unchanged: int

    def __bool__(self) -> bool:
        return bool(self.renumbered or self.revised or self.added or self.removed)


def previous_edition(kb: KnowledgeBase, edition_id: str) -> str | None:
    """The edition of the same source with the latest year before ``edition_id``'s, or None
    (no year, or no earlier edition with one).  KeyError if the edition is unknown.

    >>> from kb import load_knowledge_base
    >>> kb = load_knowledge_base()
    >>> previous_edition(kb, "tda@2026"), previous_edition(kb, "tda@2024")
    ('tda@2024', None)
    """
    edition = kb.edition(edition_id)
    if edition.year is None:
        return None
    earlier = {e.id: e.year for e in kb.source(edition.source).editions
               if e.year is not None and e.year < edition.year}
    return max(earlier, key=earlier.__getitem__) if earlier else None


def edition_diff(kb: KnowledgeBase, earlier: str, later: str) -> EditionDiff:
    """What changed from ``earlier`` to ``later`` (two editions of one source).

    Raises KeyError for an unknown edition and ValueError for editions of two sources.

    >>> from kb import load_knowledge_base
    >>> kb = load_knowledge_base()
    >>> changes = edition_diff(kb, "tda@2024", "tda@2026")
    >>> changes.renumbered[0]
    Change(earlier=(('tda.killing-winning-hand', '13-C'),), later=('tda.killing-winning-hand', '14-C'), point='')
    >>> bool(changes), changes.removed
    (True, ())
    """
    source = kb.edition(earlier).source
    if kb.edition(later).source != source:
        raise ValueError(f"{earlier} and {later} are editions of different sources")
    ours = [p for p in kb.provisions if p.source == source]
    revised_by = {r.target for p in ours if p.number_in(later) and not p.number_in(earlier)
                  for r in p.relations if r.kind == RelationKind.REVISES}
    renumbered: list[Change] = []
    revised: list[Change] = []
    added: list[Change] = []
    removed: list[Change] = []
    unchanged = 0
    for p in ours:
        old, new = p.number_in(earlier), p.number_in(later)
        if old and new:
            if old.number == new.number:
                unchanged += 1
            else:
                renumbered.append(Change(((p.id, old.number),), (p.id, new.number)))
        elif new:
            change = _revision(kb, p, earlier, new)
            (revised if change.earlier else added).append(change)
        elif old and p.id not in revised_by:
            removed.append(Change(((p.id, old.number),), None))
    return EditionDiff(earlier, later, _sorted(kb, renumbered, later),
                       _sorted(kb, revised, later), _sorted(kb, added, later),
                       _sorted(kb, removed, earlier), unchanged)


def _revision(kb: KnowledgeBase, p: Provision, earlier: str, new: Number) -> Change:
    """``p`` (numbered only in the later edition, as ``new``) with the provisions it
    revises, if any."""
    relations = [r for r in p.relations if r.kind == RelationKind.REVISES
                 and kb.has("provision", r.target) and kb.provision(r.target).number_in(earlier)]
    olds = tuple((r.target, old.number) for r in relations
                 if (old := kb.provision(r.target).number_in(earlier)))  # each has one
    point = " ".join(r.point for r in relations)
    return Change(olds, (p.id, new.number), point)


def _sorted(kb: KnowledgeBase, changes: list[Change], edition: str) -> tuple[Change, ...]:
    sections = kb.edition(edition).sections

    def key(change: Change):
        number = change.later[1] if change.later else change.earlier[0][1]
        return number_key(number, sections)
    return tuple(sorted(changes, key=key))
