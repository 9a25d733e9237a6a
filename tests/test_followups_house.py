"""Follow-ups of issue 7 on house rulebooks, as a hostile user found them: a rules-as
decider run on a game it does not cover (a traceback), problems hidden behind a schema
problem or an unknown id, two house files with one id, a rules-as that answers none of the
add's topics.  Each through the CLI, with the exact lines printed."""

from __future__ import annotations

import json
import shutil
from functools import cache
from pathlib import Path

import pytest

from kb import DATA
from kb.cli import main
from kb.handbook.data.store import read
from kb.knowledge import load

_LOADED = cache(load.load_knowledge_base)
STUD = DATA / "scenarios" / "stud-premature-fifth-street.yaml"

PREMATURE_TURN = """\
id: house.pt@2026
title: Premature turn house
base: "tda@2024"
add:
  - id: house.pt.premature-turn
    number: "1"
    title: Premature turn
    topics: [premature-turn]
    text: As Robert's Rules deal with a premature turn.
    rules-as: [rrop.holdem.premature-turn]
"""
OVERRIDING = PREMATURE_TURN + ("    overrides: [tda.premature-cards, tda.rp.premature-turn, "
                               "tda.rp.premature-stud]\n")


@pytest.fixture(autouse=True)
def one_knowledge_base(monkeypatch):
    """The CLI loads the bundled knowledge base for each command; load it once."""
    def loaded(root=None):
        return _LOADED() if root is None else _LOADED.__wrapped__(root)
    monkeypatch.setattr(load, "load_knowledge_base", loaded)


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def _err(capsys) -> list[str]:
    out, err = capsys.readouterr()
    assert out == ""
    assert "Traceback" not in err
    return err.splitlines()


# --------------------------------------------------------------------------- item 1


def test_a_hold_em_rules_as_beside_the_stud_rules_is_a_conflict_not_a_crash(tmp_path, capsys):
    """rrop.holdem.premature-turn's decider used to run on a stud hand (ValueError in
    rrop_premature_turn); it is a hold'em rule, so only the hold'em scenarios count."""
    path = _write(tmp_path, "pt.yaml", PREMATURE_TURN)
    assert main(["rulebook", "check", str(path)]) == 1
    [line] = _err(capsys)
    assert line.startswith(f"{path}:8: conflict on 'premature-turn': house.pt.premature-turn "
                           "and tda.rp.premature-turn rule scenario ")
    assert line.endswith("differently and neither takes precedence (add tda.rp.premature-turn "
                         "to house.pt.premature-turn's overrides, or omit it)")


def test_the_overriding_file_checks_clean_and_rules_a_stud_hand_by_the_stud_rules(
        tmp_path, capsys):
    path = _write(tmp_path, "pt.yaml", OVERRIDING)
    assert main(["rulebook", "check", str(path)]) == 0
    assert capsys.readouterr().out == (f"{path}: house.pt@2026 (Premature turn house) on "
                                       "tda@2024: no problems\n")
    assert main(["rule", str(STUD), "--rulebook", str(path), "--json"]) == 0
    ruling = json.loads(capsys.readouterr().out)
    assert ruling["rulebook"] == "house.pt@2026"
    assert ruling["provisions"][0] == "tda.rp.premature-stud"   # the hold'em rule not applied


def test_the_overriding_file_builds_its_site(tmp_path, capsys):
    path = _write(tmp_path, "pt.yaml", OVERRIDING)
    assert main(["rulebook", "build", str(path), "-o", str(tmp_path / "site")]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"wrote {tmp_path / 'site' / page}.html"
        for page in ("index", "rules", "differences", "scenarios", "find")]


def _data_with(tmp_path: Path, rulebooks: dict[str, str],
               scenarios=("stud-premature-fifth-street", "case-c33-premature-turn-during-raise")
               ) -> Path:
    """A data folder: the bundled knowledge base, a few bundled scenarios, these house
    rulebooks (file name -> text)."""
    data = tmp_path / "data"
    shutil.copytree(DATA, data, ignore=shutil.ignore_patterns("scenarios", "rulebooks"))
    (data / "scenarios").mkdir()
    for name in scenarios:
        shutil.copy(DATA / "scenarios" / f"{name}.yaml", data / "scenarios")
    (data / "rulebooks").mkdir()
    for name, text in rulebooks.items():
        _write(data / "rulebooks", name, text)
    return data


def test_the_overriding_file_in_a_data_folder_checks_and_rules_every_scenario(tmp_path,
                                                                              capsys):
    """check --data and the build's rulings table (what `build --data` renders from, where
    the decider crashed) both take the house file."""
    data = _data_with(tmp_path, {"pt.yaml": OVERRIDING})
    assert main(["check", "--data", str(data)]) == 0
    assert capsys.readouterr().out.endswith(": no problems\n")
    table = read(data).rulings
    assert [b.id for b in table.rulebooks][-1] == "house.pt@2026"
    assert table.rulings["stud-premature-fifth-street", "house.pt@2026"].provisions[0] == \
        "tda.rp.premature-stud"


# --------------------------------------------------------------------------- item 2a

TWICE = """\
id: house.two@2026
titel: Two
base: "tda@2024"
adopt:
  - topic: four-card-flop
    provisions: [rrop.holdem.four-card-flop, rrop.holdem.four-card-flop, no.such]
    mode: after
  - topic: four-card-flop
    provisions: [rrop.holdem.flop-redeal]
omit:
  - {provision: tda.four-card-flop, reason: x}
  - {provision: tda.four-card-flop, reason: y}
params:
  - {provision: tda.misdeal.exposed-downcards, name: exposed-cards-for-misdeal, value: 99}
  - {provision: tda.misdeal.exposed-downcards, name: exposed-cards-for-misdeal, value: 2}
"""


def test_schema_problems_do_not_hide_the_problems_of_the_parts_the_schema_accepted(
        tmp_path, capsys):
    """A misspelled field, `mode: after` and an out-of-range value are reported with the
    provision listed twice, the unknown id, the topic adopted twice, the omit twice and
    the parameter set twice."""
    path = _write(tmp_path, "two.yaml", TWICE)
    assert main(["rulebook", "check", str(path)]) == 1
    assert _err(capsys) == [
        f"{path}:1: the file has no 'title' (add it)",
        f"{path}:2: the file has an unknown field 'titel' (did you mean 'title'?)",
        (f"{path}:6: adopt: 'rrop.holdem.four-card-flop' is listed twice for topic "
         "'four-card-flop' (also at line 6) (list it once)"),
        (f"{path}:6: adopt: unknown provision 'no.such' (check the id in the handbook's "
         "provision index)"),
        f"{path}:7: adopt.mode is 'after' (use one of: instead, before)",
        (f"{path}:8: adopt: topic 'four-card-flop' is adopted twice (also at line 5) (keep "
         "one entry per topic)"),
        (f"{path}:12: omit: 'tda.four-card-flop' is omitted twice (also at line 11) (keep one "
         "entry)"),
        f"{path}:14: params.value is 99 (use a number from 1 to 7)",
        (f"{path}:15: params: tda.misdeal.exposed-downcards 'exposed-cards-for-misdeal' is "
         "set twice (also at line 14) (keep one entry)"),
    ]


def test_an_unknown_rules_as_id_does_not_hide_a_conflict(tmp_path, capsys):
    text = PREMATURE_TURN.replace("rules-as: [rrop.holdem.premature-turn]",
                                  "rules-as: [rrop.holdem.premature-trun, "
                                  "rrop.holdem.premature-turn]")
    path = _write(tmp_path, "pt.yaml", text)
    assert main(["rulebook", "check", str(path)]) == 1
    lines = _err(capsys)
    assert len(lines) == 2
    assert lines[0].startswith(f"{path}:8: conflict on 'premature-turn': ")
    assert lines[1] == (f"{path}:10: add house.pt.premature-turn: unknown provision "
                        "'rrop.holdem.premature-trun' in rules-as (did you mean "
                        "'rrop.holdem.premature-turn'?)")


def test_an_add_refused_in_part_is_left_out_of_the_conflict_search(tmp_path, capsys):
    """Its overrides are what the schema refused (one bad id): without them the add would
    conflict with tda.rp.premature-turn, a knock-on problem that is not reported."""
    text = OVERRIDING.replace("tda.rp.premature-stud]", "tda.rp.premature-stud, Bad Id]")
    path = _write(tmp_path, "pt.yaml", text)
    assert main(["rulebook", "check", str(path)]) == 1
    assert _err(capsys) == [
        (f"{path}:11: add.overrides item 'Bad Id' is not of the right form (write a "
         "provision id such as tda.four-card-flop: lowercase words joined by dots and single "
         "hyphens)")]


# --------------------------------------------------------------------------- item 3


def test_two_house_files_with_one_id_are_an_error_naming_both(tmp_path, capsys):
    home = (DATA / "rulebooks" / "home-game.yaml").read_text(encoding="utf-8")
    data = _data_with(tmp_path, {"home-game.yaml": home, "zz-copy.yaml": home})
    line = next(n for n, text in enumerate(home.splitlines(), 1) if text.startswith("id:"))
    assert main(["check", "--data", str(data)]) == 1
    assert _err(capsys) == [
        (f"{data}/rulebooks/zz-copy.yaml:{line}: the id 'house.thursday-home-game@2026' is "
         f"also the id of {data}/rulebooks/home-game.yaml (give each house rulebook of the "
         "folder its own id)")]


def test_a_rules_as_that_answers_none_of_the_add_s_topics_is_reported_at_its_line(
        tmp_path, capsys):
    text = PREMATURE_TURN.replace("topics: [premature-turn]", "topics: [four-card-flop]")
    path = _write(tmp_path, "flop.yaml", text)
    assert main(["rulebook", "check", str(path)]) == 1
    assert _err(capsys) == [
        (f"{path}:10: add house.pt.premature-turn: rules-as rrop.holdem.premature-turn "
         "answers none of its topics (four-card-flop) (use a provision that answers one of "
         "them: house.casino.four-card-flop, house.casino.flop-redeal, "
         "myhomegame.four-card-flop, rrop.holdem.four-card-flop, rrop.holdem.flop-redeal, "
         "tda.four-card-flop)")]
