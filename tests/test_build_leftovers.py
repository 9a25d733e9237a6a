"""What a killed build leaves beside its site goes with a later build, never a folder a
running build is using, nor one that is not a build's (issue 19, section 4;
kb.house.leftovers)."""

# ruff: noqa: F811 (the fixture `folder`, imported, named as a parameter)

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

from test_uptodate import folder  # noqa: F401 (the fixture: test-basic's data, built once)

from kb.cli import main
from kb.house.leftovers import leftover_names, remove_leftovers

ROOT = Path(__file__).parent / "roots" / "test-basic"
#: ``floorbook`` whose build (never "nothing changed") stops for good once its folder holds
#: the earlier site's copy (it says "building" then), to be killed there.
STALLED = """
import sys, time
from kb.handbook.sitebuild import site
from kb.handbook.data import uptodate
uptodate.unchanged = lambda site, inputs: False
def stalled(*args, **kwargs):
    print("building", flush=True)
    time.sleep(600)
site._sphinx = stalled
from kb.cli import main
sys.exit(main(sys.argv[1:]))
"""


def _command(tmp: Path) -> list[str]:
    return ["build", "-q", "--data", str(tmp / "data"), "-o", str(tmp / "site")]


def _build(tmp: Path) -> int:
    return main(_command(tmp))


def _stalled(tmp: Path) -> subprocess.Popen:
    """A build into ``tmp / "site"`` in a process of its own, stopped while building."""
    build = subprocess.Popen([sys.executable, "-c", STALLED, *_command(tmp)],
                             stdout=subprocess.PIPE, text=True)
    assert build.stdout is not None
    said = build.stdout.readline()
    if said != "building\n":                          # never left running
        build.kill()
        build.wait()
    assert said == "building\n"
    return build


def _kill(build: subprocess.Popen) -> None:
    build.send_signal(signal.SIGKILL)
    assert build.wait() == -signal.SIGKILL


def _leftovers(tmp: Path) -> list[str]:
    return leftover_names("site", os.listdir(tmp))


def test_the_folder_of_a_killed_build_goes_with_the_next_build(folder):
    _kill(_stalled(folder))
    [left] = _leftovers(folder)
    assert left.startswith(".site.building-")
    assert (folder / left / "site" / "index.html").is_file()     # the earlier site's copy
    assert _build(folder) == 0                                   # nothing changed: tidies
    assert _leftovers(folder) == []
    assert (folder / "site" / "index.html").is_file()


def test_a_running_build_s_folder_is_left_alone_and_goes_once_it_is_killed(folder):
    running = _stalled(folder)
    try:
        [left] = _leftovers(folder)
        page = folder / "data" / "pages" / "glossary.md"
        page.write_text(page.read_text(encoding="utf-8") + "\nMore.\n", encoding="utf-8")
        assert _build(folder) == 0                      # a second build at the same time
        assert _leftovers(folder) == [left]
        assert (folder / left / "site" / "index.html").is_file()
        assert "More." in (folder / "site" / "glossary.html").read_text(encoding="utf-8")
    finally:
        _kill(running)
    assert _build(folder) == 0
    assert _leftovers(folder) == []


def test_only_real_folders_of_this_site_s_builds_are_removed(tmp_path):
    kept = tmp_path / "kept"
    kept.mkdir()
    (kept / "file").write_text("mine", encoding="utf-8")
    (tmp_path / ".site.old-a1b2c3d4").mkdir()                   # a killed publish's
    (tmp_path / ".site.old-a1b2c3d4" / "site").mkdir()
    (tmp_path / ".site.new-0123abcd").mkdir()                   # a house site's
    (tmp_path / ".site.building-Ab12cd34").mkdir()              # no build names it so
    (tmp_path / ".site.building-x").mkdir()
    (tmp_path / ".other.building-abcd1234").mkdir()             # another site's
    (tmp_path / ".site.building-zz_99abc").symlink_to(kept)     # a link
    (tmp_path / ".site.old-99999999").write_text("a file", encoding="utf-8")
    assert remove_leftovers(tmp_path / "site") == [".site.new-0123abcd",
                                                   ".site.old-a1b2c3d4"]
    assert sorted(os.listdir(tmp_path)) == [
        ".other.building-abcd1234", ".site.building-Ab12cd34", ".site.building-x",
        ".site.building-zz_99abc", ".site.old-99999999", "kept"]
    assert (kept / "file").read_text(encoding="utf-8") == "mine"


def test_a_house_site_build_removes_what_a_killed_one_left(kb, tmp_path):
    from kb.handbook.house.publish import publish
    from kb.house.compose import RULEBOOKS

    for name in (".site.new-0123abcd", ".site.old-4567ef89"):  # a killed swap's folders
        (tmp_path / name / "site").mkdir(parents=True)
    publish(kb, RULEBOOKS / "home-game.yaml", tmp_path / "site")
    assert sorted(os.listdir(tmp_path)) == ["site"]


def test_doctrees_published_after_another_build_s_site_do_not_claim_it(tmp_path, monkeypatch):
    from kb.handbook.sitebuild import site as builder

    shutil.copytree(ROOT / "data", tmp_path / "data")
    shutil.copytree(ROOT, tmp_path / "pages", ignore=shutil.ignore_patterns("conf.py", "data"))
    out = tmp_path / "site"

    def build():
        return builder.build_site(tmp_path / "pages", tmp_path / "data", out)

    assert build().read == 5
    publish = builder._publish_doctrees

    def after_another_build(*args):           # a build at the same time put its site in
        marker = out / ".buildinfo"
        marker.write_bytes(marker.read_bytes())
        os.utime(marker, ns=(1, 1))
        publish(*args)

    monkeypatch.setattr(builder, "_publish_doctrees", after_another_build)
    assert build().read == 0
    monkeypatch.setattr(builder, "_publish_doctrees", publish)
    assert build().read == 5                  # the doctrees in place are not its site's
