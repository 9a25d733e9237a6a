"""A scenario's ``expect``: read for the test collector, never a reason to refuse a file.

``floorbook rule`` and ``compare`` rule a scenario whatever its ``expect`` holds (an
outside suite may keep keys of its own there), so :mod:`kb.hand.scenario_file` does not
check it with the rest of the file.  :func:`read_expect` checks it apart, against
``$defs/expect`` of ``kb/schemas/scenario.schema.json`` and for cards that are not cards,
and gives the entries without a problem as records, the line of each rulebook id, and the
problems, each located.  The test collector (:mod:`kb.pytest_plugin`) reports those
problems as the scenario's failure.

An expected ``remedy: continue`` that names no citation passes whatever irregularity the
ruling missed (every call that finds nothing also continues), so it is a problem,
:class:`UncitedContinue`, at its line; the collector reports it only where a project asks
(the ini key ``floorbook_require_citations``), since the exchange format's own example
expects a bare ``continue``.  ``citations_unchecked: REASON`` says why an entry names none.
Likewise an entry that does not say who read it (``read: text`` with ``why``, or ``read:
engine``) is :class:`UnmarkedEntry`, reported where the project asks
(``floorbook_require_read``).

>>> from kb.files import parse_text
>>> data = parse_text('expect:\\n  "tda@2024": {remedy: continue, random: false, '
...                   'read: engine}\\n  rrop@v11: {remedy: continue, burn: [8s]}\\n', "x.yaml")
>>> expect, lines, problems = read_expect(data, "x.yaml")
>>> expect["tda@2024"], lines
({'remedy': 'continue', 'random': False, 'read': 'engine'}, {'tda@2024': 2, 'rrop@v11': 3})
>>> for problem in problems:  # doctest: +ELLIPSIS
...     print(problem)
x.yaml:2: expect.tda@2024 expects remedy: continue without citations (name the provisions ...)
x.yaml:3: expect.rrop@v11 does not say whether it was read from the book's text (add read: ...)
x.yaml:3: expect.rrop@v11 expects remedy: continue without citations (name the provisions ...)
x.yaml:3: expect.rrop@v11 has an unknown field 'burn' (did you mean 'burns'?)
"""

from __future__ import annotations

import json
from functools import cache

from jsonschema import Draft202012Validator

from kb.files import SCHEMAS, Mapping, Problem, Sequence, validate_with, whole_number_problems
from kb.hand.scenario import Citation
from kb.hand.scenario_events import card_problems, cards, numbers

#: The marker of an entry whose citations are deliberately left unchecked (its reason).
UNCHECKED = "citations_unchecked"
#: Who read an entry: ``read: text`` (someone read it against the book, ``why`` says how)
#: or ``read: engine`` (the engine's ruling, not yet read); neither is compared.
READ, WHY = "read", "why"


class UncitedContinue(Problem):
    """An expected ``remedy: continue`` without ``citations`` or :data:`UNCHECKED`: a
    :class:`Problem` the collector reports only where the project asks."""


class UnmarkedEntry(Problem):
    """An entry that does not say who read it (no :data:`READ`): a :class:`Problem` the
    collector reports only where the project asks (``floorbook_require_read``)."""


@cache
def _validators() -> tuple[Draft202012Validator, Draft202012Validator]:
    """Validators of a whole file's ``expect`` and of one entry, from the scenario
    schema's ``$defs``."""
    with open(SCHEMAS / "scenario.schema.json", encoding="utf-8") as handle:
        defs = json.load(handle)["$defs"]
    whole = {"$defs": defs, "type": "object",
             "properties": {"expect": {"$ref": "#/$defs/expect"}}}
    entry = {"$defs": defs, "$ref": "#/$defs/expectation"}
    return Draft202012Validator(whole), Draft202012Validator(entry)


def read_expect(data: Mapping, file: str) -> tuple[dict, dict, list[Problem]]:
    """The ``expect`` of a scenario file's ``data``: rulebook id to the checked entry (only
    entries without a problem), rulebook id to its line, and every problem found."""
    expect = data.get("expect")
    if expect is None:
        return {}, {}, []
    whole, one = _validators()
    problems = validate_with(whole, data, file)
    problems += whole_number_problems(expect, file, problems, "expect")
    if not isinstance(expect, Mapping):
        return {}, {}, problems
    entries = {}
    for book, entry in expect.items():
        cards_wrong = _card_problems(book, entry, file)
        line = expect.key_line(book)
        problems += cards_wrong + _citation_problems(entry, f"expect.{book}", file, line) \
            + _read_problems(entry, f"expect.{book}", file, line)
        if isinstance(entry, Mapping) and not validate_with(one, entry, file) \
                and not cards_wrong and not whole_number_problems(entry, file, []):
            entries[book] = _expectation(entry)
    return entries, {book: expect.key_line(book) for book in expect}, \
        sorted(problems, key=lambda p: (p.line, p.message))


def _card_problems(book: str, entry, file: str, where: str = "") -> list[Problem]:
    """Cards in an expected table (and its earlier calls') that are not cards."""
    if not isinstance(entry, Mapping):
        return []
    where = where or f"expect.{book}"
    problems = []
    for key in ("board", "burns", "muck", "stub_top", "set_aside"):
        if key in entry:
            problems += card_problems(entry, key, f"{where}.{key}", file)
    hands = entry.get("hands")
    if isinstance(hands, Mapping):
        for seat in hands:
            problems += card_problems(hands, seat, f"{where}.hands.{seat}", file)
    calls = entry.get("calls")
    if isinstance(calls, Sequence):
        for call in calls:
            problems += _card_problems(book, call, file, f"{where}.calls item")
    return problems


def _citation_problems(entry, where: str, file: str, line: int) -> list[Problem]:
    """An entry (and its earlier calls) that expects ``continue`` and checks no citation,
    or both checks citations and says it does not."""
    if not isinstance(entry, Mapping):
        return []
    problems: list[Problem] = []
    if "citations" in entry and UNCHECKED in entry:
        problems.append(Problem(file, line, f"{where} has both citations and {UNCHECKED}",
                                "keep the citations, or the reason they are not checked"))
    elif entry.get("remedy") == "continue" and "citations" not in entry \
            and UNCHECKED not in entry:
        problems.append(UncitedContinue(
            file, line, f"{where} expects remedy: continue without citations",
            "name the provisions that decide it in citations, [] when the call rules "
            f"nothing, or say why they are not checked in {UNCHECKED}"))
    calls = entry.get("calls")
    if isinstance(calls, Sequence):
        for index, call in enumerate(calls):
            problems += _citation_problems(call, f"{where}.calls item", file,
                                           calls.item_line(index))
    return problems


def _read_problems(entry, where: str, file: str, line: int) -> list[Problem]:
    """Who read the entry: ``read: text`` needs ``why``, ``why`` needs ``read: text``, an
    earlier call has neither (the entry is read whole), and an entry without ``read`` is
    :class:`UnmarkedEntry`."""
    if not isinstance(entry, Mapping):
        return []
    problems: list[Problem] = []
    if READ not in entry:
        problems.append(UnmarkedEntry(
            file, line, f"{where} does not say whether it was read from the book's text",
            f"add {READ}: text with {WHY}: \"the rule and the reason\" once you have read "
            f"it, or {READ}: engine for the engine's ruling not yet read"))
    elif entry[READ] == "text" and WHY not in entry:
        problems.append(Problem(file, line, f"{where} says {READ}: text without {WHY}",
                                f"add {WHY}: \"the rule and the short reason\""))
    if WHY in entry and entry.get(READ) != "text":
        problems.append(Problem(file, line, f"{where} has {WHY} but not {READ}: text",
                                f"add {READ}: text, or remove {WHY}"))
    calls = entry.get("calls")
    if not isinstance(calls, Sequence):
        return problems
    for index, call in enumerate(calls):
        if isinstance(call, Mapping) and (READ in call or WHY in call):
            problems.append(Problem(file, calls.item_line(index),
                                    f"{where}.calls item has {READ} or {WHY}",
                                    "say who read the entry once, on the entry itself"))
    return problems


def _expectation(entry: Mapping) -> dict:
    """One checked ``expect`` entry: cards as tuples, hand seats as numbers, dead seats
    sorted, citations as :class:`Citation` records, earlier floor calls as entries."""
    result: dict = {}
    for key, value in entry.items():
        if key in (UNCHECKED, WHY):       # reasons for people: nothing to compare
            continue
        if key in ("remedy", "random", READ):
            result[key] = value
        elif key == "citations":
            result[key] = tuple(Citation(c["source"], c["edition"], c["number"])
                                for c in value)
        elif key == "hands":
            result[key] = {int(seat): cards(held) for seat, held in value.items()}
        elif key == "dead":
            result[key] = tuple(sorted(numbers(value)))
        elif key == "calls":          # the earlier floor calls, each an entry of its own
            result[key] = tuple(_expectation(call) for call in value)
        else:
            result[key] = cards(value)
    return result
