"""The scenario format (docs/scenario-format.md): the spec's example and every event and
option read exactly, and the published JSON Schema describes the format the reader
accepts (broken files: tests/test_scenario_bad.py)."""

import json
from pathlib import Path

from kb.files import SCHEMAS, parse_text, validate
from kb.hand.scenario import ACTS, GAMES, SETTINGS, STUD_STREETS, WHERE
from kb.hand.scenario_events import EVENT_GAMES, FOUND_KINDS
from kb.hand.scenario_expect import UNCHECKED
from kb.hand.scenario_file import load_scenario, parse_scenario
from kb.house.expect_write import UNREAD
from kb.rules.ruling import REMEDIES, TABLE_FIELDS

SCHEMA = json.loads((SCHEMAS / "scenario.schema.json").read_text(encoding="utf-8"))
BUNDLED = sorted((Path(__file__).parent.parent / "kb" / "data" / "scenarios").glob("*.yaml"))


def test_spec_example_reads_exactly():
    scenario = parse_scenario(EXAMPLE)
    assert scenario.id == "cutoff-second-card-exposed"
    assert scenario.seats == (1, 2, 3, 4, 5, 6) and scenario.button == 6
    assert scenario.blinds == (1, 2)
    assert scenario.deck[:14] == tuple(["As", "Kd", "7h", "7c", "2s", "9d", "Qs", "Jh", "4c", "5d", "8s", "Tc", "Ah", "3d"])
    assert scenario.events[0].exposed == (11,)
    assert scenario.expect["rrop@v11"]["hands"] == {5: ("2s", "Ah")}


EXAMPLE = """
id: cutoff-second-card-exposed
title: Dealer exposes the cutoff's second hole card
game: holdem
setting: cash
seats: [1, 2, 3, 4, 5, 6]
button: 6
deck: As Kd 7h 7c 2s 9d Qs Jh 4c 5d 8s Tc Ah 3d
events:
  - deal: {exposed: [11]}
expect:
  rrop@v11: {remedy: continue, hands: {5: [2s, Ah]}, burns: [8s]}
  tda@2024: {remedy: continue}
"""


def test_every_event_and_option_of_the_spec_parses():
    scenario = parse_scenario("""
id: everything
title: Every option
game: holdem
setting: tournament
seats: 4
button: 4
blinds: [1, 2]
deck: [As, Kd]
events:
  - deal: {exposed: [3], off-table: [4], boxed: [5], player-exposed: [2], extra: 1,
           short: [4], dealt-to: [7], first-to: 1, button-should-be: 1}
  - act: [fold, {seat: 4, act: call}, check, bet, raise, all-in]
  - flop: {burns: 0, cards: 4, premature: true, boxed: [2]}
  - turn: {burns: 2}
  - river: {cards: 1}
  - found: {duplicate: As, where: board}
  - found: {foreign: Jk, where: hand, seat: 2}
  - found: {odd-back: Kd, where: stub}
  - found: {missing: [2c, 3c]}
  - found: {wrong-count: {seat: 3, cards: 1}}
expect:
  "tda@2024": {remedy: misdeal, citations: [{source: tda, edition: "2024", number: 35-A-7}],
               hands: {1: [As]}, board: [], burns: [], muck: [], dead: [], stub_top: [As]}
""")
    deal = scenario.events[0]
    assert (deal.exposed, deal.off_table, deal.boxed, deal.player_exposed) == ((3,), (4,), (5,), (2,))
    assert (deal.extra, deal.short, deal.dealt_to, deal.first_to, deal.button_should_be) \
        == (1, (4,), (7,), 1, 1)
    assert [a.seat for a in scenario.events[1].actions] == [None, 4, None, None, None, None]
    flop = scenario.events[2]
    assert (flop.burns, flop.cards, flop.premature, flop.boxed) == (0, 4, True, (2,))
    assert [e.kind for e in scenario.events[5:]] == [
        "duplicate", "foreign", "odd-back", "missing", "wrong-count"]
    assert scenario.events[9].seat == 3 and scenario.events[9].count == 1


def test_heads_up_button_posts_the_small_blind():
    scenario = parse_scenario("id: h\ntitle: h\ngame: holdem\nseats: [3, 7]\nbutton: 7\n"
                              "events: []\n")
    assert scenario.blinds == (7, 3)


def test_expect_and_id_lines_are_kept_for_located_errors():
    scenario = parse_scenario(EXAMPLE, "example.yaml")
    assert scenario.id_line == 2
    assert scenario.expect_lines == {"rrop@v11": 12, "tda@2024": 13}


def test_the_schema_is_draft_2020_12_with_the_published_id():
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert SCHEMA["$id"] == "https://floorbook.invalid/schemas/scenario.schema.json"


def _properties(schema, path=""):
    """Every (path, property schema) of ``schema``, $defs included."""
    if not isinstance(schema, dict):
        return
    for name, sub in schema.get("properties", {}).items():
        yield f"{path}.{name}", sub
    for key, sub in schema.items():
        if isinstance(sub, dict):
            yield from _properties(sub, f"{path}/{key}")


def _described(schema) -> bool:
    if "description" in schema:
        return True
    ref = schema.get("$ref", "")
    return ref.startswith("#/$defs/") and "description" in SCHEMA["$defs"][ref[8:]]


def test_every_property_of_the_schema_has_a_description_for_the_editor_s_hover():
    undescribed = [path for path, sub in _properties(SCHEMA) if not _described(sub)]
    assert undescribed == []


def test_the_schema_names_exactly_the_games_settings_events_and_options_of_the_code():
    top, defs = SCHEMA["properties"], SCHEMA["$defs"]
    events = defs["event"]["properties"]
    assert top["game"]["enum"] == list(GAMES)
    assert top["setting"]["enum"] == list(SETTINGS)
    assert set(events) == set(EVENT_GAMES)
    assert [*events][-5:] == list(STUD_STREETS)
    assert defs["action"]["then"]["enum"] == list(ACTS)
    assert events["found"]["properties"]["where"]["enum"] == list(WHERE)
    assert set(events["found"]["properties"]) == {*FOUND_KINDS, "where", "seat", "by"}
    assert defs["expectation"]["properties"]["remedy"]["enum"] == list(REMEDIES)
    assert set(defs["expectation"]["properties"]) == {"remedy", "random", "citations", "calls",
                                                      UNCHECKED, "read", "why", *TABLE_FIELDS}
    assert defs["expectation"]["properties"]["read"]["enum"] == ["text", UNREAD]


def test_the_spec_example_and_every_bundled_scenario_conform_to_the_schema():
    texts = [("example.yaml", EXAMPLE)] + [(str(p), p.read_text(encoding="utf-8"))
                                           for p in BUNDLED]
    assert len(texts) > 100
    for name, text in texts:
        assert validate(parse_text(text, name, number_keys=True), "scenario", name) == []


def test_a_bundled_scenario_loads_with_its_path_and_first_line():
    path = BUNDLED[0]
    scenario = load_scenario(path)
    assert scenario.path == str(path)
    assert scenario.line == next(number for number, line in enumerate(
        path.read_text(encoding="utf-8").splitlines(), 1) if line and line[0] != "#")


def test_the_documented_editor_line_names_the_packaged_schema_and_changes_nothing():
    docs = (Path(__file__).parent.parent / "docs" / "scenario-format.md").read_text(
        encoding="utf-8")
    [modeline] = [line for line in docs.splitlines()
                  if line.startswith("# yaml-language-server: $schema=")]
    assert modeline.endswith("/kb/schemas/scenario.schema.json")
    assert (SCHEMAS / "scenario.schema.json").is_file()
    assert EXAMPLE.startswith("\n")  # the modeline takes the empty first line
    assert parse_scenario(modeline + EXAMPLE) == parse_scenario(EXAMPLE)


def test_the_id_pattern_keeps_paths_spaces_and_line_ends_out_of_ids():
    def id_problems(ident):
        data = parse_text(f"id: {json.dumps(ident)}\ntitle: t\ngame: stud\nseats: 2\n"
                          "events: []\n", "t.yaml", number_keys=True)
        return [p.message for p in validate(data, "scenario", "t.yaml")]

    for ident in ("../../etc/evil", "a/b", "a..b", "two words", "end\n", "Upper", "-a", ""):
        assert id_problems(ident) == [f"id {ident!r} is not of the right form"], ident
    assert id_problems("cutoff-2nd-card") == []
