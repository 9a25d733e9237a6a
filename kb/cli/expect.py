"""The ``expect`` command: ``expect write BOOK@EDITION FILE...`` writes a book's ``expect``
entries into scenario files from the engine's rulings (:mod:`kb.house.expect_write`)."""

from __future__ import annotations

from kb.cli.common import fail as _fail
from kb.cli.common import path_argument as _path
from kb.cli.common import progress as _progress


def add_parsers(commands) -> None:
    """Add ``expect`` (and its ``write``) to the subcommands ``commands``."""
    expect = commands.add_parser(
        "expect", help="write a new book's expect entries from the engine's rulings",
        description="Scenario files say in expect what each rulebook rules. For a new book, "
                    "write its entries from what the engine rules, marked read: engine "
                    "until someone reads them against the book's text.")
    actions = expect.add_subparsers(dest="action", required=True, metavar="ACTION")
    write = actions.add_parser(
        "write", help="add one book's entry to each scenario file named",
        description="Rule each scenario file named under BOOK@EDITION and add its expect "
                    "entry (remedy, citations, read: engine) after the file's other "
                    "entries; comments and order stay. A file that already has an entry "
                    "for the book is refused; when any file has a problem, none is written.")
    write.add_argument("book", metavar="BOOK@EDITION",
                       help="a published edition id, or a house rulebook id or file")
    write.add_argument("files", nargs="+", type=_path, metavar="FILE",
                       help="the scenario files to write into (no other file is changed)")
    write.add_argument("--data", type=_path, default=None, metavar="DIR",
                       help="the data folder whose knowledge base rules (default: the "
                            "bundled one)")
    write.set_defaults(run=run_expect_write)


def run_expect_write(args) -> int:
    """Write ``args.book``'s entry into each of ``args.files``: every problem of every file
    first (exit 1, nothing written), then each file replaced whole."""
    from kb.house.datafolder import located
    from kb.house.expect_write import write_all, write_plan
    from kb.house.expectations import Expectations
    from kb.knowledge.load import LoadError

    _progress(f"ruling {len(args.files)} scenario file(s) under {args.book} ...")
    expectations = Expectations(args.data)
    try:
        plans, problems = write_plan(expectations, args.book, args.files)
    except LoadError as error:
        data = args.data
        return _fail(located(data, p) if data is not None else str(p) for p in error.problems)
    if problems:
        return _fail(problems)
    try:
        written = write_all(plans)
    except OSError as error:
        return _fail([f"{error.filename}: {error.strerror} (check the file can be written; "
                      "the files listed before it were written)"])
    for plan in plans:
        print(f"wrote {plan.path}: expect {args.book}: {plan.entry['remedy']} "
              "(read: engine)")
    return 0 if len(written) == len(plans) else 1
