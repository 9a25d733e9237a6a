"""The whole position one choice of ``floorbook rulebook new`` adopts (issue 22, section 1).

A choice rules one topic as another book does.  The provision that disagrees with the base
is not that book's answer by itself: the casino's 13.2 (one later exposed hole card becomes
the burn) stands under its 13.1 (two or more exposed cards are a misdeal), with Robert's
Rules behind both.  So a choice adopts the chosen book's whole governing list for the topic
(for a house rulebook, its composed list: its own provisions and the base's it keeps
``before`` them), ``instead`` of the base's; where that list is a few provisions put before
the base's own, it says so with ``mode: before``.

A base provision the choice replaces on its topic may govern other topics too (TDA 35-A-1
answers both boxed cards and the list of misdeal causes), and ``rulebook check`` reads a
book as stating every provision in force under each topic it answers: left in force, it
would state a second answer to one hand.  So a position is closed over the topics such a
provision (one that **contradicts** an adopted provision: the knowledge base declares that
they disagree, or each alone states a different ruling on a bundled scenario) still
decides through: where the chosen book rules that topic, the position spans it too; where
the chosen book is silent, the position omits the provision and so says the coverage lost.
Options of one book whose topics then overlap are merged into one (an author decides each
linked group once); options that still cannot be taken together are each other's
``rivals`` (alternatives), and the starter says so.

>>> from kb.knowledge.load import load_knowledge_base
>>> kb = load_knowledge_base()
>>> boxed = positions(kb, "tda@2024")["boxed-cards", "rrop"]
>>> boxed.provisions[0], boxed.mode, boxed.omits
('rrop.misdeals.boxed-cards', 'instead', ('tda.misdeal.boxed-cards',))
>>> casino = positions(kb, "tda@2024")["exposed-later-hole-card", "house.casino"]
>>> casino.provisions[:2]
('house.casino.exposed-misdeal', 'house.casino.exposed-burn')
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import combinations

from kb.house.compose import house_rulebooks
from kb.house.consistency import PRECEDENCE
from kb.knowledge.graph import disagreements
from kb.knowledge.model import KnowledgeBase
from kb.rules.disagreements import difference, load_scenarios
from kb.rules.engine import rule
from kb.rules.outcomes import Remedy
from kb.rules.rulebook import Rulebook, RulebookError, edition_rulebook
from kb.rules.situation import scenarios_by_topic


@dataclass(frozen=True)
class Position:
    """What one choice adopts: on ``topic``, the ``book`` (an edition or house id) of
    source ``source``; ``provisions`` in precedence order and ``mode`` as the house file
    writes them; ``omits``: base provisions it removes everywhere (each contradicts it);
    ``kept``: base provisions that contradict it but still decide through another topic,
    so that the choice cannot omit them (provision -> those topics); ``also``: the other
    topics the position spans, each (topic, provisions, mode) as written."""

    topic: str
    source: str
    book: str
    provisions: tuple[str, ...]
    mode: str = "instead"
    omits: tuple[str, ...] = ()
    kept: tuple[tuple[str, tuple[str, ...]], ...] = ()
    also: tuple[tuple[str, tuple[str, ...], str], ...] = ()
    #: the options it is an alternative to, each (source, heading topic): they adopt one
    #: topic, or provisions that state different rulings on one topic (see :func:`_rivals`)
    rivals: tuple[tuple[str, str], ...] = ()

    @property
    def topics(self) -> tuple[str, ...]:
        """Every topic the position adopts: its own, then those it spans."""
        return (self.topic, *(t for t, _, _ in self.also))


def chosen_books(kb: KnowledgeBase) -> dict[str, Rulebook]:
    """Source id -> the rulebook a choice "as that book" follows: each source's first
    published edition (the options name the source, so one edition of it: the TDA's 2024),
    the latest edition of any other source a disagreement names (a regulator's), and each
    bundled house rulebook (composed), under its source."""
    books: dict[str, Rulebook] = {}
    for b in kb.books.rulebooks:     # the first published edition of a source: tda@2024,
        source = kb.edition(b.deciders).source    # read in full, not 2026's paraphrase
        if source not in books:
            books[source] = edition_rulebook(kb, b.edition)
    named = {kb.provision(p).source for d in disagreements(kb) for p in (d.left, d.right)
             if kb.has("provision", p)}
    for edition in sorted(kb.editions, key=lambda e: -(e.year or 0)):
        if edition.source in named and edition.source not in books:   # a regulator's
            try:
                books[edition.source] = edition_rulebook(kb, edition.id)
            except RulebookError:
                continue        # a house rulebook's edition: composed below
    for book in house_rulebooks(kb):
        books.setdefault(kb.edition(book.id).source if kb.has("edition", book.id)
                         else book.id.partition("@")[0], book)
    return books


#: (id of the knowledge base, base edition) -> that knowledge base and its positions: the
#: starter text is made twice per ``rulebook new`` (checked, then written), and each needs
#: rulings.  The knowledge base is kept with them, so that its id is not reused meanwhile.
_MADE: dict[tuple[int, str], tuple[KnowledgeBase, dict[tuple[str, str], Position]]] = {}


def positions(kb: KnowledgeBase, base: str) -> dict[tuple[str, str], Position]:
    """(topic, other source) -> the :class:`Position` of every choice on ``base`` (an
    edition id) that the knowledge base declares: one per topic and source that disagrees
    with the base's source there and has a rulebook (see :func:`chosen_books`).  Raises
    :class:`~kb.rules.rulebook.RulebookError` for a base that is not an edition."""
    key = (id(kb), base)
    if key not in _MADE or _MADE[key][0] is not kb:
        if len(_MADE) > 8:
            _MADE.clear()
        _MADE[key] = (kb, _positions(kb, base))
    return _MADE[key][1]


def _positions(kb: KnowledgeBase, base: str) -> dict[tuple[str, str], Position]:
    book = edition_rulebook(kb, base)      # raises RulebookError for an unknown base
    published = kb.books.get(base)
    own = kb.edition(published.deciders if published else base).source
    books = chosen_books(kb)
    search = _Rulings(kb, book)
    points: dict[str, list[str]] = {}      # other source -> its topics, in order
    for d in disagreements(kb):
        sources = {kb.provision(p).source for p in (d.left, d.right) if kb.has("provision", p)}
        others = sources - {own}
        if own in sources and len(others) == 1 and d.topic and others <= set(books):
            points.setdefault(others.pop(), []).append(d.topic)
    made: dict[tuple[str, str], Position] = {}
    for other, topics in points.items():
        lists = _Lists(kb, books[other])
        for group, position in _groups(search, other, books[other].id, lists,
                                       [t for t in dict.fromkeys(topics) if lists(t)]):
            made.update({(topic, other): position for topic in group})
    rivals = _rivals(search, list(dict.fromkeys(made.values())))
    return {key: rivals[position] for key, position in made.items()}


def _rivals(search: _Rulings, made: list[Position]) -> dict[Position, Position]:
    """Each position with its ``rivals``: the positions of ``made`` it cannot be taken
    with, since both adopt one topic, or one adopts a provision that states a different
    ruling from one the other adopts on a topic both answer (boxed cards as Robert's Rules
    and a TDA position that brings 35-A-1 with its list of misdeal causes)."""
    kb = search.kb
    answers = {p: kb.provision(p).topics for position in made for _, pids in _lists(position)
               for p in pids if kb.has("provision", p)}
    found: dict[Position, list[tuple[str, str]]] = {p: [] for p in made}
    for n, first in enumerate(made):
        for second in made[n + 1:]:
            if set(first.topics) & set(second.topics) or any(
                    search.unordered(a, b) and any(search.differ(t, a, b)
                                                   for t in set(answers[a]) & set(answers[b]))
                    for a in _adopted(first, answers) for b in _adopted(second, answers)):
                found[first].append((second.source, second.topic))
                found[second].append((first.source, first.topic))
    return {p: replace(p, rivals=tuple(found[p])) for p in made}


def _lists(position: Position) -> tuple[tuple[str, tuple[str, ...]], ...]:
    return ((position.topic, position.provisions),
            *((t, pids) for t, pids, _ in position.also))


def _adopted(position: Position, answers: dict) -> list[str]:
    return list(dict.fromkeys(p for _, pids in _lists(position) for p in pids if p in answers))


def _groups(search: _Rulings, other: str, book_id: str, lists: _Lists, topics: list[str]):
    """The options as one book: each topic's position, closed over the topics it must span
    (:func:`_position`); two whose topics overlap, neither within the other, merged into
    one, recomputed from the union, until none is left.  An option whose topics hold all
    of another's stays apart (misdeal causes as Robert's Rules brings its boxed-cards rule;
    boxed cards as Robert's Rules alone leaves the base's other misdeal causes): the two are
    alternatives, as are options of two books that overlap.  Returns (the option topics
    merged, position) pairs."""
    found = [({t}, _position(search, (t,), other, book_id, lists)) for t in topics]
    merged = True
    while merged:
        merged = False
        for (a, first), (b, second) in combinations(found, 2):
            x, y = set(first.topics), set(second.topics)
            if x & y and (x == y or not (x < y or y < x)):
                found.remove((a, first))
                found.remove((b, second))
                group = a | b
                union = sorted(group) + sorted((x | y) - group)
                found.append((group, _position(search, tuple(union), other, book_id, lists)))
                merged = True
                break
    return found


class _Lists:
    """Topic -> the chosen book's governing provisions that answer it (a book may list a
    provision under a topic it does not answer, through an edition's topic map; a house
    file may adopt only provisions that answer the topic)."""

    def __init__(self, kb: KnowledgeBase, book: Rulebook):
        self.kb, self.book = kb, book

    def __call__(self, topic: str) -> tuple[str, ...]:
        return tuple(p for p in self.book.governing(topic)
                     if self.kb.has("provision", p) and topic in self.kb.provision(p).topics)


def _written(chosen: tuple[str, ...], base: tuple[str, ...]) -> tuple[tuple[str, ...], str]:
    """``chosen`` as an adopt entry writes it: a list that is a few provisions put before
    the base's own is those few, ``before``; anything else, ``instead``."""
    ahead = len(chosen) - len(base)
    if base and ahead > 0 and chosen[ahead:] == base:
        return chosen[:ahead], "before"
    return chosen, "instead"


def _position(search: _Rulings, topics: tuple[str, ...], other: str, book_id: str,
              lists: _Lists) -> Position:
    """The position on ``topics`` (the first is its heading's): each ruled as the chosen
    book rules it, and closed as ``rulebook check`` reads a book (every provision in force
    states its ruling on every topic it answers): a base provision still in force that
    answers a topic an adopted provision answers, and contradicts it there, goes out of
    force.  Where it still decides through a topic the chosen book rules otherwise, that
    topic is spanned too (until nothing new is added); elsewhere it is omitted, the
    coverage lost said so (the chosen book is silent there).  One whose omission would
    leave a topic with no provision at all is ``kept``, and listed after the chosen
    provisions on the adopted topics it answers: the book states that they come first."""
    spans = {t: lists(t) for t in topics}
    wanted: dict[str, None] = {}            # base provisions the position puts out of force
    grown = True
    while grown:
        grown = False
        wanted.update(dict.fromkeys(search.contradicting(spans)))
        for replaced in wanted:
            rest = tuple(t for t, pids in search.book.topics.items()
                         if replaced in pids and t not in spans)
            # judged on the base alone, so that each judgement is made once for every
            # option (ruled beside the growing choice, it took twice the time)
            for t in search.decides_through(replaced, rest, ()):
                if lists(t) and lists(t) != search.book.governing(t):
                    spans[t] = lists(t)
                    grown = True
    adopted = {p for pids in spans.values() for p in pids}
    lost = search.left_to_floor(tuple(spans.items()))
    omits, kept = [], []
    for replaced in (p for p in {**wanted, **dict.fromkeys(lost)} if p not in adopted):
        rest = tuple(t for t, pids in search.book.topics.items()
                     if replaced in pids and t not in spans)
        if not rest and replaced not in lost:
            continue            # out of force already
        alone = tuple(t for t in rest if search.book.governing(t) == (replaced,))
        if alone:
            kept.append((replaced, alone))
        else:
            omits.append(replaced)
    for replaced, _ in kept:        # stated behind the chosen rules: precedence, no clash
        for t in spans:
            if t in search.kb.provision(replaced).topics and replaced not in spans[t]:
                spans[t] += (replaced,)
    topic, *more = spans
    also = tuple((t, *_written(spans[t], search.book.governing(t))) for t in more)
    provisions, mode = _written(spans[topic], search.book.governing(topic))
    return Position(topic, other, book_id, provisions, mode, tuple(omits), tuple(kept), also)


class _Rulings:
    """The bundled scenarios by the topics they raise, and the rulings a position needs,
    each computed once."""

    def __init__(self, kb: KnowledgeBase, book: Rulebook):
        self.kb, self.book = kb, book
        self.raising = scenarios_by_topic(load_scenarios())
        self.rulings: dict = {}
        self.differing: dict[tuple[str, ...], bool] = {}
        self.declared = {frozenset((d.left, d.right)) for d in disagreements(kb)}
        self.editions = [{p for pids in edition_rulebook(kb, b.edition).topics.values()
                          for p in pids} for b in kb.books.rulebooks]

    def _ruled(self, changes: tuple[tuple[str, tuple[str, ...]], ...], scenario):
        """The ruling on ``scenario`` of the base with ``changes`` ((topic, governing)
        pairs) made to it."""
        key = (changes, scenario.id)
        if key not in self.rulings:
            book = replace(self.book, topics={**self.book.topics, **dict(changes)})
            self.rulings[key] = rule(self.kb, book, scenario)
        return self.rulings[key]

    def contradicting(self, spans: dict[str, tuple[str, ...]]) -> list[str]:
        """The base provisions still in force beside ``spans`` (topic -> the chosen list)
        that contradict an adopted provision as ``rulebook check`` finds it: both answer a
        topic, from different books with no precedence stated, and each alone states a
        different ruling on a scenario there, or the texts record that they disagree."""
        adopted = list(dict.fromkeys(p for pids in spans.values() for p in pids))
        inforce = [p for t, pids in self.book.topics.items() if t not in spans for p in pids
                   if p not in adopted and self.kb.has("provision", p)]
        found: list[str] = []
        for pid in adopted:
            if not self.kb.has("provision", pid):
                continue
            for topic in self.kb.provision(pid).topics:
                found += [r for r in dict.fromkeys(inforce) if r not in found
                          and topic in self.kb.provision(r).topics
                          and self.unordered(r, pid) and self.differ(topic, r, pid)]
        return found

    def unordered(self, a: str, b: str) -> bool:
        """Whether no precedence is stated between ``a`` and ``b``: different sources, not
        both in force in one published edition, no precedence relation either way."""
        kb = self.kb
        if kb.provision(a).source == kb.provision(b).source:
            return False
        if any(a in pids and b in pids for pids in self.editions):
            return False
        return not any(r.target == y and r.kind in PRECEDENCE
                       for x, y in ((a, b), (b, a)) for r in kb.provision(x).relations)

    def differ(self, topic: str, a: str, b: str) -> bool:
        """Whether ``a`` alone and ``b`` alone on ``topic`` state different rulings on one
        of its scenarios, or both state one and the texts record that they disagree."""
        key = (topic, *sorted((a, b)))
        if key not in self.differing:
            declared = frozenset((a, b)) in self.declared
            self.differing[key] = any(
                first is not None and second is not None
                and (declared or bool(difference(first, second)))
                for scenario in self.raising.get(topic, ())
                for first, second in [(self._states(topic, a, scenario),
                                       self._states(topic, b, scenario))])
        return self.differing[key]

    def _states(self, topic: str, pid: str, scenario):
        """The ruling ``pid`` alone on ``topic`` states, as ``rulebook check`` reads it
        (:meth:`kb.house.consistency.Rulings.states`), or None."""
        try:
            found = self._ruled(((topic, (pid,)),), scenario)
        except (ValueError, KeyError, IndexError, AssertionError):
            return None
        if pid not in found.provisions or found.remedy == Remedy.FLOOR_DECISION or (
                found.remedy == Remedy.CONTINUE and not found.steps):
            return None
        return found

    def left_to_floor(self, choice) -> list[str]:
        """The provisions that decide, under the base, a scenario of a topic the
        ``choice`` ((topic, governing) pairs) changes that the choice leaves to an uncited
        floor decision: the chosen book is silent on it, and the choice must say so by
        omitting the provision (or lose coverage unsaid)."""
        found: dict[str, None] = {}
        for topic, _ in choice:
            for scenario in self.raising.get(topic, ()):
                before = self._ruled((), scenario)
                if not before.provisions:     # a floor decision citing a rule counts
                    continue
                after = self._ruled(choice, scenario)
                if after.remedy == Remedy.FLOOR_DECISION and not after.provisions:
                    found[before.provisions[0]] = None
        return list(found)

    def decides_through(self, pid: str, topics: tuple[str, ...], choice) -> tuple[str, ...]:
        """The topics among ``topics`` where ``pid`` is the base's last provision, or
        whose scenarios the base with the ``choice`` made ((topic, governing) pairs) rules
        differently once ``pid`` is omitted everywhere."""
        without = tuple((t, tuple(p for p in self.book.governing(t) if p != pid))
                        for t in topics)
        found = {t for t, pids in without if not pids}
        for topic in topics:
            if any(self._changes(choice, choice + without, s)
                   for s in self.raising.get(topic, ())):
                found.add(topic)
        return tuple(t for t in topics if t in found)

    def _changes(self, before, after, scenario) -> bool:
        """Whether the base with the changes ``after`` rules ``scenario`` differently from
        the base with ``before``.  A decider that
        fails on the changed book counts as a change (the omission is not made): a
        provision's decider may rely on a provision before it having decided first (none
        of the published books' does today: tests/test_deciders_alone.py)."""
        try:
            return bool(difference(self._ruled(before, scenario), self._ruled(after, scenario)))
        except (ValueError, KeyError, IndexError):
            return True
