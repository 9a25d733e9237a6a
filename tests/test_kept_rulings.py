"""The handbook's ruling table kept between builds (:func:`kb.handbook.data.rulings.kept_table`):
the same table as ruling again, used only while what it was ruled from is unchanged (an
edited summary is not ruled from), and never taken from a damaged or foreign entry."""

from __future__ import annotations

import pickle
from dataclasses import replace
from pathlib import Path

import pytest

from kb import DATA
from kb.files.cache import Cache, Store, digest
from kb.handbook.data import rulings
from kb.handbook.data.rulings import build_table, kept_table, rulings_digest
from kb.house.datafolder import folder_scenarios
from kb.knowledge.load import load_knowledge_base


def _fail(*args, **kwargs):
    raise AssertionError("a ruling read a provision's summary")


class _Poison:
    """A summary that fails at every use: comparing, hashing, printing, joining, pickling."""


for _name in ("__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__", "__hash__",
              "__str__", "__repr__", "__format__", "__bool__", "__len__", "__iter__",
              "__contains__", "__getitem__", "__add__", "__radd__", "__mul__", "__rmul__",
              "__mod__", "__rmod__", "__reduce__", "__reduce_ex__", "__copy__",
              "__deepcopy__", "__getattr__", "__fspath__", "__index__", "__int__"):
    setattr(_Poison, _name, _fail)


def other_kb(kb, **changes):
    """``kb`` with ``changes``, indexed afresh: ``dataclasses.replace`` alone would hand
    the new knowledge base the old one's index, which its ``__post_init__`` then fills
    with the new records (both would look up the changed ones)."""
    return replace(kb, **changes, _index={})


def _shown(table) -> str:
    """Everything a table holds but its scenarios (read from the same files either way), as
    shown: every field of every ruling, rulebook and disagreement (a step's details too,
    which its ``==`` leaves out; a house provision's parsed node aside, layout only)."""
    return repr((table.files, table.rulebooks, table.rulings, table.computed))


@pytest.fixture(scope="module")
def kb():
    return load_knowledge_base()


@pytest.fixture(scope="module")
def read():
    scenarios, problems, digests = folder_scenarios(DATA / "scenarios")
    assert not problems
    return scenarios, digests


@pytest.mark.parametrize("data_dir", [None, DATA], ids=["bundled", "data-folder"])
def test_no_ruling_rulebook_or_disagreement_reads_a_summary(kb, read, data_dir):
    poisoned = other_kb(kb, provisions=tuple(replace(p, summary=_Poison())
                                             for p in kb.provisions))
    with pytest.raises(AssertionError):     # the poison works: showing a provision fails
        repr(poisoned.provisions[0])
    assert _shown(build_table(poisoned, data_dir, *read)) == \
        _shown(build_table(kb, data_dir, *read))


def test_the_kept_table_is_the_table_ruled_again(kb, read, tmp_path, monkeypatch):
    fresh = build_table(kb, None, *read)
    with Cache(tmp_path).store("table", "/data") as store:
        first = kept_table(kb, None, *read, store)
    monkeypatch.setattr(rulings, "build_table", _fail)       # the second must not rule
    with Cache(tmp_path).store("table", "/data") as store:
        second = kept_table(kb, None, *read, store)
    assert _shown(first) == _shown(second) == _shown(fresh) and second == fresh
    assert second.scenarios == fresh.scenarios and list(second.scenarios) == list(fresh.scenarios)
    assert second._memo == first._memo
    assert [second.row_digest(s) for s in fresh.scenarios] == \
        [fresh.row_digest(s) for s in fresh.scenarios]
    assert all(second.showing(t.id) == fresh.showing(t.id) for t in kb.topics)


def _edited(kb, **changes):
    """``kb`` with its first provision changed so."""
    return other_kb(kb, provisions=(replace(kb.provisions[0], **changes), *kb.provisions[1:]))


def test_an_edited_summary_keeps_the_table_an_edited_ruling_input_does_not(kb, read):
    summary = _edited(kb, summary="Edited for the test. " + kb.provisions[0].summary)
    assert rulings_digest(summary) == rulings_digest(kb)
    first = kb.provisions[0]
    for changed in (_edited(kb, title=first.title + " (edited)"),
                    _edited(kb, topics=first.topics[1:]), _edited(kb, numbers=()),
                    _edited(kb, settings=first.settings[:1]),
                    other_kb(kb, topics=(replace(kb.topics[0], title="Edited"),
                                         *kb.topics[1:]))):
        assert rulings_digest(changed) != rulings_digest(kb)


def test_an_edit_that_changes_rulings_rules_again(kb, read, tmp_path):
    scenarios, digests = read
    with Cache(tmp_path).store("table", "/data") as store:
        kept_table(kb, None, scenarios, digests, store)
    # one scenario's file changed: the table kept is not this one
    other = {**digests, scenarios[0].path: digest(b"edited")}
    with Cache(tmp_path).store("table", "/data") as store:
        assert rulings._unkept(store.get(rulings._table_key(kb, None, scenarios, other)),
                               scenarios, other) is None
    # a provision no longer in the edition it was numbered in: ruled again, not taken
    renumbered = _edited(kb, numbers=())
    with Cache(tmp_path).store("table", "/data") as store:
        again = kept_table(renumbered, None, scenarios, digests, store)
    assert _shown(again) == _shown(build_table(renumbered, None, scenarios, digests))


def test_a_house_file_edit_rules_again(kb, read, tmp_path):
    data = tmp_path / "data"
    (data / "rulebooks").mkdir(parents=True)
    house = sorted((DATA / "rulebooks").glob("*.yaml"))[0]
    (data / "rulebooks" / house.name).write_bytes(house.read_bytes())
    before = rulings._table_key(kb, data, *read)
    (data / "rulebooks" / house.name).write_bytes(house.read_bytes() + b"\n# edited\n")
    assert rulings._table_key(kb, data, *read) != before
    (data / "rulebooks" / "unreadable.yaml").mkdir()        # a folder: nothing is kept
    assert rulings._table_key(kb, data, *read) is None


@pytest.mark.parametrize("damage", ["bytes", "digest", "pickle", "type", "scenarios",
                                    "memo", "rulings"])
def test_a_damaged_entry_is_ruled_again(kb, read, tmp_path, damage):
    scenarios, digests = read
    key = rulings._table_key(kb, None, scenarios, digests)
    table = build_table(kb, None, scenarios, digests)
    table.showing("")
    for sid in table.scenarios:
        table.row_digest(sid)
    bare = replace(table, scenarios={})
    blob = {"bytes": pickle.dumps(bare)[:-10], "pickle": b"not a pickle",
            "type": pickle.dumps(["a list"]), "scenarios": pickle.dumps(table),
            "memo": pickle.dumps(replace(bare, _memo={"rows": {}, "topics": {}})),
            "rulings": pickle.dumps(replace(bare, rulings={})),
            "digest": pickle.dumps(bare)}[damage]
    entry = (digest(blob) if damage != "digest" else digest(b"other"), blob)
    with Cache(tmp_path).store("table", "/data") as store:
        store.put(key, entry)
    with Cache(tmp_path).store("table", "/data") as store:
        assert rulings._unkept(store.get(key), scenarios, digests) is None
        again = kept_table(kb, None, scenarios, digests, store)
    assert _shown(again) == _shown(table)
    with Cache(tmp_path).store("table", "/data") as store:   # the good table replaced it
        assert rulings._unkept(store.get(key), scenarios, digests) is not None


def test_without_a_store_nothing_is_kept(kb, read):
    with Store.off() as store:
        table = kept_table(kb, None, *read, store)
        assert store.get(rulings._table_key(kb, None, *read)) is None
    assert _shown(table) == _shown(build_table(kb, None, *read))


def test_a_build_after_a_summary_edit_is_the_build_without_the_cache(tmp_path):
    """End to end: the site built with the kept table after an edit is the site built
    from nothing with --no-cache."""
    import os
    import re
    import shutil
    import subprocess
    import sys

    data = tmp_path / "data"
    shutil.copytree(DATA, data)
    env = {**os.environ, "FLOORBOOK_CACHE_DIR": str(tmp_path / "cache"),
           "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}

    def build(*args: str) -> None:
        done = subprocess.run([sys.executable, "-m", "kb", "build", "-q", "--data", str(data),
                               *args], env=env, capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stderr

    build("-o", str(tmp_path / "kept"))
    path = data / "provisions" / "tda.yaml"
    text = path.read_text(encoding="utf-8")
    first = re.search(r"( +)summary: >-\n( +)", text)     # as tools/bench.py edits it
    assert first is not None
    path.write_text(text[:first.end()] + "Edited for the test. " + text[first.end():],
                    encoding="utf-8")
    build("-o", str(tmp_path / "kept"))
    assert (tmp_path / "cache").is_dir() and any((tmp_path / "cache").glob("table-*"))
    build("--no-cache", "-o", str(tmp_path / "fresh"))
    kept, fresh = tmp_path / "kept", tmp_path / "fresh"
    names = sorted(str(p.relative_to(kept)) for p in kept.rglob("*") if p.is_file())
    assert names == sorted(str(p.relative_to(fresh)) for p in fresh.rglob("*") if p.is_file())
    assert "Edited for the test." in (kept / "editions" / "tda-2024.html").read_text()
    for name in names:
        assert (kept / name).read_bytes() == (fresh / name).read_bytes(), name


def test_a_kept_disagreement_names_its_rulings_and_is_checked(kb, read, tmp_path):
    """The kept table holds each ruling once: a disagreement's two rulings are named by
    their rulebooks and taken from the table's rulings again; one naming a ruling the
    table does not hold, or not a ruling at all, makes the entry damaged."""
    scenarios, digests = read
    with Cache(tmp_path).store("table", "/data") as store:
        kept_table(kb, None, scenarios, digests, store)
    with Cache(tmp_path).store("table", "/data") as store:
        key = rulings._table_key(kb, None, scenarios, digests)
        entry = store.get(key)
    assert entry.computed and all(isinstance(c.left, str) for c in entry.computed)
    again = rulings._unkept(entry, scenarios, digests)
    assert again is not None and again.computed[0].left is \
        again.rulings[again.computed[0].scenario, again.computed[0].left.rulebook]
    for bad in ("nobody@1", 3):
        broken = replace(entry, computed=(replace(entry.computed[0], right=bad),
                                          *entry.computed[1:]))
        assert rulings._unkept(broken, scenarios, digests) is None
