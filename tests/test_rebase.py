"""`floorbook rulebook check FILE --against EDITION`: a house book's rebase preview.

What goes stale was read from kb/data/provisions/tda.yaml before running the preview: TDA
2026 numbers 2024's 35-A-7 as 37-A-6, 39-A as 41-A, 22 as 24 and 26 as 28 with the same
meaning (renumbered), and 37-E (tda.fouled-deck-2026) revises 2024's 35-A-6 (a non-standard
card is no longer a misdeal cause but fouls the deck).  Which rulings change is the
tda@2024 -> tda@2026 diff's (tests/test_ruling_diff.py), for a house book whose own rules
touch no rule 2026 revised.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import jsonschema
import pytest
from test_ruling_diff import HOSTILE, JOKER_AFTER, JOKER_BEFORE, STUD_SEVENTH

from kb.cli import main
from kb.files import SCHEMAS
from kb.house.compose import RULEBOOKS
from kb.house.rebase import rebase_preview
from kb.knowledge import load
from kb.rules.disagreements import load_scenarios

_LOADED = cache(load.load_knowledge_base)
HOME_GAME = RULEBOOKS / "home-game.yaml"
ROOM = Path(__file__).parent / "data" / "house-rebase" / "room-on-tda-2024.yaml"


@pytest.fixture(autouse=True)
def one_knowledge_base(monkeypatch):
    monkeypatch.setattr(load, "load_knowledge_base", _LOADED)


def test_the_home_game_on_tda_2026_renumbers_its_overrides_and_changes_the_tda_rulings():
    preview = rebase_preview(_LOADED(), HOME_GAME, "tda@2026", load_scenarios())
    assert [(s.line, s.change, s.provision, s.earlier, s.later) for s in preview.stale] == [
        (25, "cited", "tda.misdeal.exposed-downcards", "35-A-7", "37-A-6"),   # its text
        (33, "renumbered", "tda.misdeal.exposed-downcards", "35-A-7", "37-A-6"),
        (41, "renumbered", "tda.deck-changes", "26", "28")]
    assert preview.problems == ()
    assert preview.diff is not None
    ruled_otherwise = {c.scenario for c in preview.diff.changed if c.changed != ("provision",)}
    # the home game's own rules (four-card flop, one exposed later hole card) are none of
    # the rules 2026 revises: the rulings that change are the TDA's
    assert ruled_otherwise == JOKER_BEFORE | JOKER_AFTER | STUD_SEVENTH
    assert ("41-A", "41-A") not in preview.diff.renumbered
    assert (preview.diff.earlier, preview.diff.later) == (
        "house.thursday-home-game@2026", "house.thursday-home-game@2026")
    assert preview.labels == ("on tda@2024", "on tda@2026")


def test_every_kind_of_entry_a_new_edition_leaves_stale():
    preview = rebase_preview(_LOADED(), ROOM, "tda@2026", load_scenarios())
    found = [(s.line, s.entry, s.change, s.earlier, s.later) for s in preview.stale]
    assert found == [
        (12, "adopt non-standard-cards", "revised", "35-A-6", "37-E"),
        (13, "the reason of adopt non-standard-cards", "cited", "22", "24"),   # "Rule 22"
        (17, "params burn-from", "renumbered", "39-A", "41-A"),
        (26, "the text of add house.rebase-room.exposed", "cited", "35-A-7", "37-A-6"),
        (29, "add house.rebase-room.exposed (rules-as)", "renumbered", "35-A-7", "37-A-6"),
        (31, "add house.rebase-room.exposed", "renumbered", "35-A-7", "37-A-6")]
    revised = preview.stale[0]
    assert revised.point.startswith("The non-standard card leaves the misdeal causes")
    assert str(revised).startswith(
        f"{ROOM}:12: adopt non-standard-cards names 35-A-6 (tda.misdeal.non-standard-card), "
        "which is revised by 37-E in tda@2026 (The non-standard card")


def test_a_rule_the_other_base_does_not_hold_is_dropped():
    preview = rebase_preview(_LOADED(), HOME_GAME, "rrop@v11", load_scenarios())
    assert [(s.line, s.change, s.earlier, s.later) for s in preview.stale] == [
        (33, "dropped", "35-A-7", ""), (41, "dropped", "26", "")]


def test_an_entry_that_no_longer_composes_is_reported_and_rulings_wait(tmp_path, capsys):
    room = tmp_path / "omit.yaml"
    room.write_text('id: house.omit-room@2025\ntitle: Omit\nbase: "tda@2024"\nomit:\n'
                    "  - provision: tda.misdeal.non-standard-card\n"
                    "    reason: We play with no joker in the box.\n", encoding="utf-8")
    assert main(["rulebook", "check", str(room), "--against", "tda@2026", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["rulings"] is None
    assert document["problems"] == [f"{room}:5: omit: 'tda.misdeal.non-standard-card' does "
                                    "not govern any topic in tda@2026 (remove the entry)"]
    assert [(s["change"], s["later"]) for s in document["stale"]] == [("revised", "37-E")]


def test_the_command_prints_the_stale_entries_then_the_rulings(capsys):
    assert main(["rulebook", "check", str(HOME_GAME), "--against", "tda@2026"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{HOME_GAME}: house.thursday-home-game@2026 on tda@2024, previewed "
                          "on tda@2026 (the file is not changed).\n\nEntries that go stale on "
                          f"tda@2026:\n  {HOME_GAME}:25: the text of add "
                          "house.thursday-home-game.exposed-hole-card cites 35-A-7")
    assert "\n\non tda@2024 -> on tda@2026: 10 rulings change;" in out
    assert "35-A-7 -> 37-A-6" in out.split("Renumbered")[1]


def test_json_of_the_preview(capsys):
    assert main(["rulebook", "check", str(HOME_GAME), "--against", "tda@2026", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert (document["format_version"], document["id"], document["base"],
            document["against"]) == (1, "house.thursday-home-game@2026", "tda@2024", "tda@2026")
    assert document["stale"][1]["text"] == (
        f"{HOME_GAME}:33: add house.thursday-home-game.exposed-hole-card names 35-A-7 "
        "(tda.misdeal.exposed-downcards), which is 37-A-6 in tda@2026 (check its text in the "
        "new edition and update the number)")
    assert document["rulings"]["unchanged"] == 195
    schema = json.loads((SCHEMAS / "diff.schema.json").read_text(encoding="utf-8"))
    jsonschema.validate(document["rulings"], schema)
    assert [s["change"] for s in document["stale"]] == ["cited", "renumbered", "renumbered"]


def test_an_unknown_edition_is_a_usage_error(capsys):
    assert main(["rulebook", "check", str(HOME_GAME), "--against", "tda@2062"]) == 2
    assert capsys.readouterr().err == ("floorbook rulebook check: --against 'tda@2062' is not a "
                                       "published edition (did you mean 'tda@2026'?)\n")


def test_a_bad_house_file_gets_every_problem_and_no_preview(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text(HOSTILE, encoding="utf-8")
    assert main(["rulebook", "check", str(bad), "--against", "tda@2026"]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and "Traceback" not in captured.err
    assert len(captured.err.splitlines()) == 16
    assert f"{bad}:3: base is 'tda@2204' (did you mean 'tda@2024'?)" in captured.err


def test_with_json_a_bad_house_file_is_reported_as_rulebook_check_json_does(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text(HOSTILE, encoding="utf-8")
    assert main(["rulebook", "check", str(bad), "--against", "tda@2026", "--json"]) == 1
    document = json.loads(capsys.readouterr().out)
    assert main(["rulebook", "check", str(bad), "--json"]) == 1
    plain = json.loads(capsys.readouterr().out)
    assert document["problems"] == plain["problems"] and document["ok"] is False
    assert len(document["problems"]) == 16


def test_a_bad_scenario_folder_stops_the_preview(tmp_path, capsys):
    (tmp_path / "bad.yaml").write_text("id: x\n", encoding="utf-8")
    assert main(["rulebook", "check", str(HOME_GAME), "--against", "tda@2026",
                 "--scenarios", str(tmp_path)]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith(f"{tmp_path / 'bad.yaml'}:")


def test_a_number_is_cited_whole_not_inside_a_longer_one():
    from kb.house.rebase import _cites
    assert not _cites("as 88.a.7.i says", "88.a.7")
    assert not _cites("Rule 88.a.7 says", "88")
    assert _cites("as 88.a.7 says.", "88.a.7") and _cites("see 88.a.7.", "88.a.7")
    assert _cites("Rule 88 says", "88")


def test_two_provisions_sharing_an_old_number_are_each_reported(monkeypatch):
    # Live Action 2024 gives 167 to the premature flop and the premature turn: words citing
    # the number are stale for each (the map by the old number kept only the last one)
    from kb.house import rebase
    from kb.house.compose import compose_file
    spec = compose_file(_LOADED(), ROOM)[0]
    assert spec is not None
    monkeypatch.setattr(rebase, "_moves", lambda kb, base, against: {
        "p.flop": ("renumbered", "22", "24", ""), "p.turn": ("renumbered", "22", "25", "")})
    found = [(s.line, s.change, s.provision, s.later)
             for s in rebase.stale_entries(_LOADED(), spec, "tda@2026")]
    assert found == [(13, "cited", "p.flop", "24"), (13, "cited", "p.turn", "25")]
