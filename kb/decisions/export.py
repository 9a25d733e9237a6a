"""A checked decision log as one SQLite file (``floorbook log export DIR -o log.sqlite``).

:func:`database` turns a :class:`~kb.decisions.check.LogReport` into the bytes of a SQLite
database made with the standard library's :mod:`sqlite3` (built in memory, then
serialised), and :func:`write_database` puts them at a path a person named, whole: through
:func:`kb.files.writing.replace_file` (a new file renamed into place), so a failure leaves
the earlier file or none, never half a database.  :func:`output_refusal` says why a path
may not be written: a link, a folder, a device, a path inside the log folder (the log
would then hold a file it refuses, and a link could aim the export at an entry).

The tables (:data:`SCHEMA`; every column documented in docs/decision-log-export.md):

``situations``
    one row per situation (game, irregularity, timing) under one rulebook (the check
    compares a situation within one book), ``inconsistent`` 1 where its decisions were
    ruled with two or more different remedies.
``decisions``
    one row per log entry, in the log's order: its file name, line, date (ISO), table,
    floor person, rulebook in force, the hand's id and title, what the floor ruled
    (``remedy``: each call's remedy word, joined by ", then "), said, note, its situation,
    and ``agrees`` (1 where the book rules the same remedies).
``rulings``
    the book's ruling of each entry (one per decision): the rulebook ruled under, remedy
    (joined as above), answer in floor words, topic, the layer that decided, explanation.
``citations``
    the provisions each ruling cites, in order, with their numbers as the book prints them.

A view ``departures`` lists the decisions whose floor ruled otherwise than the book.

>>> from kb.decisions.export import SCHEMA
>>> "CREATE INDEX decisions_floor ON decisions (floor)" in SCHEMA
True
"""

from __future__ import annotations

import os
import sqlite3
import stat
from pathlib import Path

from kb.decisions.model import CheckedDecision, LogReport
from kb.files.writing import replace_file
from kb.rules.ruling import Ruling

#: The version of the tables' shape, in the ``export`` table (key ``format_version``).
FORMAT_VERSION = 1

SCHEMA = """
CREATE TABLE export (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE situations (
  id INTEGER PRIMARY KEY,
  rulebook TEXT NOT NULL,
  game TEXT NOT NULL,
  irregularity TEXT NOT NULL,
  timing TEXT NOT NULL,
  inconsistent INTEGER NOT NULL CHECK (inconsistent IN (0, 1)),
  UNIQUE (rulebook, game, irregularity, timing)
);
CREATE TABLE decisions (
  id INTEGER PRIMARY KEY,
  file TEXT NOT NULL UNIQUE,
  line INTEGER NOT NULL,
  date TEXT NOT NULL,
  table_name TEXT NOT NULL,
  floor TEXT NOT NULL,
  rulebook TEXT NOT NULL,
  scenario TEXT NOT NULL,
  title TEXT NOT NULL,
  remedy TEXT NOT NULL,
  said TEXT,
  note TEXT,
  situation_id INTEGER NOT NULL REFERENCES situations (id),
  agrees INTEGER NOT NULL CHECK (agrees IN (0, 1))
);
CREATE TABLE rulings (
  decision_id INTEGER PRIMARY KEY REFERENCES decisions (id),
  rulebook TEXT NOT NULL,
  remedy TEXT NOT NULL,
  answer TEXT NOT NULL,
  topic TEXT,
  decided_by TEXT,
  explanation TEXT NOT NULL
);
CREATE TABLE citations (
  decision_id INTEGER NOT NULL REFERENCES rulings (decision_id),
  position INTEGER NOT NULL,
  provision TEXT NOT NULL,
  number TEXT NOT NULL,
  edition TEXT NOT NULL,
  PRIMARY KEY (decision_id, position)
);
CREATE INDEX decisions_floor ON decisions (floor);
CREATE INDEX decisions_situation ON decisions (situation_id);
CREATE INDEX decisions_departures ON decisions (situation_id) WHERE agrees = 0;
CREATE INDEX decisions_date ON decisions (date);
CREATE INDEX citations_provision ON citations (provision);
CREATE VIEW departures AS
  SELECT d.id, d.file, d.date, d.table_name, d.floor, d.title,
         d.remedy AS floor_remedy, r.remedy AS book_remedy, r.rulebook
  FROM decisions AS d JOIN rulings AS r ON r.decision_id = d.id
  WHERE d.agrees = 0;
"""


class ExportError(ValueError):
    """The output path cannot be written; ``str()`` is ``PATH:1: reason (what to do)``."""


def database(report: LogReport, folder: Path) -> bytes:
    """The SQLite database (its file's bytes) of ``report``, the log read from ``folder``
    and checked.  Raises nothing for a report :func:`kb.decisions.check.check_log` made."""
    connection = sqlite3.connect(":memory:")
    try:
        connection.execute("PRAGMA foreign_keys = ON")
        connection.executescript(SCHEMA)
        _fill(connection, report, folder)
        connection.commit()
        return connection.serialize()
    finally:
        connection.close()


def _fill(db: sqlite3.Connection, report: LogReport, folder: Path) -> None:
    db.executemany("INSERT INTO export VALUES (?, ?)",
                   [("format_version", str(FORMAT_VERSION)), ("log", Path(folder).name),
                    ("entries", str(len(report.entries)))])
    # a situation is compared within one rulebook (kb.decisions.check), so it is keyed so
    ruled_two_ways = {_situation(e) for _, group in report.inconsistent for e in group}
    situations: dict[tuple[str, ...], int] = {}
    for entry in report.entries:
        if _situation(entry) not in situations:
            situations[_situation(entry)] = len(situations) + 1
            db.execute("INSERT INTO situations VALUES (?, ?, ?, ?, ?, ?)",
                       (situations[_situation(entry)], *_situation(entry),
                        int(_situation(entry) in ruled_two_ways)))
    for number, entry in enumerate(report.entries, 1):
        db.execute("INSERT INTO decisions VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                   _decision_row(number, entry, situations[_situation(entry)]))
        ruling = entry.ruling
        decided = ruling.decided_by.layer if ruling.decided_by else None
        db.execute("INSERT INTO rulings VALUES (?, ?, ?, ?, ?, ?, ?)",
                   (number, entry.rulebook or ruling.rulebook, entry.book_remedy,
                    entry.answer, ruling.topic, decided, ruling.explanation))
        db.executemany("INSERT INTO citations VALUES (?, ?, ?, ?, ?)",
                       [(number, position, cited.provision, cited.citation.number,
                         f"{cited.citation.source}@{cited.citation.edition}")
                        for position, cited in enumerate(_cited(ruling), 1)])


def _situation(entry: CheckedDecision) -> tuple[str, ...]:
    """(rulebook, game, irregularity, timing): the situation as the check compares it."""
    return (entry.rulebook or entry.ruling.rulebook, *entry.situation)


def _cited(ruling: Ruling):
    """Every provision cited at any call of ``ruling``, each once, in order."""
    return tuple(dict.fromkeys(c for call in ruling.every_call for c in call.cited))


def _decision_row(number: int, entry: CheckedDecision, situation: int) -> tuple:
    d = entry.decision
    hand = d.scenario
    return (number, Path(d.file).name, d.line, d.date, d.table, d.floor, d.rulebook,
            hand.id if hand else "", hand.title if hand else "", d.remedy,
            d.said or None, d.note or None, situation, int(entry.agrees))


def output_refusal(output: Path, folder: Path) -> str:
    """Why the database may not be written at ``output`` for the log in ``folder``, or "":
    a link (refused, not followed), a folder, a device, FIFO or socket, a missing folder
    to put it in, or a path inside the log folder.

    >>> output_refusal(Path("/tmp"), Path("/srv/log"))
    'is a folder (give the path of a .sqlite file to write)'
    >>> output_refusal(Path("/srv/log/out.sqlite"), Path("/srv/log"))
    'is inside the log folder /srv/log, whose every file is read as an entry (write it elsewhere)'
    """
    if output.is_symlink():
        return "is a symbolic link (give the path of the file itself)"
    try:
        info = os.stat(output, follow_symlinks=False)
    except FileNotFoundError:
        info = None
    except OSError as error:
        return f"cannot be written: {error.strerror} (check the path)"
    if info is not None and stat.S_ISDIR(info.st_mode):
        return "is a folder (give the path of a .sqlite file to write)"
    if info is not None and not stat.S_ISREG(info.st_mode):
        return "is not a regular file (give the path of a .sqlite file to write)"
    log = Path(os.path.realpath(folder))
    parent = Path(os.path.realpath(output.parent))
    if parent == log or log in parent.parents:
        return (f"is inside the log folder {folder}, whose every file is read as an entry "
                "(write it elsewhere)")
    if not parent.is_dir():
        return f"{output.parent} is not a folder (choose a file in a folder that exists)"
    return ""


def write_database(output: Path, data: bytes, folder: Path) -> None:
    """Write ``data`` (:func:`database`) at ``output`` whole, unless
    :func:`output_refusal` refuses it (:class:`ExportError`).  Raises OSError when the
    write fails; nothing is left behind then."""
    why = output_refusal(Path(output), Path(folder))
    if why:
        raise ExportError(f"{output}:1: {why}")
    replace_file(Path(output), data)
