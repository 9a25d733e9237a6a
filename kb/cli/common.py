"""What every command shares: the path type of file options, the printing of problems,
colour and progress.

Colour and progress lines go only to a terminal: a file or a pipe gets the plain lines
that tools and tests read, and ``NO_COLOR`` (https://no-color.org) turns colour off even
on a terminal.  Whatever a command prints goes through :class:`Shown`, which writes the
characters that reorder or hide text as escapes (``\\u202e``), so that a title, a path or
a value from a file never reorders or rewrites a line on the terminal.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path

#: The location that starts a problem line, ``file:line:``.
_LOCATION = re.compile(r"^([^\s:][^:]*:\d+:)")


def path_argument(text: str) -> Path:
    """argparse type of a file or folder option: an empty path is a usage error (it would
    mean the current folder)."""
    if not text:
        raise argparse.ArgumentTypeError("an empty path names no file or folder; give one")
    return Path(text)


def data_confined(args: argparse.Namespace):
    """The context every command runs in (:func:`kb.cli.main`): with ``--data DIR``, no
    file under DIR is read through a symbolic link below it (:func:`kb.files.confined`),
    whichever of its subfolders (provisions, scenarios, rulebooks, pages) the command
    opens and however it opens them, as ``floorbook check --data`` refuses a link out;
    without, nothing changes.

    >>> with data_confined(argparse.Namespace(data=None)):
    ...     pass
    """
    from contextlib import nullcontext

    from kb.files import confined
    data = getattr(args, "data", None)
    return nullcontext() if data is None else confined(data)


def colour(stream) -> bool:
    """Whether to colour what goes to ``stream``: a terminal, ``NO_COLOR`` unset and
    ``TERM`` not ``dumb``.

    >>> import io
    >>> colour(io.StringIO())
    False
    """
    return (getattr(stream, "isatty", lambda: False)() and "NO_COLOR" not in os.environ
            and os.environ.get("TERM") != "dumb")


def styled(text: str, code: str, stream) -> str:
    """``text`` in the ANSI style ``code`` ("1": bold, "32": green) if :func:`colour`
    allows it on ``stream``, else ``text`` unchanged."""
    return f"\033[{code}m{text}\033[0m" if colour(stream) else text


#: The latest ``SOURCE_DATE_EPOCH`` a build can date by: the last second of year 9999
#: (Python's dates, and so Sphinx's copyright year and the PDFs' dates, end there).
LAST_EPOCH = 253402300799


def source_date_problem(environ=os.environ) -> str | None:
    """The problem line of ``SOURCE_DATE_EPOCH`` in ``environ`` if it is set but not a
    whole number of seconds from 0 to :data:`LAST_EPOCH` (Sphinx and the PDF builders
    would stop on it with a traceback, ``ValueError`` or ``OverflowError``); None if it
    is unset or such a number (spaces around it allowed, as Python's ``int`` does).

    >>> source_date_problem({}), source_date_problem({"SOURCE_DATE_EPOCH": "1700000000"})
    (None, None)
    >>> source_date_problem({"SOURCE_DATE_EPOCH": "abc"})
    'SOURCE_DATE_EPOCH=abc: not a whole number of seconds since 1970 (unset it, or set it to a time such as 1700000000)'
    """
    value = environ.get("SOURCE_DATE_EPOCH")
    if value is None:
        return None
    digits = value.strip()
    if digits.isascii() and digits.isdigit() and int(digits) <= LAST_EPOCH:
        return None
    return (f"SOURCE_DATE_EPOCH={value}: not a whole number of seconds since 1970 (unset "
            "it, or set it to a time such as 1700000000)")


def fail(lines) -> int:
    """Print each problem line on stderr (its ``file:line:`` in bold on a terminal), at
    most 200 of a file and then how many more (:func:`kb.files.problems.capped`); returns
    1, the exit status of a problem in the user's files."""
    from kb.files.problems import capped
    for line in capped(lines):
        if colour(sys.stderr):
            line = _LOCATION.sub(lambda m: styled(m[1], "1", sys.stderr), line, count=1)
        print(line, file=sys.stderr)
    return 1


class Shown:
    """A text stream writing to ``stream`` what it is given with every character of
    :data:`kb.files.invisible.INVISIBLE` escaped (JSON's escapes: JSON printed stays the
    same JSON).  On a terminal that :func:`colour` allows, colour sequences are kept
    (floorbook's and Sphinx's); elsewhere they are escaped too.  Everything else is the
    stream's own (``isatty``, ``flush``, ``encoding`` ...).

    >>> import io
    >>> out = io.StringIO()
    >>> print("ours.yaml:2: title 'Flop \u202epolf'", file=Shown(out))
    >>> out.getvalue()
    "ours.yaml:2: title 'Flop \\\\u202epolf'\\n"
    """

    def __init__(self, stream):
        self.stream = stream
        self.colour = colour(stream)

    def write(self, text: str) -> int:
        # printable ASCII (most lines) needs no look; kb.files is imported only otherwise,
        # as a command that prints a file's text has already done
        if not (text.isascii() and text.strip("\n").isprintable()):
            from kb.files.invisible import escaped
            self.stream.write(escaped(text, colour=self.colour))
        else:
            self.stream.write(text)
        return len(text)

    def writelines(self, lines) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str):
        return getattr(self.stream, name)


def progress(message: str) -> None:
    """Say on a terminal's stderr what a command that takes more than a moment is doing
    ("ruling 120 scenarios ..."); nothing when stderr is a file or a pipe."""
    if getattr(sys.stderr, "isatty", lambda: False)():
        print(styled(message, "2", sys.stderr), file=sys.stderr, flush=True)


def write_output(path: Path, text: str, overwrite: bool = True) -> int:
    """Write ``text`` (UTF-8) to the file a ``-o`` option named: ``-`` is standard output,
    any other path is written by :func:`kb.files.writing.write_named`'s rule (a link
    followed, a device or FIFO written through, a regular file replaced whole, or with
    ``overwrite`` false refused).  Returns 0, or 1 after printing ``PATH:1: reason (what
    to do)``."""
    from kb.files.writing import OutputError, write_named

    if str(path) == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
        return 0
    try:
        write_named(path, text.encode("utf-8"), overwrite)
    except OutputError as error:
        return fail([f"{path}:1: {error}"])
    except OSError as error:
        return fail([f"{path}:1: cannot be written: {error.strerror} (check the folder)"])
    return 0


def add_paper_options(parser, needs: str, sides: bool = True) -> None:
    """``--paper a4|letter`` and (``sides``) ``--two-sided`` on ``parser``, for the PDF
    that the option ``needs`` asks for."""
    parser.add_argument("--paper", choices=("a4", "letter"), default=None,
                        help=f"the PDF's paper size with {needs} (default: a4, the size "
                             "of most of the world's printers; letter in North America)")
    if sides:
        parser.add_argument("--two-sided", action="store_true",
                            help=f"with {needs}: for printing on both sides of the sheet "
                                 "(chapters start on a right-hand page, with a blank page "
                                 "before where needed; by default no page is left blank)")


def paper_problem(args, needs: str) -> str:
    """Why the paper options of ``args`` cannot be used (given without the option
    ``needs``), or ``""``."""
    given = [name for name, on in (("--paper", args.paper),
                                   ("--two-sided", getattr(args, "two_sided", False))) if on]
    if not getattr(args, needs.lstrip("-")) and given:
        return f"{' and '.join(given)} shape the PDF: give {needs} with it" if len(given) > 1 \
            else f"{given[0]} shapes the PDF: give {needs} with it"
    return ""


def scenario_and_kb(path: Path, data: Path | None = None):
    """The scenario file ``path`` and the knowledge base (``data``, else the bundled one),
    or the exit status 1 after printing every problem of the one that is bad (``rule``,
    ``compare`` and ``fairness`` read their input alike)."""
    from kb.hand.scenario import ScenarioError
    from kb.hand.scenario_file import load_scenario
    from kb.knowledge.load import LoadError, load_knowledge_base

    try:
        scenario = load_scenario(path)
    except ScenarioError as error:
        return fail([str(error)])
    progress("reading the knowledge base ...")
    try:
        return scenario, load_knowledge_base(data)
    except LoadError as error:
        return fail(str(p) for p in error.problems)
