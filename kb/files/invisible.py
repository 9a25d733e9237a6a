"""Characters that reorder or hide text: refused in every file a person writes
(:func:`invisible_problems`, part of :func:`kb.files.validate`), and written as escapes
wherever text is printed (:func:`escaped`), so that no line on a terminal reads other
than it is.

- **Bidi controls** (Unicode's Bidi_Control property: U+061C, U+200E, U+200F,
  U+202A-U+202E, U+2066-U+2069) make a terminal or an editor show a line in another order
  than it is stored: ``"Four-card flop \\u202epolf"`` shows as if it read backwards.
- **Invisible format characters**: zero width space U+200B, word joiner and invisible
  operators U+2060-U+2064, U+FEFF inside a text, U+180E, the deprecated format controls
  U+206A-U+206F, interlinear annotations U+FFF9-U+FFFB and the tag characters
  U+E0000-U+E007F: two texts that look the same differ, or text rides along unseen.
- **Line and paragraph separators** U+2028 and U+2029, which break a line where none shows.
- **Control characters** (C0 but tab and line feed, DEL, C1): YAML refuses them written
  as they are, but a double-quoted ``"\\e[2J"`` or ``"\\r"`` makes one, and a terminal
  obeys it (clears the screen, moves the cursor back over what was printed).

Zero width joiner and non-joiner (U+200C, U+200D) stay allowed: emoji and several
scripts need them, and they reorder nothing.
"""

from __future__ import annotations

import re
import unicodedata

from kb.files.problems import Problem

#: One character of those the module docstring lists.
INVISIBLE = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u180e\u200b\u200e\u200f\u2028-\u202e"
    "\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\U000e0000-\U000e007f]")

#: The same, and a terminal's colour sequences (SGR: ``ESC [ 1 ; 31 m``), which
#: :func:`escaped` may keep when the text is floorbook's or Sphinx's coloured output.
_OR_COLOUR = re.compile(f"(\x1b\\[[0-9;]*m)|{INVISIBLE.pattern}")


def may_hide(text: str) -> bool:
    """Whether the YAML ``text`` may make a key or text holding a character of
    :data:`INVISIBLE`: it holds one as it is, or a backslash (a double-quoted escape
    such as ``"\\u202e"`` makes one).  YAML refuses the ASCII ones written as they are, so
    an ASCII text needs no search, which :func:`invisible_problems` makes much faster
    for the files of which this says no (:func:`kb.files.parse_text` notes it).

    >>> may_hide("title: Four-card flop\\n"), may_hide("title: \\u2066x\\n")
    (False, True)
    >>> may_hide('title: "\\\\u202e"\\n'), may_hide("title: ‘quoted’\\n")
    (True, False)
    """
    return "\\" in text or (not text.isascii() and INVISIBLE.search(text) is not None)


def _escape(char: str) -> str:
    """``char`` as JSON writes it escaped (``\\u202e``; above U+FFFF, its two surrogates),
    so that an escaped JSON document is still JSON, and the same document."""
    code = ord(char)
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def escaped(text: str, colour: bool = False) -> str:
    """``text`` with each character of :data:`INVISIBLE` written as its escape; with
    ``colour``, a terminal's colour sequences are kept as they are (what floorbook's and
    Sphinx's coloured lines hold; they change colours only).

    >>> escaped("Four-card flop \\u202epolf\\x1b[2J")
    'Four-card flop \\\\u202epolf\\\\u001b[2J'
    >>> escaped("\\x1b[1mx.yaml:3:\\x1b[0m \\u2066", colour=True)
    '\\x1b[1mx.yaml:3:\\x1b[0m \\\\u2066'
    """
    if colour:
        return _OR_COLOUR.sub(lambda m: m[1] or _escape(m[0]), text)
    return INVISIBLE.sub(lambda m: _escape(m[0]), text)


def _named(char: str) -> str:
    """``U+202E RIGHT-TO-LEFT OVERRIDE``; a control character, which has no name, as
    ``U+001B (a control character)``."""
    name = unicodedata.name(char, "")
    return f"U+{ord(char):04X} " + (name or "(a control character)")


def _problem(file: str, line: int, where: str, text: str) -> Problem:
    found = INVISIBLE.findall(text)
    others = len(found) - 1
    what = (", a character that is not shown but reorders, hides or rewrites the text "
            "around it") if not others else (
        f" and {others} other{'s' if others > 1 else ''} like it: characters that are not "
        "shown but reorder, hide or rewrite the text around them")
    return Problem(file, line, f"{where} holds {_named(found[0])}{what}",
                   "delete it: retype the text if you cannot see where it is")


def invisible_problems(data, file: str) -> list[Problem]:
    """Every key and text under ``data`` (as :func:`kb.files.parse_text` returns it)
    holding a character of :data:`INVISIBLE`, each at its line, the file's name ``file``;
    none at once for data whose text :func:`may_hide` said holds none (its ``may_hide``).

    >>> from kb.files.parsing import parse_text
    >>> data = parse_text('a:\\n  - title: "Flop \\\\u202epolf"\\nok: fine\\n', "t.yaml")
    >>> [str(p) for p in invisible_problems(data, "t.yaml")]  # doctest: +NORMALIZE_WHITESPACE
    ['t.yaml:2: a.title holds U+202E RIGHT-TO-LEFT OVERRIDE, a character that is not
      shown but reorders, hides or rewrites the text around it (delete it: retype the text
      if you cannot see where it is)']
    """
    problems: list[Problem] = []
    if not getattr(data, "may_hide", True):
        return problems
    if isinstance(data, str):
        _check(data, (), 1, file, problems)
    # kb.files.parsing's Mapping (a dict with key_line and value_line) and Sequence (a
    # list with item_line), met by what they are: that module imports this one
    stack: list[tuple[object, tuple]] = [(data, ())]
    while stack:
        node, steps = stack.pop()
        if isinstance(node, dict):
            for key, value in node.items():
                if isinstance(key, str) and INVISIBLE.search(key):
                    problems.append(_problem(file, _line(node, "key_line", key),
                                             f"the key {_path((*steps, key))}", key))
                _check(value, (*steps, key), _line(node, "value_line", key), file,
                       problems, stack)
        elif isinstance(node, list):
            for index, item in enumerate(node):
                _check(item, (*steps, index), _line(node, "item_line", index), file,
                       problems, stack)
    return sorted(problems, key=lambda p: (p.line, p.message))


def _line(node, method: str, step) -> int:
    """The line of ``step`` in ``node`` by its ``method``; 1 for data not read from a
    file (a plain dict or list)."""
    found = getattr(node, method, None)
    return found(step) if found is not None else 1


def _check(value, steps: tuple, line: int, file: str, problems: list[Problem],
           stack: list | None = None) -> None:
    """A text is checked at once; a mapping or a list waits on ``stack``.  The path is
    written only for a problem (writing it for every value was most of the walk)."""
    if isinstance(value, str):
        if INVISIBLE.search(value):
            problems.append(_problem(file, line, _path(steps), value))
    elif stack is not None and isinstance(value, (dict, list)):
        stack.append((value, steps))


def _path(steps: tuple) -> str:
    """``sources.title`` of the steps ``("sources", 0, "title")`` (an item is told by
    its line, not by its index: ``sources item``); a key written escaped; ``the file`` for
    no steps."""
    path = ".".join(escaped(str(step)) for step in steps if not isinstance(step, int))
    if steps and isinstance(steps[-1], int):
        return f"{path} item" if path else "an item of the file"
    return path or "the file"
