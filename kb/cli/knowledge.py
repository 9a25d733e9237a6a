"""The knowledge base's commands: ``check``, ``build`` (the handbook) and ``schema``."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import time
from contextlib import contextmanager
from pathlib import Path

from kb import DATA
from kb.cli.common import add_paper_options, paper_problem
from kb.cli.common import fail as _fail
from kb.cli.common import path_argument as _path
from kb.cli.common import progress as _progress

#: The kinds of file that have a JSON Schema in kb/schemas (``floorbook schema KIND``).
SCHEMA_KINDS = ("scenario", "house", "sources", "provisions", "topics", "glossary", "errata",
                "decision")
#: The schemas of what a command prints (``diff --json``, ``log check --json``,
#: ``rulebook check --against --json``), served by
#: ``schema`` too.
OUTPUT_KINDS = ("diff", "log-report", "rebase", "fairness")


def add_parsers(commands) -> None:
    """Add ``build``, ``check`` and ``schema`` to the subcommands ``commands``."""
    build = commands.add_parser(
        "build", help="build the handbook with Sphinx",
        description="Build the handbook (a static HTML site) with Sphinx, warnings as errors. "
                    "With --data, the handbook of your own knowledge base: its pages are the "
                    "folder DIR/pages, or floorbook's default pages when it has none.")
    build.add_argument("-o", "--output", type=_path, default=Path("_build/html"), metavar="DIR",
                       help="output folder (default: _build/html)")
    build.add_argument("--pdf", action="store_true",
                       help="also print the whole handbook as one PDF, floorbook.pdf in "
                            "the output folder beside index.html (needs LaTeX: "
                            "tools/install.sh pdf); a later build without --pdf keeps it "
                            "(as it was printed) and the front page links to it")
    add_paper_options(build, "--pdf")
    build.add_argument("--with-examples", action="store_true",
                       help="with --pdf: print the bundled example house books too (by "
                            "default the PDF leaves them out, as the site's book chooser "
                            "hides them)")
    build.add_argument("--data", type=_path, default=None, metavar="DIR",
                       help="knowledge base folder (default: the bundled kb/data)")
    build.add_argument("-q", "--quiet", action="store_true",
                       help="print nothing but problems")
    build.add_argument("--sources", action="store_true",
                       help="publish each page's MyST source too (_sources, 'Show source')")
    build.add_argument("--no-cache", action="store_true",
                       help="read every file of the knowledge base again, and keep nothing "
                            "for the next run (as for check)")
    build.add_argument("--scheduler", default=None, metavar="ADDRESS",
                       help="work the fairness figures out on the Dask cluster whose "
                            "scheduler is at ADDRESS (tcp://HOST:PORT; needs "
                            "floorbook[cluster]); by default on this machine's cores")
    build.set_defaults(run=run_build)

    check = commands.add_parser(
        "check", help="validate the knowledge base",
        description="Check every file of a knowledge base (its books, topics, glossary, "
                    "errata, scenarios and house rulebooks) and print every problem.")
    check.add_argument("--data", type=_path, default=None, metavar="DIR",
                       help="knowledge base folder (default: the bundled kb/data)")
    check.add_argument("--json", action="store_true",
                       help="print the result as JSON (counts and problems) on stdout")
    check.add_argument("--no-cache", action="store_true",
                       help="read and rule everything again, and keep nothing for the next "
                            "run (by default what a run computed from unchanged files is "
                            "taken from the user's cache folder, ~/.cache/floorbook or "
                            "$FLOORBOOK_CACHE_DIR; FLOORBOOK_CACHE=off does the same)")
    check.set_defaults(run=run_check)

    schema = commands.add_parser(
        "schema", help="print the path of a kind of file's JSON Schema, for an editor's "
                       "YAML support",
        description="Print where the JSON Schema of a kind of file is installed; put "
                    "'# yaml-language-server: $schema=PATH' at the top of your file. "
                    "'diff' is the schema of what floorbook diff --json prints, 'rebase' "
                    "of rulebook check --against --json, 'log-report' of log check --json.")
    schema.add_argument("kind", choices=SCHEMA_KINDS + OUTPUT_KINDS, metavar="KIND",
                        help="one of: " + ", ".join(SCHEMA_KINDS + OUTPUT_KINDS))
    schema.add_argument("--show", action="store_true", help="print the schema itself")
    schema.set_defaults(run=run_schema)


def run_check(args) -> int:
    """Load and check the knowledge base, its scenarios and house rulebooks; print every
    problem of every stage that can run as ``file:line: message``
    (:func:`kb.house.datafolder.folder_problems`), or with ``--json`` the
    :func:`check_report` on stdout.  Exit status 1 if there is a problem.

    What an earlier run computed from the same files is taken from the user's cache
    (:meth:`kb.files.cache.Cache.default`), unless ``--no-cache``; the output is the
    same."""
    from kb.files.cache import Cache
    from kb.house.datafolder import read_folder
    from kb.house.expectations import reading_counts

    root = args.data or DATA
    _progress(f"checking {root}: its files, then every scenario under every rulebook ...")
    cache = Cache.default(enabled=not args.no_cache, data=root)
    folder = read_folder(root, cache=cache)
    kb, problems, read = folder.kb, folder.problems, reading_counts(folder.scenarios)
    if args.json:
        print(json.dumps(check_report(root, kb, problems, read), indent=2,
                         ensure_ascii=False))
        return 1 if problems else 0
    if problems or kb is None:          # no knowledge base without a problem saying why
        return _fail(problems)
    print(f"expectations: {read['text']} read from the text, {read['engine']} not yet read "
          f"(read: engine), {read['unmarked']} that do not say")
    print(f"{root}: {_count(len(kb.provisions), 'provision')}, "
          f"{_count(len(kb.topics), 'topic')}, {_count(len(kb.terms), 'term')}, "
          f"{len(kb.errata)} errata: no problems")
    return 0


#: A problem line: ``file:line: message``.
_LOCATED = re.compile(r"^(?P<file>.+?):(?P<line>\d+): (?P<message>.*)$", re.DOTALL)


def check_report(root: Path, kb, problems: list[str], read: dict | None = None) -> dict:
    """``check --json``'s document: ``format_version`` (1), ``data`` (the folder), ``ok``,
    ``counts`` (provisions, topics, terms, errata, and ``expectations``: the scenarios'
    expect entries read from the text, the engine's, unmarked, from ``read``,
    :func:`kb.house.expectations.reading_counts`; null if the data did not load) and
    ``problems``, each ``{"file", "line", "message"}`` (file and line null when the
    problem has no place) with the whole line as ``text``: at most 200 of a file, then one
    saying how many more (:func:`kb.files.problems.capped`).

    >>> report = check_report(Path("d"), None, ["d/topics.yaml:2: bad id (use a slug)"])
    >>> report["ok"], report["counts"], report["problems"][0]["line"]
    (False, None, 2)
    """
    from kb.files.problems import capped
    counts = None if kb is None else {
        "provisions": len(kb.provisions), "topics": len(kb.topics),
        "terms": len(kb.terms), "errata": len(kb.errata),
        "expectations": read or {"text": 0, "engine": 0, "unmarked": 0}}
    found = []
    for text in capped(problems):       # as printed: 200 of a file, then how many more
        match = _LOCATED.match(text)
        found.append({"file": match["file"] if match else None,
                      "line": int(match["line"]) if match else None,
                      "message": match["message"] if match else text, "text": text})
    return {"format_version": 1, "data": str(root), "ok": not problems, "counts": counts,
            "problems": found}


def _count(number: int, word: str) -> str:
    """``"1 topic"``, ``"2 topics"``."""
    return f"{number} {word}{'' if number == 1 else 's'}"


def run_build(args) -> int:
    """Build the handbook into ``args.output`` with Sphinx, warnings as errors.

    The output folder is checked first (a link, a file, a folder of other files, inside
    floorbook, not writable: exit 1 with the reason), then the data (every problem of its
    files printed as for ``check``, exit 1); the site is built in a folder beside the
    output and moved into place only when the build succeeds, so a failed or interrupted
    build leaves the output folder as it was.  Python's cyclic collector waits until the
    build knows how many pages it reads (:mod:`kb.handbook.sitebuild.collector`)."""
    from kb.handbook.sitebuild.collector import waiting

    with waiting():
        return _run_build(args)


def _run_build(args) -> int:
    """:func:`run_build`, the collector waiting."""
    from kb.fairness.batch import address_problem, cluster_problem
    from kb.files.cache import Cache
    from kb.handbook.sitebuild.doctrees_trust import keyed_digest, user_key
    from kb.handbook.sitebuild.site import output_problem, pages_folder

    if shutil.which("dot") is None:
        return _fail(["floorbook build: Graphviz's 'dot' program is not installed; the "
                      "handbook draws its graph pictures with it. Install it (Debian: "
                      "apt-get install graphviz; macOS: brew install graphviz) and retry."])
    if paper_problem(args, "--pdf"):
        return _fail([f"floorbook build: {paper_problem(args, '--pdf')}"])
    if args.with_examples and not args.pdf:
        return _fail(["floorbook build: --with-examples chooses the PDF's books: give --pdf "
                      "with it"])
    if args.scheduler is not None and (wrong := address_problem(args.scheduler)):
        _fail([f"floorbook build: --scheduler: {wrong}"])
        return 2
    if args.scheduler and (missing := cluster_problem()):
        _fail([f"floorbook build: {missing}"])
        return 2                            # a usage error: the option needs the extra
    if args.pdf:
        from kb.handbook.printing.pdf import toolchain_problem
        if missing := toolchain_problem():
            return _fail(missing.splitlines())
    pages = pages_folder(args.data)
    why = output_problem(args.output, args.data) or _inside(args.output, pages)
    if why:
        return _fail([f"floorbook build: -o {args.output}: {why}"])
    from kb.handbook.data import uptodate
    folders = [p for p in (pages, args.data or DATA) if p]
    seen = uptodate.stamps(folders)         # before the digest: an edit after it shows
    inputs = uptodate.inputs_digest(folders, {"sources": args.sources, "pdf": args.pdf,
                                              "paper": args.paper, "sides": args.two_sided,
                                              "examples": args.with_examples})
    # the record lies beside the site, where a folder someone sent holds one too: it is
    # the user's only when keyed with the user's key (none: every build runs)
    key = user_key(args.data or DATA, not args.no_cache)
    inputs = keyed_digest(inputs, key) if key is not None else ""
    if inputs and uptodate.unchanged(args.output, inputs):
        return _nothing_to_do(args)
    uptodate.forget(args.output)
    root = args.data or DATA
    cache = Cache.default(not args.no_cache, root)
    # what a PDF printed now is printed from; a kept one printed from other is out of date
    # (read only where there is a PDF to print or one kept: it reads every input again)
    from kb.handbook.printing.pdf import NAME
    args.printed_from = uptodate.inputs_digest(folders, {}) \
        if args.pdf or (args.output / NAME).is_file() else ""
    built = _build(args, pages, cache)
    if built is None:
        return 1
    # a file written while Sphinx read it (even put back since) may be in the site as it
    # was then: no record, so that the next build reads it again
    if inputs and uptodate.stamps(folders) == seen:
        uptodate.record(args.output, inputs, built.pages)
    if not args.quiet:
        print(f"handbook built: {args.output / 'index.html'}")
    return 0


def _build(args, pages: Path | None, cache):
    """:func:`run_build` once the output folder may be written and the site is not up to
    date: check the data folder, then build (``cache``: the user's, or None).  Returns
    what was built (:class:`kb.handbook.sitebuild.site.Built`), or None once the problems are
    printed."""
    from kb.handbook.data import store
    from kb.handbook.sitebuild.site import SiteError, build_site, pages_problems
    from kb.house.datafolder import read_folder

    root = args.data or DATA
    found = read_folder(root, rule=False, cache=cache)
    kb, problems = found.kb, found.problems
    if args.data is not None and pages is not None:
        problems = [*problems, *pages_problems(pages)]
    if problems or kb is None:
        _fail(problems)
        return None
    store.offer(args.data, kb, found.scenarios, found.digests, cache)  # read once, not twice
    try:
        with _default_pages(kb, pages, args.output) as folder:
            built = build_site(folder, args.data, args.output, sources=args.sources,
                               progress=_stage(args), reuse=not args.no_cache,
                               printed=_printed(args),
                               settings={"floorbook_scheduler": args.scheduler or ""})
            if not args.quiet:              # the site's summary first, then the PDF's
                print(f"floorbook build: {built}", flush=True)
            try:
                _print_or_remove_pdf(folder, args)
            except SiteError:
                _unlink_missing_pdf(folder, args)
                raise
    except SiteError as error:
        here = f"{Path.cwd()}{os.sep}"      # show files under the current folder relative
        _fail(line.removeprefix(here) for line in error.problems)
        return None
    return built


def _nothing_to_do(args) -> int:
    """A build whose inputs and site are as the last build left them
    (:mod:`kb.handbook.data.uptodate`): it says so, as a build that read nothing."""
    from kb.handbook.data import uptodate
    from kb.house.leftovers import tidy
    tidy(Path(args.output).resolve())       # what a killed build left goes all the same
    if not args.quiet:
        pages = uptodate.pages_recorded(args.output)
        print(f"floorbook build: nothing changed since the last build: 0 of {pages} "
              "pages read, 0 written")
        print(f"handbook built: {args.output / 'index.html'}")
    return 0


def _stage(args):
    """What says each stage of a build (reading, writing): :func:`kb.cli.common.progress`
    (a terminal's stderr; a file or a pipe gets only the summary line on stdout), nothing
    with ``-q``."""
    return None if args.quiet else (lambda line: _progress(f"floorbook build: {line}"))


def _inside(output: Path, pages: Path | None) -> str:
    """Why ``output`` may not be written (it is in the pages folder the build reads), or
    ``""``."""
    if pages is not None and pages.resolve() in (output.resolve(), *output.resolve().parents):
        return (f"is inside the pages folder {pages}, which the build reads; give a folder "
                "outside it")
    return ""


@contextmanager
def _default_pages(kb, pages: Path | None, output: Path):
    """``pages``, or (None: the data folder has no pages) the folder ``.<name>.pages``
    beside the site ``output``, holding :func:`kb.handbook.sitebuild.pages.default_pages`: kept
    between builds, its unchanged pages untouched, so that a rebuild reads only the
    pages an edit changed (a new temporary folder each time made Sphinx read them all)."""
    if pages is not None:
        yield pages
        return
    from kb.handbook.sitebuild.pages import default_pages, sync_pages

    target = Path(output).resolve()
    folder = target.parent / f".{target.name}.pages"
    made = not folder.exists()
    try:
        yield sync_pages(default_pages(kb), folder)
    except BaseException:
        if made:                            # a first build that failed leaves nothing
            shutil.rmtree(folder, ignore_errors=True)
        raise


def _printed(args) -> str:
    """The PDF's file name, if the site will hold one (``--pdf``, or an earlier build's
    PDF a plain build keeps), so that its front page links to it; else ``""``.  A kept
    PDF printed from other pages or data than these (``args.printed_from``) is named with
    :data:`kb.handbook.printing.pdflink.STALE` after it: the front page says it is out
    of date."""
    from kb.handbook.printing.pdf import NAME
    from kb.handbook.printing.pdflink import STALE, printed_from

    kept = args.output / NAME
    if args.pdf:
        return NAME
    if not kept.is_file() or kept.is_symlink():
        return ""
    return NAME if printed_from(args.output) == args.printed_from else f"{NAME} {STALE}"


def _unlink_missing_pdf(pages: Path, args) -> None:
    """After ``--pdf`` failed with no PDF in the site (none printed before), the site
    built anew without the front page's link to it, which the build had put there for
    the PDF to come (only the front page is written again)."""
    from kb.handbook.printing.pdf import NAME
    from kb.handbook.sitebuild.site import SiteError, build_site

    if args.pdf and not (args.output / NAME).exists():
        with contextlib.suppress(SiteError):    # the PDF's problems are the ones to show
            build_site(pages, args.data, args.output, sources=args.sources, progress=None,
                       reuse=not args.no_cache, printed="")


def _print_or_remove_pdf(pages: Path, args) -> None:
    """With ``--pdf``, print the handbook into ``OUTPUT/floorbook.pdf`` (PdfError, a
    SiteError, if it fails) and say how long that took, apart from the site; without,
    keep a PDF an earlier build printed there (the site's copy carried it over) and say
    so."""
    from kb.handbook.printing.pdf import NAME, build_pdf
    from kb.handbook.printing.pdflink import STALE, record_printed
    from kb.handbook.sitebuild.collector import waiting
    from kb.handbook.sitebuild.site import doctrees_folder

    if not args.pdf:
        if (args.output / NAME).is_file() and not args.quiet:
            stale = _printed(args).endswith(STALE)
            print(f"floorbook build: kept {NAME} from an earlier build --pdf, as it was "
                  "printed then (build --pdf to print it again)" + (
                      "; the pages or data changed since, so it is out of date and the "
                      "front page says so" if stale else ""))
        return
    say = _stage(args)
    if say:
        say("printing the PDF with LaTeX (about two minutes)")
    started = time.monotonic()
    with waiting(running=True):         # it reads and writes every page
        build_pdf(pages, args.data, args.output / NAME, doctrees_folder(args.output),
                  paper=args.paper or "a4", two_sided=args.two_sided,
                  examples=args.with_examples)
    record_printed(args.output, args.printed_from)
    if not args.quiet:
        print(f"floorbook build: the PDF printed in {time.monotonic() - started:.1f} s "
              f"({args.paper or 'a4'}, {'two' if args.two_sided else 'one'}-sided)")
        print(f"PDF built: {args.output / NAME}")


def run_schema(args) -> int:
    """Print the absolute path of the JSON Schema of ``args.kind`` (``--show``: its text)."""
    from kb.files import SCHEMAS

    path = (SCHEMAS / f"{args.kind}.schema.json").resolve()
    if not path.is_file():
        return _fail([f"floorbook schema: {path} is missing; reinstall floorbook"])
    print(path.read_text(encoding="utf-8").rstrip("\n") if args.show else path)
    return 0
