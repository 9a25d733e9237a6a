"""The one reader of every file a person writes: knowledge-base files, scenario files and
house rulebook files.

Three steps, the same for every kind of file:

1. **Read** the bytes safely (:func:`read_text`): only a regular file, at most a bounded
   number of bytes *actually read* (a link to ``/dev/zero`` or a FIFO is refused at once),
   UTF-8.
2. **Parse** the YAML (:func:`parse_text`) with PyYAML's safe constructor, restricted to
   what a floorbook file needs: no aliases (so no "billion laughs"),
   no tags, no merge keys; only ``true``/``false`` are booleans (YAML 1.1's ``yes``, ``on``
   stay text and are then refused where a boolean is wanted), only plain decimal numbers
   are integers, dates stay text.  Mappings and sequences remember the line of each key
   and value (:class:`Mapping`, :class:`Sequence`).
3. **Validate** against the file kind's JSON Schema in ``kb/schemas`` (:func:`validate`),
   every error at the line of the offending value, in words with what to do.

:func:`read` does the three.  The steps live in :mod:`kb.files.reading`,
:mod:`kb.files.parsing` and :mod:`kb.files.validation`, the records of what is wrong in
:mod:`kb.files.problems`; this module is where callers import them from.

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

from pathlib import Path

from kb.files.names import did_you_mean, nearest, nearest_or
from kb.files.parsing import MAX_DEPTH, Mapping, Sequence, line_of, parse_text
from kb.files.problems import InputError, Problem, fail
from kb.files.reading import MAX_BYTES, MAX_USER_BYTES, bulk, confined, read_text, settled
from kb.files.validation import SCHEMAS, schema, validate, validate_with, whole_number_problems

__all__ = ["MAX_BYTES", "MAX_DEPTH", "MAX_USER_BYTES", "SCHEMAS", "InputError", "Mapping",
           "did_you_mean", "nearest", "nearest_or",
           "bulk", "confined", "settled",
           "Problem", "Sequence", "fail", "line_of", "parse_text", "read", "read_text",
           "schema", "validate", "validate_with", "whole_number_problems"]


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
