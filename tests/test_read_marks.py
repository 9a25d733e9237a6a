"""Each ``expect`` entry says who read it (docs/scenario-format.md, "Read from the text";
docs/dev/reading-rulings.md): ``read: text`` with ``why`` once someone read it from the
book's text without the engine's answer, ``read: engine`` for the engine's ruling not
yet read.  One field without the other is a problem at its line; an entry that says
neither is one where the project asks (``floorbook_require_read``, which floorbook's own
suite sets); ``floorbook check`` counts them, pytest marks ``read: engine`` ``unread`` and
the handbook badges every ruling that no ``read: text`` entry holds."""

from __future__ import annotations

import json
import shutil
import tomllib
from pathlib import Path

from test_plugin import project, pytest_in

from kb.cli import main
from kb.hand.scenario_file import parse_scenario
from kb.handbook.views.cells import UNREAD, ruling_cell
from kb.house.expectations import expect_problems, reading_counts
from kb.rules.ruling import Ruling, TableView

ROOT = Path(__file__).resolve().parent.parent
HEAD = ("id: four\ntitle: Four cards on the flop\ngame: holdem\nseats: 6\nbutton: 5\n"
        "events:\n  - deal: {}\n  - act: [call, fold, fold, call, call, check]\n"
        "  - flop: {cards: 4}\nexpect:\n")
LINE = HEAD.count("\n") + 1
CITE = '{remedy: continue, citations: [{source: tda, edition: "2024", number: "39-A"}]'
CITE26 = '{remedy: continue, citations: [{source: tda, edition: "2026", number: "41-A"}]'


def problems(text: str, read: bool = True) -> list[str]:
    scenario = parse_scenario(HEAD + text, "f.yaml")
    return [str(p) for p in expect_problems(scenario, cited=True, read=read)]


def test_read_text_needs_why_and_why_needs_read_text_each_at_its_line():
    assert problems(f'  "tda@2024": {CITE}, read: text}}\n'
                    f'  "tda@2026": {CITE26}, why: "41-A"}}\n'
                    f'  "rrop@v11": {{remedy: continue, citations: [], read: engine, why: "x"}}\n'
                    ) == [
        f'f.yaml:{LINE}: expect.tda@2024 says read: text without why (add why: "the rule '
        'and the short reason")',
        f"f.yaml:{LINE + 1}: expect.tda@2026 does not say whether it was read from the "
        'book\'s text (add read: text with why: "the rule and the reason" once you have '
        "read it, or read: engine for the engine's ruling not yet read)",
        f"f.yaml:{LINE + 1}: expect.tda@2026 has why but not read: text (add read: text, "
        "or remove why)",
        f"f.yaml:{LINE + 2}: expect.rrop@v11 has why but not read: text (add read: text, "
        "or remove why)"]


def test_an_entry_is_read_whole_so_an_earlier_call_has_neither_field():
    text = (f'  "tda@2024": {CITE}, read: text, why: "39-A",\n'
            '               calls: [{remedy: continue, citations: [], read: text}]}\n')
    assert problems(text) == [f"f.yaml:{LINE + 1}: expect.tda@2024.calls item has read or why "
                              "(say who read the entry once, on the entry itself)"]


def test_an_unmarked_entry_is_a_problem_only_where_the_project_asks():
    text = f'  "tda@2024": {CITE}}}\n'
    assert problems(text, read=False) == []
    assert len(problems(text, read=True)) == 1
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert pyproject["tool"]["pytest"]["ini_options"]["floorbook_require_read"] is True


def test_a_why_over_300_characters_or_over_two_lines_is_refused_by_the_schema():
    long = "x" * 301
    assert any("why" in p for p in problems(f'  "tda@2024": {CITE}, read: text, why: {long}}}\n'))
    broken = f'  "tda@2024": {CITE}, read: text, why: "one\\ntwo"}}\n'
    assert any("why" in p for p in problems(broken))


def test_reading_counts_and_check_json_count_each_kind(tmp_path, capsys):
    text = (f'  "tda@2024": {CITE}, read: text, why: "39-A: one of four is the burn"}}\n'
            f'  "tda@2026": {CITE26}, read: engine}}\n'
            '  "rrop@v11": {remedy: continue, citations: []}\n')
    scenario = parse_scenario(HEAD + text, "f.yaml")
    assert reading_counts([scenario]) == {"text": 1, "engine": 1, "unmarked": 1}
    data = tmp_path / "data"
    shutil.copytree(ROOT / "tests" / "data" / "kb-small", data)
    (data / "scenarios").mkdir(exist_ok=True)
    (data / "scenarios" / "zz-four.yaml").write_text(HEAD + text, encoding="utf-8")
    main(["check", "--data", str(data), "--json", "--no-cache"])
    report = json.loads(capsys.readouterr().out)
    assert report["counts"]["expectations"] == {"text": 1, "engine": 1, "unmarked": 1}


def _texts(node) -> str:
    return node.astext()


def test_the_handbook_badges_a_ruling_no_entry_read_from_the_text_holds():
    view = TableView({}, ("Kd", "6d", "2h"), ("Ad",), (), (), ("3h",))
    ruling = Ruling("four", "tda@2024", "continue", (), (), False, view, "")
    assert UNREAD in _texts(ruling_cell(ruling, [], unread=True))
    assert UNREAD not in _texts(ruling_cell(ruling, [], unread=False))


def test_pytest_fails_an_unmarked_entry_where_the_ini_asks_and_counts_the_engine_ones(
        tmp_path):
    text = (f'  "tda@2024": {CITE}, read: engine}}\n'
            f'  "tda@2026": {CITE26}}}\n')
    root = project(tmp_path, "floorbook_scenarios = s\nfloorbook_require_read = true\n",
                   **{"s__four.yaml": HEAD + text})
    result = pytest_in(root, "-rf")
    assert "1 failed, 1 passed" in result.stdout, result.stdout
    assert f"four.yaml:{LINE + 1}: expect.tda@2026 does not say whether it was read" \
        in result.stdout
    assert "floorbook: 1 expectation(s) written by the engine" in result.stdout


def test_every_bundled_expectation_was_read_from_the_text():
    """Issue 21's end: no bundled entry is left as the engine wrote it (the blind readings
    and their settlements are in docs/dev/readings/)."""
    from kb import DATA
    from kb.hand.scenario_file import load_scenario
    scenarios = [load_scenario(path) for path in sorted((DATA / "scenarios").glob("*.yaml"))]
    counts = reading_counts(scenarios)
    assert counts["engine"] == 0 and counts["unmarked"] == 0
    assert counts["text"] == sum(len(s.expect) for s in scenarios) > 1500
