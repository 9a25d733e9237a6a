"""A decision log folder without one entry is refused (issue 24's review): before, an
empty folder, or one of ``.yml`` / ``.YAML`` files only, checked as "0 entries checked",
exit 0 even with ``--strict``, and ``log export`` wrote an empty database.  A file that
looks like an entry but is named otherwise is named, whether or not the log has entries:
a ``.yml`` file was meant to be read."""

from __future__ import annotations

from pathlib import Path

import pytest

from kb import DATA
from kb.cli import main
from kb.decisions.reader import read_log
from kb.files import InputError

NO_ENTRY = ("the log holds no entry: no file named *.yaml{why} (put one YAML file per "
            "floor call in the folder, named *.yaml, or give the folder that holds them)")


def _problems(folder: Path) -> list[str]:
    with pytest.raises(InputError) as error:
        read_log(folder)
    return [str(p) for p in error.value.problems]


def test_an_empty_folder_is_refused_at_the_folder(tmp_path):
    (tmp_path / "notes.txt").write_text("not an entry\n")
    assert _problems(tmp_path) == [f"{tmp_path}:1: " + NO_ENTRY.format(why="")]


def test_yml_files_are_named_and_said_to_be_misnamed(tmp_path):
    (tmp_path / "a.yml").write_bytes((DATA / "logs" / "sample" / sorted(
        p.name for p in (DATA / "logs" / "sample").iterdir())[0]).read_bytes())
    (tmp_path / "b.YAML").write_text("date: 2026-03-02\n")
    assert _problems(tmp_path) == [
        f"{tmp_path}:1: " + NO_ENTRY.format(why=" (2 files named otherwise, below)"),
        f"{tmp_path}/a.yml:1: not read: only files named *.yaml are the log's entries (if "
        "it is an entry, rename it a.yaml)",
        f"{tmp_path}/b.YAML:1: not read: only files named *.yaml are the log's entries (if "
        "it is an entry, rename it b.yaml)"]


def test_a_yml_file_beside_entries_is_a_problem_too(tmp_path):
    sample = DATA / "logs" / "sample"
    first = sorted(p.name for p in sample.iterdir())[0]
    (tmp_path / first).write_bytes((sample / first).read_bytes())
    (tmp_path / "late.yml").write_bytes((sample / first).read_bytes())
    assert _problems(tmp_path) == [
        f"{tmp_path}/late.yml:1: not read: only files named *.yaml are the log's entries "
        "(if it is an entry, rename it late.yaml)"]


@pytest.mark.parametrize("argv", [["log", "check", "--strict"],
                                  ["log", "export", "-o", "{out}"]])
def test_the_commands_exit_1_on_an_empty_log_and_write_nothing(tmp_path, capsys, argv):
    log = tmp_path / "log"
    log.mkdir()
    out = tmp_path / "log.sqlite"
    argv = [a.format(out=out) for a in argv]
    assert main([*argv[:2], str(log), *argv[2:]]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"{log}:1: " + NO_ENTRY.format(why="") + "\n"
    assert not out.exists()
