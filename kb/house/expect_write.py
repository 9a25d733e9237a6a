"""Writing a new book's ``expect`` entries into scenario files from the engine's rulings
(``floorbook expect write BOOK@EDITION FILE...``).

An entry the engine wrote says so: ``read: engine`` until someone has read the ruling
against the book's text and removed the mark (the pytest plugin counts the marked ones).
The file is changed by inserting one line after the last entry of its ``expect`` block,
indented as the entries are, so its comments, order and layout stay as they were; the new
text is parsed again and must hold the same scenario with one entry more, or nothing is
written.  A file that already has an entry for the book, that is not a scenario, or whose
hand cannot be ruled is a problem at its line; when any named file has one, no file is
written.  Each file is replaced whole (a new file renamed into place).

>>> text = "id: x\\n# the hand\\nexpect:\\n  tda@2024: {remedy: continue}  # read\\n"
>>> print(inserted(text, {"tda@2024": 4}, "club@2026", {"remedy": "continue"}), end="")
id: x
# the hand
expect:
  tda@2024: {remedy: continue}  # read
  "club@2026": {remedy: "continue", read: "engine"}
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from kb.files import InputError, Mapping, parse_text
from kb.files.reading import read_text
from kb.files.writing import replace_file
from kb.hand.scenario import ScenarioError
from kb.hand.scenario_file import MAX_BYTES, parse_scenario
from kb.house.expectations import Expectations
from kb.rules.engine import rule
from kb.rules.rulebook import RulebookError
from kb.rules.ruling import Ruling

#: The mark of an entry the engine wrote: not yet read against the book's text.
UNREAD = "engine"


@dataclass(frozen=True)
class Written:
    """One scenario file's new text (``path``: as named) and the entry written into it."""

    path: Path
    text: str
    entry: dict


def entry_of(ruling: Ruling) -> dict:
    """The ``expect`` entry that says what ``ruling`` rules: its remedy, whether it is
    random (only when it is), its citations; marked ``read: engine``."""
    entry: dict = {"remedy": ruling.remedy}
    if ruling.random:
        entry["random"] = True
    entry["citations"] = [{"source": c.source, "edition": c.edition, "number": c.number}
                          for c in ruling.citations]
    return entry


def inserted(text: str, lines: dict[str, int], book: str, entry: dict) -> str:
    """``text`` with ``book``'s ``entry`` (marked read: engine) written as one line after the
    ``expect`` entries (``lines``: each entry's key line), indented as they are; a file
    without ``expect`` gets one at its end.  Keys are written plain, values as JSON
    strings and numbers, which YAML reads as written."""
    value = _flow({**entry, "read": UNREAD})
    rows = text.splitlines(keepends=True)
    newline = "\r\n" if rows and rows[0].endswith("\r\n") else "\n"
    if not lines:
        ending = "" if not rows or rows[-1].endswith("\n") else newline
        return f"{text}{ending}expect:{newline}  {json.dumps(book)}: {value}{newline}"
    last = _last_line(rows, max(lines.values()))
    first = rows[min(lines.values()) - 1]
    indent = first[:len(first) - len(first.lstrip(" "))]
    before = rows[:last] if rows[last - 1].endswith("\n") else \
        [*rows[:last - 1], rows[last - 1] + newline]
    return "".join([*before, f"{indent}{json.dumps(book)}: {value}{newline}", *rows[last:]])


def _last_line(rows: list[str], start: int) -> int:
    """The last line (1-based) of the entry starting at line ``start``: the lines after it
    that are indented deeper, blank and comment lines between them left out."""
    key = rows[start - 1]
    depth = len(key) - len(key.lstrip(" "))
    last = start
    for number in range(start + 1, len(rows) + 1):
        row = rows[number - 1]
        if not row.strip() or row.lstrip().startswith("#"):
            continue
        if len(row) - len(row.lstrip(" ")) <= depth:
            break
        last = number
    return last


def _flow(value) -> str:
    """``value`` as a YAML flow node: mappings with plain keys, text as JSON strings."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=True)


def write_plan(expectations: Expectations, book: str, paths: list[Path]
               ) -> tuple[list[Written], list[str]]:
    """The new text of each scenario file of ``paths`` with ``book``'s entry, and every
    problem (``file:line: message (what to do)``) of every file; the texts are to be
    written only when there is no problem.  Raises ``LoadError`` (the knowledge base)."""
    plans, problems = [], []
    for path in paths:
        plan, found = _plan(expectations, book, path)
        problems += found
        if plan is not None:
            plans.append(plan)
    return plans, problems


def _plan(expectations: Expectations, book: str, path: Path
          ) -> tuple[Written | None, list[str]]:
    name = str(path)
    if path.is_symlink():
        return None, [f"{name}:1: is a link (name the scenario file it points to)"]
    try:
        text = read_text(path, name, MAX_BYTES)
        scenario = parse_scenario(text, name)
    except (InputError, ScenarioError) as error:
        return None, [str(p) for p in error.problems]
    data = parse_text(text, name, number_keys=True)
    if book in scenario.expect_lines:
        return None, [f"{name}:{scenario.expect_lines[book]}: expect already has an entry "
                      f"for {book} (leave it, or remove it to have it written again)"]
    expect = data.get("expect")
    if "expect" in data and expect is None:
        return None, [f"{name}:{data.key_line('expect')}: expect has no entries (remove "
                      "the line expect:, then run again)"]
    if "expect" in data and (not isinstance(expect, Mapping) or not expect
                             or _one_line(text, scenario)):
        return None, [f"{name}:{data.key_line('expect')}: expect is not written one "
                      "rulebook a line (write each entry on its own line under expect:, "
                      "then run again)"]
    try:
        rulebook = expectations.rulebook(book, path.parent)
        ruling = rule(expectations.kb, rulebook, scenario)
    except RulebookError as error:
        return None, [f"{name}:{scenario.line}: {error}"]
    except ScenarioError as error:
        return None, [str(p) for p in error.problems]
    entry = entry_of(ruling)
    new = inserted(text, dict(scenario.expect_lines), book, entry)
    return _checked(text, new, name, book, entry)


def _one_line(text: str, scenario) -> bool:
    """Whether ``expect``'s entries share a line with the key ``expect`` or each other (a
    flow mapping): a line cannot be put after them."""
    lines = list(scenario.expect_lines.values())
    rows = text.splitlines()
    return len(set(lines)) != len(lines) or any(
        rows[line - 1].lstrip().startswith("expect:") for line in lines)


def _checked(text: str, new: str, name: str, book: str, entry: dict
             ) -> tuple[Written | None, list[str]]:
    """The plan, if ``new`` reads as a scenario and as ``text`` with the one entry more:
    every other key and entry equal as parsed (else a problem: nothing is written)."""
    try:
        parse_scenario(new, name)
        before, after = (parse_text(t, name, number_keys=True) for t in (text, new))
    except (InputError, ScenarioError) as error:
        return None, [f"{p} (the entry written would break the file: add it by hand)"
                      for p in error.problems]
    others = {key: value for key, value in after.items() if key != "expect"}
    entries = dict(after.get("expect") or {})
    if entries.pop(book, None) != {**entry, "read": UNREAD} or \
            entries != dict(before.get("expect") or {}) or \
            others != {key: value for key, value in before.items() if key != "expect"}:
        return None, [f"{name}:1: the entry written would not read back as written (add "
                      "it by hand)"]
    return Written(Path(name), new, entry), []


def write_all(plans: list[Written]) -> list[Path]:
    """Replace each planned file whole with its new text; the paths written.  Raises
    OSError (the files before it are written)."""
    for plan in plans:
        replace_file(plan.path, plan.text.encode("utf-8"))
    return [plan.path for plan in plans]
