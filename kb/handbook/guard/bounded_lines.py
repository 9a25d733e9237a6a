"""Line numbers and widths a page may ask of a code block: bounded, so that a few bytes
of a page cannot make Sphinx build a list of a billion lines.

Sphinx turns ``:emphasize-lines: 1-999999999`` (``code-block``, ``literalinclude``,
``rule:data-file``) or ``:lines:`` into the list of every line number in the range before
it looks at how many lines the block has: 60 bytes of a page took 22 GB.  And
``:tab-width:`` is handed to ``str.expandtabs``.  The directives here refuse, with a
warning at the directive's line (warnings fail the build), a line number over
:data:`LINE_CAP` or a tab width over :data:`TAB_CAP`, before Sphinx reads the option.

>>> line_options_problem({"emphasize-lines": "1-3, 7"})
>>> line_options_problem({"emphasize-lines": "1-999999999"})
':emphasize-lines: names line 999999999; a block shows at most 100000 lines'
>>> line_options_problem({"tab-width": 4000000})
':tab-width: is 4000000; at most 64'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from docutils import nodes
from sphinx.directives.code import CodeBlock, LiteralInclude
from sphinx.util.docutils import SphinxDirective

#: The largest line number a line option may name (a page is at most 1 MB, a data file
#: 2 MB: far fewer lines than this are ever shown).
LINE_CAP = 100_000
#: The widest tab a block may ask for.
TAB_CAP = 64
#: The options that hold line numbers (``1-3, 7-``).
LINE_OPTIONS = ("emphasize-lines", "lines")


def line_options_problem(options: Mapping[str, Any]) -> str | None:
    """Why the directive ``options`` (name to value) ask too much, or None."""
    for name in LINE_OPTIONS:
        problem = _line_spec_problem(name, str(options.get(name) or ""))
        if problem:
            return problem
    width = options.get("tab-width")
    if isinstance(width, int) and width > TAB_CAP:
        return f":tab-width: is {width}; at most {TAB_CAP}"
    return None


def _line_spec_problem(name: str, spec: str) -> str | None:
    """Why the line spec ``spec`` (``1-3, 7-``) of the option ``name`` names too many
    lines: a number past :data:`LINE_CAP`, or more than that many lines in all (200
    ranges of ``1-100000`` took 873 MB).  Each number is read as Sphinx reads it,
    ``int()`` (``999_999_999`` is a number); a part it cannot read is left to Sphinx's
    own warning.

    >>> _line_spec_problem("lines", "1-999_999_999")
    ':lines: names line 999999999; a block shows at most 100000 lines'
    >>> _line_spec_problem("lines", ",".join(["1-100000"] * 2))
    ':lines: names 200000 lines in all; a block shows at most 100000 lines'
    """
    total = 0
    for part in spec.split(",") if spec.strip() else ():
        try:
            ends = [int(end) if end.strip() else None for end in part.split("-")]
        except ValueError:
            return None                         # Sphinx refuses it
        numbers = [end for end in ends if end is not None]
        if numbers and max(numbers) > LINE_CAP:
            return (f":{name}: names line {max(numbers)}; a block shows at most "
                    f"{LINE_CAP} lines")
        first, last = (ends[0] or 1), (ends[-1] or LINE_CAP)
        total += max(last - first + 1, 1)
    if total > LINE_CAP:
        return f":{name}: names {total} lines in all; a block shows at most {LINE_CAP} lines"
    return None


def refused(directive: SphinxDirective) -> list[nodes.Node]:
    """The warning that refuses ``directive`` (a code directive) when its options ask too
    much (:func:`line_options_problem`), else ``[]``."""
    problem = line_options_problem(directive.options)
    if problem is None:
        return []
    return [directive.state.document.reporter.warning(
        f"{directive.name}: {problem}; ask for fewer", line=directive.lineno)]


class BoundedCodeBlock(CodeBlock):
    """Sphinx's ``code-block`` with bounded line options."""

    def run(self) -> list[nodes.Node]:
        return refused(self) or super().run()


class BoundedLiteralInclude(LiteralInclude):
    """Sphinx's ``literalinclude`` with bounded line options."""

    def run(self) -> list[nodes.Node]:
        return refused(self) or super().run()


def setup(app) -> None:
    """Put the bounded directives in place of Sphinx's (called by
    :func:`kb.handbook.setup`)."""
    for name in ("code-block", "sourcecode"):
        app.add_directive(name, BoundedCodeBlock, override=True)
    app.add_directive("literalinclude", BoundedLiteralInclude, override=True)
