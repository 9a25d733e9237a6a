"""The decision log of a house rulebook's site, read and checked once: for
``floorbook rulebook build --log DIR`` before anything is built (every problem printed,
nothing written); the report is then handed to the site's extension (:func:`handed`),
which rules nothing again, so the page shows the log as it was checked even if a file
changes during the build.  Sphinx run on the pages directly (no report handed) checks
the log at ``builder-inited``.

Each entry is ruled under the rulebook in force it names: the house rulebook being
published, or an edition of the knowledge base (the book the room followed before it
had its own); an id that is neither is a problem at the entry's ``rulebook`` line.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

from kb.decisions.check import check_log, rulebook_ids
from kb.decisions.model import LogReport
from kb.decisions.reader import read_entries
from kb.files import InputError
from kb.knowledge.model import KnowledgeBase
from kb.rules.rulebook import Rulebook


def checked_log(kb: KnowledgeBase, book: Rulebook, folder: Path
                ) -> tuple[LogReport | None, list[str]]:
    """``(report, problems)``: the log in ``folder`` checked, each entry under the
    rulebook in force it names (``book``, the house rulebook published, among them);
    ``problems`` are ``file:line: message (what to do)`` lines, every one of the log, and
    ``report`` None when there are any."""
    decisions, found = read_entries(Path(folder), rulebook_ids(kb, [book.id]))
    try:        # the entries that read are ruled even when others did not: every problem
        report = check_log(kb, decisions, houses=lambda: (book,), found=found)
    except InputError as error:
        return None, [str(p) for p in error.problems]
    return report, []


#: The log checked before the build, and its folder (resolved), while :func:`handed`.
_HANDED: ContextVar[tuple[Path, LogReport] | None] = ContextVar("handed_log", default=None)


@contextmanager
def handed(folder: Path, report: LogReport) -> Iterator[None]:
    """Meanwhile, :func:`site_log` of ``folder`` is ``report`` (the log checked by the
    caller before the build), not the folder read again: Sphinx runs in this process."""
    token = _HANDED.set((Path(folder).resolve(), report))
    try:
        yield
    finally:
        _HANDED.reset(token)


def site_log(kb: KnowledgeBase, book: Rulebook, folder: Path
             ) -> tuple[LogReport | None, list[str]]:
    """:func:`checked_log` of ``folder`` for the site's build: the report handed down
    (:func:`handed`) when it is that folder's, else the log read and checked."""
    given = _HANDED.get()
    if given is not None and given[0] == Path(folder).resolve():
        return given[1], []
    return checked_log(kb, book, folder)
