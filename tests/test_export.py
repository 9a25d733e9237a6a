"""``floorbook export``: the whole knowledge base as JSON (kb/house/export.py,
kb/knowledge/export.py), valid against kb/schemas/export.schema.json, every count the
knowledge base has, each provision's number in each edition, and the rulings of every
scenario under every published rulebook; ruling JSON carries its format_version."""

from __future__ import annotations

import json
import shutil

import jsonschema
import pytest

from kb import DATA
from kb.cli import main
from kb.handbook.data.export import json_pieces
from kb.house.compose import published_rulebooks
from kb.house.export import SCHEMA


@pytest.fixture(scope="module")
def exported(tmp_path_factory) -> dict:
    """``floorbook export --rulings -o FILE`` of the bundled data, read back."""
    path = tmp_path_factory.mktemp("export") / "kb.json"
    assert main(["export", "--rulings", "-o", str(path)]) == 0
    return json.loads(path.read_text(encoding="utf-8"))


def test_the_export_with_rulings_validates_against_its_schema(exported):
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.Draft202012Validator(schema).validate(exported)
    assert exported["format_version"] == 1 and exported["ruling_format_version"] == 1
    assert exported["floorbook_version"] == "0.1.0"


def test_the_export_holds_every_record_of_the_knowledge_base(exported, kb):
    counts = {key: len(exported[key]) for key in
              ("sources", "editions", "provisions", "relations", "topics", "glossary",
               "errata")}
    assert counts == {"sources": len(kb.sources), "editions": len(kb.editions),
                      "provisions": len(kb.provisions),
                      "relations": sum(len(p.relations) for p in kb.provisions),
                      "topics": len(kb.topics), "glossary": len(kb.terms),
                      "errata": len(kb.errata)}
    assert counts["provisions"] > 250 and counts["relations"] > 400


def test_rulings_are_every_scenario_under_every_published_rulebook(exported, kb):
    files = sorted((DATA / "scenarios").glob("*.yaml"))
    books = [book.id for book in published_rulebooks(kb)]
    assert [r["id"] for r in exported["rulebooks"]] == books
    assert len(exported["scenarios"]) == len(files)
    assert len(exported["rulings"]) == len(files) * len(books)
    first = exported["scenarios"][0]["id"]
    assert [(r["scenario"], r["rulebook"]) for r in exported["rulings"][:len(books)]] == \
        [(first, book) for book in books]


def test_tda_misdeal_for_exposed_downcards_is_35_a_7_in_2024_and_37_a_7_in_2026(exported):
    misdeal = next(p for p in exported["provisions"] if p["id"] == "tda.misdeal.exposed-downcards")
    assert [(n["edition"], n["number"], n["cited_as"]) for n in misdeal["numbers"]] == [
        ("tda@2024", "35-A-7", "TDA 2024 35-A-7"), ("tda@2026", "37-A-6", "TDA 2026 37-A-6")]
    assert [n["confidence"] for n in misdeal["numbers"]] == ["confirmed", "partial"]
    assert misdeal["at"].startswith("provisions/tda.yaml:")


def test_relations_carry_their_inverse_names(exported):
    kinds = {k["kind"]: k["inverse"] for k in exported["relation_kinds"]}
    assert kinds["differs-from"] == "differed-from-by" and kinds["cites"] == "cited-by"
    differs = next(r for r in exported["relations"] if r["kind"] == "differs-from")
    assert differs["inverse"] == "differed-from-by" and differs["point"]


def test_house_rulebooks_are_exported_with_their_changes_and_reasons(exported):
    home = next(h for h in exported["house_rulebooks"]
                if h["id"] == "house.thursday-home-game@2026")
    assert home["base"] == "tda@2024" and home["file"] == "home-game.yaml"
    assert home["adopt"][0]["topic"] == "four-card-flop"
    assert home["adopt"][0]["provisions"] == ["rrop.holdem.four-card-flop",
                                              "rrop.holdem.flop-redeal"]
    composed = next(r for r in exported["rulebooks"] if r["id"] == home["id"])
    assert composed["kind"] == "house"
    assert composed["topics"]["four-card-flop"][0] == "rrop.holdem.four-card-flop"


def test_minus_o_writes_the_file_stdout_would_get(tmp_path, capsys):
    assert main(["export"]) == 0
    printed = capsys.readouterr().out
    assert main(["export", "-o", str(tmp_path / "kb.json")]) == 0
    assert (tmp_path / "kb.json").read_text(encoding="utf-8") == printed
    assert "rulings" not in json.loads(printed)
    assert capsys.readouterr().out == ""


def test_minus_o_into_a_folder_is_a_located_problem(tmp_path, capsys):
    assert main(["export", "-o", str(tmp_path)]) == 1
    assert capsys.readouterr().err == (f"{tmp_path}:1: is a folder (give the path of a "
                                       "file to write)\n")


def test_a_broken_scenario_stops_export_rulings_with_its_lines(tmp_path, capsys):
    data = tmp_path / "data"
    shutil.copytree(DATA, data, ignore=shutil.ignore_patterns("scenarios"))
    (data / "scenarios").mkdir()
    (data / "scenarios" / "x.yaml").write_text("id: x\ntitle: x\ngame: holdem\nseats: 2\n"
                                               "button: 1\nevents: []\nname: load\n")
    assert main(["export", "--data", str(data), "--rulings", "-o",
                 str(tmp_path / "kb.json")]) == 1
    assert capsys.readouterr().err.startswith(
        f"{data}/scenarios/x.yaml:7: the file has an unknown field 'name'")
    assert not (tmp_path / "kb.json").exists()
    assert main(["export", "--data", str(data), "-o", str(tmp_path / "kb.json")]) == 0


def test_ruling_json_carries_its_format_version(capsys):
    scenario = DATA / "scenarios" / "four-card-flop.yaml"
    assert main(["rule", str(scenario), "--rulebook", "tda@2024", "--json"]) == 0
    ruling = json.loads(capsys.readouterr().out)
    assert ruling["format_version"] == 1 and ruling["remedy"] == "continue"
    assert all("format_version" not in call for call in ruling["calls"])


def test_the_sites_floorbook_json_is_written_in_pieces_that_make_the_compact_text(exported):
    pieces = list(json_pieces(exported))
    assert len(pieces) > len(exported["rulings"])      # one piece a ruling at least
    assert "".join(pieces) == json.dumps(exported, ensure_ascii=False,
                                         separators=(",", ":")) + "\n"
