"""How much a floorbook file may hold, counted before it is parsed: a bound on the work a
file makes, beside the bound on its bytes (:mod:`kb.files.reading`).

A 1.9 MB knowledge-base file of 470,000 list items took ``check`` 53 s and 430 MB and
printed 470,000 problems: within the bytes allowed, every item was parsed, built, checked
against the schema and its error worded.  The values are counted on the parser's events,
which it makes as it reads: a file with too many is refused after reading only as far as
the first value past the bound, before any node is built.
"""

from __future__ import annotations

import yaml

from kb.files.problems import Problem

#: The most values (mappings, lists, and every item and value in them; keys are not
#: counted) one file may hold.  The largest bundled file, a whole book
#: (provisions/rrop.yaml, 58 KB), holds 1,344; the benchmarks' knowledge base at 100 times
#: the bundled one (tools/bench.py), whose glossary, topics and errata are one file each,
#: up to 1.5 MB, holds about 30,000 in one; a 2 MB file (kb.files.reading.MAX_BYTES) of
#: one-number items, 470,000.
MAX_VALUES = 100_000

#: What each event is to the count: 0 a scalar or alias, 1 a list, 2 a mapping, 3 an end.
_KINDS = {yaml.ScalarEvent: 0, yaml.AliasEvent: 0, yaml.SequenceStartEvent: 1,
          yaml.MappingStartEvent: 2, yaml.SequenceEndEvent: 3, yaml.MappingEndEvent: 3}


def size_problem(text: str, name: str) -> Problem | None:
    """A problem at the line of the first value of the YAML ``text`` (the file ``name``)
    past :data:`MAX_VALUES`, or None when it holds no more, or when it is not YAML the
    parser reads that far (the parse then says what is wrong).

    >>> size_problem("a: [" + "1, " * 100_000 + "1]", "x.yaml")
    Problem(file='x.yaml', line=1, message='the file holds more than 100,000 values', hint='check that this is the right file; floorbook files hold far fewer')
    >>> size_problem("a: [1, 2]", "x.yaml") is None
    True
    """
    if len(text) <= MAX_VALUES:     # every value takes a character (null: a key's or "-")
        return None
    parser = _parser(text)
    try:
        return _counted(parser, name)
    except (yaml.YAMLError, IndexError):
        return None
    finally:
        parser.dispose()


def _counted(parser, name: str) -> Problem | None:
    """:func:`size_problem` over the events of ``parser``."""
    keys: list[bool | None] = []    # per open collection: is its next node a key (None: a list)
    count = 0
    while parser.check_event():
        event = parser.get_event()
        kind = _KINDS.get(type(event))
        if kind is None:
            continue
        if kind == 3:
            keys.pop()
            continue
        top = keys[-1] if keys else None
        if top is not None:
            keys[-1] = not top      # a mapping: key, value, key ...
        if top is not True:         # a value, not a key
            count += 1
            if count > MAX_VALUES:
                mark = event.start_mark     # every event of a parser has one
                return Problem(name, mark.line + 1 if mark else 1,
                               f"the file holds more than {MAX_VALUES:,} values",
                               "check that this is the right file; floorbook files hold "
                               "far fewer")
        if kind:
            keys.append(None if kind == 1 else True)
    return None


def _parser(text: str):
    """libyaml's event parser where PyYAML has it (a few ms for 20,000 values), else the
    pure-Python one."""
    if yaml.__with_libyaml__:
        from yaml._yaml import CParser  # yaml.cyaml's, which the stubs do not export
        return CParser(text)
    return yaml.SafeLoader(text)
