"""Validating parsed data against the JSON Schema of its kind (step 3 of
:mod:`kb.files`): every error at the line of the offending value, in words, with what to
do.  The schemas are the files ``kb/schemas/<kind>.schema.json``.

A document is walked by ``jsonschema`` only when the schema's check compiled to Python
(:func:`conforms`) does not pass it or is not made yet; until issue 20 those checks were
kept, as code, in the user's cache: they are made in the process now, never kept."""

from __future__ import annotations

import json
from collections.abc import Mapping as SchemaObject
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import fastjsonschema
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match

from kb.files.invisible import invisible_problems
from kb.files.names import did_you_mean, nearest_or
from kb.files.parsing import Mapping, Sequence, line_of
from kb.files.problems import Problem

SCHEMAS = Path(str(resources.files("kb") / "schemas"))


@cache
def schema(kind: str) -> Draft202012Validator:
    """The validator of ``kind`` (``scenario``, ``house``, ``sources`` ...): the JSON
    Schema ``kb/schemas/<kind>.schema.json``.  The schemas are checked against the
    metaschema by the tests (tests/test_kb_schemas.py), not here: that was 0.1 s of every
    run that reads the data."""
    with open(SCHEMAS / f"{kind}.schema.json", encoding="utf-8") as handle:
        document = json.load(handle)
    return Draft202012Validator(document)


def validate(data, kind: str, name: str) -> list[Problem]:
    """Every way ``data`` (as :func:`parse_text` returns it) breaks the schema of
    ``kind``, and every key or text of it holding a character that reorders or hides text
    (:func:`kb.files.invisible.invisible_problems`, which no schema says), each at the
    line of the offending value; ``[]`` when it conforms."""
    return validate_kind(data, kind, name)[0]


def validate_kind(data, kind: str, name: str) -> tuple[list[Problem], list[tuple]]:
    """:func:`validate`, and the path in ``data`` of each schema error, as
    :func:`validate_paths` gives them (a loader leaves out the entries at those paths)."""
    problems, paths = validate_paths(schema(kind), data, name)
    hidden = invisible_problems(data, name)
    if not hidden:
        return problems, paths
    return sorted(set(problems + hidden), key=lambda p: (p.line, p.message)), paths


def validate_with(validator: Draft202012Validator, data, name: str) -> list[Problem]:
    """:func:`validate` with a validator of one's own (a part of a kind's schema checked
    apart, such as a scenario's ``expect``, which only the test collector reads)."""
    return validate_paths(validator, data, name)[0]


def validate_paths(validator: Draft202012Validator, data, name: str
                   ) -> tuple[list[Problem], list[tuple]]:
    """:func:`validate_with`, and the path in ``data`` of each error (a tuple of keys and
    indices; ``()`` for the top level), found in the same one walk: a caller that sets
    apart the entries the schema refused need not walk the errors again (with thousands,
    the walk is most of the time).

    >>> validate_paths(schema("glossary"), {"terms": [1]}, "g.yaml")[1]
    [('terms', 0)]
    """
    if conforms(validator, data):
        return [], []
    problems: list[Problem] = []
    paths = []
    listed = _listed_at(validator)
    for error in validator.iter_errors(data):
        problems.extend(_problems(error, data, name, listed))
        paths.append(tuple(error.absolute_path))
    return sorted(set(problems), key=lambda p: (p.line, p.message)), paths


def conforms(validator: Draft202012Validator, data) -> bool:
    """Whether ``data`` surely conforms to ``validator``'s schema, by the schema compiled to
    Python with fastjsonschema (20-50 times faster than walking it): True only when the
    compiled check passes; False when it fails, is not made yet or cannot be made, and
    then ``jsonschema`` finds and words every error, so the answer never changes, only its
    speed.  A check is compiled in this process, from the package's own schema, at its
    :data:`EAGER`-th document, and never kept: nothing executable is read from a cache
    folder.  (Compiling costs 10 to 45 ms a schema, walking a document a few; a rebuild
    after one edit validates a few files, a check of a large folder thousands.)

    >>> fresh = Draft202012Validator({"type": "object"})
    >>> [conforms(fresh, {}) for _ in range(EAGER)], conforms(fresh, [])
    ([False, False, False, False, True], False)
    """
    found = _COMPILED.get(id(validator))     # the entry holds the validator: its id is its own
    if found is None:
        found = _COMPILED[id(validator)] = [validator, None, 0]
    if found[1] is None:
        found[2] += 1
        if found[2] < EAGER:
            return False
        try:
            found[1] = fastjsonschema.compile(_stricter(validator.schema), use_default=False,
                                              use_formats=False)
        except (fastjsonschema.JsonSchemaDefinitionException, ValueError, TypeError):
            found[1] = False
    if found[1] is False:
        return False
    try:
        found[1](data)
    except fastjsonschema.JsonSchemaException:
        return False
    return True


#: The document of a schema at which its check is compiled (the ones before are walked):
#: a rebuild after one edit validates that file and each house file twice (two bundled).
EAGER = 5
#: id of a jsonschema validator -> [the validator, its compiled check (None: not yet,
#: False: cannot be), the documents it was asked about].
_COMPILED: dict[int, list] = {}


def _stricter(node):
    """A copy of a schema that fastjsonschema (written for drafts 4 to 7) reads no more
    loosely than jsonschema reads Draft 2020-12: a ``const`` or ``enum`` of numbers or
    booleans also states their type (in Python ``1 == True``, so fastjsonschema would take
    ``1`` for ``const: true``), and ``$ref`` with sibling keywords becomes an ``allOf`` of
    the two (drafts before 2019 ignore the siblings).  A copy that is stricter only makes
    more documents go to jsonschema.  A keyword it does not know would be ignored, so one
    raises ValueError (then jsonschema does all)."""
    if isinstance(node, bool):
        return node
    if not isinstance(node, dict):
        raise ValueError(f"not a schema: {node!r}")
    unknown = set(node) - _KNOWN
    if unknown:
        raise ValueError(f"keywords fastjsonschema may not read as jsonschema: {unknown}")
    copy: dict[str, Any] = {}
    for key, value in node.items():
        if key in _NAMED:
            copy[key] = {name: _stricter(schema) for name, schema in value.items()}
        elif key in _SCHEMAS:
            copy[key] = [_stricter(v) for v in value] if isinstance(value, list) \
                else _stricter(value)
        else:
            copy[key] = value
    values = [copy["const"]] if "const" in copy else copy.get("enum", [])
    kinds = {_JSON_TYPE[type(v)] for v in values if type(v) in _JSON_TYPE}
    if kinds and "type" not in copy:
        copy["type"] = sorted(kinds)
    if "$ref" in copy and len(set(copy) - _PLACE) > 1:
        place = {key: copy.pop(key) for key in _PLACE & set(copy)}  # where refs resolve
        reference = {"$ref": copy.pop("$ref")}
        copy = {**place, "allOf": [reference, copy]}
    return copy


#: Keywords that stay where they are when a ``$ref``'s siblings move into an ``allOf``.
_PLACE = {"$defs", "$id", "$schema"}
_JSON_TYPE = {bool: "boolean", int: "integer", float: "number", str: "string"}
#: Keywords whose values are name -> schema, and those whose values are schemas.
_NAMED = {"$defs", "properties", "patternProperties"}
_SCHEMAS = {"additionalProperties", "allOf", "anyOf", "oneOf", "not", "if", "then", "else",
            "items", "propertyNames"}
#: Every keyword the copy may hold: those above, the ones whose values are data, and the
#: annotations both validators ignore.
_KNOWN = _NAMED | _SCHEMAS | {
    "const", "enum", "required", "pattern", "type", "maxItems", "minItems", "maxLength",
    "minLength", "maxProperties", "minProperties", "maximum", "minimum", "exclusiveMaximum",
    "exclusiveMinimum", "uniqueItems", "multipleOf", "$ref", "$id", "$schema", "default",
    "description", "title", "examples", "patternErrorMessage", "x-hint", "x-names"}


_TYPE_WORDS = {"string": ("text", "quote it"), "integer": ("a whole number", "write e.g. 3"),
               "number": ("a number", "write e.g. 3"),
               "boolean": ("true or false", "write true or false"),
               "array": ("a list", "write a list, one '- item' per line"),
               "object": ("a mapping", "write 'key: value' lines"),
               "null": ("empty", "leave it empty")}


def _where(path) -> str:
    """The place of a value, by its keys: ``events.flop.cards``; a list's items are told
    by their line, never by an index (``events[1]``), so an item is ``events item``.

    >>> _where(["events", 1, "flop", "cards"]), _where(["seats", 2]), _where([])
    ('events.flop.cards', 'seats item', 'the file')
    """
    if not path:
        return "the file"
    keys = ".".join(str(step) for step in path if not isinstance(step, int))
    if isinstance(path[-1], int):
        return f"{keys} item" if keys else "an item of the file"
    return keys


def _listed_at(validator: Draft202012Validator) -> str:
    """Where an author finds every name a schema allows (a hint for an unknown name with
    no near one): ``floorbook schema KIND --show`` for the package's schemas."""
    ident = str(validator.schema.get("$id", "")) if isinstance(validator.schema, dict) else ""
    kind = ident.rsplit("/", 1)[-1].removesuffix(".schema.json")
    if ident.endswith(".schema.json") and (SCHEMAS / f"{kind}.schema.json").is_file():
        return f"`floorbook schema {kind} --show` lists them"
    return "see the format's documentation"


def _node_at(data, path):
    """The container holding the last step of ``path`` and that step."""
    node = data
    for step in list(path)[:-1]:
        node = node[step]
    return node, (path[-1] if path else None)


def _problems(error: ValidationError, data, name: str, listed: str) -> list[Problem]:
    """The problems of one schema error; ``listed`` says where the names a schema allows
    are listed (:func:`_listed_at`)."""
    if error.validator in ("anyOf", "oneOf") and error.context:
        deepest = best_match(error.context)
        deepest.path = error.path + deepest.path  # context paths are relative
        return _problems(deepest, data, name, listed)
    path = list(error.absolute_path)
    parent, step = _node_at(data, path)
    line = line_of(parent, step)
    # an error from validating carries the instance (Unset is only the constructor's
    # default), and any JSON value may be one
    value: Any = error.instance
    where, schema = _where(path), error.schema
    if "propertyNames" in error.schema_path:  # a key is at fault: point at the key's line
        node = parent[step] if path else data
        if isinstance(node, Mapping) and value in node:
            line, where = node.key_line(value), f"{where} key"
    kind = error.validator
    if kind == "additionalProperties":
        assert isinstance(schema, SchemaObject)  # a keyword's error: its schema is an object
        allowed = schema.get("properties", {})
        # a mapping whose keys are names of things (``x-names``: an event) says the thing
        noun = schema.get("x-names")
        return [Problem(name, value.key_line(k) if isinstance(value, Mapping) else line,
                        f"unknown {noun} {k!r}" if noun else f"{where} has an unknown field {k!r}",
                        did_you_mean(k, allowed, "remove it or use one of: ",
                                     f"remove it; {listed}") if allowed else "remove it")
                for k in value if k not in allowed]
    if kind == "required":
        assert isinstance(schema, SchemaObject)  # a keyword's error: its schema is an object
        missing = error.message.split("'")[1] if "'" in error.message else error.message
        return [Problem(name, getattr(value, "line", line), f"{where} has no {missing!r}",
                        schema.get("x-hint") or "add it")]
    message, hint = _describe(kind, where, value, schema, error, listed)
    return [Problem(name, line, message, hint)]


def spelled(value) -> str:
    """A value as the YAML file spells it, for messages: ``true``, not Python's ``True``.

    A long value is cut to its first 60 characters: a message names it, it does not copy
    a file's list of thousands of items onto one line.

    >>> spelled(True), spelled(None), spelled("yes"), spelled(3), len(spelled(list(range(9999))))
    ('true', 'empty', "'yes'", '3', 61)
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "empty"
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 60 else text[:60] + "\u2026"


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" + ("" if number == 1 else "s")


def _describe(kind, where, value, schema, error, listed: str) -> tuple[str, str]:
    hint = schema.get("patternErrorMessage") or schema.get("x-hint", "")
    if kind == "type":
        wanted = error.validator_value
        words = [_TYPE_WORDS.get(t, (t, ""))
                 for t in (wanted if isinstance(wanted, list) else [wanted])]
        if value is None and not where.startswith("the file"):
            # "key:" with nothing after it: quoting would not help
            return f"{where} is empty", hint or f"write {words[0][0]} after the colon"
        if value is None:
            return "the file is empty", hint or "write its fields, as the format's page shows"
        return (f"{where} must be " + " or ".join(w for w, _ in words),
                hint or words[0][1])
    if kind in ("enum", "const"):
        choices = schema.get("enum", [schema.get("const")])
        return (f"{where} is {spelled(value)}", nearest_or(
            value, [c for c in choices if isinstance(c, str)],
            hint or "use one of: " + ", ".join(map(spelled, choices)).replace("'", "")))
    if kind == "pattern":
        return (f"{where} {spelled(value)} is not of the right form",
                hint or f"it must match {schema['pattern']}")
    if kind in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        low, high = schema.get("minimum"), schema.get("maximum")
        span = (f"from {low} to {high}" if low is not None and high is not None
                else f"of {low} or more" if low is not None else f"of {high} or less")
        return f"{where} is {value}", hint or f"use a number {span}"
    if kind in ("minItems", "maxItems"):
        return (f"{where} has {_count(len(value), 'item')}", hint or
                f"give {'at least' if kind == 'minItems' else 'at most'} "
                f"{error.validator_value}")
    if kind in ("minLength", "maxLength"):
        return (f"{where} is {_count(len(value), 'character')} long", hint or
                f"write {'at least' if kind == 'minLength' else 'at most'} "
                f"{error.validator_value}")
    if kind == "uniqueItems":
        return f"{where} lists an item twice", hint or "list each item once"
    if kind in ("minProperties", "maxProperties"):
        return (f"{where} has {_count(len(value), 'field')}",
                hint or "see the format's documentation")
    return f"{where}: {error.message}", hint


def _whole_numbers(data, file: str, schema_problems: list[Problem], where: str,
                   above: tuple, skip: str, problems: list[Problem]) -> None:
    """:func:`whole_number_problems` of ``data``, reached by the steps ``above``: a path's
    text is made only for a number reported (making it for every value was most of the
    walk)."""
    steps = data.items() if isinstance(data, Mapping) else \
        enumerate(data) if isinstance(data, Sequence) else ()
    for step, value in steps:
        if step == skip:
            continue
        if isinstance(value, (Mapping, Sequence)):
            _whole_numbers(value, file, schema_problems, where, (*above, step), "", problems)
        elif isinstance(value, float) and value.is_integer():
            path, line = _where([*([where] if where else []), *above, step]), \
                line_of(data, step)
            if not any(p.line == line and p.message.startswith(path + " ")
                       for p in schema_problems):
                problems.append(Problem(file, line, f"{path} must be a whole number",
                                        f"write {int(value)}, without a decimal point"))


def whole_number_problems(data, file: str, schema_problems: list[Problem], where: str = "",
                          skip: str = "") -> list[Problem]:
    """Whole numbers written with a decimal point (``3.0``) anywhere under ``data``:
    JSON Schema counts them as integers, a floorbook file does not.  Each is reported at
    its line unless ``schema_problems`` already speak of it; ``where`` prefixes the paths
    named, ``skip`` is a top-level key left to another reader.

    >>> from kb.files.parsing import parse_text
    >>> [str(p) for p in whole_number_problems(parse_text("seats: 3.0", "t.yaml"), "t.yaml", [])]
    ['t.yaml:1: seats must be a whole number (write 3, without a decimal point)']
    """
    problems: list[Problem] = []
    _whole_numbers(data, file, schema_problems, where, (), skip, problems)
    return problems
