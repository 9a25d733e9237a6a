"""A dealt board card mucked by mistake, or taken back from the muck (issue 21, section 3):
the ``board`` event, its replay (every card kept), its located errors, and its ruling under
every book (none has a rule: the floor decides, naming the nearest rules) through ``rule``,
``compare``, Find a ruling, the handbook's topic and a house rulebook."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kb import DATA
from kb.hand.deal import replay
from kb.hand.scenario import BoardMucked, ScenarioError
from kb.hand.scenario_file import load_scenario, parse_scenario
from kb.house.compose import compose, resolve_rulebook
from kb.house.spec import parse_house_text
from kb.rules.engine import rule
from kb.rules.irregularities import facet_of, topics_for

SCENARIOS = DATA / "scenarios"
BOOKS = ("rrop@v11", "tda@2024", "tda@2026", "wsop@2024", "wsop-live@2024",
         "house.casino@2026", "house.thursday-home-game@2026")
FILES = ("board-turn-mucked-with-folded-hand", "board-flop-card-mucked-and-retrieved",
         "omaha-river-knocked-into-muck-by-player")
HEAD = "id: t\ntitle: t\ngame: holdem\nseats: 3\nbutton: 3\n"
#: seat 1 As Js, seat 2 Ks Ts, seat 3 Qs 9s; flop burn 2c, flop 3c 4c 5c; turn burn 6c, turn 7c
DECK = "deck: As Ks Qs Js Ts 9s 2c 3c 4c 5c 6c 7c 8c 9c\n"
FLOP = "events:\n  - deal: {}\n  - act: [call, call, check]\n  - flop: {}\n"


def test_a_mucked_flop_card_moves_to_the_muck_and_comes_back_to_its_place():
    state = replay(parse_scenario(HEAD + DECK + FLOP + "  - board: {mucked: [4c]}\n"
                                  "  - turn: {}\n  - board: {retrieved: [4c], by: player}\n"))
    table = state.table
    # the turn 7c went where the board then ended; 4c went back to the flop's middle
    assert table.board == ["3c", "4c", "5c", "7c"] and table.muck == []
    kinds = [(i.kind, i.get("cards"), i.get("by")) for i in state.irregularities]
    assert kinds == [("board-mucked", ["4c"], "dealer"), ("board-retrieved", ["4c"], "player")]
    assert table.all_cards() == Counter(table.deck)


@pytest.mark.parametrize("event, message", [
    ("{mucked: [Ah]}", "t.yaml:11: board.mucked: Ah is not on the board"),
    ("{retrieved: [3c]}", "t.yaml:11: board.retrieved: 3c is not a board card in the muck"),
    ("{mucked: [3c], retrieved: [3c]}", "t.yaml:11: board.retrieved: 3c is not a board card"),
    ("{by: player}", "t.yaml:11: board: names no card"),
    ("{mucked: [Zz]}", "t.yaml:11: board.mucked: 'Zz' is not a card"),
    ("{mucked: [3c], seen: [3c]}", "t.yaml:11:"),
])
def test_a_wrong_board_event_is_a_located_error(event, message):
    with pytest.raises(ScenarioError) as error:
        replay(parse_scenario(HEAD + DECK + FLOP + f"  - board: {event}\n", "t.yaml"))
    assert message in str(error.value)


def test_a_folded_hole_card_in_the_muck_cannot_be_retrieved_onto_the_board():
    """Only a card a board event mucked comes back: a folded hand's card is not a board card."""
    with pytest.raises(ScenarioError) as error:
        replay(parse_scenario(HEAD + DECK + "events:\n  - deal: {}\n  - act: [fold]\n"
                              "  - board: {retrieved: [As]}\n", "t.yaml"))
    assert "t.yaml:10: board.retrieved: As is not a board card in the muck" in str(error.value)


def test_a_board_event_is_refused_in_stud():
    with pytest.raises(ScenarioError) as error:
        parse_scenario("id: t\ntitle: t\ngame: stud\nseats: 2\nevents:\n  - third: {}\n"
                       "  - board: {mucked: [As]}\n", "t.yaml")
    assert "t.yaml:7: a board event does not happen in stud" in str(error.value)


def test_the_kinds_raise_the_board_card_mucked_topic_and_share_a_facet():
    state = replay(parse_scenario(HEAD + DECK + FLOP + "  - board: {mucked: [4c]}\n"
                                  "  - board: {retrieved: [4c]}\n"))
    assert [topics_for(i, state) for i in state.irregularities] == [("board-card-mucked",)] * 2
    assert facet_of("board-mucked") == facet_of("board-retrieved") == "mucked-by-mistake"


@pytest.mark.parametrize("book, cites, says", [
    ("rrop@v11", [], "Dead Hands 2"), ("tda@2024", ["1"], "65-A"), ("tda@2026", ["1"], "67-A"),
    ("wsop@2024", ["48"], "Tournament 109 and 110"), ("wsop-live@2024", ["48"], "Live Action 107"),
    ("house.casino@2026", [], "Dead Hands 2"), ("house.thursday-home-game@2026", ["1"], "65-A"),
])
def test_no_book_rules_a_mucked_board_card_so_the_floor_decides(kb, book, cites, says):
    """Read from the texts: no book has a rule for a community card in the muck; the TDA's
    Rule 1 and Live Action 48 say the floor rules for fairness, Robert's Rules is left
    silent; each ruling names the nearest rule, about players' hands."""
    scenario = load_scenario(SCENARIOS / f"{FILES[0]}.yaml")
    ruling = rule(kb, resolve_rulebook(kb, book), scenario)
    assert ruling.remedy == "floor-decision" and ruling.topic == "board-card-mucked"
    assert [c.number for c in ruling.citations] == cites and says in ruling.explanation
    assert ruling.table.board == ("Td", "7h", "2c") and "Qs" in ruling.table.muck


def test_a_retrieved_flop_card_is_ruled_with_its_mucking_as_one_unit(kb):
    scenario = load_scenario(SCENARIOS / f"{FILES[1]}.yaml")
    ruling = rule(kb, resolve_rulebook(kb, "tda@2024"), scenario)
    assert [i["kind"] for i in ruling.irregularities] == ["board-mucked", "board-retrieved"]
    assert ruling.remedy == "floor-decision" and ruling.table.board == ("8c", "6h", "2d")
    # one unit: the silent book's one explanation, not a numbered list of rulings
    assert ruling.explanation.startswith("Here the board card 6h went into the muck "
                                         "(caused by the dealer) and was taken back out")


def test_compare_finds_every_book_leaving_it_to_the_floor(kb, capsys):
    from kb.cli import main
    assert main(["compare", str(SCENARIOS / f"{FILES[2]}.yaml")]) == 0
    out = capsys.readouterr().out
    books, regulators = out.partition("Earlier editions of these books")[0], out.partition("Regulators (")[2]
    assert books.count("  remedy: floor-decision") == len(BOOKS)
    # and each regulator's code (South Dakota, Pennsylvania, New Jersey), ruled alone after
    # the books, leaves it to the house's rules
    assert regulators.count("  remedy: floor-decision") == 3


@pytest.fixture(scope="module")
def handbook():
    from kb.handbook.data.store import read
    return read(None)


def test_the_topic_page_shows_the_three_scenarios_in_its_ruling_matrix(handbook):
    from kb.handbook.views.matrix import matrix_body, showing
    assert sorted(showing(handbook.rulings, "board-card-mucked")) == sorted(FILES)
    assert [r.remedy for r in handbook.rulings.row(FILES[1])] == ["floor-decision"] * 7
    assert matrix_body(handbook, "board-card-mucked").fingerprint


def test_find_a_ruling_files_the_scenarios_under_their_facet(handbook):
    from kb.handbook.finding import finder
    from kb.handbook.views.matrix import column_names
    hb = handbook
    topics = {t.id: [t.title, f"topics/{t.id}.html"] for t in hb.kb.topics}
    index = finder.finder_index(hb.rulings, topics, column_names(hb))
    facets = {e["id"]: e["facets"]["irregularity"] for e in index["scenarios"]}
    assert facets[FILES[0]] == ["mucked-by-mistake"] == facets[FILES[2]]
    labels = {value: label for value, label, *_ in index["facets"][1][2]}
    assert labels["mucked-by-mistake"] == "Cards mucked by mistake"
    assert (DATA.parent.parent / "docs" / "topics" / "board-card-mucked.md").is_file()


def test_a_house_can_write_its_own_rule_for_the_topic(kb):
    """A house adds its own provision on board-card-mucked; the topic is known to the
    composer and the house's provision governs it."""
    spec = parse_house_text(
        'id: house.test@1\ntitle: Test\nbase: "rrop@v11"\nadd:\n  - id: house.test.board\n'
        '    number: "4"\n    title: A mucked board card comes back\n'
        '    topics: [board-card-mucked]\n    text: A board card in the muck is put back.\n',
        "h.yaml")
    book, problems = compose(kb, spec)
    assert problems == [] and book.governing("board-card-mucked") == ("house.test.board",)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["3c", "4c", "5c"]), st.booleans(), st.booleans())
def test_every_card_is_kept_whatever_is_mucked_and_retrieved(card, back, turn):
    events = FLOP + f"  - board: {{mucked: [{card}]}}\n"
    events += "  - turn: {}\n" if turn else ""
    events += f"  - board: {{retrieved: [{card}]}}\n" if back else ""
    state = replay(parse_scenario(HEAD + DECK + events))
    assert state.table.all_cards() == Counter(state.table.deck)
    assert (card in state.table.board) is back and (card in state.table.muck) is not back


def test_the_handbook_tells_the_event_in_words():
    from kb.handbook.views.events import describe
    scenario = load_scenario(SCENARIOS / f"{FILES[2]}.yaml")
    assert describe(scenario.events[-2]) == "Board cards: Ks mucked (by the player)"
    assert describe(BoardMucked(3, retrieved=("6h",))) == \
        "Board cards: 6h taken back from the muck (by the dealer)"
