"""What the cache keeps is plain data (kb.files.plain): the project's records come back
equal, and nothing read back is, or can name, code; a planted store of this code's
version that holds code is read as damaged, and nothing in it runs."""

from __future__ import annotations

import dataclasses
import marshal
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest
import test_check_cache as checked

from kb import DATA
from kb.files import plain
from kb.files.cache import MAGIC, code_version
from kb.files.parsing import parse_text
from kb.house.compose import resolve_rulebook
from kb.house.datafolder import read_folder
from kb.knowledge.load import load_knowledge_base
from kb.knowledge.vocabulary import Confidence
from kb.rules.engine import rule
from kb.rules.ruling import Cited

cache_dir, data, _check = checked.cache_dir, checked.data, checked._check
PROJECT = Path(__file__).resolve().parent.parent


def test_records_come_back_equal():
    kb = load_knowledge_base(DATA)
    folder = read_folder(DATA, rule=False)
    for value in (kb, folder.scenarios, [Confidence("partial")], {("a", 1): {2.5, None}}):
        assert plain.loads(plain.dumps(value)) == value
    parsed = parse_text("a:\n  b: [1, 2]\n", "x.yaml")        # a mapping that knows lines
    back = plain.loads(plain.dumps(parsed))
    assert back == parsed and type(back) is type(parsed)
    assert (back.line, back["a"].value_line("b"), back.file) == (1, 2, "x.yaml")


def test_a_ruling_with_its_citation_pairs_comes_back_equal():
    """A ruling holds its citations as named tuples (kb.rules.ruling.Cited): the kept
    ruling table holds them, so the cache must (the table was never kept when it could
    not, and every build ruled again)."""
    kb = load_knowledge_base(DATA)
    scenario = next(s for s in read_folder(DATA, rule=False).scenarios
                    if s.id == "case-c27-four-card-flop-stuck-cards")
    ruling = rule(kb, resolve_rulebook(kb, "tda@2024"), scenario, seed=0)
    assert ruling.cited and all(type(c) is Cited for c in ruling.cited)
    back = plain.loads(plain.dumps(ruling))
    assert back == ruling and repr(back) == repr(ruling)
    assert [type(c) for c in back.cited] == [Cited] * len(ruling.cited)
    assert back.cited[0].citation == ruling.cited[0].citation


@pytest.mark.parametrize("value", [len, lambda: 1, Path("/x"), pickle, ..., object()])
def test_what_is_not_plain_is_not_kept(value):
    with pytest.raises(plain.NotPlain):
        plain.dumps([value])


def _code(marker: Path):
    return compile(f"open({str(marker)!r}, 'w')", "planted", "exec")


@pytest.mark.parametrize("planted", ["code", "builtin", "not-kb", "not-imported",
                                     "function", "module", "dunder", "fields"])
def test_a_planted_record_is_refused(tmp_path, planted):
    node = {"code": _code(tmp_path / "ran"),
            "builtin": (..., "builtins:eval", "1"),
            "not-kb": (..., "os:system", "true"),
            "not-imported": (..., "kb.nothing_here:Thing"),
            "function": (..., "kb.files.plain:dumps", 1),
            "module": (..., "kb.files:plain"),
            "dunder": (..., "kb.files.problems:Problem.__class__"),
            "fields": (..., "kb.files.problems:Problem", "only one")}[planted]
    with pytest.raises(plain.NotPlain):
        plain.loads(marshal.dumps([node]))
    assert not (tmp_path / "ran").exists()


def test_a_store_holding_code_is_damaged_and_nothing_runs(data, cache_dir, capsys, tmp_path):
    fresh = _check(data, capsys)
    marker = tmp_path / "ran"
    head = MAGIC + code_version().encode() + b"\n"
    for store in cache_dir.iterdir():
        scope, entries = marshal.loads(store.read_bytes()[len(head):])
        planted = {key: marshal.dumps(_code(marker)) for key in entries}
        store.write_bytes(head + marshal.dumps((scope, planted)))
    assert _check(data, capsys) == fresh and not marker.exists()


def _slotted(**options) -> type:
    """A dataclass with slots, named as if a ``kb`` module held it."""
    kind = dataclasses.dataclass(slots=True, **options)(
        type("Slotted", (), {"__annotations__": {"a": int}, "__module__": "kb.x"}))
    kind.__qualname__ = "Slotted"
    return kind


def test_a_record_with_slots_is_kept_only_when_its_slots_are_its_fields():
    weak = _slotted(weakref_slot=True)                 # a slot that is not a field
    sub = type("Sub", (_slotted(),), {"__slots__": ("b",), "__module__": "kb.x"})
    for value in (weak(1), sub(1)):
        with pytest.raises(plain.NotPlain):
            plain.dumps([value])
    assert plain._fields(_slotted()) == ("a",)


_WATCH = """
import marshal, sys, types
import kb.files.cache as cache
from kb.cli import main
read, real = [], cache.read_at
cache.read_at = lambda *a: read.append(real(*a)) or read[-1]
main(["check", "--data", sys.argv[1]])

def code(node):
    if isinstance(node, types.CodeType):
        return 1
    if isinstance(node, bytes):
        try:
            node = marshal.loads(node)
        except Exception:
            return 0
        return code(node) if not isinstance(node, bytes) else 0
    if isinstance(node, (tuple, list, set, frozenset)):
        return sum(map(code, node))
    if isinstance(node, dict):
        return sum(map(code, node.values()))
    return 0

blobs = [b.split(b"\\n", 2)[2] for b in read if b]
print("READ", len(blobs), "CODE", sum(code(b) for b in blobs))
"""


def test_nothing_executable_is_read_from_the_cache(data, cache_dir):
    """Every store a check reads back from the cache folder holds data only: no code
    object in it, nor in any blob of it (until issue 20 the schemas' checks were compiled
    to Python and kept in the cache as marshalled code, executed when read)."""
    lines = []
    for _ in range(2):          # cold (filling), then warm with a file edited (validated)
        run = subprocess.run([sys.executable, "-c", _WATCH, str(data)], capture_output=True,
                             text=True, timeout=300, cwd=PROJECT,
                             env=dict(os.environ, FLOORBOOK_CACHE_DIR=str(cache_dir)))
        lines.append(run.stdout.splitlines()[-1])
        with open(data / "provisions" / "tda.yaml", "a", encoding="utf-8") as edited:
            edited.write("\n# edited\n")
    assert lines[0] == "READ 0 CODE 0"
    assert lines[1].startswith("READ ") and lines[1].endswith(" CODE 0")
    assert int(lines[1].split()[1]) >= 2                 # the knowledge base's, the check's
