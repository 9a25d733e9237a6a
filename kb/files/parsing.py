"""Parsing YAML as floorbook files need it (step 2 of :mod:`kb.files`): PyYAML's safe
constructor with no aliases, tags or merge keys, YAML 1.2's booleans, plain decimal
integers, dates as text, and the line of every key, value and item.

The events come from libyaml's parser (``yaml.CParser``, 9-10 times faster) where PyYAML was
built with it, and from PyYAML's pure-Python parser otherwise; either way PyYAML's
Python composer builds the nodes, so the alias, tag and depth refusals below stand where
they stood (an alias is refused at its event, before anything is expanded) and the lines
are the events' marks, the same in both.  A file libyaml refuses is parsed again by the
pure-Python parser, so that every refusal's message and line are the ones the tests and
the bad-file corpus pin down, whichever parser is installed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import yaml

from kb.files.bounds import size_problem
from kb.files.invisible import may_hide
from kb.files.problems import InputError, Problem, fail
from kb.files.yaml_errors import runaway_quote

#: Deeper YAML than this is refused: no floorbook file needs more than a few levels.
MAX_DEPTH = 40


class Mapping(dict):
    """A dict that knows its file, the line it starts on, and the line of each key and
    each value."""

    line: int = 1
    file: str = ""
    may_hide: bool = True           # the file's text, kb.files.invisible.may_hide
    _key_lines: dict[str, int]      # set by the reader, as is every mapping's line
    _value_lines: dict[str, int]

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
    may_hide: bool = True           # the file's text, kb.files.invisible.may_hide
    _item_lines: list[int]          # set by the reader

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

#: Plain scalars' resolved tags, by text (:meth:`_Restricted.resolve`).
_RESOLVED: dict[str, str] = {}


class _Restricted(yaml.composer.Composer, yaml.constructor.SafeConstructor, _Resolver):
    """The composer and constructor restricted as the module docstring says, over the
    events of either parser (:class:`_Loader`, :class:`_FastLoader`)."""

    def _restrict(self, name: str, number_keys: bool) -> None:
        yaml.composer.Composer.__init__(self)
        yaml.constructor.SafeConstructor.__init__(self)
        _Resolver.__init__(self)
        self.file, self.number_keys, self._depth = name, number_keys, 0
        self.key_problems: list[Problem] = []  # duplicate and non-text keys, all of them
        self.build: Callable[[yaml.Node], Any] | None = None   # the fast loader's _build

    def resolve(self, kind, value, implicit):
        """PyYAML's tag resolution, kept by value for plain scalars (for which it is a
        function of the text alone: no path resolvers here); the same few words recur in
        every file, and resolving each anew was a tenth of parsing."""
        if kind is yaml.ScalarNode and implicit[0]:
            tag = _RESOLVED.get(value)
            if tag is None:
                tag = super().resolve(kind, value, implicit)
                if len(_RESOLVED) < 50_000 and len(value) < 200:   # bounded
                    _RESOLVED[value] = tag
            return tag
        return super().resolve(kind, value, implicit)

    if TYPE_CHECKING:  # the parser mixed in beside this class gives the events
        def peek_event(self) -> yaml.Event | None: ...

    def compose_node(self, parent: yaml.Node | None, index: int) -> yaml.Node:
        event = self.peek_event()
        # the composer asks for a node only where the parser has read its first event, and
        # both parsers mark each event with its place in the file
        assert event is not None and event.start_mark is not None
        if isinstance(event, yaml.AliasEvent):
            raise fail(self.file, event.start_mark.line + 1,
                       f"YAML aliases (*{event.anchor}) are not allowed in floorbook files",
                       "write the value out in full")
        self._depth += 1
        if self._depth > MAX_DEPTH:
            raise fail(self.file, event.start_mark.line + 1,
                       f"the YAML is nested more than {MAX_DEPTH} levels deep",
                       "floorbook files need only a few levels")
        node = super().compose_node(parent, index)
        # None only after an event that cannot start a node, which the parser never gives
        assert node is not None
        self._depth -= 1
        if node.tag not in _PLAIN_TAGS:
            raise fail(self.file, node.start_mark.line + 1, f"the YAML tag {node.tag} is "
                       "not allowed here", "remove the tag; floorbook files hold plain values")
        return node


class _Loader(yaml.reader.Reader, yaml.scanner.Scanner, yaml.parser.Parser, _Restricted):
    """The pure-Python parser's events: the reference for every refusal's message."""

    def __init__(self, text: str, name: str, number_keys: bool = False):
        yaml.reader.Reader.__init__(self, text)
        yaml.scanner.Scanner.__init__(self)
        yaml.parser.Parser.__init__(self)
        self._restrict(name, number_keys)


if yaml.__with_libyaml__:  # libyaml's parser, when PyYAML was built with it
    from yaml._yaml import CParser  # yaml.cyaml's, which the stubs do not export

    class _FastLoader(CParser, _Restricted):
        """libyaml's parser and composer (which gives an alias the node it names, so the
        nodes are checked before anything is constructed: :func:`_plain`), and the
        restricted constructor."""

        def __init__(self, text: str, name: str, number_keys: bool = False):
            CParser.__init__(self, text)
            self._restrict(name, number_keys)


#: Text the fast parser is not given: a character PyYAML refuses (libyaml's set differs),
#: a tab (libyaml takes one after ``key:``, PyYAML refuses it), a NUL, or a ``!`` where a
#: tag may start.  Two searches, the second only where the text holds a ``!``: one pattern
#: with both took ten times as long (the alternation was tried at every character).
_NOT_FAST = re.compile("[^\x0A\x0D\x20-\x7E\x85\xA0-\uD7FF\uE000-\uFFFD"
                       "\U00010000-\U0010FFFF]").search
_MAY_BE_TAG = re.compile("(?:^|[\\s,\\[\\]{}])!", re.MULTILINE).search


def _fast_safe(text: str) -> bool:
    """Whether libyaml's parser may be given ``text`` (see :data:`_NOT_FAST`).

    >>> _fast_safe("a: b\\n"), _fast_safe("a:\\tb\\n"), _fast_safe("a: !x b\\n"), _fast_safe("a: b!\\n")
    (True, False, False, True)
    """
    return _NOT_FAST(text) is None and ("!" not in text or _MAY_BE_TAG(text) is None)


def _plain(root, text: str) -> bool:
    """Whether libyaml's nodes hold nothing :class:`_Restricted` or PyYAML refuses: no node
    reached twice (an alias), no tag but the plain ones, no deeper than :data:`MAX_DEPTH`,
    no ``?`` inside a flow collection (``[x ? y]``: libyaml reads text, PyYAML refuses an
    explicit key there).  When this says no, the pure-Python parser reads the file again
    and says where and why.  Without ``&`` or ``!`` in the text there is no alias and no
    tag, and only the collections need a look (most nodes are scalars)."""
    every = "&" in text or "!" in text
    questions = "?" in text
    seen, stack = set(), [(root, 1, False)]
    while stack:
        node, depth, in_flow = stack.pop()
        if every:
            if id(node) in seen or node.tag not in _PLAIN_TAGS:
                return False
            seen.add(id(node))
        if depth > MAX_DEPTH:
            return False
        if not isinstance(node, yaml.CollectionNode):
            continue
        if questions and node.flow_style and not in_flow:
            if "?" in text[node.start_mark.index:node.end_mark.index]:
                return False
            in_flow = True
        children = (child for pair in node.value for child in pair) \
            if isinstance(node, yaml.MappingNode) else node.value
        for child in children:
            if every or isinstance(child, yaml.CollectionNode):
                stack.append((child, depth + 1, in_flow))
            elif depth + 1 > MAX_DEPTH:
                return False
    return True


def _construct_mapping(loader: _Restricted, node: yaml.MappingNode, build=None) -> Mapping:
    """The mapping of ``node``, each key and value made by ``build`` (default: PyYAML's
    ``construct_object``)."""
    build = build or (lambda child: loader.construct_object(child, deep=True))
    result = Mapping()
    result.line, result.file = node.start_mark.line + 1, loader.file
    result._key_lines, result._value_lines = {}, {}
    for key_node, value_node in node.value:
        key = build(key_node)
        line = key_node.start_mark.line + 1
        if isinstance(key, int) and not isinstance(key, bool) and loader.number_keys:
            key = str(key)  # a seat number; JSON Schema sees keys as text
        if not isinstance(key, str):
            shown = "null" if key is None else str(key).lower() if isinstance(key, bool) else key
            loader.key_problems.append(Problem(loader.file, line, f"the key {shown} is not "
                                               "text", f'quote it: "{shown}"'))
            continue
        if key in result:  # noted, and parsing goes on so every such key is reported
            loader.key_problems.append(Problem(loader.file, line,
                                               f"the key {key!r} appears twice", "keep one"))
            continue
        result[key] = build(value_node)
        result._key_lines[key] = line
        result._value_lines[key] = value_node.start_mark.line + 1
    return result


def _construct_sequence(loader: _Restricted, node: yaml.SequenceNode, build=None) -> Sequence:
    build = build or (lambda child: loader.construct_object(child, deep=True))
    result = Sequence(build(child) for child in node.value)
    result.line, result.file = node.start_mark.line + 1, loader.file
    result._item_lines = [child.start_mark.line + 1 for child in node.value]
    return result


_STR, _MAP, _SEQ, _INT = ("tag:yaml.org,2002:" + t for t in ("str", "map", "seq", "int"))


def _build(loader: _Restricted, node: yaml.Node):
    """What ``loader.construct_document(node)`` makes of nodes :func:`_plain` passed (no
    alias, so no node is met twice, and no generator constructors), without PyYAML's
    bookkeeping per node: the same constructors, called directly (that bookkeeping was a
    third of reading a file).  Booleans, floats and nulls, which are rare, still go
    through ``construct_object``."""
    tag = node.tag
    if tag == _STR and type(node) is yaml.ScalarNode:
        if node.style == '"' and _SURROGATE(node.value):
            return _construct_str(loader, node)         # which refuses it
        return node.value
    if tag == _MAP and isinstance(node, yaml.MappingNode):
        return _construct_mapping(loader, node, loader.build)
    if tag == _SEQ and isinstance(node, yaml.SequenceNode):
        return _construct_sequence(loader, node, loader.build)
    if tag == _INT and isinstance(node, yaml.ScalarNode):
        return _construct_int(loader, node)
    return loader.construct_object(node, deep=True)


def _construct_int(loader: _Restricted, node: yaml.ScalarNode) -> int:
    # plain decimal only (the resolver admits nothing else): "010" is ten, not YAML 1.1's 8
    return int(loader.construct_scalar(node))


_SURROGATE = re.compile("[\ud800-\udfff]").search


def _construct_str(loader: _Restricted, node: yaml.ScalarNode) -> str:
    # an escape like "\ud800" in double quotes makes half of a character, which no UTF-8
    # output can hold: every page, PDF or JSON written from it would fail far from here
    text = loader.construct_scalar(node)
    if node.style == '"' and _SURROGATE(text):    # only double quotes have \u escapes
        raise fail(loader.file, node.start_mark.line + 1, "the text holds a lone surrogate "
                   "(an escape such as \\ud800, half of a character)",
                   "write the character itself, or remove the escape")
    return text


# types-PyYAML bounds a constructor's loader to PyYAML's own Loader classes, though
# add_constructor takes any class with the constructor mixed in (as _Restricted has)
_Restricted.add_constructor("tag:yaml.org,2002:map", _construct_mapping)  # type: ignore[type-var]
_Restricted.add_constructor("tag:yaml.org,2002:int", _construct_int)  # type: ignore[type-var]
_Restricted.add_constructor("tag:yaml.org,2002:seq", _construct_sequence)  # type: ignore[type-var]
_Restricted.add_constructor("tag:yaml.org,2002:str", _construct_str)  # type: ignore[type-var]


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
    non-text key, nesting over :data:`MAX_DEPTH`, or more values than
    :data:`kb.files.bounds.MAX_VALUES` (counted before anything is built).
    """
    too_many = size_problem(text, name)
    if too_many is not None:
        raise InputError([too_many])
    data = _REFUSED
    if yaml.__with_libyaml__ and _fast_safe(text):
        data = _parse_directly(_FastLoader(text, name, number_keys), text)
    if data is _REFUSED:
        data = _parse_slowly(text, name, number_keys)
    if isinstance(data, (Mapping, Sequence)) and not may_hide(text):
        data.may_hide = False       # kb.files.invisible: nothing to look for in it
    return data


#: What :func:`_parse_directly` gives for a text it leaves to the pure-Python parser.
_REFUSED = object()


def _parse_directly(loader: _Restricted, text: str):
    """The data of ``text`` composed by ``loader`` (libyaml's, or the pure-Python one's in
    the tests) and built by :func:`_build`; :data:`_REFUSED` when anything in it is
    refused, for the pure-Python parser to say why, as it always did."""
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        if _plain(node, text):
            loader.build = build = partial(_build, loader)
            data = build(node)
            if not loader.key_problems:
                return data
    except (yaml.YAMLError, InputError, RecursionError, UnicodeError):
        pass
    finally:
        loader.build = None             # no cycle left through the loader
        loader.dispose()  # type: ignore[attr-defined]
    return _REFUSED


def _parse_slowly(text: str, name: str, number_keys: bool):
    """:func:`parse_text` with the pure-Python parser."""
    try:
        loader = _Loader(text, name, number_keys)
    except yaml.YAMLError as error:  # a NUL or other character YAML does not allow
        position = getattr(error, "position", 0) or 0
        raise fail(name, text[:position].count("\n") + 1,
                   "the file holds a character YAML does not allow", "remove it") from None
    try:
        data = loader.get_single_data()
        if loader.key_problems:
            raise InputError(loader.key_problems)
        return data
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark
        opened = runaway_quote(text, mark.index) if mark is not None else None
        if mark is not None and opened is not None:   # found where the swallowed lines end
            raise fail(name, opened, "not valid YAML: the quoted text that opens on this "
                       f"line runs on to line {mark.line + 1}",
                       "close the quote on this line") from None
        raise fail(name, _syntax_line(text, error), f"not valid YAML: {error.problem}",
                   "fix the YAML syntax") from None
    except yaml.YAMLError as error:
        raise fail(name, 1, f"not valid YAML: {error}", "fix the YAML syntax") from None
    except RecursionError:
        raise fail(name, 1, "the YAML is nested too deeply",
                   "floorbook files need only a few levels") from None
    finally:
        loader.dispose()
