"""Follow-ups of issue 7 on the builds' output folders and the command line's options: a
symbolic link, a folder inside floorbook's package or documentation, a folder that cannot
be written (/proc) are refused before anything is built, with the reason; SIGTERM during a
build leaves no half-built folder; an empty path is a usage error for every path option."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import kb
from kb.cli import main
from kb.house.compose import RULEBOOKS

HOME_GAME = RULEBOOKS / "home-game.yaml"
PACKAGE = Path(kb.__file__).resolve().parent
CHECKOUT = PACKAGE.parent
LINK = ("a symbolic link to {to}; a build replaces its output folder and would write "
        "wherever the link points, so give a real folder")


@pytest.fixture(autouse=True)
def nothing_is_built(monkeypatch):
    """Every refusal here comes before building: a build that starts fails the test."""
    def built(*args, **kwargs):
        raise AssertionError("the build started")
    monkeypatch.setattr("kb.handbook.house.publish.publish", built)
    monkeypatch.setattr("kb.handbook.sitebuild.site.build_site", built)


def _refused(argv: list[str], capsys) -> str:
    assert main(argv) == 1
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err and len(err.splitlines()) == 1
    return err.rstrip("\n")


def test_rulebook_build_refuses_a_dangling_link_and_creates_nothing_where_it_points(
        tmp_path, capsys):
    link, to = tmp_path / "site", tmp_path / "nowhere" / "dir"
    link.symlink_to(to)
    assert _refused(["rulebook", "build", str(HOME_GAME), "-o", str(link)], capsys) == (
        f"floorbook rulebook build: -o {link}: {link} is " + LINK.format(to=to))
    assert not (tmp_path / "nowhere").exists()


def test_build_refuses_a_link_to_a_folder(tmp_path, capsys):
    (tmp_path / "real").mkdir()
    link = tmp_path / "site"
    link.symlink_to(tmp_path / "real")
    assert _refused(["build", "-o", str(link)], capsys) == (
        f"floorbook build: -o {link}: is " + LINK.format(to=tmp_path / "real"))


def test_build_refuses_a_folder_under_a_dangling_link(tmp_path, capsys):
    link = tmp_path / "gone"
    link.symlink_to(tmp_path / "nowhere")
    assert _refused(["build", "-o", str(link / "site")], capsys) == (
        f"floorbook build: -o {link / 'site'}: is under {link}, which is "
        + LINK.format(to=tmp_path / "nowhere"))
    assert not (tmp_path / "nowhere").exists()


def test_rulebook_build_refuses_folders_inside_the_package_and_the_docs(capsys):
    assert _refused(["rulebook", "build", str(HOME_GAME), "-o", str(PACKAGE / "newsite")],
                    capsys) == (
        f"floorbook rulebook build: -o {PACKAGE / 'newsite'}: {PACKAGE / 'newsite'} is inside "
        f"floorbook's package folder ({PACKAGE}); a build replaces its output folder, so give "
        "a folder outside it")
    docs = CHECKOUT / "docs"
    assert _refused(["rulebook", "build", str(HOME_GAME), "-o", str(docs / "newsite")],
                    capsys) == (
        f"floorbook rulebook build: -o {docs / 'newsite'}: {docs / 'newsite'} is inside "
        f"floorbook's documentation folder ({docs}); a build replaces its output folder, so "
        "give a folder outside it")
    assert not (PACKAGE / "newsite").exists() and not (docs / "newsite").exists()


def test_build_refuses_a_folder_inside_the_package(capsys):
    assert _refused(["build", "-o", str(PACKAGE / "newsite")], capsys) == (
        f"floorbook build: -o {PACKAGE / 'newsite'}: is inside floorbook's package folder "
        f"({PACKAGE}); a build replaces its output folder, so give a folder outside it")


def test_both_builds_refuse_a_folder_that_cannot_be_written_before_building(capsys):
    unwritable = ("cannot be written: /proc does not take new folders (No such file or "
                  "directory); give a folder you can write in")
    assert _refused(["build", "-o", "/proc/x"], capsys) == (
        f"floorbook build: -o /proc/x: {unwritable}")
    assert _refused(["rulebook", "build", str(HOME_GAME), "-o", "/proc/newsite"], capsys) == (
        f"floorbook rulebook build: -o /proc/newsite: /proc/newsite {unwritable}")


@pytest.mark.parametrize("argv", [
    ["build", "-o", ""], ["build", "--data", ""], ["check", "--data", ""],
    ["rule", "", "--rulebook", "tda@2024"], ["compare", ""], ["rulebook", "check", ""],
    ["rulebook", "new", "-o", ""], ["rulebook", "build", "", "-o", "site"],
    ["rulebook", "build", str(HOME_GAME), "-o", ""],
])
def test_an_empty_path_is_a_usage_error(argv, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: floorbook ")
    assert err.rstrip("\n").endswith(": an empty path names no file or folder; give one")


def test_sigterm_during_a_build_leaves_no_half_built_folder(tmp_path):
    """SIGTERM runs the cleanup Ctrl-C runs: the folder Sphinx was writing is removed and
    the exit status is 143."""
    env = {**os.environ, "PYTHONPATH": str(CHECKOUT), "NO_COLOR": "1"}
    build = subprocess.Popen([sys.executable, "-m", "kb", "build", "-o", "out"], cwd=tmp_path,
                             env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 90
    while not list(tmp_path.glob(".out.building-*")) and time.monotonic() < deadline:
        assert build.poll() is None, build.communicate()
        time.sleep(0.1)
    assert list(tmp_path.glob(".out.building-*")), "the build never started"
    time.sleep(1)                                          # Sphinx is writing into it
    build.send_signal(signal.SIGTERM)
    _, err = build.communicate(timeout=60)
    assert build.returncode == 143, err
    assert "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == []


# ------------------------------------------------ folders no build may replace (issue 19)

_NEVER = ("; a build replaces everything in its output folder, so give a new folder for "
          "the site (e.g. -o site)")


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    """An empty home folder of mode 0700, ``HOME``, and the current folder elsewhere."""
    home = tmp_path / "home" / "dealer"
    home.mkdir(parents=True, mode=0o700)
    (tmp_path / "w" / "work").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.chdir(tmp_path / "w" / "work")
    return home


@pytest.mark.parametrize("command", [["build"], ["rulebook", "build", str(HOME_GAME)]],
                         ids=["build", "rulebook-build"])
def test_both_builds_refuse_an_empty_home_folder_and_leave_its_mode(home, command, capsys):
    assert _refused([*command, "-o", str(home)], capsys).endswith(
        f"-o {home}: {home.resolve()} is your home folder{_NEVER}"
        if command[0] == "rulebook" else f"-o {home}: is your home folder{_NEVER}")
    assert (home.stat().st_mode & 0o777, list(home.iterdir())) == (0o700, [])


@pytest.mark.parametrize("where", ["the root", "above home", "the current folder",
                                   "above the current folder"])
def test_build_refuses_the_root_and_folders_that_hold_home_or_the_current_folder(
        home, where, capsys):
    work = Path.cwd()
    output, what = {"the root": (Path("/"), "is the root of the file system"),
                    "above home": (home.parent, f"is a folder that holds your home folder "
                                                f"({home.resolve()})"),
                    "the current folder": (Path("."), "is the current folder"),
                    "above the current folder": (
                        work.parent, f"is a folder that holds the current folder "
                                     f"({work})")}[where]
    assert _refused(["build", "-o", str(output)], capsys) == (
        f"floorbook build: -o {output}: {what}{_NEVER}")


#: A .buildinfo as Sphinx writes it: the folder passes for an earlier site.
_BUILDINFO = ("# Sphinx build info version 1\n# This file records the configuration used "
              "when building these files.\nconfig: 0\ntags: 0\n")


@pytest.mark.parametrize("entry", ["_static/floorbook-finder-index.js", "index.html",
                                   "doctrees", "pages"])
def test_build_refuses_an_earlier_site_holding_a_link_it_would_write_through(
        tmp_path, entry, capsys):
    # before, the build wrote the page (or the finder's index) into the link's target,
    # a file of the user's outside the site, and exited 0
    site, victim = tmp_path / "site", tmp_path / "mine.txt"
    victim.write_text("mine\n")
    (site / "_static").mkdir(parents=True)
    (site / ".buildinfo").write_text(_BUILDINFO)
    if entry in ("doctrees", "pages"):       # the folders kept beside the site
        (tmp_path / f".site.{entry}").mkdir()
        link = tmp_path / f".site.{entry}" / "topics"   # the pages' own folder name
    else:
        link = site / entry
    link.symlink_to(victim)
    assert _refused(["build", "-o", str(site)], capsys) == (
        f"floorbook build: -o {site}: holds {link}, which is not a plain file or folder; "
        "a build writes into its earlier site and would write through it, outside the "
        "site: remove it or give a new folder")
    assert victim.read_text() == "mine\n"


def test_build_refuses_an_earlier_site_holding_a_fifo(tmp_path, capsys):
    site = tmp_path / "site"
    site.mkdir()
    (site / ".buildinfo").write_text(_BUILDINFO)
    os.mkfifo(site / "genindex.html")
    assert "holds " + str(site / "genindex.html") in _refused(["build", "-o", str(site)],
                                                             capsys)
