"""Build the handbook's site all or nothing: Sphinx writes into a folder beside the output
folder, and that folder replaces the output only when the build succeeded, so a failed
build leaves the output as it was (or absent) and never half a site.

The previous site is copied into the new folder first, so Sphinx rebuilds only the pages
whose sources or data changed (its environment lives in ``.doctrees`` inside the site).
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

from kb.house.outputs import refusal

#: The file Sphinx's HTML builder leaves in every site it builds.
MARKER = ".buildinfo"


class SiteError(Exception):
    """The site was not built: ``problems`` holds one line per problem, each
    ``file:line: message`` where a file is at fault."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("\n".join(problems))


def pages_folder(data: Path | None) -> Path | None:
    """The folder of MyST pages a build of the knowledge base ``data`` renders: the bundled
    handbook's (:data:`kb.DOCS`) for the bundled data (None), ``<data>/pages`` for a
    knowledge base that has that folder, None for one that has not (the build renders
    :func:`kb.handbook.pages.default_pages` instead).

    >>> pages_folder(None).name
    'docs'
    >>> pages_folder(Path("/nowhere")) is None
    True
    """
    if data is None:
        from kb import DOCS
        return DOCS
    pages = Path(data) / "pages"
    return pages if pages.is_dir() else None


def build_site(pages: Path, data: Path | None, output: Path, conf: Path | None = None) -> None:
    """Build the handbook whose pages are the folder ``pages`` (MyST, ``index.md`` the
    root; see :func:`pages_folder`) from the knowledge base ``data`` (None: the bundled
    one) into the folder ``output``, with the settings of :mod:`kb.handbook.config`, or
    those of the conf.py in the folder ``conf`` (a caller's own Sphinx project; the
    command line never runs a conf.py).

    Raises :class:`SiteError` if ``output`` may not be replaced (:func:`output_problem`),
    if the data cannot be used, or if Sphinx warns (Sphinx prints its warnings on stderr
    as they come).  An interruption (Ctrl-C, or SIGTERM through ``floorbook``) leaves no
    building folder behind.

    >>> build_site(Path("."), None, Path(__file__))
    Traceback (most recent call last):
    ...
    kb.handbook.site.SiteError: .../site.py: is a file; give a folder for the site
    """
    target = Path(output).resolve()
    why = output_problem(Path(output), data)
    if why:
        raise SiteError([f"{output if Path(output).is_symlink() else target}: {why}"])
    created = _make_parents(target)
    try:
        work = Path(tempfile.mkdtemp(prefix=f".{target.name}.building-", dir=target.parent))
    except OSError as error:
        if created is not None:
            shutil.rmtree(created, ignore_errors=True)
        raise SiteError([f"{target}: cannot be written ({error.strerror}); give another "
                         "folder for the site"]) from None
    try:
        _sphinx(pages, data, _copy_of(target, work), conf)
        try:
            _publish(work, target)
        except OSError as error:
            raise SiteError([f"{target}: cannot put the site there ({error.strerror}); "
                             "give another folder"]) from None
    except BaseException:
        if created is not None:
            shutil.rmtree(created, ignore_errors=True)
        raise
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _copy_of(target: Path, work: Path) -> Path:
    """``work``, holding a copy of the earlier site in ``target`` if there is one."""
    if target.is_dir():
        try:
            shutil.copytree(target, work, symlinks=True, dirs_exist_ok=True)
        except OSError as error:
            raise SiteError([f"{target}: cannot read the earlier site ({error.strerror}); "
                             "remove it or give another folder"]) from None
    return work


def output_problem(output: Path, data: Path | None) -> str:
    """Why ``output`` may not be the site's folder, ending with what to do; ``""`` if it
    may.  Refused: a symbolic link, a file, a folder with files that is not an earlier
    site, the folder of the knowledge base ``data`` or one above it, and what
    :func:`kb.house.outputs.refusal` refuses (inside floorbook, not writable)."""
    target = Path(output).resolve()
    if Path(output).is_symlink():
        return refusal(Path(output))
    if target.exists() and not target.is_dir():
        return "is a file; give a folder for the site"
    if target.is_dir() and any(target.iterdir()) and not (target / MARKER).is_file():
        return (f"has files in it and is not a built site (no {MARKER}); give a new or "
                "empty folder, which the build replaces")
    if data is not None and target in (Path(data).resolve(), *Path(data).resolve().parents):
        return (f"holds the knowledge base {data}, which a build would replace; give "
                "another folder for the site")
    return refusal(Path(output))


def _make_parents(target: Path) -> Path | None:
    """Create the folders above ``target``; the topmost one created, to remove on failure."""
    missing = [p for p in target.parents if not p.exists()]
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise SiteError([f"{target}: cannot be created ({error.strerror}); give another "
                         "folder for the site"]) from None
    return missing[-1] if missing else None


def _sphinx(pages: Path, data: Path | None, outdir: Path, conf: Path | None) -> None:
    """Run Sphinx's HTML builder quietly into ``outdir``; warnings are errors."""
    from sphinx.application import Sphinx
    from sphinx.errors import SphinxError
    from sphinx.util.console import color_terminal, nocolor
    from sphinx.util.docutils import docutils_namespace, patch_docutils

    from kb.handbook.store import DataError

    if not color_terminal():                 # as sphinx-build: no colour codes in a file
        nocolor()
    from kb.handbook import config

    # No conf.py is read: the settings are the package's (the same a checkout's conf.py
    # imports), so a wheel builds without a checkout and a data folder runs no code.
    overrides = {} if conf else {name: getattr(config, name) for name in config.__all__}
    if data:
        overrides["floorbook_data_dir"] = str(Path(data).resolve())
    try:
        with patch_docutils(conf or pages), docutils_namespace():
            app = Sphinx(pages, conf, outdir, outdir / ".doctrees", "html",
                         confoverrides=overrides, status=None, warning=sys.stderr,
                         warningiserror=True)
            app.build()
    except DataError as error:
        raise SiteError(error.problems) from None
    except SphinxError as error:
        raise SiteError([f"floorbook build: {error.category}: {error}"]) from None
    if app.statuscode:
        raise SiteError(["floorbook build: Sphinx warned (above); warnings are errors, "
                         "so the site was not written"])


def _publish(work: Path, target: Path) -> None:
    """Put the built site ``work`` in place of ``target`` (renames on one file system)."""
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(work, 0o777 & ~umask)           # mkdtemp made it private
    if not target.exists():
        work.rename(target)
        return
    old = Path(tempfile.mkdtemp(prefix=f".{target.name}.old-", dir=target.parent))
    target.rename(old / "site")
    try:
        work.rename(target)
    except OSError:
        (old / "site").rename(target)         # keep the previous site
        old.rmdir()
        raise
    shutil.rmtree(old)
