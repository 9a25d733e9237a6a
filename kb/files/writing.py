"""Writing a file whole: through a new file of a fresh name beside it, renamed into place,
so that a reader never sees half of it, and never through a file or a link already
standing at a fixed temporary name (an earlier site copied into a build may hold one)."""

from __future__ import annotations

import os
import tempfile
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
    handle, name = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(name, 0o666 & ~umask)
        os.replace(name, target)
    except BaseException:
        Path(name).unlink(missing_ok=True)
        raise
