"""Sphinx, driven from one place: every build floorbook makes (the handbook's site and its
PDF, a house rulebook's site and its PDF) makes its Sphinx application with
:func:`sphinx_app`, and no conf.py is read: the settings are given.

:func:`build_site` is the handbook's public function for a site from a folder of pages: the
house room's site (:mod:`kb.handbook.house.publish`) is built by it, with the settings of
:func:`kb.handbook.house.publish.settings`.

>>> build_site(Path("no-such-folder"), Path("out"), {})
Traceback (most recent call last):
kb.handbook.running.run.BuildError: no-such-folder: no folder of pages there
"""

from __future__ import annotations

import io
import warnings
from collections.abc import Iterator
from contextlib import contextmanager, redirect_stdout
from pathlib import Path
from typing import IO, Any

from kb.handbook.running import compat


class BuildError(Exception):
    """A build failed or warned; str is the message, with Sphinx's warnings."""


@contextmanager
def sphinx_app(pages: Path, outdir: Path, doctrees: Path, builder: str,
               settings: dict[str, Any], *, warning: IO[str], conf: Path | None = None,
               warningiserror: bool = False, freshenv: bool = False) -> Iterator[Any]:
    """A Sphinx application for the pages in the folder ``pages``, writing with
    ``builder`` (``"html"``, ``"latex"``, ``"rinoh"``) into ``outdir`` and its doctrees
    into ``doctrees``; ``settings`` are the config values (no conf.py is read unless
    ``conf`` names its folder); Sphinx's warnings are written to ``warning``, without
    colour codes.  docutils is set up as sphinx-build sets it up while the block runs.

    Raises :class:`kb.handbook.running.compat.MissingInternal` when an internal of a
    library that the handbook uses is missing, and what Sphinx raises."""
    compat.check()
    compat.no_colour()
    from sphinx.application import Sphinx

    with compat.docutils_as_sphinx(conf or pages):
        yield Sphinx(pages, conf, outdir, doctrees, builder, confoverrides=settings,
                     status=None, warning=warning, warningiserror=warningiserror,
                     freshenv=freshenv)


def build_site(pages: Path, output: Path, settings: dict[str, Any],
               builder: str = "html") -> None:
    """Build the pages in the folder ``pages`` (MyST or reST, the first named ``index``)
    with Sphinx's ``builder`` into the folder ``output`` (its doctrees beside it, in
    ``output.parent / f"doctrees-{builder}"``), from nothing, with the config values
    ``settings`` (``extensions`` among them; no conf.py is read).  Any warning is an
    error.

    Raises :class:`BuildError` quoting the warnings, or saying why the build failed."""
    from sphinx.errors import SphinxError

    if not Path(pages).is_dir():
        raise BuildError(f"{pages}: no folder of pages there")
    problems, console = io.StringIO(), io.StringIO()
    try:
        with redirect_stdout(console), warnings.catch_warnings():
            # rinohtype's typesetting notes ("Tab space exceeded." in a running header
            # with a long title) are not problems of the pages; Sphinx's warnings are.
            warnings.filterwarnings("ignore", module=r"rinoh(\.|$)")
            with sphinx_app(pages, output, output.parent / f"doctrees-{builder}", builder,
                            settings, warning=problems, freshenv=True) as app:
                app.build()
    except SphinxError as error:
        raise BuildError(f"the {builder} build failed: {error}") from None
    text = compat.plain_text(problems.getvalue()).strip()
    if text or app.statuscode:
        raise BuildError(f"the {builder} build warned (warnings are errors):\n{text}")
