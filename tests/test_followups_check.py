"""Follow-ups of issue 7 on `floorbook check --data DIR`: every stage that can run is run
and all their problems printed together (a broken house file or a duplicate scenario id
no longer hides the knowledge base's problems), and a missing provisions/ folder is
reported.  Through the CLI, with the exact lines printed."""

from __future__ import annotations

import shutil
from pathlib import Path

from kb import DATA
from kb.cli import main

SCENARIOS = ("stud-premature-fifth-street", "case-c33-premature-turn-during-raise")


def _data(tmp_path: Path) -> Path:
    """The bundled knowledge base with two bundled scenarios and no house rulebooks."""
    data = tmp_path / "data"
    shutil.copytree(DATA, data, ignore=shutil.ignore_patterns("scenarios", "rulebooks"))
    (data / "scenarios").mkdir()
    for name in SCENARIOS:
        shutil.copy(DATA / "scenarios" / f"{name}.yaml", data / "scenarios")
    return data


def _edit(path: Path, old: str, new: str) -> int:
    """Replace the first ``old`` in the file by ``new``; the line it is on."""
    text = path.read_text(encoding="utf-8")
    at = text.index(old)
    path.write_text(text[:at] + new + text[at + len(old):], encoding="utf-8")
    return text[:at].count("\n") + 1


def _knowledge_base_problems(data: Path) -> list[str]:
    """Break an erratum's provision and a provision's copy; their two lines."""
    erratum = _edit(data / "errata.yaml", "provisions: [tda.deck-changes,",
                    "provisions: [tda.no-such-provision,")
    copy = _edit(data / "provisions" / "tda.yaml", "checked-against: [T1]",
                 "checked-against: [T99]")
    provision = (data / "provisions" / "tda.yaml").read_text(encoding="utf-8").splitlines()
    first = next(line for line in reversed(provision[:copy]) if line.startswith("  - id: "))
    return [
        (f"{data}/errata.yaml:{erratum}: erratum 'seed000-tda-2026-numbers': provisions "
         "names unknown provision 'tda.no-such-provision' (fix the id)"),
        (f"{data}/provisions/tda.yaml:{copy}: {first.removeprefix('  - id: ')}: unknown "
         "source copy 'T99' (add it to copies in sources.yaml or fix the id)")]


def _run_check(data: Path, capsys) -> list[str]:
    assert main(["check", "--data", str(data)]) == 1
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    return err.splitlines()


def test_check_prints_the_problems_of_every_stage_together(tmp_path, capsys):
    """The knowledge base's own problems, a broken scenario, a duplicate scenario id and a
    broken house file: all in one run, stage by stage."""
    data = _data(tmp_path)
    expected = _knowledge_base_problems(data)
    (data / "scenarios" / "zz-broken.yaml").write_text("id: broken\nseats: 2\n")
    shutil.copy(data / "scenarios" / f"{SCENARIOS[0]}.yaml", data / "scenarios" / "zz-dup.yaml")
    (data / "rulebooks").mkdir()
    (data / "rulebooks" / "zz.yaml").write_text('id: house.zz@2026\ntitle: ZZ\n'
                                                'base: "tda@2030"\n')
    scenarios, dup = data / "scenarios", data / "scenarios" / "zz-dup.yaml"
    id_line = next(n for n, line in enumerate(dup.read_text().splitlines(), 1)
                   if line.startswith("id:"))
    assert _run_check(data, capsys) == expected + [
        f"{scenarios}/zz-broken.yaml:1: the file has no 'events' (add it)",
        f"{scenarios}/zz-broken.yaml:1: the file has no 'game' (add it)",
        f"{scenarios}/zz-broken.yaml:1: the file has no 'title' (add it)",
        (f"{dup}:{id_line}: the id '{SCENARIOS[0]}' is also the id of "
         f"{scenarios}/{SCENARIOS[0]}.yaml (give each scenario of the folder its own id)"),
        f"{data}/rulebooks/zz.yaml:3: base is 'tda@2030' (did you mean 'tda@2026'?)"]


def test_a_duplicate_scenario_id_does_not_hide_the_knowledge_base_s_problems(tmp_path,
                                                                             capsys):
    data = _data(tmp_path)
    expected = _knowledge_base_problems(data)
    dup = data / "scenarios" / "zz-dup.yaml"
    shutil.copy(data / "scenarios" / f"{SCENARIOS[1]}.yaml", dup)
    lines = _run_check(data, capsys)
    assert lines[:2] == expected
    assert len(lines) == 3 and lines[2].startswith(f"{dup}:")
    assert lines[2].endswith(f"is also the id of {data}/scenarios/{SCENARIOS[1]}.yaml (give "
                             "each scenario of the folder its own id)")


def test_a_data_folder_without_provisions_says_so_in_one_line(tmp_path, capsys):
    data = _data(tmp_path)
    shutil.rmtree(data / "provisions")
    assert _run_check(data, capsys) == [
        (f"{data}/provisions:1: no such folder (create the folder provisions/ with one file of "
         "provisions per source, e.g. provisions/tda.yaml)")]


def test_a_provisions_file_instead_of_a_folder_says_so_in_one_line(tmp_path, capsys):
    data = _data(tmp_path)
    shutil.rmtree(data / "provisions")
    (data / "provisions").write_text("provisions: []\n")
    assert _run_check(data, capsys) == [
        (f"{data}/provisions:1: is not a folder (create the folder provisions/ with one file "
         "of provisions per source, e.g. provisions/tda.yaml)")]


def test_build_reports_every_problem_of_the_data_before_building(tmp_path, capsys):
    """The same stages (without ruling the scenarios), before Sphinx starts."""
    data = _data(tmp_path)
    expected = _knowledge_base_problems(data)
    (data / "rulebooks").mkdir()
    home = (DATA / "rulebooks" / "home-game.yaml").read_text(encoding="utf-8")
    for name in ("a.yaml", "b.yaml"):
        (data / "rulebooks" / name).write_text(home, encoding="utf-8")
    line = next(n for n, text in enumerate(home.splitlines(), 1) if text.startswith("id:"))
    assert main(["build", "--data", str(data), "-o", str(tmp_path / "site")]) == 1
    out, err = capsys.readouterr()
    assert err.splitlines() == expected + [
        (f"{data}/rulebooks/b.yaml:{line}: the id 'house.thursday-home-game@2026' is also the "
         f"id of {data}/rulebooks/a.yaml (give each house rulebook of the folder its own id)")]
    assert out == "" and not (tmp_path / "site").exists()
