"""The ``diff`` command: every scenario ruled under two rulebooks, the rulings that change.

Also the runner of ``rulebook check FILE --against EDITION`` (:func:`run_against`), which
prints the same changed rulings for a house book moved onto a new edition, with the house
entries that go stale (:mod:`kb.house.rebase`).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from kb.cli.common import fail as _fail
from kb.cli.common import path_argument as _path
from kb.cli.common import progress as _progress


def add_parsers(commands) -> None:
    """Add ``diff`` to the subcommands ``commands``."""
    diff = commands.add_parser(
        "diff", help="the rulings that change between two rulebooks",
        description="Rule every bundled scenario under two rulebooks (two editions, "
                    "earlier ones included, a regulator's, a house rulebook's id or file) "
                    "and list the scenarios "
                    "ruled otherwise: the remedy, what the dealer does, the cards after it "
                    "or the deciding rule; rules that only moved number are listed apart, "
                    "as an old-to-new map.")
    diff.add_argument("earlier", metavar="BOOK", help="the rulebook compared from: an "
                      "edition id (tda@2024, wsop@2023), a regulator's edition, a house "
                      "rulebook id, or the path of a house rulebook file")
    diff.add_argument("later", metavar="BOOK", help="the rulebook compared to, named the "
                      "same ways")
    diff.add_argument("--scenarios", type=_path, metavar="DIR",
                      help="rule the scenario files of DIR instead of the bundled ones")
    diff.add_argument("--data", type=_path, default=None, metavar="DIR",
                      help="use the knowledge base in DIR (its books, its rulebooks folder "
                           "and its scenarios) instead of the bundled one")
    diff.add_argument("--seed", type=int, default=0, help="seed of every random step (0)")
    diff.add_argument("--json", action="store_true",
                      help="print the diff as JSON (floorbook schema diff)")
    diff.set_defaults(run=run_diff)


def run_diff(args) -> int:
    """Compare the rulings of ``args.earlier`` and ``args.later``: the text of
    :func:`kb.rules.diff_text.format_diff`, or with ``--json`` the diff's JSON.  A bad
    knowledge base, scenario or house file: every problem, exit 1; an unknown rulebook id:
    exit 2 with the nearest ids."""
    from kb.rules.ruling_diff import diff_rulings

    loaded = _kb_and_scenarios(args.data, args.scenarios)
    if isinstance(loaded, int):
        return loaded
    kb, scenarios = loaded
    books = _books(kb, [args.earlier, args.later], args.data, "floorbook diff")
    if isinstance(books, int):
        return books
    _progress(f"ruling {len(scenarios)} scenarios under {args.earlier} and {args.later} ...")
    earlier, later = books
    return _show(diff_rulings(kb, earlier, later, scenarios, args.seed), args.json)


def _show(diff, as_json: bool) -> int:
    from kb.rules.diff_text import format_diff
    print(json.dumps(diff.to_json(), indent=2, ensure_ascii=False) if as_json
          else format_diff(diff))
    return 0


def _kb_and_scenarios(data: Path | None, folder: Path | None):
    """The knowledge base (of ``data``, else the bundled one) and the scenarios to rule:
    the files of ``folder``, else ``data``'s scenarios folder, else the bundled ones; or
    exit status 1 after printing every problem."""
    from kb.knowledge.load import LoadError, load_knowledge_base

    _progress("reading the knowledge base and the scenarios ...")
    try:
        kb = load_knowledge_base(data)
    except LoadError as error:
        return _fail(str(p) for p in error.problems)
    if folder is None and data is not None:
        folder = data / "scenarios"
        if not folder.is_dir():
            return _fail([f"--data {data}: has no scenarios folder (put your scenario files "
                          "in DIR/scenarios, or give --scenarios)"])
    if folder is None:
        from kb.rules.disagreements import load_scenarios
        return kb, load_scenarios()
    scenarios = own_scenarios(folder)
    return scenarios if isinstance(scenarios, int) else (kb, scenarios)


def own_scenarios(folder: Path):
    """The scenario files of ``folder`` (no file read through a link), or exit status 1
    after printing every problem of every file (or that the folder is none): a hand whose
    events cannot be replayed up to its first floor call is one (bad input whatever the
    book); a hand that cannot go on from one book's ruling is that book's, listed as not
    compared by the diff."""
    from kb.files import confined
    from kb.hand.segments import replay_problems
    from kb.house.datafolder import folder_scenarios

    if not folder.is_dir():
        return _fail([f"--scenarios {folder}: is not a folder (give the folder of your "
                      "scenario files)"])
    with confined(folder):
        scenarios, problems, _ = folder_scenarios(folder)
    problems = problems + [p for scenario in scenarios for p in replay_problems(scenario)]
    if problems:        # each file's problems together, the files by name
        return _fail(str(p) for p in sorted(problems, key=lambda p: (p.file, p.line)))
    if not scenarios:
        return _fail([f"--scenarios {folder}: has no scenario file (*.yaml) to rule"])
    return scenarios


def _books(kb, idents: list[str], data: Path | None, command: str):
    """The rulebooks ``idents`` name (``rule --rulebook``'s ways), or an exit status: 1
    after printing every problem of the house files named (of both), 2 after naming an
    unknown id with the nearest ones."""
    from kb.house.compose import RULEBOOKS, HouseFileError, resolve_rulebook
    from kb.rules.rulebook import RulebookError

    folder = RULEBOOKS if data is None else data / "rulebooks"
    books, problems, unknown = [], [], []
    for ident in idents:
        try:
            books.append(resolve_rulebook(kb, ident, folder))
        except HouseFileError as error:        # bad input: file:line lines, exit 1
            problems += [str(p) for p in error.problems]
        except RulebookError as error:         # an unknown id is a usage error
            unknown.append(str(error))
    if problems:
        return _fail(list(dict.fromkeys(problems)))
    if unknown:
        for line in unknown:
            print(f"{command}: {line}", file=sys.stderr)
        return 2
    return books


def run_against(args, document) -> int:
    """``rulebook check FILE --against EDITION``: the rebase preview of the house file
    ``args.file`` (:func:`kb.house.rebase.rebase_preview`) over the bundled scenarios and
    those of ``args.scenarios``; text, or with ``--json`` its JSON.  A bad house file or
    scenario: every problem, exit 1 (with ``--json``, the house file's problems as
    ``rulebook check --json`` prints them: ``document(path, None, problems, [])``, which
    is :func:`kb.cli.house.check_document`); an EDITION that is no published edition:
    exit 2; one that is not a later edition of the base's source: a warning on stderr
    (:func:`kb.house.rebase.against_warning`), and the preview."""
    from kb.house.compose import HouseFileError
    from kb.house.rebase import rebase_preview
    from kb.rules.rulebook import RulebookError

    loaded = _kb_and_scenarios(None, None)
    if isinstance(loaded, int):
        return loaded
    kb, scenarios = loaded
    if args.scenarios is not None:
        own = own_scenarios(args.scenarios)
        if isinstance(own, int):
            return own
        scenarios = scenarios + own
    _progress(f"composing {args.file} on its base and on {args.against}, then ruling "
              f"{len(scenarios)} scenarios under both ...")
    try:
        preview = rebase_preview(kb, args.file, args.against, scenarios)
    except HouseFileError as error:
        problems = [str(p) for p in error.problems]
        if args.json:                   # as rulebook check --json reports a bad file
            print(json.dumps(document(args.file, None, problems, []), indent=2,
                             ensure_ascii=False))
            return 1
        return _fail(problems)
    except RulebookError as error:
        print(f"floorbook rulebook check: {error}", file=sys.stderr)
        return 2
    if preview.warning:             # allowed (a move to another source), but said
        print(f"floorbook rulebook check: warning: {preview.warning}", file=sys.stderr)
    print(json.dumps(preview.to_json(), indent=2, ensure_ascii=False) if args.json
          else preview_text(preview))
    return 0


def preview_text(preview) -> str:
    """The text of a :class:`kb.house.rebase.RebasePreview`: what it is, the entries that
    go stale, the problems the file would have on the new edition, then the rulings."""
    from dataclasses import replace

    from kb.rules.diff_text import format_diff

    parts = [f"{preview.file}: {preview.house} on {preview.base}, previewed on "
             f"{preview.against} (the file is not changed)."]
    parts.append("\n".join([f"Entries that go stale on {preview.against}:",
                            *(f"  {s}" for s in preview.stale)]) if preview.stale
                 else f"No entry goes stale on {preview.against}.")
    if preview.problems:
        parts.append("\n".join([f"On {preview.against} the file would have these problems "
                                "(its rulings are not compared until they are fixed):",
                                *(f"  {p}" for p in preview.problems)]))
    if preview.diff is not None:        # both sides are the house id: name them by base
        earlier, later = preview.labels
        parts.append(format_diff(replace(preview.diff, earlier=earlier, later=later)))
    return "\n\n".join(parts)
