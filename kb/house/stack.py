"""A house rulebook's layers: its ``stack`` (docs/house-rulebooks.md, "Stack").

A house file may state its order of authority, highest first: the word ``house`` (the
file's own ``adopt``, ``add``, ``omit`` and ``params``), its base, and any other published
or regulator edition.  Each topic's governing provisions are then the layers' provisions
on it in stack order.  The house sets aside only what is below it: an ``instead``
adoption takes every lower layer's provisions off its topic, and ``omit`` takes a
provision out of every lower layer; a layer above the house keeps all its provisions.

Without a stack, the order is the TDA 2024 preamble's: the TDA rules supplement the
house's own rules, and a gaming agency's rules prevail over both, so the house comes
first and its base after it (:data:`HOUSE`, then the base); a house under a regulator
states a stack with the regulator's edition on top.

>>> from kb.knowledge.load import load_knowledge_base
>>> from kb.house.spec import parse_house_text
>>> from kb.rules.rulebook import edition_rulebook
>>> kb = load_knowledge_base()
>>> spec = parse_house_text('id: house.demo@1\\ntitle: Demo\\nbase: "tda@2024"\\n'
...     'stack: ["tda@2024", house]\\nadopt: [{topic: four-card-flop, '
...     'provisions: [rrop.holdem.four-card-flop]}]\\n', "demo.yaml")
>>> layers, problems = stacked(kb, spec, edition_rulebook(kb, "tda@2024"))
>>> problems, layers.stack, layers.topics["four-card-flop"][-1]
([], ('tda@2024', 'house.demo@1'), 'rrop.holdem.four-card-flop')
"""

from __future__ import annotations

from dataclasses import dataclass

from kb.files import Problem, did_you_mean
from kb.files.validation import spelled
from kb.house.spec import HouseSpec
from kb.knowledge.model import KnowledgeBase
from kb.rules.rulebook import Rulebook, edition_rulebook

#: The stack item that stands for the house file's own rules.
HOUSE = "house"


@dataclass(frozen=True)
class Layers:
    """A house book's layers composed: ``stack``, highest first (the house as the book's
    id, each edition followed by those it falls back to); ``topics``: topic -> governing
    provision ids in order; ``origin``: provision -> the stack item it governs as;
    ``set_aside``: topic -> (provision, item) pairs of lower layers the house took off."""

    stack: tuple[str, ...]
    topics: dict
    origin: dict
    set_aside: dict


def stack_of(spec: HouseSpec) -> tuple[str, ...]:
    """The stack ``spec`` states, else the TDA 2024 preamble's: the house, then the base.

    >>> from kb.house.spec import parse_house_text
    >>> stack_of(parse_house_text('id: house.a@1\\ntitle: A\\nbase: "tda@2024"\\n', "a.yaml"))
    ('house', 'tda@2024')
    """
    return spec.stack or (HOUSE, spec.base)


def stacked(kb: KnowledgeBase, spec: HouseSpec, base: Rulebook
            ) -> tuple[Layers, list[Problem]]:
    """The layers of ``spec`` on its ``base`` rulebook, and the problems of its stack
    (an unknown or repeated item, the house or the base missing, an omit of a provision
    only a layer above the house holds), each at its line."""
    problems = _stack_problems(kb, spec)
    items = [i for i in dict.fromkeys(stack_of(spec))
             if i == HOUSE or i == spec.base or kb.books.rulable(i) is not None]
    if HOUSE not in items:
        items.insert(0, HOUSE)
    if spec.base not in items:
        items.append(spec.base)
    books = {i: base if i == spec.base else edition_rulebook(kb, i)
             for i in items if i != HOUSE}
    below = set(items[items.index(HOUSE) + 1:])
    own = _house_lists(kb, spec)
    # an adoption whose ids are all unknown (reported) sets nothing aside: no knock-on gap
    instead = {a.topic for a in spec.adopt if a.mode != "before" and a.topic in own
               and any(kb.has("provision", p) for p in a.provisions)}
    omitted = {o.provision for o in spec.omit}
    topics: dict[str, list[str]] = {}
    origin: dict[str, str] = {}
    aside: dict[str, list[tuple[str, str]]] = {}
    every = dict.fromkeys([*own, *(t for b in books.values() for t in b.topics)])
    for topic in every:
        placed = topics.setdefault(topic, [])
        for item in items:
            if item == HOUSE:
                layer = [(p, spec.id) for p in own.get(topic, ())]
            else:
                book = books[item]
                layer = [(p, book.origin.get(p, item)) for p in book.governing(topic)]
                if item in below:
                    gone = layer if topic in instead else [x for x in layer if x[0] in omitted]
                    aside.setdefault(topic, []).extend(x for x in gone if x[0] not in placed)
                    layer = [x for x in layer if x not in gone]
            for pid, at in layer:
                if pid not in placed:
                    placed.append(pid)
                    origin.setdefault(pid, at)
    problems += _omit_above(kb, spec, books, items)
    stack = tuple(dict.fromkeys(s for i in items for s in
                                ((spec.id,) if i == HOUSE else books[i].stack or (i,))))
    return Layers(stack, {t: tuple(p) for t, p in topics.items()}, origin,
                  {t: tuple(dict.fromkeys(x)) for t, x in aside.items() if x}), problems


def _house_lists(kb: KnowledgeBase, spec: HouseSpec) -> dict[str, list[str]]:
    """Topic -> the house's own layer on it: its added provisions (the last added first,
    each ahead of what it overrides), then the provisions it adopts, in the stated order."""
    lists: dict[str, list[str]] = {}
    for adopt in spec.adopt:
        adopted = [p for p in dict.fromkeys(adopt.provisions) if kb.has("provision", p)]
        if adopted and kb.has("topic", adopt.topic):
            lists[adopt.topic] = adopted
    for own in spec.add:
        for topic in own.topics:
            if kb.has("topic", topic):
                lists.setdefault(topic, []).insert(0, own.id)
    return lists


def _stack_problems(kb: KnowledgeBase, spec: HouseSpec) -> list[Problem]:
    if not spec.stack:
        return []
    problems, seen = [], set()
    known = [HOUSE, *kb.books.regulator_ids, *kb.books.ids]
    for index, item in enumerate(spec.stack):
        line = spec.line("stack", index)
        if item in seen:
            problems.append(spec.problem(line, f"stack: {spelled(item)} is listed twice",
                                         "list each layer once"))
        elif item != HOUSE and kb.books.rulable(item) is None:
            problems.append(spec.problem(line, f"stack: {spelled(item)} is not a published or "
                                         "regulator edition", did_you_mean(item, known)))
        seen.add(item)
    if HOUSE in spec.stack:
        house = spec.stack.index(HOUSE)
        for index, item in enumerate(spec.stack[house + 1:], house + 1):
            if item in kb.books.regulator_ids:
                problems.append(spec.problem(
                    spec.line("stack", index), f"stack: the regulator's edition {item} is "
                    "below the house: a gaming agency's rules prevail over a house's (the "
                    "TDA 2024 preamble; the house cannot set them aside)",
                    f"put {item} above house"))
    at = spec.node.key_line("stack") if spec.node is not None else spec.line("stack")
    for needed, what in ((HOUSE, "house (this file's own rules)"),
                         (spec.base, f"the base {spec.base}")):
        if needed and needed not in seen:
            problems.append(spec.problem(at, f"stack: it does not hold "
                                         f"{what}", f"add {needed} where it stands in "
                                         "your order of authority"))
    return problems


def _omit_above(kb: KnowledgeBase, spec: HouseSpec, books: dict, items: list[str]
                ) -> list[Problem]:
    """An omit of a provision, or an added provision's override of one, that only layers
    above the house hold: the house cannot set aside a higher authority's rule."""
    above = items[:items.index(HOUSE)]
    lower = items[items.index(HOUSE) + 1:]
    regulators = set(kb.books.regulator_ids)

    def higher(pid: str) -> str | None:
        holders = [i for i in above if pid in books[i].provisions()]
        return holders[0] if holders and not any(
            pid in books[i].provisions() for i in lower) else None

    def hint(holder: str, what: str) -> str:
        return (f"remove the {what}: a regulator's rule binds the house" if holder in
                regulators else f"put house above {holder} in stack, or remove the {what}")

    problems = []
    for omit in spec.omit:
        holder = higher(omit.provision)
        if holder:
            problems.append(spec.problem(omit.line("provision"), f"omit: {omit.provision} "
                                         f"is in {holder}, which the stack puts above "
                                         "the house: the house cannot set it aside",
                                         hint(holder, "omit")))
    for own in spec.add:
        for index, pid in enumerate(own.overrides):
            holder = higher(pid)
            if holder:
                problems.append(spec.problem(
                    own.line("overrides", index, "provision"), f"add {own.id}: it overrides "
                    f"{pid}, which is in {holder}, above the house in the stack: the house "
                    "cannot set it aside", hint(holder, "override")))
    return problems
