"""Every replay problem of a scenario in one run (issue 23, section 5): the replay goes on
past an event that only records an accident or a discovery, and where it cannot go on (a
deal, a street, an action) it says at the next event that the later ones were not
checked.  Each problem is ``file:line: message (what to do)``; exit 1."""

from __future__ import annotations

from kb.cli import main
from kb.hand.scenario import ScenarioError
from kb.hand.scenario_file import parse_scenario
from kb.knowledge.load import load_knowledge_base
from kb.rules.books import published_editions
from kb.rules.engine import compare

HEAD = "id: t\ntitle: T\ngame: holdem\nseats: 3\nbutton: 3\nevents:\n  - deal: {}\n"
#: three discoveries that cannot be (lines 8, 9 and 11), a good flop between
TWO = HEAD + ("  - found: {foreign: Kd}\n  - burns: {seen: [As]}\n  - flop: {}\n"
              "  - found: {foreign: Qh}\n")


def rule_lines(tmp_path, text: str, capsys) -> list[str]:
    path = tmp_path / "hand.yaml"
    path.write_text(text, encoding="utf-8")
    assert main(["rule", str(path), "--rulebook", "tda@2024"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    return [line.removeprefix(f"{path}:") for line in err.splitlines()]


def test_every_discovery_that_cannot_be_is_reported(tmp_path, capsys):
    assert rule_lines(tmp_path, TWO, capsys) == [
        "8: found.foreign: Kd belongs to the deck (use duplicate for a second copy)",
        "9: burns.seen: As is not a burn card (name cards among the burns at this point)",
        "11: found.foreign: Qh belongs to the deck (use duplicate for a second copy)"]


def test_the_replay_goes_on_past_a_skipped_event_to_the_next_problem(tmp_path, capsys):
    text = HEAD + ("  - found: {foreign: Kd}\n  - flop: {}\n  - turn: {}\n  - river: {}\n"
                   "  - river: {}\n  - board: {mucked: [2c]}\n")
    lines = rule_lines(tmp_path, text, capsys)
    assert lines[0] == "8: found.foreign: Kd belongs to the deck (use duplicate for a second copy)"
    assert lines[1].startswith("12: a river cannot come here")
    assert lines[2:] == ["13: the events after line 12 were not checked (fix the problem at "
                         "line 12 first, then check again)"]


def test_a_street_that_cannot_come_stops_the_check_at_the_next_event(tmp_path, capsys):
    text = HEAD + "  - river: {}\n  - act: [fold]\n  - found: {foreign: Kd}\n"
    lines = rule_lines(tmp_path, text, capsys)
    assert len(lines) == 2
    assert lines[0].startswith("8: a river cannot come here")
    assert lines[1] == ("9: the events after line 8 were not checked (fix the problem at "
                        "line 8 first, then check again)")


def test_a_problem_at_the_last_event_says_nothing_more(tmp_path, capsys):
    lines = rule_lines(tmp_path, HEAD + "  - river: {}\n", capsys)
    assert len(lines) == 1 and lines[0].startswith("8: a river cannot come here")


def test_compare_reports_every_problem_too():
    scenario = parse_scenario(TWO, "t.yaml")
    kb = load_knowledge_base()
    try:
        compare(kb, scenario, published_editions(kb))
    except ScenarioError as error:
        assert [p.line for p in error.problems] == [8, 9, 11]
    else:
        raise AssertionError("compare ruled a hand that cannot happen")


def test_a_card_found_missing_twice_does_not_hide_the_next_problem(tmp_path, capsys):
    text = HEAD + ("  - found: {missing: [As]}\n  - found: {missing: [As]}\n"
                   "  - found: {foreign: Kd}\n  - flop: {}\n")
    assert rule_lines(tmp_path, text, capsys) == [
        "9: found.missing: As is not in the deck, or is already missing (name each missing "
        "card of the deck once)",
        "10: found.foreign: Kd belongs to the deck (use duplicate for a second copy)"]
