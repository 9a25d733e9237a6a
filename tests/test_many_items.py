"""Bounds that hold for work, not only bytes (issue 19): a 1.9 MB knowledge-base file of
470,000 list items took ``check`` 53 s and 430 MB and printed 470,000 problems.  A file
of more than 100,000 values is now one problem (:data:`kb.files.validation.MAX_VALUES`),
and no file gets more than 200 problem lines, then one saying how many more, on stderr
and in ``check --json``.  Each run is a subprocess under a memory cap (RLIMIT_AS) and a
time cap (the timeout), as in tests/test_hostile.py; the files are made here."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from test_hostile import HEADS, KB_SMALL, LOCATED
from test_hostile import floorbook as hostile_floorbook

#: Reading a 1.9 MB file of 470,000 items: the YAML alone takes seconds on a busy machine.
TIME_CAP = 60


def floorbook(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return hostile_floorbook(*args, cwd=cwd, timeout=TIME_CAP)


def _data_with(tmp_path: Path, items: int) -> Path:
    """A copy of the small knowledge base with provisions/many.yaml: ``items`` list items,
    each a number where a provision should be (4 bytes a line)."""
    data = tmp_path / "data"
    shutil.copytree(KB_SMALL, data)
    (data / "provisions" / "many.yaml").write_text(HEADS["provisions"] + "- 1\n" * items,
                                                   encoding="utf-8")
    return data


def test_a_file_of_470000_items_is_one_problem_in_bounded_time_and_memory(tmp_path):
    data = _data_with(tmp_path, 470_000)
    assert 1_800_000 < (data / "provisions" / "many.yaml").stat().st_size < 2_000_000
    result = floorbook("check", "--data", "data", "--no-cache", cwd=tmp_path)
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr[-2000:]
    assert result.stderr == ("data/provisions/many.yaml:100000: the file holds more than "
                             "100,000 values (check that this is the right file; floorbook "
                             "files hold far fewer)\n")


def test_a_glossary_of_40000_values_is_read(tmp_path):
    # the benchmarks' 100x knowledge base holds about 30,000 values in its glossary: the
    # bound of 20,000 first chosen refused it
    data = tmp_path / "data"
    shutil.copytree(KB_SMALL, data)
    names = ("".join(chr(97 + n // 26 ** k % 26) for k in range(4)) for n in range(20_000))
    terms = "".join(f"  - term: term {name}\n    definition: What term {name} means.\n"
                    for name in names)
    glossary = data / "glossary.yaml"
    glossary.write_text(glossary.read_text(encoding="utf-8") + terms, encoding="utf-8")
    result = floorbook("check", "--data", "data", "--no-cache", cwd=tmp_path)
    assert "values" not in result.stderr, result.stderr[-2000:]
    assert result.returncode == 0, result.stderr[-2000:]


@pytest.mark.parametrize("json_output", [False, True], ids=["lines", "json"])
def test_a_file_of_thousands_of_problems_shows_200_and_how_many_more(tmp_path,
                                                                     json_output):
    _data_with(tmp_path, 19_990)              # under the bound: one problem an item
    result = floorbook("check", "--data", "data", "--no-cache", *(["--json"] if json_output else []),
                       cwd=tmp_path)
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr[-2000:]
    if json_output:
        lines = [p["text"] for p in json.loads(result.stdout)["problems"]]
    else:
        lines = result.stderr.splitlines()
    assert len(lines) == 201 and all(LOCATED.match(line) for line in lines)
    assert lines[0] == ("data/provisions/many.yaml:3: provisions item must be a mapping "
                        "(write 'key: value' lines)")
    assert lines[-1] == ("data/provisions/many.yaml:203: ... and 19,790 more problems in "
                         "data/provisions/many.yaml (fix these first, then check again)")


def test_a_scenario_of_thousands_of_problems_shows_200_and_how_many_more(tmp_path):
    path = tmp_path / "hand.yaml"
    path.write_text(HEADS["scenario"] + "events:\n" + "  - 1\n" * 5_000, encoding="utf-8")
    result = floorbook("rule", str(path), "--rulebook", "tda@2024", cwd=tmp_path)
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr[-2000:]
    lines = result.stderr.splitlines()
    assert len(lines) == 201 and all(line.startswith(f"{path}:") for line in lines), lines[:3]
    assert lines[0] == f"{path}:7: events has 5000 items (give at most 200)"
    assert lines[-1] == (f"{path}:206: ... and 4,801 more problems in {path} (fix these "
                         "first, then check again)")
