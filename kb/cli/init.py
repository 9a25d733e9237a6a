"""``floorbook init DIR``: a starter project of one's own knowledge base.

The project holds a data folder (two books, one topic, their provisions, a glossary term
and one scenario with its expectations, copied from ``kb/handbook/sitebuild/starter/data``), the
pages of that data in ``data/pages`` (:mod:`kb.handbook.sitebuild.pages`' defaults, whose
front page says they are the project's own), a ``conf.py``
for running Sphinx by hand and a ``pytest.ini`` that points floorbook's pytest plugin at
the scenarios and requires it (``required_plugins``: the distribution's name).  ``floorbook check --data data``, ``floorbook build --data data -o site``
and ``pytest`` work on it as written.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from kb.cli.common import fail as _fail
from kb.cli.common import path_argument as _path

#: The starter knowledge base, copied into ``DIR/data``.
STARTER = Path(__file__).resolve().parent.parent / "handbook" / "sitebuild" / "starter" / "data"

CONF = '''"""Sphinx settings of this handbook, for running Sphinx yourself:

    sphinx-build -W -c . data/pages _build/html

``floorbook build --data data -o site`` does not read this file: it uses the same
settings, from floorbook's package.  Set a value below the import to change it here.
"""

from kb.handbook.sitebuild.config import *  # noqa: F403  (the handbook's settings)

floorbook_data_dir = "data"  # relative to this folder
'''

PYTEST_INI = """[pytest]
# floorbook's pytest plugin: every scenario under data/scenarios is a test of the
# rulings its `expect` block states, under the knowledge base in data/.
floorbook_scenarios = data/scenarios
floorbook_data = data
# the plugin comes with the floorbook package: a pytest without it stops here, saying so,
# instead of collecting no test at all
required_plugins = floorbook
"""

#: What the front page says of its pages in a project (in place of
#: :data:`kb.handbook.sitebuild.pages.DEFAULT_NOTE`): they are the author's own.
OWN_NOTE = """These pages are this knowledge base's own: edit them, add pages of your
own and list them in a toctree.  Each topic of `data/topics.yaml` and each edition of
`data/sources.yaml` needs a page showing it, as `topics/` and `editions/` have one for
each now; `floorbook build --data data` names any that is missing."""


def add_parsers(commands) -> None:
    """Add ``init`` to the subcommands ``commands``."""
    init = commands.add_parser(
        "init", help="write a starter project: a knowledge base, its pages and a test set-up",
        description="Write a starter project into DIR (new or empty): data/ (two books, one "
                    "topic, one scenario), data/pages/ (the handbook's pages), conf.py and "
                    "pytest.ini.")
    init.add_argument("folder", type=_path, metavar="DIR", help="a new or empty folder")
    init.set_defaults(run=run_init)


def run_init(args) -> int:
    """Write the starter project into ``args.folder``; exit 1 (nothing written) if the
    folder has files in it, is a file, or is inside floorbook's package."""
    from kb.house.outputs import refusal

    folder: Path = args.folder
    why = refusal(folder)
    if not why and folder.exists() and not folder.is_dir():
        why = "is a file; give a new or empty folder"
    elif not why and folder.is_dir() and any(folder.iterdir()):
        why = "has files in it; give a new or empty folder (init never overwrites a file)"
    if why:
        return _fail([f"floorbook init: {folder}: {why}"])
    created = not folder.exists()
    try:
        written = _write(folder)
    except OSError as error:
        if created:
            shutil.rmtree(folder, ignore_errors=True)
        return _fail([f"floorbook init: {folder}: cannot write it ({error.strerror}); give "
                      "another folder"])
    print(f"wrote {len(written)} files into {folder}. Next:\n"
          f"  cd {folder}\n"
          "  floorbook check --data data          # every problem of the data\n"
          "  floorbook build --data data -o site  # the handbook, into site/\n"
          "  pytest                               # the scenarios' expectations")
    return 0


def _write(folder: Path) -> list[Path]:
    """Write the project's files under ``folder`` (created); the files written."""
    from kb.handbook.sitebuild.pages import DEFAULT_NOTE, default_pages, write_pages
    from kb.knowledge.load import load_knowledge_base

    folder.mkdir(parents=True, exist_ok=True)
    shutil.copytree(STARTER, folder / "data", ignore=shutil.ignore_patterns("__pycache__"))
    written = sorted(p for p in (folder / "data").rglob("*") if p.is_file())
    pages = default_pages(load_knowledge_base(STARTER))
    pages["index.md"] = pages["index.md"].replace(DEFAULT_NOTE, OWN_NOTE)
    written += write_pages(pages, folder / "data" / "pages")
    for name, text in (("conf.py", CONF), ("pytest.ini", PYTEST_INI)):
        with open(folder / name, "x", encoding="utf-8") as handle:
            handle.write(text)
        written.append(folder / name)
    return written
