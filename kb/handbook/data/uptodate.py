"""Whether a build has anything to do: the digest of everything a build reads, and the
site's files as the last build left them.

A build reads the pages folder, the knowledge base's folder, floorbook's code and the
versions of Sphinx and its extensions, and its options; if none of them changed since the
last build that succeeded into the same folder, and the site's files are as that build
left them (their names, sizes and times), building again would write the same site: the
command line says so and stops, without starting Sphinx (``make`` does the same with
times; here it is the files' bytes).  The record is a JSON file beside Sphinx's
environment (:func:`doctrees_folder`), never in the site, and a record
that cannot be read is no record: the build runs.

Nothing in the folders is opened but regular files (a FIFO would hang the digest), and
each file is read whole only once; the data folder is the one the build is about to
check and read anyway.

>>> import tempfile
>>> site = Path(tempfile.mkdtemp()) / "site"
>>> unchanged(site, "abc")
False
"""

from __future__ import annotations

import json
import os
import stat
from functools import cache
from importlib import metadata
from pathlib import Path

from kb.files.cache import code_version, digest
from kb.files.writing import replace_file

#: The record's name in the doctrees folder.
RECORD = "floorbook-inputs.json"
#: The distributions whose versions change what a build writes.
LIBRARIES = ("sphinx", "docutils", "myst-parser", "furo", "sphinx-design", "markdown-it-py")


def inputs_digest(folders: list[Path], options: dict) -> str:
    """The digest of the files under ``folders`` (their paths within each folder and
    their bytes; anything but a regular file by its kind alone), of floorbook's code and
    the libraries' versions, and of ``options`` (a JSON-able dict, e.g. ``--sources``).

    >>> inputs_digest([], {"sources": False}) == inputs_digest([], {"sources": False})
    True
    >>> inputs_digest([], {"sources": True}) == inputs_digest([], {"sources": False})
    False
    """
    parts = [code_version(), json.dumps(options, sort_keys=True), library_versions()]
    # not resolved: a linked DIR/pages must not make its target (say "/") a folder to read
    whole = [Path(os.path.abspath(f)) for f in folders]
    for folder in (f for f in whole if not any(o in f.parents for o in whole)):
        # a folder inside another given one (a data folder's pages) is read with it
        parts.append(f"folder {len(parts)}")
        parts.extend(_files(folder))
    return digest("\n".join(parts).encode())


@cache
def library_versions() -> str:
    """The versions of :data:`LIBRARIES`, a line each (``none`` for one not installed):
    looked up once per process.

    >>> library_versions().splitlines()[0].startswith("sphinx ")
    True
    """
    return "\n".join(f"{name} {_version(name)}" for name in LIBRARIES)


def _version(name: str) -> str:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "none"


def _files(folder: Path) -> list[str]:
    """A line per entry under ``folder``: its path and the digest of its bytes (a regular
    file) or its kind."""
    lines = []
    for top, names, files in os.walk(folder):
        names.sort()
        for name in sorted(files):
            path = Path(top) / name
            relative = path.relative_to(folder).as_posix()
            try:
                info = path.lstat()     # a link is not read: the data check refuses it
                if not stat.S_ISREG(info.st_mode):
                    lines.append(f"{relative} not a file {stat.S_IFMT(info.st_mode)}")
                    continue
                lines.append(f"{relative} {digest(path.read_bytes())}")
            except OSError as error:
                lines.append(f"{relative} unreadable {error.errno}")
    return lines


def stamps(folders: list[Path]) -> list[tuple[str, int, int, int, int]]:
    """Every entry under ``folders`` (links not followed): its path, inode, size,
    modification and change times in ns.  Taken before a build and again after it: a
    file written in between, even put back as it was, changes its change time, while
    the digest of the bytes would say nothing changed although Sphinx may have read the
    edit.

    >>> stamps([Path("/nowhere")])
    []
    """
    found = []
    for folder in folders:
        for top, names, files in os.walk(folder):
            for name in sorted(names + files):
                path = os.path.join(top, name)
                try:
                    info = os.lstat(path)
                except OSError:
                    continue
                found.append((path, info.st_ino, info.st_size, info.st_mtime_ns,
                              info.st_ctime_ns))
    return sorted(found)


def manifest(site: Path) -> dict[str, list[int]]:
    """Every file under ``site``: its path -> [size, modification time in ns]."""
    found: dict[str, list[int]] = {}
    for top, _, files in os.walk(site):
        for name in files:
            path = Path(top) / name
            try:
                info = path.lstat()
            except OSError:
                continue
            found[path.relative_to(site).as_posix()] = [info.st_size, info.st_mtime_ns]
    return found


def doctrees_folder(output: Path) -> Path:
    """Where the build of the site ``output`` keeps Sphinx's environment: beside it (here,
    not in :mod:`kb.handbook.sitebuild.site`, which imports this module, so that the record's
    light module needs nothing of the build's).

    >>> doctrees_folder(Path("/work/_build/html"))
    PosixPath('/work/_build/.html.doctrees')
    """
    target = Path(output).resolve()
    return target.parent / f".{target.name}.doctrees"


def _record_path(site: Path) -> Path:
    return doctrees_folder(site) / RECORD


def unchanged(site: Path, inputs: str) -> bool:
    """Whether the last build into ``site`` read the same ``inputs`` (an
    :func:`inputs_digest`) and left the site's files as they are now."""
    try:
        record = json.loads(_record_path(site).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    if not isinstance(record, dict) or record.get("inputs") != inputs:
        return False
    return Path(site).is_dir() and record.get("files") == manifest(Path(site))


def record(site: Path, inputs: str, pages: int) -> None:
    """Write the record of a build into ``site`` that succeeded from ``inputs`` and has
    ``pages`` pages; a record that cannot be written is left out (the next build runs)."""
    text = json.dumps({"inputs": inputs, "pages": pages, "files": manifest(Path(site))})
    try:
        replace_file(_record_path(site), text.encode())
    except OSError:
        forget(site)


def pages_recorded(site: Path) -> int:
    """The number of pages the recorded build of ``site`` had (0 if unknown)."""
    try:
        value = json.loads(_record_path(site).read_text(encoding="utf-8")).get("pages", 0)
    except (OSError, ValueError, AttributeError):
        return 0
    return value if isinstance(value, int) else 0


def forget(site: Path) -> None:
    """Remove the record of ``site`` (a build that failed, or changed the site)."""
    try:
        _record_path(site).unlink(missing_ok=True)
    except OSError:
        pass
