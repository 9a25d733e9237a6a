"""A decision log's problems all at once (issue 24's review): a file that does not read
must not hide another's hand that does not replay, or a count of remedies that is not the
hand's count of floor calls; ``log check --json`` reports them on standard output."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from kb.cli import main
from kb.decisions.check import check_log
from kb.files import InputError

SCHEMA = Path(__file__).resolve().parent.parent / "kb" / "schemas" / "log-report.schema.json"

ENTRY = """\
date: 2026-03-02
table: 4
floor: Sam R.
rulebook: "tda@2024"
hand:
  id: exposed-first-card
  title: First card exposed
  game: holdem
  seats: 6
  button: 6
  events:
    - deal: {exposed: [1]}
ruling:
  remedy: misdeal
"""
NO_REPLAY = ENTRY.replace("    - deal: {exposed: [1]}",
                          "    - deal: {}\n    - flop: {}\n    - flop: {}")

#: Every kind of problem, each file named by what is wrong with it, and what is said.
EXPECTED = [
    ("a-bad-yaml.yaml", 1, "not valid YAML"),
    ("b-noreplay.yaml", 14, "a flop cannot come here (the next street is the turn)"),
    ("c-count.yaml", 14, "the hand has 1 floor call but the ruling gives 2 remedies"),
    ("d-typo-and-noreplay.yaml", 14, "a flop cannot come here (the next street is the turn)"),
    ("d-typo-and-noreplay.yaml", 16, "ruling.remedy is 'misdeel' (did you mean 'misdeal'?)"),
]


@pytest.fixture(scope="module")
def kb():
    from kb.knowledge.load import load_knowledge_base
    return load_knowledge_base()


@pytest.fixture()
def log(tmp_path: Path) -> Path:
    folder = tmp_path / "log"
    folder.mkdir()
    files = {"a-bad-yaml": "date: [2026-03-02\n",
             "b-noreplay": NO_REPLAY,
             "c-count": ENTRY.replace("  remedy: misdeal", "  remedies: [misdeal, continue]"),
             "d-typo-and-noreplay": NO_REPLAY.replace("remedy: misdeal", "remedy: misdeel"),
             "e-fine": ENTRY}
    for name, text in files.items():
        (folder / f"{name}.yaml").write_text(text, encoding="utf-8")
    return folder


def _found(lines, folder: Path) -> list[tuple[str, int, str]]:
    found = []
    for line in lines:
        file, number, message = line.replace(str(folder) + "/", "").split(":", 2)
        found.append((file, int(number), message.strip()))
    return found


def _matches(found, expected=EXPECTED) -> bool:
    return len(found) == len(expected) and all(
        (file, line) == (f, n) and message.startswith(m)
        for (file, line, message), (f, n, m) in zip(found, expected, strict=True))


def test_check_log_reports_the_replay_and_count_problems_beside_the_read_ones(log, kb):
    from kb.decisions.reader import read_entries  # the reader that does not raise
    decisions, found = read_entries(log)
    assert [Path(d.file).name for d in decisions] == ["b-noreplay.yaml", "c-count.yaml",
                                                      "e-fine.yaml"]
    with pytest.raises(InputError) as error:
        check_log(kb, decisions, found=found)
    assert _matches(_found(map(str, error.value.problems), log)), error.value


@pytest.mark.parametrize("command", [["log", "check"], ["log", "export"]])
def test_log_check_and_export_print_every_problem_of_every_file(log, tmp_path, capsys,
                                                                command):
    extra = ["-o", str(tmp_path / "log.sqlite")] if command[1] == "export" else []
    status = main([*command, str(log), *extra])
    err = capsys.readouterr().err
    assert status == 1 and "Traceback" not in err
    assert _matches(_found([line for line in err.splitlines() if line.startswith(str(log))],
                           log)), err
    assert not (tmp_path / "log.sqlite").exists()


def test_a_house_sites_log_reports_them_all_too(log, kb):
    from kb.handbook.house.logged import checked_log
    from kb.house.compose import house_rulebooks
    report, problems = checked_log(kb, house_rulebooks(kb)[0], log)
    assert report is None and _matches(_found(problems, log)), problems


def test_log_check_json_prints_the_problems_as_json_and_exits_1(log, capsys):
    status = main(["log", "check", str(log), "--json"])
    document = json.loads(capsys.readouterr().out)
    assert status == 1
    Draft202012Validator(json.loads(SCHEMA.read_text())).validate(document)
    assert document["ok"] is False and document["entries"] == []
    assert _matches([(Path(p["file"]).name, p["line"], p["message"])
                     for p in document["problems"]])


def test_log_check_json_reports_a_broken_house_book_of_the_data_folder_too(tmp_path,
                                                                          capsys):
    import shutil

    from kb import DATA
    data = tmp_path / "data"
    shutil.copytree(DATA, data)
    (data / "rulebooks" / "broken.yaml").write_text("id: house.broken@2026\n",
                                                      encoding="utf-8")
    status = main(["log", "check", str(DATA / "logs" / "sample"), "--data", str(data),
                   "--json"])
    document = json.loads(capsys.readouterr().out)
    assert status == 1 and document["ok"] is False
    Draft202012Validator(json.loads(SCHEMA.read_text())).validate(document)
    assert {p["file"] for p in document["problems"]} == {f"{data}/rulebooks/broken.yaml"}
