"""The composer: a base edition plus explicit changes, and the structural checks."""

from dataclasses import replace

import pytest

from kb import DATA
from kb.hand.scenario_file import load_scenario
from kb.house.compose import RULEBOOKS, compose, house_rulebooks
from kb.house.spec import HouseError, parse_house_text
from kb.knowledge.load import load_knowledge_base
from kb.rules.engine import rule

SCENARIOS = DATA / "scenarios"


@pytest.fixture(scope="module")
def kb():
    return load_knowledge_base()


def _compose(kb, body: str, base: str = "tda@2024"):
    spec = parse_house_text(f'id: house.test@1\ntitle: Test\nbase: "{base}"\n{body}', "t.yaml")
    return compose(kb, spec)


def test_house_with_no_changes_governs_like_its_base(kb):
    book, problems = _compose(kb, "")
    assert problems == []
    assert book.governing("four-card-flop") == ("tda.four-card-flop",)
    assert book.base == "tda@2024"


def test_adopt_instead_replaces_the_base_provisions_for_the_topic(kb):
    book, problems = _compose(kb, "adopt:\n  - {topic: four-card-flop, provisions: "
                                  "[rrop.holdem.four-card-flop, rrop.holdem.flop-redeal]}\n")
    assert problems == []
    assert book.governing("four-card-flop") == ("rrop.holdem.four-card-flop",
                                                "rrop.holdem.flop-redeal")


def test_adopt_before_keeps_the_base_provisions_after_the_adopted_ones(kb):
    book, _ = _compose(kb, "adopt:\n  - {topic: four-card-flop, mode: before, provisions: "
                           "[rrop.holdem.four-card-flop]}\n")
    assert book.governing("four-card-flop") == ("rrop.holdem.four-card-flop",
                                                "tda.four-card-flop")


def test_added_provision_takes_precedence_and_cites_the_house_number(kb):
    book, problems = _compose(kb, """add:
  - id: house.test.exposed
    number: "7"
    title: One exposed card is replaced
    topics: [exposed-later-hole-card]
    text: Replace it and burn it.
    rules-as: [rrop.holdem.exposed-hole-card]
    overrides: [tda.misdeal.exposed-downcards]
""")
    assert problems == []
    assert book.governing("exposed-later-hole-card")[0] == "house.test.exposed"
    ruling = rule(kb, book, load_scenario(SCENARIOS / "case-c01-exposed-card-self-dealt.yaml"))
    assert ruling.remedy == "continue"
    assert ruling.provisions[0] == "house.test.exposed"
    assert (ruling.citations[0].source, ruling.citations[0].number) == ("house.test", "7")
    assert [s.do for s in ruling.steps][:2] == ["finish-deal", "replace"]


def test_omit_removes_a_provision_and_a_gap_is_reported(kb):
    book, problems = _compose(kb, "omit:\n  - {provision: tda.four-card-flop, reason: not wanted}\n")
    assert book.governing("four-card-flop") == ()
    assert [str(p) for p in problems] == [
        ("t.yaml:5: gap: topic 'four-card-flop' has no governing provision left (the base "
        "tda@2024 had tda.four-card-flop) (adopt or add one, or keep the base's)")]


def test_param_change_is_checked_against_the_provision_declaration(kb):
    book, problems = _compose(kb, "params:\n  - {provision: tda.misdeal.boxed-cards, "
                                  "name: boxed-cards-for-misdeal, value: 3}\n")
    assert problems == [] and book.params == {"tda.misdeal.boxed-cards/boxed-cards-for-misdeal": 3}
    _, problems = _compose(kb, "params:\n  - {provision: tda.misdeal.boxed-cards, "
                               "name: boxed-limit, value: 3}\n")
    assert [str(p) for p in problems] == [
        ("t.yaml:5: params: tda.misdeal.boxed-cards has no parameter 'boxed-limit' (use one "
        "it declares: boxed-cards-for-misdeal)")]
    _, problems = _compose(kb, "params:\n  - {provision: tda.four-card-flop, "
                               "name: burn-from, value: 2}\n")
    assert [str(p) for p in problems] == [
        "t.yaml:5: params: burn-from takes text, not 2 (write a value like 'scramble')"]


def test_param_value_outside_its_range_or_of_the_wrong_type_is_refused_by_the_schema():
    for value, message in (("three", "params.value must be a whole number (write e.g. 3)"),
                           ("true", "params.value must be a whole number (write e.g. 3)"),
                           ("0", "params.value is 0 (use a number from 1 to 52)"),
                           ("-3", "params.value is -3 (use a number from 1 to 52)")):
        with pytest.raises(HouseError) as error:
            parse_house_text('id: house.test@1\ntitle: Test\nbase: "tda@2024"\nparams:\n'
                             "  - {provision: tda.misdeal.boxed-cards, name: "
                             f"boxed-cards-for-misdeal, value: {value}}}\n", "t.yaml")
        assert str(error.value) == f"t.yaml:5: {message}"


def test_override_numbered_as_an_older_edition_is_stale_on_the_2026_base(kb):
    _, problems = _compose(kb, """add:
  - id: house.test.exposed
    number: "7"
    title: One exposed card is replaced
    topics: [exposed-later-hole-card]
    text: Replace it.
    overrides: [{provision: tda.misdeal.exposed-downcards, number: 35-A-7}]
    as-of: "tda@2024"
""", base="tda@2026")
    assert len(problems) == 1
    assert "stale override" in str(problems[0]) and "numbers it 37-A-6" in str(problems[0])


def test_override_cycle_between_house_provisions_is_reported_once_at_the_override(kb):
    _, problems = _compose(kb, """add:
  - {id: house.test.a, number: "1", title: A, text: a, topics: [deck-changes], overrides: [house.test.b]}
  - {id: house.test.b, number: "2", title: B, text: b, topics: [deck-changes], overrides: [house.test.a]}
""")
    assert [str(p) for p in problems] == [
        ("t.yaml:5: override cycle: house.test.a -> house.test.b -> house.test.a (remove one "
        "override, so that precedence runs one way)")]


def test_unknown_base_is_refused_by_the_schema_and_by_compose(kb):
    with pytest.raises(HouseError, match=r"^t.yaml:3: base is 'tda@2030' \(did you mean "
                                         r"'tda@2026'\?\)$"):
        _compose(kb, "", base="tda@2030")
    spec = replace(parse_house_text('id: house.test@1\ntitle: Test\nbase: "tda@2024"\n',
                                    "t.yaml"), base="tda@2030")
    book, problems = compose(kb, spec)
    assert book is None and [str(p) for p in problems] == [
        "t.yaml:3: base 'tda@2030' is not a published edition (did you mean 'tda@2026'?)"]


def test_house_text_with_tags_or_bad_ids_is_refused():
    with pytest.raises(HouseError, match=r"t.yaml:1: id 'friday' is not of the right form "
                                         r"\(write house.<name>@<version>"):
        parse_house_text("id: friday\ntitle: x\nbase: tda@2024\n", "t.yaml")
    with pytest.raises(HouseError, match=r"t.yaml:1: the YAML tag .*python/object:os.system "
                                         "is not allowed here"):
        parse_house_text("id: !!python/object:os.system x\n", "t.yaml")


def test_bundled_house_rulebooks_compose_and_the_casino_cites_section_13(kb):
    books = {b.id: b for b in house_rulebooks(kb)}
    assert set(books) == {"house.casino@2026", "house.thursday-home-game@2026"}
    casino = books["house.casino@2026"]
    ruling = rule(kb, casino, load_scenario(SCENARIOS / "case-c01-exposed-card-self-dealt.yaml"))
    assert ruling.citations[0].number == "13.2"
    assert (RULEBOOKS / "casino.yaml").is_file()


def test_house_raising_the_exposed_card_limit_replaces_both_cards(kb):
    """A house param: three exposed hole cards make a misdeal instead of two (TDA 35-A-7
    and Robert's Hold'em 1 say two), so two later exposed cards are each replaced."""
    scenario = load_scenario(SCENARIOS / "two-exposed-later-cards.yaml")
    body = """params:
  - {provision: tda.misdeal.exposed-downcards, name: exposed-cards-for-misdeal, value: 3}
add:
  - id: house.test.exposed
    number: "7"
    title: Exposed cards are replaced
    topics: [exposed-later-hole-card]
    text: Replace them and burn them.
    rules-as: [rrop.holdem.exposed-hole-card]
    overrides: [tda.misdeal.exposed-downcards]
"""
    base_book, _ = _compose(kb, "")
    book, problems = _compose(kb, body)
    assert problems == []
    assert rule(kb, base_book, scenario).remedy == "misdeal"
    ruling = rule(kb, book, scenario)
    assert ruling.remedy == "continue"
    assert [s.do for s in ruling.steps].count("replace") == 2
    assert [s.details["street"] for s in ruling.steps if s.do == "set-aside"] == ["flop", "turn"]


def test_tda_tournament_rules_still_apply_to_cash_hands_in_a_mixed_house_book(kb):
    """The home game adopts a Robert's Rules provision that covers cash games; the TDA's
    tournament-only provisions must still rule its cash hands as TDA 2024 does (35-A-1)."""
    home = {b.id: b for b in house_rulebooks(kb)}["house.thursday-home-game@2026"]
    scenario = load_scenario(SCENARIOS / "boxed-two-cards-during-deal.yaml")
    assert scenario.setting == "cash"
    ruling = rule(kb, home, scenario)
    assert ruling.remedy == "misdeal" and ruling.citations[0].number == "35-A-1"


def test_an_added_provision_with_an_empty_overrides_field_composes(kb):
    book, problems = _compose(kb, """add:
  - id: house.test.deck
    number: "1"
    title: New deck on request
    topics: [deck-changes]
    text: A new deck on request.
    overrides:
""")
    assert problems == [] and book.governing("deck-changes")[0] == "house.test.deck"
