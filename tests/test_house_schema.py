"""The house rulebook schema (kb/schemas/house.schema.json): the one source of the house
id pattern, in step with the knowledge base (editions, parameters), helpful in an editor
(a description on every property, words for every pattern), and strict."""

import json
import re

import pytest
from jsonschema import Draft202012Validator

from kb.files import SCHEMAS, parse_text, validate
from kb.house import spec as house_spec
from kb.house.compose import RULEBOOKS
from kb.knowledge.books import published_ids
from kb.knowledge.load import load_knowledge_base

SCHEMA = json.loads((SCHEMAS / "house.schema.json").read_text(encoding="utf-8"))
DEFS = SCHEMA["$defs"]


def _walk(node, path=()):
    """Every sub-schema of ``node`` with its path."""
    if isinstance(node, dict):
        yield path, node
        for key, value in node.items():
            yield from _walk(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _walk(value, (*path, i))


def test_schema_is_draft_2020_12_with_the_floorbook_id():
    Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert SCHEMA["$id"] == "https://floorbook.invalid/schemas/house.schema.json"


def test_every_property_has_a_description_and_every_pattern_its_words():
    for path, node in _walk(SCHEMA):
        for name, prop in node.get("properties", {}).items():
            assert "description" in prop, f"{'/'.join(map(str, path))}/{name}"
        if "pattern" in node:
            assert node.get("patternErrorMessage"), "/".join(map(str, path))


def test_every_mapping_refuses_unknown_fields():
    for path, node in _walk(SCHEMA):
        if node.get("type") == "object":
            assert node.get("additionalProperties") is False, "/".join(map(str, path))


def test_every_list_is_bounded():
    for path, node in _walk(SCHEMA):
        types = node.get("type")
        if types == "array" or (isinstance(types, list) and "array" in types):
            assert isinstance(node.get("maxItems"), int), "/".join(map(str, path))


def test_code_reads_the_house_id_pattern_from_the_schema():
    assert house_spec.HOUSE_ID.pattern == DEFS["houseId"]["pattern"]


@pytest.mark.parametrize("text", ["house.friday@2026", "house.my-room@2026-03",
                                  "house.a1@v1.2"])
def test_house_ids_of_the_documented_form_match(text):
    assert house_spec.HOUSE_ID.match(text)


@pytest.mark.parametrize("text", ["house.friday@../etc", "house.fri/day@1", "house.friday@1/2",
                                  "house.fri day@1", "house.friday@1..2", "house..x@1",
                                  "House.friday@1", "house.friday", "house.-x@1",
                                  "house.friday@1\n"])
def test_house_ids_that_could_climb_out_of_a_folder_do_not_match(text):
    assert not house_spec.HOUSE_ID.match(text)


@pytest.mark.parametrize("definition", ["provisionId", "houseProvisionId", "topicId",
                                        "editionId", "houseId"])
@pytest.mark.parametrize("bad", ["../x", "a/b", "a b", "a..b", ".a", "a."])
def test_no_id_that_becomes_a_path_or_url_holds_a_slash_dots_or_space(definition, bad):
    problems = validate(parse_text(f"id: house.x@1\ntitle: T\nbase: \"tda@2024\"\n"
                                   f"adopt:\n  - {{topic: '{bad}', provisions: ['{bad}']}}\n",
                                   "t.yaml"), "house", "t.yaml")
    assert len(problems) == 2  # the topic and the provision
    assert not re.search(DEFS[definition]["pattern"], "house." + bad + "@1")
    assert not re.search(DEFS[definition]["pattern"], bad)


def test_ids_of_the_knowledge_base_match_the_schema_patterns():
    kb = load_knowledge_base()
    assert all(re.search(DEFS["provisionId"]["pattern"], p.id) for p in kb.provisions)
    assert all(re.search(DEFS["topicId"]["pattern"], t.id) for t in kb.topics)
    assert all(re.search(DEFS["editionId"]["pattern"], e.id) for e in kb.editions)


def test_an_id_with_a_line_break_at_its_end_is_refused():
    """Python's ``$`` also matches before a final line break; the patterns end with
    ``$(?!\\n)`` so that ``"house.x.a\\n"`` is refused as an editor would refuse it."""
    text = ('id: house.x@1\ntitle: T\nbase: "tda@2024"\nomit:\n'
            '  - {provision: "tda.deck-changes\\n", reason: r}\n')
    problems = validate(parse_text(text, "t.yaml"), "house", "t.yaml")
    assert [p.message for p in problems] == [
        "omit.provision 'tda.deck-changes\\n' is not of the right form"]


def test_base_editions_are_the_published_editions():
    assert SCHEMA["properties"]["base"]["enum"] == list(published_ids())


def test_parameter_ranges_match_the_knowledge_base_whole_number_parameters():
    """Each whole-number parameter a provision declares has a range in the schema that
    holds its default; each range names such a parameter."""
    kb = load_knowledge_base()
    declared = {p.name: p.default for q in kb.provisions for p in q.params
                if isinstance(p.default, int) and not isinstance(p.default, bool)}
    ranged = {}
    for rule in DEFS["param"]["allOf"]:
        name = rule["if"]["properties"]["name"]
        if "const" in name:
            ranged[name["const"]] = rule["then"]["properties"]["value"]
        else:
            assert sorted(name["enum"]) == sorted(ranged)
    assert set(ranged) == set(declared)
    for name, value in ranged.items():
        assert value["type"] == "integer"
        assert value["minimum"] <= declared[name] <= value["maximum"], name


@pytest.mark.parametrize("name", ["casino.yaml", "home-game.yaml"])
def test_bundled_house_rulebooks_conform(name):
    path = RULEBOOKS / name
    assert validate(parse_text(path.read_text(encoding="utf-8"), name), "house", name) == []


@pytest.mark.parametrize(("value", "message"), [
    ("true", "params.value must be a whole number (write e.g. 3)"),
    ("-1", "params.value is -1 (use a number from 1 to 7)"),
    ("8", "params.value is 8 (use a number from 1 to 7)"),
    ("2.5", "params.value must be a whole number (write e.g. 3)"),
])
def test_exposed_card_count_is_a_whole_number_from_1_to_7(value, message):
    text = ('id: house.x@1\ntitle: T\nbase: "tda@2024"\nparams:\n  - provision: '
            f"tda.misdeal.exposed-downcards\n    name: exposed-cards-for-misdeal\n"
            f"    value: {value}\n")
    problems = validate(parse_text(text, "t.yaml"), "house", "t.yaml")
    assert [str(p) for p in problems] == [f"t.yaml:7: {message}"]


def test_any_other_count_is_at_most_a_deck():
    text = ('id: house.x@1\ntitle: T\nbase: "tda@2024"\nparams:\n  - {provision: x.y, '
            "name: some-count, value: 53}\n")
    problems = validate(parse_text(text, "t.yaml"), "house", "t.yaml")
    assert [str(p) for p in problems] == [
        "t.yaml:5: params.value is 53 (use a number from 0 to 52)"]
