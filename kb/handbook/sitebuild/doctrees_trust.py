"""Sphinx's doctrees are used again only when this user's build wrote them.

Sphinx's environment (``environment.pickle``) and page trees (``*.doctree``) are pickles:
loading one runs whatever code its bytes name.  The doctrees kept beside a site
(:func:`kb.handbook.data.uptodate.doctrees_folder`) are files in a folder anyone may have sent
(a tar of a project with its ``site`` and ``.site.doctrees``), so a build uses them again
only when they carry a seal that only this user's builds can make: a keyed BLAKE2b digest
(the key: 32 random bytes kept in the user's checked cache folder,
:meth:`kb.files.cache.Cache.secret`) over the stamp of the site they were built with and
every file of the folder, by name and bytes.  The seal is checked on the copy the build
then gives Sphinx, not on the originals, so a file swapped after the check is never read.
Without a key (the cache off or refused) doctrees are never used again: every page is
read, which is only slower.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import shutil
import stat
from pathlib import Path

from kb.files.cache import Cache
from kb.handbook.data.uptodate import RECORD
from kb.handbook.sitebuild.site_folder import MARKER

#: In the doctrees folder: the stamp of the site's MARKER they were built with, and the seal.
STAMP = "floorbook-site.stamp"
#: The key's name in the cache folder.
KEY = "doctrees.key"
#: Files beside the doctrees that are written after the seal and that Sphinx never reads.
UNSEALED = frozenset({STAMP, RECORD})
#: How much of a file is read at a time while sealing.
_CHUNK = 1 << 20


def user_key(data: Path | None = None, enabled: bool = True) -> bytes | None:
    """The user's key for sealing doctrees (32 bytes), or None when the cache is off
    (``enabled`` false, ``FLOORBOOK_CACHE=off``), inside the data folder ``data``, or
    refused (:meth:`kb.files.cache.Cache.default`).

    >>> user_key(enabled=False) is None
    True
    """
    cache = Cache.default(enabled, data)
    return cache.secret(KEY) if cache is not None else None


def keyed_digest(text: str, key: bytes) -> str:
    """The digest of ``text`` keyed with ``key`` (hex, 40 digits): what only a holder of
    the key can make, such as the record of a build (:mod:`kb.handbook.data.uptodate`).

    >>> keyed_digest("a", b"k" * 32) == keyed_digest("a", b"j" * 32)
    False
    """
    return hashlib.blake2b(text.encode(), key=key, digest_size=20).hexdigest()


def site_stamp(site: Path) -> str:
    """What tells one build's site from another's: its MARKER's time and size (``""``
    when it has none).

    >>> site_stamp(Path("/nowhere"))
    ''
    """
    try:
        info = (Path(site) / MARKER).stat()
    except OSError:
        return ""
    return f"{info.st_mtime_ns} {info.st_size}"


def seal(doctrees: Path, stamp: str, key: bytes) -> str | None:
    """The text of the stamp file for the folder ``doctrees`` built with the site stamped
    ``stamp``: that stamp, then the keyed digest (hex) of it and of every file of the
    folder (its path within it and its bytes, in sorted order; :data:`UNSEALED` aside).
    None when the folder holds anything but folders and regular files (a link).

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp()); _ = (folder / "a.doctree").write_bytes(b"x")
    >>> first = seal(folder, "1 2", b"k" * 32)
    >>> first.splitlines()[0], len(first.splitlines()[1])
    ('1 2', 64)
    >>> _ = (folder / "a.doctree").write_bytes(b"y"); seal(folder, "1 2", b"k" * 32) == first
    False
    """
    hasher = hashlib.blake2b(key=key, digest_size=32)
    hasher.update(stamp.encode() + b"\0")
    files = _files(Path(doctrees))
    if files is None:
        return None
    for name in files:
        hasher.update(name.encode() + b"\0")
        try:
            fd = os.open(Path(doctrees) / name, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
        except OSError:
            return None
        with open(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                return None
            hasher.update(f"{os.fstat(handle.fileno()).st_size}\0".encode())
            while chunk := handle.read(_CHUNK):
                hasher.update(chunk)
    return f"{stamp}\n{hasher.hexdigest()}\n"


def _files(folder: Path) -> list[str] | None:
    """The paths (POSIX, relative to ``folder``) of its regular files, sorted, but the
    top's :data:`UNSEALED`; None if it holds a link or a special file."""
    found = []
    for top, names, files in os.walk(folder):
        for name in names + files:
            path = Path(top) / name
            try:
                mode = path.lstat().st_mode
            except OSError:
                return None
            if stat.S_ISLNK(mode) or not (stat.S_ISDIR(mode) or stat.S_ISREG(mode)):
                return None
            relative = path.relative_to(folder).as_posix()
            if stat.S_ISREG(mode) and relative not in UNSEALED:
                found.append(relative)
    return sorted(found)


def write_seal(doctrees: Path, stamp: str, key: bytes | None) -> None:
    """Seal the folder ``doctrees`` a build just wrote with the site stamped ``stamp``
    (:func:`seal`, into its :data:`STAMP`); without a key, or with anything else in the
    folder, no stamp is written, so the folder is never used again.  Raises OSError."""
    text = seal(doctrees, stamp, key) if key is not None else None
    (Path(doctrees) / STAMP).unlink(missing_ok=True)
    if text is not None:
        (Path(doctrees) / STAMP).write_text(text, encoding="utf-8")


def copy_trusted(doctrees: Path, into: Path, key: bytes | None,
                 site: Path | None = None) -> bool:
    """Copy the folder ``doctrees`` to ``into`` (which must not exist) and keep the copy
    only when its seal is the one its stamp holds, made with ``key``, for the site
    ``site`` as it is now (None: whichever site the stamp names); whether it was kept.
    Nothing is copied without a key or a stamp.  Raises OSError if the copy fails.

    >>> import tempfile
    >>> work = Path(tempfile.mkdtemp()); (work / "d").mkdir()
    >>> _ = (work / "d" / "environment.pickle").write_bytes(b"e")
    >>> write_seal(work / "d", "1 2", b"k" * 32)
    >>> copy_trusted(work / "d", work / "c", b"k" * 32), sorted(os.listdir(work / "c"))
    (True, ['environment.pickle'])
    >>> copy_trusted(work / "d", work / "e", b"j" * 32), (work / "e").exists()
    (False, False)
    """
    claim = _claim(Path(doctrees))
    if key is None or claim is None:
        return False
    stamp = site_stamp(site) if site is not None else claim.split("\n", 1)[0]
    if site is not None and not claim.startswith(f"{stamp}\n"):
        return False
    shutil.copytree(doctrees, into, symlinks=True,
                    ignore=lambda folder, names: UNSEALED & set(names)
                    if Path(folder) == Path(doctrees) else ())
    made = seal(into, stamp, key)
    if made is not None and hmac.compare_digest(made.encode(), claim.encode()):
        return True
    shutil.rmtree(into, ignore_errors=True)
    return False


def _claim(doctrees: Path) -> str | None:
    """The text of the stamp file of ``doctrees`` (at most 4 kB), or None."""
    try:
        fd = os.open(doctrees / STAMP, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK
                     | os.O_CLOEXEC)
    except OSError:
        return None
    with open(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
            return None
        try:
            return handle.read(4096).decode("utf-8")
        except UnicodeError:
            return None
