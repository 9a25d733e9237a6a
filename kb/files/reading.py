"""Reading the bytes of an input file: a regular file only, at most a bound actually
read, UTF-8 (step 1 of :mod:`kb.files`)."""

from __future__ import annotations

import gc
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from kb.files.problems import fail

#: Files bigger than this are refused (knowledge-base files; a whole book is ~60 KB).
MAX_BYTES = 2_000_000
#: Scenario and house rulebook files: one hand or one house's changes (a few KB).
MAX_USER_BYTES = 256_000


def read_text(path: Path, name: str | None = None, max_bytes: int = MAX_BYTES) -> str:
    """The UTF-8 text of the regular file at ``path``, reading at most ``max_bytes`` + 1
    bytes; ``name`` is the file's name in messages (default ``str(path)``).

    Raises :class:`InputError` for a missing file, a folder, a dangling link, a FIFO, a
    device or socket, a file over ``max_bytes`` (counted as read, not as reported by the
    file system) or text that is not UTF-8.

    >>> read_text(Path("/dev/zero"), "zero.yaml")
    Traceback (most recent call last):
    ...
    kb.files.InputError: zero.yaml:1: this is a device, not a file (give a YAML file)
    """
    name = name or str(path)
    return decode(read_bytes(path, name, max_bytes), name)


def read_bytes(path: Path, name: str | None = None, max_bytes: int = MAX_BYTES) -> bytes:
    """The bytes of the regular file at ``path``, checked as :func:`read_text` checks them
    but for the encoding (the same errors, but not UTF-8's): what a cache's key is the
    digest of (:mod:`kb.files.cache`), read once.

    >>> read_bytes(Path("/dev/null"), "null.yaml")
    Traceback (most recent call last):
    ...
    kb.files.InputError: null.yaml:1: this is a device, not a file (give a YAML file)
    """
    name = name or str(path)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        dangling = os.path.islink(path)
        raise fail(name, 1, "this link points to nothing" if dangling else "no such file",
                   "check the path") from None
    except OSError as error:
        raise fail(name, 1, f"cannot read the file: {error.strerror}",
                   "check the path and its permissions") from None
    if stat.S_ISDIR(info.st_mode):
        raise fail(name, 1, "this is a folder, not a file", "give a YAML file")
    if not stat.S_ISREG(info.st_mode):
        kind = "a FIFO" if stat.S_ISFIFO(info.st_mode) else "a device"
        raise fail(name, 1, f"this is {kind}, not a file", "give a YAML file")
    try:
        # O_NONBLOCK: if the path was swapped for a FIFO since the stat, do not wait on it
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise fail(name, 1, "this is not a regular file", "give a YAML file")
            data = handle.read(max_bytes + 1)
    except OSError as error:
        raise fail(name, 1, f"cannot read the file: {error.strerror}",
                   "check the path and its permissions") from None
    if len(data) > max_bytes:
        raise fail(name, 1, f"the file is larger than {max_bytes:,} bytes",
                   "check that this is the right file; floorbook files are far smaller")
    return data


def decode(data: bytes, name: str) -> str:
    """The bytes of the file ``name`` as UTF-8 text.  Raises :class:`InputError` at the
    line of the first byte that is not UTF-8.

    >>> decode(b"a: 1\\nb: \\xff\\n", "x.yaml")
    Traceback (most recent call last):
    ...
    kb.files.InputError: x.yaml:2: the file is not UTF-8 text (save it as UTF-8)
    """
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[:error.start].count(b"\n") + 1
        raise fail(name, line, "the file is not UTF-8 text", "save it as UTF-8") from None


@contextmanager
def bulk() -> Iterator[None]:
    """Reading many files at once (a knowledge base, a folder of scenarios): Python's cyclic
    garbage collector is paused meanwhile.  Every record read is kept, so its passes over
    the growing heap found nothing to free and cost a third of reading 100 times the
    bundled data; what the reading leaves as cyclic garbage (the parsers) is collected when
    the collector resumes, as it was before if it was running.

    >>> with bulk():
    ...     gc.isenabled()
    False
    """
    with _paused(to_oldest=False):
        yield


@contextmanager
def kept() -> Iterator[None]:
    """Making objects that are all kept (reading a cache's records): the collector is
    paused, and what the block made goes straight to its oldest generation, where a pass
    would have moved it, without that pass over every object (a third of a second per
    store at 100 times the bundled data).  Garbage made just before goes there too: use
    it where there is none (nothing was parsed yet).

    >>> with kept():
    ...     gc.isenabled()
    False
    """
    with _paused(to_oldest=True):
        yield


@contextmanager
def _paused(to_oldest: bool) -> Iterator[None]:
    """The collector paused meanwhile and, if it was running, resumed after; with
    ``to_oldest``, every object then goes to the oldest generation first."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if to_oldest:
            gc.freeze()         # every object to the permanent generation, then back to
            gc.unfreeze()       # the oldest: the count of new objects starts again at 0
        if was:
            gc.enable()


@contextmanager
def settled() -> Iterator[None]:
    """Working on what was read (ruling a folder of scenarios): the garbage collector's
    passes leave out every object made before the block (``gc.freeze``), which are kept
    anyway, and look only at newer ones.  At 100 times the bundled data its passes over
    the knowledge base and the scenarios cost more than the work; what the block drops is
    still collected.  Afterwards the older objects are collected as before.

    >>> import gc
    >>> with settled():
    ...     gc.get_freeze_count() > 0
    True
    """
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()
