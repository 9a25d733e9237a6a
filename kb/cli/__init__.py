"""floorbook's command line: rule dealing errors, check the knowledge base, build the handbook.

Each subcommand is a function ``(args) -> exit status``, registered by its module's
``add_parsers`` (:mod:`kb.cli.knowledge`, :mod:`kb.cli.rulings`, :mod:`kb.cli.house`).
Problems in the user's files are printed as ``file:line: message`` on stderr with exit
status 1 and no traceback; usage errors exit 2 (argparse).
"""

from __future__ import annotations

import argparse
import atexit
import errno
import gc
import os
import signal
import sys
import threading
from importlib import metadata

import shtab

from kb.cli import diff, expect, export, fairness, house, init, knowledge, log, rulings
from kb.cli.common import Shown, data_confined, fail, path_argument, source_date_problem
from kb.cli.knowledge import SCHEMA_KINDS
from kb.handbook.sitebuild.collector import waiting

__all__ = ["SCHEMA_KINDS", "main", "parser"]


def main(argv: list[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: sys.argv); returns the exit status.

    SIGTERM is handled as Ctrl-C is: the command stops through its cleanup (a build
    removes its half-built folder) and the status is 143 (Ctrl-C: 130).  A write that
    finds no room (a full disk, a quota, the size limit on files) is one line naming
    what was written, and status 1; so is a ``SOURCE_DATE_EPOCH`` that is no time
    (:func:`kb.cli.common.source_date_problem`), before any command runs.  Meanwhile standard output and error are
    :class:`kb.cli.common.Shown`: a character that would reorder or hide a line on the
    terminal is printed as an escape."""
    streams = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = Shown(sys.stdout), Shown(sys.stderr)
    previous, args = None, None
    try:
        with waiting():     # what the parser reads (the books' ids) lives on
            args = parser().parse_args(argv)
        if problem := source_date_problem():    # Sphinx and the PDFs would stop on it
            return fail([problem])
        _quick_exit()
        previous = _on_sigterm(_terminate)
        with data_confined(args):       # --data DIR: nothing read through a link in it
            return args.run(args)
    except KeyboardInterrupt:
        return 130
    except _Terminated:
        return 143
    except BrokenPipeError:          # `floorbook compare x.yaml --json | head`
        sys.stdout = open(os.devnull, "w")
        return 0
    except OSError as error:
        if error.errno not in FULL:
            raise
        return fail([f"{_written(args, error)}: cannot be written: {error.strerror} "
                     f"({FULL[error.errno]}); make room there, or give a place on another "
                     "disk, and run it again"])
    finally:
        _on_sigterm(previous)
        if isinstance(sys.stdout, Shown):   # not the null stream a broken pipe left
            sys.stdout = streams[0]
        sys.stderr = streams[1]


#: The errors of a write that found no room, each with what it means.
FULL = {errno.ENOSPC: "the disk is full", errno.EDQUOT: "your disk quota is used up",
        errno.EFBIG: "a file would pass the size limit on files, ulimit -f"}


def _written(args, error: OSError) -> str:
    """What a command was writing when ``error`` stopped it: its output (``-o``; the
    file it names may be a temporary one beside it), else the file the error names."""
    output = getattr(args, "output", None)
    return str(output or error.filename or "standard output")


def _quick_exit() -> None:
    """At the interpreter's exit, leave every object to the operating system: Python's
    finalisation runs the cyclic collector over the whole heap, which after a build (the
    Sphinx environment, the pages' trees) was a third of a second of CPU, a seventh of a
    one-page rebuild.  ``gc.freeze`` at exit takes every object out of those passes; the
    exit itself (atexit handlers, flushing the streams) is unchanged, and nothing happens
    before the process ends, so a test calling :func:`main` keeps its collector.  Once per
    process, however many times ``main`` runs."""
    atexit.unregister(gc.freeze)
    atexit.register(gc.freeze)


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


EPILOG = """Run `floorbook COMMAND --help` for a command's options. Problems in your files
are printed as file:line: message (exit status 1); a wrong option exits with 2.
Shell completion: eval "$(floorbook --print-completion bash)" (zsh, tcsh, fish too)."""


def parser() -> argparse.ArgumentParser:
    """The command line: each command's module adds its own subcommands."""
    top = argparse.ArgumentParser(
        prog="floorbook", epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Rule dealing errors at the poker table, check a knowledge base of poker\n"
                    "rules, and build its handbook.")
    top.add_argument("--version", action="version", version=f"floorbook {version()}")
    shtab.add_argument_to(top, ["--print-completion"], help="print the shell's completion "
                          "script and exit")
    commands = top.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in (knowledge, rulings, house, init, export, expect, log, diff, fairness):
        module.add_parsers(commands)
    _complete_paths(top)
    return top


def _complete_paths(command: argparse.ArgumentParser) -> None:
    """Let shell completion offer files for each file argument and folders for each DIR."""
    for action in command._actions:
        if action.type is path_argument:
            action.complete = shtab.DIRECTORY if action.metavar == "DIR" else shtab.FILE  # type: ignore[attr-defined]
        for sub in (action.choices or {}).values() if isinstance(action.choices, dict) else ():
            _complete_paths(sub)


def version() -> str:
    """floorbook's version, from the installed package's metadata ("0.1.0")."""
    try:
        return metadata.version("floorbook")
    except metadata.PackageNotFoundError:      # kb imported from a folder, not installed
        return "unknown (not installed)"


if __name__ == "__main__":
    sys.exit(main())
