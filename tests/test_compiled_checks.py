"""The schemas' checks compiled to Python (kb.files.validation.conforms): made in the
process at a schema's EAGER-th document and never kept (nothing executable is read from
the user's cache); a document they pass is one jsonschema finds no error in, on every
YAML file of the project under every schema, and validating gives the same problems
before and after a check is made."""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.cli.knowledge import SCHEMA_KINDS
from kb.files import InputError, parse_text
from kb.files import validation as v

PROJECT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def documents() -> list:
    """Every YAML file of the bundled data and of the tests' data that parses."""
    found = []
    for path in sorted([*(PROJECT / "kb" / "data").rglob("*.yaml"),
                        *(PROJECT / "tests" / "data").rglob("*.yaml")]):
        try:
            found.append((str(path), parse_text(path.read_text(encoding="utf-8"), str(path))))
        except (InputError, UnicodeError, ValueError):
            continue
    assert len(found) > 300
    return found


@pytest.mark.parametrize("kind", SCHEMA_KINDS)
def test_a_compiled_check_passes_only_what_jsonschema_passes(kind, documents):
    validator = v.schema(kind)
    for _ in range(v.EAGER):
        v.conforms(validator, {})                     # the check is made now
    assert v._COMPILED[id(validator)][1] not in (None, False)
    passed = [v.conforms(validator, data) for _, data in documents]
    assert any(passed) and not all(passed)
    for (_, data), ok in zip(documents, passed, strict=True):
        if ok:
            assert not list(validator.iter_errors(data))


def test_problems_are_the_same_before_and_after_the_check_is_made(documents):
    v._COMPILED.clear()
    before = [v.validate(data, "provisions", name) for name, data in documents]
    assert v._COMPILED[id(v.schema("provisions"))][1] is not None   # made along the way
    after = [v.validate(data, "provisions", name) for name, data in documents]
    assert before == after and any(before) and not all(before)
