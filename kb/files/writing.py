"""Writing a file whole: through a new file of a fresh name beside it, renamed into place,
so that a reader never sees half of it, and never through a file or a link already
standing at a fixed temporary name (an earlier site copied into a build may hold one)."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable
from pathlib import Path


def replace_file(target: Path, data: bytes) -> None:
    """Write ``data`` to ``target`` (replacing a file there), readable as any new file is
    (the umask's mode, not mkstemp's 0600).  Raises OSError; no temporary file is left.

    >>> import tempfile as t; folder = Path(t.mkdtemp())
    >>> replace_file(folder / "a.json", b"{}"); (folder / "a.json").read_bytes()
    b'{}'
    >>> sorted(p.name for p in folder.iterdir())
    ['a.json']
    """
    replace_file_from(target, [data])


def replace_file_from(target: Path, pieces: Iterable[bytes]) -> None:
    """Write ``pieces`` one after another to ``target``, as :func:`replace_file` writes
    one: a large file need never stand in memory whole.  Raises OSError (or what making
    a piece raises); no temporary file is left.

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
        os.chmod(name, 0o666 & ~umask)
        os.replace(name, target)
    except BaseException:
        Path(name).unlink(missing_ok=True)
        raise
