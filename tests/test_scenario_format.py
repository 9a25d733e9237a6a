"""Each bad scenario file under tests/data/bad/scenarios makes one error, reported as
``file:line: message (what to do)``."""

from pathlib import Path

import pytest

from kb.hand.deal import replay
from kb.hand.scenario import ScenarioError
from kb.hand.scenario_file import load_scenario, parse_scenario

BAD = Path(__file__).parent / "data" / "bad" / "scenarios"

CASES = [
    ("unknown-field.yaml", 6, "unknown scenario field 'colour'"),
    ("unknown-event.yaml", 8, "unknown event 'shuffle'"),
    ("unknown-deal-option.yaml", 7, "unknown deal field 'exposd'"),
    ("bad-card-in-deck.yaml", 6, "deck: '10d' is not a card"),
    ("duplicate-card-in-deck.yaml", 6, "deck: As is listed twice in the deck"),
    ("unknown-game.yaml", 3, "unknown game 'chess'"),
    ("button-not-seated.yaml", 5, "button seat 7 is not dealt in"),
    ("unknown-action.yaml", 8, "unknown action 'shove'"),
    ("missing-id.yaml", 1, "the scenario has no 'id'"),
    ("burns-out-of-range.yaml", 8, "flop.burns is 3"),
    ("bad-yaml.yaml", 6, "not valid YAML"),
    ("found-two-kinds.yaml", 8, "found names exactly one discovery"),
    ("non-string-key.yaml", 6, "scenario: key 2024 is not a string"),
    ("unknown-remedy.yaml", 9, "unknown expect.remedy 'redeal'"),
    ("flop-in-stud.yaml", 7, "a flop event does not happen in stud"),
    ("seat-not-dealt-in.yaml", 7, "seat 8 is not dealt in"),
    ("exposed-beyond-deal.yaml", 7, "deal.exposed: card 40 was not dealt to a seat"),
    ("turn-before-flop.yaml", 8, "a turn cannot come here"),
    ("id-not-a-slug.yaml", 1, "id 'Not A Slug' is not a slug"),
]


@pytest.mark.parametrize(("name", "line", "message"), CASES, ids=[c[0] for c in CASES])
def test_bad_scenario_names_file_line_and_fix(name, line, message):
    path = BAD / name
    with pytest.raises(ScenarioError) as caught:
        replay(load_scenario(path))
    text = str(caught.value)
    assert text.startswith(f"{path}:{line}: {message}")
    assert text.endswith(")"), "every message says what to do, in brackets"


def test_every_bad_file_is_tested():
    assert sorted(p.name for p in BAD.glob("*.yaml")) == sorted(c[0] for c in CASES)


def test_spec_example_reads_exactly():
    scenario = parse_scenario(EXAMPLE)
    assert scenario.id == "cutoff-second-card-exposed"
    assert scenario.seats == (1, 2, 3, 4, 5, 6) and scenario.button == 6
    assert scenario.blinds == (1, 2)
    assert scenario.deck[:14] == tuple("As Kd 7h 7c 2s 9d Qs Jh 4c 5d 8s Tc Ah 3d".split())
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
