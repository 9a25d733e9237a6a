"""The knowledge base's JSON Schemas (kb/schemas/{sources,provisions,topics,glossary,errata}):
valid Draft 2020-12 documents an editor can use, strict, with id patterns that keep ids
out of paths and URLs."""

import json
import re
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from kb import DATA
from kb.files import SCHEMAS, parse_text, read_text, validate

KINDS = ("sources", "provisions", "topics", "glossary", "errata")
#: The $defs every schema that uses them spells the same way.
ID_DEFS = ("sourceId", "editionId", "provisionId", "topicId", "term", "copyId", "erratumId",
           "paramName")


def _schema(kind: str) -> dict:
    return json.loads((SCHEMAS / f"{kind}.schema.json").read_text(encoding="utf-8"))


def _objects(node, where="#"):
    """Every sub-schema that lists properties, with where it is."""
    if isinstance(node, dict):
        if "properties" in node:
            yield where, node
        for key, value in node.items():
            yield from _objects(value, f"{where}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _objects(value, f"{where}/{i}")


@pytest.mark.parametrize("kind", KINDS)
def test_schema_is_draft_2020_12_with_its_floorbook_id(kind):
    schema = _schema(kind)
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == f"https://floorbook.invalid/schemas/{kind}.schema.json"


@pytest.mark.parametrize("kind", KINDS)
def test_every_property_has_a_description_and_no_object_admits_unknown_fields(kind):
    undescribed, open_objects = [], []
    for where, node in _objects(_schema(kind)):
        undescribed += [f"{where}/{name}" for name, sub in node["properties"].items()
                        if "description" not in sub]
        if node.get("type") == "object" and node.get("additionalProperties") is not False:
            open_objects.append(where)
    assert (undescribed, open_objects) == ([], [])


def test_shared_definitions_are_spelled_the_same_in_every_schema():
    seen: dict[str, tuple[str, dict]] = {}
    for kind in KINDS:
        for name, definition in _schema(kind)["$defs"].items():
            first = seen.setdefault(name, (kind, definition))
            assert definition == first[1], f"$defs/{name}: {kind} differs from {first[0]}"


#: A glossary term is the field's words ("burn card"), one space between them; every
#: other id holds no space at all.
INNER_SPACE = {"term": "a  b"}


def _id_definitions() -> list:
    return [pytest.param(name, definition, id=f"{kind}-{name}") for kind in KINDS
            for name, definition in _schema(kind)["$defs"].items() if name in ID_DEFS]


@pytest.mark.parametrize("name, definition", _id_definitions())
@pytest.mark.parametrize("value", ["../../../etc/evil", "a/b", "a..b", "a b", " a", "a ",
                                   "", "a\nb", "a\n", "a\\b"])
def test_id_patterns_refuse_slashes_dot_dot_and_stray_spaces(name, definition, value):
    value = INNER_SPACE.get(name, value) if value == "a b" else value
    assert definition["patternErrorMessage"]
    assert not re.search(definition["pattern"], value)


@pytest.mark.parametrize("name, good, bad", [
    ("sourceId", ["tda", "house.casino"], ["TDA", "house.", "tda@2024"]),
    ("editionId", ["tda@2024", "rrop@v11", "house.casino@2026"], ["tda", "tda-2024", "@2024"]),
    ("provisionId", ["tda.four-card-flop", "rrop.holdem.four-card-flop"], ["tda", "tda.-x"]),
    ("topicId", ["four-card-flop"], ["four_card_flop", "Four-card-flop", "a.b"]),
    ("term", ["burn card", "bring-in"], ["burn  card", "Burn card"]),
])
def test_id_patterns_take_the_documented_forms(name, good, bad):
    pattern = _schema("provisions" if name != "editionId" else "sources")["$defs"][name]
    assert [bool(re.search(pattern["pattern"], v)) for v in good + bad] == (
        [True] * len(good) + [False] * len(bad))


def test_a_year_of_true_and_a_rule_number_of_true_are_refused():
    edition = {"id": "tda@2024", "label": "2024", "confidence": "confirmed", "year": True}
    data = {"sources": [{"id": "tda", "title": "T", "kind": "tournament",
                         "editions": [edition]}], "copies": []}
    assert [p.message for p in validate(data, "sources", "sources.yaml")] == [
        "sources.editions.year must be a whole number"]
    numbers = {"source": "tda", "provisions": [
        {"id": "tda.x", "title": "X", "summary": "S.", "confidence": "confirmed",
         "topics": [], "numbers": {"tda@2024": True}}]}
    assert [p.message for p in validate(numbers, "provisions", "x.yaml")] == [
        "provisions.numbers.tda@2024 must be text or a whole number or a mapping"]


@pytest.mark.parametrize("kind, name", [("sources", "sources.yaml"), ("topics", "topics.yaml"),
                                        ("glossary", "glossary.yaml"),
                                        ("errata", "errata.yaml")]
                         + [("provisions", f"provisions/{p.name}")
                            for p in sorted((DATA / "provisions").glob("*.yaml"))])
def test_every_bundled_file_conforms_to_its_schema(kind, name):
    data = parse_text(read_text(Path(DATA / name), name), name)
    assert validate(data, kind, name) == []


@pytest.mark.parametrize("path", sorted(SCHEMAS.glob("*.schema.json")), ids=lambda p: p.name)
def test_every_schema_file_is_a_valid_draft_2020_12_schema(path):
    """kb.files.validation does not check the schemas at run time: this does, for all."""
    Draft202012Validator.check_schema(json.loads(path.read_text(encoding="utf-8")))
