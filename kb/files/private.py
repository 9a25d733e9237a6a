"""A folder only the user can change, opened once and then used only through its open
descriptor: the cache folder (:mod:`kb.files.cache`).

What is kept in the cache is read back as the user's own work, so nobody else may be able
to put a file there, even for an instant.  The folder is checked as OpenSSH checks
``~/.ssh`` (``StrictModes``, its ``safe_path``): the path is resolved once
(``realpath``: a cache folder that is a link, or under one, such as a ``~/.cache`` moved
to another disk, is the folder it names), then opened one component at a time from ``/``
without following any link (``O_NOFOLLOW``), and each component is checked on the open
descriptor (``fstat``), so that what is checked is what is used:

- every folder above it belongs to the user or to root and no one else may write it,
  except a folder with the sticky bit (``/tmp``), where no one may rename or remove
  another's entry (OpenSSH refuses those too; a cache under ``/tmp`` is this project's
  test and benchmark setting, and it is as safe there: the folder beneath must be the
  user's);
- the folder itself belongs to the user and no one else may write it.

Every store is then opened relative to the descriptor (``dir_fd``), never by its path
again, so renaming a folder on the way (which a writable parent would allow) changes
nothing for this run.
"""

from __future__ import annotations

import os
import secrets
import stat
from pathlib import Path

#: How every folder of the path is opened: a folder, never through a link.
FOLDER = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC


class NotPrivate(OSError):
    """A folder on the way to the cache folder that someone else could change; its text
    says which, and what to do."""


def open_private(folder: Path, create: bool = True) -> int:
    """An open descriptor of ``folder`` (made with mode 0700 when missing and ``create``,
    its missing parents as ``mkdir -p`` makes them), checked as the module says.  Raises
    :class:`NotPrivate` for a folder others could change, OSError (FileNotFoundError
    when it is missing and not ``create``) for one that cannot be opened.

    >>> import tempfile
    >>> fd = open_private(Path(tempfile.mkdtemp()) / "cache")
    >>> stat.S_IMODE(os.fstat(fd).st_mode); os.close(fd)
    448
    >>> parent = Path(tempfile.mkdtemp()); os.chmod(parent, 0o777)
    >>> try:
    ...     open_private(parent / "cache")
    ... except NotPrivate as error:
    ...     print(str(error).replace(str(parent), "PARENT"), list(parent.iterdir()))
    PARENT is writable by others (make it yours alone: chmod go-w PARENT) []
    """
    real = Path(os.path.realpath(folder))
    uid = os.getuid()
    fd = os.open("/", FOLDER)
    try:
        here = Path("/")
        for name in real.parts[1:]:
            _above_ok(os.fstat(fd), here, uid)
            inner = _opened(fd, name, create, 0o700 if here / name == real else 0o777)
            os.close(fd)
            fd, here = inner, here / name
        _own_ok(os.fstat(fd), here, uid)
    except BaseException:
        os.close(fd)
        raise
    return fd


def _opened(folder: int, name: str, create: bool, mode: int) -> int:
    """The folder ``name`` of the open folder ``folder``, opened; made first (with
    ``mode``) if it is missing and ``create``."""
    try:
        return os.open(name, FOLDER, dir_fd=folder)
    except FileNotFoundError:
        if not create:
            raise
    try:
        os.mkdir(name, mode, dir_fd=folder)
    except FileExistsError:             # made meanwhile: it is checked as any other
        pass
    return os.open(name, FOLDER, dir_fd=folder)


def _above_ok(info: os.stat_result, path: Path, uid: int) -> None:
    """Raise :class:`NotPrivate` unless the folder ``path`` above the cache folder is the
    user's or root's, and writable by no one else unless it is sticky."""
    _check(info, path, (0, uid), sticky=True)


def _own_ok(info: os.stat_result, path: Path, uid: int) -> None:
    """Raise :class:`NotPrivate` unless the folder ``path`` is the user's and writable by
    no one else."""
    _check(info, path, (uid,), sticky=False)


def _check(info: os.stat_result, path: Path, owners: tuple[int, ...], sticky: bool) -> None:
    if info.st_uid not in owners:
        raise NotPrivate(f"{path} belongs to another user (uid {info.st_uid}; set "
                         "FLOORBOOK_CACHE_DIR to a folder of your own)")
    if info.st_mode & 0o022 and not (sticky and info.st_mode & stat.S_ISVTX):
        raise NotPrivate(f"{path} is writable by others (make it yours alone: "
                         f"chmod go-w {path})")


#: How a store is opened: never through a link, and never waiting (a FIFO opens at once,
#: and is then refused as not a regular file).
_READ = os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | os.O_CLOEXEC


def read_at(folder: int, name: str) -> bytes | None:
    """The bytes of the regular file ``name`` of the user's in the open folder ``folder``
    (marked used: the last one :func:`kb.files.cache.trim` would remove), or None when there is none
    (a link, a FIFO, a folder, another's file, a missing or unreadable one).

    >>> import tempfile
    >>> folder = os.open(tempfile.mkdtemp(), os.O_RDONLY)
    >>> os.mkfifo("fifo", dir_fd=folder); read_at(folder, "fifo"), read_at(folder, "none")
    (None, None)
    """
    try:
        fd = os.open(name, _READ, dir_fd=folder)
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_uid != os.getuid():
            return None
        with open(fd, "rb", closefd=False) as handle:
            data = handle.read()
        os.utime(fd)
        return data
    except OSError:
        return None
    finally:
        os.close(fd)


def write_at(folder: int, name: str, data: bytes) -> None:
    """Write ``data`` to ``name`` in the open folder ``folder`` whole: to a new file of a
    fresh name (``.NAME.XXXXXXXX``, mode 0600) renamed into place, never through a file
    or link already there.  Raises OSError; no temporary file is left.

    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()); folder = os.open(path, os.O_RDONLY)
    >>> write_at(folder, "a", b"x"), read_at(folder, "a"), os.listdir(path)
    (None, b'x', ['a'])
    """
    temporary = f".{name}.{secrets.token_hex(4)}"
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW
                 | os.O_CLOEXEC, 0o600, dir_fd=folder)
    try:
        with open(fd, "wb") as out:
            out.write(data)
        os.replace(temporary, name, src_dir_fd=folder, dst_dir_fd=folder)
    except BaseException:
        try:
            os.unlink(temporary, dir_fd=folder)
        except OSError:
            pass
        raise


def secret_at(folder: int, name: str, size: int = 32) -> bytes | None:
    """The user's secret of ``size`` random bytes kept as ``name`` in the open folder
    ``folder`` (:func:`read_at`), made first when it is missing or not ``size`` bytes
    (:func:`write_at`: a new file of mode 0600, never through a link); None when it can be
    neither read nor made.  Two runs making it at once keep one of theirs: what the other
    sealed with its own is then only not trusted.

    >>> import tempfile
    >>> folder = os.open(tempfile.mkdtemp(), os.O_RDONLY)
    >>> key = secret_at(folder, "key"); len(key), secret_at(folder, "key") == key
    (32, True)
    """
    key = read_at(folder, name)
    if key is not None and len(key) == size:
        return key
    try:
        write_at(folder, name, secrets.token_bytes(size))
    except OSError:
        return None
    key = read_at(folder, name)
    return key if key is not None and len(key) == size else None
