"""Python's cyclic garbage collector during ``floorbook build``: it waits until the build
knows how many pages it reads, then makes fewer passes, and none in a rebuild of a few
pages.

Docutils trees are cyclic (every node points at its parent), so a build's garbage is
freed only by the cyclic collector; but most of what a build allocates lives on (the
environment, the pages' trees until they are pickled), and with CPython's default
thresholds (700, 10, 10) the collector's passes over that growing heap were about a
sixth of the handbook's build (measured: 11.8 s of CPU with them, 9.9 s with the
collector off, which kept 338 MB instead of 212 MB).  A first generation of 20,000
objects instead of 700 cut most of the passes for 17 MB more (10.7 s, 229 MB).

Before Sphinx reads a page, what a build allocates lives on: the modules it imports
(about 1,300), the knowledge base, the environment; the collector's passes over them
freed nothing and cost about 80 ms of a one-provision rebuild's 1.8 s of CPU, however
few or many (170 passes at CPython's thresholds, 30 at 20,000: a pass's cost is the
young objects it looks at).  So :func:`waiting` holds the collector from the command's
start, and :func:`few_pages` lets it go at ``env-before-read-docs`` when the build reads
more than :data:`FEW` pages; a rebuild that reads a few (one provision's summary edited:
four) leaves it waiting to the end, 8 MB more at its peak (133 MB against 125).

>>> import gc
>>> before = gc.get_threshold()
>>> with fewer_passes():
...     gc.get_threshold()[0]
20000
>>> gc.get_threshold() == before
True
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

#: The first generation's threshold during a build (CPython's default is 700).
FIRST = 20_000

#: The most pages a build may read with the collector still waiting.
FEW = 10


@contextmanager
def fewer_passes() -> Iterator[None]:
    """Collect the first generation every :data:`FIRST` allocations, not 700, meanwhile;
    the thresholds, and whether the collector runs, are as they were afterwards."""
    before, running = gc.get_threshold(), gc.isenabled()
    gc.set_threshold(FIRST, *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)
        _run(running)


@contextmanager
def waiting(running: bool = False) -> Iterator[None]:
    """The collector waits meanwhile (``running``: it runs meanwhile, as a step of the
    build that reads every page must: the PDF), and is as it was afterwards.

    >>> import gc
    >>> with waiting():
    ...     gc.isenabled()
    False
    >>> with waiting(), waiting(running=True):
    ...     gc.isenabled()
    True
    >>> gc.isenabled()
    True
    """
    before = gc.isenabled()
    _run(running)
    try:
        yield
    finally:
        _run(before)


def few_pages(app, env, docnames: list[str]) -> None:
    """``env-before-read-docs``: the collector runs when the build reads more than
    :data:`FEW` pages, and waits to the end of the build (of :func:`fewer_passes`) when
    it reads fewer.

    >>> import gc
    >>> with fewer_passes():
    ...     few_pages(None, None, ["index"]); gc.isenabled()
    False
    >>> with waiting(), fewer_passes():
    ...     few_pages(None, None, [f"page-{n}" for n in range(FEW + 1)]); gc.isenabled()
    True
    >>> gc.isenabled()
    True
    """
    _run(len(docnames) > FEW)


def _run(running: bool) -> None:
    """Start or hold the collector.  Started, it first moves every object to the oldest
    generation (as :func:`kb.files.reading.kept` does): its next pass would otherwise
    look at everything made while it waited, most of it kept (about 40 ms at the end of
    a rebuild, for nothing)."""
    if running and not gc.isenabled():
        gc.freeze()
        gc.unfreeze()
        gc.enable()
    elif not running:
        gc.disable()
