"""A data folder is read without following a symbolic link below it (issue 19): a link
among its YAML files, a linked subfolder, a linked ``pages`` folder are refused with a
located problem, so that a folder someone sent cannot publish a file from elsewhere on
the machine.  The folder given with ``--data`` may itself be a link, and a file named on
the command line may be one.  Before, every link here was followed and the data folder
checked clean (exit 0)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from kb import DATA
from kb.cli import main
from kb.cli.init import STARTER
from kb.files import InputError
from kb.files.reading import read_bytes

LINKED = ("is a symbolic link, and a data folder is read without following links (copy "
          "the file into the folder instead)")


@pytest.fixture
def data(tmp_path, monkeypatch) -> Path:
    """A copy of the starter data folder, the current folder its parent; ``outside`` holds
    what links point at."""
    shutil.copytree(STARTER, tmp_path / "data")
    (tmp_path / "outside").mkdir()
    monkeypatch.chdir(tmp_path)
    return tmp_path / "data"


def _moved_out_and_linked(data: Path, name: str) -> Path:
    """Move ``data/name`` out of the folder and leave a link to it in its place."""
    outside = data.parent / "outside" / Path(name).name
    shutil.move(data / name, outside)
    (data / name).symlink_to(outside)
    return outside


def _check(capsys) -> list[str]:
    assert main(["check", "--data", "data", "--no-cache"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    return err.splitlines()


@pytest.mark.parametrize("name", ["sources.yaml", "topics.yaml", "provisions/tda.yaml",
                                  "scenarios/four-card-flop.yaml"])
def test_a_linked_file_of_the_data_folder_is_refused_where_it_stands(data, name, capsys):
    _moved_out_and_linked(data, name)
    assert _check(capsys) == [f"data/{name}:1: this {LINKED}"]


@pytest.mark.parametrize("folder", ["provisions", "scenarios"])
def test_a_linked_subfolder_is_refused_at_each_of_its_files(data, folder, capsys):
    _moved_out_and_linked(data, folder)
    files = sorted(p.name for p in (data.parent / "outside" / folder).iterdir())
    assert _check(capsys) == [f"data/{folder}/{name}:1: {folder} {LINKED}" for name in files]


def test_a_link_that_stays_inside_the_folder_is_refused_too(data, capsys):
    (data / "provisions" / "again.yaml").symlink_to("tda.yaml")
    assert _check(capsys) == [f"data/provisions/again.yaml:1: this {LINKED}"]


def test_the_data_folder_given_as_a_link_is_read(data, capsys):
    (data.parent / "link").symlink_to(data)
    assert main(["check", "--data", "link", "--no-cache"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == ("link: 2 provisions, 1 topic, 1 term, "
                                                         "0 errata: no problems")


def test_export_refuses_a_linked_house_rulebook(tmp_path, monkeypatch, capsys):
    data = tmp_path / "data"
    shutil.copytree(DATA, data, ignore=shutil.ignore_patterns("scenarios"))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "outside").mkdir()
    _moved_out_and_linked(data, "rulebooks/home-game.yaml")
    assert main(["export", "--data", "data", "-o", str(tmp_path / "kb.json")]) == 1
    assert capsys.readouterr().err == f"data/rulebooks/home-game.yaml:1: this {LINKED}\n"
    assert not (tmp_path / "kb.json").exists()


def test_build_refuses_a_linked_pages_folder_before_building(data, monkeypatch, capsys):
    def built(*args, **kwargs):
        raise AssertionError("the build started")
    monkeypatch.setattr("kb.handbook.sitebuild.site.build_site", built)
    (data.parent / "outside" / "pages").mkdir()
    (data.parent / "outside" / "pages" / "index.md").write_text("# Elsewhere\n")
    (data / "pages").symlink_to(data.parent / "outside" / "pages")
    assert main(["build", "--data", "data", "-o", "site", "--no-cache"]) == 1
    assert capsys.readouterr().err == (
        "data/pages: is a symbolic link; the build reads only the data folder's own pages "
        "(copy the folder in instead)\n")


def test_a_file_named_on_the_command_line_may_be_a_link(tmp_path, capsys):
    link = tmp_path / "hand.yaml"
    link.symlink_to(DATA / "scenarios" / "four-card-flop.yaml")
    assert main(["rule", str(link), "--rulebook", "tda@2024"]) == 0
    assert "Traceback" not in capsys.readouterr().err


def test_a_folder_on_the_way_made_a_link_is_refused_by_the_open_itself(tmp_path):
    # what a swap after a look would leave: each name is opened with O_NOFOLLOW
    from kb.files import confined
    root = tmp_path / "data"
    (tmp_path / "elsewhere").mkdir(parents=True)
    (tmp_path / "elsewhere" / "a.yaml").write_text("x: 1\n")
    root.mkdir()
    (root / "provisions").symlink_to(tmp_path / "elsewhere")
    with confined(root), pytest.raises(InputError) as raised:
        read_bytes(root / "provisions" / "a.yaml", "provisions/a.yaml")
    assert str(raised.value) == f"provisions/a.yaml:1: provisions {LINKED}"
    assert read_bytes(root / "provisions" / "a.yaml", "a.yaml") == b"x: 1\n"  # not confined


@pytest.mark.parametrize("where", ["provisions/zz.yaml", "pages"])
def test_build_reads_nothing_through_a_link_before_refusing_it(tmp_path, where):
    # the build digests its inputs before the check: through a link it read the whole of
    # whatever was there (a 1 GB file; a pages link to "/" made it read the disk)
    from test_hostile import floorbook
    data = tmp_path / "data"
    shutil.copytree(STARTER, data)
    outside = tmp_path / "outside"
    outside.mkdir()
    with open(outside / "big.yaml", "wb") as big:
        big.truncate(2**30)                     # sparse: no disk used
    (data / where).symlink_to(outside if where == "pages" else outside / "big.yaml")
    result = floorbook("build", "--data", "data", "-o", "site", "--no-cache", cwd=tmp_path,
                       timeout=60)
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr[-2000:]
    assert result.stderr == (
        f"data/provisions/zz.yaml:1: this {LINKED}\n" if where != "pages" else
        "data/pages: is a symbolic link; the build reads only the data folder's own pages "
        "(copy the folder in instead)\n")
    assert not (tmp_path / "site").exists()
