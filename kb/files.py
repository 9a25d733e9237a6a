"""Reading YAML with line numbers, for every loader of untrusted or hand-written files.

PyYAML's safe loader, extended so that each mapping remembers the line it starts on and
the line of each key, and so that duplicate keys and non-string keys are errors instead
of being silently merged or coerced.  No YAML tag can construct Python objects here.

>>> data = parse_text("a: 1\\nb:\\n  c: x\\n", "demo.yaml")
>>> data.line, data["b"].line, data.key_line("b")
(1, 3, 2)
>>> parse_text("2024: x", "demo.yaml")
Traceback (most recent call last):
...
kb.files.YamlError: demo.yaml:1: the key 2024 is not a string; quote it ("2024")
"""

from __future__ import annotations

from pathlib import Path

import yaml

#: Files bigger than this are refused before parsing (a house rulebook is untrusted input).
MAX_BYTES = 2_000_000


class YamlError(ValueError):
    """A file that is not readable YAML of the expected shape; str is ``file:line: message``."""

    def __init__(self, file: str, line: int, message: str):
        self.file, self.line, self.message = file, line, message
        super().__init__(f"{file}:{line}: {message}")


class Mapping(dict):
    """A dict that knows the line it starts on and the line of each of its keys."""

    line: int = 0
    file: str = ""

    def key_line(self, key: str) -> int:
        return self._key_lines.get(key, self.line)


class Sequence(list):
    """A list that knows the line it starts on and the line of each item."""

    line: int = 0
    file: str = ""

    def item_line(self, index: int) -> int:
        return self._item_lines[index] if index < len(self._item_lines) else self.line


class _Loader(yaml.SafeLoader):
    """SafeLoader whose mappings and sequences carry line numbers."""


def _construct_mapping(loader: _Loader, node: yaml.MappingNode) -> Mapping:
    loader.flatten_mapping(node)
    result = Mapping()
    result.line, result.file, result._key_lines = node.start_mark.line + 1, loader.name, {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        line = key_node.start_mark.line + 1
        if not isinstance(key, str):
            raise YamlError(loader.name, line,
                            f'the key {key!r} is not a string; quote it ("{key}")')
        if key in result:
            raise YamlError(loader.name, line, f"the key {key!r} appears twice; keep one")
        result[key] = loader.construct_object(value_node, deep=True)
        result._key_lines[key] = line
    return result


def _construct_sequence(loader: _Loader, node: yaml.SequenceNode) -> Sequence:
    result = Sequence(loader.construct_object(child, deep=True) for child in node.value)
    result.line, result.file = node.start_mark.line + 1, loader.name
    result._item_lines = [child.start_mark.line + 1 for child in node.value]
    return result


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


def error_line(text: str, error: yaml.MarkedYAMLError) -> int:
    r"""The 1-based line to report for a YAML syntax error: where it was found, or, when
    that is the end of the file (an unclosed bracket or quote), where the open construct
    began.

    >>> try:
    ...     yaml.safe_load("a: 1\nb: {c: 2\n")
    ... except yaml.MarkedYAMLError as error:
    ...     error_line("a: 1\nb: {c: 2\n", error)
    2
    """
    mark = error.problem_mark or error.context_mark
    at_end = mark is not None and mark.index >= len(text.rstrip())
    if at_end and error.context_mark is not None:
        mark = error.context_mark
    return min(mark.line + 1, text.count("\n") + 1) if mark else 1


def unreadable(text: str, error: yaml.YAMLError) -> tuple[int, str]:
    """The line and a message for a YAML error raised before parsing (an unprintable
    character such as NUL), which carries a character position rather than a mark."""
    position = getattr(error, "position", 0) or 0
    character = getattr(error, "character", "")
    if isinstance(character, str) and len(character) == 1:
        character = ord(character)
    code = f" (code {character:#x})" if isinstance(character, int) else ""
    return (text[:position].count("\n") + 1,
            f"the file holds a character YAML does not allow{code}; remove it")


def parse_text(text: str, name: str):
    """Parse YAML ``text``; ``name`` is the file name used in error messages.

    Returns plain scalars, :class:`Mapping` and :class:`Sequence`; raises
    :class:`YamlError` on a syntax error, a duplicate key or a non-string key.
    """
    try:
        loader = _Loader(text)
    except yaml.YAMLError as error:          # a NUL or other unprintable character
        raise YamlError(name, *unreadable(text, error)) from None
    loader.name = name
    try:
        return loader.get_single_data()
    except RecursionError:
        raise YamlError(name, 1, "not valid YAML: nested too deeply") from None
    except yaml.MarkedYAMLError as error:
        line = error_line(text, error)
        raise YamlError(name, line, f"not valid YAML: {error.problem or error}") from None
    except yaml.YAMLError as error:
        raise YamlError(name, 1, f"not valid YAML: {error}") from None
    finally:
        loader.dispose()


def parse_file(path: Path, name: str | None = None):
    """Read and parse the YAML file at ``path`` (see :func:`parse_text`).

    Raises :class:`YamlError` if the file is missing, too big (over :data:`MAX_BYTES`), not
    UTF-8, or not valid YAML.
    """
    name = name or str(path)
    try:
        if path.stat().st_size > MAX_BYTES:
            raise YamlError(name, 1, f"the file is larger than {MAX_BYTES} bytes; a "
                                     "knowledge-base or house rulebook file should be far "
                                     "smaller: check that this is the right file")
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise YamlError(name, 0, "no such file; check the path") from None
    except UnicodeDecodeError:
        raise YamlError(name, 1, "the file is not UTF-8 text; save it as UTF-8") from None
    except IsADirectoryError:
        raise YamlError(name, 0, "this is a folder, not a file; give a YAML file") from None
    return parse_text(text, name)
