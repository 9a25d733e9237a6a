"""House rulebook files: read and validate a house spec (docs/house-rulebooks.md).

A house rulebook file is untrusted input: it is parsed with the safe YAML loader (no tags,
no code), size-limited, every field is checked, and its Markdown text is only ever rendered
through :mod:`kb.handbook.markdown`.  Errors are :class:`HouseError` with ``file:line: message``.

>>> spec = parse_house_text('''
... id: house.friday@2026
... title: Friday Night Hold'em
... base: "tda@2024"
... adopt:
...   - {topic: four-card-flop, provisions: [rrop.holdem.four-card-flop]}
... ''', "friday.yaml")
>>> spec.base, spec.adopt[0].provisions, spec.adopt[0].location.line
('tda@2024', ('rrop.holdem.four-card-flop',), 6)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from kb.knowledge.model import Location, NOWHERE
from kb.files import InputError as YamlError, Mapping, parse_text, read_text

HOUSE_ID = re.compile(r"^house\.[a-z0-9]+(-[a-z0-9]+)*@[A-Za-z0-9.-]+$")
_PROVISION_ID = re.compile(r"^house\.[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)+$")
MAX_TEXT = 20_000   # characters in one provision's text
MAX_ITEMS = 500     # entries in one list


class HouseError(ValueError):
    """A problem in a house rulebook file; str is ``file:line: message``."""

    def __init__(self, location: Location, message: str):
        self.location, self.message = location, message
        super().__init__(f"{location}: {message}")


@dataclass(frozen=True)
class Adopt:
    """For ``topic``, the house uses ``provisions`` (first takes precedence).  ``mode`` is
    ``instead`` (the base's provisions for the topic no longer govern) or ``before`` (they
    still rule, after the adopted ones, where those do not decide)."""

    topic: str
    provisions: tuple[str, ...]
    mode: str
    reason: str
    location: Location


@dataclass(frozen=True)
class ParamChange:
    """The house sets parameter ``name`` of ``provision`` to ``value``."""

    provision: str
    name: str
    value: int | str | bool
    reason: str
    location: Location


@dataclass(frozen=True)
class HouseProvision:
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


@dataclass(frozen=True)
class Omit:
    provision: str
    reason: str
    location: Location


@dataclass(frozen=True)
class HouseSpec:
    """A parsed house rulebook file: a base edition plus explicit changes."""

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


def read_house_file(path: Path) -> HouseSpec:
    """Read the house rulebook at ``path``; raises :class:`HouseError`."""
    try:
        return _spec(_parse_file(Path(path), str(path)), str(path))
    except YamlError as error:
        raise HouseError(Location(error.file, error.line), error.message
                         + (f" ({error.hint})" if error.hint else "")) from None


def parse_house_text(text: str, name: str) -> HouseSpec:
    """Parse house rulebook ``text`` (``name`` is used in messages); raises HouseError."""
    try:
        return _spec(parse_text(text, name), name)
    except YamlError as error:
        raise HouseError(Location(error.file, error.line), error.message
                         + (f" ({error.hint})" if error.hint else "")) from None


def _where(node, key: str | None = None) -> Location:
    line = node.key_line(key) if key and isinstance(node, Mapping) else node.line
    return Location(node.file, line)


def _fields(node, what: str, required: set[str], optional: set[str]) -> None:
    if not isinstance(node, Mapping):
        raise HouseError(Location(getattr(node, "file", "?"), getattr(node, "line", 1)),
                         f"{what} must be a mapping of fields")
    for key in sorted(required - node.keys()):
        raise HouseError(_where(node), f"{what} has no {key!r}; add it")
    for key in sorted(node.keys() - required - optional):
        raise HouseError(_where(node, key), f"{what} has an unknown field {key!r}; allowed: "
                                            f"{', '.join(sorted(required | optional))}")


def _text(node, key: str, default: str | None = None, limit: int = 500) -> str:
    value = node.get(key, default)
    if not isinstance(value, str):
        raise HouseError(_where(node, key), f"{key!r} must be text; quote it")
    if len(value) > limit:
        raise HouseError(_where(node, key), f"{key!r} is longer than {limit} characters; "
                                            "shorten it")
    return value.strip()


def _ids(node, key: str) -> tuple[str, ...]:
    value = node.get(key, [])
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise HouseError(_where(node, key), f"{key!r} must be a list of ids")
    return tuple(value)


def _items(node, key: str) -> list:
    value = node.get(key) or []
    if not isinstance(value, list):
        raise HouseError(_where(node, key), f"{key!r} must be a list")
    if len(value) > MAX_ITEMS:
        raise HouseError(_where(node, key), f"{key!r} has more than {MAX_ITEMS} entries")
    return value


def _spec(data, file: str) -> HouseSpec:
    if data is None:
        raise HouseError(Location(file, 1), "the file is empty; start from "
                                            "`floorbook rulebook new`")
    _fields(data, "a house rulebook", {"id", "title", "base"},
            {"description", "adopt", "params", "add", "omit"})
    hid = _text(data, "id")
    if not HOUSE_ID.match(hid):
        raise HouseError(_where(data, "id"), f"id {hid!r} must look like house.<name>@<version>, "
                                             "e.g. house.friday@2026")
    return HouseSpec(
        hid, _text(data, "title", limit=200), _text(data, "base"),
        _text(data, "description", "", limit=MAX_TEXT),
        tuple(_adopt(n) for n in _items(data, "adopt")),
        tuple(_param(n) for n in _items(data, "params")),
        tuple(_add(n, hid) for n in _items(data, "add")),
        tuple(_omit(n) for n in _items(data, "omit")), file, _where(data))


def _adopt(node) -> Adopt:
    _fields(node, "an adopt entry", {"topic", "provisions"}, {"mode", "reason"})
    mode = _text(node, "mode", "instead")
    if mode not in ("instead", "before"):
        raise HouseError(_where(node, "mode"), f"mode {mode!r}: use 'instead' (the base's "
                                               "provisions stop governing) or 'before'")
    return Adopt(_text(node, "topic"), _ids(node, "provisions"), mode,
                 _text(node, "reason", ""), _where(node))


def _param(node) -> ParamChange:
    _fields(node, "a params entry", {"provision", "name", "value"}, {"reason"})
    value = node["value"]
    if not isinstance(value, (int, str, bool)):
        raise HouseError(_where(node, "value"), "a parameter's value must be a number, text "
                                                "or true/false")
    return ParamChange(_text(node, "provision"), _text(node, "name"), value,
                       _text(node, "reason", ""), _where(node))


def _add(node, house_id: str) -> HouseProvision:
    _fields(node, "an added provision", {"id", "number", "title", "text", "topics"},
            {"overrides", "rules-as", "as-of"})
    pid = _text(node, "id")
    prefix = house_id.split("@")[0] + "."
    if not (_PROVISION_ID.match(pid) and pid.startswith(prefix)):
        raise HouseError(_where(node, "id"), f"an added provision's id must start with "
                                             f"{prefix!r}, e.g. {prefix}exposed-card")
    number = node["number"]
    if not isinstance(number, (str, int)) or isinstance(number, bool):
        raise HouseError(_where(node, "number"), "'number' must be the house's rule number, "
                                                 "e.g. \"4.2\"")
    overrides, numbers = _overrides(node)
    return HouseProvision(pid, str(number), _text(node, "title", limit=200),
                          _text(node, "text", limit=MAX_TEXT), _ids(node, "topics"),
                          overrides, _ids(node, "rules-as"), _text(node, "as-of", ""),
                          numbers, _where(node))


def _overrides(node) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """``overrides`` lists ids, or mappings ``{provision: id, number: "35-A-7"}`` that
    record the number the house read (checked against the base edition: stale overrides)."""
    ids, numbers = [], []
    for item in _items(node, "overrides"):
        if isinstance(item, str):
            ids.append(item)
            continue
        _fields(item, "an overrides entry", {"provision"}, {"number"})
        ids.append(_text(item, "provision"))
        if "number" in item:
            numbers.append((ids[-1], str(item["number"])))
    return tuple(ids), tuple(numbers)


def _omit(node) -> Omit:
    _fields(node, "an omit entry", {"provision", "reason"}, set())
    return Omit(_text(node, "provision"), _text(node, "reason"), _where(node))


def _parse_file(path: Path, name: str):
    return parse_text(read_text(path, name), name)
