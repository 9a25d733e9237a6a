"""What a build removes from the site it made: the copy of the earlier site carries over
the page of a deleted source, a picture no page shows any more, and whatever someone put
in the folder, which the build replaces (:func:`kb.handbook.sitebuild.site.build_site`).
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

from kb.handbook.sitebuild.site_folder import MARKER

#: A page's link to a file in ``_images`` (``src``, ``href``, ``data``), its name.
_IMAGE_LINK = re.compile(r"""_images/([^"'#?\s<>)]+)""")


#: Files at the top of a site that the build writes besides its pages (Sphinx's, the
#: export's, and the printed handbook that ``--pdf`` puts there afterwards).
SITE_FILES = frozenset({MARKER, "searchindex.js", "objects.inv", "floorbook.json",
                        "export.schema.json", "floorbook.pdf"})


def drop_stale_files(site: Path, pages: set[str]) -> list[str]:
    """Remove from ``site`` every file this build did not make: an ``.html`` file that is
    none of ``pages`` (paths relative to the site, ``topics/x.html``), and any other file
    outside the ``_``-folders Sphinx fills (``_static``, ``_images``) that is not one of
    :data:`SITE_FILES`.  The copy of the earlier site carries over the page of a deleted
    source, and whatever someone put in the folder, which the build replaces.  Returns the
    removed paths, sorted; folders left empty go too.

    >>> drop_stale_files(Path("/nowhere"), set())
    []
    """
    if not site.is_dir():
        return []
    stale = []
    for path in sorted(site.rglob("*")):
        relative = path.relative_to(site)
        if path.is_symlink() or path.is_file():
            if relative.parts[0].startswith("_") and len(relative.parts) > 1:
                continue                      # _static, _images: Sphinx's own folders
            keep = relative.as_posix() in pages if path.suffix == ".html" \
                else str(relative) in SITE_FILES
            if not keep:
                path.unlink()
                stale.append(relative.as_posix())
    for folder in sorted((p for p in site.rglob("*") if p.is_dir() and not p.is_symlink()),
                         key=lambda p: len(p.parts), reverse=True):
        if not any(folder.iterdir()):
            folder.rmdir()
    return stale


def drop_unused_images(site: Path) -> list[str]:
    """Remove from ``site/_images`` the files no page of ``site`` refers to (the copy of
    the earlier site carries over every picture it had, also those no page shows any
    more); returns their names, sorted.  The folder goes too if nothing is left.

    >>> drop_unused_images(Path("/nowhere"))
    []
    """
    images = site / "_images"
    if not images.is_dir():
        return []
    used: set[str] = set()
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8", errors="replace")
        used.update(unquote(name) for name in _IMAGE_LINK.findall(text))
    unused = sorted(f.name for f in images.iterdir() if f.is_file() and f.name not in used)
    for name in unused:
        (images / name).unlink()
    if not any(images.iterdir()):
        images.rmdir()
    return unused
