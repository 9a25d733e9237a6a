"""An expected ``remedy: continue`` names its citations (docs/scenario-format.md,
"Expectations"): every call that finds nothing also continues, so a bare ``continue`` passes
whatever irregularity the ruling missed.  Where the project asks (floorbook's own suite
does, with the ini key ``floorbook_require_citations``), an entry or earlier call that
expects ``continue`` and checks no citation fails at its line, unless
``citations_unchecked`` says why; ``citations: []`` checks that the ruling cites nothing."""

from __future__ import annotations

import tomllib
from pathlib import Path

from kb.hand.scenario_file import load_scenario, parse_scenario
from kb.house.expectations import expect_problems
from kb.pytest_plugin import check_scenario

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "kb" / "data"
FLOP = (DATA / "scenarios" / "four-card-flop.yaml").read_text(encoding="utf-8")
HEAD = FLOP.split("expect:\n")[0] + "expect:\n"
HINT = ("(name the provisions that decide it in citations, [] when the call rules nothing, "
        "or say why they are not checked in citations_unchecked)")


def lines(text: str, cited: bool = True) -> list[str]:
    """The problems of ``expect`` in a four-card flop scenario whose expect is ``text``."""
    scenario = parse_scenario(HEAD + text, "f.yaml")
    return [str(problem) for problem in expect_problems(scenario, cited)]


def test_an_uncited_continue_fails_at_its_line_and_in_each_earlier_call():
    line = HEAD.count("\n") + 1
    text = ('  "tda@2024": {remedy: continue}\n'
            "  rrop@v11:\n"
            "    remedy: continue\n"
            '    citations: [{source: rrop, edition: v11, number: "Hold\'em 3"}]\n'
            "    calls:\n"
            "      - {remedy: continue, board: [Ah]}\n"
            "      - {remedy: misdeal}\n")
    assert lines(text) == [
        f"f.yaml:{line}: expect.tda@2024 expects remedy: continue without citations {HINT}",
        f"f.yaml:{line + 5}: expect.rrop@v11.calls item expects remedy: continue without "
        f"citations {HINT}"]


def test_a_reason_or_an_empty_list_satisfies_it_and_both_at_once_is_refused():
    line = HEAD.count("\n") + 1
    assert lines('  "tda@2024": {remedy: continue, citations: []}\n') == []
    assert lines('  "tda@2024": {remedy: continue, citations_unchecked: "13.9 or 5?"}\n') == []
    assert lines('  "tda@2024": {remedy: continue, citations: [],'
                 ' citations_unchecked: "why"}\n', cited=False) == [
        f"f.yaml:{line}: expect.tda@2024 has both citations and citations_unchecked "
        "(keep the citations, or the reason they are not checked)"]
    blank = lines('  "tda@2024": {remedy: continue, citations_unchecked: " "}\n')
    assert len(blank) == 1 and blank[0].startswith(f"f.yaml:{line}: ")


def test_a_project_that_does_not_ask_keeps_the_exchange_formats_bare_continue():
    assert lines('  "tda@2024": {remedy: continue}\n', cited=False) == []
    assert lines('  "tda@2024": {remedy: misdeal}\n') == []


def test_an_empty_citation_list_fails_when_the_ruling_cites_something():
    scenario = parse_scenario(HEAD + '  "tda@2024": {remedy: continue, citations: []}\n',
                              "f.yaml")
    assert check_scenario(scenario) == [
        "  tda@2024: citations: expected none, got 2024 39-A, 2024 RP-14"]


def test_floorbook_asks_for_it_and_every_bundled_continue_names_its_citations():
    ini = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    assert ini["floorbook_require_citations"] is True
    uncited = [str(problem) for path in sorted((DATA / "scenarios").glob("*.yaml"))
               for problem in expect_problems(load_scenario(path), cited=True)]
    assert uncited == []
