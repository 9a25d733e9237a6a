"""The random hands reach piled irregularities (tests/strategies_rough.py, issue 19): several
streets dealt too soon, a street dealt too soon after cards found missing, stud hands with
one seat's two down cards and another's one exposed, in every game; such hands keep the
invariants of tests/test_invariants.py (a ruling or a located error, every card kept, the
same seed the same ruling, printed as text and JSON with each provision's number beside
it), and their rulings do cite two provisions by one number, the case that used to crash
``floorbook rule``."""

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from strategies import RandomChoices, hand_scenario, hand_text, hands, random_hand
from strategies_check import examine
from test_invariants import BOOKS, KB, failures

from kb.hand.scenario import (
    BOARD_STREETS,
    FLOP_GAMES,
    GAMES,
    STUD_GAMES,
    STUD_STREETS,
    ScenarioError,
)
from kb.rules.engine import compare

#: Hands drawn, each with irregularities piled on it, for the counts below.
DRAWN = 600


def _features(data: dict) -> set[str]:
    """What a hand's events pile up, by name."""
    events = [next(iter(e.items())) for e in data["events"]]
    premature = [i for i, (name, body) in enumerate(events)
                 if name in (*BOARD_STREETS, *STUD_STREETS) and body.get("premature")]
    missing = [i for i, (name, body) in enumerate(events)
               if name == "found" and "missing" in body]
    third = next((body for name, body in events if name == "third"), {})
    made = set()
    if len(premature) >= 2:
        made.add("several premature" + (" stud" if data["game"] in STUD_GAMES else " board"))
    if missing and premature and missing[0] < premature[-1]:
        made.add("premature after missing")
    if third.get("both-exposed") and third.get("exposed"):
        made.add("stud both and one exposed")
    if len(third.get("both-exposed", ())) >= 2:
        made.add("stud both exposed for two seats")
    if any(name == "floor" for name, _ in events) and premature:
        made.add("floor call and premature")
    return made


def _drawn() -> list[dict]:
    return [random_hand(RandomChoices(random.Random(f"rough:{index}")), rough=1)
            for index in range(DRAWN)]


def test_the_rough_hands_pile_every_kind_of_irregularity_in_every_game():
    drawn = _drawn()
    seen = Counter(feature for data in drawn for feature in _features(data))
    assert set(seen) == {"several premature stud", "several premature board",
                         "premature after missing", "stud both and one exposed",
                         "stud both exposed for two seats", "floor call and premature"}
    assert min(seen.values()) >= 10, seen
    assert {data["game"] for data in drawn} == set(GAMES)


def test_rough_hands_cite_two_provisions_by_one_number():
    books = [b for b in BOOKS if b.id in ("rrop@v11", "wsop-live@2024")]
    shared: Counter = Counter()
    for data in _drawn():
        if data["game"] not in (*FLOP_GAMES, *STUD_GAMES):
            continue
        try:
            rulings = compare(KB, hand_scenario(data), books)
        except ScenarioError:       # a hand the replay refuses, with a located message
            continue
        for ruling in rulings:
            for call in ruling.every_call:
                if len(set(call.citations)) < len(call.provisions):
                    shared[ruling.rulebook, data["game"] in STUD_GAMES] += 1
    # Robert's Rules' stud hands, the WSOP Live Action rules' hold'em and Omaha hands
    assert shared["rrop@v11", True] >= 10 and shared["wsop-live@2024", False] >= 10, shared


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(hands(rough=1))
def test_hypothesis_rough_hands_are_ruled_keep_every_card_and_print(data):
    outcome = examine(KB, BOOKS, hand_scenario(data), 3)
    assert failures(outcome, hand_text(data)) == []
