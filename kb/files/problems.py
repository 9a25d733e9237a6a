"""What is wrong in an input file: :class:`Problem` (``file:line: message (hint)``) and
:class:`InputError`, which carries every problem of a file at once; :func:`capped`, the
problem lines a person is shown (at most :data:`MAX_SHOWN` a file)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong in an input file: ``str()`` is ``file:line: message (hint)``.

    ``line`` is 1-based; the hint says what to do and may be empty.

    >>> str(Problem("ours.yaml", 3, "unknown field 'tilte'", "did you mean 'title'?"))
    "ours.yaml:3: unknown field 'tilte' (did you mean 'title'?)"
    """

    file: str
    line: int
    message: str
    hint: str = ""

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.message}" + (f" ({self.hint})" if self.hint
                                                               else "")


class InputError(ValueError):
    """An input file that cannot be used; ``problems`` lists every problem found, in
    order, and ``str()`` is one ``file:line: message (hint)`` line per problem."""

    def __init__(self, problems: list[Problem]):
        self.problems = sorted(set(problems), key=lambda p: (p.file, p.line, p.message))
        first = self.problems[0] if self.problems else Problem("?", 1, "unknown problem")
        self.file, self.line, self.message, self.hint = (first.file, first.line,
                                                          first.message, first.hint)
        super().__init__("\n".join(str(p) for p in self.problems))


def fail(file: str, line: int, message: str, hint: str = "") -> InputError:
    """An :class:`InputError` with one problem."""
    return InputError([Problem(file, max(line, 1), message, hint)])


# Their public home is kb.files: tracebacks and docs name them there.
Problem.__module__ = InputError.__module__ = "kb.files"


#: The most problems shown of one file; one more line says how many were left out.
MAX_SHOWN = 200
#: A problem line's place, ``file:line:``.
_PLACE = re.compile(r"^(?P<file>.+?):(?P<line>\d+): ")


def capped(lines: Iterable[str], limit: int = MAX_SHOWN) -> list[str]:
    """The problem ``lines`` (``file:line: message``; an item of several lines, such as
    an error's ``str()``, is taken line by line), in their order, but at most
    ``limit`` of each file: where a file's next one would be, one line instead says how
    many more it has (a file of thousands of mistakes is one mistake made thousands of
    times, and its lines would bury the others').  A line with no place is always kept.

    >>> capped(["a.yaml:1: x", "a.yaml:2: y", "a.yaml:3: z", "b.yaml:1: w"], limit=1)
    ['a.yaml:1: x', 'a.yaml:2: ... and 2 more problems in a.yaml (fix these first, then check again)', 'b.yaml:1: w']
    """
    lines = [part for line in lines for part in str(line).splitlines()]  # an error's lines
    places = [_PLACE.match(line) for line in lines]
    totals = Counter(place["file"] for place in places if place)
    shown: Counter[str] = Counter()
    kept = []
    for line, place in zip(lines, places, strict=True):
        if place is None:
            kept.append(line)
            continue
        name = place["file"]
        shown[name] += 1
        if shown[name] <= limit:
            kept.append(line)
        elif shown[name] == limit + 1:
            kept.append(f"{name}:{place['line']}: ... and {totals[name] - limit:,} more "
                        f"problems in {name} (fix these first, then check again)")
    return kept
