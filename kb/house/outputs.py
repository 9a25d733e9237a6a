"""Output folders a build may replace: the checks ``floorbook build`` and ``floorbook
rulebook build`` make before building anything.

Each build replaces its output folder whole, so before building, the output is refused
(with the reason) when it is a symbolic link (the site would go wherever the link points:
a dangling link to ``/nonexistent/dir`` would create that folder), when it lies inside
floorbook's package folder or, in a checkout, inside the documentation sources (``docs/``
beside conf.py), and when the folder it goes in cannot be written: a real trial (a folder
made there and removed at once), so that a read-only or virtual file system (``/proc``)
is refused before minutes of building, whoever runs the command.  A folder no build may
replace at all, empty or not (the root, a home folder, the current folder, one that holds
them), is refused by :func:`replaced_folder_refusal`, which both builds ask first.

>>> refusal(Path(__file__).parent / "newsite")
"is inside floorbook's package folder (...); a build replaces its output folder, so give a folder outside it"
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

#: The installed ``kb`` package's folder.
PACKAGE = Path(__file__).resolve().parents[1]
#: The folder that holds the package (a checkout when conf.py and docs/ are in it).
CHECKOUT = PACKAGE.parent


def refusal(output: Path) -> str:
    """Why ``output`` must not be a build's output folder (the reason, ending with what to
    do), or ``""``: a link, inside floorbook, or in a folder that cannot be written."""
    return _link(Path(output)) or _inside_floorbook(Path(output).resolve()) \
        or _unwritable(Path(output).resolve())


def replaced_folder_refusal(output: Path) -> str:
    """Why a build, which replaces its output folder whole (a new folder renamed into
    place, with a new folder's mode), must never be given ``output``, ending with what to
    do; or ``""``: the root of the file system, your home folder (``$HOME``, and the
    account's own) or the current folder, or a folder that holds one of them, floorbook's
    own folder, or a git repository's root.  An empty home folder would otherwise be
    replaced, its mode 0700 becoming 0755.

    >>> replaced_folder_refusal(Path("/"))
    'is the root of the file system; a build replaces everything in its output folder, so give a new folder for the site (e.g. -o site)'
    """
    target = Path(output).resolve()
    why = _never(target)
    return (f"is {why}; a build replaces everything in its output folder, so give a new "
            "folder for the site (e.g. -o site)") if why else ""


def _never(target: Path) -> str:
    """What the resolved ``target`` is that no build may replace, or ``""``."""
    if target == Path(target.anchor):
        return "the root of the file system"
    for folder, what in [*((home, "your home folder") for home in _homes()),
                         (Path.cwd().resolve(), "the current folder"),
                         (CHECKOUT, "floorbook's own folder")]:
        if target == folder:
            return what
        if target in folder.parents:
            return f"a folder that holds {what} ({folder})"
    if (target / ".git").exists():
        return "the root of a git repository"
    return ""


def _homes() -> list[Path]:
    """The home folder ``$HOME`` names and the account's own (they differ under sudo or
    with ``HOME`` set for one command), resolved."""
    homes = []
    try:
        homes.append(Path.home().resolve())
    except RuntimeError:                # no HOME and no account entry
        pass
    try:
        import pwd
        homes.append(Path(pwd.getpwuid(os.getuid()).pw_dir).resolve())
    except (ImportError, KeyError):     # not POSIX; no account entry for the user
        pass
    return list(dict.fromkeys(homes))


def _link(output: Path) -> str:
    """The output itself a symbolic link, or under a dangling one."""
    for path in (output, *output.parents):
        if path.is_symlink() and (path == output or not path.exists()):
            try:
                to = f" to {os.readlink(path)}"
            except OSError:
                to = ""
            what = "is" if path == output else f"is under {path}, which is"
            return (f"{what} a symbolic link{to}; a build replaces its output folder and "
                    "would write wherever the link points, so give a real folder")
    return ""


def _inside_floorbook(target: Path) -> str:
    """Inside the package folder, or inside a checkout's documentation sources."""
    folders = [(PACKAGE, "floorbook's package folder")]
    docs = CHECKOUT / "docs"
    if (CHECKOUT / "conf.py").is_file() and docs.is_dir():
        folders.append((docs.resolve(), "floorbook's documentation folder"))
    for folder, what in folders:
        if target == folder or folder in target.parents:
            return (f"is inside {what} ({folder}); a build replaces its output folder, so "
                    "give a folder outside it")
    return ""


def _unwritable(target: Path) -> str:
    """The nearest existing folder above (or at) ``target`` does not take a new folder."""
    parent = next((p for p in (target, *target.parents) if p.exists()), None)
    if parent is not None and parent == target and target.is_dir():
        parent = target.parent            # an earlier site: replaced from beside it
    if parent is None or not parent.is_dir():
        return (f"cannot be created: {parent} is not a folder; give a folder you can write "
                "in")
    try:
        os.rmdir(tempfile.mkdtemp(prefix=".floorbook-trial-", dir=parent))
    except OSError as error:
        return (f"cannot be written: {parent} does not take new folders "
                f"({error.strerror or error}); give a folder you can write in")
    return ""
