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
