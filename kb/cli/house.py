"""The house rulebook commands: ``rulebook new``, ``rulebook check``, ``rulebook build``."""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import replace
from pathlib import Path

from kb.cli.common import add_paper_options, paper_problem
from kb.cli.common import fail as _fail
from kb.cli.common import path_argument as _path
from kb.cli.common import progress as _progress
from kb.cli.common import write_output as _write


def add_parsers(commands) -> None:
    rulebook = commands.add_parser(
        "rulebook", help="compose, check and publish a house rulebook",
        description="A house rulebook is a published edition plus your own changes: write a "
                    "starter file (new), check it (check), publish it (build).")
    actions = rulebook.add_subparsers(dest="action", required=True, metavar="ACTION")
    check = actions.add_parser("check", help="report every problem of a house rulebook file",
                               description="Report every problem of a house rulebook file: "
                                           "gaps, conflicts, contradictions, coverage "
                                           "lost, no-op choices and stale overrides.")
    check.add_argument("file", type=_path, metavar="FILE", help="a house rulebook YAML file")
    check.add_argument("--scenarios", type=_path, metavar="DIR",
                       help="a folder of your own scenario files, ruled with the knowledge "
                            "base's when looking for contradictions and coverage lost")
    check.add_argument("--json", action="store_true",
                       help="print the problems and notes as JSON on stdout (the exit "
                            "status is the same)")
    check.add_argument("--against", metavar="EDITION",
                       help="preview the rebase on EDITION, a later edition of the "
                            "base's source (another one, or an earlier one, is previewed "
                            "with a warning): the rulings that change and the entries that "
                            "go stale; the file is not changed (floorbook diff's text, or "
                            "its JSON)")
    check.set_defaults(run=run_rulebook_check)

    new = actions.add_parser("new", help="write a starter file listing every disagreement",
                             description="Write a starter house rulebook: the base edition "
                                         "unchanged, with every point where the books "
                                         "disagree as a choice to uncomment.")
    new.add_argument("-o", "--output", type=_path, default=Path("house-rulebook.yaml"),
                     help="file to write (default: house-rulebook.yaml; - is standard output); "
                          "never overwritten")
    from kb.knowledge.books import published_ids  # every published edition is a base
    new.add_argument("--base", default="tda@2024", choices=published_ids(),
                     help="the edition to start from (default: tda@2024)")
    new.add_argument("--id", default="house.my-room@2026", type=_house_id,
                     help="the rulebook's id, house.<name>@<version>")
    new.add_argument("--title", default="Our House Rules", help="the rulebook's title")
    new.set_defaults(run=run_rulebook_new, usage=new)

    build = actions.add_parser("build", help="publish a house rulebook as a site (and a PDF)",
                               description="Publish a house rulebook as a site in the "
                                           "handbook's style, and with --pdf a printable PDF.")
    build.add_argument("file", type=_path, metavar="FILE", help="a house rulebook YAML file")
    build.add_argument("-o", "--output", type=_path, required=True, metavar="DIR",
                       help="output folder (created; the site goes in it, the PDF beside "
                            "the pages)")
    build.add_argument("--pdf", action="store_true", help="also write a printable PDF")
    add_paper_options(build, "--pdf", sides=False)
    build.add_argument("--log", type=_path, metavar="DIR",
                       help="a decision log's folder: publish the page Precedents, each "
                            "decision beside the book's ruling (docs/decision-log-export.md)")
    build.add_argument("--no-names", action="store_true",
                       help="with --log: leave the floor people's names out (each is "
                            "\"a floor person\")")
    build.set_defaults(run=run_rulebook_build)


def _house_id(text: str) -> str:
    """argparse type of a house rulebook id (a bad one is a usage error, exit 2): the house
    schema's pattern."""
    from kb.house.spec import HOUSE_ID, HOUSE_ID_HINT
    if not HOUSE_ID.match(text):
        raise argparse.ArgumentTypeError(f"{text!r} is not a house rulebook id "
                                         f"({HOUSE_ID_HINT})")
    return text


def _checked_house(path: Path, scenarios: Path | None = None):
    """The knowledge base and the house file at ``path``, or exit status 1 after printing
    every problem of the file (its own, the composition's, then the conflicts); the
    scenario files of the folder ``scenarios`` are ruled too (each problem of one of
    them is printed instead, exit status 1)."""
    kb, spec, problems = _house_problems(path, scenarios)
    if problems or spec is None:
        return _fail(problems)
    return kb, spec


def _house_problems(path: Path, scenarios: Path | None = None) -> tuple:
    """``(kb, spec, problems)`` of :func:`_checked_house`, printing nothing: ``problems``
    are lines ``file:line: message (what to do)``; ``spec`` None if the file could not be
    read (or the check did not get to it)."""
    from kb.files import confined
    from kb.house.check import check_house_file
    from kb.house.datafolder import folder_scenarios
    from kb.knowledge.load import LoadError, load_knowledge_base
    from kb.rules.disagreements import load_scenarios

    _progress(f"checking {path}: reading the knowledge base, composing the rulebook, then "
              "ruling every scenario under it ...")
    try:
        kb = load_knowledge_base()
    except LoadError as error:
        return None, None, [str(p) for p in error.problems]
    ruled = None
    if scenarios is not None:
        if not scenarios.is_dir():
            return kb, None, [f"--scenarios {scenarios}: is not a folder (give the folder "
                              "of your scenario files)"]
        with confined(scenarios):       # no file is read through a link (kb.files)
            own, found, _ = folder_scenarios(scenarios)
        if found:
            return kb, None, [str(p) for p in found]
        ruled = load_scenarios() + own
    spec, problems = check_house_file(kb, path, ruled)
    return kb, spec, [str(p) for p in problems]


def run_rulebook_check(args) -> int:
    """Check a house rulebook file: every problem as ``file:line: message``, exit 1; with
    none, the notes (:func:`kb.house.check.notes`, what the site would leave out) on
    stdout, which never change the exit status.  With ``--json``, :func:`check_document` on
    stdout instead, with the same exit status."""
    from kb.house.check import notes

    if args.against is not None:
        from kb.cli.diff import run_against
        return run_against(args, check_document)
    _, spec, problems = _house_problems(args.file, args.scenarios)
    noted = notes(spec) if spec is not None else []
    if args.json:
        print(json.dumps(check_document(args.file, spec, problems, [str(n) for n in noted]),
                         indent=2, ensure_ascii=False))
        return 1 if problems or spec is None else 0
    if problems or spec is None:        # the notes wait: the file must change anyway
        return _fail(problems)
    for note in noted:          # as a problem is located, marked as a note
        print(str(replace(note, message=f"note: {note.message}")))
    print(f"{args.file}: {spec.id} ({spec.title}) on {spec.base}: no problems"
          + (f", {len(noted)} note{'s' if len(noted) != 1 else ''}" if noted else ""))
    return 0


def check_document(path: Path, spec, problems: list[str], noted: list[str]) -> dict:
    """``rulebook check --json``'s document: ``format_version`` (1), ``file``, ``id``
    (null if the file could not be read), ``ok`` (no problem: notes never make it false),
    ``problems`` and ``notes``, each ``{"file", "line", "message", "text"}`` as
    ``floorbook check --json`` gives a problem (:func:`kb.cli.knowledge.check_report`).

    >>> check_document(Path("a.yaml"), None, [], ["a.yaml:5: no reason (add one)"])["notes"]
    [{'file': 'a.yaml', 'line': 5, 'message': 'no reason (add one)', 'text': 'a.yaml:5: no reason (add one)'}]
    """
    from kb.cli.knowledge import check_report
    return {"format_version": 1, "file": str(path), "id": spec.id if spec else None,
            "ok": not problems and spec is not None,
            "problems": check_report(path, None, problems)["problems"],
            "notes": check_report(path, None, noted)["problems"]}


def run_rulebook_new(args) -> int:
    """Write a starter house rulebook (``-o -``: on standard output; a device or FIFO is
    written through, :func:`kb.cli.common.write_output`); refuses to overwrite an existing
    file (exit 1), and
    options that would make a file `rulebook check` refuses (a usage error, exit 2, as a
    bad ``--id`` is)."""
    from kb.house.starter import option_problems, starter_text
    from kb.knowledge.load import load_knowledge_base

    _progress("reading the knowledge base and its disagreements ...")
    kb = load_knowledge_base()
    refused = option_problems(kb, args.base, args.id, args.title)
    if refused:
        args.usage.print_usage(sys.stderr)
        for problem in refused:
            which = "argument " if problem.startswith("--") else ""
            print(f"{args.usage.prog}: error: {which}{problem}", file=sys.stderr)
        return 2
    text = starter_text(kb, args.base, args.id, args.title)
    if str(args.output) == "-":
        return _write(args.output, text)
    from kb.house.outputs import PACKAGE
    parent = Path(os.path.realpath(args.output)).parent   # where a link's file goes
    if parent == PACKAGE or PACKAGE in parent.parents:  # kb/data/rulebooks would publish it
        return _fail([f"{args.output}: is inside floorbook's package folder ({PACKAGE}), "
                      "whose rulebooks are published with the handbook; choose a file "
                      "outside it with -o"])
    if not args.output.parent.is_dir():
        what = "is not a folder" if args.output.parent.exists() else "does not exist"
        return _fail([f"{args.output}: {args.output.parent} {what}; choose another file "
                      "with -o"])
    if _write(args.output, text, overwrite=False):
        return 1
    print(f"wrote {args.output}: edit it, then run floorbook rulebook check {args.output}")
    return 0


def run_rulebook_build(args) -> int:
    """Publish a house rulebook: check it and the output folder (every problem of both is
    printed, exit 1, nothing written), then build its site (and PDF) into the folder."""
    from kb.handbook.house.publish import PublishError, output_folder, publish

    if paper_problem(args, "--pdf"):
        return _fail([f"floorbook rulebook build: {paper_problem(args, '--pdf')}"])
    if args.no_names and args.log is None:
        return _fail(["floorbook rulebook build: --no-names leaves names out of the "
                      "Precedents page: give --log with it"])
    try:
        output_folder(args.output)
        refused = []
    except PublishError as error:
        refused = [f"floorbook rulebook build: -o {args.output}: {error}"]
    loaded = _checked_house(args.file)
    if isinstance(loaded, int):
        return _fail(refused)
    kb, _ = loaded
    report = None
    if args.log is not None:                # read and checked once: the build takes it
        report, problems = _checked_log(kb, args.file, args.log)
        refused += problems
    if refused:
        return _fail(refused)
    _progress(f"building the site of {args.file} with Sphinx"
              + (" and its PDF with rinohtype" if args.pdf else "") + " ...")
    try:
        written = publish(kb, args.file, args.output, pdf=args.pdf, paper=args.paper or "a4",
                          log=args.log, names=not args.no_names, report=report)
    except PublishError as error:
        return _fail([str(error)])
    for path in written:
        print(f"wrote {path}")
    return 0


def _checked_log(kb, house_file: Path, log: Path):
    """The decision log in the folder ``log`` of a house site (the house file at
    ``house_file``, which composes), checked: ``(report, problems)``, the report None
    and every problem as a ``file:line: message`` line when there is any."""
    from kb.handbook.house.logged import checked_log
    from kb.house.compose import load_house_rulebook

    if not log.is_dir():
        return None, [f"floorbook rulebook build: --log {log}: is not a folder (give the "
                      "folder of the decision log's files)"]
    _progress(f"checking the decision log {log} ...")
    return checked_log(kb, load_house_rulebook(kb, house_file), log)
