"""Precedence layers and who decided (issue 22, section 2): each source's layer, the
regulator editions ruled alone, a house book's ``stack`` (kb/house/stack.py) and
``Ruling.decided_by`` (kb/rules/deciding.py) in the text, the JSON and its schema.

The values asserted are read from the texts, as the scenarios' ``read: text`` entries
record them: TDA 2024 35-A-7 makes three exposed downcards a misdeal; WSOP Tournament
88.a does not list one later exposed card, so Rule 129 sends it to Live Action 119; TDA
39-A scrambles a four-card flop and picks the burn, where Robert's Rules Hold'em 3 deals
the flop again from the reshuffled stub."""

from __future__ import annotations

import json

import jsonschema
import pytest

from kb import DATA
from kb.cli import main
from kb.files import parse_text, schema
from kb.hand.scenario_file import load_scenario
from kb.house.compose import compose, house_rulebooks
from kb.house.spec import HouseError, parse_house_text
from kb.knowledge.books import read_books
from kb.knowledge.load import load_knowledge_base
from kb.rules.books import resolve_rulebook
from kb.rules.engine import rule
from kb.rules.rulebook import edition_rulebook
from kb.rules.ruling_text import format_ruling

SCENARIOS = DATA / "scenarios"


@pytest.fixture(scope="module")
def kb():
    return load_knowledge_base()


def _house(kb, stack: str, more: str = ""):
    text = ('id: house.layers@1\ntitle: Layers\nbase: "tda@2024"\n' + stack + more
            + "adopt:\n  - {topic: four-card-flop, provisions: "
              "[rrop.holdem.four-card-flop, rrop.holdem.flop-redeal]}\n")
    return compose(kb, parse_house_text(text, "layers.yaml"))


# --------------------------------------------------------------------------- layers


def test_every_source_but_the_secondary_pages_states_its_layer(kb):
    layers = {s.id: s.layer for s in kb.sources}
    assert layers == {"rrop": "reference", "tda": "standard", "house.casino": "house",
                      "pagat": "reference", "pa": "regulator", "wsop": "event",
                      "wsop-live": "house", "nj": "regulator", "apt": "event",
                      "house.mountairy": "house", "myhomegame": "", "smarterpoker": "",
                      "sd": "regulator"}


def test_a_layer_that_is_not_one_of_the_five_is_refused_at_its_line():
    text = ("sources:\n  - id: x\n    title: X\n    kind: book\n    layer: casino\n"
            "    editions: [{id: 'x@1', label: One, confidence: confirmed}]\ncopies: []\n")
    errors = list(schema("sources").iter_errors(parse_text(text, "sources.yaml")))
    assert [list(e.absolute_path) for e in errors] == [["sources", 0, "layer"]]


def test_a_regulator_edition_rules_alone_and_says_it_leaves_the_rest_to_the_house(kb):
    book = resolve_rulebook(kb, "pa@current")
    ruling = rule(kb, book, load_scenario(SCENARIOS / "four-card-flop.yaml"))
    assert ruling.remedy == "floor-decision"
    assert "leave it to the house's rules" in ruling.explanation
    assert ruling.decided_by.layer == "floor"
    assert "pa@current" not in kb.books.ids        # no matrix column


def test_regulators_that_name_no_edition_or_a_published_one_are_refused_at_their_lines():
    text = ('sources: []\ncopies: []\nrulebooks:\n  - edition: "a@1"\nregulators:\n'
            '  - edition: "a@1"\n  - edition: "b@1"\n  - edition: "c@1"\n  - edition: "c@1"\n')
    books, problems = read_books(parse_text(text, "sources.yaml"), set(), {"a@1", "c@1"})
    assert books.regulator_ids == ("c@1",)
    assert [(p.line, p.message) for p in problems] == [
        (6, "regulator 'a@1' is also a published rulebook"),
        (7, "regulator 'b@1' is not an edition of any source in this file"),
        (9, "regulator 'c@1' is listed twice")]


def test_compare_shows_the_regulators_after_the_books(capsys):
    assert main(["compare", str(SCENARIOS / "four-card-flop.yaml")]) == 0
    out = capsys.readouterr().out
    books, _, regulators = out.partition("Regulators (")
    assert "under house.thursday-home-game@2026" in books
    assert ("under pa@current: Floor's decision: the book is silent on this\n"
            "  remedy: floor-decision\n") in regulators
    assert "under pa@current" not in books


# --------------------------------------------------------------------------- who decided


def _decided(kb, edition: str, scenario: str):
    """The ruling of ``edition`` on the bundled ``scenario``, its decided_by, its text lines."""
    ruling = rule(kb, edition_rulebook(kb, edition), load_scenario(SCENARIOS / scenario))
    return ruling.decided_by, format_ruling(ruling, kb=kb).splitlines()


def test_tda_2024_three_exposed_cards_is_decided_by_the_standard_35_a_7(kb):
    who, lines = _decided(kb, "tda@2024", "three-exposed-cards.yaml")
    assert (who.layer, who.book, who.provision, who.number, who.set_aside) == \
        ("standard", "tda@2024", "tda.misdeal.exposed-downcards", "35-A-7", ())
    assert "  Decided by the standard (TDA 2024): 35-A-7" in lines


def test_a_wsop_tournament_ruling_that_falls_back_names_the_live_action_rules(kb):
    who, lines = _decided(kb, "wsop@2024", "exposed-later-card-first-round.yaml")
    assert (who.layer, who.book, who.number) == ("house", "wsop-live@2024", "119")
    assert "  Decided by the house (WSOP Live Action 2024): 119" in lines


def test_a_wsop_tournament_rule_that_decides_sets_aside_the_live_action_rules(kb):
    who, _ = _decided(kb, "wsop@2024", "three-exposed-cards.yaml")
    assert (who.layer, who.book, who.number) == ("event", "wsop@2024", "88.a.7")
    assert {(s.book, s.number) for s in who.set_aside} >= {("wsop-live@2024", "104")}


def test_the_home_game_decides_a_four_card_flop_by_the_house_and_sets_tda_39_a_aside(kb):
    home = next(b for b in house_rulebooks(kb) if b.id == "house.thursday-home-game@2026")
    ruling = rule(kb, home, load_scenario(SCENARIOS / "four-card-flop.yaml"))
    who = ruling.decided_by
    assert (who.layer, who.book, who.provision, who.number) == \
        ("house", "house.thursday-home-game@2026", "rrop.holdem.four-card-flop", "Hold'em 3")
    assert [(s.provision, s.book, s.number) for s in who.set_aside] == \
        [("tda.four-card-flop", "tda@2024", "39-A")]
    lines = format_ruling(ruling, kb=kb).splitlines()
    assert "  Set aside: TDA 2024 39-A" in lines
    assert any(line.startswith("  Decided by the house (") and line.endswith(
        "Hold'em 3 of Robert's Rules v11, adopted") for line in lines)


def test_a_floor_decision_with_no_provision_is_decided_by_the_floor(kb):
    ruling = rule(kb, edition_rulebook(kb, "rrop@v11"),
                  load_scenario(SCENARIOS / "board-flop-card-mucked-and-retrieved.yaml"))
    assert (ruling.decided_by.layer, ruling.decided_by.provision) == ("floor", "")


def test_the_json_carries_decided_by_and_the_ruling_schema_holds_it(kb, capsys):
    assert main(["rule", "--json", "--rulebook", "wsop@2024",
                 str(SCENARIOS / "exposed-later-card-first-round.yaml")]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["format_version"] == 1
    assert data["decided_by"]["book"] == "wsop-live@2024"
    whole = schema("export").schema
    ruling_schema = {"$ref": "#/$defs/ruling", "$defs": whole["$defs"]}
    jsonschema.validate(data, ruling_schema)
    data["decided_by"]["layer"] = "casino"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, ruling_schema)
    del data["decided_by"]["set_aside"]
    data["decided_by"]["layer"] = "house"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, ruling_schema)


# --------------------------------------------------------------------------- stack


def test_the_stack_order_decides_which_layer_rules_a_four_card_flop(kb):
    hand = load_scenario(SCENARIOS / "four-card-flop.yaml")
    ours, problems = _house(kb, 'stack: [house, "tda@2024"]\n')
    assert problems == []
    theirs, problems = _house(kb, 'stack: ["tda@2024", house]\n')
    assert problems == []
    first, second = rule(kb, ours, hand), rule(kb, theirs, hand)
    # Robert's Rules Hold'em 3, adopted by the house: the flop goes back to the stub
    assert first.steps[0].do == "return-to-stub"
    assert (first.decided_by.layer, first.decided_by.number) == ("house", "Hold'em 3")
    # the TDA above the house: 39-A scrambles the four cards and picks the burn
    assert second.steps[0].do == "scramble-pick"
    assert (second.decided_by.layer, second.decided_by.book, second.decided_by.number) == \
        ("standard", "tda@2024", "39-A")
    # the house's adopted provisions are below it, still in force but set aside
    assert ("rrop.holdem.four-card-flop", "house.layers@1") in \
        {(s.provision, s.book) for s in second.decided_by.set_aside}


def test_without_a_stack_the_house_comes_first_as_the_tda_preamble_says(kb):
    stated, _ = _house(kb, 'stack: [house, "tda@2024"]\n')
    default, problems = _house(kb, "")
    assert problems == []
    assert default.stack == stated.stack == ("house.layers@1", "tda@2024")
    assert default.topics == stated.topics


def test_a_regulator_on_top_of_the_stack_governs_first(kb):
    book, problems = _house(kb, 'stack: ["pa@current", house, "tda@2024"]\n')
    assert problems == []
    assert book.governing("draw-stub-short")[0] == "pa.five-card-draw-reshuffle"
    assert book.stack == ("pa@current", "house.layers@1", "tda@2024")


def test_stack_problems_are_each_at_their_line(kb):
    _, problems = _house(kb, 'stack:\n  - "tda@2019"\n  - "tda@2024"\n  - "tda@2024"\n')
    assert [(p.line, p.message) for p in problems] == [
        (4, "stack: it does not hold house (this file's own rules)"),
        (5, "stack: 'tda@2019' is not a published or regulator edition"),
        (7, "stack: 'tda@2024' is listed twice")]


def test_an_omit_of_a_provision_above_the_house_is_refused(kb):
    _, problems = _house(kb, 'stack: ["tda@2024", house]\n',
                         "omit:\n  - {provision: tda.four-card-flop, reason: ours}\n")
    assert [(p.line, p.message.split(":")[0]) for p in problems] == [(6, "omit")]
    assert "the house cannot set it aside" in problems[0].message


def test_a_stack_item_that_is_not_an_id_is_refused_by_the_schema():
    with pytest.raises(HouseError) as caught:
        parse_house_text('id: house.a@1\ntitle: A\nbase: "tda@2024"\nstack: [house, ours]\n',
                         "a.yaml")
    assert "a.yaml:4: " in str(caught.value)
    assert "write house or an edition id" in str(caught.value)


def test_the_export_holds_each_sources_layer_and_each_rulebooks_stack():
    from kb.house.export import export_folder
    data = export_folder(None, with_rulings=False)
    jsonschema.validate(data, schema("export").schema)
    assert {s["id"]: s["layer"] for s in data["sources"]}["wsop-live"] == "house"
    stacks = {b["id"]: b["stack"] for b in data["rulebooks"]}
    assert stacks["wsop@2024"] == ["wsop@2024", "wsop-live@2024"]
    assert stacks["house.thursday-home-game@2026"] == ["house.thursday-home-game@2026",
                                                       "tda@2024"]
    assert {h["id"]: h["stack"] for h in data["house_rulebooks"]}["house.casino@2026"] == \
        ["house", "rrop@v11"]


def test_the_editions_table_and_an_edition_page_show_the_layer():
    from kb.handbook.data.store import read
    from kb.handbook.views.texts import edition_body, editions_table
    hb = read(None)
    table = editions_table(hb)
    assert "  - Layer" in table.lines
    texts = [value for kind, value, *_ in table.slots if kind == "text"]
    # the columns after each edition: kind, layer (WSOP Live Action: the rooms' own rules)
    live = [s for s in table.slots if s[:3] == ("xref", "rule", "edition")].index(
        ("xref", "rule", "edition", "wsop-live@2024", ""))
    assert texts[3 * live:3 * live + 2] == ["book", "house"]    # then its status
    page = edition_body(hb, "tda@2024")
    assert any(line.startswith("**Layer:** ") for line in page.lines)
    assert ("text", "standard") in page.slots


def test_a_hostile_number_in_the_decided_line_stays_text_in_the_cell_and_the_index():
    from kb.hand.scenario import Citation
    from kb.handbook.finding.finder import index_script
    from kb.handbook.views.cells import decided_parts, ruling_cell
    from kb.rules.ruling import Cited, DecidedBy, Ruling, TableView
    hostile = "<script>alert(1)</script>"
    ruling = Ruling("s", "house.x@1", "continue",
                    (Cited(Citation("house.x", "1", hostile), "house.x.r"),), (), False,
                    TableView({}, (), (), (), (), ()), "",
                    decided_by=DecidedBy("house", "house.x@1", "house.x.r", hostile))
    pieces = {classes: parts for classes, parts in ruling_cell(ruling, [])["paragraphs"]}
    # a text piece: the cell's HTML visitor encodes it (kb/handbook/views/cellnode.py)
    assert pieces[("floorbook-decided",)] == (("text", f"decided by the house: house.x 1 "
                                                       f"{hostile}"),)
    script = index_script({"decided": [["house"], ["house.x 1"]],
                           "remedies": [["continue", "", [0, 0, decided_parts(ruling)[2]]]]})
    assert "<" not in script and ">" not in script


def test_a_regulator_on_top_decides_before_the_house_and_sets_the_house_aside(tmp_path):
    """A data folder whose Pennsylvania entry holds a misdeal rule that rules as TDA
    35-A-7 does (same-as): stacked above the house, the regulator decides three exposed
    hole cards, and the house's own rule on the topic is set aside."""
    import shutil
    data = tmp_path / "data"
    shutil.copytree(DATA, data, ignore=shutil.ignore_patterns("scenarios"))
    with (data / "provisions" / "pa.yaml").open("a", encoding="utf-8") as out:
        out.write('''
  - id: pa.test-exposed-misdeal
    title: A test rule that rules as TDA 35-A-7
    numbers:
      "pa@current": "637a.18(x)"
    summary: A made-up provision of this test's data folder.
    topics: [exposed-later-hole-card]
    games: [flop-games]
    confidence: unconfirmed
    relations:
      - {kind: same-as, target: tda.misdeal.exposed-downcards}
''')
    kb = load_knowledge_base(data)
    spec = parse_house_text('''id: house.pa-room@1
title: A room under the regulator
base: "tda@2024"
stack: ["pa@current", house, "tda@2024"]
add:
  - id: house.pa-room.exposed
    number: "7"
    title: An exposed hole card is replaced
    topics: [exposed-later-hole-card]
    text: We replace it.
    rules-as: [rrop.holdem.exposed-hole-card]
''', "pa-room.yaml")
    book, problems = compose(kb, spec)
    assert problems == []
    ruling = rule(kb, book, load_scenario(SCENARIOS / "three-exposed-cards.yaml"))
    who = ruling.decided_by
    assert ruling.remedy == "misdeal"
    assert (who.layer, who.book, who.provision, who.number) == \
        ("regulator", "pa@current", "pa.test-exposed-misdeal", "637a.18(x)")
    assert ("house.pa-room.exposed", "house.pa-room@1") in \
        {(s.provision, s.book) for s in who.set_aside}


def test_a_house_rule_beside_a_regulator_above_it_is_no_conflict(kb):
    """The stack states the regulator's precedence: a house rule on the same topic is not
    a conflict to settle by `overrides` (which the house may not write against it)."""
    from kb.house.check import check_house
    states = "".join(f"  - {{point: {p}, says: \"Stated.\"}}\n" for p in (
        "deck", "cut-card", "dealing-from-hand", "blind-bets", "bet-or-check",
        "check-raise", "rake", "ante", "raises-per-round"))
    spec = parse_house_text(
        'id: house.under@1\ntitle: Under\nbase: "tda@2024"\n'
        'stack: ["sd@2026", house, "tda@2024"]\nstates:\n' + states
        + "add:\n  - id: house.under.boxed\n    number: \"7\"\n    title: Boxed cards\n"
          "    topics: [boxed-cards]\n    text: Two boxed cards on the deal are a misdeal.\n"
          "    rules-as: [tda.misdeal.boxed-cards]\n"
          "    overrides: [{provision: tda.misdeal.boxed-cards}]\n", "under.yaml")
    assert [p.message for p in check_house(kb, spec)] == []
