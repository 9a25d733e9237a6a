"""Broken scenario files, each run through ``floorbook rule FILE --rulebook tda@2024``: exit
1, exactly the expected ``file:line: message (what to do)`` lines on stderr, no traceback.

Each file under tests/data/bad/scenario holds one distinct error (several-problems.yaml
holds many) and says what it expects in its first lines, one per problem; the files under
tests/data/bad/expect are valid scenarios with a fault in ``expect`` only, which
``floorbook rule`` ignores and the test collector reports, in the same form::

    # expect: <basename>:<line>: <message (what to do)>

Hostile inputs that must not be committed (FIFOs, links to /dev/zero, alias bombs, huge
files) are made by the tests themselves; so are two files with one id in a folder and an
``expect`` that names an unknown rulebook.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from kb.cli import main
from kb.files import Problem
from kb.hand.scenario import ScenarioError
from kb.hand.scenario_file import MAX_BYTES, load_scenario, parse_scenario
from kb.house.expectations import expect_problems
from kb.pytest_plugin import check_scenario
from kb.rules.disagreements import load_scenarios

BAD = Path(__file__).parent / "data" / "bad" / "scenario"
FILES = sorted(BAD.glob("*.yaml"))
#: Scenarios whose only fault is in ``expect``: ``floorbook rule`` rules them; the test
#: collector fails them with the ``# expect:`` lines.
BAD_EXPECT = sorted((BAD.parent / "expect").glob("*.yaml"))
MINIMAL = "id: ok\ntitle: Ok\ngame: holdem\nseats: 3\nbutton: 3\nevents:\n  - deal: {}\n"


def expected_lines(path: Path) -> list[str]:
    """The ``# expect:`` header lines of ``path``, as stderr shows them (with its folder)."""
    lines = path.read_bytes().decode("utf-8", errors="replace").splitlines()
    prefix = "# expect: "
    return [f"{path.parent}/{line[len(prefix):]}" for line in lines if line.startswith(prefix)]


def rule_stderr(path, capsys) -> list[str]:
    """Run ``floorbook rule PATH --rulebook tda@2024``: assert exit 1, no traceback and
    nothing on stdout; the stderr lines."""
    code = main(["rule", str(path), "--rulebook", "tda@2024"])
    out, err = capsys.readouterr()
    assert code == 1
    assert out == ""
    assert "Traceback" not in err
    return err.splitlines()


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_bad_scenario_gives_exactly_its_located_errors(path, capsys):
    assert rule_stderr(path, capsys) == expected_lines(path)


def test_the_corpus_has_35_files_or_more_each_stating_its_errors():
    assert len(FILES) >= 35
    for path in FILES:
        lines = expected_lines(path)
        assert lines, f"{path.name} has no '# expect:' line"
        assert all(line.startswith(f"{path}:") for line in lines), path.name


def test_several_problems_are_all_reported_in_one_run_sorted_by_line(capsys):
    lines = rule_stderr(BAD / "several-problems.yaml", capsys)
    numbers = [int(line.split(":")[1]) for line in lines]
    assert len(lines) == 8
    assert numbers == sorted(numbers) == [10, 14, 15, 17, 17, 18, 18, 20]


def test_scenario_error_carries_every_problem_and_the_first_one_s_fields():
    with pytest.raises(ScenarioError) as caught:
        parse_scenario("id: x\ntitle: t\ngame: holdem\nseats: 3\nbutton: 7\nevents:\n"
                       "  - flop: {premature: yes}\n", "x.yaml")
    error = caught.value
    assert error.problems == [
        Problem("x.yaml", 5, "button seat 7 is not dealt in", "put the button on one of "
                "the seats"),
        Problem("x.yaml", 7, "events.flop.premature must be true or false",
                "write true or false")]
    assert (error.file, error.line, error.message, error.hint) == (
        "x.yaml", 5, "button seat 7 is not dealt in", "put the button on one of the seats")
    assert str(error) == ("x.yaml:5: button seat 7 is not dealt in (put the button on one "
                          "of the seats)\nx.yaml:7: events.flop.premature must be true or "
                          "false (write true or false)")


# --------------------------------------------------------------------------- generated


def test_a_missing_file_is_refused(tmp_path, capsys):
    path = tmp_path / "nowhere.yaml"
    assert rule_stderr(path, capsys) == [f"{path}:1: no such file (check the path)"]


def test_a_folder_is_refused(tmp_path, capsys):
    path = tmp_path / "folder.yaml"
    path.mkdir()
    assert rule_stderr(path, capsys) == [
        f"{path}:1: this is a folder, not a file (give a YAML file)"]


def test_a_fifo_is_refused_at_once(tmp_path, capsys):
    path = tmp_path / "pipe.yaml"
    os.mkfifo(path)
    assert rule_stderr(path, capsys) == [f"{path}:1: this is a FIFO, not a file (give a "
                                         "YAML file)"]


def test_a_link_to_dev_zero_is_refused(tmp_path, capsys):
    path = tmp_path / "zero.yaml"
    path.symlink_to("/dev/zero")
    assert rule_stderr(path, capsys) == [
        f"{path}:1: this is a device, not a file (give a YAML file)"]


def test_a_file_over_the_size_limit_is_refused(tmp_path, capsys):
    path = tmp_path / "big.yaml"
    path.write_text(MINIMAL + "note: " + "x" * MAX_BYTES + "\n", encoding="utf-8")
    assert rule_stderr(path, capsys) == [
        f"{path}:1: the file is larger than {MAX_BYTES:,} bytes (check that this is the "
        "right file; floorbook files are far smaller)"]


def test_an_alias_bomb_in_the_deck_is_refused_at_its_first_alias(tmp_path, capsys):
    path = tmp_path / "bomb.yaml"
    levels = ["a: &a [As, As, As, As, As, As, As, As, As]"] + [
        f"{chr(98 + i)}: &{chr(98 + i)} [" + ", ".join([f"*{chr(97 + i)}"] * 9) + "]"
        for i in range(8)]
    path.write_text("id: bomb\ntitle: Bomb\ngame: holdem\nseats: 3\nbutton: 3\nevents: []\n"
                    "note:\n" + "\n".join(f"  {line}" for line in levels) + "\ndeck: *i\n",
                    encoding="utf-8")
    assert rule_stderr(path, capsys) == [
        f"{path}:9: YAML aliases (*a) are not allowed in floorbook files (write the value "
        "out in full)"]


def test_two_scenarios_with_one_id_in_a_folder_name_both_files(tmp_path):
    (tmp_path / "a.yaml").write_text(MINIMAL, encoding="utf-8")
    (tmp_path / "b.yaml").write_text("# the same hand again\n" + MINIMAL, encoding="utf-8")
    with pytest.raises(ScenarioError) as caught:
        load_scenarios(tmp_path)
    assert str(caught.value) == (
        f"{tmp_path}/b.yaml:2: the id 'ok' is also the id of {tmp_path}/a.yaml (give each "
        "scenario of the folder its own id)")


def test_a_folder_reports_every_broken_file_and_the_duplicates_together(tmp_path):
    (tmp_path / "a.yaml").write_text(MINIMAL, encoding="utf-8")
    (tmp_path / "b.yaml").write_text(MINIMAL, encoding="utf-8")
    (tmp_path / "c.yaml").write_text(MINIMAL.replace("button: 3", "button: 9"),
                                     encoding="utf-8")
    with pytest.raises(ScenarioError) as caught:
        load_scenarios(tmp_path)
    assert [str(p) for p in caught.value.problems] == [
        f"{tmp_path}/b.yaml:1: the id 'ok' is also the id of {tmp_path}/a.yaml (give each "
        "scenario of the folder its own id)",
        f"{tmp_path}/c.yaml:5: button seat 9 is not dealt in (put the button on one of the "
        "seats)"]


def test_an_expect_naming_an_unknown_rulebook_fails_at_the_line_of_its_key():
    scenario = parse_scenario(MINIMAL + "expect:\n  \"tda@2024\": {remedy: continue}\n"
                              "  \"tda@2025\": {remedy: continue}\n", "t.yaml")
    [line] = check_scenario(scenario)
    assert line == "t.yaml:10: unknown rulebook 'tda@2025' (did you mean 'tda@2026'?)"


def test_an_expect_naming_a_missing_house_file_fails_at_the_line_of_its_key():
    scenario = parse_scenario(MINIMAL + "expect:\n  gone/house.yaml: {remedy: continue}\n",
                              "t.yaml")
    assert check_scenario(scenario) == [
        "t.yaml:9: the house rulebook gone/house.yaml has problems (fix the lines below)",
        "  gone/house.yaml:1: no such file (check the path)"]


# --------------------------------------------------------------------------- expect


@pytest.mark.parametrize("path", BAD_EXPECT, ids=[p.name for p in BAD_EXPECT])
def test_a_fault_in_expect_is_ruled_by_rule_and_failed_by_the_collector_at_its_line(path,
                                                                                     capsys):
    assert main(["rule", str(path), "--rulebook", "tda@2024"]) == 0
    assert capsys.readouterr().err == ""
    assert check_scenario(load_scenario(path)) == expected_lines(path)


def test_the_expect_corpus_covers_keys_shapes_cards_and_citations():
    assert {p.stem for p in BAD_EXPECT} >= {
        "expect-unknown-field", "unknown-remedy", "bad-card-in-expect",
        "expect-hands-not-a-seat", "citation-number-not-text", "citation-without-number"}


OUTSIDE = MINIMAL.replace("deal: {}", "deal: {exposed: [2]}") + """expect:
  "tda@2024": {remedy: continue, verdict: {by: our-suite, confidence: 0.9}}
  our-suite:
    - any shape at all
  rrop@v11: 42
"""


def test_rule_and_compare_rule_a_scenario_whatever_its_expect_holds(tmp_path, capsys):
    path = tmp_path / "outside.yaml"
    path.write_text(OUTSIDE, encoding="utf-8")
    assert main(["rule", str(path), "--rulebook", "tda@2024", "--json"]) == 0
    assert main(["compare", str(path)]) == 0
    assert capsys.readouterr().err == ""
    assert main(["rule", str(tmp_path / "outside.yaml"), "--rulebook", "rrop@v11"]) == 0


def test_an_expect_that_is_not_a_mapping_is_ruled_and_failed_by_the_collector():
    scenario = parse_scenario(MINIMAL + "expect: [tda@2024, continue]\n", "t.yaml")
    assert scenario.expect == {}
    assert check_scenario(scenario) == ["t.yaml:8: expect must be a mapping (write "
                                        "'key: value' lines)"]


def test_the_collector_names_every_unknown_key_of_an_entry_at_its_line():
    scenario = parse_scenario(OUTSIDE, "t.yaml")
    assert check_scenario(scenario) == [
        "t.yaml:9: expect.tda@2024 has an unknown field 'verdict' (remove it or use one of: "
        "board, burns, calls, citations, citations_unchecked, dead, hands, muck, random, "
        "read, remedy, set_aside, stub_top, why)",
        "t.yaml:11: expect.our-suite must be a mapping (write 'key: value' lines)",
        "t.yaml:12: expect.rrop@v11 must be a mapping (write 'key: value' lines)"]


def test_random_a_ruling_field_is_a_valid_expectation():
    four = MINIMAL.replace("deal: {}", "deal: {}\n  - flop: {cards: 4}")
    right = parse_scenario(four + "expect:\n  \"tda@2024\": {remedy: continue, random: true}\n"
                           "  rrop@v11: {random: true}\n", "t.yaml")
    assert expect_problems(right) == [] and check_scenario(right) == []
    wrong = parse_scenario(four + "expect:\n  \"tda@2024\": {random: false}\n", "t.yaml")
    assert check_scenario(wrong) == ["  tda@2024: random: expected False, got True"]


# --------------------------------------------------------------------------- fouled decks


def test_a_deck_may_list_a_card_twice_and_the_replay_deals_both_copies():
    from kb.hand.deal import replay
    scenario = parse_scenario(MINIMAL.replace("events:", "deck: As Kd As\nevents:"), "t.yaml")
    assert scenario.deck[:4] == ("As", "Kd", "As", "Ah") and len(scenario.deck) == 53
    table = replay(scenario).table
    assert table.hands[1][0] == "As" and table.hands[3][0] == "As"


def test_card_text_that_is_not_a_card_is_still_refused(capsys):
    path = BAD / "bad-card-in-deck.yaml"
    assert any("is not a card" in line for line in rule_stderr(path, capsys))
