"""Rulings compared between two rulebooks (kb.rules.ruling_diff) and `floorbook diff`.

The changes TDA 2024 -> 2026 expected here were read from the 2026 provisions of
kb/data/provisions/tda.yaml (each in our words from a paraphrase of the 2026 rules, copy
D1) before running the diff:

* 37-E (tda.fouled-deck-2026) revises 2024's 35-E and 35-A-6: a card that does not belong
  to the game (a joker) fouls the deck, play stops and all bets are returned, found at any
  point.  So a joker found before substantial action, a misdeal under 35-A-6, and a joker
  after substantial action, a scrap of paper under 35-D (the hand goes on, or the holder's
  hand is dead), are now void.
* RP-10-B 2026 (tda.rp.stud-seventh-exposed-2026) revises RP-10-B: an exposed seventh-street
  card with betting to come is mixed into the stub and the replacement dealt from it,
  where 2024 only says it is replaced: what the dealer does changes.
* 37-D (tda.misdeal.after-substantial-action-2026) revises 35-D only by dropping the
  scrap-of-paper sentence, and 37-E keeps 35-E for duplicates, other backs and missing
  cards: those rulings stand, under a revised rule.
* Every other 2024 rule the scenarios cite is kept under a new number (35-A-7 is 37-A-6).
"""

from __future__ import annotations

import json
import os
import shutil
from functools import cache
from pathlib import Path

import jsonschema
import pytest

from kb.cli import main
from kb.files import SCHEMAS
from kb.hand.scenario_file import load_scenario
from kb.house.compose import RULEBOOKS
from kb.knowledge import load
from kb.rules.books import resolve_rulebook
from kb.rules.disagreements import SCENARIOS, load_scenarios
from kb.rules.ruling_diff import diff_rulings

_LOADED = cache(load.load_knowledge_base)

#: 37-E: a joker before substantial action was a misdeal (35-A-6), now void.
JOKER_BEFORE = {"joker-in-hand-before-substantial-action", "tda2026-joker-in-hand-before-any-action",
                "wsop-joker-in-hand-holder-called"}
#: 37-E: a joker after substantial action was a scrap of paper under 35-D, now void.
JOKER_AFTER = {"case-c43-joker-on-flop-after-all-ins", "case-c43-second-joker-found-after-pot",
               "joker-in-hand-after-player-acted", "tda2026-joker-on-river-after-substantial-action",
               "tda2026-joker-in-stub-after-pot-awarded"}
#: RP-10-B 2026: the exposed seventh-street card is mixed into the stub, then replaced.
STUD_SEVENTH = {"stud-seventh-street-card-exposed", "wsop-live-stud-seventh-first-player-up"}


@pytest.fixture(autouse=True)
def one_knowledge_base(monkeypatch):
    """The CLI loads the knowledge base for each command; these tests load it once."""
    monkeypatch.setattr(load, "load_knowledge_base", _LOADED)


@cache
def _tda_diff():
    kb = _LOADED()
    return diff_rulings(kb, resolve_rulebook(kb, "tda@2024"), resolve_rulebook(kb, "tda@2026"),
                        load_scenarios())


def test_tda_2026_changes_the_rulings_its_revised_rules_change():
    diff = _tda_diff()
    changed = {c.scenario: c for c in diff.changed}
    ruled_otherwise = {sid for sid, c in changed.items() if c.changed != ("provision",)}
    assert ruled_otherwise == JOKER_BEFORE | JOKER_AFTER | STUD_SEVENTH
    for sid in JOKER_BEFORE:
        c = changed[sid]
        assert (c.earlier.remedy, c.later.remedy) == ("misdeal", "void")
        assert c.changed == ("remedy", "answer", "provision")
        assert c.earlier.citations == ("35-A-6",) and c.later.citations == ("37-E",)
        assert c.revised == (("35-A-6", "37-E"),)
        assert (c.earlier.confidence, c.later.confidence) == ("confirmed", "partial")
    for sid in JOKER_AFTER:
        assert changed[sid].later.remedy == "void" and changed[sid].earlier.remedy != "void"
        assert "35-D" in changed[sid].earlier.citations and "37-E" in changed[sid].later.citations
    assert changed["joker-in-hand-after-player-acted"].earlier.answer == "Seat 1's hand is dead"
    for sid in STUD_SEVENTH:
        c = changed[sid]
        assert c.changed == ("answer", "provision") and c.earlier.remedy == c.later.remedy
        assert c.revised == (("RP-10-B", "RP-10-B"),)
        assert "shuffled back into the stub" in c.later.answer


def test_rulings_that_stand_under_a_revised_rule_are_provision_changes_only():
    changed = {c.scenario: c for c in _tda_diff().changed}
    boxed = changed["boxed-card-on-flop"]          # 37-D revises 35-D: same floor decision
    assert boxed.changed == ("provision",) and boxed.revised == (("35-D", "37-D"),)
    assert boxed.earlier.answer == "Floor's decision under rule 35-D"
    assert boxed.later.answer == "Floor's decision under rule 37-D"
    duplicate = changed["duplicate-on-flop-before-action"]   # 37-E keeps 35-E's duplicate
    assert duplicate.changed == ("provision",) and duplicate.earlier.remedy == "void"
    assert duplicate.revised == (("35-E", "37-E"),)


def test_a_rule_that_only_moved_number_is_renumbering_not_a_change():
    diff = _tda_diff()
    assert ("35-A-7", "37-A-6") in diff.renumbered and ("39-A", "41-A") in diff.renumbered
    assert all(a != b for a, b in diff.renumbered)
    assert ("35-D", "37-D") not in diff.renumbered          # revised: another provision
    changed = {c.scenario for c in diff.changed}
    # 35-A-7 (exposed first card) is 37-A-6 in 2026 with the same meaning: no change
    assert "case-c01-exposed-card-self-dealt" not in changed
    later = [b for _, b in diff.renumbered]
    assert later.index("37-A-6") < later.index("41-A")       # the later book's order
    assert diff.unchanged + len(diff.changed) + len(diff.failed) == len(load_scenarios())
    assert diff.unchanged == 195 and diff.failed == ()


def test_a_book_against_itself_changes_nothing():
    kb = _LOADED()
    book = resolve_rulebook(kb, "wsop@2024")
    diff = diff_rulings(kb, book, book, load_scenarios())
    assert diff.changed == () and diff.renumbered == ()
    assert diff.unchanged == len(load_scenarios())


# --------------------------------------------------------------------------- the command


def test_diff_text_is_answer_first_with_reader_titles(capsys):
    assert main(["diff", "tda@2024", "tda@2026"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == ("tda@2024 -> tda@2026: 10 rulings change; 34 rest on a "
                                   "revised or another rule with the same outcome; 195 "
                                   "scenarios ruled alike.")
    assert ("- A joker comes as the third flop card from a new deck after two players are "
            "all-in (remedy, answer, cards, provision)\n    tda@2024: Take the card out of "
            "play and deal on (continue; 35-D, 36-A)") in out
    assert ("    tda@2026: The hand is void: every player takes back the chips they put in "
            "(void; 37-E; partial)") in out
    assert "Case C43" not in out and "case-c43" not in out
    assert "35-A-7 -> 37-A-6" in out.split("Renumbered")[1]


def test_diff_json_follows_its_schema(capsys):
    assert main(["diff", "tda@2024", "tda@2026", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    schema = json.loads((SCHEMAS / "diff.schema.json").read_text(encoding="utf-8"))
    jsonschema.validate(document, schema)
    assert document["format_version"] == 1 and document["unchanged"] == 195
    assert {"earlier": "35-A-7", "later": "37-A-6"} in document["renumbered"]
    first = {c["scenario"]: c for c in document["changed"]}["joker-in-hand-before-substantial-action"]
    assert first["changed"] == ["remedy", "answer", "provision"]
    assert first["earlier"]["remedy"] == "misdeal" and first["later"]["confidence"] == "partial"
    assert main(["schema", "diff"]) == 0
    assert capsys.readouterr().out.strip().endswith("diff.schema.json")


def test_diff_with_a_house_book_by_id_and_by_file(capsys):
    home = str(RULEBOOKS / "home-game.yaml")
    assert main(["diff", "tda@2024", home, "--json"]) == 0
    by_file = json.loads(capsys.readouterr().out)
    assert main(["diff", "tda@2024", "house.thursday-home-game@2026", "--json"]) == 0
    by_id = json.loads(capsys.readouterr().out)
    assert by_file == by_id and by_id["later"] == "house.thursday-home-game@2026"
    changed = {c["scenario"]: c for c in by_id["changed"]}
    # the home game's own rule 3: one exposed later hole card is replaced, where 35-A-7 lets
    # the hand stand
    exposed = changed["case-c01-exposed-card-self-dealt"]
    assert exposed["earlier"]["citations"] == ["35-A-7"] and exposed["later"]["citations"] == ["3"]
    assert "cards" in exposed["changed"]


def test_an_unknown_rulebook_is_a_usage_error_with_the_nearest_id(capsys):
    assert main(["diff", "tda@2204", "tda@2026"]) == 2
    err = capsys.readouterr().err
    assert err == "floorbook diff: unknown rulebook 'tda@2204' (did you mean 'tda@2024'?)\n"


HOSTILE = """\
id: house..bad
title: 5
base: "tda@2204"
adopt:
  - {topic: no-such-topic, provisions: [tda.nothing]}
  - {topic: four-card-flop, provisions: []}
omit:
  - {provision: tda.nope}
params:
  - {provision: tda.four-card-flop, name: nonsense, value: 3}
add:
  - id: house.other.x
    number: "1"
    title: X
    topics: [nothing-topic]
    text: "<script>alert(1)</script>"
    overrides:
      - {provision: tda.none, number: "1"}
  - id: house.other.x
    title: twice
unknown-key: 1
"""


def test_a_bad_house_file_gets_every_problem_at_once(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text(HOSTILE, encoding="utf-8")
    broken = tmp_path / "broken.yaml"
    broken.write_text("id: [\n", encoding="utf-8")
    assert main(["diff", str(bad), str(broken)]) == 1
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert captured.out == "" and "Traceback" not in captured.err
    assert [line.split(":")[1] for line in lines if line.startswith(str(bad))] == [
        "1", "2", "3", "5", "5", "6", "8", "8", "10", "15", "18", "19", "19", "19", "19", "21"]
    assert f"{bad}:3: base is 'tda@2204' (did you mean 'tda@2024'?)" in lines
    assert lines[-1].startswith(f"{broken}:2: not valid YAML")
    assert main(["diff", str(bad), "tda@2204"]) == 1      # bad input first, then usage


def test_a_path_that_is_no_file_is_located(tmp_path, capsys):
    assert main(["diff", str(tmp_path / "none.yaml"), str(tmp_path)]) == 1
    assert capsys.readouterr().err.splitlines() == [
        f"{tmp_path / 'none.yaml'}:1: no such file (check the path)",
        f"{tmp_path}:1: this is a folder, not a file (give a YAML file)"]


def test_scenarios_of_a_folder_instead_of_the_bundled_ones(tmp_path, capsys):
    for name in ("joker-in-hand-before-substantial-action", "case-c01-exposed-card-self-dealt"):
        shutil.copy(SCENARIOS / f"{name}.yaml", tmp_path)
    assert main(["diff", "tda@2024", "tda@2026", "--scenarios", str(tmp_path), "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert [c["scenario"] for c in document["changed"]] == ["joker-in-hand-before-substantial-action"]
    assert document["unchanged"] == 1
    assert document["renumbered"] == [{"earlier": "35-A-7", "later": "37-A-6"}]


def test_a_bad_scenario_or_a_link_in_the_folder_is_refused_located(tmp_path, capsys):
    (tmp_path / "bad.yaml").write_text("id: x\ntitle: y\ngame: chess\n", encoding="utf-8")
    (tmp_path / "out.yaml").symlink_to(SCENARIOS / "four-card-flop.yaml")
    assert main(["diff", "tda@2024", "tda@2026", "--scenarios", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert f"{tmp_path / 'bad.yaml'}:" in err and f"{tmp_path / 'out.yaml'}:" in err
    assert "Traceback" not in err
    assert main(["diff", "tda@2024", "tda@2026", "--scenarios", str(tmp_path / "none")]) == 1
    assert "is not a folder" in capsys.readouterr().err


def test_earlier_editions_are_rulebooks_of_the_diff(capsys):
    # WSOP 2022 has no rule on two or more extra cards (2023's 88.a.2), so its 88.a.2 to
    # 88.a.6 are 2023's 88.a.3 to 88.a.7 with the same meaning (part A's reading of the texts)
    assert main(["diff", "wsop@2022", "wsop@2023", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert (document["earlier"], document["later"]) == ("wsop@2022", "wsop@2023")
    assert {"earlier": "88.a.2", "later": "88.a.3"} in document["renumbered"]
    assert {"earlier": "88.a.6", "later": "88.a.7"} in document["renumbered"]
    assert main(["diff", "wsop@2203", "wsop@2024"]) == 2
    assert "did you mean 'wsop@2023'?" in capsys.readouterr().err


KB_SMALL = Path(__file__).parent / "data" / "kb-small"


def test_a_data_folder_gives_its_books_house_rulebooks_and_scenarios(tmp_path, capsys):
    data = tmp_path / "data"
    shutil.copytree(KB_SMALL, data)
    (data / "scenarios").mkdir()
    shutil.copy(SCENARIOS / "four-card-flop.yaml", data / "scenarios")
    (data / "rulebooks").mkdir()
    (data / "rulebooks" / "ours.yaml").write_text(
        'id: house.ours@2026\ntitle: Ours\nbase: "tda@2024"\nadopt:\n  - {topic: four-card-flop, '
        "provisions: [rrop.holdem.four-card-flop], reason: We redeal.}\n", encoding="utf-8")
    assert main(["diff", "tda@2024", "house.ours@2026", "--data", str(data), "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    # Robert's Rules Hold'em 3: a four-card flop is redealt from the reshuffled stub; the
    # house book is on the TDA, so the number is named with its book (kb-small gives
    # Robert's Rules no short name: its id, as edition_short makes it)
    assert [(c["scenario"], c["later"]["citations"]) for c in document["changed"]] == [
        ("four-card-flop", ["RROP Hold'em 3"])]
    assert document["changed"][0]["later"]["answer"].startswith("Redeal the flop")
    (data / "rulebooks" / "bad.yaml").write_text("id: house.bad@1\ntitle: Bad\nbase: nope\n",
                                                 encoding="utf-8")
    assert main(["diff", "tda@2024", "house.ours@2026", "--data", str(data)]) == 1
    assert capsys.readouterr().err.startswith(f"{data / 'rulebooks' / 'bad.yaml'}:3: base ")
    shutil.rmtree(data / "scenarios")
    assert main(["diff", "tda@2024", "tda@2026", "--data", str(data)]) == 1
    assert "has no scenarios folder" in capsys.readouterr().err


def test_a_scenario_a_book_cannot_rule_is_listed_apart_and_counted(capsys):
    kb = _LOADED()
    scenarios = load_scenarios()
    diff = diff_rulings(kb, resolve_rulebook(kb, "tda@2024"), resolve_rulebook(kb, "sd@2026"),
                        scenarios)
    # the hand's later events are a new deal after the misdeal every book rules on its
    # exposed first card; South Dakota's code alone gives no misdeal to deal again from
    assert [sid for sid, _ in diff.failed] == ["misdeal-then-exposed-card-on-the-new-deal"]
    assert diff.unchanged + len(diff.changed) + 1 == len(scenarios)
    assert main(["diff", "tda@2024", "sd@2026"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].endswith("; 1 not compared.")
    assert "\n- misdeal-then-exposed-card-on-the-new-deal: " in out.split("Not compared")[1]


def test_wsop_2024_changes_the_missed_burn_noticed_after_one_check(capsys):
    # Read in the texts (/work/texts, WSOP Tournament Rules 2023 and 2024, rule 88.c.3):
    # 2023 lets a round dealt without its burn stand once substantial action has occurred,
    # and a flop whose burn is missing, noticed before substantial action, is scrambled and
    # one of its cards made the burn (88.c.3.i); 2024 lets it stand after a single check.
    # One check is no substantial action, so only this scenario is ruled otherwise.
    assert main(["diff", "wsop@2023", "wsop@2024", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    ruled_otherwise = [c for c in document["changed"] if c["changed"] != ["provision"]]
    assert [c["scenario"] for c in ruled_otherwise] == ["flop-no-burn-after-one-check"]
    change = ruled_otherwise[0]
    assert change["earlier"]["answer"].startswith("Scramble the three flop cards face down")
    assert change["later"]["answer"] == "After this round's betting, burn a card and deal the turn"
    assert change["revised"] == [{"earlier": "88.c.3", "later": "88.c.3"}]


@pytest.mark.parametrize("make, problem", [
    (lambda path: os.mkfifo(path), "this is a FIFO, not a file"),
    (lambda path: path.write_bytes(b"a" * 300_000), "the file is larger than 256,000 bytes"),
    (lambda path: path.write_text("a: &a [*a]\n", encoding="utf-8"), "YAML aliases (*a)"),
    (lambda path: path.write_bytes(b"id: \xff\n"), "not UTF-8"),
], ids=["fifo", "too-big", "alias", "not-utf8"])
def test_a_house_file_that_cannot_be_read_is_one_located_line(tmp_path, capsys, make, problem):
    path = tmp_path / "house.yaml"
    make(path)
    assert main(["diff", str(path), "tda@2026"]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith(f"{path}:1: ")
    assert problem in captured.err and len(captured.err.splitlines()) == 1


NO_REPLAY = ("id: no-replay\ntitle: A second flop\ngame: holdem\nseats: 6\nbutton: 6\n"
             "events:\n  - deal: {}\n  - flop: {}\n  - flop: {}\n")


def test_a_hand_that_does_not_replay_is_bad_input_whatever_else_is_wrong(tmp_path, capsys):
    (tmp_path / "a.yaml").write_text(NO_REPLAY, encoding="utf-8")
    assert main(["diff", "tda@2024", "tda@2026", "--scenarios", str(tmp_path)]) == 1
    captured = capsys.readouterr()
    assert captured.err.splitlines() == [
        f"{tmp_path / 'a.yaml'}:9: a flop cannot come here (the next street is the turn)"]
    assert "Not compared" not in captured.out
    (tmp_path / "b.yaml").write_text("id: [b\n", encoding="utf-8")
    assert main(["diff", "tda@2024", "tda@2026", "--scenarios", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert f"{tmp_path / 'a.yaml'}:9: a flop cannot come here" in err
    assert f"{tmp_path / 'b.yaml'}:" in err and "Traceback" not in err


def test_a_hand_one_book_cannot_rule_is_still_not_compared(tmp_path, capsys):
    shutil.copy(SCENARIOS / "misdeal-then-exposed-card-on-the-new-deal.yaml", tmp_path)
    assert main(["diff", "tda@2024", "sd@2026", "--scenarios", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].endswith("; 1 not compared.")
    assert "\n- misdeal-then-exposed-card-on-the-new-deal: " in out.split("Not compared")[1]


def test_the_same_provisions_cited_in_another_order_are_no_change():
    from kb.rules.ruling_diff import Side, _changes
    a = Side("misdeal", "Misdeal", "", ("1", "2"), "confirmed", ("p.one", "p.two"))
    b = Side("misdeal", "Misdeal", "", ("2", "1"), "confirmed", ("p.two", "p.one"))
    assert _changes(a, b) == ()
    assert _changes(a, Side("misdeal", "Misdeal", "", ("1",), "confirmed", ("p.one",))) == (
        "provision",)


def test_a_number_of_the_book_fallen_back_to_is_named_with_its_book():
    # WSOP Tournament 2022 Rule 129 sends an exposed card to the Live Action rules: their
    # 118 and 119 (2022) are 119 and 120 (2023); bare, they read as Tournament numbers
    kb = _LOADED()
    scenario = load_scenario(SCENARIOS / "case-c01-exposed-card-self-dealt.yaml")
    diff = diff_rulings(kb, resolve_rulebook(kb, "wsop@2022"),
                        resolve_rulebook(kb, "wsop@2023"), [scenario])
    assert diff.renumbered == (("WSOP Live Action 118", "WSOP Live Action 119"),
                               ("WSOP Live Action 119", "WSOP Live Action 120"))
    assert diff.to_json()["renumbered"][0] == {"earlier": "WSOP Live Action 118",
                                               "later": "WSOP Live Action 119"}
    stud = load_scenario(SCENARIOS / "stud-exposed-down-card-initial-deal-cash.yaml")
    changed = diff_rulings(kb, resolve_rulebook(kb, "wsop@2022"),
                           resolve_rulebook(kb, "wsop@2023"), [stud]).changed[0]
    assert (changed.earlier.citations, changed.later.citations) == (
        ("WSOP Live Action 223",), ("88.a.6",))


def test_a_floor_decision_under_a_rule_of_the_book_fallen_back_to_names_that_book():
    # the answer names the rule as the citations do: Live Action 223 under wsop@2022 (its
    # Rule 129 falls back to the Live Action rules), a bare number under wsop-live@2022
    kb = _LOADED()
    stud = [load_scenario(SCENARIOS / "case-c53-stud-third-card-also-dealt-up.yaml")]
    tournament = diff_rulings(kb, resolve_rulebook(kb, "wsop@2022"),
                              resolve_rulebook(kb, "wsop@2023"), stud).changed[0].earlier
    assert tournament.answer.endswith("then floor's decision under WSOP Live Action 223")
    live = diff_rulings(kb, resolve_rulebook(kb, "wsop-live@2022"),
                        resolve_rulebook(kb, "wsop@2023"), stud).changed[0].earlier
    assert live.answer.endswith("then floor's decision under rule 223")
