"""The decision log's commands: ``log check DIR`` (docs/decision-log.md).

``log`` holds its actions as ``expect`` does; :func:`loaded_log` is what every action
of it starts with (the knowledge base, the house books, the log read and its rulebook
ids checked), so an action added here reads a log as ``check`` does."""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path

from kb.cli import log_export
from kb.cli.common import fail as _fail
from kb.cli.common import path_argument as _path
from kb.cli.common import progress as _progress

#: ``log check --strict``'s status when some entry departs from its book.
DEPARTED = 3


def add_parsers(commands) -> None:
    """Add ``log`` (and its ``check``) to the subcommands ``commands``."""
    log = commands.add_parser(
        "log", help="check a room's decision log against its rulebooks",
        description="A decision log is a folder of YAML files, one per floor call "
                    "(docs/decision-log.md).")
    actions = log.add_subparsers(dest="action", required=True, metavar="ACTION")
    check = actions.add_parser(
        "check", help="rule each logged call under its book and report where the floor "
                      "ruled otherwise, and situations ruled two ways",
        description="Read every *.yaml file of DIR (not below it), rule each entry's hand "
                    "under the rulebook in force, and report the entries the floor ruled "
                    "otherwise than the book, and the situations (game, irregularity, "
                    "timing) ruled with different remedies under one book. A departure is "
                    "a finding: the status is 0 when the log reads (3 with --strict and "
                    "a departure), 1 on a problem in the log, 2 on an unknown --rulebook.")
    check.add_argument("folder", type=_path, metavar="DIR", help="the log's folder")
    check.add_argument("--rulebook", metavar="BOOK", default=None,
                       help="check every entry against BOOK instead of its own rulebook")
    check.add_argument("--json", action="store_true",
                       help="print the report as JSON (kb/schemas/log-report.schema.json)")
    check.add_argument("--strict", action="store_true",
                       help=f"exit {DEPARTED} when any entry departs from its book")
    data_option(check)
    check.set_defaults(run=run_log_check)
    log_export.add_parser(actions, data_option, loaded_log)


def data_option(parser) -> None:
    parser.add_argument("--data", type=_path, default=None, metavar="DIR",
                        help="the data folder whose books and rulebooks folder rule "
                             "(default: the bundled one)")


def run_log_check(args) -> int:
    """Check the log of ``args.folder``: 0, 1 on bad input, 2 on an unknown --rulebook,
    :data:`DEPARTED` with ``--strict`` when an entry departs."""
    import json

    from kb.decisions.check import check_log
    from kb.decisions.report import report_json, report_text
    from kb.files import InputError

    # with --json, a problem of the data folder is reported as the log's are: on stdout
    failed = partial(_json_problems, str(args.folder), None) if args.json else _fail
    loaded = loaded_log(args, failed)
    if isinstance(loaded, int):
        return loaded
    kb, houses, book, decisions, found = loaded
    _progress(f"ruling {len(decisions)} logged call(s) ...")
    name = str(args.folder)
    try:
        report = check_log(kb, decisions, book, houses, found)
    except InputError as error:
        problems = [str(p) for p in error.problems]
        return _json_problems(name, book, problems) if args.json else _fail(problems)
    print(json.dumps(report_json(report, name), indent=2, ensure_ascii=False) if args.json
          else report_text(report, name))
    return DEPARTED if args.strict and report.departures else 0


def _json_problems(name: str, book, problems: list[str]) -> int:
    """``log check --json`` of a log with ``problems``: the report's JSON on standard
    output with ``ok`` false, no entries, and the problems as ``floorbook check --json``
    gives them (as ``rulebook check --json`` reports a bad file); status 1."""
    import json

    from kb.cli.knowledge import check_report
    from kb.decisions.model import LogReport
    from kb.decisions.report import report_json
    located = check_report(Path(name), None, problems)["problems"]
    empty = LogReport(entries=(), inconsistent=(), rulebook=book.id if book else None)
    print(json.dumps(report_json(empty, name, located), indent=2, ensure_ascii=False))
    return 1


def loaded_log(args, failed: Callable[[list[str]], int] = _fail):
    """(knowledge base, the data folder's house books as ``check_log`` takes them, the
    --rulebook's book or None, the decisions that read, the problems of the log's files
    that did not: ``check_log``'s ``found``) for ``args`` (``folder``, ``data``,
    ``rulebook``), or the exit status: ``failed(lines)``'s (1, the lines printed) for a
    problem in the data (its house books included), 2 for an unknown --rulebook."""
    from kb.decisions.check import rulebook_ids
    from kb.decisions.reader import read_entries
    from kb.house.compose import RULEBOOKS, HouseFileError, folder_rulebooks, resolve_rulebook
    from kb.knowledge.load import LoadError, load_knowledge_base
    from kb.rules.rulebook import RulebookError

    _progress("reading the knowledge base ...")
    try:
        kb = load_knowledge_base(args.data)
    except LoadError as error:
        return failed([str(p) for p in error.problems])
    folder = RULEBOOKS if args.data is None else args.data / "rulebooks"
    houses, problems = folder_rulebooks(kb, folder) if folder.is_dir() else ([], [])
    if problems:            # a house book of the data folder that an entry may name
        return failed([str(p) for p in problems])
    book = None
    if args.rulebook is not None:
        try:
            book = resolve_rulebook(kb, args.rulebook, folder)
        except HouseFileError as error:
            return failed(str(error).splitlines())
        except RulebookError as error:
            print(f"floorbook log: {error}", file=sys.stderr)
            return 2
    decisions, found = read_entries(Path(args.folder), rulebook_ids(kb, (b.id for b in houses)))
    return kb, lambda: houses, book, decisions, found
