"""The pytest plugin (kb/pytest_plugin.py) as another project meets it: pytest run in a
subprocess on a small project in a temporary folder, with the plugin installed by its
entry point as a user's environment has it.

It collects only where the project asks (the ini key ``floorbook_scenarios`` or ``-p
kb.pytest_plugin``), one item per scenario and rulebook, marked by game and topic, against
the knowledge base ``--floorbook-data`` names, with house paths read from the scenario's
folder, and fails with the file, the scenario and expected against actual per field."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "kb" / "data"
FLOP = (DATA / "scenarios" / "four-card-flop.yaml").read_text(encoding="utf-8")
#: The six rulebooks four-card-flop.yaml expects, in its order.
BOOKS = ["rrop@v11", "tda@2024", "tda@2026", "house.casino@2026", "wsop@2024",
         "wsop-live@2024"]
#: A load-test file of an unrelated project, where the old plugin looked for scenarios.
LOAD_TEST = "name: checkout\nusers: 50\nramp: 10s\n"


def pytest_in(project: Path, *args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """Run pytest on ``project`` (from ``cwd``, default the project) as a user would."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTEST_ADDOPTS", "PYTEST_PLUGINS")}
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args],
                          cwd=cwd or project, env=env, capture_output=True, text=True,
                          timeout=300)


def project(tmp_path: Path, ini: str = "", **files: str) -> Path:
    """A project folder with a pytest.ini (``[pytest]`` plus ``ini``) and ``files`` (a
    relative path with ``/`` written as ``__``, to its text)."""
    root = tmp_path / "project"
    root.mkdir()
    (root / "pytest.ini").write_text("[pytest]\n" + ini, encoding="utf-8")
    for name, text in files.items():
        path = root / name.replace("__", "/")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def collected(result: subprocess.CompletedProcess) -> list[str]:
    """The node ids ``--collect-only -q`` printed."""
    return [line for line in result.stdout.splitlines() if "::" in line]


def test_an_unrelated_project_with_a_yaml_file_in_tests_scenarios_is_left_alone(tmp_path):
    root = project(tmp_path, **{"tests__scenarios__load.yaml": LOAD_TEST,
                                "tests__test_app.py": "def test_app():\n    assert 1 + 1 == 2\n"})
    listing = pytest_in(root, "--collect-only", "-q")
    assert collected(listing) == ["tests/test_app.py::test_app"]
    result = pytest_in(root, "--strict-markers")
    assert result.returncode == 0, result.stdout
    assert "1 passed" in result.stdout and "scenario" not in result.stdout


def test_the_ini_key_collects_one_item_per_scenario_and_rulebook_and_nothing_else(tmp_path):
    root = project(tmp_path, "floorbook_scenarios = tests/scenarios\n",
                   **{"tests__scenarios__four-card-flop.yaml": FLOP,
                      "tests__data__load.yaml": LOAD_TEST})
    listing = pytest_in(root, "--collect-only", "-q")
    assert collected(listing) == [
        f"tests/scenarios/four-card-flop.yaml::four-card-flop[{book}]" for book in BOOKS]


def test_minus_k_selects_the_tda_expectations_and_deselect_drops_one_rulebook(tmp_path):
    root = project(tmp_path, "floorbook_scenarios = tests/scenarios\n",
                   **{"tests__scenarios__four-card-flop.yaml": FLOP})
    tda = pytest_in(root, "-k", "tda", "-v")
    assert re.findall(r"four-card-flop\[(\S+)\] PASSED", tda.stdout) == ["tda@2024", "tda@2026"]
    assert "2 passed, 4 deselected" in tda.stdout
    dropped = pytest_in(root, "--deselect",
                        "tests/scenarios/four-card-flop.yaml::four-card-flop[rrop@v11]")
    assert "5 passed, 1 deselected" in dropped.stdout


def test_minus_p_without_the_ini_key_collects_the_yaml_files_it_is_pointed_at(tmp_path):
    root = project(tmp_path, **{"checks__four-card-flop.yaml": FLOP})
    assert collected(pytest_in(root, "--collect-only", "-q")) == []
    listing = pytest_in(root, "-p", "kb.pytest_plugin", "checks", "--collect-only", "-q")
    assert len(collected(listing)) == 6
    assert pytest_in(root, "-p", "kb.pytest_plugin", "checks").returncode == 0


def test_items_are_marked_by_game_and_topic_under_strict_markers(tmp_path):
    root = project(tmp_path, "floorbook_scenarios = tests/scenarios\n",
                   **{"tests__scenarios__four-card-flop.yaml": FLOP})
    flop = pytest_in(root, "--strict-markers", "-m", "holdem and four-card-flop")
    assert flop.returncode == 0 and "6 passed" in flop.stdout
    stud = pytest_in(root, "--strict-markers", "-m", "stud")
    assert "6 deselected" in stud.stdout
    markers = pytest_in(root, "--markers").stdout
    assert "@pytest.mark.four-card-flop: floorbook scenarios ruled on the topic " \
           "four-card-flop" in markers
    assert "@pytest.mark.razz: floorbook scenarios of the game razz" in markers
    assert "@pytest.mark.unread: floorbook expectations the engine wrote" in markers


def test_a_house_rulebook_path_in_expect_is_read_from_the_scenario_files_folder(tmp_path):
    house = (DATA / "rulebooks" / "home-game.yaml").read_text(encoding="utf-8")
    # the home game adopts Robert's Rules' four-card flop: the burn Ad stays, as RRoP rules
    scenario = FLOP.split("expect:")[0] + (
        "expect:\n  ../rulebooks/home.yaml: {remedy: continue, burns: [Ad]}\n")
    root = project(tmp_path, "floorbook_scenarios = tests/scenarios\n",
                   **{"tests__scenarios__flop.yaml": scenario,
                      "tests__rulebooks__home.yaml": house})
    result = pytest_in(root, "-v", cwd=root / "tests")
    assert "flop.yaml::four-card-flop[../rulebooks/home.yaml] PASSED" in result.stdout
    assert result.returncode == 0, result.stdout


def test_floorbook_data_checks_the_scenarios_against_another_knowledge_base(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(DATA, data, ignore=shutil.ignore_patterns("scenarios"))
    tda = data / "provisions" / "tda.yaml"
    tda.write_text(tda.read_text(encoding="utf-8").replace(
        '"tda@2024": "39-A"', '"tda@2024": "39-Z"', 1), encoding="utf-8")
    scenario = FLOP.split("expect:")[0] + (
        'expect:\n  "tda@2024": {citations: [{source: tda, edition: "2024", number: "39-Z"}]}\n')
    root = project(tmp_path, "floorbook_scenarios = scenarios\n",
                   **{"scenarios__flop.yaml": scenario})
    assert pytest_in(root, f"--floorbook-data={data}").returncode == 0
    (root / "pytest.ini").write_text("[pytest]\nfloorbook_scenarios = scenarios\n"
                                     "floorbook_data = ../data\n", encoding="utf-8")
    assert pytest_in(root).returncode == 0
    (root / "pytest.ini").write_text("[pytest]\nfloorbook_scenarios = scenarios\n",
                                     encoding="utf-8")
    bundled = pytest_in(root)
    assert bundled.returncode == 1
    assert "  tda@2024: citations: missing 2024 39-Z (ruling cites 2024 39-A, 2024 RP-14)" \
        in bundled.stdout


def test_a_failing_expectation_names_the_file_the_scenario_and_each_field(tmp_path):
    wrong = FLOP.replace('"tda@2024": {remedy: continue, stub_top: [3h]',
                         '"tda@2024": {remedy: misdeal, stub_top: [2h]')
    root = project(tmp_path, "floorbook_scenarios = tests/scenarios\n",
                   **{"tests__scenarios__four-card-flop.yaml": wrong})
    result = pytest_in(root)
    assert result.returncode == 1
    assert "1 failed, 5 passed" in result.stdout
    assert ("tests/scenarios/four-card-flop.yaml: scenario 'four-card-flop'\n"
            "  tda@2024: remedy: expected 'misdeal', got 'continue'\n"
            "  tda@2024: stub_top: expected [2h], got [3h]\n") in result.stdout.replace(
                str(root) + "/", "")
    assert "FAILED tests/scenarios/four-card-flop.yaml::four-card-flop[tda@2024]" \
        in result.stdout


def test_a_broken_entry_fails_its_own_item_and_a_broken_file_one_item(tmp_path):
    entry = FLOP.replace("{remedy: continue, burns: [Ad]", "{remedy: continue, burn: [Ad]", 1)
    root = project(tmp_path, "floorbook_scenarios = s\n",
                   **{"s__flop.yaml": entry, "s__load.yaml": LOAD_TEST})
    result = pytest_in(root, "-rf")
    assert "FAILED s/flop.yaml::four-card-flop[rrop@v11]" in result.stdout
    assert "expect.rrop@v11 has an unknown field 'burn'" in result.stdout
    assert "FAILED s/load.yaml::load" in result.stdout
    assert "load.yaml:1: the file has an unknown field 'name'" in result.stdout
    assert "2 failed, 5 passed" in result.stdout


def test_a_scenario_that_is_a_link_to_a_file_elsewhere_is_collected_as_check_reads_it(
        tmp_path):
    # floorbook check and the build read a linked scenario file; the tests must not skip it
    shared = tmp_path / "shared" / "four-card-flop.yaml"
    shared.parent.mkdir()
    shared.write_text(FLOP.replace('"tda@2024": {remedy: continue',
                                   '"tda@2024": {remedy: misdeal'), encoding="utf-8")
    root = project(tmp_path, "floorbook_scenarios = tests/scenarios\n")
    (root / "tests" / "scenarios").mkdir(parents=True)
    (root / "tests" / "scenarios" / "four-card-flop.yaml").symlink_to(shared)
    result = pytest_in(root)
    assert result.returncode == 1
    assert "1 failed, 5 passed" in result.stdout
    assert "FAILED tests/scenarios/four-card-flop.yaml::four-card-flop[tda@2024]" \
        in result.stdout


def test_a_bare_continue_fails_its_item_at_its_line_only_where_the_project_asks(tmp_path):
    bare = FLOP.replace(', citations: [{source: wsop, edition: "2024", number: "89"}]', "")
    line = bare.splitlines().index('  "wsop@2024": {remedy: continue, read: engine}') + 1
    files = {"s__flop.yaml": bare}
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    asked = pytest_in(project(tmp_path / "a", "floorbook_scenarios = s\n"
                              "floorbook_require_citations = true\n", **files))
    assert asked.returncode == 1 and "1 failed, 5 passed" in asked.stdout
    assert (f"s/flop.yaml:{line}: expect.wsop@2024 expects remedy: continue without "
            "citations (name the provisions") in asked.stdout
    assert "FAILED s/flop.yaml::four-card-flop[wsop@2024]" in asked.stdout
    plain = pytest_in(project(tmp_path / "b", "floorbook_scenarios = s\n", **files))
    assert plain.returncode == 0 and "6 passed" in plain.stdout


def test_a_house_file_named_in_expect_must_stay_inside_the_scenarios_project(tmp_path):
    """A scenario file is untrusted: `../../secret.yaml` or an absolute path in its
    `expect` was opened and parsed (the fresh user's run of issue 20), reporting what the
    file held; now it is refused at the entry's line and nothing is read."""
    from kb.hand.scenario_file import load_scenario
    from kb.house.expectations import Expectations
    project = tmp_path / "project"
    (project / "scenarios").mkdir(parents=True)
    secret = tmp_path / "secret.yaml"
    secret.write_text("base: tda@2024\nsecret: 1\n", encoding="utf-8")
    source = (Path(__file__).parent.parent / "kb" / "data" / "scenarios"
              / "four-card-flop.yaml").read_text(encoding="utf-8")
    for key in ("../../secret.yaml", str(secret)):
        path = project / "scenarios" / "s.yaml"
        head = source.split("\nexpect:")[0]
        path.write_text(f'{head}\nexpect:\n  "{key}": {{remedy: continue, citations: []}}\n',
                        encoding="utf-8")
        problems = Expectations().check_scenario(load_scenario(path))
        assert len(problems) == 1 and "is outside the scenario's project" in problems[0]
        assert problems[0].startswith(f"{path}:")
