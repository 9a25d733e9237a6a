"""Where to fix a YAML syntax error that YAML notices lines after the mistake.

A quoted text may run over several lines, so a missing closing quote swallows the lines
after it, up to the next quote of the same kind, and the parser complains only there:
``title: "One boxed card`` on line 5 is reported on line 14, where the swallowed text
ends.  :func:`runaway_quote` finds the quoted text that ends where the error was found
and began on an earlier line, so the message can point at the line to fix.
"""

from __future__ import annotations

import yaml

#: At most this many characters are scanned again to find a runaway quote (an error
#: path only, but a file may be up to a few megabytes long).
_LONGEST = 2_000_000


def runaway_quote(text: str, problem: int) -> int | None:
    """The line (1-based) where a quoted text opened that ran on to the line where the
    parser found its error, at character ``problem`` of ``text`` (the error's
    ``problem_mark.index``); None if the error follows no such text.

    >>> runaway_quote('id: a\\ntitle: "One card\\ngame: holdem\\nnote: "x"\\n', 43)
    2
    >>> runaway_quote('id: a\\ntitle: "One card"\\nnote: [x\\n', 33) is None
    True
    """
    if len(text) > _LONGEST:
        return None
    last = None
    try:
        for token in yaml.scan(text, Loader=yaml.SafeLoader):
            if token.start_mark.index >= problem:
                break
            last = token
    except yaml.YAMLError:
        pass
    if (isinstance(last, yaml.ScalarToken) and last.style in ('"', "'")
            and last.start_mark.line < last.end_mark.line
            and last.end_mark.line == text.count("\n", 0, problem)):
        return last.start_mark.line + 1
    return None
