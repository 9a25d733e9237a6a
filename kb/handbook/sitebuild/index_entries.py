"""Keep the search index's index entries of the pages a rebuild does not write.

Sphinx (9.0, and since 7.x: sphinx-doc/sphinx#12599, open) loses them: the entries are
gathered while pages are written, after the environment was pickled, and loading the
previous ``searchindex.js`` does not read them back; so after any rebuild the search page
knows only the index entries of the pages written in that build (a no-change rebuild left
none of the handbook's 818).  This module writes the entries beside the environment when
an HTML build finishes, and puts those of the pages that still exist back into the
environment before the next build writes, where the pages it writes replace their own.
The file is JSON (read as data; anything unexpected in it is ignored: the pages written
then have their entries, as without this module).
"""

from __future__ import annotations

import json
from pathlib import Path

from kb.handbook.running import compat

#: The file, in the doctrees folder.
NAME = "floorbook-index-entries.json"


def setup(app) -> dict:
    app.connect("env-updated", restore)
    app.connect("build-finished", save)
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True}


def _html(app) -> bool:
    return getattr(app.builder, "format", "") == "html"


def restore(app, env) -> None:
    """``env-updated``: the saved entries of every page that still exists."""
    if not _html(app):
        return
    entries = compat.index_entries(env)
    for docname in [d for d in entries if d not in env.all_docs]:
        del entries[docname]        # a removed page's, which the index would not find
    try:
        saved = json.loads((Path(app.doctreedir) / NAME).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return
    if not isinstance(saved, dict):
        return
    for docname, rows in saved.items():
        if docname in env.all_docs and docname not in entries and _rows(rows):
            entries[docname] = [tuple(row) for row in rows]


def _rows(rows) -> bool:
    return isinstance(rows, list) and all(
        isinstance(row, list) and len(row) == 3 and all(isinstance(x, str) for x in row)
        for row in rows)


def save(app, exception) -> None:
    """``build-finished``: the entries of every page, for the next build."""
    if exception is not None or not _html(app) or getattr(app.builder, "indexer",
                                                            None) is None:
        return
    entries = compat.index_entries(app.env)
    try:
        (Path(app.doctreedir) / NAME).write_text(
            json.dumps({d: entries[d] for d in sorted(entries) if d in app.env.all_docs}),
            encoding="utf-8")
    except OSError:
        pass                        # the next rebuild then knows only what it writes
