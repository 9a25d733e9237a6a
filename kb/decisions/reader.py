"""Reading a decision log: the ``*.yaml`` files of one folder, each one floor call
(docs/decision-log.md), into :class:`~kb.decisions.model.Decision` records.

Every file goes through the one reader (:mod:`kb.files`) as every input does: a bounded
read of a regular file only (a link, a FIFO, a folder named ``x.yaml`` is refused at its
name; the folder is read confined, so no link below it is followed), safe YAML with the
line of every value, the schema ``kb/schemas/decision.schema.json``; then the checks in
code: the date is a real day, the rulebook is one the caller knows (did you mean), and the
``hand`` is checked as a scenario file is (:func:`kb.hand.scenario_file.scenario_of`), its
problems at their lines in the log's file.  Every problem of every file is raised at
once, in one :class:`~kb.files.InputError`.

Nothing else is read: no subfolder, no file a log names.  The bounds (:data:`MAX_FILES`,
:data:`MAX_ENTRY_BYTES`, :data:`MAX_LOG_CHARS`, :data:`MAX_LISTED`) keep a hostile folder
from hanging the reader or filling its memory: past one, reading stops with a problem
saying which.

>>> from kb import DATA
>>> log = read_log(DATA / "logs" / "sample")
>>> log[0].date, log[0].rulebook, log[0].remedies
('2026-03-02', 'house.casino@2026', ('misdeal',))
>>> read_log(DATA / "logs" / "nowhere")
Traceback (most recent call last):
...
kb.files.InputError: .../logs/nowhere:1: no such folder (give the folder of the log's YAML files)
"""

from __future__ import annotations

import os
import stat
from collections.abc import Collection
from dataclasses import replace
from datetime import date
from pathlib import Path

from kb.decisions.model import Decision
from kb.files import (
    InputError,
    Mapping,
    Problem,
    bulk,
    confined,
    did_you_mean,
    parse_text,
    read_text,
    validate,
    whole_number_problems,
)
from kb.hand.scenario import ScenarioError
from kb.hand.scenario_file import scenario_of
from kb.hand.segments import replay_problems

#: The most entry files a log folder may hold (a busy room's year is a few thousand
#: calls; the benchmark checks 10,000): split a bigger log into folders, by year.
MAX_FILES = 20_000
#: The largest entry file: one hand and a few lines about it (a few KB).
MAX_ENTRY_BYTES = 64_000
#: The most characters of text read from the whole log (each file's bytes are bounded as
#: they are read; its text, once decoded, counts here): past it, reading stops, so the
#: memory the log's records take stays bounded.
MAX_LOG_CHARS = 64_000_000
#: The most names of any kind the folder is listed for (a folder of millions of other
#: files must not keep the reader listing).
MAX_LISTED = 100_000
#: The most problems gathered before reading stops (the CLI shows 200 a file).
MAX_PROBLEMS = 10_000


def read_log(folder: Path, rulebooks: Collection[str] | None = None) -> tuple[Decision, ...]:
    """The decisions of the log in ``folder``, in the order of their file names.

    ``rulebooks``: the rulebook ids an entry may name (published, earlier and regulator
    editions, and the house books of the data folder); None leaves ``rulebook`` unchecked
    here (the check resolves it).  Raises :class:`~kb.files.InputError` with every problem
    of every file: a missing folder, a file that is not a regular file, bad YAML, a schema
    error, a date that is no day, an unknown rulebook, a hand that is not a scenario."""
    decisions, problems = read_entries(folder, rulebooks)
    if problems:
        raise InputError(problems)
    return decisions


def read_entries(folder: Path, rulebooks: Collection[str] | None = None
                 ) -> tuple[tuple[Decision, ...], list[Problem]]:
    """:func:`read_log` without raising: the decisions of the files that read whole, and
    every problem of the others, so that a check can rule the first and report its
    problems with the second (a bad file must not hide another's hand that does not
    replay)."""
    folder = Path(folder)
    names, skipped, problems = _names(folder)
    if not names and not problems:         # "0 entries checked" would pass for a log
        problems.append(_no_entry(folder, skipped))
    problems += [_not_read(folder / name) for name in skipped]
    decisions: list[Decision] = []
    total = 0
    with confined(folder, "a decision log"), bulk():
        for name in names:
            path = folder / name
            try:
                text = read_text(path, str(path), MAX_ENTRY_BYTES)
            except InputError as error:
                problems += error.problems
                continue
            total += len(text)
            if total > MAX_LOG_CHARS or len(problems) > MAX_PROBLEMS:
                problems.append(_stopped(path, total > MAX_LOG_CHARS))
                break
            decision, found = read_entry(text, str(path), rulebooks)
            problems += found
            if decision is not None:
                decisions.append(decision)
    return tuple(decisions), problems


def _names(folder: Path) -> tuple[list[str], list[str], list[Problem]]:
    """The names of the folder's ``*.yaml`` entries (not hidden ones), sorted; those of
    the files not read because of how their name ends though they look like YAML
    (``x.yml``, ``x.YAML``), sorted; and the problems of the folder itself.  The kind of
    each entry is checked when it is read."""
    try:
        info = os.stat(folder)
    except OSError:
        return [], [], [Problem(str(folder), 1, "no such folder",
                                "give the folder of the log's YAML files")]
    if not stat.S_ISDIR(info.st_mode):
        return [], [], [Problem(str(folder), 1, "this is not a folder",
                                "give the folder of the log's YAML files, one file per call")]
    names: list[str] = []
    skipped: list[str] = []
    try:
        with os.scandir(folder) as entries:
            for listed, entry in enumerate(entries, 1):
                if entry.name.startswith("."):
                    pass
                elif entry.name.endswith(".yaml"):
                    names.append(entry.name)
                elif entry.name.lower().endswith((".yaml", ".yml")):
                    skipped.append(entry.name)
                if listed > MAX_LISTED or len(names) > MAX_FILES:
                    return [], [], [Problem(str(folder), 1, "the folder holds more than "
                                            f"{MAX_FILES:,} YAML files or {MAX_LISTED:,} "
                                            "entries", "split the log into folders, by year")]
    except OSError as error:
        return [], [], [Problem(str(folder), 1, f"cannot list the folder: {error.strerror}",
                                "check its permissions")]
    return sorted(names), sorted(skipped), []


def _not_read(path: Path) -> Problem:
    """The problem of a file that looks like an entry but is not read for its name's end:
    a ``.yml`` (or ``.YAML``) file is almost surely an entry meant to be read."""
    stem = path.name.rsplit(".", 1)[0]
    return Problem(str(path), 1, "not read: only files named *.yaml are the log's entries",
                   f"if it is an entry, rename it {stem}.yaml")


def _no_entry(folder: Path, skipped: list[str]) -> Problem:
    """The problem of a log folder without one entry: checking it would say "0 entries
    checked", as if an empty log agreed with its books."""
    why = (f" ({len(skipped)} file{'s' if len(skipped) != 1 else ''} named otherwise, "
           "below)") if skipped else ""
    return Problem(str(folder), 1, f"the log holds no entry: no file named *.yaml{why}",
                   "put one YAML file per floor call in the folder, named *.yaml, or give "
                   "the folder that holds them")


def _stopped(path: Path, by_size: bool) -> Problem:
    if by_size:
        return Problem(str(path), 1, f"the log holds more than {MAX_LOG_CHARS:,} "
                       "characters: reading stopped here", "split the log into folders, by year")
    return Problem(str(path), 1, f"more than {MAX_PROBLEMS:,} problems: reading stopped "
                   "here", "fix these first, then check again")


def read_entry(text: str, file: str, rulebooks: Collection[str] | None = None
               ) -> tuple[Decision | None, list[Problem]]:
    """The decision of one entry's YAML ``text`` (``file`` names it in messages) and every
    problem of it; the decision is None when there is any.

    >>> decision, problems = read_entry("date: 2026-02-30\\ntable: 1\\nfloor: Jo\\n"
    ...     "rulebook: tda@2024\\nhand: {}\\nruling: {remedy: misdeel}\\n", "a.yaml")
    >>> for problem in problems: print(problem)
    a.yaml:1: 2026-02-30 is not a day of the calendar (write the date as YYYY-MM-DD, e.g. 2026-03-14)
    a.yaml:5: the hand has no 'events' (add it)
    a.yaml:5: the hand has no 'game' (add it)
    a.yaml:5: the hand has no 'id' (add it)
    a.yaml:5: the hand has no 'seats' (add it)
    a.yaml:5: the hand has no 'title' (add it)
    a.yaml:6: ruling.remedy is 'misdeel' (did you mean 'misdeal'?)
    """
    try:
        data = parse_text(text, file, number_keys=True)
    except InputError as error:
        return None, error.problems
    if data is None:
        return None, [Problem(file, 1, "the file is empty",
                              "write one floor call: see docs/decision-log.md")]
    problems = validate(data, "decision", file)
    if not isinstance(data, Mapping):
        return None, problems
    problems += whole_number_problems(data, file, problems, skip="hand")
    problems += _date_problems(data, file) + _rulebook_problems(data, file, rulebooks)
    problems += _remedy_problems(data, file)
    scenario = None
    if isinstance(data.get("hand"), Mapping):
        scenario, found = _hand(data["hand"], file)
        problems += found
    if problems and scenario is not None:   # its replay too: the rest must not hide it
        problems += replay_problems(scenario)
    if problems or scenario is None:
        return None, sorted(set(problems), key=lambda p: (p.line, p.message))
    return _decision(data, file, scenario), []


def _date_problems(data: Mapping, file: str) -> list[Problem]:
    """A date the schema's pattern passes that is no day (2026-02-30)."""
    value = data.get("date")
    if not isinstance(value, str) or len(value) != 10 or not value[:4].isdigit():
        return []                                   # the schema speaks of it
    try:
        date.fromisoformat(value)
    except ValueError:
        return [Problem(file, data.value_line("date"), f"{value} is not a day of the "
                        "calendar", "write the date as YYYY-MM-DD, e.g. 2026-03-14")]
    return []


def _remedy_problems(data: Mapping, file: str) -> list[Problem]:
    """A ruling with neither ``remedy`` nor ``remedies``, or both (a schema's ``oneOf``
    would say it in the schema's words, not the author's)."""
    ruling = data.get("ruling")
    if not isinstance(ruling, Mapping) or ("remedy" in ruling) != ("remedies" in ruling):
        return []
    both = "remedy" in ruling
    return [Problem(file, data.value_line("ruling"),
                    "the ruling has both remedy and remedies" if both
                    else "the ruling has no remedy",
                    "write remedy: WORD for one floor call, or remedies: [WORD, ...] for "
                    "a hand of several, one per call")]


def _rulebook_problems(data: Mapping, file: str, rulebooks: Collection[str] | None
                       ) -> list[Problem]:
    value = data.get("rulebook")
    if rulebooks is None or not isinstance(value, str) or value in rulebooks:
        return []
    return [Problem(file, data.value_line("rulebook"), f"unknown rulebook {value!r}",
                    did_you_mean(value, rulebooks, elsewhere="see floorbook rule --help "
                                 "for the rulebooks, or the data folder's rulebooks"))]


def _hand(hand: Mapping, file: str):
    """The scenario of an entry's ``hand`` and its problems, at their lines in ``file``."""
    problems = []
    if "expect" in hand:
        problems.append(Problem(file, hand.key_line("expect"), "a logged hand has no "
                                "expect", "remove it: the check works out the book's "
                                "ruling; write the floor's under ruling:"))
    try:
        return scenario_of(hand, file), problems
    except ScenarioError as error:
        # the scenario's schema speaks of its top level as "the file": here it is the hand
        return None, problems + [replace(p, message="the hand " + p.message[9:])
                                 if p.message.startswith("the file ") else p
                                 for p in error.problems]


def _decision(data: Mapping, file: str, scenario) -> Decision:
    ruling = data["ruling"]
    remedies = tuple(ruling["remedies"]) if "remedies" in ruling else (ruling["remedy"],)
    return Decision(
        file=file, line=data.line, date=data["date"], table=str(data["table"]),
        floor=data["floor"], rulebook=data["rulebook"], scenario=scenario,
        remedies=remedies, said=ruling.get("said", ""), note=data.get("note", ""),
        lines={key: data.value_line(key) for key in data})
