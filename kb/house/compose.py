"""Compose a house rulebook: a base edition plus the explicit changes of a house file.

Precedence is stated, never implied by order:

* ``adopt`` gives one topic the listed provisions, first taking precedence: ``instead`` of
  the base's (the default), or ``before`` them (the base's still rule where the adopted
  ones do not decide);
* ``add`` puts the house's own provision first on its topics, ahead of every provision it
  names in ``overrides``; a base provision it does not override keeps governing beside it,
  and if the two rule a scenario differently that is a conflict (see :mod:`kb.house.check`);
* ``omit`` removes a provision from every topic;
* ``params`` changes a parameter a governing provision declares;
* ``stack`` orders the house's rules among its base and other editions (a regulator's on
  top): :mod:`kb.house.stack`, which composes the topics.

Structural problems (unknown ids, gaps, override cycles, stale overrides) are found here;
each is a :class:`~kb.knowledge.load.Problem` pointing at the house file's line.

>>> from kb.knowledge.load import load_knowledge_base
>>> from kb.house.spec import parse_house_text
>>> kb = load_knowledge_base()
>>> spec = parse_house_text('''
... id: house.demo@1
... title: Demo
... base: "tda@2024"
... adopt:
...   - {topic: four-card-flop, provisions: [rrop.holdem.four-card-flop, rrop.holdem.flop-redeal]}
... ''', "demo.yaml")
>>> book, problems = compose(kb, spec)
>>> problems, book.governing("four-card-flop")
([], ('rrop.holdem.four-card-flop', 'rrop.holdem.flop-redeal'))
"""

from __future__ import annotations

from pathlib import Path

import networkx as nx

from kb import DATA
from kb.files import Problem, did_you_mean, nearest_or
from kb.files.validation import spelled
from kb.house.spec import HouseProvision, HouseSpec, read_house
from kb.house.stack import stacked
from kb.knowledge.model import KnowledgeBase
from kb.rules.books import published_editions
from kb.rules.books import resolve_rulebook as resolve_id
from kb.rules.rulebook import Rulebook, RulebookError, edition_rulebook

RULEBOOKS = DATA / "rulebooks"
#: An override cycle lists at most this many of its group's provisions.
_SHOWN = 8


def compose(kb: KnowledgeBase, spec: HouseSpec) -> tuple[Rulebook | None, list[Problem]]:
    """The rulebook ``spec`` describes, and the structural problems found, sorted by line
    (empty when it composes cleanly).  Returns ``(None, problems)`` when the base is not a
    published edition (``""``: the schema refused it, and that is reported already)."""
    problems = references(kb, spec) + cycles(spec)
    if kb.books.get(spec.base) is None:
        if spec.base:
            problems.append(spec.problem(spec.line("base"), f"base {spelled(spec.base)} is not a "
                                         "published edition",
                                         did_you_mean(spec.base, kb.books.ids)))
        return None, _by_line(problems)
    base = edition_rulebook(kb, spec.base)
    emptied = _omit(kb, spec, {t: list(p) for t, p in base.topics.items()}, problems)
    layers, found = stacked(kb, spec, base)
    topics = layers.topics
    params = _params(kb, spec, topics, problems)
    problems += found + _gaps(base, spec, topics, emptied) + _stale(kb, spec)
    own = {p.id: p for p in spec.add}
    editions = (spec.id, spec.base) + tuple(
        e.id for e in kb.editions if e.id not in (spec.id, spec.base))
    book = Rulebook(spec.id, spec.title, editions, dict(topics), dict(base.silent), params,
                    spec.base, own=own,
                    executes_as={p.id: p.rules_as for p in spec.add if p.rules_as},
                    stack=layers.stack, origin=layers.origin, set_aside=layers.set_aside,
                    example=spec.example)
    return book, _by_line(problems)


def _by_line(problems: list[Problem]) -> list[Problem]:
    return sorted(set(problems), key=lambda p: (p.file, p.line, p.message))


# --------------------------------------------------------------------------- references


def references(kb: KnowledgeBase, spec: HouseSpec) -> list[Problem]:
    """Every id of ``spec`` that names nothing in the knowledge base (or the file), each at
    its line; whatever the base."""
    return [*_adopt_refs(kb, spec), *_param_refs(kb, spec), *_add_refs(kb, spec),
            *(spec.problem(o.line("provision"), f"omit: unknown provision {spelled(o.provision)}",
                           _find(kb, "provision", o.provision))
              for o in spec.omit if not kb.has("provision", o.provision))]


def _find(kb: KnowledgeBase, kind: str, name) -> str:
    """What to do about an unknown provision or topic id (``kind``): the nearest known id,
    else where the ids are listed."""
    return nearest_or(name, [r.id for r in (kb.provisions if kind == "provision"
                                             else kb.topics)], _FIND[kind])


_FIND = {"provision": "check the id in the handbook's provision index",
         "topic": "use a topic id from the handbook's topic pages"}


def _adopt_refs(kb, spec):
    for adopt in spec.adopt:
        if not kb.has("topic", adopt.topic):
            yield spec.problem(adopt.line("topic"), f"adopt: unknown topic {spelled(adopt.topic)}",
                               _find(kb, "topic", adopt.topic))
        for i, pid in enumerate(adopt.provisions):
            if not kb.has("provision", pid):
                yield spec.problem(adopt.line("provisions", i), f"adopt: unknown provision "
                                   f"{spelled(pid)}", _find(kb, "provision", pid))
            elif kb.has("topic", adopt.topic) and adopt.topic not in kb.provision(pid).topics:
                yield spec.problem(adopt.line("provisions", i), f"adopt: {pid} does not "
                                   f"answer topic {spelled(adopt.topic)}", "pick one that does: "
                                   + ", ".join(_answering(kb, adopt.topic)[:6]))


def _answering(kb: KnowledgeBase, topic: str) -> list[str]:
    return [p.id for p in kb.provisions if topic in p.topics]


def _param_refs(kb, spec):
    for change in spec.params:
        if not kb.has("provision", change.provision):
            yield spec.problem(change.line("provision"), f"params: unknown provision "
                               f"{spelled(change.provision)}",
                               _find(kb, "provision", change.provision))
            continue
        declared = {p.name: p for p in kb.provision(change.provision).params}
        if change.name not in declared:
            yield spec.problem(change.line("name"), f"params: {change.provision} has no "
                               f"parameter {change.name!r}", nearest_or(
                                   change.name, declared, "use one it declares: "
                                   + (", ".join(declared) or "it declares none")))
            continue
        default = declared[change.name].default
        if change.value is not None and type(change.value) is not type(default):
            yield spec.problem(change.line("value"), f"params: {change.name} takes "
                               f"{_kind(default)}, not {_yaml(change.value)}",
                               f"write a value like {_yaml(default)}")


def _kind(value) -> str:
    return ("true or false" if isinstance(value, bool) else "a whole number"
            if isinstance(value, int) else "text")


def _yaml(value) -> str:
    """``value`` as it is written in YAML: true, 2, 'text'."""
    return str(value).lower() if isinstance(value, bool) else repr(value)


def _add_refs(kb, spec):
    known = {p.id for p in spec.add} | spec.unread_ids
    for own in spec.add:
        if kb.has("provision", own.id):
            yield spec.problem(own.line("id"), f"add: {spelled(own.id)} is already a provision of "
                               "the knowledge base", "choose another id")
        for key, refs in (("overrides", own.overrides), ("rules-as", own.rules_as)):
            for i, ref in enumerate(refs):
                if not kb.has("provision", ref) and ref not in known:
                    yield spec.problem(own.line(key, i, "provision"), f"add {own.id}: "
                                       f"unknown provision {spelled(ref)} in {key}",
                                       _find(kb, "provision", ref))
        for i, topic in enumerate(own.topics):
            if not kb.has("topic", topic):
                yield spec.problem(own.line("topics", i), f"add {own.id}: unknown topic "
                                   f"{spelled(topic)}", _find(kb, "topic", topic))
        yield from _rules_as_topics(kb, spec, own)
        if own.as_of and not kb.has("edition", own.as_of):
            yield spec.problem(own.line("as-of"), f"add {own.id}: unknown edition "
                               f"{spelled(own.as_of)} in as-of", "use an edition id such as "
                               "tda@2024 or rrop@v11")


def _rules_as_topics(kb, spec, own: HouseProvision):
    """A ``rules-as`` provision must answer one of the add's topics: its decider rules
    only the irregularities of its own topics, so any other would never rule for it."""
    topics = [t for t in own.topics if kb.has("topic", t)]
    if not topics:
        return                     # no known topic (reported): nothing to compare with
    for i, ref in enumerate(own.rules_as):
        if kb.has("provision", ref) and not set(kb.provision(ref).topics) & set(topics):
            answering = [p for t in topics for p in _answering(kb, t)]
            yield spec.problem(own.line("rules-as", i), f"add {own.id}: rules-as {ref} "
                               f"answers none of its topics ({', '.join(topics)})",
                               "use a provision that answers one of them: "
                               + ", ".join(list(dict.fromkeys(answering))[:6]))


# --------------------------------------------------------------------------- composing


def _omit(kb, spec, topics, problems) -> dict[str, int]:
    """Remove omitted provisions; returns topic -> the line of the omit that emptied it."""
    emptied, done = {}, set()
    for omit in spec.omit:
        if not kb.has("provision", omit.provision) or omit.provision in done:
            continue                       # reported by references() and by the spec
        done.add(omit.provision)
        holding = [t for t, pids in topics.items() if omit.provision in pids]
        if not holding:
            problems.append(spec.problem(omit.line("provision"), f"omit: {spelled(omit.provision)} "
                                         f"does not govern any topic in {spec.base}",
                                         "remove the entry"))
        for topic in holding:
            topics[topic].remove(omit.provision)
            if not topics[topic]:
                emptied[topic] = omit.line("provision")
    return emptied


def _params(kb, spec, topics, problems) -> dict:
    governing = {p for pids in topics.values() for p in pids}
    params = {}
    for change in spec.params:
        if not kb.has("provision", change.provision):
            continue                                     # reported by references()
        declared = {p.name: p for p in kb.provision(change.provision).params}
        if change.name not in declared:
            continue
        if change.provision not in governing:
            problems.append(spec.problem(change.line("provision"), f"params: "
                                         f"{change.provision} does not govern anything in "
                                         "this rulebook", "adopt it first"))
        if change.value is not None:                     # else the schema refused it
            params[f"{change.provision}/{change.name}"] = change.value
    return params


def _gaps(base: Rulebook, spec: HouseSpec, topics, emptied: dict[str, int]) -> list[Problem]:
    """A topic the base governs that the house left with no provision: at the omit that
    took its last provision away."""
    return [spec.problem(emptied.get(topic, spec.location.line), f"gap: topic {spelled(topic)} has "
                         f"no governing provision left (the base {spec.base} had "
                         f"{', '.join(base.topics[topic])})",
                         "adopt or add one, or keep the base's")
            for topic, pids in sorted(topics.items()) if not pids and base.topics.get(topic)]


def cycles(spec: HouseSpec) -> list[Problem]:
    """Added provisions that override one another in a circle: one problem per strongly
    connected group, showing one cycle through it (bounded work and output, however many
    cycles the group holds: 12 provisions overriding each other hold billions)."""
    graph: nx.DiGraph = nx.DiGraph()
    graph.add_edges_from((p.id, o) for p in spec.add for o in p.overrides)
    own = {p.id: p for p in spec.add}
    problems = []
    for group in nx.strongly_connected_components(graph):
        first = min(group)
        if len(group) == 1:
            if graph.has_edge(first, first):
                problems.append(spec.problem(_override_line(own[first], first),
                                             f"add {first}: it overrides itself",
                                             "remove it from its overrides"))
            continue
        cycle = [u for u, _ in nx.find_cycle(graph.subgraph(group), source=first)]
        turn = cycle.index(min(cycle))
        cycle = cycle[turn:] + cycle[:turn]
        message = "override cycle: " + " -> ".join(cycle + [cycle[0]])
        if len(group) > len(cycle):
            names = sorted(group)
            message += (f" (one of the cycles among {len(group)} added provisions: "
                        + ", ".join(names[:_SHOWN]) + (", ..." if len(names) > _SHOWN else "")
                        + ")")
        problems.append(spec.problem(_override_line(own[cycle[0]], cycle[1]), message,
                                     "remove one override, so that precedence runs one way"))
    return problems


def _override_line(own: HouseProvision, target: str, sub: str | None = "provision") -> int:
    """The line where ``own`` overrides ``target``."""
    index = own.overrides.index(target) if target in own.overrides else None
    return own.line("overrides", index, sub)


def _stale(kb: KnowledgeBase, spec: HouseSpec) -> list[Problem]:
    """An override written against a number that the base edition no longer prints."""
    problems = []
    for own in spec.add:
        read_in = own.as_of or spec.base
        if not kb.has("edition", read_in):
            continue                                     # reported by references()
        for pid, number in own.overridden_numbers:
            if not kb.has("provision", pid):
                continue
            provision, line = kb.provision(pid), _override_line(own, pid, "number")
            then, now = provision.number_in(read_in), provision.number_in(spec.base)
            if then is None or then.number != number:
                problems.append(spec.problem(line, f"add {own.id}: {pid} is not numbered "
                                             f"{number!r} in {read_in}",
                                             _numbered(provision, read_in)))
            elif now is None:
                problems.append(spec.problem(line, f"stale override: {pid} ({read_in} "
                                             f"{number}) is not in the base {spec.base}",
                                             "remove the override or change the base"))
            elif now.number != number:
                problems.append(spec.problem(line, f"stale override: {own.id} overrides "
                                             f"{pid} as {read_in} numbers it ({number}); the "
                                             f"base {spec.base} numbers it {now.number}",
                                             "check its text and update the number and "
                                             "as-of"))
    return problems


def _numbered(provision, edition: str) -> str:
    then = provision.number_in(edition)
    return (f"{edition} numbers it {then.number}: fix the number or as-of" if then
            else f"it is not in {edition}: fix as-of")


def compose_file(kb: KnowledgeBase, path: Path
                 ) -> tuple[HouseSpec | None, Rulebook | None, list[Problem]]:
    """Read the house file at ``path`` and compose it: the spec and the rulebook as far as
    they could be made (None when not), and every problem of the file (its own and the
    composition's), sorted by line."""
    spec, problems = read_house(Path(path))
    if spec is None:
        return None, None, problems
    book, more = compose(kb, spec)
    return spec, book, _by_line(problems + more)


def load_house_rulebook(kb: KnowledgeBase, path: Path) -> Rulebook:
    """Read and compose the house file at ``path``; raises :class:`HouseFileError` whose
    ``problems`` are every problem, its text one ``file:line: message (what to do)`` each."""
    _, book, problems = compose_file(kb, path)
    if problems or book is None:
        raise HouseFileError(problems)
    return book


class HouseFileError(RulebookError):
    """A house rulebook file that does not read or compose: bad input, not bad usage.
    ``problems``: every :class:`~kb.files.Problem`, in order."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


def house_rulebooks(kb: KnowledgeBase, folder: Path = RULEBOOKS) -> list[Rulebook]:
    """The house rulebooks of ``folder`` (default: the bundled kb/data/rulebooks), composed.
    Raises :class:`HouseFileError` with every problem of every file
    (:func:`folder_rulebooks`)."""
    books, problems = folder_rulebooks(kb, folder)
    if problems:
        raise HouseFileError(problems)
    return books


def folder_rulebooks(kb: KnowledgeBase, folder: Path = RULEBOOKS
                     ) -> tuple[list[Rulebook], list[Problem]]:
    """The house rulebooks of ``folder`` that compose cleanly, by file name, and every
    problem of every file, in file order: each file's own, and a house id that an earlier
    file already has (at the second file's id, naming the first file)."""
    books: list[Rulebook] = []
    problems: list[Problem] = []
    first: dict[str, Path] = {}
    for path in sorted(Path(folder).glob("*.yaml")):
        spec, book, found = compose_file(kb, path)
        problems += found
        if spec is not None and spec.id in first:
            problems.append(spec.problem(spec.line("id"), f"the id {spec.id!r} is also the "
                                         f"id of {first[spec.id]}", "give each house "
                                         "rulebook of the folder its own id"))
            continue
        if spec is not None and spec.id:
            first[spec.id] = path
        if book is not None and not found:
            books.append(book)
    return books, problems


def published_rulebooks(kb: KnowledgeBase, folder: Path = RULEBOOKS) -> list[Rulebook]:
    """Every published rulebook: the editions, then the house rulebooks composed from
    ``folder`` (default kb/data/rulebooks; a data folder's ``rulebooks``, if it has one)."""
    return [*published_editions(kb), *(house_rulebooks(kb, folder) if folder.is_dir() else [])]


def resolve_rulebook(kb: KnowledgeBase, ident: str, folder: Path = RULEBOOKS) -> Rulebook:
    """The rulebook named by ``ident``: an edition id, a house rulebook id of ``folder``
    (default kb/data/rulebooks), or the path of a house rulebook file.  Raises
    :class:`RulebookError` with what to do."""
    looks_like_path = ident.endswith((".yaml", ".yml")) or "/" in ident
    if looks_like_path and kb.books.get(ident) is None:    # a published id comes first
        # read like any input file: missing, a FIFO, a folder -> HouseFileError, located
        return load_house_rulebook(kb, Path(ident))
    return resolve_id(kb, ident, lambda: house_rulebooks(kb, folder) if folder.is_dir() else [])
