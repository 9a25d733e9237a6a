"""Whether a composed house rulebook contradicts itself, loses what its base covered, or
makes a choice that changes nothing (issue 22; the words are defined in
docs/house-rulebooks.md).

Every scenario is ruled under the house rulebook and under its base edition, and each
provision in force that a scenario's topics concern is ruled alone (each ruling computed
once, :class:`Rulings`):

* **coverage lost**: the base decides a scenario by a provision; the house rulebook
  leaves it to the floor citing nothing, and the file does not ``omit`` that provision;
* **contradiction**: two provisions of different books, both in force, both stating a
  ruling on one scenario (the "Our rules" page states every provision in force under each
  topic it answers, so a reader sees both), which rule it differently or which the
  knowledge base records as disagreeing, with no precedence stated between them (the
  order of one topic's list, an ``overrides``, or a precedence relation);
* **no-op**: an ``adopt`` that leaves its topic's rules as the base has them.

Each problem is at the line of the house-file entry that brought the provision in.

>>> from kb.knowledge.load import load_knowledge_base
>>> from kb.house.compose import RULEBOOKS, compose
>>> from kb.house.spec import read_house_file
>>> from kb.rules.disagreements import load_scenarios
>>> kb = load_knowledge_base()
>>> spec = read_house_file(RULEBOOKS / "home-game.yaml")
>>> book = compose(kb, spec)[0]
>>> consistency(kb, spec, book, Rulings(kb, book, load_scenarios()))
[]
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

from kb.files import Problem
from kb.hand.scenario import Scenario
from kb.house.compose import folder_rulebooks
from kb.house.spec import HouseSpec
from kb.knowledge.graph import disagreements
from kb.knowledge.model import KnowledgeBase
from kb.knowledge.vocabulary import RelationKind
from kb.rules.books import published_editions
from kb.rules.disagreements import difference
from kb.rules.engine import rule
from kb.rules.outcomes import Remedy
from kb.rules.rulebook import Rulebook, edition_rulebook
from kb.rules.ruling import Ruling
from kb.rules.situation import scenarios_by_topic

#: Relations that state which of two provisions takes precedence.
PRECEDENCE = (RelationKind.OVERRIDES, RelationKind.EXCEPTION_TO, RelationKind.REFINES)
#: A message names at most this many scenarios, then "and N more".
SHOWN = 3


class Rulings:
    """The rulings a check needs, each computed once: every scenario under the house
    rulebook ``book`` and under its base edition, and under one provision alone on one
    topic (the topic's list replaced by that provision).  ``raising``: topic -> the
    scenarios whose irregularity raises it; a scenario that cannot replay is left out
    (that is ``floorbook check``'s to report)."""

    def __init__(self, kb: KnowledgeBase, book: Rulebook, scenarios):
        self.kb, self.book = kb, book
        self.base = edition_rulebook(kb, book.base) if book.base else book
        self._cache: dict[tuple, Ruling] = {}
        scenarios = list(scenarios)
        self.raising = scenarios_by_topic(scenarios)
        # a scenario that raises no topic is ruled by no provision, under any book
        raising = {id(s) for found in self.raising.values() for s in found}
        self.scenarios = [s for s in scenarios if id(s) in raising]

    def _ruled(self, key: tuple, book: Rulebook, scenario: Scenario) -> Ruling:
        key = (*key, scenario.path, scenario.id)
        if key not in self._cache:
            self._cache[key] = rule(self.kb, book, scenario)
        return self._cache[key]

    def house(self, scenario: Scenario) -> Ruling:
        """``scenario`` under the house rulebook."""
        return self._ruled(("house",), self.book, scenario)

    def under_base(self, scenario: Scenario) -> Ruling:
        """``scenario`` under the base edition."""
        return self._ruled(("base",), self.base, scenario)

    def alone(self, topic: str, pid: str, scenario: Scenario) -> Ruling | None:
        """``scenario`` under the house rulebook with ``pid`` alone on ``topic``; None
        where its decider fails there: a decider is written for the provisions its book
        puts before it, and alone it may meet a case they would have ruled (the engine
        treats a decider that fails after an earlier remedy the same way)."""
        book = self.book
        if book.topics.get(topic) != (pid,):
            book = replace(book, topics={**book.topics, topic: (pid,)})
        try:
            return self._ruled(("alone", topic, pid), book, scenario)
        except (ValueError, KeyError, IndexError, AssertionError):
            return None

    def shown_by(self, topic: str, a: str, b: str) -> str | None:
        """The id of a scenario that ``a`` alone and ``b`` alone rule differently (each
        citing itself), with how, e.g. ``"'x' (remedy misdeal against continue)"``."""
        for scenario in self.raising.get(topic, ()):
            first, second = self.alone(topic, a, scenario), self.alone(topic, b, scenario)
            if first is None or second is None or topic not in (first.topic, second.topic) \
                    or first.topic != second.topic:
                continue
            if a in first.provisions and b in second.provisions and difference(first, second):
                return f"{scenario.id!r} ({difference(first, second)})"
        return None

    def states(self, topic: str, pid: str, scenario: Scenario) -> Ruling | None:
        """The ruling ``pid`` alone states on ``scenario``, or None where it states none:
        it is not cited, the floor decides, or play merely goes on with nothing done (what
        a provision says by not making a case a misdeal)."""
        found = self.alone(topic, pid, scenario)
        if found is None or pid not in found.provisions \
                or found.remedy == Remedy.FLOOR_DECISION:
            return None
        if found.remedy == Remedy.CONTINUE and not found.steps:
            return None
        return found


def consistency(kb: KnowledgeBase, spec: HouseSpec, book: Rulebook,
                rulings: Rulings) -> list[Problem]:
    """The coverage lost, the contradictions and the no-op choices of ``spec`` composed as
    ``book``, each a :class:`~kb.files.Problem` at the responsible entry's line."""
    return (coverage_lost(kb, spec, rulings) + contradictions(kb, spec, book, rulings)
            + no_ops(kb, spec, rulings.base))


# --------------------------------------------------------------------------- naming


def label(kb: KnowledgeBase, book: Rulebook, pid: str) -> str:
    """``pid`` as a reader finds it: ``"TDA 35-A-1"``, ``"Robert's Rules Misdeals 2(c)"``,
    or the house's own number."""
    own = book.own.get(pid)
    if own is not None:
        return f"{book.title} {own.number}".strip()
    if not kb.has("provision", pid):
        return pid
    provision = kb.provision(pid)
    editions = ((book.base,) if book.base else ()) + tuple(book.citation_editions)
    number = next((n for n in (provision.number_in(e) for e in editions) if n), None)
    number = number or (provision.numbers[0] if provision.numbers else None)
    source = kb.source(provision.source)
    return f"{source.short or source.title} {number.number if number else pid}"


def named(kb: KnowledgeBase, book: Rulebook, pid: str) -> str:
    """:func:`label` with the id: ``"TDA 35-A-1 (tda.misdeal.boxed-cards)"``."""
    return f"{label(kb, book, pid)} ({pid})"


def some(names: list[str]) -> str:
    """At most :data:`SHOWN` names, then "and N more"."""
    shown = ", ".join(names[:SHOWN])
    return shown + (f" and {len(names) - SHOWN} more" if len(names) > SHOWN else "")


def _entry_line(spec: HouseSpec, pid: str) -> int | None:
    """The line of the entry that brought ``pid`` in: an adopt listing it, an add of it."""
    for adopt in spec.adopt:
        if pid in adopt.provisions:
            return adopt.line("provisions", adopt.provisions.index(pid))
    return next((own.line("id") for own in spec.add if own.id == pid), None)


def _topic_line(spec: HouseSpec, kb: KnowledgeBase, topics) -> int:
    """The line of the entry responsible for ``topics`` (the first found): its adopt, an
    add on it, an omit or a parameter of a provision on it; else the file's first line."""
    for topic in topics:
        for adopt in spec.adopt:
            if adopt.topic == topic:
                return adopt.line("topic")
        for own in spec.add:
            if topic in own.topics:
                return own.line("topics", own.topics.index(topic))
        entries = [(o.provision, o.line("provision")) for o in spec.omit] + [
            (c.provision, c.line("provision")) for c in spec.params]
        for pid, line in entries:
            if kb.has("provision", pid) and topic in kb.provision(pid).topics:
                return line
    return spec.location.line


# --------------------------------------------------------------------------- coverage


def coverage_lost(kb: KnowledgeBase, spec: HouseSpec, rulings: Rulings) -> list[Problem]:
    """Scenarios the base decides by a provision and the house leaves to the floor citing
    nothing, unless the file omits a provision that decided it; one problem per entry and
    topic responsible."""
    omitted = {o.provision for o in spec.omit}
    lost: dict[tuple[int, str], list[tuple[Scenario, Ruling]]] = {}
    for scenario in rulings.scenarios:
        theirs = rulings.under_base(scenario)
        if theirs.remedy == Remedy.FLOOR_DECISION or not theirs.cited:
            continue
        ours = rulings.house(scenario)
        if ours.remedy != Remedy.FLOOR_DECISION or ours.cited or omitted & set(theirs.provisions):
            continue
        topics = [t for t in (theirs.topic,) if t] + [
            t for t, found in rulings.raising.items() if scenario in found]
        lost.setdefault((_topic_line(spec, kb, topics), topics[0] if topics else ""),
                        []).append((scenario, theirs))
    return [_lost(kb, spec, rulings, line, topic, found)
            for (line, topic), found in sorted(lost.items())]


def _lost(kb, spec, rulings: Rulings, line: int, topic: str, found) -> Problem:
    base, them = rulings.base, "it" if len(found) == 1 else "them"
    deciding = list(dict.fromkeys(p for _, r in found for p in r.provisions[:1]))
    shown = some([f"{s.id!r} ({r.remedy})" for s, r in found])
    title = kb.topic(topic).title if kb.has("topic", topic) else topic
    instead = [named(kb, rulings.book, p)
               for p in _covering(kb, spec, rulings, topic, [s for s, _ in found])]
    hint = (f"adopt {', '.join(instead)} as well" if instead
            else f"adopt a provision that rules {them} too") + (
        f", or keep {', '.join(deciding)} (mode: before), or omit "
        f"{', '.join(deciding)} to leave {them} to the floor on purpose")
    by = ", ".join(named(kb, base, p) for p in deciding)
    return spec.problem(line, f"coverage lost on {title[:1].lower()}{title[1:]}: the base "
                        f"{spec.base} decides {shown} by {by}; this book leaves {them} to "
                        "the floor with no rule", hint)


def _covering(kb, spec, rulings: Rulings, topic: str, scenarios) -> list[str]:
    """Provisions of the books the entry on ``topic`` adopts from that decide
    ``scenarios`` there (each book's own ruling, citing them)."""
    sources = {kb.provision(p).source for a in spec.adopt if a.topic == topic
               for p in a.provisions if kb.has("provision", p)}
    found: list[str] = []
    books = published_editions(kb) + folder_rulebooks(kb)[0]   # a bundled book's problems
    for book in books:                                         # are `floorbook check`'s
        # an edition's provisions are its source's; a house book's source is its id's name
        source = book.id.partition("@")[0] if book.base else kb.edition(book.id).source
        if source not in sources:
            continue
        for scenario in scenarios:
            ruling = rule(kb, book, scenario)
            if ruling.remedy != Remedy.FLOOR_DECISION:
                found += [p for p in ruling.provisions if p not in found
                          and kb.has("provision", p) and kb.provision(p).source in sources]
    return found


# --------------------------------------------------------------------------- contradictions


def contradictions(kb: KnowledgeBase, spec: HouseSpec, book: Rulebook,
                   rulings: Rulings) -> list[Problem]:
    """Pairs of provisions in force, from different books, with no stated precedence,
    that both state a ruling on a scenario and differ on it (shown by the scenario, or
    recorded as a disagreement in the knowledge base)."""
    inforce = list(dict.fromkeys(p for pids in book.topics.values() for p in pids))
    answers = {p: (book.own[p].topics if p in book.own else kb.provision(p).topics)
               for p in inforce if p in book.own or kb.has("provision", p)}
    unordered = _Unordered(kb, spec, book)
    declared = {frozenset((d.left, d.right)): d.point for d in disagreements(kb)}
    problems, seen = [], set()
    for topic, scenarios in sorted(rulings.raising.items()):
        candidates = [p for p in inforce if topic in answers.get(p, ())]
        for a, b in combinations(candidates, 2):
            pair = frozenset((a, b))
            if pair in seen or not unordered(a, b):
                continue
            shown = _shown(rulings, topic, a, b, scenarios, pair in declared)
            if shown:
                seen.add(pair)
                problems.append(_contradiction(kb, spec, book, a, b, shown,
                                               declared.get(pair, "")))
    return problems


class _Unordered:
    """Whether two provisions in force are from different books with no precedence
    stated between them: not on one topic's list (its order is stated; an added
    provision beside another is :func:`kb.house.check.conflicts`' case), not both in force
    in one published edition, no ``overrides`` or precedence relation either way."""

    def __init__(self, kb: KnowledgeBase, spec: HouseSpec, book: Rulebook):
        self.kb, self.book = kb, book
        self.lists = [set(pids) for pids in book.topics.values()]
        self.editions = [{p for pids in edition_rulebook(kb, b.edition).topics.values()
                          for p in pids} for b in kb.books.rulebooks]
        self.overrides = {p.id: set(p.overrides) for p in spec.add}

    def source(self, pid: str) -> str:
        return self.book.id if pid in self.book.own else self.kb.provision(pid).source

    def __call__(self, a: str, b: str) -> bool:
        if self.source(a) == self.source(b):
            return False
        if any(a in pids and b in pids for pids in self.lists + self.editions):
            return False
        for x, y in ((a, b), (b, a)):
            if y in self.overrides.get(x, ()):
                return False
            if self.kb.has("provision", x) and any(
                    r.target == y and r.kind in PRECEDENCE for r in self.kb.provision(x).relations):
                return False
        return True


def _shown(rulings: Rulings, topic: str, a: str, b: str, scenarios,
           declared: bool) -> list[tuple[str, str]]:
    """The scenarios on which ``a`` and ``b`` both state a ruling (:meth:`Rulings.states`)
    and differ, each with how; where the knowledge base records that their texts disagree
    (``declared``), every scenario both state a ruling on.  A provision that states no
    ruling of its own on the topic (a procedure other rules cite) contradicts nothing
    there."""
    shown = []
    for scenario in scenarios:
        first, second = rulings.states(topic, a, scenario), rulings.states(topic, b, scenario)
        if first is not None and second is not None:
            how = difference(first, second)
            if how or declared:
                shown.append((scenario.id, how))
    return shown


def _contradiction(kb, spec, book, a: str, b: str, shown, point: str) -> Problem:
    line = _entry_line(spec, a) or _entry_line(spec, b) or spec.line("base")
    ours = a if _entry_line(spec, a) else b
    other = b if ours == a else a
    differing = [(s, how) for s, how in shown if how]
    names = some([f"{s!r}" + (f" ({how})" if how else "") for s, how in (differing or shown)])
    why = (f"rule {names} differently" if differing else
           f"both answer {names}; the knowledge base records that they disagree: "
           f"{point.rstrip('.')}")
    # the author's own entry first, whatever order the topics came in
    return spec.problem(line, f"contradiction: {named(kb, book, ours)} and "
                        f"{named(kb, book, other)} "
                        f"are both in force and {why}; neither takes precedence",
                        f"omit {other}, or adopt {ours} on every topic {other} answers "
                        "too, so that one rule stands")


# --------------------------------------------------------------------------- no-ops


def no_ops(kb: KnowledgeBase, spec: HouseSpec, base: Rulebook) -> list[Problem]:
    """``adopt`` entries that leave their topic's rules as the base has them."""
    omitted = {o.provision for o in spec.omit}
    problems = []
    for adopt in spec.adopt:
        adopted = [p for p in dict.fromkeys(adopt.provisions) if kb.has("provision", p)]
        now = [p for p in base.governing(adopt.topic) if p not in omitted]
        if not adopted or not kb.has("topic", adopt.topic):
            continue
        kept = [p for p in now if p not in adopted] if adopt.mode == "before" else []
        if adopted + kept == now:
            numbers = ", ".join(named(kb, base, p) for p in adopted)
            problems.append(spec.problem(
                adopt.line("provisions"), f"no-op: adopt on {adopt.topic!r} lists "
                f"{base.title}'s own rules there ({numbers}) in its own order, so nothing "
                "changes", "remove the entry, or list the provisions of the book you mean"))
    return problems
