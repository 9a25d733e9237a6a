"""floorbook: rule dealing errors, check the knowledge base, build the handbook.

Each subcommand is a function ``(args) -> exit status``, registered by its module's
``add_parsers`` (:mod:`kb.cli.knowledge`, :mod:`kb.cli.rulings`, :mod:`kb.cli.house`).
Problems in the user's files are printed as ``file:line: message`` on stderr with exit
status 1 and no traceback; usage errors exit 2 (argparse).
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading

from kb.cli import house, knowledge, rulings
from kb.cli.knowledge import PROJECT, SCHEMA_KINDS

__all__ = ["PROJECT", "SCHEMA_KINDS", "main", "parser"]


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


def parser() -> argparse.ArgumentParser:
    """The command line: each command's module adds its own subcommands."""
    top = argparse.ArgumentParser(prog="floorbook", description=__doc__.splitlines()[0])
    commands = top.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in (knowledge, rulings, house):
        module.add_parsers(commands)
    return top


if __name__ == "__main__":
    sys.exit(main())
