"""The checks compiled from the schemas, kept in the user's cache between runs
(:func:`kb.files.validation.checks_kept_in`): the same answers as compiling them afresh,
on every YAML file of the project under every schema; a damaged entry is compiled again;
outside the block nothing is read or kept."""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.cli.knowledge import SCHEMA_KINDS
from kb.files import InputError, parse_text
from kb.files import validation as v
from kb.files.cache import Cache, digest

PROJECT = Path(__file__).resolve().parent.parent


def _documents() -> list:
    """Every YAML file of the bundled data and of the tests' data that parses."""
    found = []
    for path in sorted([*(PROJECT / "kb" / "data").rglob("*.yaml"),
                        *(PROJECT / "tests" / "data").rglob("*.yaml")]):
        try:
            found.append(parse_text(path.read_text(encoding="utf-8"), str(path)))
        except (InputError, UnicodeError, ValueError):
            continue
    return found


@pytest.fixture(scope="module")
def documents():
    found = _documents()
    assert len(found) > 300
    return found


def _answers(documents) -> dict[str, list[bool]]:
    """Every document's answer under every kind's schema, from checks made now."""
    v._COMPILED.clear()
    return {kind: [v.conforms(v.schema(kind), d) for d in documents] for kind in SCHEMA_KINDS}


def test_kept_checks_answer_as_checks_compiled_afresh(documents, tmp_path):
    fresh = _answers(documents)
    assert any(fresh["provisions"]) and not all(fresh["provisions"])
    with v.checks_kept_in(Cache(tmp_path)):
        filling = _answers(documents)                   # compiled, and kept
        kept = _answers(documents)                      # every check from the cache
    assert filling == kept == fresh
    assert len(list(tmp_path.glob("schema-*.kept"))) == len(SCHEMA_KINDS)


def test_a_kept_check_is_what_is_run(tmp_path, monkeypatch):
    with v.checks_kept_in(Cache(tmp_path)):
        _answers([{}])
        monkeypatch.setattr(v.fastjsonschema, "compile_to_code", None)   # nothing compiles
        monkeypatch.setattr(v.fastjsonschema, "compile", None)
        assert _answers([{}]) == {kind: [False] * 1 for kind in SCHEMA_KINDS}


@pytest.mark.parametrize("damage", ["bytes", "digest", "name", "shape", "code"])
def test_a_damaged_check_is_compiled_again(documents, tmp_path, damage):
    fresh = _answers(documents)
    definition = v._stricter(v.schema("provisions").schema)
    scope = digest(v.json.dumps(definition).encode())
    cache = Cache(tmp_path)
    with v.checks_kept_in(cache):
        _answers([])
        v.conforms(v.schema("provisions"), {})
    with cache.store("schema", scope) as store:
        good, name, blob = store.get("check")
        bad = {"bytes": (digest(blob[:-5]), name, blob[:-5]),
               "digest": (good, name, blob + b"x"), "name": (good, "no_such_function", blob),
               "shape": ["not", "an", "entry"],
               "code": (digest(b"\xe3garbage"), name, b"\xe3garbage")}[damage]
        store.put("check", bad)
    with v.checks_kept_in(cache):
        assert _answers(documents) == fresh
    with cache.store("schema", scope) as store:                # compiled again, and kept
        assert v._loaded(store.get("check")) is not None


def test_outside_the_block_nothing_is_kept(tmp_path):
    with v.checks_kept_in(Cache(tmp_path)):
        pass
    _answers([{}])
    assert not list(tmp_path.iterdir())
    with v.checks_kept_in(None):
        _answers([{}])
    assert not list(tmp_path.iterdir())
