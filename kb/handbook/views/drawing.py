"""Graphviz runs: every picture of the pages a build reads drawn by one ``dot``.

Starting ``dot`` costs about 10 ms of CPU before it draws anything (most of it setting up
its fonts), and a cold build of the bundled handbook drew 37 pictures, one ``dot`` each:
0.4 s of CPU and a second of wall time in starting ``dot`` alone.  ``dot`` lays out each
graph of its input on its own and writes their SVG documents one after another, so the
pictures of every page read in a build are drawn together, the first time a page is
written (when every page's links are known), and each page then takes its own SVG.

What a picture shows does not change: a drawing is keyed by the picture's whole DOT code,
and a picture whose code was not drawn in the batch (a ``{graphviz}`` block, a page
written but not read, a batch that failed) is drawn alone as before, so a failing
picture's warning still names its page.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Callable
from weakref import WeakKeyDictionary

#: Where each SVG document of dot's output starts.
_PROLOGUE = b"<?xml "
#: dot numbers the graphs after the first of one input as pages ("page0,1_graph0"); the
#: same graph drawn alone is "graph0".
_PAGED = re.compile(rb'<g id="page\d+,\d+_graph(\d+)"')
#: Per build environment: the codes waiting to be drawn (docname -> code) and the drawings.
_BATCHES: WeakKeyDictionary = WeakKeyDictionary()


class _Batch:
    def __init__(self) -> None:
        self.waiting: list[tuple[str, dict]] = []
        self.drawn: dict[str, str] = {}


def _batch(env) -> _Batch:
    return _BATCHES.setdefault(env, _Batch())


def wait(env, docname: str, picture: dict) -> None:
    """Note that page ``docname``, just read, holds ``picture`` (a placeholder's
    attributes, whose DOT code its links complete when the page is written)."""
    _batch(env).waiting.append((docname, picture))


def command(app, options: dict) -> list[str]:
    """The ``dot`` command line for SVG: Sphinx's ``graphviz_dot`` (or the picture's own
    ``options["graphviz_dot"]``) and ``graphviz_dot_args``."""
    return [options.get("graphviz_dot", app.config.graphviz_dot),
            *app.config.graphviz_dot_args, "-Tsvg"]


def draw_waiting(app, code_of: Callable[[str, dict], str]) -> None:
    """Draw every waiting picture with one ``dot``; ``code_of(docname, picture)`` is the
    DOT code the page ``docname`` will draw for ``picture``."""
    batch = _batch(app.env)
    if batch.waiting:
        codes = dict.fromkeys(code_of(docname, picture) for docname, picture in batch.waiting)
        batch.waiting.clear()
        batch.drawn.update(_draw_all(command(app, {}), [c for c in codes if c not in batch.drawn]))


def drawn(app, code: str) -> str | None:
    """The SVG document ``dot`` drew for ``code`` in this build's batch (its drawing is
    handed over: a page is written once); None if ``code`` was not drawn in a batch."""
    return _batch(app.env).drawn.pop(code, None)


def _draw_all(dot: list[str], codes: list[str]) -> dict[str, str]:
    """``{code: SVG document}`` for ``codes`` drawn by one ``dot``; empty if it fails or
    its output does not split into one document per graph (each is then drawn alone)."""
    if len(codes) < 2:
        return {}
    try:
        done = subprocess.run(dot, input="\n".join(codes).encode(), capture_output=True,
                              timeout=300, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return {}
    documents = [_PROLOGUE + part for part in done.stdout.split(_PROLOGUE)[1:]]
    if done.returncode or len(documents) != len(codes):
        return {}
    return {code: _PAGED.sub(rb'<g id="graph\1"', document, count=1).decode()
            for code, document in zip(codes, documents, strict=True)}
