"""Invariants over random valid hands of all eleven games, every event and option (floor calls
included), under every published rulebook (tests/strategies.py draws them):

* every hand gets a ruling from every rulebook, or a clear, located ScenarioError; never
  another exception;
* no card is lost or duplicated: after every floor call, hands + board + burns + muck +
  stub (the full stub, not only the top the JSON shows) + set-aside = the deck, less the
  cards the hand finds missing, plus the cards found;
* the same seed gives the same ruling, in this process and in another with another
  PYTHONHASHSEED.

The default run covers 20,400 hands: 20,000 drawn cheaply from seeded random sources
(twenty tests of 1,000, every tenth hand ruled twice) and 400 drawn by hypothesis, which
shrinks a failure to a small file.  ``HYPOTHESIS_PROFILE=floorbook-thorough`` draws 5,000;
tools/fuzz_hands.py runs 100,000 and more.
"""

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from strategies import RandomChoices, hand_scenario, hand_text, hands, random_hand
from strategies_check import examine, rulings_json, table_cards

from kb.files import SCHEMAS
from kb.hand.scenario import GAMES
from kb.hand.scenario_file import parse_scenario
from kb.house.compose import published_rulebooks
from kb.knowledge.load import load_knowledge_base
from kb.rules.engine import rule

KB = load_knowledge_base()
BOOKS = published_rulebooks(KB)
#: The seed of the hands the default run draws (tools/fuzz_hands.py --seed 0 starts with
#: the same hands).
SEED = 0
CHUNKS, PER_CHUNK = 20, 1000

settings.register_profile("floorbook", max_examples=400, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow,
                                                 HealthCheck.data_too_large])
settings.register_profile("floorbook-thorough", parent=settings.get_profile("floorbook"),
                          max_examples=5000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "floorbook"))


def failures(outcome, text: str) -> list[str]:
    """What went wrong with one hand, each line with the file that reproduces it."""
    if outcome.error is not None and not outcome.error.startswith("random.yaml:"):
        return [f"unlocated error {outcome.error}\n{text}"]
    return [f"{problem}\n{text}" for problem in
            outcome.crashes + outcome.conservation + outcome.differences]


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_hands_of_every_game_are_ruled_keep_every_card_and_repeat(chunk):
    found, ruled, games = [], 0, set()
    for index in range(chunk * PER_CHUNK, (chunk + 1) * PER_CHUNK):
        data = random_hand(RandomChoices(random.Random(f"{SEED}:{index}")))
        games.add(data["game"])
        outcome = examine(KB, BOOKS, hand_scenario(data), index, again=index % 10 == 0)
        ruled += outcome.error is None
        found += failures(outcome, hand_text(data))
    assert found == [], f"{len(found)} failures; the first:\n" + "\n".join(found[:3])
    assert games == set(GAMES)
    assert ruled >= PER_CHUNK * 0.6       # most random hands are playable, not refused


@given(hands())
def test_hypothesis_hands_are_ruled_keep_every_card_and_repeat(data):
    outcome = examine(KB, BOOKS, hand_scenario(data), 7)
    assert failures(outcome, hand_text(data)) == []


@settings(max_examples=200)
@given(hands())
def test_a_generated_file_reads_back_as_the_records_built_directly(data):
    assert parse_scenario(hand_text(data), "random.yaml") == hand_scenario(data)


def test_the_same_seed_gives_the_same_rulings_in_another_process():
    indices = list(range(0, CHUNKS * PER_CHUNK, CHUNKS * PER_CHUNK // 60))
    here = rulings_json(KB, BOOKS, SEED, indices)
    tests = Path(__file__).parent
    code = ("import json, sys; sys.path.insert(0, sys.argv[1]); "
            "from strategies_check import rulings_json; "
            "from kb.house.compose import published_rulebooks; "
            "from kb.knowledge.load import load_knowledge_base; kb = load_knowledge_base(); "
            "print(json.dumps(rulings_json(kb, published_rulebooks(kb), 0, "
            "json.loads(sys.argv[2]))))")
    for hash_seed in ("1", "4242"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        there = subprocess.run([sys.executable, "-c", code, str(tests), json.dumps(indices)],
                               env=env, capture_output=True, text=True, check=True)
        assert json.loads(there.stdout) == here
    assert sum(len(rulings) for rulings in here) >= 150


def test_the_hands_drawn_use_every_field_event_and_option_of_the_schema():
    schema = json.loads((SCHEMAS / "scenario.schema.json").read_text(encoding="utf-8"))
    defs, events = schema["$defs"], schema["$defs"]["event"]["properties"]
    wanted = {(name, option) for name, body in events.items()
              for option in defs.get(body.get("$ref", "#/$defs/").rpartition("/")[2],
                                     body).get("properties", {})}
    wanted |= {(name, None) for name in events}
    wanted |= {("file", key) for key in schema["properties"] if key not in ("expect", "note")}
    seen = set()
    for index in range(3000):
        data = random_hand(RandomChoices(random.Random(f"coverage:{index}")))
        seen |= {("file", key) for key in data}
        for event in data["events"]:
            (name, body), = event.items()
            seen.add((name, None))
            if isinstance(body, dict):
                seen |= {(name, key) for key in body}
                seen |= {(name, "where") for key in body if name == "found"}
    assert wanted - seen == set(), "extend tests/strategies.py to draw these"


@pytest.mark.parametrize("seats", range(2, 11))
def test_a_clean_deal_is_ruled_continue_with_the_deck_intact(seats):
    scenario = parse_scenario(f"id: clean\ntitle: c\ngame: holdem\nseats: {seats}\n"
                              f"button: 1\nevents:\n  - deal: {{}}\n")
    for book in BOOKS:
        ruling = rule(KB, book, scenario)
        assert ruling.remedy == "continue"
        assert sum(table_cards(ruling.table).values()) == 52
