"""What the cache keeps, as plain data that :mod:`marshal` writes and that reading back
cannot run code (:mod:`kb.files.cache`; pickle, which calls whatever a file names, is
never read from disk).

A value is made of ``None``, booleans, numbers, text, bytes, tuples, lists, dicts, sets
and the project's records: instances of a dataclass, an enumeration, or a dict or list
subclass (the parser's :class:`kb.files.parsing.Mapping`, which knows its lines) of a
``kb`` module.  A record is written as the tuple ``(..., "module:Class", field
values...)`` (an enum's one value: its value; a dict's or list's: its contents and its
attributes); nothing else is, so a value that holds anything else (a function, a path)
raises :class:`NotPlain` and is not kept.

Reading back, :func:`loads` takes marshal's tuples, lists, dicts, sets, text, bytes and
numbers and refuses everything else it could hold (a code object is data to marshal, so
it is refused here: nothing read is a function or can become one).  A record's class is
looked up only among the ``kb`` modules already imported, and must be one of those
kinds: its object is made without calling its code (as pickle does: ``__new__``, then
the fields), an enum by its value.  So a damaged or planted store can at worst give
wrong records, which the caller checks as it did any entry; it runs nothing.

>>> from kb.files.problems import Problem
>>> loads(dumps({"a": (1, [Problem("f.yaml", 3, "bad")], None)}))
{'a': (1, [Problem(file='f.yaml', line=3, message='bad', hint='')], None)}
>>> loads(marshal.dumps(compile("1", "x", "eval")))     # what a planted store may hold
Traceback (most recent call last):
...
kb.files.plain.NotPlain: a code object cannot be kept
"""

from __future__ import annotations

import dataclasses
import marshal
import sys
from enum import Enum
from typing import Any

#: The types marshal writes that are kept as they are.
_SCALARS = frozenset({str, int, bool, float, type(None), bytes})


class NotPlain(ValueError):
    """A value that is not plain data (see the module)."""


def dumps(value: Any) -> bytes:
    """``value`` as marshal's bytes; raises :class:`NotPlain`."""
    return marshal.dumps(_encoded(value))


def loads(data: bytes) -> Any:
    """The value :func:`dumps` wrote as ``data``; raises :class:`NotPlain` for what is
    not plain data, ValueError, EOFError or TypeError for bytes marshal cannot read."""
    return _decoded(marshal.loads(data))


def _encoded(value: Any) -> Any:
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is tuple:
        return tuple(map(_encoded, value))
    if kind is list:
        return list(map(_encoded, value))
    if kind is dict:
        return {_encoded(k): _encoded(v) for k, v in value.items()}
    if kind is set or kind is frozenset:
        return kind(map(_encoded, value))
    name = _name(kind)
    if isinstance(value, Enum):
        return (..., name, _encoded(value.value))
    if isinstance(value, (dict, list)):          # a parser's mapping, with its lines
        base = dict if isinstance(value, dict) else list
        return (..., name, _encoded(base(value)), _encoded(vars(value)))
    fields = _FIELDS.get(kind) or _fields(kind)
    state = getattr(value, "__dict__", None)
    if state is None or len(state) != len(fields):
        raise NotPlain(f"a {kind.__name__} holds more than its fields")
    return (..., name, *[_encoded(state[f]) for f in fields])


def _decoded(node: Any) -> Any:
    kind = type(node)
    if kind in _SCALARS:
        return node
    if kind is tuple:
        if node and node[0] is ...:
            return _record(node)
        return tuple(map(_decoded, node))
    if kind is list:
        return list(map(_decoded, node))
    if kind is dict:
        return {_decoded(k): _decoded(v) for k, v in node.items()}
    if kind is set or kind is frozenset:
        return kind(map(_decoded, node))
    raise NotPlain(f"a {kind.__name__.replace('code', 'code object')} cannot be kept")


def _record(node: tuple) -> Any:
    """The object of a record ``(..., "module:Class", values...)``."""
    if len(node) < 2 or type(node[1]) is not str:
        raise NotPlain("a record without its class")
    kind = _CLASSES.get(node[1]) or _class(node[1])
    if issubclass(kind, Enum):
        if len(node) != 3:
            raise NotPlain(f"{node[1]}: not one value")
        return kind(_decoded(node[2]))
    if issubclass(kind, (dict, list)):
        return _container(kind, node)
    fields = _FIELDS[kind]
    if len(node) != len(fields) + 2:
        raise NotPlain(f"{node[1]}: {len(node) - 2} values for {len(fields)} fields")
    made = object.__new__(kind)
    made.__dict__.update(zip(fields, map(_decoded, node[2:]), strict=True))
    return made


def _container(kind: Any, node: tuple) -> Any:
    """A dict or list of the class ``kind`` from ``(..., name, contents, attributes)``,
    made without calling its code."""
    base = dict if issubclass(kind, dict) else list
    if len(node) != 4 or type(node[2]) is not base or type(node[3]) is not dict:
        raise NotPlain(f"{node[1]}: not its contents and attributes")
    made = dict.__new__(kind) if base is dict else list.__new__(kind)
    contents = _decoded(node[2])
    (list.extend if base is list else dict.update)(made, contents)
    made.__dict__.update(_decoded(node[3]))
    return made


#: Each record class's field names, and the classes found by name.
_FIELDS: dict[type, tuple[str, ...]] = {}
_CLASSES: dict[str, type] = {}


def _name(kind: type) -> str:
    if not kind.__module__.startswith("kb.") or "<" in kind.__qualname__:
        raise NotPlain(f"a {kind.__name__} cannot be kept")
    return f"{kind.__module__}:{kind.__qualname__}"


def _fields(kind: type) -> tuple[str, ...]:
    """The field names of the record class ``kind`` (a dataclass with a ``__dict__``)."""
    if not dataclasses.is_dataclass(kind) or "__slots__" in vars(kind):
        raise NotPlain(f"a {kind.__name__} cannot be kept")
    _FIELDS[kind] = tuple(f.name for f in dataclasses.fields(kind))
    return _FIELDS[kind]


def _class(name: str) -> type:
    """The record class called ``name``, from a ``kb`` module already imported (nothing
    is imported by a name read from a file)."""
    module, _, qualname = name.partition(":")
    found: Any = sys.modules.get(module) if module.startswith("kb.") else None
    for part in qualname.split(".") if found is not None else ():
        found = vars(found).get(part) if not part.startswith("__") else None
    if not isinstance(found, type) or _name(found) != name:
        raise NotPlain(f"{name}: no such record class")
    if not issubclass(found, (Enum, dict, list)):
        _fields(found)
    _CLASSES[name] = found
    return found
