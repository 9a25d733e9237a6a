"""``rulebook check FILE --against EDITION --json`` follows a schema of its own,
``floorbook schema rebase`` (issue 24's review): before, it printed format_version 1 with
no schema, and its ``rulings.earlier``/``later`` were labels ("on tda@2024") where
diff.schema.json says rulebook ids.  Now they are the house id, and ``labels`` names the
sides."""

from __future__ import annotations

import json
from pathlib import Path

from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from kb.cli import main
from kb.files import SCHEMAS
from kb.house.compose import RULEBOOKS

HOME_GAME = RULEBOOKS / "home-game.yaml"


def _validator(kind: str) -> Draft202012Validator:
    """The schema of ``kind``, its references to the package's other schemas resolved."""
    resources = [(s["$id"], Resource.from_contents(s)) for s in (
        json.loads(p.read_text(encoding="utf-8")) for p in SCHEMAS.glob("*.schema.json"))]
    schema = json.loads((SCHEMAS / f"{kind}.schema.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema, registry=Registry().with_resources(resources))


def test_schema_rebase_names_the_installed_schema(capsys):
    assert main(["schema", "rebase"]) == 0
    assert Path(capsys.readouterr().out.strip()) == (SCHEMAS / "rebase.schema.json").resolve()


def test_the_preview_json_follows_its_schema_and_names_both_sides_by_id(capsys):
    assert main(["rulebook", "check", str(HOME_GAME), "--against", "tda@2026", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert list(_validator("rebase").iter_errors(document)) == []
    assert (document["rulings"]["earlier"], document["rulings"]["later"]) == (
        "house.thursday-home-game@2026", "house.thursday-home-game@2026")
    assert document["labels"] == {"earlier": "on tda@2024", "later": "on tda@2026"}


def test_a_preview_whose_rulings_wait_follows_it_too(tmp_path, capsys):
    room = tmp_path / "omit.yaml"
    room.write_text('id: house.omit-room@2025\ntitle: Omit\nbase: "tda@2024"\nomit:\n'
                    "  - provision: tda.misdeal.non-standard-card\n"
                    "    reason: We play with no joker in the box.\n", encoding="utf-8")
    assert main(["rulebook", "check", str(room), "--against", "tda@2026", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["rulings"] is None
    assert list(_validator("rebase").iter_errors(document)) == []
    document["stale"][0]["change"] = "moved"            # the schema does check the entries
    assert [e.validator for e in _validator("rebase").iter_errors(document)] == ["enum"]


# ------------------------------------------------ --against that is no later edition

def _room(tmp_path: Path, base: str) -> Path:
    room = tmp_path / "room.yaml"
    room.write_text(f'id: house.room@2026\ntitle: Room\nbase: "{base}"\n', encoding="utf-8")
    return room


def _previewed(capsys, room: Path, against: str) -> tuple[dict, str]:
    assert main(["rulebook", "check", str(room), "--against", against, "--json"]) == 0
    out, err = capsys.readouterr()
    return json.loads(out), err


def test_another_sources_edition_is_previewed_after_a_warning(capsys):
    # before: no word of it, every entry naming a TDA rule simply "dropped"
    document, err = _previewed(capsys, HOME_GAME, "rrop@v11")
    warning = ("rrop@v11 is not an edition of tda, the base tda@2024's source: every entry "
               "naming one of its rules shows as dropped (give a later edition of tda to "
               "preview a new edition)")
    assert err == f"floorbook rulebook check: warning: {warning}\n"
    assert document["warning"] == warning
    assert {s["change"] for s in document["stale"]} == {"dropped"}


def test_an_earlier_edition_and_the_base_itself_are_warned_of(tmp_path, capsys):
    _, err = _previewed(capsys, _room(tmp_path, "tda@2026"), "tda@2024")
    assert err == ("floorbook rulebook check: warning: tda@2024 is an earlier edition than "
                   "the base tda@2026: the preview shows the rulings going back\n")
    document, err = _previewed(capsys, _room(tmp_path, "tda@2024"), "tda@2024")
    assert err == ("floorbook rulebook check: warning: tda@2024 is the base itself: no entry "
                   "goes stale and no ruling changes\n")
    assert document["rulings"]["changed"] == [] and document["stale"] == []


def test_a_later_edition_of_the_base_is_previewed_without_a_warning(capsys):
    document, err = _previewed(capsys, HOME_GAME, "tda@2026")
    assert err == "" and document["warning"] == ""
