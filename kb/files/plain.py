"""What the cache keeps, as plain data that :mod:`marshal` writes and that reading back
cannot run code (:mod:`kb.files.cache`; pickle, which calls whatever a file names, is
never read from disk).

A value is made of ``None``, booleans, numbers, text, bytes, tuples, lists, dicts, sets
and the project's records: instances of a dataclass (with a ``__dict__``, or slots that
are its fields), a named tuple, an enumeration, or a dict or list subclass (the parser's
:class:`kb.files.parsing.Mapping`, which knows its lines) of a ``kb`` module.  A record is written as the tuple ``(..., "module:Class", (field
values))`` (an enum's: its value; a dict's or list's: its contents and its
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
import types
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
    """``value`` as marshal's plain data (see the module); a container of plain values
    only is taken as it is (most are: walking each item was most of the time)."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is tuple or kind is list:
        if _SCALARS.issuperset(map(type, value)):     # a leaf: as it is
            return value
        return kind([v if type(v) in _SCALARS else _encoded(v) for v in value])
    if kind is dict:
        if _SCALARS.issuperset(map(type, value)) and _SCALARS.issuperset(
                map(type, value.values())):
            return value
        return {_encoded(k): _encoded(v) for k, v in value.items()}
    if kind is set or kind is frozenset:
        return kind(map(_encoded, value))
    return _encoded_record(value, kind)


def _encoded_record(value: Any, kind: type) -> tuple:
    """A record's tuple (see the module)."""
    name = _name(kind)
    if isinstance(value, Enum):
        return (..., name, _encoded(value.value))
    if isinstance(value, (dict, list)):          # a parser's mapping, with its lines
        base = dict if isinstance(value, dict) else list
        return (..., name, _encoded(base(value)), _encoded(vars(value)))
    fields = _FIELDS.get(kind) or _fields(kind)
    if isinstance(value, tuple):                 # a named tuple: its items are its fields
        return (..., name, tuple([v if type(v) in _SCALARS else _encoded(v) for v in value]))
    state = getattr(value, "__dict__", None)
    if state is None:                            # slots (see _fields): its fields only
        try:
            values = [getattr(value, f) for f in fields]
        except AttributeError:
            raise NotPlain(f"a {kind.__name__} lacks a field") from None
    elif len(state) != len(fields):
        raise NotPlain(f"a {kind.__name__} holds more than its fields")
    else:
        try:
            values = [state[f] for f in fields]
        except KeyError:
            raise NotPlain(f"a {kind.__name__} holds more than its fields") from None
    return (..., name, tuple([v if type(v) in _SCALARS else _encoded(v) for v in values]))


def _decoded(node: Any) -> Any:
    """The value of marshal's ``node`` (see the module), walking only what holds more
    than plain values."""
    kind = type(node)
    if kind in _SCALARS:
        return node
    if kind is tuple:
        if node and node[0] is ...:
            return _record(node)
        if _SCALARS.issuperset(map(type, node)):     # a leaf: nothing to walk
            return node
        return tuple([v if type(v) in _SCALARS else _decoded(v) for v in node])
    if kind is list:
        if _SCALARS.issuperset(map(type, node)):
            return node
        return [v if type(v) in _SCALARS else _decoded(v) for v in node]
    if kind is dict:
        if _SCALARS.issuperset(map(type, node)) and _SCALARS.issuperset(
                map(type, node.values())):
            return node
        return {k if type(k) in _SCALARS else _decoded(k):
                v if type(v) in _SCALARS else _decoded(v) for k, v in node.items()}
    if kind is set or kind is frozenset:
        return kind(map(_decoded, node))
    raise NotPlain(f"a {kind.__name__.replace('code', 'code object')} cannot be kept")


def _record(node: tuple) -> Any:
    """The object of a record ``(..., "module:Class", values)``."""
    make = _MAKERS.get(node[1]) if len(node) > 1 and type(node[1]) is str else None
    if make is None:
        make = _maker(node)
    return make(node)


def _maker(node: tuple) -> Any:
    """What makes the records of the class ``node`` names (kept in :data:`_MAKERS`)."""
    if len(node) < 2 or type(node[1]) is not str:
        raise NotPlain("a record without its class")
    name = node[1]
    kind = _class(name)
    if issubclass(kind, Enum):
        members = {member.value: member for member in kind}

        def make(node: tuple) -> Any:
            if len(node) != 3 or type(node[2]) not in _SCALARS or node[2] not in members:
                raise NotPlain(f"{name}: not one of its values")
            return members[node[2]]
    elif issubclass(kind, (dict, list)):
        def make(node: tuple) -> Any:
            return _container(kind, node)
    else:
        fields = _FIELDS[kind]
        # a slots record's fields are set by its slots' own descriptors (a frozen class's
        # __setattr__ refuses, and no code of the class runs)
        slots = [vars(kind)[f].__set__ for f in fields] if "__slots__" in vars(kind) else None

        def make(node: tuple) -> Any:
            if len(node) != 3 or type(node[2]) is not tuple or len(node[2]) != len(fields):
                raise NotPlain(f"{name}: not a value for each of its {len(fields)} fields")
            values: Any = node[2]
            if not _SCALARS.issuperset(map(type, values)):
                values = [v if type(v) in _SCALARS else _decoded(v) for v in values]
            if issubclass(kind, tuple):          # a named tuple, without its __new__
                return tuple.__new__(kind, values)
            made = object.__new__(kind)
            if slots is None:
                made.__dict__.update(zip(fields, values, strict=True))
            else:
                for put, value in zip(slots, values, strict=True):
                    put(made, value)
            return made
    _MAKERS[name] = make
    return make


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


#: Each record class's field names, and what makes a record of each class name.
_FIELDS: dict[type, tuple[str, ...]] = {}
_MAKERS: dict[str, Any] = {}


def _name(kind: type) -> str:
    if not kind.__module__.startswith("kb.") or "<" in kind.__qualname__:
        raise NotPlain(f"a {kind.__name__} cannot be kept")
    return f"{kind.__module__}:{kind.__qualname__}"


def _fields(kind: type) -> tuple[str, ...]:
    """The field names of the record class ``kind`` (a dataclass with a ``__dict__``, one
    whose slots are its fields and nothing else, or a named tuple)."""
    named = getattr(kind, "_fields", None) if issubclass(kind, tuple) else None
    if isinstance(named, tuple):
        _FIELDS[kind] = named
        return named
    if not dataclasses.is_dataclass(kind):
        raise NotPlain(f"a {kind.__name__} cannot be kept")
    fields = tuple(f.name for f in dataclasses.fields(kind))
    if "__slots__" in vars(kind) and not (
            tuple(vars(kind)["__slots__"]) == fields and kind.__mro__[1:] == (object,)
            and all(type(vars(kind)[f]) is _SLOT for f in fields)):
        raise NotPlain(f"a {kind.__name__} cannot be kept")
    _FIELDS[kind] = fields
    return fields


#: The type of a slot's descriptor (what ``__slots__`` makes of a name).
_SLOT = types.MemberDescriptorType


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
    return found
