"""Every file or folder of the repository the documentation names in code quotes
(`kb/...`, `docs/...`, `tests/...`, `tools/...`, `.ci/...`) exists, so that a page never
sends a reader to a file that moved or never was."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

CHECKOUT = Path(__file__).resolve().parent.parent
#: The pages that say how things are now (CHANGELOG.md tells how they were).
PAGES = sorted(p.relative_to(CHECKOUT).as_posix()
               for p in [*CHECKOUT.glob("*.md"), *(CHECKOUT / "docs").rglob("*.md")]
               if p.name != "CHANGELOG.md")

#: A path in code quotes that starts with one of the repository's top folders.
NAMED = re.compile(r"`((?:kb|docs|tests|tools|\.ci)/[^`\s]*)`")

#: Paths named on purpose that a checkout does not hold, and why.
ELSEWHERE = {
    "kb/docs": "where the pages are in an installed wheel (pyproject.toml maps docs/ there)",
}


def named_paths(text: str) -> list[str]:
    """The repository paths ``text`` names (a test's by its file), but the patterns
    (``<topic>``, ``*``) and the ones :data:`ELSEWHERE` explains.

    >>> named_paths("`kb/cli/` `docs/topics/<topic>.md` `kb/docs` `tests/a.py::b[c]` `-o x`")
    ['kb/cli/', 'tests/a.py']
    """
    paths = (path.split("::")[0] for path in NAMED.findall(text))
    return [path for path in paths
            if not set(path) & set("<>{}*") and path.rstrip("/") not in ELSEWHERE]


def test_the_pages_name_paths_at_all():
    text = (CHECKOUT / "docs" / "dev" / "data-format.md").read_text(encoding="utf-8")
    assert "kb/schemas/sources.schema.json" in named_paths(text)


@pytest.mark.parametrize("page", PAGES)
def test_every_path_a_page_names_exists(page):
    text = (CHECKOUT / page).read_text(encoding="utf-8")
    lines = {path: n for n, line in enumerate(text.splitlines(), 1)
             for path in named_paths(line)}
    missing = [f"{page}:{n}: {path}" for path, n in lines.items()
               if not (CHECKOUT / path).exists()]
    assert missing == []


#: A module of kb in code quotes, dotted (`kb.handbook.views.matrix`, `kb.rules.engine.rule`).
DOTTED = re.compile(r"`(kb(?:\.[A-Za-z_][A-Za-z0-9_]*)+)")


def _names_something(dotted: str) -> bool:
    """Whether ``dotted`` is a module of kb, or a name its longest module prefix defines."""
    import importlib
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            thing = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for name in parts[cut:]:
            if not hasattr(thing, name):
                return False
            thing = getattr(thing, name)
        return True
    return False


#: Pages that record how the code was when a figure was measured, as CHANGELOG.md does.
DATED = {"docs/benchmarks.md"}


@pytest.mark.parametrize("page", [page for page in PAGES if page not in DATED])
def test_every_module_a_page_names_exists(page):
    """The handbook's split into sub-rooms (issue 20) left CONTRIBUTING.md naming
    `kb.handbook.matrix` and four more modules that had moved."""
    text = (CHECKOUT / page).read_text(encoding="utf-8")
    missing = sorted({f"{page}:{n}: {name}" for n, line in enumerate(text.splitlines(), 1)
                      for name in DOTTED.findall(line)
                      if name.replace(".", "/") not in ELSEWHERE and not _names_something(name)})
    assert missing == []
