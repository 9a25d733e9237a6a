"""A build's rulings compared across editions: for each rulebook whose source has an
earlier edition that is a rulebook too (:func:`kb.rules.disagreements.consecutive_pairs`),
the rulings that changed against it (:func:`kb.rules.ruling_diff.diff_rulings`) and the
disagreements computed between the two, as between two books
(:func:`kb.rules.disagreements.computed_disagreements`).

Worked out from the build's scenarios once, on first use (:attr:`kb.handbook.data.store.
Handbook.editions`): only the edition pages and the disagreements page read it.  No Sphinx
here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kb.handbook.data.rulings import SEED, RulingTable
from kb.knowledge.model import KnowledgeBase
from kb.rules.books import resolve_rulebook
from kb.rules.disagreements import (
    ComputedDisagreement,
    book_rulings,
    computed_disagreements,
    consecutive_pairs,
)
from kb.rules.ruling_diff import RulingsDiff, diff_rulings


@dataclass(frozen=True)
class EditionRulings:
    """``pairs``: (earlier, later) rulebook ids of consecutive editions, in the later
    book's order; ``diffs``: later id -> its rulings against the earlier; ``computed``: the
    disagreements between each pair, pair by pair."""

    pairs: tuple[tuple[str, str], ...] = ()
    diffs: dict[str, RulingsDiff] = field(default_factory=dict)
    computed: tuple[ComputedDisagreement, ...] = ()

    def diff(self, later: str) -> RulingsDiff | None:
        """The changed rulings of rulebook ``later`` against its previous edition, or None
        when either is no rulebook of the build (or the build rules no scenario)."""
        return self.diffs.get(later)

    def of_pair(self, pair: tuple[str, str]) -> list[ComputedDisagreement]:
        """The disagreements computed between the two editions of ``pair``."""
        return [c for c in self.computed if c.pair == pair]


def edition_rulings(kb: KnowledgeBase, table: RulingTable) -> EditionRulings:
    """The rulings of ``table``'s scenarios compared between consecutive editions of
    ``kb`` (seed :data:`kb.handbook.data.rulings.SEED`, as the matrices).  The rulings
    ``table`` holds are not ruled again for the disagreements; an earlier edition (no
    column of the table) is ruled here, but for the hands a diff could not rule.  Raises :class:`~kb.rules.rulebook.RulebookError`
    for an edition that cannot be composed.

    >>> from kb.knowledge.load import load_knowledge_base
    >>> from kb.handbook.data.rulings import build_table
    >>> kb = load_knowledge_base()
    >>> found = edition_rulings(kb, build_table(kb, None))
    >>> found.pairs[0], found.diff("tda@2026").earlier, found.diff("tda@2024")
    (('tda@2024', 'tda@2026'), 'tda@2024', None)
    """
    pairs = consecutive_pairs(kb)
    if not pairs or not table.scenarios:
        return EditionRulings(pairs)
    scenarios = tuple(table.scenarios.values())
    books = {book: resolve_rulebook(kb, book) for pair in pairs for book in pair}
    diffs = {later: diff_rulings(kb, books[earlier], books[later], scenarios, SEED)
             for earlier, later in pairs}
    # a hand one edition cannot rule (its remedy leaves the hand unable to go on) is in the
    # diff's ``failed``, and left out of the disagreements: ruling it again would raise
    failed = {sid for diff in diffs.values() for sid, _ in diff.failed}
    ruled = tuple(s for s in scenarios if s.id not in failed)
    rulings = dict(table.rulings)
    rulings.update(book_rulings(kb, ruled, tuple(
        book for book in books if (scenarios[0].id, book) not in table.rulings)))
    return EditionRulings(pairs, diffs, tuple(
        computed_disagreements(kb, ruled, rulings, pairs)))
