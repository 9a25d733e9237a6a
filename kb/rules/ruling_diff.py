"""Rulings compared between two rulebooks: which scenarios a new edition (or a house book,
or another book) rules otherwise, and which of the rules it cites only moved number.

Each scenario is ruled under both books with one seed and each ruling is reduced to a
:class:`Side`: the remedies of its floor calls, what the dealer does (:func:`kb.rules.answer.
answer` of each call), the cards after the remedy in words, and the numbers it cites.  A
scenario's ruling changed when one of four things differs, named in this order in
:attr:`ChangedRuling.changed`:

* ``remedy``: the remedy of some floor call;
* ``answer``: what the dealer does (two books may agree on "continue" and not on the moves);
* ``cards``: the cards after the remedy, compared only where neither ruling is random
  (a random step draws with the seed, and a misdeal's new deal is not known);
* ``provision``: the provisions cited (by id, not number): a rule revised in the later
  edition is another provision, so a ruling that cites it changed its deciding provision.

A provision cited on both sides under two numbers (TDA 2024 35-A-7 is 2026 37-A-6) is no
change: the pair goes to :attr:`RulingsDiff.renumbered`, the old-to-new map.

>>> from kb.knowledge.load import load_knowledge_base
>>> from kb.rules.books import resolve_rulebook
>>> from kb.rules.disagreements import load_scenarios
>>> kb = load_knowledge_base()
>>> diff = diff_rulings(kb, resolve_rulebook(kb, "tda@2024"), resolve_rulebook(kb, "tda@2026"),
...                     load_scenarios())
>>> ("35-A-7", "37-A-6") in diff.renumbered, diff.unchanged > 0
(True, True)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from kb.hand.scenario import Scenario, ScenarioError
from kb.knowledge.graph import number_key
from kb.knowledge.model import KnowledgeBase
from kb.knowledge.names import source_short
from kb.knowledge.vocabulary import Confidence, RelationKind
from kb.rules.answer import answer
from kb.rules.engine import rule
from kb.rules.outcomes import Remedy
from kb.rules.rulebook import Rulebook
from kb.rules.ruling import Ruling

#: The kinds of change, in the order :attr:`ChangedRuling.changed` lists them.
KINDS = ("remedy", "answer", "cards", "provision")
#: Confidence from the least sure up: a side's confidence is its least sure citation's.
_ORDER = (Confidence.UNCONFIRMED, Confidence.PARTIAL, Confidence.CONFIRMED)


@dataclass(frozen=True)
class Side:
    """One rulebook's ruling of one scenario, as compared: ``remedy`` (each floor call's,
    joined: "floor-decision, then continue"), ``answer`` (what the dealer does, each call's
    joined by "; then "), ``cards`` (the table after the last remedy in words; "" after a
    misdeal), ``citations`` (numbers as the book prints them, each once, in order),
    ``confidence`` (the least sure of the cited provisions and numbers; "confirmed" when
    nothing is cited), ``provisions`` (the ids cited, each once, in order; not
    one for one with ``citations``, as two provisions may share a number) and ``random`` (a step drew with the seed)."""

    remedy: str
    answer: str
    cards: str
    citations: tuple[str, ...]
    confidence: str
    provisions: tuple[str, ...] = ()
    random: bool = False
    #: the answer with the deciding rule's number left out: what is compared, so that a
    #: rule that only moved number ("under rule 35-A" / "37-A") changes no answer
    gist: str = field(default="", compare=False, repr=False)

    def to_json(self) -> dict:
        return {"remedy": self.remedy, "answer": self.answer, "cards": self.cards,
                "citations": list(self.citations), "confidence": self.confidence,
                "provisions": list(self.provisions), "random": self.random}


@dataclass(frozen=True)
class ChangedRuling:
    """A scenario the two books rule otherwise: its id, its reader ``title`` (no case
    number), what ``changed`` (a subset of :data:`KINDS`, in that order) and both sides."""

    scenario: str
    title: str
    changed: tuple[str, ...]
    earlier: Side
    later: Side
    #: (earlier number, later number) of each cited provision of the later side that
    #: revises (``revises``, directly or through editions between) one the earlier side
    #: cites: the deciding rule was rewritten, not replaced by another
    revised: tuple[tuple[str, str], ...] = ()

    def to_json(self) -> dict:
        return {"scenario": self.scenario, "title": self.title, "changed": list(self.changed),
                "earlier": self.earlier.to_json(), "later": self.later.to_json(),
                "revised": [{"earlier": a, "later": b} for a, b in self.revised]}


@dataclass(frozen=True)
class RulingsDiff:
    """The rulings of rulebook ``earlier`` against ``later`` (ids): the ``changed``
    scenarios in scenario order, the ``renumbered`` citations as (earlier number, later
    number) pairs in the later book's order, how many scenarios are ruled alike
    (``unchanged``), and the scenarios a side could not rule (``failed``: (id, why))."""

    earlier: str
    later: str
    changed: tuple[ChangedRuling, ...]
    renumbered: tuple[tuple[str, str], ...]
    unchanged: int
    failed: tuple[tuple[str, str], ...]

    def to_json(self) -> dict:
        return {"format_version": FORMAT_VERSION, "earlier": self.earlier, "later": self.later,
                "changed": [c.to_json() for c in self.changed],
                "renumbered": [{"earlier": a, "later": b} for a, b in self.renumbered],
                "unchanged": self.unchanged,
                "failed": [{"scenario": s, "why": why} for s, why in self.failed]}


#: The version of the diff's JSON (kb/schemas/diff.schema.json); additions keep it.
FORMAT_VERSION = 1

_CASE_NUMBER = re.compile(r"^(?:case\s+)?c\d+[a-z]?(?:\([a-z]\))?(?:\s+as it happened)?\s*:\s*",
                          re.IGNORECASE)


def reader_title(title: str) -> str:
    """``title`` without an internal case number, its first letter capitalised.

    >>> reader_title("Case C27: four flop cards peeled one by one")
    'Four flop cards peeled one by one'
    >>> reader_title("Case C05(a): a hole card leaves the table"), reader_title("Boxed card")
    ('A hole card leaves the table', 'Boxed card')
    """
    rest = _CASE_NUMBER.sub("", title, count=1)
    return rest[:1].upper() + rest[1:] if rest else title


def diff_rulings(kb: KnowledgeBase, earlier: Rulebook, later: Rulebook,
                 scenarios: Sequence[Scenario], seed: int = 0) -> RulingsDiff:
    """Rule every scenario of ``scenarios`` under ``earlier`` and ``later`` (rulebooks of
    ``kb``, house books composed by the caller) with ``seed`` and compare them (see the
    module's text).  A scenario either book cannot rule (its hand cannot go on from that
    book's remedy) is listed in ``failed`` with the reason, not compared.  Raises nothing
    for a scenario; KeyError only for a rulebook of another knowledge base.

    >>> from kb.knowledge.load import load_knowledge_base
    >>> from kb.rules.books import resolve_rulebook
    >>> kb = load_knowledge_base()
    >>> tda = resolve_rulebook(kb, "tda@2024")
    >>> diff_rulings(kb, tda, tda, []).unchanged
    0
    """
    changed: list[ChangedRuling] = []
    moved: dict[tuple[str, str], None] = {}
    failed: list[tuple[str, str]] = []
    unchanged = 0
    for scenario in scenarios:
        try:
            old, new = rule(kb, earlier, scenario, seed), rule(kb, later, scenario, seed)
        except ScenarioError as error:
            failed.append((scenario.id, str(error)))
            continue
        a, b = side(kb, old, home(earlier)), side(kb, new, home(later))
        moved.update(dict.fromkeys(_renumbered(old, new)))
        kinds = _changes(a, b)
        if kinds:
            changed.append(ChangedRuling(scenario.id, reader_title(scenario.title), kinds,
                                         a, b, _revised(kb, old, new)))
        else:
            unchanged += 1
    return RulingsDiff(earlier.id, later.id, tuple(changed),
                       _ordered(kb, later, moved, home(earlier) | home(later)),
                       unchanged, tuple(failed))


def home(book: Rulebook) -> frozenset[str]:
    """The sources whose numbers ``book``'s citations show bare: its own and its base's
    (a number of a book it falls back to is shown with that book's name, WSOP Tournament
    Rule 129 bringing "WSOP Live Action 103"; bare, it would read as Tournament 103)."""
    return frozenset(edition.partition("@")[0] for edition in (book.id, book.base or "")
                     if edition)


def labelled(kb: KnowledgeBase, source: str, number: str, bare: frozenset[str]) -> str:
    """``number`` of ``source``, with the source's short name unless it is one of ``bare``.

    >>> from kb.knowledge.load import load_knowledge_base
    >>> kb = load_knowledge_base()
    >>> labelled(kb, "wsop-live", "103", frozenset({"wsop"})), labelled(kb, "wsop", "88.a.7", frozenset({"wsop"}))
    ('WSOP Live Action 103', '88.a.7')
    """
    if source in bare:
        return number
    return f"{source_short(kb, source)} {number}"


def side(kb: KnowledgeBase, ruling: Ruling, bare: frozenset[str] | None = None) -> Side:
    """``ruling`` reduced to what :func:`diff_rulings` compares (a :class:`Side`); a
    citation of a source not in ``bare`` (by default the ruling's rulebook's source) is
    named with its book (:func:`labelled`).

    >>> from kb.knowledge.load import load_knowledge_base
    >>> from kb.rules.examples import ruling
    >>> found = side(load_knowledge_base(), ruling("boxed-two-cards-during-deal"))
    >>> found.remedy, found.answer, found.cards
    ('misdeal', 'Misdeal: reshuffle and redeal', '')
    """
    calls = ruling.every_call
    cited = [c for call in calls for c in call.cited]
    bare = bare if bare is not None else frozenset({ruling.rulebook.partition("@")[0]})
    said = [answer(c) for c in calls]
    gist = [_unnumbered(words, c) for words, c in zip(said, calls, strict=True)]
    named = [_booked(kb, words, c, bare) for words, c in zip(said, calls, strict=True)]
    return Side(", then ".join(c.remedy for c in calls), _then(named), cards(ruling),
                tuple(dict.fromkeys(labelled(kb, c.citation.source, c.citation.number, bare)
                                    for c in cited)),
                _confidence(kb, cited), tuple(dict.fromkeys(c.provision for c in cited)),
                any(c.random for c in calls), _then(gist))


def _then(answers: list[str]) -> str:
    """Each call's answer in order, the later ones after "; then " in lower case."""
    return "; then ".join([answers[0], *(a[:1].lower() + a[1:] for a in answers[1:])])


def _booked(kb: KnowledgeBase, words: str, call: Ruling, bare: frozenset[str]) -> str:
    """``words`` (the answer of ``call``) with the rule that decided named as the
    citations are (:func:`labelled`): "under WSOP Live Action 223", not "under rule 223",
    where the rule is of a book other than ``bare`` (the one a book falls back to)."""
    who = call.decided_by
    if who is None or not who.number or not kb.has("provision", who.provision):
        return words
    named = labelled(kb, kb.provision(who.provision).source, who.number, bare)
    return words if named == who.number else words.replace(f"rule {who.number}", named)


def _unnumbered(words: str, call: Ruling) -> str:
    """``words`` (the answer of ``call``) without the number of the rule that decided."""
    who = call.decided_by
    if who is None or not who.number:
        return words
    return words.replace(f"rule {who.number}", "rule")


def cards(ruling: Ruling) -> str:
    """The table after ``ruling``'s remedy in words: each seat's hand (a seat without
    cards only if its hand is dead), the board, burns and muck; "" after a misdeal (the new deal is not known:
    :data:`kb.rules.answer.UNKNOWN_DEAL`)."""
    if ruling.remedy == Remedy.MISDEAL:
        return ""
    table = ruling.table
    seats = [f"seat {seat}: {' '.join(hand) or '-'}" + (" (dead)" if seat in table.dead
                                                       else "")
             for seat, hand in sorted(table.hands.items()) if hand or seat in table.dead]
    return "; ".join([*seats, *(f"{name}: {' '.join(getattr(table, name)) or '-'}"
                                for name in ("board", "burns", "muck"))])



def _confidence(kb: KnowledgeBase, cited) -> str:
    """The least sure confidence of the provisions cited and of their numbers."""
    found = [Confidence.CONFIRMED]
    for one in cited:
        if kb.has("provision", one.provision):
            provision = kb.provision(one.provision)
            found.append(provision.confidence)
            edition = f"{one.citation.source}@{one.citation.edition}"
            number = provision.number_in(edition) if kb.has("edition", edition) else None
            if number is not None:
                found.append(number.confidence)
    return str(min(found, key=_ORDER.index))


def _changes(a: Side, b: Side) -> tuple[str, ...]:
    """What differs between two sides, in :data:`KINDS` order."""
    kinds = []
    if a.remedy != b.remedy:
        kinds.append("remedy")
    if a.gist != b.gist:
        kinds.append("answer")
    if not (a.random or b.random) and a.cards != b.cards:
        kinds.append("cards")
    if set(a.provisions) != set(b.provisions):     # the same rules in another order: no change
        kinds.append("provision")
    return tuple(kinds)


def _renumbered(old: Ruling, new: Ruling):
    """(source, earlier number, later number) of each provision both rulings cite by two
    numbers."""
    later = _numbers(new)
    for call in old.every_call:
        for c in call.cited:
            number = later.get(c.provision)
            if number is not None and number != c.citation.number:
                yield c.citation.source, c.citation.number, number


def _numbers(ruling: Ruling) -> dict[str, str]:
    """Provision id -> the number ``ruling`` (every call of it) cites it by."""
    return {c.provision: c.citation.number for call in ruling.every_call for c in call.cited}


def _revised(kb: KnowledgeBase, old: Ruling, new: Ruling) -> tuple[tuple[str, str], ...]:
    """(earlier number, later number) of each provision ``new`` cites that revises, itself
    or through the provisions it revises, one that ``old`` cites and ``new`` does not."""
    before, after = _numbers(old), _numbers(new)
    pairs: dict[tuple[str, str], None] = {}
    for pid, number in after.items():
        seen, todo = {pid}, [pid]
        while todo:
            here = todo.pop()
            if not kb.has("provision", here):
                continue
            for relation in kb.provision(here).relations:
                target = relation.target
                if relation.kind != RelationKind.REVISES or target in seen:
                    continue
                seen.add(target)
                todo.append(target)
                if target in before and target not in after:
                    pairs[(before[target], number)] = None
    return tuple(pairs)


def _ordered(kb: KnowledgeBase, book: Rulebook, pairs,
             bare: frozenset[str]) -> tuple[tuple[str, str], ...]:
    """``pairs`` (source, earlier, later) in the order of ``book``'s numbers (its first
    citation edition's sections), the books it falls back to after, each number named with
    its book unless of ``bare`` (:func:`labelled`)."""
    edition = (book.citation_editions or (book.base or "",))[0]
    if not kb.has("edition", edition) and book.base:
        edition = book.base
    order = [edition, *book.citation_editions]

    def key(pair):
        source, _, number = pair
        cited = next((e for e in order if e.partition("@")[0] == source
                      and kb.has("edition", e)), None)
        sections = kb.edition(cited).sections if cited else ()
        return (source not in bare, source, number_key(number, sections))

    return tuple((labelled(kb, s, a, bare), labelled(kb, s, b, bare))
                 for s, a, b in sorted(pairs, key=key))
