"""Random legal hands with random irregularities: every rulebook gives a ruling or a clear
ScenarioError, never a crash; no card is lost or duplicated; the same seed gives the same
ruling."""

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kb.hand.cards import standard_deck
from kb.hand.deal import replay
from kb.hand.scenario import ScenarioError
from kb.hand.scenario_file import parse_scenario
from kb.house.compose import published_rulebooks
from kb.knowledge.load import load_knowledge_base
from kb.rules.engine import rule

KB = load_knowledge_base()
BOOKS = published_rulebooks(KB)
ACTS = ["fold", "check", "call", "bet", "raise", "all-in"]
SETTINGS = settings(max_examples=1000, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@st.composite
def holdem_hands(draw):
    """A scenario file's text: 2-10 seats, random button and deck, a random deal error and
    some of: actions, streets with burn and card errors, a found fact."""
    count = draw(st.integers(2, 10))
    seats = sorted(draw(st.sets(st.integers(1, 10), min_size=count, max_size=count)))
    button = draw(st.sampled_from(seats))
    deck = draw(st.permutations(standard_deck()))
    game = draw(st.sampled_from(["holdem", "omaha"]))
    dealt = count * (4 if game == "omaha" else 2)
    positions = st.lists(st.integers(1, dealt), max_size=3, unique=True)
    deal = draw(st.fixed_dictionaries({}, optional={
        "exposed": positions, "boxed": positions, "off-table": positions,
        "extra": st.integers(1, 2), "short": st.lists(st.sampled_from(seats), max_size=1),
        "player-exposed": st.lists(st.sampled_from(seats), max_size=1, unique=True),
        "button-should-be": st.sampled_from(seats)}))
    events = [{"deal": deal}]
    for street in draw(st.sampled_from([[], ["flop"], ["flop", "turn"],
                                        ["flop", "turn", "river"]])):
        events.append({"act": draw(st.lists(st.sampled_from(ACTS), max_size=3))})
        events.append({street: draw(st.fixed_dictionaries({}, optional={
            "burns": st.integers(0, 2), "premature": st.booleans(),
            "cards": st.integers(3, 4) if street == "flop" else st.just(1)}))})
    events.append({"act": draw(st.lists(st.sampled_from(ACTS), max_size=4))})
    found = draw(st.one_of(st.none(), st.fixed_dictionaries(
        {"duplicate": st.sampled_from(standard_deck()),
         "where": st.sampled_from(["board", "stub", "muck"])}),
        st.fixed_dictionaries({"wrong-count": st.fixed_dictionaries(
            {"seat": st.sampled_from(seats), "cards": st.integers(0, 5)})}),
        st.fixed_dictionaries({"foreign": st.just("Jk"), "where": st.just("hand"),
                               "seat": st.sampled_from(seats)})))
    if found:
        events.append({"found": found})
    return _yaml(game, seats, button, deck, events)


def _yaml(game, seats, button, deck, events) -> str:
    def flow(value):
        if isinstance(value, dict):
            return "{" + ", ".join(f"{k}: {flow(v)}" for k, v in value.items()) + "}"
        if isinstance(value, list):
            return "[" + ", ".join(flow(v) for v in value) + "]"
        return str(value).lower() if isinstance(value, bool) else str(value)
    lines = [f"  - {flow(event)}" for event in events]
    return (f"id: random-hand\ntitle: Random hand\ngame: {game}\nseats: {seats}\n"
            f"button: {button}\ndeck: {' '.join(deck)}\nevents:\n" + "\n".join(lines) + "\n")


def _cards(view) -> Counter:
    piles = [*view.hands.values(), view.board, view.burns, view.muck, view.stub_top,
             view.set_aside]
    return Counter(c for pile in piles for c in pile)


def _scenario_or_none(text):
    try:
        scenario = parse_scenario(text, "random.yaml")
        return scenario, replay(scenario)
    except ScenarioError as error:
        assert str(error).startswith("random.yaml:"), str(error)
        return None, None


@SETTINGS
@given(holdem_hands())
def test_every_rulebook_rules_or_gives_a_clear_scenario_error(text):
    scenario, played = _scenario_or_none(text)
    if scenario is None:
        return
    for book in BOOKS:
        ruling = rule(KB, book, scenario)
        assert ruling.remedy in ("misdeal", "continue", "dead-hand", "void", "floor-decision")
        assert ruling.explanation


@SETTINGS
@given(holdem_hands())
def test_no_card_is_lost_or_duplicated(text):
    scenario, played = _scenario_or_none(text)
    if scenario is None:
        return
    expected = Counter(scenario.deck) + Counter(played.table.extras) \
        - Counter(played.table.missing)
    for book in BOOKS:
        assert _cards(rule(KB, book, scenario).table) == expected, book.id


@SETTINGS
@given(holdem_hands(), st.integers(0, 2**32 - 1))
def test_same_seed_same_ruling(text, seed):
    scenario, played = _scenario_or_none(text)
    if scenario is None:
        return
    for book in BOOKS:
        assert rule(KB, book, scenario, seed).to_json() == rule(KB, book, scenario, seed).to_json()


@pytest.mark.parametrize("seats", range(2, 11))
def test_a_clean_deal_is_ruled_continue_with_the_deck_intact(seats):
    scenario = parse_scenario(f"id: clean\ntitle: c\ngame: holdem\nseats: {seats}\n"
                              f"button: 1\nevents:\n  - deal: {{}}\n")
    for book in BOOKS:
        ruling = rule(KB, book, scenario)
        assert ruling.remedy == "continue"
        assert sum(_cards(ruling.table).values()) == 52
