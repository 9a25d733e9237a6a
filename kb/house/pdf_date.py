"""The house rulebook's PDF dated by ``SOURCE_DATE_EPOCH``, so that two builds of one
rulebook under one value are the same bytes (https://reproducible-builds.org/specs/
source-date-epoch/).

rinohtype dates its PDF with the clock (``datetime.now()`` in its ``cos.Document``), in
the local time zone, and derives the file's ``/ID`` from that time; it has no setting for
it.  This module is the one place that reaches into rinohtype's private PDF module
(``rinoh.backend.pdf.cos``) to change that, and only while a build runs: the document
takes the variable's time, written in UTC.

>>> epoch({"SOURCE_DATE_EPOCH": "1700000000"}), epoch({}), epoch({"SOURCE_DATE_EPOCH": "x"})
(1700000000, None, None)
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from datetime import UTC, datetime


def epoch(environ: Mapping[str, str] = os.environ) -> int | None:
    """``SOURCE_DATE_EPOCH`` in ``environ`` as whole seconds since 1970 (UTC); None if it
    is unset or not a whole number (then the build is dated by the clock)."""
    value = environ.get("SOURCE_DATE_EPOCH", "").strip()
    return int(value) if value.isdigit() else None


@contextmanager
def source_date() -> Iterator[None]:
    """While the with-block runs, a PDF rinohtype writes is dated ``SOURCE_DATE_EPOCH``
    (its creation and modification dates, in UTC, and the ``/ID`` made from them), if
    the variable holds a time (:func:`epoch`); else nothing changes."""
    seconds = epoch()
    if seconds is None:
        yield
        return
    from rinoh.backend.pdf import cos

    when = datetime.fromtimestamp(seconds, UTC)

    class Clock(datetime):
        """cos's ``datetime``, whose ``now`` is the variable's time."""

        @classmethod
        def now(cls, tz=None):
            return when

    class UtcDate(cos.String):
        """cos's ``Date``, in UTC whatever the local time zone (``D:...Z``)."""

        def __new__(cls, timestamp, indirect=False):
            text = timestamp.astimezone(UTC).strftime("D:%Y%m%d%H%M%SZ")
            return super().__new__(cls, text, indirect)

    saved = cos.datetime, cos.Date
    cos.datetime, cos.Date = Clock, UtcDate       # rinohtype private: see the module
    try:
        yield
    finally:
        cos.datetime, cos.Date = saved
