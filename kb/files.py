"""The one reader of every file a person writes: knowledge-base files, scenario files and
house rulebook files.

Three steps, the same for every kind of file:

1. **Read** the bytes safely (:func:`read_text`): only a regular file, at most a bounded
   number of bytes *actually read* (a link to ``/dev/zero`` or a FIFO is refused at once),
   UTF-8.
2. **Parse** the YAML (:func:`parse_text`) with PyYAML's safe constructor, restricted to what a floorbook file needs: no aliases (so no "billion laughs"),
   no tags, no merge keys; only ``true``/``false`` are booleans (YAML 1.1's ``yes``, ``on``
   stay text and are then refused where a boolean is wanted), only plain decimal numbers
   are integers, dates stay text.  (PyYAML's pure-Python parser, not libyaml's: only it
   lets the composer refuse an alias where it stands, before anything is expanded.)
   Mappings and sequences remember the line of each key and
   value (:class:`Mapping`, :class:`Sequence`).
3. **Validate** against the file kind's JSON Schema in ``kb/schemas`` (:func:`validate`),
   every error at the line of the offending value, in words with what to do.

The semantic checks (references, cycles, precedence) are the callers'; they report
:class:`Problem` records too, so a file's problems come out together, sorted by line.

>>> data = parse_text("a: 1\\nb:\\n  c: x\\n", "demo.yaml")
>>> data.line, data["b"].line, data.key_line("b"), data["b"].value_line("c")
(1, 3, 2, 3)
>>> parse_text("2024: x", "demo.yaml")
Traceback (most recent call last):
...
kb.files.InputError: demo.yaml:1: the key 2024 is not text (quote it: "2024")
>>> parse_text("a: &x [1]\\nb: *x\\n", "demo.yaml")
Traceback (most recent call last):
...
kb.files.InputError: demo.yaml:2: YAML aliases (*x) are not allowed in floorbook files (write the value out in full)
>>> parse_text("flag: yes", "demo.yaml")["flag"]
'yes'
"""

from __future__ import annotations

import json
import os
import re
import stat
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

import yaml
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match

#: Files bigger than this are refused (knowledge-base files; a whole book is ~60 KB).
MAX_BYTES = 2_000_000
#: Scenario and house rulebook files: one hand or one house's changes (a few KB).
MAX_USER_BYTES = 256_000
#: Deeper YAML than this is refused: no floorbook file needs more than a few levels.
MAX_DEPTH = 40


# --------------------------------------------------------------------------- problems


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


# --------------------------------------------------------------------------- reading


def read_text(path: Path, name: str | None = None, max_bytes: int = MAX_BYTES) -> str:
    """The UTF-8 text of the regular file at ``path``, reading at most ``max_bytes`` + 1
    bytes; ``name`` is the file's name in messages (default ``str(path)``).

    Raises :class:`InputError` for a missing file, a folder, a dangling link, a FIFO, a
    device or socket, a file over ``max_bytes`` (counted as read, not as reported by the
    file system) or text that is not UTF-8.

    >>> read_text(Path("/dev/zero"), "zero.yaml")
    Traceback (most recent call last):
    ...
    kb.files.InputError: zero.yaml:1: this is a device, not a file (give a YAML file)
    """
    name = name or str(path)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        dangling = os.path.islink(path)
        raise fail(name, 1, "this link points to nothing" if dangling else "no such file",
                   "check the path") from None
    except OSError as error:
        raise fail(name, 1, f"cannot read the file: {error.strerror}",
                   "check the path and its permissions") from None
    if stat.S_ISDIR(info.st_mode):
        raise fail(name, 1, "this is a folder, not a file", "give a YAML file")
    if not stat.S_ISREG(info.st_mode):
        kind = "a FIFO" if stat.S_ISFIFO(info.st_mode) else "a device"
        raise fail(name, 1, f"this is {kind}, not a file", "give a YAML file")
    try:
        # O_NONBLOCK: if the path was swapped for a FIFO since the stat, do not wait on it
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise fail(name, 1, "this is not a regular file", "give a YAML file")
            data = handle.read(max_bytes + 1)
    except OSError as error:
        raise fail(name, 1, f"cannot read the file: {error.strerror}",
                   "check the path and its permissions") from None
    if len(data) > max_bytes:
        raise fail(name, 1, f"the file is larger than {max_bytes:,} bytes",
                   "check that this is the right file; floorbook files are far smaller")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[:error.start].count(b"\n") + 1
        raise fail(name, line, "the file is not UTF-8 text", "save it as UTF-8") from None


# --------------------------------------------------------------------------- parsing


class Mapping(dict):
    """A dict that knows its file, the line it starts on, and the line of each key and
    each value."""

    line: int = 1
    file: str = ""

    def key_line(self, key: str) -> int:
        """The line of ``key`` (the mapping's own line if it has no such key)."""
        return self._key_lines.get(key, self.line)

    def value_line(self, key: str) -> int:
        """The line where the value of ``key`` starts."""
        return self._value_lines.get(key, self.key_line(key))


class Sequence(list):
    """A list that knows its file, the line it starts on and the line of each item."""

    line: int = 1
    file: str = ""

    def item_line(self, index: int) -> int:
        """The line of item ``index`` (the sequence's own line if there is none)."""
        lines = self._item_lines
        return lines[index] if 0 <= index < len(lines) else self.line


def line_of(node, key=None) -> int:
    """The line of ``node[key]`` (a value's line), or of ``node`` itself."""
    if key is not None and isinstance(node, Mapping):
        return node.value_line(key)
    if key is not None and isinstance(node, Sequence):
        return node.item_line(key)
    return getattr(node, "line", 1)


class _Resolver(yaml.resolver.BaseResolver):
    """YAML 1.2's core types, not 1.1's: ``yes``/``on`` are text, dates are text."""


_Resolver.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
    list("tTfF"))
_Resolver.add_implicit_resolver(
    "tag:yaml.org,2002:int", re.compile(r"^[-+]?[0-9]+$"), list("-+0123456789"))
_Resolver.add_implicit_resolver(
    "tag:yaml.org,2002:float",
    re.compile(r"^[-+]?(?:[0-9]+\.[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?$"),
    list("-+0123456789."))
_Resolver.add_implicit_resolver(
    "tag:yaml.org,2002:null", re.compile(r"^(?:~|null|Null|NULL|)$"), ["~", "n", "N", ""])

_PLAIN_TAGS = {"tag:yaml.org,2002:" + t for t in ("str", "int", "float", "bool", "null",
                                                  "map", "seq")}

class _Loader(yaml.reader.Reader, yaml.scanner.Scanner, yaml.parser.Parser,
              yaml.composer.Composer, yaml.constructor.SafeConstructor, _Resolver):
    """The safe loader restricted as the module docstring says."""

    def __init__(self, text: str, name: str, number_keys: bool = False):
        yaml.reader.Reader.__init__(self, text)
        yaml.scanner.Scanner.__init__(self)
        yaml.parser.Parser.__init__(self)
        yaml.composer.Composer.__init__(self)
        yaml.constructor.SafeConstructor.__init__(self)
        _Resolver.__init__(self)
        self.file, self.number_keys, self._depth = name, number_keys, 0

    def compose_node(self, parent, index):
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            raise fail(self.file, event.start_mark.line + 1,
                       f"YAML aliases (*{event.anchor}) are not allowed in floorbook files",
                       "write the value out in full")
        self._depth += 1
        if self._depth > MAX_DEPTH:
            raise fail(self.file, self.peek_event().start_mark.line + 1,
                       f"the YAML is nested more than {MAX_DEPTH} levels deep",
                       "floorbook files need only a few levels")
        node = super().compose_node(parent, index)
        self._depth -= 1
        if node.tag not in _PLAIN_TAGS:
            raise fail(self.file, node.start_mark.line + 1, f"the YAML tag {node.tag} is "
                       "not allowed here", "remove the tag; floorbook files hold plain values")
        return node


def _construct_mapping(loader: _Loader, node: yaml.MappingNode) -> Mapping:
    result = Mapping()
    result.line, result.file = node.start_mark.line + 1, loader.file
    result._key_lines, result._value_lines = {}, {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        line = key_node.start_mark.line + 1
        if isinstance(key, int) and not isinstance(key, bool) and loader.number_keys:
            key = str(key)  # a seat number; JSON Schema sees keys as text
        if not isinstance(key, str):
            raise fail(loader.file, line, f"the key {key!r} is not text",
                       f'quote it: "{key}"')
        if key in result:
            raise fail(loader.file, line, f"the key {key!r} appears twice", "keep one")
        result[key] = loader.construct_object(value_node, deep=True)
        result._key_lines[key] = line
        result._value_lines[key] = value_node.start_mark.line + 1
    return result


def _construct_sequence(loader: _Loader, node: yaml.SequenceNode) -> Sequence:
    result = Sequence(loader.construct_object(child, deep=True) for child in node.value)
    result.line, result.file = node.start_mark.line + 1, loader.file
    result._item_lines = [child.start_mark.line + 1 for child in node.value]
    return result


_Loader.add_constructor("tag:yaml.org,2002:map", _construct_mapping)
# plain decimal only (the resolver admits nothing else): "010" is ten, not YAML 1.1's eight
_Loader.add_constructor("tag:yaml.org,2002:int",
                        lambda loader, node: int(loader.construct_scalar(node)))
_Loader.add_constructor("tag:yaml.org,2002:seq", _construct_sequence)


def _syntax_line(text: str, error: yaml.MarkedYAMLError) -> int:
    """Where a syntax error was found or, at the end of the file (an unclosed bracket or
    quote), where the open construct began."""
    mark = error.problem_mark or error.context_mark
    if mark is not None and mark.index >= len(text.rstrip()) and error.context_mark:
        mark = error.context_mark
    return min(mark.line + 1, text.count("\n") + 1) if mark else 1


def parse_text(text: str, name: str, number_keys: bool = False):
    """Parse the YAML ``text`` of the file called ``name`` (used in messages).

    ``number_keys``: whole-number keys (seat numbers in a scenario) are allowed, as text
    (``3`` becomes ``"3"``); otherwise a key that is not text is an error.

    Returns scalars (str, int, float, bool, None), :class:`Mapping` and :class:`Sequence`.
    Raises :class:`InputError` for a syntax error, an alias, a tag, a duplicate or
    non-text key, or nesting over :data:`MAX_DEPTH`.
    """
    try:
        loader = _Loader(text, name, number_keys)
    except yaml.YAMLError as error:  # a NUL or other character YAML does not allow
        position = getattr(error, "position", 0) or 0
        raise fail(name, text[:position].count("\n") + 1,
                   "the file holds a character YAML does not allow", "remove it") from None
    try:
        return loader.get_single_data()
    except yaml.MarkedYAMLError as error:
        raise fail(name, _syntax_line(text, error), f"not valid YAML: {error.problem}",
                   "fix the YAML syntax") from None
    except yaml.YAMLError as error:
        raise fail(name, 1, f"not valid YAML: {error}", "fix the YAML syntax") from None
    except RecursionError:
        raise fail(name, 1, "the YAML is nested too deeply",
                   "floorbook files need only a few levels") from None
    finally:
        loader.dispose()


# --------------------------------------------------------------------------- schemas


SCHEMAS = Path(str(resources.files("kb") / "schemas"))


@cache
def schema(kind: str) -> Draft202012Validator:
    """The validator of ``kind`` (``scenario``, ``house``, ``sources`` ...): the JSON
    Schema ``kb/schemas/<kind>.schema.json``."""
    with open(SCHEMAS / f"{kind}.schema.json", encoding="utf-8") as handle:
        document = json.load(handle)
    Draft202012Validator.check_schema(document)
    return Draft202012Validator(document)


def validate(data, kind: str, name: str) -> list[Problem]:
    """Every way ``data`` (as :func:`parse_text` returns it) breaks the schema of
    ``kind``, each at the line of the offending value; ``[]`` when it conforms."""
    problems: list[Problem] = []
    for error in schema(kind).iter_errors(data):
        problems.extend(_problems(error, data, name))
    return sorted(set(problems), key=lambda p: (p.line, p.message))


def read(path: Path, kind: str, name: str | None = None, max_bytes: int = MAX_BYTES,
         number_keys: bool = False):
    """Read, parse and validate the file at ``path`` as a ``kind`` file (the arguments as
    :func:`read_text` and :func:`parse_text` take them).

    Returns the parsed data; raises :class:`InputError` with every schema problem.
    """
    name = name or str(path)
    data = parse_text(read_text(path, name, max_bytes), name, number_keys)
    problems = validate(data, kind, name)
    if problems:
        raise InputError(problems)
    return data


_TYPE_WORDS = {"string": ("text", "quote it"), "integer": ("a whole number", "write e.g. 3"),
               "number": ("a number", "write e.g. 3"),
               "boolean": ("true or false", "write true or false"),
               "array": ("a list", "write a list, one '- item' per line"),
               "object": ("a mapping", "write 'key: value' lines"),
               "null": ("empty", "leave it empty")}


def _where(path) -> str:
    if not path:
        return "the file"
    text = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)
    return text.lstrip(".")


def _node_at(data, path):
    """The container holding the last step of ``path`` and that step."""
    node = data
    for step in list(path)[:-1]:
        node = node[step]
    return node, (path[-1] if path else None)


def _problems(error: ValidationError, data, name: str) -> list[Problem]:
    if error.validator in ("anyOf", "oneOf") and error.context:
        deepest = best_match(error.context)
        deepest.path = error.path + deepest.path  # context paths are relative
        return _problems(deepest, data, name)
    path = list(error.absolute_path)
    parent, step = _node_at(data, path)
    line = line_of(parent, step)
    where, value, schema = _where(path), error.instance, error.schema
    if "propertyNames" in error.schema_path:  # a key is at fault: point at the key's line
        node = parent[step] if path else data
        if isinstance(node, Mapping) and value in node:
            line, where = node.key_line(value), f"{where} key"
    kind = error.validator
    if kind == "additionalProperties":
        allowed = ", ".join(sorted(schema.get("properties", {})))
        return [Problem(name, value.key_line(k) if isinstance(value, Mapping) else line,
                        f"{where} has an unknown field {k!r}",
                        f"remove it or use one of: {allowed}" if allowed else "remove it")
                for k in value if k not in schema.get("properties", {})]
    if kind == "required":
        missing = error.message.split("'")[1] if "'" in error.message else error.message
        return [Problem(name, getattr(value, "line", line), f"{where} has no {missing!r}",
                        schema.get("x-hint") or "add it")]
    message, hint = _describe(kind, where, value, schema, error)
    return [Problem(name, line, message, hint)]


def _describe(kind, where, value, schema, error) -> tuple[str, str]:
    hint = schema.get("patternErrorMessage") or schema.get("x-hint", "")
    if kind == "type":
        wanted = error.validator_value
        words = [_TYPE_WORDS.get(t, (t, ""))
                 for t in (wanted if isinstance(wanted, list) else [wanted])]
        return (f"{where} must be " + " or ".join(w for w, _ in words),
                hint or words[0][1])
    if kind in ("enum", "const"):
        choices = schema.get("enum", [schema.get("const")])
        return (f"{where} is {value!r}", hint or "use one of: " + ", ".join(map(str, choices)))
    if kind == "pattern":
        return (f"{where} {value!r} is not of the right form",
                hint or f"it must match {schema['pattern']}")
    if kind in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        low, high = schema.get("minimum"), schema.get("maximum")
        span = (f"from {low} to {high}" if low is not None and high is not None
                else f"of {low} or more" if low is not None else f"of {high} or less")
        return f"{where} is {value}", hint or f"use a number {span}"
    if kind in ("minItems", "maxItems"):
        return (f"{where} has {len(value)} items", hint or
                f"give {'at least' if kind == 'minItems' else 'at most'} "
                f"{error.validator_value}")
    if kind in ("minLength", "maxLength"):
        return (f"{where} is {len(value)} characters long", hint or
                f"write {'at least' if kind == 'minLength' else 'at most'} "
                f"{error.validator_value}")
    if kind == "uniqueItems":
        return f"{where} lists an item twice", hint or "list each item once"
    if kind in ("minProperties", "maxProperties"):
        return f"{where} has {len(value)} fields", hint or "see the format's documentation"
    return f"{where}: {error.message}", hint
