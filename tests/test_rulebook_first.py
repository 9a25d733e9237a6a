"""`floorbook rule` and `floorbook fairness`: an unknown --rulebook id is a usage error named first (exit 2), even
when the scenario file has problems too, so a user does not mend the file only to meet
the id; a bad house file's problems come with the scenario file's, all at once (exit 1)."""

from __future__ import annotations

import pytest

from kb.cli import main

#: A scenario whose game is misspelt (line 3) and whose hand is otherwise good.
BAD_HAND = "id: t\ntitle: T\ngame: holdme\nseats: 3\nbutton: 3\nevents:\n  - deal: {}\n"
#: A house rulebook omitting a provision that does not exist (line 5).
BAD_HOUSE = ("id: house.t@1\ntitle: T\nbase: \"tda@2024\"\nomit:\n"
             "  - provision: tda.four-card-flops\n    reason: no\n")


@pytest.mark.parametrize("command", ["rule", "fairness"])
def test_an_unknown_rulebook_id_comes_before_the_scenario_files_problems(tmp_path, capsys,
                                                                         command):
    hand = tmp_path / "hand.yaml"
    hand.write_text(BAD_HAND, encoding="utf-8")
    assert main([command, str(hand), "--rulebook", "tda@2204"]) == 2
    assert capsys.readouterr().err == (f"floorbook {command}: unknown rulebook 'tda@2204' "
                                       "(did you mean 'tda@2024'?)\n")


def test_a_bad_house_file_and_a_bad_scenario_file_get_every_problem_at_once(tmp_path, capsys):
    hand, house = tmp_path / "hand.yaml", tmp_path / "house.yaml"
    hand.write_text(BAD_HAND, encoding="utf-8")
    house.write_text(BAD_HOUSE, encoding="utf-8")
    assert main(["rule", str(hand), "--rulebook", str(house)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert f"{hand}:3: game is 'holdme' (did you mean 'holdem'?)" in err
    assert [line for line in err if line.startswith(f"{house}:5: ")] == [
        f"{house}:5: omit: unknown provision 'tda.four-card-flops' (did you mean "
        "'tda.four-card-flop'?)"]


def test_a_good_scenario_under_an_unknown_id_is_still_the_usage_error(tmp_path, capsys):
    hand = tmp_path / "hand.yaml"
    hand.write_text(BAD_HAND.replace("holdme", "holdem"), encoding="utf-8")
    assert main(["rule", str(hand), "--rulebook", "tda@2204"]) == 2
    assert "unknown rulebook 'tda@2204'" in capsys.readouterr().err
