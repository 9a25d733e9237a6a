"""The cache folder is opened once and checked as OpenSSH checks ``~/.ssh``
(kb.files.private), and its stores are opened through that folder without following a
link or waiting on one: nothing another user could put there, or swap in while `check`
runs, is read back as the user's work.  Each store the attacks plant would create a
marker file if it were unpickled."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
import threading
from pathlib import Path

import test_check_cache as checked

from kb.cli import main
from kb.files.cache import MAGIC, Cache, code_version
from kb.house.datafolder import folder_problems

PROJECT = Path(__file__).resolve().parent.parent
#: the fixtures of tests/test_check_cache.py: a cache folder of the test's, a data folder
cache_dir, data, _check = checked.cache_dir, checked.data, checked._check


class _Runs:
    """Unpickling this creates the file ``path``."""

    def __init__(self, path: Path):
        self.path = str(path)

    def __reduce__(self):
        return (Path.touch, (Path(self.path),))


def _planted(marker: Path) -> bytes:
    """A store of this code's version whose unpickling creates ``marker``."""
    return MAGIC + code_version().encode() + b"\n" + pickle.dumps(_Runs(marker))


def _filled(data: Path, capsys, cache_dir: Path) -> tuple[tuple, list[str]]:
    """A check run that filled the cache: its result, and its stores' names."""
    fresh = _check(data, capsys)
    names = sorted(p.name for p in cache_dir.iterdir())
    assert {name.split("-")[0] for name in names} >= {"check", "kb"}
    return fresh, names


def test_a_cache_folder_swapped_while_check_runs_is_never_read(data, cache_dir, capsys,
                                                               tmp_path):
    _, names = _filled(data, capsys, cache_dir)
    marker, evil, held = tmp_path / "ran", tmp_path / "evil", tmp_path / "held"
    evil.mkdir(mode=0o700)
    for name in names:
        (evil / name).write_bytes(_planted(marker))
    cache = Cache.default(data=data)                   # checked and opened once
    assert cache is not None
    stop = threading.Event()

    def swap() -> None:                  # what a user who may write the parent can do
        while not stop.is_set():
            os.rename(cache_dir, held)
            os.rename(evil, cache_dir)
            os.rename(cache_dir, evil)
            os.rename(held, cache_dir)

    swapper = threading.Thread(target=swap)
    swapper.start()
    try:
        results = {tuple(folder_problems(data, cache=cache)[1]) for _ in range(15)}
    finally:
        stop.set()
        swapper.join()
    assert not marker.exists()
    assert len(results) == 1 and any("zz-broken.yaml" in p for p in next(iter(results)))
    assert sorted(p.name for p in cache_dir.iterdir()) == names


def test_a_parent_writable_by_others_refuses_the_cache_in_one_line(data, tmp_path,
                                                                   monkeypatch, capsys):
    parent = tmp_path / "shared"
    parent.mkdir()
    os.chmod(parent, 0o777)
    monkeypatch.setenv("FLOORBOOK_CACHE_DIR", str(parent / "cache"))
    fresh = _check(data, capsys, "--no-cache")
    status, out, err = _check(data, capsys)
    line = (f"floorbook: the cache folder {parent / 'cache'} is not used: {parent} is "
            f"writable by others (make it yours alone: chmod go-w {parent})\n")
    assert (status, out) == fresh[:2] and err == line + fresh[2]
    assert not list(parent.iterdir())                    # nothing made under it
    os.chmod(parent, 0o1777)             # sticky, as /tmp: no one renames another's entry
    cache = Cache.default()
    assert cache is not None and (parent / "cache").stat().st_mode & 0o777 == 0o700


def test_a_folder_of_another_user_refuses_the_cache(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("FLOORBOOK_CACHE_DIR", str(tmp_path / "cache"))
    Cache.default()                                      # made, the user's
    monkeypatch.setattr(os, "getuid", lambda: 4242)      # now someone else runs
    assert Cache.default() is None
    err = capsys.readouterr().err        # the first folder on the way not 4242's: root's
    owner = (tmp_path / "cache").stat().st_uid   # are fine above it, so the user's
    assert err.startswith(f"floorbook: the cache folder {tmp_path / 'cache'} is not used: /")
    assert err.endswith(f" belongs to another user (uid {owner}; set FLOORBOOK_CACHE_DIR "
                        "to a folder of your own)\n") and err.count("\n") == 1


def test_a_fifo_store_does_not_hang_check(data, cache_dir, capsys):
    fresh, names = _filled(data, capsys, cache_dir)
    for name in names:
        (cache_dir / name).unlink()
        os.mkfifo(cache_dir / name)
    run = subprocess.run([sys.executable, "-m", "kb", "check", "--data", str(data)],
                         capture_output=True, text=True, timeout=120, cwd=PROJECT,
                         env=dict(os.environ, FLOORBOOK_CACHE_DIR=str(cache_dir)))
    assert (run.returncode, run.stdout) == fresh[:2] and "Traceback" not in run.stderr
    assert all((cache_dir / name).is_file() for name in names)   # rewritten as files


def test_a_linked_store_is_not_followed(data, cache_dir, capsys, tmp_path):
    fresh, names = _filled(data, capsys, cache_dir)
    marker, elsewhere = tmp_path / "ran", tmp_path / "elsewhere"
    elsewhere.write_bytes(_planted(marker))
    for name in names:
        (cache_dir / name).unlink()
        (cache_dir / name).symlink_to(elsewhere)
    assert _check(data, capsys) == fresh
    assert not marker.exists() and elsewhere.read_bytes() == _planted(marker)
    assert not any((cache_dir / name).is_symlink() for name in names)


def test_a_linked_cache_folder_is_the_folder_it_names(data, tmp_path, monkeypatch, capsys):
    real, link = tmp_path / "real", tmp_path / "link"
    real.mkdir(mode=0o700)
    link.symlink_to(real)
    monkeypatch.setenv("FLOORBOOK_CACHE_DIR", str(link))
    fresh = _check(data, capsys)
    assert "floorbook: the cache" not in fresh[2]
    assert {p.name.split("-")[0] for p in real.iterdir()} >= {"check", "kb"}
    shared = tmp_path / "shared"                         # a link to a folder others
    shared.mkdir()                                       # could change: refused
    (shared / "cache").mkdir(mode=0o700)
    os.chmod(shared, 0o777)
    link.unlink()
    link.symlink_to(shared / "cache")
    assert Cache.default() is None
    assert f"{shared} is writable by others" in capsys.readouterr().err
    assert not list((shared / "cache").iterdir())


def test_a_cache_folder_that_cannot_be_made_is_no_cache_and_says_so(data, tmp_path,
                                                                    monkeypatch, capsys):
    # the run was silent (the fresh-user run: FLOORBOOK_CACHE_DIR=/dev/null), though the
    # docs say a cache not used is said in one line
    (tmp_path / "file").write_text("x")
    monkeypatch.setenv("FLOORBOOK_CACHE_DIR", str(tmp_path / "file" / "cache"))
    assert main(["check", "--data", str(data)]) == 1
    err = capsys.readouterr().err
    assert f"floorbook: the cache folder {tmp_path / 'file' / 'cache'} is not used: it " \
           "cannot be made or opened (Not a directory); set FLOORBOOK_CACHE_DIR" in err
    assert err.count("floorbook: the cache folder") == 1


def test_a_cache_folder_inside_the_data_folder_is_not_used_and_says_so(data, monkeypatch,
                                                                        capsys):
    monkeypatch.setenv("FLOORBOOK_CACHE_DIR", str(data / "cache"))
    main(["check", "--data", str(data)])
    assert f"floorbook: the cache folder {data / 'cache'} is not used: it is inside the " \
           f"data folder" in capsys.readouterr().err
    assert not (data / "cache").exists()


def test_a_pickle_in_a_store_of_this_version_is_never_unpickled(data, cache_dir, capsys,
                                                                 tmp_path):
    fresh, names = _filled(data, capsys, cache_dir)
    marker = tmp_path / "ran"
    for name in names:                    # in the user's own folder: the stores are data
        (cache_dir / name).write_bytes(_planted(marker))
    assert _check(data, capsys) == fresh and not marker.exists()
