"""Faults a build meets in its output folder and on the disk give one line and status 1,
never a traceback (issue 19, section 4): a ``.buildinfo`` cut short by a killed Sphinx
run, and a write that finds no room (a full disk, the size limit on files)."""

from __future__ import annotations

import errno
import os
import pickle
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from kb.cli import main
from kb.house.compose import RULEBOOKS

ROOT = Path(__file__).parent / "roots" / "test-basic"


@pytest.fixture
def folder(tmp_path) -> Path:
    """A data folder (test-basic's data) with its pages in ``pages``, built once."""
    shutil.copytree(ROOT / "data", tmp_path / "data")
    shutil.copytree(ROOT, tmp_path / "data" / "pages",
                    ignore=shutil.ignore_patterns("conf.py", "data"))
    assert main(_command(tmp_path)) == 0
    return tmp_path


def _command(tmp: Path) -> list[str]:
    return ["build", "-q", "--data", str(tmp / "data"), "-o", str(tmp / "site")]


def test_a_buildinfo_cut_short_is_one_line_and_exit_1(folder, capsys):
    marker = folder / "site" / ".buildinfo"
    whole = marker.read_bytes()
    for size in (29, 60, 170, whole.index(b"tags: ") + 3):   # each line of it cut
        marker.write_bytes(whole[:size])
        capsys.readouterr()
        assert main(_command(folder)) == 1
        said = capsys.readouterr().err.splitlines()
        assert said == [f"floorbook build: -o {folder / 'site'}: has a .buildinfo cut short "
                        "or damaged (a Sphinx build stopped while writing it?); remove the "
                        "folder, which a build would replace anyway, or give a new or empty "
                        "one"], size
    marker.write_bytes(whole)
    assert main(_command(folder)) == 0


def test_doctrees_cut_short_are_read_again(folder):
    doctrees = folder / ".site.doctrees"
    for name in ("environment.pickle", "glossary.doctree", "floorbook-site.stamp"):
        data = (doctrees / name).read_bytes()
        (doctrees / name).write_bytes(data[:len(data) // 2])
    page = folder / "data" / "pages" / "glossary.md"
    page.write_text(page.read_text(encoding="utf-8") + "\nMore.\n", encoding="utf-8")
    assert main(_command(folder)) == 0
    assert "More." in (folder / "site" / "glossary.html").read_text(encoding="utf-8")


def test_a_full_disk_while_sphinx_writes_is_one_line_and_leaves_the_earlier_site(
        folder, capsys, monkeypatch):
    dump, site = pickle.dump, folder / "site"
    before = sorted(p.relative_to(site) for p in site.rglob("*"))

    def no_room(value, file, *args, **kwargs):       # Sphinx pickles its environment
        if str(getattr(file, "name", "")).endswith("environment.pickle"):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return dump(value, file, *args, **kwargs)

    monkeypatch.setattr(pickle, "dump", no_room)
    page = folder / "data" / "pages" / "glossary.md"
    page.write_text(page.read_text(encoding="utf-8") + "\nMore.\n", encoding="utf-8")
    capsys.readouterr()
    assert main(_command(folder)) == 1
    assert capsys.readouterr().err.splitlines() == [
        f"{site}: cannot be written: No space left on device (the disk is full); make room "
        "there, or give a place on another disk, and run it again"]
    assert sorted(p.relative_to(site) for p in site.rglob("*")) == before
    assert sorted(os.listdir(folder)) == [".site.doctrees", "data", "site"]
    assert "More." not in (site / "glossary.html").read_text(encoding="utf-8")


def _limited(size: int):
    """For a child process: files of at most ``size`` bytes, as under ``ulimit -f`` (a
    write past it fails with EFBIG in Python, which ignores SIGXFSZ as it starts)."""
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))
    return limit


@pytest.mark.parametrize("command", ["build", "rulebook"])
def test_the_size_limit_on_files_is_one_line_and_exit_1_through_the_command_line(
        tmp_path, command):
    shutil.copytree(ROOT / "data", tmp_path / "data")
    arguments = (_command(tmp_path) if command == "build" else
                 ["rulebook", "build", str(RULEBOOKS / "home-game.yaml"), "-o",
                  str(tmp_path / "site")])
    done = subprocess.run([sys.executable, "-m", "kb", *arguments], capture_output=True,
                          text=True, preexec_fn=_limited(20_000), check=False)
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        f"{tmp_path / 'site'}: cannot be written: File too large (a file would pass the size "
        "limit on files, ulimit -f); make room there, or give a place on another disk, and "
        "run it again"]
    assert sorted(os.listdir(tmp_path)) == ["data"]
