"""An unknown name gets the nearest known one (issue 23, section 5): events, fields, the
values of a field, provision ids, topics and rulebook ids, instead of the whole list; the
list only where none is near and it is short, else where to find it.  And no problem
points at a list index (``events[1]``): the line says which item."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kb.cli import main
from kb.files import did_you_mean
from kb.hand.scenario import ScenarioError
from kb.hand.scenario_file import parse_scenario

BAD = Path(__file__).parent / "data" / "bad"
HAND = "id: t\ntitle: T\ngame: holdem\nseats: 3\nbutton: 3\nevents:\n  - deal: {}\n"


def problems_of(text: str) -> list[str]:
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(text, "t.yaml")
    return [str(p) for p in caught.value.problems]


def test_an_unknown_event_gets_the_nearest_event():
    assert problems_of(HAND + "  - flpo: {}\n") == [
        "t.yaml:8: unknown event 'flpo' (did you mean 'flop'?)"]


def test_an_unknown_field_gets_the_nearest_field():
    assert problems_of(HAND.replace("deal: {}", "deal: {exposd: [3]}")) == [
        "t.yaml:7: events.deal has an unknown field 'exposd' (did you mean 'exposed'?)"]


def test_an_unknown_value_gets_the_nearest_value():
    assert problems_of(HAND.replace("holdem", "holdme")) == [
        "t.yaml:3: game is 'holdme' (did you mean 'holdem'?)"]


def test_a_name_near_none_of_a_long_list_says_where_the_list_is():
    assert problems_of(HAND + "  - shuffle: {}\n") == [
        "t.yaml:8: unknown event 'shuffle' (remove it; `floorbook schema "
        "scenario --show` lists them)"]


def test_a_name_near_none_of_a_short_list_gets_the_list():
    assert did_you_mean("colour", ["cards", "burns", "boxed"]) == "use one of: boxed, burns, cards"


def test_an_unknown_rulebook_id_gets_the_nearest_rulebook(tmp_path, capsys):
    path = tmp_path / "hand.yaml"
    path.write_text(HAND, encoding="utf-8")
    assert main(["rule", str(path), "--rulebook", "tda@2204"]) == 2
    assert capsys.readouterr().err == ("floorbook rule: unknown rulebook 'tda@2204' (did you "
                                       "mean 'tda@2024'?)\n")


@pytest.mark.parametrize(("body", "expected"), [
    ("omit:\n  - provision: tda.four-card-flops\n    reason: no\n",
     "omit: unknown provision 'tda.four-card-flops' (did you mean 'tda.four-card-flop'?)"),
    ("adopt:\n  - topic: four-card-flops\n    provisions: [tda.four-card-flop]\n",
     "adopt: unknown topic 'four-card-flops' (did you mean 'four-card-flop'?)")])
def test_a_house_file_s_unknown_provision_or_topic_gets_the_nearest(tmp_path, capsys, body,
                                                                     expected):
    path = tmp_path / "house.yaml"
    path.write_text("id: house.t@1\ntitle: T\nbase: \"tda@2024\"\n" + body, encoding="utf-8")
    assert main(["rulebook", "check", str(path)]) == 1
    assert f"{path}:5: {expected}" in capsys.readouterr().err.splitlines()


def test_no_problem_of_the_bad_files_points_at_a_list_index():
    headers = [line for path in BAD.rglob("*.yaml")
               for line in path.read_bytes().decode("utf-8", "replace").splitlines()
               if line.startswith("# expect: ")]
    assert len(headers) > 150
    assert [line for line in headers if re.search(r"[\w@-]\[\d+\]", line)] == []
