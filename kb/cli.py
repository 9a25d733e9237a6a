"""The ``floorbook`` command.

Each subcommand is a function ``(args) -> exit status`` registered in :func:`parser`.
Problems in the user's files are printed as ``file:line: message`` on stderr with exit
status 1 and no traceback; usage errors exit 2 (argparse).
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

from kb import DATA

#: The project folder (conf.py and docs/ live here in a checkout).
PROJECT = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: sys.argv); returns the exit status."""
    args = parser().parse_args(argv)
    try:
        return args.run(args)
    except KeyboardInterrupt:
        return 130


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="floorbook", description=__doc__.splitlines()[0])
    commands = top.add_subparsers(dest="command", required=True, metavar="COMMAND")

    build = commands.add_parser("build", help="build the handbook with Sphinx")
    build.add_argument("-o", "--output", type=Path, default=Path("_build/html"),
                       help="output folder (default: _build/html)")
    build.add_argument("--data", type=Path, default=None,
                       help="knowledge base folder (default: the bundled kb/data)")
    build.set_defaults(run=run_build)

    check = commands.add_parser("check", help="validate the knowledge base")
    check.add_argument("--data", type=Path, default=None,
                       help="knowledge base folder (default: the bundled kb/data)")
    check.set_defaults(run=run_check)
    return top


def _fail(lines) -> int:
    for line in lines:
        print(line, file=sys.stderr)
    return 1


def run_check(args) -> int:
    """Load and check the knowledge base; print every problem as ``file:line: message``."""
    from kb.checks import check_knowledge_base
    from kb.load import LoadError, load_knowledge_base

    root = args.data or DATA
    try:
        kb = load_knowledge_base(root)
    except LoadError as error:
        return _fail(_in(root, p) for p in error.problems)
    problems = check_knowledge_base(kb)
    if problems:
        return _fail(_in(root, p) for p in problems)
    print(f"{root}: {len(kb.provisions)} provisions, {len(kb.topics)} topics, "
          f"{len(kb.terms)} terms, {len(kb.errata)} errata: no problems")
    return 0


def _in(root: Path, problem) -> str:
    """A problem with its file shown relative to the current folder where possible."""
    path = Path(root) / problem.location.file
    try:
        shown = path.resolve().relative_to(Path.cwd())
    except ValueError:
        shown = path
    return f"{shown}:{problem.location.line}: {problem.message}"


def run_build(args) -> int:
    """Build the handbook into ``args.output`` with Sphinx, warnings as errors."""
    from sphinx.cmd.build import build_main

    if shutil.which("dot") is None:
        return _fail(["floorbook build: Graphviz's 'dot' program is not installed; the "
                      "handbook draws its graph pictures with it. Install it (Debian: "
                      "apt-get install graphviz; macOS: brew install graphviz) and retry."])
    if not (PROJECT / "conf.py").is_file():
        return _fail([f"floorbook build: no conf.py in {PROJECT}; run it from a checkout "
                      "of floorbook (pip install -e .)"])
    options = ["-W", "--keep-going", "-q", "-b", "html", "-c", str(PROJECT)]
    if args.data:
        options += ["-D", f"floorbook_data_dir={args.data.resolve()}"]
    status = build_main([*options, str(PROJECT / "docs"), str(args.output)])
    if status == 0:
        print(f"handbook built: {args.output / 'index.html'}")
    return 1 if status else 0


if __name__ == "__main__":
    sys.exit(main())
