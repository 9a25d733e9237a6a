"""The earlier site a build starts from, which is an optimisation only: Sphinx rebuilds
just the pages that changed, and reads back what it wrote last time (the search index,
the pages it keeps).  An earlier site that is damaged (a search index emptied or cut
short, a file replaced by hand) must never stop a build: it is not used at all when its
search index does not load (:func:`usable`), and a build from it that fails with an
exception nobody expected is done again from nothing (:func:`from_nothing_if_broken`).
What Sphinx copies anew on every build is not taken from it (:func:`drop_recopied`).

>>> usable(Path("/nowhere"))
False
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from kb.handbook.running import compat

T = TypeVar("T")


def usable(site: Path) -> bool:
    """Whether the folder ``site`` may be the start of a build: a folder whose
    ``searchindex.js`` Sphinx's own loader reads, made by this Sphinx.  Sphinx loads that
    file only when some pages are kept, and one it cannot load is then a warning (an
    error for the build), or, when no page changed, a crash as it writes the index back;
    the check costs one read of a file the build reads anyway.

    >>> import tempfile
    >>> site = Path(tempfile.mkdtemp())
    >>> _ = (site / "searchindex.js").write_text("")
    >>> usable(site), usable(site / "missing")
    (False, False)
    """
    try:
        return compat.search_index_loads(site / "searchindex.js")
    except Exception:                          # whatever the loader trips over
        return False


def drop_recopied(site: Path) -> None:
    """Remove from the copy of an earlier site, ``site``, the files Sphinx copies into
    every build anyway, so that a file someone put among them is not carried over:
    ``_downloads`` (every download of the environment is copied by each build) and
    ``_static`` (the theme's and the static path's files, the Pygments style, the search
    language's scripts: all copied by each build, before it writes any page, so the
    ``?v=`` checksums that pages take from these files are of this build's files).  The
    finder's index stays: floorbook writes it when it changed, comparing it with the
    earlier one, and a page linking it is written again only then.

    >>> drop_recopied(Path("/nowhere"))
    """
    from kb.handbook.finding.finder_page import INDEX_FILE

    shutil.rmtree(site / "_downloads", ignore_errors=True)
    static = site / "_static"
    if static.is_dir() and not static.is_symlink():
        for path in static.iterdir():
            if path.name == INDEX_FILE and path.is_file() and not path.is_symlink():
                continue
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path)
            else:
                path.unlink()


def from_nothing_if_broken(build: Callable[[bool], T], work: Path, earlier: bool,
                           expected: tuple[type[Exception], ...]) -> T:
    """``build(earlier)``: a build in the folder ``work`` (its ``site`` and ``doctrees``),
    from the earlier site if ``earlier``.  If that raises an exception that is none of
    ``expected`` (the problems of the user's files, Sphinx's warnings), the earlier
    site's files are to blame: ``work`` is emptied and ``build(False)`` runs, once; what
    it raises is raised.  Interruptions (Ctrl-C, SIGTERM) are never retried.

    >>> import tempfile
    >>> tries = []
    >>> def build(earlier):
    ...     tries.append(earlier)
    ...     if earlier:
    ...         raise KeyError("editions/rrop-v11")
    ...     return "built"
    >>> from_nothing_if_broken(build, Path(tempfile.mkdtemp()), True, ()), tries
    ('built', [True, False])
    """
    try:
        return build(earlier)
    except expected:
        raise
    except Exception:
        if not earlier:
            raise
    for folder in ("site", "doctrees"):
        shutil.rmtree(work / folder, ignore_errors=True)
    return build(False)
