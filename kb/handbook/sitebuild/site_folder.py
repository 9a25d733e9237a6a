"""Which folder ``floorbook build -o`` may put the handbook's site in: a new or empty one,
or a site an earlier build made there (it holds Sphinx's :data:`MARKER`), which the build
replaces; never a file, a link, a house rulebook's site, the knowledge base's folder or
one above it, a folder no build may replace (:func:`kb.house.outputs.replaced_folder_refusal`:
the root, a home folder, the current folder ...), or a folder
:func:`kb.house.outputs.refusal` refuses."""

from __future__ import annotations

import os
from pathlib import Path

from kb.handbook.data.uptodate import doctrees_folder
from kb.house.outputs import refusal, replaced_folder_refusal

#: The file Sphinx's HTML builder leaves in every site it builds.
MARKER = ".buildinfo"
#: How Sphinx's MARKER begins.
_SPHINX_MARKER = b"# Sphinx build info version "
#: At most this many bytes of a MARKER are read (Sphinx's is some 250).
_MARKER_SIZE = 4096


def output_problem(output: Path, data: Path | None) -> str:
    """Why ``output`` may not be the site's folder, ending with what to do; ``""`` if it
    may.  Refused: a symbolic link, a file, a folder with files that is not an earlier
    site, an earlier site (or its doctrees or default pages beside it) holding a link, a
    FIFO or a device, the folder of the knowledge base ``data`` or one above it, the
    root, a home or the current folder or one above them (even empty), and what
    :func:`kb.house.outputs.refusal` refuses (inside floorbook, not writable)."""
    from kb.handbook.house.publish import MARKER as HOUSE_MARKER  # light modules first (uptodate)

    target = Path(output).resolve()
    if Path(output).is_symlink():
        return refusal(Path(output))
    if never := replaced_folder_refusal(target):  # even empty: its mode would change
        return never
    if target.exists() and not target.is_dir():
        return "is a file; give a folder for the site"
    if target.is_dir() and any(target.iterdir()) and not (target / MARKER).is_file():
        return (f"has files in it and is not a built site (no {MARKER}); give a new or "
                "empty folder, which the build replaces")
    marker = _sphinx_marker(target) if target.is_dir() and (target / MARKER).is_file() \
        else "whole"
    if marker == "foreign":
        return (f"has a {MARKER} that is not a Sphinx build's; give a new or empty folder, "
                "which the build replaces")
    if marker == "broken":
        return (f"has a {MARKER} cut short or damaged (a Sphinx build stopped while "
                "writing it?); remove the folder, which a build would replace anyway, or "
                "give a new or empty one")
    # the site, its doctrees and the default pages kept beside it (floorbook build's
    # .SITE.pages, rewritten in place) are all written into
    beside = (doctrees_folder(target), target.parent / f".{target.name}.pages")
    if odd := next(filter(None, map(_not_plain, (target, *beside))), ""):
        return (f"holds {odd}, which is not a plain file or folder; a build writes into its "
                "earlier site and would write through it, outside the site: remove it or "
                "give a new folder")
    if (target / HOUSE_MARKER).exists():
        return ("is a house rulebook's site, not the handbook's; give a new or empty "
                "folder, or the handbook's own")
    if data is not None and target in (Path(data).resolve(), *Path(data).resolve().parents):
        return (f"holds the knowledge base {data}, which a build would replace; give "
                "another folder for the site")
    if data is not None and Path(data).resolve() in target.parents:
        return (f"is inside the knowledge base {data}, which would then hold a site; give "
                "a folder outside it (the folder beside it, such as site/)")
    return refusal(Path(output))


def _not_plain(folder: Path) -> str:
    """The first entry under ``folder`` that is a symbolic link or neither a file nor a
    folder (a FIFO, a device), or ``""``.  An earlier site is copied into the build as it
    is and Sphinx writes each page over its earlier file by opening it, so a link there
    (``index.html`` -> a file of yours) would have the page written into its target; no
    build makes one."""
    for top, names, files in os.walk(folder):
        for name in sorted(names + files):
            path = Path(top) / name
            if path.is_symlink() or not (path.is_file() or path.is_dir()):
                return str(path)
    return ""


def _sphinx_marker(site: Path) -> str:
    """Whether ``site``'s MARKER is ``"whole"`` as Sphinx writes it, ``"broken"`` (it
    begins so, but its lines are cut short: Sphinx fails with a traceback on it) or
    ``"foreign"`` (another file's, or empty: Sphinx would warn, or fail).

    >>> import tempfile; folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / MARKER).write_bytes(_SPHINX_MARKER + b"1\\n# a comment\\nconfig: ")
    >>> _sphinx_marker(folder)
    'broken'
    """
    try:
        with (site / MARKER).open("rb") as marker:
            text = marker.read(_MARKER_SIZE)
    except OSError:
        return "foreign"
    if not text.startswith(_SPHINX_MARKER):
        return "foreign"
    lines = text.decode("utf-8", errors="replace").splitlines()
    # the lines sphinx.builders.html._build_info.BuildInfo.load reads
    whole = len(lines) >= 4 and lines[0] == f"{_SPHINX_MARKER.decode()}1" \
        and lines[2].startswith("config: ") and lines[3].startswith("tags: ")
    return "whole" if whole else "broken"
