"""Build the handbook's site all or nothing: Sphinx writes into a folder beside the output
folder, and that folder replaces the output only when the build succeeded, so a failed
build leaves the output as it was (or absent) and never half a site.

The previous site is copied into the new folder first, so Sphinx rebuilds only the pages
whose sources or data changed.  Its environment (the doctrees) lives beside the output, in
``.<name>.doctrees`` (:func:`doctrees_folder`), never in the published folder; it is built
in the new folder too and replaces the earlier one with the site, and is used again only
with the site it was built with, and only when sealed with this user's key (they are
pickles: :mod:`kb.handbook.sitebuild.doctrees_trust`).
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from kb.handbook.data.uptodate import doctrees_folder  # also this module's public name
from kb.handbook.sitebuild.collector import few_pages, fewer_passes
from kb.handbook.sitebuild.doctrees_trust import copy_trusted, site_stamp, user_key, write_seal
from kb.handbook.sitebuild.earlier import drop_recopied, from_nothing_if_broken, usable
from kb.handbook.sitebuild.site_folder import MARKER, output_problem  # also this module's names
from kb.handbook.sitebuild.stale import drop_stale_files, drop_unused_images
from kb.handbook.sitebuild.streaming import give_back, keep_small_trees
from kb.house.leftovers import building

#: The Sphinx settings that publish each page's source (``_sources``, "Show source").
SOURCES = {"html_copy_source": True, "html_show_sourcelink": True}


@dataclass(frozen=True)
class Built:
    """What a build did: pages ``read`` of ``pages`` found (the others were unchanged),
    pages ``written`` (of those pages: the index and search pages, rewritten every time,
    are not counted) and ``seconds`` taken."""

    read: int
    pages: int
    written: int
    seconds: float

    def __str__(self) -> str:
        return (f"{self.read} of {self.pages} pages read, {self.written} written, "
                f"{self.seconds:.1f} s")


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
    :func:`kb.handbook.sitebuild.pages.default_pages` instead).

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


def pages_problems(pages: Path) -> list[str]:
    """A line per entry of a user's pages folder ``pages`` that the build must not read
    (one line if ``pages`` itself is a link): a
    symbolic link (it would publish whatever it points at, anywhere on the machine) or
    anything that is neither a file nor a folder (a FIFO would hang the build).

    >>> pages_problems(Path("/nowhere"))
    []
    """
    if Path(pages).is_symlink():            # os.walk would walk where it points
        return [f"{pages}: is a symbolic link; the build reads only the data folder's own "
                "pages (copy the folder in instead)"]
    problems = []
    for folder, names, files in os.walk(pages):
        for name in sorted(names + files):
            path = Path(folder) / name
            if path.is_symlink():
                problems.append(f"{path}: is a symbolic link; the build reads only the pages "
                                "folder's own files (copy the file in instead)")
            elif not (path.is_file() or path.is_dir()):
                problems.append(f"{path}: is not a regular file; remove it from the pages "
                                "folder")
    return problems


def build_site(pages: Path, data: Path | None, output: Path, conf: Path | None = None, *,
               progress: Callable[[str], None] | None = None,
               sources: bool = False, reuse: bool = True, printed: str = "",
               settings: dict | None = None) -> Built:
    """Build the handbook whose pages are the folder ``pages`` (MyST, ``index.md`` the
    root; see :func:`pages_folder`) from the knowledge base ``data`` (None: the bundled
    one) into the folder ``output``, with the settings of :mod:`kb.handbook.sitebuild.config`, or
    those of the conf.py in the folder ``conf`` (a caller's own Sphinx project; the
    command line never runs a conf.py).

    ``progress`` is called with a line as each stage starts (reading, writing); None
    says nothing.  ``sources``: publish each page's source too (``_sources``).
    ``reuse``: read only the pages that changed, with the earlier build's doctrees when
    they are sealed with the user's key (false, as ``--no-cache``: read every page).
    ``printed``: the file name of the printed handbook the folder holds (the front page
    links to it), or "" for none.  ``settings``: config values over the package's
    (``floorbook_scheduler``, ``floorbook_fairness``: :mod:`kb.handbook`).
    Returns what was done (:class:`Built`).

    Raises :class:`SiteError` if ``output`` may not be replaced (:func:`output_problem`),
    if the data cannot be used, or if Sphinx warns (Sphinx prints its warnings on stderr
    as they come).  An interruption (Ctrl-C, or SIGTERM through ``floorbook``) leaves no
    building folder behind; a build killed outright leaves it, and a later one removes it
    (:func:`kb.house.leftovers.building`).

    >>> build_site(Path("."), None, Path(__file__))
    Traceback (most recent call last):
    ...
    kb.handbook.sitebuild.site.SiteError: .../site.py: is a file; give a folder for the site
    """
    target, started = Path(output).resolve(), time.monotonic()
    why = output_problem(Path(output), data)
    if why:
        raise SiteError([f"{output if Path(output).is_symlink() else target}: {why}"])
    created = _make_parents(target)
    with building(target):                  # and what a killed build left goes
        try:
            work = Path(tempfile.mkdtemp(prefix=f".{target.name}.building-",
                                         dir=target.parent))
        except OSError as error:
            if created is not None:
                shutil.rmtree(created, ignore_errors=True)
            raise SiteError([f"{target}: cannot be written ({error.strerror}); give "
                             "another folder for the site"]) from None
        key = user_key(data, reuse)
        counts = _build_in(pages, data, target, work, conf, created, progress=progress,
                           sources=sources, key=key, printed=printed,
                           settings=settings or {})
    return Built(*counts, seconds=time.monotonic() - started)


def _build_in(pages: Path, data: Path | None, target: Path, work: Path, conf: Path | None,
              created: Path | None, *, progress: Callable[[str], None] | None,
              sources: bool, key: bytes | None, printed: str,
              settings: dict) -> tuple[int, int, int]:
    """:func:`build_site` in the folder ``work`` beside ``target`` (``created``: the
    topmost folder above ``target`` this build made), holding the lock of builds into
    it, sealing doctrees with ``key``; returns what :func:`_sphinx` does (from nothing if
    the earlier site is damaged: :mod:`kb.handbook.sitebuild.earlier`)."""
    def attempt(earlier: bool) -> tuple[int, int, int]:
        site = work / "site"
        if earlier:
            site = _copy_of(target, work, sources, key)
            drop_recopied(site)             # Sphinx copies them anew: strays do not stay
        return _sphinx(pages, data, site, conf, progress=progress, sources=sources,
                       printed=printed, settings=settings)

    try:
        counts = from_nothing_if_broken(attempt, work, usable(target), (SiteError,))
        try:
            _publish(work, target, key)
        except OSError as error:
            raise SiteError([f"{target}: cannot put the site there ({error.strerror}); "
                             "give another folder"]) from None
    except BaseException:
        if created is not None:
            shutil.rmtree(created, ignore_errors=True)
        raise
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return counts


def _copy_of(target: Path, work: Path, sources: bool, key: bytes | None) -> Path:
    """``work / "site"``, holding a copy of the earlier site in ``target`` if there is one
    (without ``_sources`` unless ``sources``, and without the doctrees an earlier layout
    kept inside it), and ``work / "doctrees"`` a copy of the doctrees built with that very
    site and sealed with ``key`` (else none: everything is read again)."""
    site, doctrees = work / "site", doctrees_folder(target)
    if not target.is_dir():
        return site
    drop = {".doctrees"} | (set() if sources else {"_sources"})
    try:
        shutil.copytree(target, site, symlinks=True,
                        ignore=lambda folder, names: drop & set(names)
                        if Path(folder) == target else ())
        if doctrees.is_dir():
            copy_trusted(doctrees, work / "doctrees", key, site=target)
    except OSError as error:
        raise SiteError([f"{target}: cannot read the earlier site ({error.strerror}); "
                         "remove it or give another folder"]) from None
    return site



def _make_parents(target: Path) -> Path | None:
    """Create the folders above ``target``; the topmost one created, to remove on failure."""
    missing = [p for p in target.parents if not p.exists()]
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise SiteError([f"{target}: cannot be created ({error.strerror}); give another "
                         "folder for the site"]) from None
    return missing[-1] if missing else None


def _sphinx(pages: Path, data: Path | None, outdir: Path, conf: Path | None, *,
            progress: Callable[[str], None] | None, sources: bool,
            printed: str = "", settings: dict | None = None) -> tuple[int, int, int]:
    """Run Sphinx's HTML builder into ``outdir`` (its doctrees beside it, in
    ``outdir.parent / "doctrees"``), saying each stage to ``progress``;
    warnings are errors.  Returns (pages read, pages found, pages written)."""
    from sphinx.errors import SphinxError

    from kb.handbook.data.store import DataError
    from kb.handbook.running.run import sphinx_app
    from kb.handbook.sitebuild import config

    # Never Sphinx's colours (sphinx_app): what it says goes through the command's escaping
    # of control characters (a colour code would print as ``\\u001b[91m``), and Sphinx
    # colours even a pipe when ``CI`` or ``FORCE_COLOR`` is set.
    # No conf.py is read: the settings are the package's (the same a checkout's conf.py
    # imports), so a wheel builds without a checkout and a data folder runs no code.
    overrides = {} if conf else {name: getattr(config, name) for name in config.__all__}
    if data:
        overrides["floorbook_data_dir"] = str(Path(data).resolve())
    overrides.update(SOURCES if sources else {})
    if printed:
        overrides["floorbook_pdf"] = printed
    overrides.update(settings or {})
    try:
        with fewer_passes(), sphinx_app(pages, outdir, outdir.parent / "doctrees", "html",
                                        overrides, conf=conf, warning=sys.stderr,
                                        warningiserror=True) as app:
            counts = _watch(app, progress)
            # a large site's page trees are not all kept in memory at once
            app.connect("env-before-read-docs", keep_small_trees)
            app.connect("env-before-read-docs", few_pages)     # a rebuild: no passes
            app.connect("build-finished", give_back, priority=100)
            generated: set[str] = set()     # the pages Sphinx makes anew each build
            app.connect("html-page-context", lambda app, name, *rest: generated.add(name))
            try:
                app.build()
            except RecursionError:
                raise SiteError([_too_deep(app)]) from None
    except DataError as error:
        raise SiteError(error.problems) from None
    except SphinxError as error:
        raise SiteError([f"floorbook build: {error.category}: {error}"]) from None
    if app.statuscode:
        raise SiteError(["floorbook build: Sphinx warned (above); warnings are errors, "
                         "so the site was not written"])
    if not sources:                          # Sphinx 9 makes the folder even when empty
        shutil.rmtree(outdir / "_sources", ignore_errors=True)
    # Sphinx keeps the earlier build's .buildinfo there when the settings changed: not ours
    # to publish.
    (outdir / f"{MARKER}.bak").unlink(missing_ok=True)
    drop_stale_files(outdir, {f"{name}.html" for name in (*app.env.found_docs, *generated)})
    drop_unused_images(outdir)
    return counts["read"], counts["pages"], counts["written"]


def _too_deep(app) -> str:
    """The problem of a page nested past Python's stack (docutils parses a list in a
    list, or a quote in a quote, by recursion: 400 levels are a 320 kB page)."""
    docname = app.env.current_document.docname
    page = app.env.doc2path(docname) if docname else "floorbook build"
    return (f"{page}: is nested too deeply to be read (lists or quotes inside each other "
            "hundreds of times); flatten it")


def _watch(app, progress: Callable[[str], None] | None) -> dict[str, int]:
    """Count the pages ``app`` reads and writes (in the dict returned, filled as it
    builds) and say each stage to ``progress``."""
    counts = {"read": 0, "pages": 0, "written": 0}
    say = progress or (lambda line: None)

    def reading(app, env, docnames) -> None:
        counts.update(read=len(docnames), pages=len(env.found_docs))
        say(f"reading {len(docnames)} of {len(env.found_docs)} pages (the others are "
            "unchanged) ...")

    def page(app, pagename, templatename, context, doctree) -> None:
        counts["written"] += doctree is not None     # not the index and search pages

    app.connect("env-before-read-docs", reading)
    app.connect("write-started", lambda app, builder: say("writing the pages ..."))
    app.connect("html-page-context", page)
    return counts


def _publish(work: Path, target: Path, key: bytes | None) -> None:
    """Put the built site ``work / "site"`` in place of ``target`` (renames on one file
    system), then its doctrees in place of the earlier ones, stamped with the new site:
    its own stamp, taken before it moves (a build into the same folder at the same time
    may have replaced it by the time the doctrees move, and those must not claim that
    build's site)."""
    site = work / "site"
    stamp = site_stamp(site)                 # a rename keeps the MARKER's time and size
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(site, 0o777 & ~umask)           # mkdtemp made it private
    if not target.exists():
        site.rename(target)
    else:
        old = Path(tempfile.mkdtemp(prefix=f".{target.name}.old-", dir=target.parent))
        target.rename(old / "site")
        try:
            site.rename(target)
        except OSError:
            (old / "site").rename(target)     # keep the previous site
            old.rmdir()
            raise
        shutil.rmtree(old)
    _publish_doctrees(work / "doctrees", target, stamp, key)


def _publish_doctrees(doctrees: Path, target: Path, stamp: str, key: bytes | None) -> None:
    """Replace the doctrees of ``target`` by ``doctrees``, sealed with ``key`` for the
    stamp ``stamp`` (that of the site they were built with); if that fails, the earlier
    ones go (they belong to no published site), so the next build reads every page."""
    place = doctrees_folder(target)
    try:
        write_seal(doctrees, stamp, key)
        shutil.rmtree(place, ignore_errors=True)
        doctrees.rename(place)
    except OSError:
        shutil.rmtree(place, ignore_errors=True)
