"""Rulebooks: which provisions govern each topic, in precedence order.

An edition is a rulebook (``rrop@v11``, ``tda@2024``, ``tda@2026``); a house rulebook is
composed later by :mod:`kb.house.compose` from a base edition plus explicit changes and uses the
same :class:`Rulebook` record.  An edition's rulebook rules with the provisions numbered in
that edition.  ``tda@2026`` (numbered as a paraphrase of the 2026 rules shows them,
more-books.md section 3) numbers every 2024 rule it keeps; where 2026 changed a rule, a
provision numbered only in 2026 ``revises`` the 2024 one and rules in its place, and new 2026
rules are provisions numbered only in 2026.

Precedence inside one book is stated, not implied by file order: a provision that is an
``exception-to``, ``refines`` or ``overrides`` another comes before it; the book's own
order only breaks ties between provisions that do not relate.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kb.knowledge.model import KnowledgeBase, RelationKind

#: The editions published as rulebooks: rulebook id -> the edition its deciders number rules
#: by (the engine renumbers their explanations for the rulebook) and whose ``silent`` notes it
#: keeps on topics where it has no provision of its own.
EDITIONS = {"rrop@v11": "rrop@v11", "tda@2024": "tda@2024", "tda@2026": "tda@2024",
            "wsop@2024": "wsop@2024", "wsop-live@2024": "wsop-live@2024"}
#: Books that send what they do not cover to another book: rulebook id -> the editions whose
#: provisions follow its own, in order.  WSOP Tournament Rule 129 (2024) sends every
#: situation the tournament rules do not cover to the Live Action rules.
FALLBACKS = {"wsop@2024": ("wsop-live@2024",)}
_PRECEDES = (RelationKind.EXCEPTION_TO, RelationKind.REFINES, RelationKind.OVERRIDES)


class RulebookError(ValueError):
    """An unknown rulebook id, or a house rulebook that cannot be read or composed."""


@dataclass(frozen=True)
class Rulebook:
    """A book the engine can rule with.

    ``citation_editions``: edition ids tried in order to number a cited provision (the first
    that numbers it wins).  ``topics``: topic id -> governing provision ids, first takes
    precedence.  ``silent``: topic id -> what the book does not cover.  ``params``:
    ``"<provision id>/<parameter>"`` -> value (house changes).  ``base``: the edition a house
    book builds on.  ``own``: the house's own provisions (:class:`kb.house.spec.HouseProvision`)
    by id.  ``executes_as``: a house provision id -> the provisions whose deciders rule for it.
    """

    id: str
    title: str
    citation_editions: tuple[str, ...]
    topics: dict = field(default_factory=dict, compare=False, hash=False)
    silent: dict = field(default_factory=dict, compare=False, hash=False)
    params: dict = field(default_factory=dict, compare=False, hash=False)
    base: str | None = None
    own: dict = field(default_factory=dict, compare=False, hash=False)
    executes_as: dict = field(default_factory=dict, compare=False, hash=False)

    def governing(self, topic: str) -> tuple[str, ...]:
        """The provision ids that govern ``topic``, in precedence order (maybe empty)."""
        return tuple(self.topics.get(topic, ()))

    def provisions(self) -> set[str]:
        return {pid for pids in self.topics.values() for pid in pids}


def edition_rulebook(kb: KnowledgeBase, edition_id: str) -> Rulebook:
    """The rulebook of one edition: every provision numbered in it, grouped by topic (for
    ``tda@2026``: the 2024 rules it keeps, renumbered, with the provisions that revise 2024's
    in their place).  Raises :class:`RulebookError` for an edition that is not published."""
    if edition_id not in EDITIONS:
        raise RulebookError(f"unknown rulebook {edition_id!r}; the editions are "
                            + ", ".join(EDITIONS))
    rules = EDITIONS[edition_id]
    ordered: dict[str, tuple[str, ...]] = {}
    for edition in (edition_id, *FALLBACKS.get(edition_id, ())):
        for topic, pids in _by_topic(kb, edition).items():
            ordered[topic] = ordered.get(topic, ()) + precedence_order(kb, pids, edition)
    silent = {t.id: note for t in kb.topics
              if (note := _silent(kb, t, edition_id, rules, ordered.get(t.id, ())))}
    title = kb.edition(edition_id).label if kb.has("edition", edition_id) else edition_id
    source = kb.edition(edition_id).source if kb.has("edition", edition_id) else ""
    if kb.has("source", source):
        title = f"{kb.source(source).title}, {title}"
    citation = (edition_id,) + FALLBACKS.get(edition_id, ())
    return Rulebook(edition_id, title, citation, ordered, silent)


def _silent(kb: KnowledgeBase, topic, edition_id: str, rules: str, governing) -> str:
    """What ``edition_id`` does not cover on ``topic``: its own ``silent`` note, else the
    note of the edition its deciders number rules by, unless the edition has a provision
    on the topic that that edition lacks (TDA 2026's RP-25 ends 2024's silence on a draw
    stub running short)."""
    notes = dict(topic.silent)
    if notes.get(edition_id) or edition_id == rules:
        return notes.get(edition_id, "")
    if any(not kb.provision(pid).number_in(rules) for pid in governing):
        return ""
    return notes.get(rules, "")


def _by_topic(kb: KnowledgeBase, edition: str) -> dict[str, list[str]]:
    """Topic id -> the ids of the provisions numbered in ``edition`` that list it."""
    topics: dict[str, list[str]] = {}
    for provision in kb.provisions:
        if provision.number_in(edition):
            for topic in provision.topics:
                topics.setdefault(topic, []).append(provision.id)
    return topics


def precedence_order(kb: KnowledgeBase, pids: list[str], edition: str) -> tuple[str, ...]:
    """``pids`` ordered so that exceptions, refinements and overrides come before the
    provisions they name; otherwise in the book's order of numbers."""
    from kb.knowledge.graph import number_key
    sections = kb.edition(edition).sections if kb.has("edition", edition) else ()

    def book_key(pid: str):
        number = kb.provision(pid).number_in(edition)
        return number_key(number.number if number else "", sections)

    remaining = sorted(pids, key=book_key)
    before = {pid: {r.target for r in kb.provision(pid).relations if r.kind in _PRECEDES}
              for pid in remaining}
    ordered: list[str] = []
    while remaining:
        ready = next((p for p in remaining
                      if not any(p in before[q] for q in remaining if q != p)), remaining[0])
        ordered.append(ready)
        remaining.remove(ready)
    return tuple(ordered)
