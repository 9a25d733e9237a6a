"""The knowledge base's commands: ``check``, ``build`` (the handbook) and ``schema``."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from kb import DATA
from kb.cli.common import fail as _fail
from kb.cli.common import path_argument as _path

#: The kinds of file that have a JSON Schema in kb/schemas (``floorbook schema KIND``).
SCHEMA_KINDS = ("scenario", "house", "sources", "provisions", "topics", "glossary", "errata")
#: The project folder (conf.py and docs/ live here in a checkout).
PROJECT = Path(__file__).resolve().parent.parent.parent


def add_parsers(commands) -> None:
    """Add ``build``, ``check`` and ``schema`` to the subcommands ``commands``."""
    build = commands.add_parser("build", help="build the handbook with Sphinx")
    build.add_argument("-o", "--output", type=_path, default=Path("_build/html"),
                       help="output folder (default: _build/html)")
    build.add_argument("--data", type=_path, default=None,
                       help="knowledge base folder (default: the bundled kb/data)")
    build.set_defaults(run=run_build)

    check = commands.add_parser("check", help="validate the knowledge base")
    check.add_argument("--data", type=_path, default=None,
                       help="knowledge base folder (default: the bundled kb/data)")
    check.set_defaults(run=run_check)

    schema = commands.add_parser("schema", help="print the path of a kind of file's JSON "
                                                "Schema, for an editor's YAML support")
    schema.add_argument("kind", choices=SCHEMA_KINDS, metavar="KIND",
                        help="one of: " + ", ".join(SCHEMA_KINDS))
    schema.add_argument("--show", action="store_true", help="print the schema itself")
    schema.set_defaults(run=run_schema)


def run_check(args) -> int:
    """Load and check the knowledge base, its scenarios and house rulebooks; print every
    problem of every stage that can run as ``file:line: message``
    (:func:`kb.house.datafolder.folder_problems`)."""
    from kb.house.datafolder import folder_problems

    root = args.data or DATA
    kb, problems = folder_problems(root)
    if problems:
        return _fail(problems)
    print(f"{root}: {len(kb.provisions)} provisions, {len(kb.topics)} topics, "
          f"{len(kb.terms)} terms, {len(kb.errata)} errata: no problems")
    return 0


def run_build(args) -> int:
    """Build the handbook into ``args.output`` with Sphinx, warnings as errors.

    The output folder is checked first (a link, a file, a folder of other files, inside
    floorbook, not writable: exit 1 with the reason), then the data (every problem of its
    files printed as for ``check``, exit 1); the site is built in a folder beside the
    output and moved into place only when the build succeeds, so a failed or interrupted
    build leaves the output folder as it was."""
    from kb.handbook.site import SiteError, build_site, output_problem
    from kb.house.datafolder import folder_problems

    if shutil.which("dot") is None:
        return _fail(["floorbook build: Graphviz's 'dot' program is not installed; the "
                      "handbook draws its graph pictures with it. Install it (Debian: "
                      "apt-get install graphviz; macOS: brew install graphviz) and retry."])
    if not (PROJECT / "conf.py").is_file():
        return _fail([f"floorbook build: no conf.py in {PROJECT}; run it from a checkout "
                      "of floorbook (pip install -e .)"])
    why = output_problem(args.output, args.data)
    if why:
        return _fail([f"floorbook build: -o {args.output}: {why}"])
    _, problems = folder_problems(args.data or DATA, rule=False)
    if problems:
        return _fail(problems)
    try:
        build_site(PROJECT, args.data, args.output)
    except SiteError as error:
        here = f"{Path.cwd()}{os.sep}"      # show files under the current folder relative
        return _fail(line.removeprefix(here) for line in error.problems)
    print(f"handbook built: {args.output / 'index.html'}")
    return 0


def run_schema(args) -> int:
    """Print the absolute path of the JSON Schema of ``args.kind`` (``--show``: its text)."""
    from kb.files import SCHEMAS

    path = (SCHEMAS / f"{args.kind}.schema.json").resolve()
    if not path.is_file():
        return _fail([f"floorbook schema: {path} is missing; reinstall floorbook"])
    print(path.read_text(encoding="utf-8").rstrip("\n") if args.show else path)
    return 0
