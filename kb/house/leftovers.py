"""The folders a build stages beside its output folder, and those a killed build left.

A build of a site (``floorbook build``, ``floorbook rulebook build``) works in a folder
beside its output, ``.<name>.building-XXXXXXXX`` (``.new-``, and ``.old-`` for the site
it replaces), and removes it when it ends, also on Ctrl-C or SIGTERM; a SIGKILL, a power
cut or a crash of the interpreter leave it (the handbook's is some 14 MB).  Every build
holds a lock on the folder its output is in (:func:`fcntl.flock` of the folder itself,
shared; no lock file to leave behind) while it runs, and the kernel lets go of the lock
when the process ends however it ends; so a build that can take the lock alone
(exclusive, without waiting) knows no other build into that folder is running, and
removes the leftovers: folders, not links, named as a build names them for its output,
and owned by the user running it.  When another build is running there, nothing is
removed: its folder is in use (the leftovers go with a later build).

>>> leftover_names("site", [".site.building-ab12cd_9", ".site.old-00112233", "site",
...                         ".site.doctrees", ".site.building-x", ".other.new-00112233"])
['.site.building-ab12cd_9', '.site.old-00112233']
"""

from __future__ import annotations

import fcntl
import os
import re
import shutil
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

#: What a build's staging folders are called after the output's name: tempfile.mkdtemp's
#: eight characters, or eight hex digits.
_STAGED = r"\.(?:building|new|old)-[a-z0-9_]{8}"


@contextmanager
def building(target: Path) -> Iterator[None]:
    """Hold the lock of builds beside ``target`` (a resolved path whose parent exists)
    for the with-block, shared with other builds there; first, if no other build there
    is running, remove what earlier builds into ``target`` left
    (:func:`remove_leftovers`).  Where the folder cannot be locked (it cannot be read, or
    its file system has no locks), nothing is removed, since no build there can be told
    running, and the build goes on.

    >>> with building(Path("/nowhere/site")):
    ...     pass
    """
    lock = _locked(target)
    try:
        yield
    finally:
        if lock is not None:
            os.close(lock)                   # and the lock goes with it


def _locked(target: Path) -> int | None:
    """:func:`building`'s start: the folder of ``target`` opened and locked shared, once
    the leftovers are gone if no other build holds the lock; None if it cannot be."""
    try:
        lock = os.open(target.parent, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError:
        return None
    try:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            pass                             # another build runs: its folder is in use
        else:
            remove_leftovers(target)
        # Shared from here, also while another build removes leftovers (then this waits):
        # the folder this build stages is made after, so none removes it.
        fcntl.flock(lock, fcntl.LOCK_SH)
    except OSError:                          # a file system without locks
        os.close(lock)
        return None
    return lock


def tidy(target: Path) -> None:
    """Remove what killed builds into ``target`` (resolved) left, unless a build beside
    it is running (a build that has nothing to do tidies too).

    >>> tidy(Path("/nowhere/site"))
    """
    with building(target):
        pass


def leftover_names(name: str, names: list[str]) -> list[str]:
    """Those of ``names`` that a build into a folder called ``name`` stages beside it."""
    staged = re.compile(re.escape(f".{name}") + _STAGED)
    return sorted(n for n in names if staged.fullmatch(n))


def remove_leftovers(target: Path) -> list[str]:
    """Remove the folders earlier builds into ``target`` staged beside it (call it only
    holding :func:`building`'s lock alone): named as :func:`leftover_names` says, real
    folders (not links) owned by this user.  Returns the names removed, sorted.

    >>> remove_leftovers(Path("/nowhere/site"))
    []
    """
    try:
        names = os.listdir(target.parent)
    except OSError:
        return []
    removed = []
    for name in leftover_names(target.name, names):
        path = target.parent / name
        try:
            info = os.lstat(path)
        except OSError:
            continue
        if stat.S_ISDIR(info.st_mode) and info.st_uid == os.geteuid():
            shutil.rmtree(path, ignore_errors=True)   # never follows a link inside
            removed.append(name)
    return removed
