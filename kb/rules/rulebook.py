"""Rulebooks: which provisions govern each topic, in precedence order.

An edition that sources.yaml's ``rulebooks`` publishes is a rulebook (``rrop@v11``,
``tda@2024``, ``tda@2026`` ...; :attr:`kb.knowledge.model.KnowledgeBase.books`); a house rulebook is
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

from kb.files import nearest_or
from kb.knowledge.model import KnowledgeBase
from kb.knowledge.vocabulary import RelationKind
from kb.rules.renumbering import Renumbering
from kb.rules.ruling import Citation

_PRECEDES = (RelationKind.EXCEPTION_TO, RelationKind.REFINES, RelationKind.OVERRIDES)


class RulebookError(ValueError):
    """An unknown rulebook id, or a house rulebook that cannot be read or composed.

    >>> issubclass(RulebookError, ValueError)
    True
    """


@dataclass(frozen=True)
class Rulebook:
    """A book the engine can rule with.

    ``citation_editions``: edition ids tried in order to number a cited provision (the first
    that numbers it wins).  ``topics``: topic id -> governing provision ids, first takes
    precedence.  ``silent``: topic id -> what the book does not cover.  ``params``:
    ``"<provision id>/<parameter>"`` -> value (house changes).  ``base``: the edition a house
    book builds on.  ``own``: the house's own provisions (:class:`kb.house.spec.HouseProvision`)
    by id.  ``executes_as``: a house provision id -> the provisions whose deciders rule for it.
    ``stack``: the layers of the book, highest authority first, each an edition id or the
    house book's own id (a published edition: itself, then what it falls back to).
    ``origin``: provision id -> the item of ``stack`` it governs as (a provision it does not
    list: the book's own id).  ``set_aside``: topic id -> the provisions of lower layers that
    the book's composition took off that topic (a house's ``instead`` and ``omit``).
    ``example``: a bundled example house book (off in the handbook's book chooser).

    >>> from kb.hand.scenario_file import load_scenario
    >>> from kb.knowledge.load import load_knowledge_base
    >>> from kb.rules.books import published_editions
    >>> kb = load_knowledge_base()
    >>> book = published_editions(kb)[0]
    >>> book.id, book.governing("no-such-topic")
    ('rrop@v11', ())
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
    stack: tuple[str, ...] = ()
    origin: dict = field(default_factory=dict, compare=False, hash=False)
    set_aside: dict = field(default_factory=dict, compare=False, hash=False)
    #: a bundled example house book (its file's ``example: true``): the handbook's book
    #: chooser leaves it off until the reader shows it
    example: bool = False

    def governing(self, topic: str) -> tuple[str, ...]:
        """The provision ids that govern ``topic``, in precedence order (maybe empty)."""
        return tuple(self.topics.get(topic, ()))

    def provisions(self) -> set[str]:
        return {pid for pids in self.topics.values() for pid in pids}


def edition_rulebook(kb: KnowledgeBase, edition_id: str) -> Rulebook:
    """The rulebook of one edition: every provision numbered in it, grouped by topic (for
    ``tda@2026``: the 2024 rules it keeps, renumbered, with the provisions that revise 2024's
    in their place), then the provisions of the editions it falls back to (``kb.books``,
    sources.yaml's ``rulebooks``).  Raises :class:`RulebookError` for an edition ``kb`` does
    not publish.

    >>> from kb.knowledge.load import load_knowledge_base
    >>> kb = load_knowledge_base()
    >>> wsop = edition_rulebook(kb, "wsop@2024")
    >>> wsop.title, wsop.citation_editions
    ('World Series of Poker Official Tournament Rules, 2024', ('wsop@2024', 'wsop-live@2024'))
    >>> edition_rulebook(kb, "tda@2204")
    Traceback (most recent call last):
    ...
    kb.rules.rulebook.RulebookError: unknown rulebook 'tda@2204'; did you mean 'tda@2024'?
    """
    book = kb.books.rulable(edition_id)
    if book is None:
        known = (*kb.books.ids, *kb.books.regulator_ids, *kb.books.earlier_ids)
        raise RulebookError(f"unknown rulebook {edition_id!r}; " + nearest_or(
            edition_id, known, "the editions are " + ", ".join(known)))
    rules = book.deciders
    ordered: dict[str, tuple[str, ...]] = {}
    origin: dict[str, str] = {}
    for edition in (edition_id, *book.falls_back_to):
        for topic, pids in _by_topic(kb, edition).items():
            ordered[topic] = ordered.get(topic, ()) + precedence_order(kb, pids, edition)
            origin.update((pid, edition) for pid in pids if pid not in origin)
    silent = {t.id: note for t in kb.topics
              if (note := _silent(kb, t, edition_id, rules, [
                  pid for pid in ordered.get(t.id, ()) if origin[pid] == edition_id]))}
    if edition_id in kb.books.regulator_ids:
        silent = _regulator_silent(kb, edition_id, ordered) | silent
    title = kb.edition(edition_id).label if kb.has("edition", edition_id) else edition_id
    source = kb.edition(edition_id).source if kb.has("edition", edition_id) else ""
    if kb.has("source", source):
        title = f"{kb.source(source).title}, {title}"
    citation = (edition_id,) + book.falls_back_to
    return Rulebook(edition_id, title, citation, ordered, silent, stack=citation,
                    origin=origin)


def _regulator_silent(kb: KnowledgeBase, edition_id: str, ordered: dict) -> dict[str, str]:
    """A regulator's code speaks to few dealing errors: on every other topic it leaves the
    ruling to the house's rules, and its ruling alone says so."""
    source = kb.edition(edition_id).source if kb.has("edition", edition_id) else ""
    name = kb.source(source).short or kb.source(source).title if kb.has("source", source) \
        else edition_id
    note = (f"the {name} regulations do not speak to this, and leave it to the house's "
            "rules (stack the regulator above a house rulebook to rule it).")
    return {t.id: note for t in kb.topics if not ordered.get(t.id)}


def _silent(kb: KnowledgeBase, topic, edition_id: str, rules: str, governing) -> str:
    """What ``edition_id`` does not cover on ``topic``: its own ``silent`` note, else the
    note of the edition its deciders number rules by, unless the edition has a provision
    on the topic that that edition lacks (TDA 2026's RP-25 ends 2024's silence on a draw
    stub running short).  ``governing``: the edition's own provisions on the topic (those
    of the books it falls back to do not end a silence of its own, as they do not for
    the edition it decides as)."""
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
    provisions they name; otherwise in the book's order of numbers.

    >>> from kb.knowledge.load import load_knowledge_base
    >>> pids = ["wsop-live.boxed-card", "wsop-live.misdeals.cutoff"]
    >>> precedence_order(load_knowledge_base(), pids, "wsop-live@2024")
    ('wsop-live.boxed-card', 'wsop-live.misdeals.cutoff')
    """
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


class Lookups:
    """What the engine looks up for every ruling of one rulebook in one knowledge base,
    computed once per (knowledge base, rulebook) pair instead of once per ruling: the
    provisions the book governs with, the settings each source's provisions cover, the
    edition renumbering of explanations, and per-provision memos (citations, notes) that
    the engine fills as it goes.  Each of these walks every provision of the knowledge
    base, so computing them per ruling made ruling cost grow with the knowledge base.

    >>> from kb.knowledge.load import load_knowledge_base
    >>> kb = load_knowledge_base()
    >>> tda = lookups(kb, edition_rulebook(kb, "tda@2026"))
    >>> tda is lookups(kb, tda.rulebook), tda.renumber("See 35-E and 35-A-6.")
    (True, 'See 37-E and 35-A-6.')
    """

    def __init__(self, kb: KnowledgeBase, rulebook: Rulebook) -> None:
        self.kb, self.rulebook = kb, rulebook
        self.provisions = frozenset(rulebook.provisions())
        self.settings = _settings(kb, self.provisions)
        self.renumbering = Renumbering(kb, rulebook.id, rulebook.citation_editions)
        #: memos the engine fills: provision id -> its citation, its doubt note ...
        self.memo: dict[tuple, object] = {}

    def remember(self, kind: str, key: str, compute):
        """``compute()``, remembered under (``kind``, ``key``): what the engine derives from
        this book and one provision (its citation, its doubt note) does not change."""
        found = self.memo.get((kind, key), _MISSING)
        if found is _MISSING:
            found = self.memo[(kind, key)] = compute()
        return found

    def cite(self, pid: str) -> Citation | None:
        """:func:`citation`, once per provision."""
        return self.remember("citation", pid, lambda: citation(self.kb, self.rulebook, pid))

    def renumber(self, text: str, source: str | None = None) -> str:
        """:meth:`Renumbering.renumber` of this rulebook."""
        return self.renumbering.renumber(text, source)


_MISSING = object()


def citation(kb: KnowledgeBase, rulebook: Rulebook, pid: str) -> Citation | None:
    """How ``rulebook`` cites provision ``pid``: a house's own number, else its number in
    the first of the book's citation editions (then its base) that numbers it, else its
    first number; None for an id neither the book nor the knowledge base holds.

    >>> from kb.hand.scenario_file import load_scenario
    >>> from kb.knowledge.load import load_knowledge_base
    >>> from kb.rules.books import published_editions
    >>> kb = load_knowledge_base()
    >>> rrop = published_editions(kb)[0]
    >>> citation(kb, rrop, "no.such.provision") is None
    True
    """
    own = rulebook.own.get(pid)
    if own is not None:
        source, _, edition = rulebook.id.partition("@")
        return Citation(source, edition or rulebook.id, own.number)
    if not kb.has("provision", pid):
        return None
    provision = kb.provision(pid)
    for edition in rulebook.citation_editions + (() if rulebook.base is None
                                                  else (rulebook.base,)):
        number = provision.number_in(edition)
        if number is not None:
            return Citation(provision.source, edition.partition("@")[2] or edition, number.number)
    number = provision.numbers[0] if provision.numbers else None
    return Citation(provision.source, number.edition.partition("@")[2] or number.edition,
                    number.number) if number else None


#: (id of knowledge base, id of rulebook) -> their lookups; the entry holds both objects so
#: that an id is never reused while its entry lives.  Bounded: tests and house checks make
#: many short-lived rulebooks.
_LOOKUPS: dict[tuple[int, int], Lookups] = {}
_KEPT = 64


def lookups(kb: KnowledgeBase, rulebook: Rulebook) -> Lookups:
    """The :class:`Lookups` of ``rulebook`` in ``kb``, computed on first use.  Keyed by
    identity, not equality: two house books with one id may govern differently.

    >>> from kb.hand.scenario_file import load_scenario
    >>> from kb.knowledge.load import load_knowledge_base
    >>> from kb.rules.books import published_editions
    >>> kb = load_knowledge_base()
    >>> rrop = published_editions(kb)[0]
    >>> lookups(kb, rrop).rulebook is rrop
    True
    """
    key = (id(kb), id(rulebook))
    found = _LOOKUPS.pop(key, None)      # put back last: the least recently used goes first
    if found is None:
        if len(_LOOKUPS) >= _KEPT:
            del _LOOKUPS[next(iter(_LOOKUPS))]
        found = Lookups(kb, rulebook)
    _LOOKUPS[key] = found
    return found


def _settings(kb: KnowledgeBase, pids) -> dict[str, set[str]]:
    """Source -> the settings the rulebook's provisions from that source cover (a house
    book mixing sources must not stop the TDA's tournament rules applying to a cash hand
    just because an adopted Robert's Rules provision covers cash games)."""
    covered: dict[str, set[str]] = {}
    for pid in sorted(pids):
        if kb.has("provision", pid):
            provision = kb.provision(pid)
            covered.setdefault(provision.source, set()).update(map(str, provision.settings))
    return covered
