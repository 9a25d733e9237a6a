"""`floorbook check` keeps what it computed between runs (kb.files.cache): a run whose cache
an earlier run filled prints exactly what a fresh run prints, reads again only the files
that changed, ignores a damaged or foreign cache, and never reads or writes the cache
inside the data folder."""

from __future__ import annotations

import marshal
import os
import pickle
import shutil
from pathlib import Path

import pytest

import kb.house.datafolder
import kb.knowledge.load
from kb import DATA
from kb.cli import main
from kb.files.cache import MAGIC, Cache, Store, code_version, trim
from kb.house.datafolder import folder_problems
from kb.knowledge.load import load_knowledge_base

SCENARIOS = ("four-card-flop", "stud-premature-fifth-street",
             "case-c33-premature-turn-during-raise", "boxed-card-during-deal")


@pytest.fixture
def cache_dir(tmp_path, monkeypatch) -> Path:
    """A cache folder of this test's (FLOORBOOK_CACHE_DIR)."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("FLOORBOOK_CACHE_DIR", str(folder))
    monkeypatch.delenv("FLOORBOOK_CACHE", raising=False)
    return folder


@pytest.fixture
def data(tmp_path) -> Path:
    """The bundled knowledge base with four scenarios, one broken scenario file, one whose
    events cannot be replayed, and a broken house rulebook beside the bundled ones."""
    folder = tmp_path / "data"
    shutil.copytree(DATA, folder, ignore=shutil.ignore_patterns("scenarios"))
    (folder / "scenarios").mkdir()
    for name in SCENARIOS:
        shutil.copy(DATA / "scenarios" / f"{name}.yaml", folder / "scenarios")
    (folder / "scenarios" / "zz-broken.yaml").write_text("id: broken\nseats: 2\n")
    text = (DATA / "scenarios" / "four-card-flop.yaml").read_text(encoding="utf-8")
    text = text.replace("id: four-card-flop", "id: cannot-replay", 1)
    (folder / "scenarios" / "zz-replay.yaml").write_text(
        text.replace("events:\n", "events:\n  - deal: {exposed: [40]}\n", 1))
    (folder / "rulebooks" / "zz.yaml").write_text('id: house.zz@2026\ntitle: ZZ\n'
                                                  'base: "tda@2030"\n')
    return folder


def _check(data: Path, capsys, *options: str) -> tuple[int, str, str]:
    status = main(["check", "--data", str(data), *options])
    out, err = capsys.readouterr()
    return status, out, err


def _no_parsing(monkeypatch) -> None:
    """Make reading a knowledge-base or scenario file's text an error: a run that does
    did not take them from the cache."""
    def refuse(*args, **kwargs):
        raise AssertionError("a file was parsed again")
    monkeypatch.setattr(kb.knowledge.load, "_fresh", refuse)
    monkeypatch.setattr(kb.house.datafolder, "_scenario", refuse)
    monkeypatch.setattr(kb.house.datafolder, "compare", refuse)


def test_a_warm_run_prints_what_a_fresh_run_prints_without_parsing(data, cache_dir, capsys,
                                                                   monkeypatch):
    fresh = _check(data, capsys, "--no-cache")
    fresh_json = _check(data, capsys, "--no-cache", "--json")
    assert not cache_dir.exists()                   # --no-cache keeps nothing
    assert fresh[0] == 1 and "zz-broken.yaml:1: the file has no 'game'" in fresh[2]
    assert "zz-replay.yaml" in fresh[2] and "tda@2030" in fresh[2]
    assert _check(data, capsys) == fresh            # the first run fills the cache
    assert sorted(p.name.split("-")[0] for p in cache_dir.iterdir()) == ["check", "kb"]
    with monkeypatch.context() as patch:
        _no_parsing(patch)
        assert _check(data, capsys) == fresh
        assert _check(data, capsys, "--json") == fresh_json


def test_an_edited_file_is_read_again(data, cache_dir, capsys):
    assert _check(data, capsys)[0] == 1
    scenario = data / "scenarios" / "four-card-flop.yaml"
    text = scenario.read_text(encoding="utf-8")
    scenario.write_text(text.replace("game: holdem", "game: chess", 1), encoding="utf-8")
    status, _, err = _check(data, capsys)
    assert "four-card-flop.yaml:" in err and "game is 'chess'" in err
    assert (status, err) == _check(data, capsys, "--no-cache")[::2]
    scenario.write_text(text, encoding="utf-8")              # fixed: the problem goes
    (data / "scenarios" / "zz-broken.yaml").unlink()
    (data / "scenarios" / "zz-replay.yaml").unlink()
    (data / "rulebooks" / "zz.yaml").unlink()
    status, out, _ = _check(data, capsys)
    assert (status, out.splitlines()[-1]) == (0, f"{data}: 264 provisions, 39 topics, 46 terms, "
                                                "21 errata: no problems")
    topics = data / "topics.yaml"                             # a knowledge-base file
    topics.write_text(topics.read_text(encoding="utf-8").replace(
        "  - id: four-card-flop\n", "  - id: Four-Card-Flop\n", 1), encoding="utf-8")
    status, _, err = _check(data, capsys)
    assert status == 1 and "Four-Card-Flop" in err
    assert err == _check(data, capsys, "--no-cache")[2]


def test_an_edited_house_rulebook_is_composed_again(data, cache_dir, capsys):
    fresh = _check(data, capsys)
    house = data / "rulebooks" / "zz.yaml"
    house.write_text('id: house.zz@2026\ntitle: ZZ\nbase: "tda@2031"\n')
    status, _, err = _check(data, capsys)
    assert "tda@2031" in err and "tda@2030" not in err
    assert (status, err) == _check(data, capsys, "--no-cache")[::2]
    house.write_text('id: house.zz@2026\ntitle: ZZ\nbase: "tda@2030"\n')
    assert _check(data, capsys) == fresh


@pytest.mark.parametrize("damage", ["garbage", "truncated", "empty", "foreign-version",
                                    "other-scope"])
def test_a_damaged_cache_is_ignored_and_rewritten(data, cache_dir, capsys, damage):
    fresh = _check(data, capsys)
    for store in cache_dir.iterdir():
        whole = store.read_bytes()
        store.write_bytes({"garbage": MAGIC + code_version().encode() + b"\nnot a pickle",
                           "truncated": whole[:len(whole) // 2], "empty": b"",
                           "foreign-version": MAGIC + b"0" * 40 + b"\n" + whole[59:],
                           "other-scope": whole[:59] + marshal.dumps(("/elsewhere", {}))
                           }[damage])
    assert _check(data, capsys) == fresh
    for store in cache_dir.iterdir():                     # rewritten whole, and read back
        head = MAGIC + code_version().encode() + b"\n"
        assert store.read_bytes().startswith(head)
        scope, entries = marshal.loads(store.read_bytes()[len(head):])
        assert scope == str(data.resolve()) and entries
    assert _check(data, capsys) == fresh


class _Runs:
    """Unpickling this runs code (it would create a file): what a store must never do
    with an entry that is not its code's."""

    def __init__(self, path: str):
        self.path = path

    def __reduce__(self):
        return (Path.touch, (Path(self.path),))


def test_a_store_of_another_version_is_not_unpickled(tmp_path):
    cache = Cache(tmp_path / "cache")
    with cache.store("kb", "/data") as store:
        store.put("a", 1)
    path = next((tmp_path / "cache").iterdir())
    marker = tmp_path / "ran"
    path.write_bytes(MAGIC + b"f" * 40 + b"\n" + pickle.dumps(("/data", {"a": _Runs(marker)})))
    with cache.store("kb", "/data") as store:
        assert store.get("a") is None
    assert not marker.exists()


def test_the_cache_is_never_in_the_data_folder(data, tmp_path, monkeypatch, capsys):
    before = sorted(p.relative_to(data) for p in data.rglob("*"))
    monkeypatch.setenv("FLOORBOOK_CACHE_DIR", str(data / ".cache"))
    assert Cache.default(data=data) is None
    monkeypatch.setenv("FLOORBOOK_CACHE_DIR", str(data))
    assert Cache.default(data=data) is None
    assert _check(data, capsys)[0] == 1
    monkeypatch.setenv("FLOORBOOK_CACHE_DIR", str(tmp_path / "cache"))
    assert _check(data, capsys)[0] == 1 and _check(data, capsys)[0] == 1
    assert sorted(p.relative_to(data) for p in data.rglob("*")) == before
    assert len(list((tmp_path / "cache").iterdir())) == 2


def test_the_cache_folder_by_the_environment(tmp_path, monkeypatch, data, capsys):
    monkeypatch.delenv("FLOORBOOK_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    cache = Cache.default()
    assert cache is not None and cache.folder == tmp_path / "xdg" / "floorbook"
    assert (cache.folder.stat().st_mode & 0o777) == 0o700
    monkeypatch.setenv("FLOORBOOK_CACHE", "off")
    assert Cache.default() is None
    assert _check(data, capsys)[0] == 1 and not any(cache.folder.iterdir())
    monkeypatch.delenv("FLOORBOOK_CACHE")
    os.chmod(cache.folder, 0o777)                       # others could plant entries
    assert Cache.default() is None


def test_a_cached_knowledge_base_equals_a_fresh_load(tmp_path):
    cache = Cache(tmp_path / "cache")
    fresh = load_knowledge_base(DATA)
    assert load_knowledge_base(DATA, cache=cache) == fresh
    assert load_knowledge_base(DATA, cache=cache) == fresh
    kept, problems = folder_problems(DATA, cache=cache)
    assert (kept, problems) == (fresh, [])


def test_trim_removes_the_stores_used_least_recently(tmp_path):
    cache = Cache(tmp_path)
    for n in range(4):
        with cache.store("check", f"/data{n}") as store:
            store.put("a", "x" * 1000)
    paths = sorted(tmp_path.iterdir())
    for age, path in enumerate(paths):
        os.utime(path, (1000 + age, 1000 + age))
    left = tmp_path / f".{paths[1].name}.tmp1234"        # what a killed run left
    others = [tmp_path / ".bashrc", tmp_path / "notes.pickle", tmp_path / "big"]
    for path in (left, *others):                         # files of the user's: kept
        path.write_bytes(b"x" * 5000)
        os.utime(path, (1000, 1000))
    folder = os.open(tmp_path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        trim(folder, keep=paths[0].name, limit=2500)
    finally:
        os.close(folder)
    assert sorted(tmp_path.iterdir()) == sorted([paths[0], paths[3], *others])


def test_a_store_that_is_off_keeps_nothing():
    with Store.off() as store:
        store.put("a", 1)
        assert store.get("a") is None


def test_a_value_that_cannot_be_pickled_is_not_kept_and_no_error(tmp_path):
    cache = Cache(tmp_path / "cache")
    with cache.store("check", "/data") as store:
        store.put("a", lambda: 1)
    assert not (tmp_path / "cache").exists()
    with cache.store("check", "/data") as store:
        assert store.get("a") is None
