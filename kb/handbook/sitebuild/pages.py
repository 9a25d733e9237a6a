"""The default pages of a knowledge base that has none of its own.

``floorbook build --data DIR`` renders the pages in ``DIR/pages`` when that folder exists;
when it does not, it writes these into a temporary folder and renders them, and
``floorbook init`` writes them into a new project for its author to edit.  They are the
bundled handbook's shape in small: a front page, the topic and edition indexes, a shell
per topic and per edition (the pages :mod:`kb.handbook.domain.consistency` asks for), the
disagreements, the glossary and the errata.

Only our own fixed text goes into a page; records contribute their ids, which the
knowledge base's schemas restrict to slugs, and are checked again here, because an id
names a file and becomes a directive's argument.

>>> from kb import load_knowledge_base
>>> pages = default_pages(load_knowledge_base())
>>> print(pages["topics/four-card-flop.md"], end="")
```{rule:topic} four-card-flop
```
>>> pages["editions/tda-2024.md"].splitlines()[0]
'```{rule:edition} tda@2024'
"""

from __future__ import annotations

import re
from pathlib import Path

from kb.files.writing import replace_file
from kb.knowledge.model import KnowledgeBase

#: An id that may name a page: the schemas' slugs (``four-card-flop``, ``tda@2024``,
#: ``house.casino@2026``), nothing that could climb out of the folder or end a directive.
_PAGE_ID = re.compile(r"^[a-z0-9][a-z0-9.-]*(@[a-z0-9][a-z0-9.-]*)?$")

#: What the front page says of its pages, when they are floorbook's defaults (``floorbook
#: init`` puts its own words here: in a project the pages are its author's).
DEFAULT_NOTE = """These are floorbook's default pages: a data folder's own pages go in its
folder `pages` (`floorbook init` writes a set to start from)."""

INDEX = """# The handbook

Every topic of this knowledge base with each book's answer side by side, every book and
edition with its provisions, and where the books disagree.

""" + DEFAULT_NOTE + """

```{toctree}
:maxdepth: 1

topics/index
editions/index
disagreements
glossary
errata
```
"""

#: The pages every default set has, besides one shell per topic and edition.
FIXED = {
    "index.md": INDEX,
    "topics/index.md": "# Topics\n\n```{rule:topics}\n```\n\n"
                       "```{toctree}\n:hidden:\n:glob:\n\n*\n```\n",
    "editions/index.md": "# Books and editions\n\n```{rule:editions}\n```\n\n"
                         "```{toctree}\n:hidden:\n:glob:\n\n*\n```\n",
    "disagreements.md": "# Where the books disagree\n\n## Shown by scenarios\n\n"
                        "```{rule:disagreements}\n```\n\n"
                        "## Between consecutive editions\n\n"
                        "```{rule:edition-disagreements}\n```\n\n"
                        "## Differences in the texts (no scenario)\n\n"
                        "```{rule:text-disagreements}\n```\n",
    "glossary.md": "# Glossary\n\n```{rule:glossary}\n```\n",
    "errata.md": "# Errata\n\n```{rule:errata}\n```\n",
}


def default_pages(kb: KnowledgeBase) -> dict[str, str]:
    """The default pages of ``kb``: relative path (``"topics/<id>.md"``) -> MyST text.

    Raises ValueError if a topic or edition id could not name a page (the schemas refuse
    such ids before a build gets here)."""
    pages = dict(FIXED)
    for kind, folder, records in (("topic", "topics", kb.topics),
                                  ("edition", "editions", kb.editions)):
        for record in records:
            if not _PAGE_ID.match(record.id):
                raise ValueError(f"{record.id!r} cannot name a page")
            name = record.id.replace("@", "-")
            pages[f"{folder}/{name}.md"] = f"```{{rule:{kind}}} {record.id}\n```\n"
    return pages


def write_pages(pages: dict[str, str], folder: Path) -> list[Path]:
    """Write ``pages`` (as :func:`default_pages` returns them) under ``folder``, creating
    it; returns the files written, in order.  An existing file is never overwritten
    (FileExistsError)."""
    written = []
    for name, text in pages.items():
        path = Path(folder) / name
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "x", encoding="utf-8") as handle:
            handle.write(text)
        written.append(path)
    return written


def sync_pages(pages: dict[str, str], folder: Path) -> Path:
    """Make ``folder`` hold exactly ``pages`` (as :func:`default_pages` returns them):
    a page whose text is unchanged is left as it is, time included, so Sphinx reads again
    only the pages that changed; other files go.  A link standing at ``folder`` is removed
    first (nothing is written through it).  Returns ``folder``.

    >>> import tempfile
    >>> folder = sync_pages({"index.md": "# A"}, Path(tempfile.mkdtemp()) / "p")
    >>> sorted(p.name for p in folder.iterdir())
    ['index.md']
    """
    folder = Path(folder)
    if folder.is_symlink() or (folder.exists() and not folder.is_dir()):
        folder.unlink()
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in pages.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        data = text.encode("utf-8")
        if path.is_symlink() or not path.is_file() or path.read_bytes() != data:
            path.unlink(missing_ok=True)
            replace_file(path, data)
    for path in sorted(folder.rglob("*"), reverse=True):
        if path.is_symlink() or (path.is_file()
                                 and path.relative_to(folder).as_posix() not in pages):
            path.unlink()
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()
    return folder

