"""Writing a file whole: through a new file of a fresh name beside it, renamed into place,
so that a reader never sees half of it, and never through a file or a link already
standing at a fixed temporary name (an earlier site copied into a build may hold one).

:func:`write_named` writes a file a person named (``-o FILE``): there a link is followed
and a device or FIFO is written through, never replaced by a file."""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path


def replace_file(target: Path, data: bytes) -> None:
    """Write ``data`` to ``target`` (replacing a file there, whose permissions it keeps),
    readable as any new file is (the umask's mode, not mkstemp's 0600).  Raises OSError; no temporary file is left.

    >>> import tempfile as t; folder = Path(t.mkdtemp())
    >>> replace_file(folder / "a.json", b"{}"); (folder / "a.json").read_bytes()
    b'{}'
    >>> sorted(p.name for p in folder.iterdir())
    ['a.json']
    """
    replace_file_from(target, [data])


def replace_file_from(target: Path, pieces: Iterable[bytes], new: bool = False) -> None:
    """Write ``pieces`` one after another to ``target``, as :func:`replace_file` writes
    one: a large file need never stand in memory whole.  With ``new``, never over a file
    already there (FileExistsError), even one made meanwhile.  Raises OSError (or what
    making a piece raises); no temporary file is left.

    >>> import tempfile as t; folder = Path(t.mkdtemp())
    >>> replace_file_from(folder / "b.txt", (part.encode() for part in ["a", "b"]))
    >>> (folder / "b.txt").read_bytes()
    b'ab'
    """
    handle, name = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    try:
        with os.fdopen(handle, "wb") as out:
            for piece in pieces:
                out.write(piece)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(name, _kept_mode(target, new) or 0o666 & ~umask)
        if new:
            os.link(name, target)       # fails if anything is there by now
            os.unlink(name)
        else:
            os.replace(name, target)
    except BaseException:
        Path(name).unlink(missing_ok=True)
        raise


def _kept_mode(target: Path, new: bool) -> int | None:
    """The permission bits of the file being replaced, which the new one keeps (a file
    a person made private stays private); None for a new file."""
    if new:
        return None
    try:
        return os.stat(target, follow_symlinks=False).st_mode & 0o777
    except OSError:
        return None


class OutputError(ValueError):
    """A file a person named cannot be written there; ``str()`` is the reason, ending with
    what to do in brackets."""


def write_named(target: Path, data: bytes, overwrite: bool = True) -> None:
    """Write ``data`` to ``target``, a file a person named (``-o FILE``), by the rule every
    command that writes a file follows (docs/export.md, "Where -o writes"):

    - missing: created whole (a new file beside it renamed into place);
    - a regular file: replaced whole, as :func:`replace_file` replaces one; refused
      (:class:`OutputError`) when not ``overwrite``;
    - a symbolic link: what it points at is written by these rules, and the link stays a
      link; a link that points to nothing is refused;
    - a device, a FIFO or a terminal (``/dev/null``, ``/dev/stdout``): written through,
      opened for writing and never replaced or made; a FIFO no program reads is refused
      rather than waited on, and so are a socket and a folder.

    Raises :class:`OutputError` with the reason, or OSError when writing fails.

    >>> import tempfile as t; folder = Path(t.mkdtemp())
    >>> write_named(folder / "a.json", b"{}"); write_named(Path("/dev/null"), b"{}")
    >>> (folder / "a.json").read_bytes(), Path("/dev/null").is_char_device()
    (b'{}', True)
    >>> write_named(folder / "a.json", b"[]", overwrite=False)
    Traceback (most recent call last):
    ...
    kb.files.writing.OutputError: already exists (choose another file)
    """
    try:
        info = os.stat(target)                 # through any link, to what it points at
    except FileNotFoundError:
        info = None
    except OSError as error:
        raise OutputError(f"cannot be written: {error.strerror} (check the path)") from None
    if info is None and os.path.islink(target):
        raise OutputError("is a symbolic link that points to nothing (give the file "
                          "itself, or a new file's path)")
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise OutputError("is a folder (give the path of a file to write)")
    if info is not None and not stat.S_ISREG(info.st_mode):
        _write_through(target, data)
        return
    if info is not None and not overwrite:
        raise OutputError("already exists (choose another file)")
    # a link to a regular file: that file is replaced, and the link stays as it was
    real = Path(os.path.realpath(target)) if os.path.islink(target) else target
    try:
        replace_file_from(real, [data], new=not overwrite)
    except FileExistsError:
        raise OutputError("already exists (choose another file)") from None


def _write_through(target: Path, data: bytes) -> None:
    """Write ``data`` into the device, FIFO or terminal at ``target``, opened as it is:
    never created, renamed over or truncated into a file.  A FIFO is opened without
    waiting: with no program reading it the open fails (ENXIO) instead of hanging."""
    try:
        fd = os.open(target, os.O_WRONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except OSError as error:
        if error.errno == errno.ENXIO:
            raise OutputError("is a FIFO or socket that no program reads (start the reader "
                              "first, or give a file)") from None
        raise OutputError(f"cannot be written: {error.strerror} (check the path)") from None
    with os.fdopen(fd, "wb") as out:
        if stat.S_ISREG(os.fstat(fd).st_mode):          # replaced by a file meanwhile
            raise OutputError("changed while it was opened (try again)")
        os.set_blocking(fd, True)                       # a reader is there: wait on it
        out.write(data)
