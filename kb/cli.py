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

    rule = commands.add_parser("rule", help="rule a scenario file under one rulebook")
    rule.add_argument("scenario", type=Path, metavar="SCENARIO", help="a scenario YAML file")
    rule.add_argument("--rulebook", required=True, metavar="RULEBOOK",
                      help="an edition id (rrop@v11, tda@2024, tda@2026), a house rulebook "
                           "id, or the path of a house rulebook file")
    rule.add_argument("--seed", type=int, default=0, help="seed of every random step (0)")
    rule.add_argument("--json", action="store_true", help="print the ruling as JSON")
    rule.set_defaults(run=run_rule)

    compare = commands.add_parser("compare", help="rule a scenario under every published "
                                                  "rulebook, side by side")
    compare.add_argument("scenario", type=Path, metavar="SCENARIO", help="a scenario YAML file")
    compare.add_argument("--seed", type=int, default=0, help="seed of every random step (0)")
    compare.add_argument("--json", action="store_true", help="print the rulings as a JSON list")
    compare.set_defaults(run=run_compare)
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
    problems = [_in(root, p) for p in check_knowledge_base(kb)]
    problems += _scenario_problems(kb, Path(root) / "scenarios")
    if problems:
        return _fail(problems)
    print(f"{root}: {len(kb.provisions)} provisions, {len(kb.topics)} topics, "
          f"{len(kb.terms)} terms, {len(kb.errata)} errata: no problems")
    return 0


def _scenario_problems(kb, folder: Path) -> list[str]:
    """Invalid scenario files, and declared against computed disagreements."""
    from kb.disagreements import check_disagreements, load_scenarios
    from kb.scenario import ScenarioError

    try:
        scenarios = load_scenarios(folder)
    except ScenarioError as error:
        return [str(error)]
    return [_in(Path(kb.root), p) for p in check_disagreements(kb, scenarios)]


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


def run_rule(args) -> int:
    """Rule ``args.scenario`` under ``args.rulebook``; invalid scenario: exit 1, unknown
    rulebook: exit 2."""
    from kb.engine import rule
    from kb.rulebook import RulebookError, resolve_rulebook

    loaded = _scenario_and_kb(args.scenario)
    if isinstance(loaded, int):
        return loaded
    scenario, kb = loaded
    try:
        book = resolve_rulebook(kb, args.rulebook)
    except RulebookError as error:
        print(f"floorbook rule: {error}", file=sys.stderr)
        return 2
    return _print_rulings([_ruled(rule, kb, book, scenario, args.seed)], args.json, many=False)


def run_compare(args) -> int:
    """Rule ``args.scenario`` under every published rulebook."""
    from kb.engine import rule
    from kb.rulebook import published_rulebooks

    loaded = _scenario_and_kb(args.scenario)
    if isinstance(loaded, int):
        return loaded
    scenario, kb = loaded
    rulings = [_ruled(rule, kb, book, scenario, args.seed) for book in published_rulebooks(kb)]
    return _print_rulings(rulings, args.json, many=True)


def _scenario_and_kb(path: Path):
    from kb.load import LoadError, load_knowledge_base
    from kb.scenario import ScenarioError, load_scenario

    try:
        scenario = load_scenario(path)
    except ScenarioError as error:
        return _fail([str(error)])
    try:
        return scenario, load_knowledge_base()
    except LoadError as error:
        return _fail(str(p) for p in error.problems)


def _ruled(rule, kb, book, scenario, seed):
    from kb.scenario import ScenarioError
    try:
        return rule(kb, book, scenario, seed)
    except ScenarioError as error:
        return error


def _print_rulings(rulings, as_json: bool, many: bool) -> int:
    import json

    from kb.ruling import format_ruling

    errors = [r for r in rulings if isinstance(r, Exception)]
    if errors:
        return _fail([str(errors[0])])
    if as_json:
        data = [r.to_json() for r in rulings] if many else rulings[0].to_json()
        print(json.dumps(data, indent=2, ensure_ascii=False))
    else:
        print("\n\n".join(format_ruling(r) for r in rulings))
    return 0


if __name__ == "__main__":
    sys.exit(main())
