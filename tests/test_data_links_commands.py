"""Every command taking ``--data DIR`` reads DIR's subfolders as ``floorbook check --data``
does: nothing through a symbolic link below DIR (issue 24's review).  Before, ``diff
--data`` read DIR/scenarios through a link to outside the folder, and ``diff``, ``rule``,
``compare``, ``log check``, ``log export`` and ``expect write`` read a linked
DIR/rulebooks: a house book from anywhere on the machine ruled, and its rulings printed.
Each refuses it now at each file read, as ``check --data`` does."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from kb import DATA
from kb.cli import main
from kb.files import InputError, confined
from kb.files.reading import read_bytes

LINKED = ("is a symbolic link, and a data folder is read without following links (copy "
          "the file into the folder instead)")
#: The scenarios the data folder keeps: few, so that a diff rules quickly.
KEPT = ("four-card-flop.yaml", "boxed-card-first-card.yaml")


@pytest.fixture
def data(tmp_path, monkeypatch) -> Path:
    """A copy of the bundled data folder with two scenarios and no log, the current folder
    its parent; ``outside`` is where the links point."""
    shutil.copytree(DATA, tmp_path / "data", ignore=shutil.ignore_patterns("scenarios", "logs"))
    (tmp_path / "data" / "scenarios").mkdir()
    for name in KEPT:
        shutil.copy(DATA / "scenarios" / name, tmp_path / "data" / "scenarios")
    (tmp_path / "outside").mkdir()
    monkeypatch.chdir(tmp_path)
    return tmp_path / "data"


def _linked_out(data: Path, folder: str) -> list[str]:
    """Move ``data/folder`` out and leave a link to it; the lines refusing each of its
    YAML files, as ``check --data`` prints them."""
    outside = data.parent / "outside" / folder
    shutil.move(data / folder, outside)
    (data / folder).symlink_to(outside)
    names = sorted(p.name for p in outside.glob("*.yaml"))
    return [f"data/{folder}/{name}:1: {folder} {LINKED}" for name in names]


def _refused(capsys, *argv: str) -> list[str]:
    assert main(list(argv)) == 1
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    return err.splitlines()


def test_check_refuses_the_linked_folders_as_the_others_now_do(data, capsys):
    expected = _linked_out(data, "scenarios") + _linked_out(data, "rulebooks")
    assert sorted(_refused(capsys, "check", "--data", "data", "--no-cache")) == sorted(expected)


def test_diff_refuses_a_linked_scenarios_folder(data, capsys):
    expected = _linked_out(data, "scenarios")
    assert _refused(capsys, "diff", "tda@2024", "tda@2026", "--data", "data") == expected


def test_diff_refuses_a_linked_rulebooks_folder(data, capsys):
    expected = _linked_out(data, "rulebooks")
    assert _refused(capsys, "diff", "tda@2024", "house.casino@2026",
                    "--data", "data") == expected


def test_rule_refuses_a_linked_rulebooks_folder(data, capsys):
    expected = _linked_out(data, "rulebooks")
    assert _refused(capsys, "rule", str(DATA / "scenarios" / KEPT[0]), "--rulebook",
                    "house.casino@2026", "--data", "data") == expected


def test_compare_refuses_a_linked_rulebooks_folder(data, capsys):
    expected = _linked_out(data, "rulebooks")
    assert _refused(capsys, "compare", str(DATA / "scenarios" / KEPT[0]),
                    "--data", "data") == expected


def test_log_check_refuses_a_linked_rulebooks_folder(data, capsys):
    expected = _linked_out(data, "rulebooks")
    assert _refused(capsys, "log", "check", str(DATA / "logs" / "sample"),
                    "--data", "data") == expected


def test_log_export_refuses_a_linked_rulebooks_folder_and_writes_nothing(data, capsys):
    expected = _linked_out(data, "rulebooks")
    assert _refused(capsys, "log", "export", str(DATA / "logs" / "sample"), "-o", "log.sqlite",
                    "--data", "data") == expected
    assert not Path("log.sqlite").exists()


def test_expect_write_refuses_a_linked_rulebooks_folder(data, capsys):
    expected = _linked_out(data, "rulebooks")
    hand = data / "scenarios" / KEPT[0]
    lines = hand.read_text().splitlines(keepends=True)      # no house.casino entry yet
    hand.write_text("".join(line for line in lines if "house.casino@2026" not in line))
    before = hand.read_bytes()
    # expect write names the scenario file that needed the book, then the book's problems
    refused = _refused(capsys, "expect", "write", "house.casino@2026", str(hand),
                       "--data", "data")
    assert refused == [f"{hand}:5: {expected[0]}", *expected[1:]]
    assert hand.read_bytes() == before


def test_a_folder_confined_inside_a_confined_one_keeps_the_outer_checks(tmp_path):
    # own_scenarios confines --data's scenarios folder again: the link that folder is
    # must still be refused (the inner confinement no longer starts at the link)
    root = tmp_path / "data"
    root.mkdir()
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "a.yaml").write_text("x: 1\n")
    (root / "scenarios").symlink_to(tmp_path / "elsewhere")
    with confined(root), confined(root / "scenarios"), pytest.raises(InputError) as raised:
        read_bytes(root / "scenarios" / "a.yaml", "a.yaml")
    assert str(raised.value) == f"a.yaml:1: scenarios {LINKED}"
    with confined(root / "scenarios"):              # alone, the folder may be a link
        assert read_bytes(root / "scenarios" / "a.yaml", "a.yaml") == b"x: 1\n"
