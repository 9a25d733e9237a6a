"""An HTML build's page trees, kept between reading and writing only while they are small.

Sphinx (9.0) keeps every tree it reads in ``env._write_doc_doctree_cache`` until the page
is written, besides pickling it into the doctrees folder, and keeps the bytes of every
pickle it loads in ``env._pickled_doctree_cache``.  On a small site that saves unpickling
each page again; on a large knowledge base it kept every page's tree alive at once (the
10x synthetic data's build peaked at 1.1 GB, most of it trees).  So the trees are kept
while the site's pickles add up to :data:`BUDGET` bytes (the bundled handbook's all fit:
its build is as fast as before); a larger site keeps none, and each page is written from
its pickle like any unchanged page's.

A tree that is not kept is also taken apart at once (:func:`release`): a docutils tree is
cyclic (each node points at its parent), so without that it would wait for the cyclic
collector's rare full passes (see :mod:`kb.handbook.sitebuild.collector`) while the next pages were
read, and the build would grow by the largest pages' trees before reusing their memory;
the same goes for each page's tree once it is written.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
from pathlib import Path

from docutils import nodes

from kb.handbook.running import compat

#: The pickled size of a site's trees, in bytes, up to which they are kept for writing
#: (the bundled handbook's are 9.7 MB; at 10x the data, 88 MB, whose objects took about
#: five times that).
BUDGET = 12 * 2**20


class KeptTrees(dict):
    """``env._write_doc_doctree_cache`` under a budget: the trees are kept while the
    pickles of those read (just written into ``doctrees``) add up to ``budget`` bytes at
    most; past that, the kept ones are released with every later one, and the pages are
    written from their pickles.  A large site keeps none: keeping some would only save
    unpickling them, for as much memory as they take."""

    def __init__(self, doctrees: Path, budget: int = BUDGET):
        super().__init__()
        self.doctrees, self.left = Path(doctrees), budget

    def __setitem__(self, docname: str, doctree) -> None:
        try:
            self.left -= os.path.getsize(self.doctrees / f"{docname}.doctree")
        except OSError:             # no pickle to fall back on: keep the tree
            pass
        else:
            if self.left < 0:
                for kept in self.values():
                    release(kept)
                self.clear()
                release(doctree)
                return
        super().__setitem__(docname, doctree)


class Unkept(dict):
    """``env._pickled_doctree_cache`` that keeps nothing: a page's pickle is read from
    its file whenever its tree is wanted (once, when it is written)."""

    def __setitem__(self, docname: str, data: bytes) -> None:
        pass


def release(doctree: nodes.document) -> None:
    """Take ``doctree`` apart (after it was pickled and is no longer used) so that
    reference counting frees it at once, not the cyclic collector later."""
    for node in list(doctree.findall()):
        node.__dict__.clear()
    doctree.__dict__.clear()


def keep_small_trees(app, env, docnames) -> None:
    """``env-before-read-docs`` (HTML builds): keep only :data:`BUDGET` of trees, and
    take each page's tree apart once the page is written."""
    kept = KeptTrees(Path(app.doctreedir))
    compat.replace_doctree_caches(env, kept, Unkept())
    write_doc = app.builder.write_doc

    def write_and_release(docname: str, doctree: nodes.document) -> None:
        write_doc(docname, doctree)
        if kept.left < 0:            # a large site: free it now; a small one fits anyway
            release(doctree)         # written: nothing reads it again

    app.builder.write_doc = write_and_release


def give_back(app, exception) -> None:
    """``build-finished``, before the site's export is written: the memory the written
    pages freed goes back to the system (glibc keeps it otherwise, and the export's large
    strings, tens of MB at 10x the data, would be new memory beside it)."""
    try:
        ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):  # not glibc: nothing to give back this way
        pass
