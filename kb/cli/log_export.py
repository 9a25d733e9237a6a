"""``floorbook log export DIR -o log.sqlite``: a decision log and the book's ruling of each
entry as one SQLite file (:mod:`kb.decisions.export`; the tables:
docs/decision-log-export.md).

:mod:`kb.cli.log` registers it with its own ``--data`` option and its log loader
(:func:`kb.cli.log.loaded_log`), handed in rather than imported, so that the log is read
as ``log check`` reads it and the two modules do not import each other."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from kb.cli.common import fail as _fail
from kb.cli.common import path_argument as _path
from kb.cli.common import progress as _progress


def add_parser(actions, data_option: Callable, loaded_log: Callable) -> None:
    """Add ``export`` to the ``log`` command's subcommands ``actions``; ``data_option``
    adds ``--data`` to a parser, ``loaded_log(args)`` reads the log as ``log check`` does."""
    export = actions.add_parser(
        "export", help="write the log and the book's rulings to a SQLite file",
        description="Check a decision log as `log check` does, then write its entries, the "
                    "book's ruling of each, the provisions cited and the situations to one "
                    "SQLite file (tables decisions, rulings, citations, situations; a view "
                    "departures), written whole.")
    export.add_argument("folder", type=_path, metavar="DIR", help="the decision log's folder")
    export.add_argument("-o", "--output", type=_path, required=True, metavar="FILE",
                        help="the SQLite file to write (replaced whole if it exists; not a "
                             "link, and not inside the log's folder)")
    export.add_argument("--rulebook", metavar="BOOK", default=None,
                        help="rule every entry under BOOK instead of the rulebook in force "
                             "that each names")
    data_option(export)
    export.set_defaults(run=partial(run_log_export, loaded_log=loaded_log))


def run_log_export(args, loaded_log: Callable) -> int:
    """Check the log and write the SQLite file: every problem of the log and of ``-o``
    printed at once as ``file:line: message (what to do)``, exit 1, nothing written (2
    for an unknown ``--rulebook``, as ``log check``)."""
    from kb.decisions.check import check_log
    from kb.decisions.export import ExportError, database, output_refusal, write_database
    from kb.files import InputError

    why = output_refusal(args.output, args.folder)
    refused = [f"{args.output}:1: {why}"] if why else []
    loaded = loaded_log(args)
    if isinstance(loaded, int):          # its problems printed: -o's too, then its status
        _fail(refused)
        return loaded
    kb, houses, book, decisions, found = loaded
    _progress(f"ruling {len(decisions)} logged call(s) ...")
    try:
        report = check_log(kb, decisions, book, houses, found)
    except InputError as error:
        return _fail(refused + [str(p) for p in error.problems])
    if refused:
        return _fail(refused)
    try:
        write_database(args.output, database(report, args.folder), args.folder)
    except ExportError as error:          # the path changed since it was checked
        return _fail([str(error)])
    except OSError as error:
        return _fail([f"{args.output}:1: cannot be written: {error.strerror} (check the "
                      "folder)"])
    print(f"wrote {args.output}: {len(report.entries)} decisions, "
          f"{len(report.departures)} departing from the book, "
          f"{len(report.inconsistent)} situation{'s' if len(report.inconsistent) != 1 else ''}"
          " ruled two ways")
    return 0
