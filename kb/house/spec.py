"""House rulebook files: read a house spec (docs/house-rulebooks.md).

A house rulebook file is untrusted input, read by the one reader (:mod:`kb.files`: a
bounded read, safe YAML without aliases or tags), validated against the JSON Schema
``kb/schemas/house.schema.json``, then checked here for what a schema cannot say:
duplicates across entries and added ids under the house's own name.  References to the
knowledge base, gaps, override cycles and stale overrides are :mod:`kb.house.compose`'s.
Every problem is a :class:`kb.files.Problem` at the line of the offending value, and all
of a file's problems are reported together (:class:`HouseError`).

>>> spec = parse_house_text('''
... id: house.friday@2026
... title: Friday Night Hold'em
... base: "tda@2024"
... adopt:
...   - {topic: four-card-flop, provisions: [rrop.holdem.four-card-flop]}
... ''', "friday.yaml")
>>> spec.base, spec.adopt[0].provisions, spec.adopt[0].location.line
('tda@2024', ('rrop.holdem.four-card-flop',), 6)
>>> parse_house_text("id: friday\\ntitle: Friday\\nbase: tda@2024\\nomit: 5\\n", "f.yaml")
Traceback (most recent call last):
...
kb.house.spec.HouseError: f.yaml:1: id 'friday' is not of the right form (write house.<name>@<version>, e.g. house.friday@2026, with lowercase letters, digits and hyphens in the name)
f.yaml:4: omit must be a list or empty (write a list, one '- item' per line)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from kb.files import (
    MAX_USER_BYTES,
    InputError,
    Mapping,
    Problem,
    Sequence,
    parse_text,
    read_text,
    schema,
    validate,
)
from kb.knowledge.model import NOWHERE, Location

#: The house file format's JSON Schema (a dict); the one source of its id patterns.
SCHEMA = schema("house").schema
assert isinstance(SCHEMA, dict)  # the house schema file is an object, not true or false
#: A house rulebook id, ``house.<name>@<version>`` (the schema's ``houseId`` pattern).
HOUSE_ID = re.compile(SCHEMA["$defs"]["houseId"]["pattern"])
#: What the schema's ``houseId`` pattern asks for, in words.
HOUSE_ID_HINT = SCHEMA["$defs"]["houseId"]["patternErrorMessage"]
#: House files are one house's changes: a few KB (kb.files.MAX_USER_BYTES).
MAX_BYTES = MAX_USER_BYTES
_LISTS = ("adopt", "params", "add", "omit", "states")


class HouseError(InputError):
    """A house rulebook file that cannot be used.  ``problems`` lists every problem
    (:class:`kb.files.Problem`, sorted by line); ``str()`` is one ``file:line: message
    (what to do)`` line per problem."""

    @property
    def location(self) -> Location:
        """Where the first problem is."""
        return Location(self.file, self.line)


class _Located:
    """Lines of an entry's values: ``node`` is the entry as read (None when made in code)."""

    node: Mapping | None
    location: Location

    def line(self, key: str | None = None, index: int | None = None,
             sub: str | None = None) -> int:
        """The line of the value of ``key`` (its item ``index``; in that item, the value of
        ``sub``), else of the entry itself."""
        node = self.node
        if node is None or key is None or key not in node:
            return self.location.line
        value = node[key]
        if index is None or not isinstance(value, Sequence):
            return node.value_line(key)
        item = value[index] if 0 <= index < len(value) else None
        if sub is not None and isinstance(item, Mapping) and sub in item:
            return item.value_line(sub)
        return value.item_line(index)


@dataclass(frozen=True)
class Adopt(_Located):
    """For ``topic``, the house uses ``provisions`` (first takes precedence).  ``mode`` is
    ``instead`` (the base's provisions for the topic no longer govern) or ``before`` (they
    still rule, after the adopted ones, where those do not decide)."""

    topic: str
    provisions: tuple[str, ...]
    mode: str
    reason: str
    location: Location
    node: Mapping | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class ParamChange(_Located):
    """The house sets parameter ``name`` of ``provision`` to ``value``."""

    provision: str
    name: str
    value: int | str | bool | None  # None where the schema refused the value
    reason: str
    location: Location
    node: Mapping | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class HouseProvision(_Located):
    """A provision the house writes itself.  ``overrides`` names what it takes precedence
    over; ``rules_as`` names existing provisions whose deciders rule for it; ``as_of`` is
    the edition the overridden provisions' numbers were read in (for stale checks)."""

    id: str
    number: str
    title: str
    text: str
    topics: tuple[str, ...]
    overrides: tuple[str, ...]
    rules_as: tuple[str, ...]
    as_of: str
    overridden_numbers: tuple[tuple[str, str], ...]
    location: Location
    node: Mapping | None = field(default=None, compare=False, repr=False)
    #: Whether the schema refused part of the entry (its refused fields are left out).
    partial: bool = field(default=False, compare=False)


@dataclass(frozen=True)
class Omit(_Located):
    """The house removes ``provision`` from every topic."""

    provision: str
    reason: str
    location: Location
    node: Mapping | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class Stated(_Located):
    """What the house rulebook ``says`` on ``point``, a point a regulator requires every
    house rulebook under it to state (:mod:`kb.house.requirements`)."""

    point: str
    says: str
    location: Location
    node: Mapping | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class HouseSpec(_Located):
    """A parsed house rulebook file: a base edition plus explicit changes.

    Read from a file with problems (:func:`read_house`), a header field the schema refused
    is ``""``, a list entry keeps the fields the schema accepted, and an entry without the
    field that names it is left out; ``unread_ids`` then holds the ids of ``add`` entries
    left out, so that references to them are not reported as unknown."""

    id: str
    title: str
    base: str
    description: str
    adopt: tuple[Adopt, ...]
    params: tuple[ParamChange, ...]
    add: tuple[HouseProvision, ...]
    omit: tuple[Omit, ...]
    file: str
    location: Location = NOWHERE
    node: Mapping | None = field(default=None, compare=False, repr=False)
    unread_ids: frozenset[str] = frozenset()
    #: the order of authority the file states, highest first (``stack``; the word
    #: ``house`` for its own rules); empty when it states none (kb.house.stack's default)
    stack: tuple[str, ...] = ()
    states: tuple[Stated, ...] = ()
    #: ``example: true``: a bundled example, which the handbook's book chooser leaves off
    #: until the reader shows it
    example: bool = False

    def problem(self, line: int, message: str, hint: str = "") -> Problem:
        """A :class:`~kb.files.Problem` of this file at ``line``."""
        return Problem(self.file, max(line, 1), message, hint)


# --------------------------------------------------------------------------- reading


def read_house(path: Path, name: str | None = None) -> tuple[HouseSpec | None, list[Problem]]:
    """The house file at ``path`` as far as it can be read, and every problem of the file
    itself (schema, duplicates, ids), sorted by line.  The spec is None when the file
    cannot be read or parsed or is not a mapping; otherwise it holds the valid parts."""
    name = name or str(path)
    try:
        data = parse_text(read_text(Path(path), name, MAX_BYTES), name)
    except InputError as error:
        return None, list(error.problems)
    return house_spec(data, name)


def read_house_file(path: Path) -> HouseSpec:
    """Read the house rulebook at ``path``; raises :class:`HouseError` with every problem
    of the file itself."""
    spec, problems = read_house(Path(path))
    if problems or spec is None:
        raise HouseError(problems)
    return spec


def parse_house_text(text: str, name: str) -> HouseSpec:
    """Parse house rulebook ``text`` (``name`` is used in messages); raises
    :class:`HouseError` with every problem of the text."""
    try:
        spec, problems = house_spec(parse_text(text, name), name)
    except InputError as error:
        raise HouseError(error.problems) from None
    if problems or spec is None:
        raise HouseError(problems)
    return spec


def house_spec(data, name: str) -> tuple[HouseSpec | None, list[Problem]]:
    """The spec in ``data`` (as :func:`kb.files.parse_text` returns it) and its problems:
    the schema's, then the checks across entries; see :func:`read_house`.

    An entry the schema refused in part still counts with the fields it accepted (an entry
    with ``mode: after`` still adopts its topic, so a second entry for that topic is still
    reported); a field the schema refused is left out, and an entry without the field that
    names it (an adopt's ``topic``, an add's ``id``, ...) is left out."""
    if data is None:
        return None, [Problem(name, 1, "the file is empty", "start from `floorbook rulebook "
                                                            "new`, or see docs/house-rulebooks.md")]
    problems = validate(data, "house", name)
    if not isinstance(data, Mapping):
        return None, problems
    refused = {tuple(error.absolute_path) for error in schema("house").iter_errors(data)}

    def header(key: str) -> str:
        return data[key].strip() if key in data and (key,) not in refused else ""

    def entries(key: str, make, *named: str) -> tuple[list, list]:
        """The entries of list ``key`` made from the fields the schema accepted, and the
        entries left out; none when the list itself is refused (not a list, too long)."""
        value = data.get(key)
        if not isinstance(value, Sequence) or (key,) in refused:
            return [], []
        made, left = [], []
        for i, node in enumerate(value):
            bad = {path[2] for path in refused if len(path) > 2 and path[:2] == (key, i)}
            fields = {k: v for k, v in node.items() if k not in bad} \
                if isinstance(node, Mapping) else {}
            if all(k in fields for k in named):
                made.append(make(node, fields, bool(bad) or (key, i) in refused))
            else:
                left.append(node)
        return made, left

    added, unread = entries("add", _add, "id")
    spec = HouseSpec(
        header("id"), header("title"), header("base"), header("description"),
        tuple(entries("adopt", _adopt, "topic")[0]),
        tuple(entries("params", _param, "provision", "name")[0]), tuple(added),
        tuple(entries("omit", _omit, "provision")[0]),
        name, Location(name, data.line), data,
        frozenset(n["id"] for n in unread if isinstance(n, Mapping)
                  and isinstance(n.get("id"), str)), _stack(data, refused),
        tuple(entries("states", _stated, "point")[0]),
        data.get("example") is True and ("example",) not in refused)
    return spec, sorted(problems + entry_problems(spec), key=lambda p: (p.line, p.message))


def _stack(data: Mapping, refused: set) -> tuple[str, ...]:
    """The ``stack`` items the schema accepted (none when the list itself is refused)."""
    value = data.get("stack")
    if not isinstance(value, Sequence) or ("stack",) in refused:
        return ()
    return tuple(item for i, item in enumerate(value)
                 if isinstance(item, str) and ("stack", i) not in refused)


def _at(node: Mapping) -> Location:
    return Location(node.file, node.line)


def _ids(value) -> tuple[str, ...]:
    """One id or a list of ids (the schema allows both), as a tuple."""
    return (value,) if isinstance(value, str) else tuple(value)


def _adopt(node: Mapping, fields: dict, partial: bool) -> Adopt:
    return Adopt(fields["topic"], _ids(fields.get("provisions", ())),
                 fields.get("mode", "instead"), fields.get("reason", "").strip(), _at(node),
                 node)


def _param(node: Mapping, fields: dict, partial: bool) -> ParamChange:
    """A parameter change (``value`` None where the schema refused it)."""
    return ParamChange(fields["provision"], fields["name"], fields.get("value"),
                       fields.get("reason", "").strip(), _at(node), node)


def _add(node: Mapping, fields: dict, partial: bool) -> HouseProvision:
    ids, numbers = [], []
    for item in fields.get("overrides") or []:
        ids.append(item if isinstance(item, str) else item["provision"])
        if isinstance(item, Mapping) and "number" in item:
            numbers.append((ids[-1], str(item["number"])))
    return HouseProvision(fields["id"], str(fields.get("number", "")).strip(),
                          fields.get("title", "").strip(), fields.get("text", "").strip(),
                          _ids(fields.get("topics", ())), tuple(ids),
                          _ids(fields.get("rules-as", ())), fields.get("as-of", ""),
                          tuple(numbers), _at(node), node, partial)


def _omit(node: Mapping, fields: dict, partial: bool) -> Omit:
    return Omit(fields["provision"], fields.get("reason", "").strip(), _at(node), node)


def _stated(node: Mapping, fields: dict, partial: bool) -> Stated:
    return Stated(fields["point"], fields.get("says", "").strip(), _at(node), node)


# --------------------------------------------------------------------------- checks


def entry_problems(spec: HouseSpec) -> list[Problem]:
    """What the schema cannot say about ``spec``: ids twice, added ids outside the house's
    name, and numbers that YAML read as fractions."""
    return [*_twice(spec), *_added_ids(spec), *_fractions(spec)]


def _twice(spec: HouseSpec) -> list[Problem]:
    """A topic adopted twice, a provision listed twice in one adopt, a provision omitted
    twice, a parameter set twice, an id added twice, a point stated twice: each at its
    second place."""
    problems: list[Problem] = []
    seen: dict[tuple, int] = {}

    def once(key: tuple, line: int, message: str, hint: str) -> None:
        if key in seen:
            problems.append(spec.problem(line, message + f" (also at line {seen[key]})",
                                         hint))
        else:
            seen[key] = line

    for adopt in spec.adopt:
        once(("topic", adopt.topic), adopt.line("topic"),
             f"adopt: topic {adopt.topic!r} is adopted twice", "keep one entry per topic")
        for i, pid in enumerate(adopt.provisions):
            once(("adopt", adopt.topic, pid), adopt.line("provisions", i),
                 f"adopt: {pid!r} is listed twice for topic {adopt.topic!r}", "list it once")
    for omit in spec.omit:
        once(("omit", omit.provision), omit.line("provision"),
             f"omit: {omit.provision!r} is omitted twice", "keep one entry")
    for change in spec.params:
        once(("param", change.provision, change.name), change.line("name"),
             f"params: {change.provision} {change.name!r} is set twice", "keep one entry")
    for own in spec.add:
        once(("add", own.id), own.line("id"), f"add: the id {own.id!r} is used twice",
             "give each added provision its own id")
    for stated in spec.states:
        once(("states", stated.point), stated.line("point"), f"states: the point "
             f"{stated.point!r} is stated twice", "keep one entry per point")
    return problems


def _added_ids(spec: HouseSpec) -> list[Problem]:
    """Added provisions are named under the house: house.<name>.<rule>."""
    if not spec.id:
        return []   # the id itself is wrong (reported): no knock-on problems
    prefix = spec.id.partition("@")[0] + "."
    return [spec.problem(own.line("id"), f"add: the id {own.id!r} does not start with "
                         f"{prefix!r}", f"name it under your rulebook, e.g. {prefix}"
                         + own.id.rpartition(".")[2])
            for own in spec.add if not own.id.startswith(prefix)]


def _fractions(spec: HouseSpec) -> list[Problem]:
    """``number: 4.0`` passes the schema (JSON Schema counts 4.0 as a whole number), but
    YAML read it as a fraction: ask for the text the author meant."""
    return [spec.problem(own.line("number"), f"add: number {own.number} is read as a "
                         f"number, not as your rule's number", f'quote it: "{own.number}"')
            for own in spec.add if own.number and own.node is not None
            and isinstance(own.node.get("number"), float)]
