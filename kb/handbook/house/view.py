"""What a published house rulebook shows, as plain records (no Sphinx, no docutils).

Three views of one composed :class:`~kb.rules.rulebook.Rulebook` and its
:class:`~kb.house.spec.HouseSpec`: the rules by topic (:func:`rule_sections`), the choices that
make it differ from its base edition (:func:`choices`), and every scenario re-ruled
(:func:`rerulings`).  The Sphinx directives of :mod:`kb.handbook.house.site` turn them into
nodes; house text stays a plain string here.

>>> from kb.knowledge.load import load_knowledge_base
>>> from kb.house.compose import RULEBOOKS, compose
>>> from kb.house.spec import read_house_file
>>> kb = load_knowledge_base()
>>> spec = read_house_file(RULEBOOKS / "home-game.yaml")
>>> book = compose(kb, spec)[0]
>>> [(c.number, c.book) for c in cited_all(kb, book, book.governing("four-card-flop"))]
[("Hold'em 3", "Robert's Rules of Poker"), ("Hold'em 7", "Robert's Rules of Poker")]
>>> [c.kind for c in choices(kb, spec, book)]
['adopt', 'add', 'add']
"""

from __future__ import annotations

from dataclasses import dataclass

from kb.handbook.views.events import reader_title
from kb.house.spec import HouseSpec
from kb.knowledge.model import KnowledgeBase, Topic
from kb.rules.answer import answer
from kb.rules.disagreements import difference
from kb.rules.engine import rule
from kb.rules.rulebook import Rulebook, edition_rulebook
from kb.rules.ruling import Ruling


@dataclass(frozen=True)
class Setting:
    """A parameter the house changed: ``name`` is ``value`` instead of ``default``."""

    name: str
    value: object
    default: object
    reason: str


@dataclass(frozen=True)
class Cited:
    """One provision as a rulebook cites it.  ``own``: the house wrote it, and ``text`` is
    its Markdown (untrusted); otherwise ``text`` is the knowledge base's summary."""

    pid: str
    book: str
    edition: str
    number: str
    title: str
    text: str
    own: bool
    settings: tuple[Setting, ...] = ()

    @property
    def label(self) -> str:
        """``"Robert's Rules of Poker, Version 11, Hold'em 1"``."""
        return f"{self.book}, {self.edition}, {self.number}"


def cited(kb: KnowledgeBase, book: Rulebook, pid: str, spec: HouseSpec | None = None) -> Cited:
    """``pid`` as ``book`` numbers it (the first of its citation editions, then its base, that
    numbers it); ``spec`` supplies the reasons of changed parameters.  KeyError if unknown."""
    own = book.own.get(pid)
    if own is not None:
        version = book.id.partition("@")[2]
        return Cited(pid, book.title, version, own.number, own.title, own.text, True)
    provision = kb.provision(pid)
    editions = book.citation_editions + ((book.base,) if book.base else ())
    number = next((n for n in (provision.number_in(e) for e in editions) if n), None)
    number = number or (provision.numbers[0] if provision.numbers else None)
    label = kb.edition(number.edition).label if number and kb.has("edition", number.edition) \
        else ""
    return Cited(pid, kb.source(provision.source).title, label,
                 number.number if number else "", provision.title, provision.summary, False,
                 _settings(kb, book, pid, spec))


def cited_all(kb: KnowledgeBase, book: Rulebook, pids, spec=None) -> list[Cited]:
    """:func:`cited` of each id in ``pids``, in order."""
    return [cited(kb, book, pid, spec) for pid in pids]


def _settings(kb, book: Rulebook, pid: str, spec) -> tuple[Setting, ...]:
    reasons = {(c.provision, c.name): c.reason for c in (spec.params if spec else ())}
    return tuple(Setting(p.name, book.params[f"{pid}/{p.name}"], p.default,
                         reasons.get((pid, p.name), ""))
                 for p in kb.provision(pid).params if f"{pid}/{p.name}" in book.params)


def rule_sections(kb: KnowledgeBase, book: Rulebook, spec=None) -> list[tuple[Topic, list[Cited]]]:
    """Each topic the rulebook governs, in the knowledge base's floor order (topics.yaml:
    from the start of the hand to the showdown), with its governing provisions cited."""
    return [(topic, cited_all(kb, book, book.governing(topic.id), spec))
            for topic in kb.topics if book.governing(topic.id)]


@dataclass(frozen=True)
class Choice:
    """One change a house file makes.  ``kind``: adopt, add, omit or param; ``topics``:
    the topic ids it touches; ``base``/``house``: what each side's rules are there, cited;
    ``over``: what the house's choice takes precedence over; ``line``: its line in the file."""

    kind: str
    topics: tuple[str, ...]
    base: tuple[Cited, ...]
    house: tuple[Cited, ...]
    over: tuple[Cited, ...]
    reason: str
    line: int
    mode: str = ""
    setting: Setting | None = None


def choices(kb: KnowledgeBase, spec: HouseSpec, book: Rulebook) -> list[Choice]:
    """Every adopt, add, omit and params entry of ``spec``, in that order, each with what
    the base edition and the house say."""
    base = edition_rulebook(kb, spec.base)

    def on(rulebook, topics):
        pids = dict.fromkeys(p for t in topics for p in rulebook.governing(t))
        return tuple(cited_all(kb, rulebook, pids, spec))

    found = [Choice("adopt", (a.topic,), on(base, [a.topic]), on(book, [a.topic]),
                    tuple(cited_all(kb, base, base.governing(a.topic))), a.reason,
                    a.location.line, a.mode) for a in spec.adopt]
    found += [Choice("add", p.topics, on(base, p.topics), (cited(kb, book, p.id),),
                     tuple(cited(kb, base if kb.has("provision", o) else book, o)
                           for o in p.overrides), "", p.location.line) for p in spec.add]
    found += [Choice("omit", kb.provision(o.provision).topics,
                     (cited(kb, base, o.provision),),
                     on(book, kb.provision(o.provision).topics), (), o.reason, o.location.line)
              for o in spec.omit]
    for change in spec.params:
        pid = change.provision
        setting = next(s for s in cited(kb, book, pid, spec).settings if s.name == change.name)
        found.append(Choice("param", kb.provision(pid).topics, (cited(kb, base, pid),),
                            (cited(kb, book, pid, spec),), (), change.reason,
                            change.location.line, setting=setting))
    return found


@dataclass(frozen=True)
class Reruling:
    """One scenario under the house rulebook and under its base edition; ``difference`` is
    :func:`kb.rules.disagreements.difference` of the two (empty when they agree)."""

    title: str
    house: Ruling
    base: Ruling
    difference: str


def rerulings(kb: KnowledgeBase, book: Rulebook, scenarios, seed: int = 0) -> list[Reruling]:
    """Every scenario of ``scenarios`` ruled under ``book`` and its base edition (random
    steps drawn with ``seed``), in the order given."""
    assert book.base is not None  # a house rulebook (kb.house.compose) has its base's id
    base = edition_rulebook(kb, book.base)
    found = []
    for scenario in scenarios:
        ours, theirs = rule(kb, book, scenario, seed), rule(kb, base, scenario, seed)
        found.append(Reruling(reader_title(scenario.title), ours, theirs, difference(ours, theirs)))
    return found


def ruled(ruling: Ruling) -> str:
    """What the dealer does under ``ruling``, its answer in floor words
    (:func:`kb.rules.answer.answer`), then the numbers it cites:
    ``"Misdeal: reshuffle and redeal (Misdeals 2(c))"``.

    >>> from kb.rules.examples import ruling
    >>> ruled(ruling("boxed-two-cards-during-deal"))
    'Misdeal: reshuffle and redeal (Misdeals 2(c))'
    """
    numbers = "; ".join(dict.fromkeys(c.citation.number for c in ruling.cited))
    return answer(ruling) + (f" ({numbers})" if numbers else "")


def what_changes(found: Reruling, base_title: str, ours: tuple[Cited, ...] = ()) -> str:
    """One scenario's change for the room, in plain words: what the dealer did under the
    base, what the dealer does under our rulebook now; where it leaves the scenario to the
    floor with no rule, ``ours`` (our provisions on that topic, if any) are said to cover
    other cases only."""
    house, base, at = _first_differing(found.house, found.base)
    now = ruled(house)
    if house.remedy == "floor-decision" and not house.cited and ours:
        numbers = ", ".join(f"{c.book} {c.number}".strip() for c in ours)
        now += f"; {numbers} {'covers' if len(ours) == 1 else 'cover'} other cases only"
    where = f" (at floor call {at})" if at else ""
    said = f"{found.title}{where}: {base_title}: {ruled(base)}; our rules now: {now}"
    # the same words for two different rulings (the cards, or steps said alike): say how
    return said + (f" ({found.difference})" if ruled(base) == now else "") + "."


def _first_differing(house: Ruling, base: Ruling) -> tuple[Ruling, Ruling, int]:
    """The first floor call at which the two rulings differ, and its number when it is
    an earlier call than the last (0 for the last): a scenario's calls are ruled in turn,
    and the difference that matters to the room is the first."""
    calls = list(zip(house.every_call, base.every_call, strict=False))
    for number, (ours, theirs) in enumerate(calls[:-1], 1):
        if difference(ours, theirs):
            return ours, theirs, number
    return house, base, 0


def is_no_op(choice: Choice) -> bool:
    """Whether an adopt leaves its topic's rules as the base has them (same provisions,
    same order): it changes nothing, and the differences page does not list it."""
    return choice.kind == "adopt" and [c.pid for c in choice.house] == [c.pid for c in
                                                                         choice.base]


def touching(choice: Choice, found: list[Reruling]) -> list[Reruling]:
    """The rerulings that differ on one of ``choice``'s topics (the house's or the base's
    ruling was made there)."""
    return [r for r in found if r.difference
            and {r.house.topic, r.base.topic} & set(choice.topics)]
