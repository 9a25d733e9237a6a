"""Reading the bytes of an input file: a regular file only, at most a bound actually
read, UTF-8 (step 1 of :mod:`kb.files`)."""

from __future__ import annotations

import errno
import gc
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

from kb.files.problems import InputError, fail

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
    below = _below(path)
    try:
        fd = _open_regular(path, name) if below is None else _open_inside(*below, name)
        with os.fdopen(fd, "rb") as handle:
            data = handle.read(max_bytes + 1)
    except OSError as error:
        raise fail(name, 1, f"cannot read the file: {error.strerror}",
                   "check the path and its permissions") from None
    if len(data) > max_bytes:
        raise fail(name, 1, f"the file is larger than {max_bytes:,} bytes",
                   "check that this is the right file; floorbook files are far smaller")
    return data


def _open_regular(path: Path, name: str) -> int:
    """A descriptor of the regular file at ``path`` (links followed), opened for reading.
    Raises :class:`InputError` (what it is instead) or OSError."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        dangling = os.path.islink(path)
        raise fail(name, 1, "this link points to nothing" if dangling else "no such file",
                   "check the path") from None
    _regular(info, name)
    # O_NONBLOCK: if the path was swapped for a FIFO since the stat, do not wait on it
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    return _checked(fd, name)


def _regular(info: os.stat_result, name: str) -> None:
    """Raise :class:`InputError` unless ``info`` is a regular file's."""
    if stat.S_ISDIR(info.st_mode):
        raise fail(name, 1, "this is a folder, not a file", "give a YAML file")
    if not stat.S_ISREG(info.st_mode):
        kind = "a FIFO" if stat.S_ISFIFO(info.st_mode) else "a device"
        raise fail(name, 1, f"this is {kind}, not a file", "give a YAML file")


def _checked(fd: int, name: str) -> int:
    """``fd`` if it is a regular file's, else closed and :class:`InputError`."""
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise fail(name, 1, "this is not a regular file", "give a YAML file")
    return fd


#: The data folders :func:`confined` reads, made absolute, outermost first, each with its
#: kind in words; none outside.
_CONFINED: ContextVar[tuple[tuple[Path, str], ...]] = ContextVar("confined", default=())


@contextmanager
def confined(root: Path, kind: str = "a data folder") -> Iterator[None]:
    """Meanwhile, a file under the data folder ``root`` is read without following any
    symbolic link below ``root`` (``root`` itself may be one: it is opened once): a link
    there, to a file or a folder, is refused (:class:`InputError`, ``this is a symbolic
    link``).  Every folder on the way and the file are opened from the one before with
    ``O_NOFOLLOW``, so a link put there after a look is refused too.  A data folder
    someone sent may hold a link to any file its reader can read, which would be
    published; files named on the command line are read as given, links followed.
    ``kind`` names the folder in that problem (``"a decision log"``).

    Confinements nest and never loosen: a file under two confined folders is opened from
    the outer one, so confining a subfolder again (``--data``'s ``scenarios``, read as a
    folder of scenarios) still refuses the subfolder if it is a link.

    >>> import tempfile; root = Path(tempfile.mkdtemp()); (root / "a.yaml").symlink_to("/etc/hostname")
    >>> with confined(root):
    ...     read_bytes(root / "a.yaml", "a.yaml")
    Traceback (most recent call last):
    ...
    kb.files.InputError: a.yaml:1: this is a symbolic link, and a data folder is read without following links (copy the file into the folder instead)
    >>> with confined(root, "a decision log"):
    ...     read_bytes(root / "a.yaml", "a.yaml")
    Traceback (most recent call last):
    ...
    kb.files.InputError: a.yaml:1: this is a symbolic link, and a decision log is read without following links (copy the file into the folder instead)
    """
    token = _CONFINED.set((*_CONFINED.get(), (Path(os.path.abspath(root)), kind)))
    try:
        yield
    finally:
        _CONFINED.reset(token)


def _below(path: Path) -> tuple[Path, tuple[str, ...], str] | None:
    """The shallowest confined root ``path`` is below, the names of ``path`` below it and
    the kind of the deepest (the folder the file was read as part of), or None when no
    folder is confined or ``path`` is under none (it is then read as any file is)."""
    if not hasattr(os, "O_NOFOLLOW"):
        return None
    parts = Path(os.path.abspath(path)).parts
    roots = [(root, kind) for root, kind in _CONFINED.get()
             if parts[:len(root.parts)] == root.parts and len(parts) > len(root.parts)]
    if not roots:
        return None
    root = min(roots, key=lambda pair: len(pair[0].parts))[0]
    kind = max(roots, key=lambda pair: len(pair[0].parts))[1]
    return root, parts[len(root.parts):], kind


def _open_inside(root: Path, parts: tuple[str, ...], kind: str, name: str) -> int:
    """A descriptor of the regular file ``root/parts...``, each name opened from the
    folder before it without following a link.  Raises :class:`InputError` or OSError."""
    folder = os.open(root, os.O_RDONLY | os.O_DIRECTORY)
    try:
        for depth, part in enumerate(parts):
            try:
                info = os.stat(part, dir_fd=folder, follow_symlinks=False)
            except FileNotFoundError:
                raise fail(name, 1, "no such file", "check the path") from None
            last = depth == len(parts) - 1
            if stat.S_ISLNK(info.st_mode):
                raise _link(name, parts[:depth + 1], last, kind)
            if not last:
                flags = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW
            else:
                _regular(info, name)
                flags = os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW
            try:
                opened = os.open(part, flags, dir_fd=folder)
            except OSError as error:
                if error.errno == errno.ELOOP:      # made a link since the look
                    raise _link(name, parts[:depth + 1], last, kind) from None
                raise
            os.close(folder)
            folder = opened
        fd, folder = folder, -1
        return _checked(fd, name)
    finally:
        if folder >= 0:
            os.close(folder)


def _link(name: str, parts: tuple[str, ...], last: bool, kind: str) -> InputError:
    """The problem of a link met at ``parts`` below a confined folder of ``kind``."""
    what = "this is" if last else f"{'/'.join(parts)} is"
    return fail(name, 1, f"{what} a symbolic link, and {kind} is read without following "
                "links", "copy the file into the folder instead")


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
