"""Which folder ``floorbook build -o`` may put the handbook's site in: a new or empty one,
or a site an earlier build made there (it holds Sphinx's :data:`MARKER`), which the build
replaces; never a file, a link, a house rulebook's site, the knowledge base's folder or
one above it, or a folder :func:`kb.house.outputs.refusal` refuses."""

from __future__ import annotations

from pathlib import Path

from kb.house.outputs import refusal

#: The file Sphinx's HTML builder leaves in every site it builds.
MARKER = ".buildinfo"
#: How Sphinx's MARKER begins.
_SPHINX_MARKER = b"# Sphinx build info version "
#: At most this many bytes of a MARKER are read (Sphinx's is some 250).
_MARKER_SIZE = 4096


def output_problem(output: Path, data: Path | None) -> str:
    """Why ``output`` may not be the site's folder, ending with what to do; ``""`` if it
    may.  Refused: a symbolic link, a file, a folder with files that is not an earlier
    site, the folder of the knowledge base ``data`` or one above it, and what
    :func:`kb.house.outputs.refusal` refuses (inside floorbook, not writable)."""
    from kb.house.publish import MARKER as HOUSE_MARKER  # light modules first (uptodate)

    target = Path(output).resolve()
    if Path(output).is_symlink():
        return refusal(Path(output))
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
    if (target / HOUSE_MARKER).exists():
        return ("is a house rulebook's site, not the handbook's; give a new or empty "
                "folder, or the handbook's own")
    if data is not None and target in (Path(data).resolve(), *Path(data).resolve().parents):
        return (f"holds the knowledge base {data}, which a build would replace; give "
                "another folder for the site")
    return refusal(Path(output))


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
