"""kb.files.parsing builds libyaml's nodes into records directly (_build) instead of through
PyYAML's construct_document, keeps plain scalars' resolved tags, and tests what libyaml may
parse with two searches instead of one pattern, and names a whole number's path only when it
reports one: the same data, types, lines and problems as
before on every YAML file the project holds and on mutations of them."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
import yaml

from kb import DATA
from kb.files import InputError, Mapping, Problem, Sequence, line_of, parsing, whole_number_problems

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted({*DATA.rglob("*.yaml"), *(ROOT / "tests" / "data").rglob("*.yaml"),
                *(ROOT / "tests" / "roots").rglob("*.yaml")})
#: Lines put into files: every kind of scalar, a surrogate, duplicate and non-text keys.
LINES = ("n: 3.0", "seq: [1.0, 2, {a: 4.0}]", "'': 2.0", "'.x': {'.y': 1.0}", "flag: !!str yes", "a:\tb", "n: !x 1", "x: a!b", "flag: yes", "flag: true", "n: 1.5", "n: -0.0", "n: ~", "n: null", "n: 010",
         's: "\\ud800"', "s: '\\ud800'", "2024: x", "true: x", "~: x", "[a]: x",
         "title: again", "seq: [1, 2.5, false, null, x]", "m: {a: 1, a: 2}", "'3': x")


def _shape(value):
    """``value`` with every line it remembers, to compare two parses exactly."""
    if isinstance(value, Mapping):
        return ("map", value.line, value.file, value._key_lines, value._value_lines,
                [(k, _shape(v)) for k, v in value.items()])
    if isinstance(value, Sequence):
        return ("seq", value.line, value.file, value._item_lines, [_shape(v) for v in value])
    return (type(value).__name__, repr(value))


def _parse(text: str, number_keys: bool):
    try:
        return _shape(parsing.parse_text(text, "f.yaml", number_keys))
    except InputError as error:
        return ("error", str(error))


#: The test of which texts libyaml may parse as it was: one pattern.
_FAST_SAFE = re.compile("[^\x0A\x0D\x20-\x7E\x85\xA0-\uD7FF\uE000-\uFFFD"
                        "\U00010000-\U0010FFFF]"
                        "|(?:^|[\\s,\\[\\]{}])!", re.MULTILINE).search


#: The parser whose nodes _build is given: libyaml's where PyYAML has it (as parse_text
#: does), else the pure-Python one's, so the comparison runs with every PyYAML.
LOADER = getattr(parsing, "_FastLoader", parsing._Loader)


def _parse_directly(text: str, number_keys: bool):
    """parse_text's way, with :data:`LOADER`'s nodes built by _build."""
    try:
        if parsing._fast_safe(text):
            data = parsing._parse_directly(LOADER(text, "f.yaml", number_keys), text)
            if data is not parsing._REFUSED:
                return _shape(data)
        return _shape(parsing._parse_slowly(text, "f.yaml", number_keys))
    except InputError as error:
        return ("error", str(error))


def _both(text: str, number_keys: bool, monkeypatch) -> tuple:
    direct = _parse_directly(text, number_keys)
    assert parsing._fast_safe(text) == (_FAST_SAFE(text) is None)
    with monkeypatch.context() as patch:       # the way it was: PyYAML's construct_document,
        patch.setattr(parsing, "_build", lambda loader, node: loader.construct_document(node))
        patch.setattr(parsing._Restricted, "resolve", yaml.resolver.BaseResolver.resolve)
        patch.setattr(parsing, "_fast_safe", lambda text: _FAST_SAFE(text) is None)
        return direct, _parse(text, number_keys)


def _whole_numbers_before(data, file, schema_problems, where="", skip="", above=()):
    """kb.files.validation.whole_number_problems as it was: a path made for every value
    (since issue 23 a path names keys only, a list's item by its line: ``terms.n``, ``seats
    item``; a schema problem hides a number only at the number's own line)."""
    problems = []
    steps = data.items() if isinstance(data, Mapping) else \
        enumerate(data) if isinstance(data, Sequence) else ()
    for step, value in steps:
        if step == skip:
            continue
        steps_to = [*([where] if where else []), *above, step]
        keys = ".".join(str(s) for s in steps_to if not isinstance(s, int))
        path = (f"{keys} item" if keys else "an item of the file") \
            if isinstance(step, int) else keys
        if isinstance(value, (Mapping, Sequence)):
            problems += _whole_numbers_before(value, file, schema_problems, where, "",
                                              (*above, step))
        elif isinstance(value, float) and value.is_integer() and not any(
                p.line == line_of(data, step) and p.message.startswith(path + " ")
                for p in schema_problems):
            problems.append(Problem(file, line_of(data, step), f"{path} must be a whole "
                                    "number", f"write {int(value)}, without a decimal point"))
    return problems


def _whole_numbers_both(text: str) -> None:
    try:
        data = parsing.parse_text(text, "f.yaml", True)
    except InputError:
        return
    for where, skip in (("", ""), ("", "expect"), ("expect", "")):
        ours = whole_number_problems(data, "f.yaml", [], where, skip)
        assert ours == _whole_numbers_before(data, "f.yaml", [], where, skip)
        if ours:       # a schema problem that names a number's path hides it
            hidden = [Problem("f.yaml", 1, ours[0].message.split(" must ")[0] + " is bad")]
            assert whole_number_problems(data, "f.yaml", hidden, where, skip) == \
                _whole_numbers_before(data, "f.yaml", hidden, where, skip)


def _mutations(text: str, seed: int) -> list[str]:
    lines, draw = text.splitlines(), random.Random(seed)
    found = []
    for _ in range(3):
        copy = list(lines)
        at = draw.randrange(len(copy) + 1)
        indent = copy[at - 1][:len(copy[at - 1]) - len(copy[at - 1].lstrip())] if at else ""
        copy.insert(at, indent + draw.choice(LINES))
        if copy and draw.random() < 0.3:
            del copy[draw.randrange(len(copy))]
        found.append("\n".join(copy) + "\n")
    return found


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_direct_building_gives_what_construct_document_gave(path, monkeypatch):
    text = path.read_bytes().decode("utf-8", "replace")
    for number, variant in enumerate([text, *_mutations(text, hash(path.name) % 1000)]):
        for number_keys in (False, True):
            direct, before = _both(variant, number_keys, monkeypatch)
            assert direct == before, (number, variant)
        _whole_numbers_both(variant)


def test_every_kind_of_scalar_is_built_as_before(monkeypatch):
    text = "\n".join(line for line in LINES if "[a]" not in line) + "\n"
    direct, before = _both(text, True, monkeypatch)
    assert direct == before and direct[0] == "error"       # the duplicate keys
    fine = "a: yes\nb: true\nc: 1.5\nd: ~\ne: 010\nf: [1, 2.5, false, null, x]\n"
    direct, before = _both(fine, False, monkeypatch)
    assert direct == before
    assert [v for _, v in direct[-1]] == [
        ("str", "'yes'"), ("bool", "True"), ("float", "1.5"), ("NoneType", "None"),
        ("int", "10"), ("seq", 6, "f.yaml", [6, 6, 6, 6, 6],
                        [("int", "1"), ("float", "2.5"), ("bool", "False"),
                         ("NoneType", "None"), ("str", "'x'")])]
