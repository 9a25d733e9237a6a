"""floorbook: rule dealing errors, check the knowledge base, build the handbook.

Each subcommand is a function ``(args) -> exit status`` registered in :func:`parser`.
Problems in the user's files are printed as ``file:line: message`` on stderr with exit
status 1 and no traceback; usage errors exit 2 (argparse).
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import sys
import threading
from pathlib import Path

from kb import DATA

#: The kinds of file that have a JSON Schema in kb/schemas (``floorbook schema KIND``).
SCHEMA_KINDS = ("scenario", "house", "sources", "provisions", "topics", "glossary", "errata")
#: The project folder (conf.py and docs/ live here in a checkout).
PROJECT = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: sys.argv); returns the exit status.

    SIGTERM is handled as Ctrl-C is: the command stops through its cleanup (a build
    removes its half-built folder) and the status is 143 (Ctrl-C: 130)."""
    args = parser().parse_args(argv)
    previous = _on_sigterm(_terminate)
    try:
        return args.run(args)
    except KeyboardInterrupt:
        return 130
    except _Terminated:
        return 143
    except BrokenPipeError:          # `floorbook compare x.yaml --json | head`
        sys.stdout = open(os.devnull, "w")
        return 0
    finally:
        _on_sigterm(previous)


class _Terminated(SystemExit):
    """SIGTERM arrived: raised where the program is, so that ``finally`` blocks run."""


def _terminate(signum, frame):
    raise _Terminated(143)


def _on_sigterm(handler):
    """Install ``handler`` for SIGTERM and return the previous one; None (and nothing
    done) outside the main thread, where Python cannot set signal handlers."""
    if handler is None or threading.current_thread() is not threading.main_thread():
        return None
    return signal.signal(signal.SIGTERM, handler)


def _path(text: str) -> Path:
    """argparse type of a file or folder option: an empty path is a usage error (it would
    mean the current folder)."""
    if not text:
        raise argparse.ArgumentTypeError("an empty path names no file or folder; give one")
    return Path(text)


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="floorbook", description=__doc__.splitlines()[0])
    commands = top.add_subparsers(dest="command", required=True, metavar="COMMAND")

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

    rule = commands.add_parser("rule", help="rule a scenario file under one rulebook")
    rule.add_argument("scenario", type=_path, metavar="SCENARIO", help="a scenario YAML file")
    rule.add_argument("--rulebook", required=True, metavar="RULEBOOK",
                      help="an edition id (rrop@v11, tda@2024, tda@2026, wsop@2024, wsop-live@2024), a house rulebook "
                           "id, or the path of a house rulebook file")
    rule.add_argument("--seed", type=int, default=0, help="seed of every random step (0)")
    rule.add_argument("--json", action="store_true", help="print the ruling as JSON")
    rule.set_defaults(run=run_rule)

    compare = commands.add_parser("compare", help="rule a scenario under every published "
                                                  "rulebook, side by side")
    compare.add_argument("scenario", type=_path, metavar="SCENARIO", help="a scenario YAML file")
    compare.add_argument("--seed", type=int, default=0, help="seed of every random step (0)")
    compare.add_argument("--json", action="store_true", help="print the rulings as a JSON list")
    compare.set_defaults(run=run_compare)

    schema = commands.add_parser("schema", help="print the path of a kind of file's JSON "
                                                "Schema, for an editor's YAML support")
    schema.add_argument("kind", choices=SCHEMA_KINDS, metavar="KIND",
                        help="one of: " + ", ".join(SCHEMA_KINDS))
    schema.add_argument("--show", action="store_true", help="print the schema itself")
    schema.set_defaults(run=run_schema)
    _rulebook_parsers(commands)
    return top


def _rulebook_parsers(commands) -> None:
    rulebook = commands.add_parser("rulebook", help="compose, check and publish a house "
                                                    "rulebook")
    actions = rulebook.add_subparsers(dest="action", required=True, metavar="ACTION")
    check = actions.add_parser("check", help="report every problem of a house rulebook file")
    check.add_argument("file", type=_path, metavar="FILE", help="a house rulebook YAML file")
    check.set_defaults(run=run_rulebook_check)

    new = actions.add_parser("new", help="write a starter file listing every disagreement")
    new.add_argument("-o", "--output", type=_path, default=Path("house-rulebook.yaml"),
                     help="file to write (default: house-rulebook.yaml); never overwritten")
    from kb.rules.rulebook import EDITIONS     # every published edition is a base
    new.add_argument("--base", default="tda@2024", choices=tuple(EDITIONS),
                     help="the edition to start from (default: tda@2024)")
    new.add_argument("--id", default="house.my-room@2026", type=_house_id,
                     help="the rulebook's id, house.<name>@<version>")
    new.add_argument("--title", default="Our House Rules", help="the rulebook's title")
    new.set_defaults(run=run_rulebook_new, usage=new)

    build = actions.add_parser("build", help="publish a house rulebook as a site (and a PDF)")
    build.add_argument("file", type=_path, metavar="FILE", help="a house rulebook YAML file")
    build.add_argument("-o", "--output", type=_path, required=True,
                       help="output folder (created; the site goes in it, the PDF beside "
                            "the pages)")
    build.add_argument("--pdf", action="store_true", help="also write a printable PDF")
    build.set_defaults(run=run_rulebook_build)


def _house_id(text: str) -> str:
    """argparse type of a house rulebook id (a bad one is a usage error, exit 2): the house
    schema's pattern."""
    from kb.house.spec import HOUSE_ID, HOUSE_ID_HINT
    if not HOUSE_ID.match(text):
        raise argparse.ArgumentTypeError(f"{text!r} is not a house rulebook id "
                                         f"({HOUSE_ID_HINT})")
    return text


def _fail(lines) -> int:
    for line in lines:
        print(line, file=sys.stderr)
    return 1


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


def run_rule(args) -> int:
    """Rule ``args.scenario`` under ``args.rulebook``; invalid scenario: exit 1, unknown
    rulebook: exit 2."""
    from kb.house.compose import resolve_rulebook
    from kb.rules.engine import rule
    from kb.rules.rulebook import RulebookError

    loaded = _scenario_and_kb(args.scenario)
    if isinstance(loaded, int):
        return loaded
    scenario, kb = loaded
    from kb.house.compose import HouseFileError
    try:
        book = resolve_rulebook(kb, args.rulebook)
    except HouseFileError as error:          # the house file is bad input: file:line lines
        return _fail(str(error).splitlines())
    except RulebookError as error:           # an unknown rulebook id is a usage error
        print(f"floorbook rule: {error}", file=sys.stderr)
        return 2
    return _print_rulings([_ruled(rule, kb, book, scenario, args.seed)], args.json, many=False,
                          seed=args.seed)


def run_compare(args) -> int:
    """Rule ``args.scenario`` under every published rulebook."""
    from kb.house.compose import published_rulebooks
    from kb.rules.engine import rule

    loaded = _scenario_and_kb(args.scenario)
    if isinstance(loaded, int):
        return loaded
    scenario, kb = loaded
    rulings = [_ruled(rule, kb, book, scenario, args.seed) for book in published_rulebooks(kb)]
    return _print_rulings(rulings, args.json, many=True, seed=args.seed)


def _checked_house(path: Path):
    """The knowledge base and the house file at ``path``, or exit status 1 after printing
    every problem of the file (its own, the composition's, then the conflicts)."""
    from kb.house.check import check_house_file
    from kb.knowledge.load import LoadError, load_knowledge_base

    try:
        kb = load_knowledge_base()
    except LoadError as error:
        return _fail(str(p) for p in error.problems)
    spec, problems = check_house_file(kb, path)
    if problems or spec is None:
        return _fail(str(p) for p in problems)
    return kb, spec


def run_rulebook_check(args) -> int:
    """Check a house rulebook file: every problem as ``file:line: message``, exit 1."""
    loaded = _checked_house(args.file)
    if isinstance(loaded, int):
        return loaded
    _, spec = loaded
    print(f"{args.file}: {spec.id} ({spec.title}) on {spec.base}: no problems")
    return 0


def run_rulebook_new(args) -> int:
    """Write a starter house rulebook; refuses to overwrite an existing file (exit 1), and
    options that would make a file `rulebook check` refuses (a usage error, exit 2, as a
    bad ``--id`` is)."""
    from kb.house.starter import option_problems, starter_text
    from kb.knowledge.load import load_knowledge_base

    kb = load_knowledge_base()
    refused = option_problems(kb, args.base, args.id, args.title)
    if refused:
        args.usage.print_usage(sys.stderr)
        for problem in refused:
            which = "argument " if problem.startswith("--") else ""
            print(f"{args.usage.prog}: error: {which}{problem}", file=sys.stderr)
        return 2
    from kb.house.outputs import PACKAGE
    parent = args.output.parent.resolve()
    if parent == PACKAGE or PACKAGE in parent.parents:  # kb/data/rulebooks would publish it
        return _fail([f"{args.output}: is inside floorbook's package folder ({PACKAGE}), "
                      "whose rulebooks are published with the handbook; choose a file "
                      "outside it with -o"])
    if not args.output.parent.is_dir():
        what = "is not a folder" if args.output.parent.exists() else "does not exist"
        return _fail([f"{args.output}: {args.output.parent} {what}; choose another file "
                      "with -o"])
    if args.output.exists() or args.output.is_symlink():
        return _fail([f"{args.output}: already exists; choose another file with -o"])
    try:
        with open(args.output, "x", encoding="utf-8") as handle:  # "x": never overwrite
            handle.write(starter_text(kb, args.base, args.id, args.title))
    except OSError as error:
        return _fail([f"{args.output}: cannot write it ({error.strerror}); choose another "
                      "file with -o"])
    print(f"wrote {args.output}: edit it, then run floorbook rulebook check {args.output}")
    return 0


def run_rulebook_build(args) -> int:
    """Publish a house rulebook: check it and the output folder (every problem of both is
    printed, exit 1, nothing written), then build its site (and PDF) into the folder."""
    from kb.house.publish import PublishError, output_folder, publish

    try:
        output_folder(args.output)
        refused = []
    except PublishError as error:
        refused = [f"floorbook rulebook build: -o {args.output}: {error}"]
    loaded = _checked_house(args.file)
    if refused or isinstance(loaded, int):
        return _fail(refused)
    kb, _ = loaded
    try:
        written = publish(kb, args.file, args.output, pdf=args.pdf)
    except PublishError as error:
        return _fail([str(error)])
    for path in written:
        print(f"wrote {path}")
    return 0


def _scenario_and_kb(path: Path):
    from kb.hand.scenario import ScenarioError
    from kb.hand.scenario_file import load_scenario
    from kb.knowledge.load import LoadError, load_knowledge_base

    try:
        scenario = load_scenario(path)
    except ScenarioError as error:
        return _fail([str(error)])
    try:
        return scenario, load_knowledge_base()
    except LoadError as error:
        return _fail(str(p) for p in error.problems)


def _ruled(rule, kb, book, scenario, seed):
    from kb.hand.scenario import ScenarioError
    try:
        return rule(kb, book, scenario, seed)
    except ScenarioError as error:
        return error


def _print_rulings(rulings, as_json: bool, many: bool, seed: int = 0) -> int:
    import json

    from kb.rules.ruling import format_ruling

    errors = [r for r in rulings if isinstance(r, Exception)]
    if errors:
        return _fail([str(errors[0])])
    if as_json:
        data = [r.to_json() for r in rulings] if many else rulings[0].to_json()
        print(json.dumps(data, indent=2, ensure_ascii=False))
    else:
        print("\n\n".join(format_ruling(r, seed) for r in rulings))
    return 0


if __name__ == "__main__":
    sys.exit(main())
