"""Loading a broken knowledge base: every problem of every file in one run, each at the
line of the value at fault, and ``floorbook check`` exiting 1 without a traceback."""

import os
import re
import shutil
import time
from pathlib import Path

import pytest

from kb.cli import main
from kb.knowledge.checks import check_knowledge_base
from kb.knowledge.load import LoadError, Problem, load_knowledge_base
from kb.knowledge.model import Location

DATA = Path(__file__).parent / "data"
SMALL = DATA / "kb-small"
LOCATED = re.compile(r"^\S[^:\n]*:[1-9][0-9]*: \S.*$")

PROVISION = """\
  - id: {pid}
    title: A rule
    numbers: {{"tda@2024": "{number}"}}
    summary: A summary.
    topics: [four-card-flop]
    confidence: confirmed
    checked-against: [T1]
"""


def _copy(tmp_path: Path, name: str = "kb") -> Path:
    root = tmp_path / name
    shutil.copytree(SMALL, root)
    return root


def _load_problems(root: Path) -> list[str]:
    with pytest.raises(LoadError) as caught:
        load_knowledge_base(root)
    return [str(p) for p in caught.value.problems]


def test_three_different_problems_in_one_file_are_reported_together(tmp_path):
    root = _copy(tmp_path)
    (root / "provisions" / "extra.yaml").write_text(
        "source: tda\nprovisions:\n"
        + PROVISION.format(pid="tda.a", number="40") + "    rule-text: pasted\n"
        + PROVISION.format(pid="tda.b", number="41").replace("[four-card-flop]",
                                                             "four-card-flop")
        + PROVISION.format(pid="rrop.c", number="42"))
    assert _load_problems(root) == [
        ("provisions/extra.yaml:10: provisions item has an unknown field 'rule-text' (remove it "
         "or use one of: checked-against, confidence, games, id, note, numbers, params, "
         "relations, requires, settings, summary, title, topics)"),
        ("provisions/extra.yaml:15: provisions.topics must be a list (write a list, one "
         "'- item' per line)"),
        ("provisions/extra.yaml:18: provision 'rrop.c' is in the file of source 'tda' (start "
         "its id with 'tda.' or move it to that source's file)"),
    ]


def test_problems_of_every_file_are_reported_in_one_run(tmp_path):
    root = _copy(tmp_path)
    sources = (root / "sources.yaml").read_text()
    (root / "sources.yaml").write_text(sources.split("copies:")[0] + "copies: 17\n")
    topics = (root / "topics.yaml").read_text()
    (root / "topics.yaml").write_text(topics.replace("id: boxed-cards",
                                                     "id: ../../../etc/evil"))
    (root / "glossary.yaml").write_text("terms: {}\n")
    (root / "errata.yaml").unlink()
    (root / "provisions" / "extra.yaml").write_text("source: tda\nprovisions: 5\n")
    assert _load_problems(root) == [
        "errata.yaml:1: no such file (check the path)",
        "glossary.yaml:1: terms must be a list (write a list, one '- item' per line)",
        ("provisions/extra.yaml:2: provisions must be a list (write a list, one '- item' "
         "per line)"),
        "sources.yaml:27: copies must be a list (write a list, one '- item' per line)",
        ("topics.yaml:5: topics.id '../../../etc/evil' is not of the right form (a topic "
         "id is lower-case letters and digits in words joined by '-', e.g. four-card-flop; "
         "no '/', '..' or spaces)"),
    ]


def test_a_provision_in_two_files_is_one_duplicate_at_the_later_file(tmp_path):
    root = _copy(tmp_path)
    (root / "provisions" / "zz.yaml").write_text(
        "source: tda\nprovisions:\n" + PROVISION.format(pid="tda.four-card-flop",
                                                        number="39-A"))
    assert _load_problems(root) == [
        ("provisions/zz.yaml:3: duplicate provision id 'tda.four-card-flop' (also at "
         "provisions/tda.yaml:3; rename one of them)")]


def test_a_folder_and_a_fifo_among_the_provisions_are_refused_at_once(tmp_path):
    root = _copy(tmp_path)
    (root / "provisions" / "folder.yaml").mkdir()
    os.mkfifo(root / "provisions" / "pipe.yaml")
    assert _load_problems(root) == [
        "provisions/folder.yaml:1: this is a folder, not a file (give a YAML file)",
        "provisions/pipe.yaml:1: this is a FIFO, not a file (give a YAML file)"]


def test_a_missing_data_folder_is_one_located_problem(tmp_path):
    assert _load_problems(tmp_path / "nowhere") == [
        (f"{tmp_path / 'nowhere'}:1: the data folder does not exist (give the folder that "
         "holds sources.yaml and provisions/)")]


def test_twelve_provisions_overriding_each_other_are_one_cycle_problem(tmp_path):
    root = _copy(tmp_path)
    ids = [f"tda.o{i:02}" for i in range(12)]
    text = "source: tda\nprovisions:\n"
    for i, pid in enumerate(ids):
        text += PROVISION.format(pid=pid, number=str(50 + i)) + "    relations:\n"
        text += "".join(f"      - {{kind: overrides, target: {o}}}\n" for o in ids if o != pid)
    (root / "provisions" / "extra.yaml").write_text(text)
    start = time.monotonic()
    problems = [str(p) for p in check_knowledge_base(load_knowledge_base(root))]
    assert time.monotonic() - start < 5
    assert problems == [
        ("provisions/extra.yaml:11: overrides relations form a cycle: tda.o00 -> tda.o01 -> "
         "tda.o00; 12 provisions are caught in such cycles: tda.o00, tda.o01, tda.o02, "
         "tda.o03, tda.o04, tda.o05, tda.o06, tda.o07, ... (remove one of them)")]


def test_check_command_on_a_broken_folder_exits_1_with_located_lines_only(tmp_path, capsys):
    root = _copy(tmp_path)
    (root / "provisions" / "extra.yaml").write_text("source: tda\nprovisions: 5\n")
    sources = (root / "sources.yaml").read_text()
    (root / "sources.yaml").write_text(sources.split("copies:")[0] + "copies: 17\n")
    assert main(["check", "--data", str(root)]) == 1
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert "Traceback" not in captured.err + captured.out
    assert all(LOCATED.match(line) for line in lines), lines
    assert lines == [
        (f"{root}/provisions/extra.yaml:2: provisions must be a list (write a list, one "
         "'- item' per line)"),
        f"{root}/sources.yaml:27: copies must be a list (write a list, one '- item' per line)"]


def test_check_with_a_relative_data_folder_names_files_through_it_once(tmp_path, capsys,
                                                                        monkeypatch):
    root = _copy(tmp_path, "data")
    (root / "provisions" / "extra.yaml").write_text("source: tda\nprovisions: 5\n")
    monkeypatch.chdir(tmp_path)
    assert main(["check", "--data", "data"]) == 1
    assert capsys.readouterr().err.splitlines() == [
        ("data/provisions/extra.yaml:2: provisions must be a list (write a list, one "
         "'- item' per line)")]


def test_problem_keeps_its_location_and_reads_file_line_message():
    problem = Problem(Location("topics.yaml", 7), "unknown topic 'x' (fix the id)")
    assert (problem.location.line, problem.file, problem.line) == (7, "topics.yaml", 7)
    assert str(problem) == "topics.yaml:7: unknown topic 'x' (fix the id)"


def test_bad_corpus_covers_every_knowledge_base_file_kind():
    targets = {}
    for path in sorted((DATA / "bad").glob("*.yaml")):
        text = path.read_bytes().decode("utf-8", "replace")
        target = re.search(r"^# target: (\S+)$", text, re.MULTILINE).group(1)
        kind = "provisions" if target.startswith("provisions/") else target.split(".")[0]
        targets[kind] = targets.get(kind, 0) + 1
    assert set(targets) == {"sources", "provisions", "topics", "glossary", "errata"}
    assert sum(targets.values()) >= 35 and min(targets.values()) >= 5, targets


def test_check_names_a_scenario_problem_through_a_relative_data_folder_once(tmp_path,
                                                                             monkeypatch):
    from kb.house.datafolder import located as _in  # the one place check makes a line

    (tmp_path / "data" / "scenarios").mkdir(parents=True)
    (tmp_path / "data" / "scenarios" / "x.yaml").write_text("id: x\n")
    monkeypatch.chdir(tmp_path)
    scenario = Problem(Location("data/scenarios/x.yaml", 1), "undeclared (declare it)")
    provision = Problem(Location("provisions/tda.yaml", 3), "unknown topic (fix it)")
    assert [_in(Path("data"), scenario), _in(Path("data"), provision)] == [
        "data/scenarios/x.yaml:1: undeclared (declare it)",
        "data/provisions/tda.yaml:3: unknown topic (fix it)"]
