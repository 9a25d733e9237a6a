"""What was computed from input files, kept between runs in the user's cache folder, keyed
by the files' bytes and the code's version, so that a run reads again only what changed.

A :class:`Cache` is a folder of the user's own: the folder ``$FLOORBOOK_CACHE_DIR``, else
``$XDG_CACHE_HOME/floorbook``, else ``~/.cache/floorbook``, created with mode 0700; never
inside a data folder (a data folder is untrusted input).  It is opened once and checked
as OpenSSH checks ``~/.ssh`` (:mod:`kb.files.private`): a folder that someone else could
change, or whose parents they could, is not used (said once, with what to do), and every
store is opened through the open folder, never through a link, never waiting on a FIFO.
``FLOORBOOK_CACHE=off`` (or ``0``, ``no``, ``false``) turns it off, as ``floorbook check
--no-cache`` does (:meth:`Cache.default` then gives None).

A :class:`Store` is one file of the cache: the entries of one *kind* (knowledge-base files,
scenario files, rulings; the handbook's ruling table, :func:`kb.handbook.data.rulings.kept_table`)
for one *scope* (a data folder's absolute path), each under a key that holds the digest
of what it was computed from (:func:`digest`).  An entry is plain data
(:mod:`kb.files.plain`: marshal's bytes of text, numbers, containers and the project's
records, which reading cannot turn into code; never a pickle).  The whole store is written
at once (:func:`kb.files.private.write_at`: a killed run leaves no half entry), holding
only the entries this run used: one state per scope, so an edited file's old entry goes.
The file starts with the code's version (:func:`code_version`: a digest of the package's
``.py`` and ``.json`` files, Python's version and those of the readers' libraries), so
another version's store is ignored without being read; a store that is corrupt,
truncated, not floorbook's or not a regular file is ignored and rewritten, never an
error.  When the folder holds more than :data:`MAX_BYTES`, the stores used least recently
are removed.

>>> import tempfile
>>> cache = Cache(Path(tempfile.mkdtemp()) / "floorbook")
>>> with cache.store("demo", "/data") as store:
...     store.get("a"), store.put("a", [1, 2])
(None, None)
>>> with cache.store("demo", "/data") as store:
...     store.get("a")
[1, 2]
>>> with Store.off() as store:           # no cache: nothing is kept
...     store.put("a", 1), store.get("a")
(None, None)
"""

from __future__ import annotations

import hashlib
import marshal
import os
import re
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from functools import cache
from importlib import metadata
from pathlib import Path
from typing import Any

from kb.files import plain
from kb.files.private import NotPrivate, open_private, read_at, secret_at, write_at
from kb.files.reading import bulk, decode, kept, read_bytes

#: The cache folder's size above which the stores used least recently are removed.
MAX_BYTES = 1 << 30
#: What every store file starts with, before the code's version.
MAGIC = b"floorbook-cache 2\n"
#: Values of FLOORBOOK_CACHE that turn the cache off.
OFF = ("off", "0", "no", "false")
#: The package whose code the version digests (kb/), and the folders in it that hold data.
PACKAGE = Path(__file__).resolve().parent.parent
_NOT_CODE = ("data", "__pycache__")
#: The distributions whose behaviour a cached result depends on (parsing, messages).
_LIBRARIES = ("PyYAML", "jsonschema", "fastjsonschema", "networkx")


def digest(data: bytes) -> str:
    """A short hex digest of ``data`` (BLAKE2b, 20 bytes): what a key is made of.

    >>> digest(b"a: 1\\n")[:12], len(digest(b""))
    ('64ba4e2a6ac8', 40)
    """
    return hashlib.blake2b(data, digest_size=20).hexdigest()


@cache
def code_version() -> str:
    """The digest of every ``.py`` and ``.json`` file of the ``kb`` package (its data
    folder aside), with Python's version and those of the libraries that read and word the
    files: a cached result is used only by the code that computed it.  About 10 ms, once
    per process.

    >>> code_version() == code_version() and len(code_version())
    40
    """
    hasher = hashlib.blake2b(digest_size=20)
    hasher.update(sys.version.encode())
    for name in _LIBRARIES:
        try:
            hasher.update(f"{name} {metadata.version(name)}\n".encode())
        except metadata.PackageNotFoundError:
            hasher.update(f"{name} none\n".encode())
    for path in sorted(_code_files(PACKAGE)):
        hasher.update(str(path.relative_to(PACKAGE)).encode() + b"\0")
        hasher.update(path.read_bytes())
    return hasher.hexdigest()


def _code_files(folder: Path) -> Iterator[Path]:
    for entry in os.scandir(folder):
        if entry.is_dir(follow_symlinks=False):
            if entry.name not in _NOT_CODE:
                yield from _code_files(Path(entry.path))
        elif entry.name.endswith((".py", ".json")):
            yield Path(entry.path)


def cache_folder(environ: Mapping[str, str] = os.environ) -> Path | None:
    """Where the cache lives by the environment ``environ``, or None when it is off.

    >>> cache_folder({"FLOORBOOK_CACHE_DIR": "/c", "XDG_CACHE_HOME": "/x"})
    PosixPath('/c')
    >>> cache_folder({"XDG_CACHE_HOME": "/x"}), cache_folder({"FLOORBOOK_CACHE": "off"})
    (PosixPath('/x/floorbook'), None)
    """
    if environ.get("FLOORBOOK_CACHE", "").strip().lower() in OFF:
        return None
    if environ.get("FLOORBOOK_CACHE_DIR"):
        return Path(environ["FLOORBOOK_CACHE_DIR"]).expanduser()
    xdg = environ.get("XDG_CACHE_HOME", "")
    if xdg and Path(xdg).is_absolute():     # the XDG spec: a relative value is ignored
        return Path(xdg) / "floorbook"
    return Path.home() / ".cache" / "floorbook"


class Cache:
    """The cache folder ``folder``, opened once (:func:`kb.files.private.open_private`:
    checked as OpenSSH checks ``~/.ssh``, made with mode 0700 when a store is first
    written) and then used only through that open descriptor; a folder others could
    change keeps nothing.  Use :meth:`default` to get the user's."""

    def __init__(self, folder: Path, fd: int | None = None):
        self.folder, self._fd = Path(folder), fd

    def __repr__(self) -> str:
        return f"Cache({str(self.folder)!r})"

    def __del__(self) -> None:
        fd = getattr(self, "_fd", None)
        if fd is not None:
            os.close(fd)

    def descriptor(self, create: bool) -> int | None:
        """The folder's open descriptor, or None when it is missing (and not ``create``)
        or cannot be used."""
        if self._fd is None:
            try:
                self._fd = open_private(self.folder, create)
            except OSError:
                return None
        return self._fd

    def secret(self, name: str) -> bytes | None:
        """The user's secret key ``name`` (32 random bytes, made on first use, mode 0600:
        :func:`kb.files.private.secret_at`), or None when the folder cannot be used."""
        folder = self.descriptor(create=True)
        return secret_at(folder, name) if folder is not None else None

    @classmethod
    def default(cls, enabled: bool = True, data: Path | None = None) -> Cache | None:
        """The user's cache (:func:`cache_folder`), or None: ``enabled`` false, the cache
        turned off, its folder inside the data folder ``data`` (a data folder is input, and
        what a store holds is the user's own work), a folder that cannot be made, or one
        that others could change (:func:`kb.files.private.open_private`); but for the
        first, each is said once on standard error, with what to do.

        >>> Cache.default(enabled=False) is None
        True
        """
        folder = cache_folder() if enabled else None
        if folder is None:
            return None
        try:
            folder = folder.absolute()
            if data is not None and _inside(folder, Path(data)):
                _say_once(f"floorbook: the cache folder {folder} is not used: it is inside "
                          f"the data folder {data}, which may come from anyone (set "
                          "FLOORBOOK_CACHE_DIR to a folder of your own outside it)")
                return None
            return cls(folder, open_private(folder))
        except NotPrivate as error:
            _say_once(f"floorbook: the cache folder {folder} is not used: {error}")
        except OSError as error:
            _say_once(f"floorbook: the cache folder {folder} is not used: it cannot be "
                      f"made or opened ({error.strerror}); set FLOORBOOK_CACHE_DIR to a "
                      "folder of your own, or FLOORBOOK_CACHE=off")
        return None

    @contextmanager
    def store(self, kind: str, scope: str) -> Iterator[Store]:
        """The store of ``kind`` (a word: ``kb``, ``scenarios``) for ``scope`` (a data
        folder's absolute path), written back when the block ends (by an exception too,
        not by an interrupt) if an entry was added or one went unused."""
        name = f"{kind}-{digest((kind + chr(0) + scope).encode())}.kept"
        store = Store(self, name, scope)
        try:
            yield store
        except Exception:
            store.save()             # what was computed holds, whatever the caller met
            raise
        store.save()


#: What :func:`_say_once` said in this process.
_SAID: set[str] = set()


def _say_once(line: str) -> None:
    if line not in _SAID:
        _SAID.add(line)
        print(line, file=sys.stderr)


class Store:
    """One file of the cache: ``key -> value`` (see the module); made by
    :meth:`Cache.store`, or :meth:`off` (no cache: every ``get`` misses)."""

    def __init__(self, cache: Cache | None, name: str = "", scope: str = ""):
        self.cache, self.name, self.scope = cache, name, scope
        self._old: dict[str, Any] | None = None if cache is not None else {}
        self._new: dict[str, Any] = {}
        # each entry is written on its own, so that a run that changed a few writes the
        # others' bytes as it read them (pickling 20,000 scenarios again took 3 s)
        self._blobs: dict[str, bytes] = {}
        self._fresh: set[str] = set()
        self._changed = False

    @classmethod
    @contextmanager
    def off(cls) -> Iterator[Store]:
        """A store that keeps nothing, for a run without a cache."""
        yield cls(None)

    def get(self, key: str) -> Any:
        """The value under ``key``, or None (``put`` never stores None)."""
        if key in self._new:
            return self._new[key]
        if self._old is None:
            self._old = self._read()
        value = self._old.get(key)
        if value is not None:
            self._new[key] = value
        return value

    def put(self, key: str, value: Any) -> None:
        """Keep ``value`` (not None) under ``key``; nothing when the store is off."""
        if self.cache is not None:
            self._new[key], self._changed = value, True
            self._fresh.add(key)

    def save(self) -> None:
        """Write the entries used since the store was opened, if any changed or went
        unused; a failure to write (a full disk, a read-only folder) only loses them."""
        if self.cache is None or not self._changed and (self._old is None
                                                        or len(self._new) == len(self._old)):
            return
        try:
            with bulk():                 # many records: no collector passes
                blobs = {key: self._blobs[key] if key in self._blobs and key not in
                         self._fresh else plain.dumps(value)
                         for key, value in self._new.items()}
                data = marshal.dumps((self.scope, blobs))
        except (ValueError, RecursionError):
            return                       # a value that cannot be kept: the run goes on
        folder = self.cache.descriptor(create=True)
        try:
            if folder is not None:
                write_at(folder, self.name, MAGIC + code_version().encode() + b"\n" + data)
                trim(folder, keep=self.name)
        except OSError:
            pass
        self._old, self._blobs, self._fresh = dict(self._new), blobs, set()
        self._changed = False

    def _read(self) -> dict[str, Any]:
        """The entries in the store's file; none when it is missing, not a regular file of
        the user's, or not this code's."""
        assert self.cache is not None
        head = MAGIC + code_version().encode() + b"\n"
        folder = self.cache.descriptor(create=False)
        whole = read_at(folder, self.name) if folder is not None else None
        if whole is None or not whole.startswith(head):
            return {}
        try:
            with kept():                 # records, all kept: no collector pass over them
                scope, blobs = _shaped(marshal.loads(whole[len(head):]))
                if scope != self.scope:
                    return {}
                entries = {key: plain.loads(blob) for key, blob in blobs.items()}
        except Exception:  # noqa: BLE001 (any damage to the file: read nothing from it)
            return {}
        self._blobs = blobs
        return entries


def _shaped(whole: Any) -> tuple[str, dict[str, bytes]]:
    """A store file's ``(scope, {key: entry's bytes})``; ValueError if it is not that."""
    if not (type(whole) is tuple and len(whole) == 2 and type(whole[0]) is str
            and type(whole[1]) is dict
            and all(type(k) is str and type(v) is bytes for k, v in whole[1].items())):
        raise ValueError("not a store")
    return whole


#: The names trim() may remove: a store, or the temporary file a killed run left beside it
#: (:func:`write_at`'s ``.NAME.XXXX``); never another file of the folder, which may be
#: any folder the user named.
_OURS = re.compile(r"^(?P<temporary>\.)?[a-z]+-[0-9a-f]{40}\.(?P<format>kept|pickle)"
                   r"(?(temporary)\.\w+)$")


def trim(folder: int, keep: str | None = None, limit: int = MAX_BYTES) -> None:
    """Remove the stores of the open folder ``folder`` used least recently (by
    modification time) until the rest hold at most ``limit`` bytes, the store named
    ``keep`` aside; and the temporary files a killed run left (over an hour old).  Only
    files named as a store is named are touched.

    >>> bool(_OURS.match("kb-" + "0" * 40 + ".kept")), bool(_OURS.match(".bashrc"))
    (True, False)
    """
    stores, total, now = [], 0, time.time()
    for entry in os.scandir(folder):
        ours = _OURS.match(entry.name)
        if not ours or not entry.is_file(follow_symlinks=False):
            continue
        info = entry.stat(follow_symlinks=False)
        if ours["temporary"]:
            if now - info.st_mtime > 3600:
                _remove(folder, entry.name)
        elif ours["format"] == "pickle":       # the stores of floorbook before issue 19,
            _remove(folder, entry.name)         # which no version reads any more
        elif entry.name == keep:
            total += info.st_size
        else:
            stores.append((info.st_mtime, info.st_size, entry.name))
            total += info.st_size
    for _, size, name in sorted(stores):
        if total <= limit:
            break
        _remove(folder, name)
        total -= size


def _remove(folder: int, name: str) -> None:
    try:
        os.unlink(name, dir_fd=folder)
    except FileNotFoundError:
        pass


def read_through(store: Store, path: Path, name: str, max_bytes: int,
                 compute: Callable[[str], Any], kind: str = "") -> tuple[str, Any]:
    """The file at ``path`` (``name`` in messages) read once: its bytes' digest and the
    value ``compute`` made of its text, from ``store`` when the same bytes were seen under
    the same ``name`` and ``kind``.  Raises :class:`kb.files.InputError` for a file that
    cannot be read (:func:`kb.files.reading.read_bytes`: never kept); ``compute``'s
    value must not be None, and a problem it finds in the text belongs in its value
    (what it raises is not kept).

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp()); (folder / "a.yaml").write_text("x: 1\\n")
    5
    >>> with Store.off() as store:
    ...     read_through(store, folder / "a.yaml", "a.yaml", 100, str.upper)[1]
    'X: 1\\n'
    """
    raw = read_bytes(path, name, max_bytes)
    key = f"{kind}\0{name}\0{digest(raw)}"
    value = store.get(key)
    if value is None:
        value = compute(decode(raw, name))
        store.put(key, value)
    return key.rsplit("\0", 1)[1], value


def _inside(folder: Path, data: Path) -> bool:
    """Whether ``folder`` is ``data`` or under it (links resolved)."""
    try:
        folder, data = folder.resolve(), data.resolve()
    except OSError:
        return True
    return folder == data or data in folder.parents
