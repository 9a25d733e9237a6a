"""What is wrong in an input file: :class:`Problem` (``file:line: message (hint)``) and
:class:`InputError`, which carries every problem of a file at once."""

from __future__ import annotations

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
