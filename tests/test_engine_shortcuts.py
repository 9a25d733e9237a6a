"""The engine's shortcuts for speed (issue 11, docs/benchmarks.md "Rulings per second")
change no ruling: each is held here to what it replaced.

* a ruling's random source is seeded only when a remedy first draws
  (kb.hand.draws.Draws): the draws are those of ``random.Random(seed)``;
* compare() works out the units of the first floor call, their representative
  irregularities and topics once for every book: it rules random hands, of several floor
  calls too, exactly as rule() does book by book;
* copies of a replay, a table and a betting are independent of the original;
* the engine's replays keep no table per event (replay() does);
* the betting's next seat and the tda@2026 renumbering are what the code they replaced
  gave.
"""

import random
import re
from pathlib import Path

import pytest
from helpers import hand
from strategies import RandomChoices, hand_scenario, random_hand

from kb import DATA
from kb.hand import draws
from kb.hand.actions import Betting
from kb.hand.deal import play, replay, start
from kb.hand.draws import Draws
from kb.hand.scenario import Floor, ScenarioError
from kb.hand.scenario_file import load_scenario
from kb.house.compose import published_rulebooks, resolve_rulebook
from kb.knowledge.load import load_knowledge_base
from kb.rules.engine import compare, rule
from kb.rules.rulebook import lookups

KB = load_knowledge_base()
BOOKS = published_rulebooks(KB)


def draws_of(rng) -> list:
    """What a remedy draws: a deck shuffled, a cut, a pick."""
    deck = [f"{n}" for n in range(52)]
    rng.shuffle(deck)
    return [deck, rng.randint(4, 48), rng.randrange(3), rng.random()]


@pytest.mark.parametrize("seed", [0, 1, 3, 2**40, -7, "a seed"])
def test_draws_are_those_of_a_fresh_random_seeded_alike(seed):
    first, again = Draws(seed), Draws(seed)
    assert not first.drawn
    assert draws_of(first.rng) == draws_of(random.Random(seed))
    assert first.drawn and first.rng is first.rng
    assert draws_of(again.rng) == draws_of(random.Random(seed))


def test_a_ruling_that_draws_nothing_seeds_nothing_and_a_misdeal_seeds_once(monkeypatch):
    seeded = []
    real = draws.Random
    monkeypatch.setattr(draws, "Random", lambda seed: seeded.append(seed) or real(seed))
    book = resolve_rulebook(KB, "tda@2024")
    quiet = rule(KB, book, hand("  - deal: {}\n"), seed=5)
    assert quiet.remedy == "continue" and seeded == []
    misdeal = rule(KB, book, hand("  - deal: {exposed: [1]}\n"), seed=5)
    assert misdeal.remedy == "misdeal" and misdeal.random and seeded == [5]
    again = rule(KB, book, hand("  - deal: {exposed: [1]}\n"), seed=5)
    assert again == misdeal and seeded == [5, 5]


def test_compare_rules_random_hands_as_rule_does_under_every_book():
    ruled = several = 0
    for index in range(400):    # more event kinds, more hands refused: keep 200 ruled
        scenario = hand_scenario(random_hand(RandomChoices(random.Random(f"short:{index}"))))
        try:
            expected = [rule(KB, book, scenario, index) for book in BOOKS]
        except ScenarioError:
            with pytest.raises(ScenarioError):
                compare(KB, scenario, BOOKS, index)
            continue
        assert compare(KB, scenario, BOOKS, index) == expected, index
        ruled += 1
        several += any(isinstance(e, Floor) for e in scenario.events)
    assert ruled > 200 and several > 20


def test_copies_of_a_replay_table_and_betting_are_independent():
    scenario = hand("  - deal: {}\n  - act: [call, fold]\n  - flop: {}\n")
    state = replay(scenario)
    twin = state.copy()
    assert vars(twin.table) == vars(state.table) and twin.table is not state.table
    assert vars(twin.betting) == vars(state.betting)
    twin.table.hands[1].append("Xx")
    twin.table.board.append("Yy")
    twin.table.dead.add(3)
    twin.betting.folded.add(1)
    twin.irregularities.append(None)
    twin.streets.append("turn")
    assert "Xx" not in state.table.hands[1] and state.table.board == ["3d", "Ad", "Ac"]
    assert 3 not in state.table.dead and state.betting.folded == {4}
    assert state.irregularities == [] and state.streets == ["flop"]
    seen = state.seen(twin.table, [])
    assert seen.table is twin.table and seen.betting is state.betting
    assert seen.scenario is state.scenario and state.table is not twin.table


def test_the_engines_replays_keep_no_table_per_event_and_replay_does():
    scenario = hand("  - deal: {}\n  - flop: {}\n")
    assert [len(t.board) for t in replay(scenario).tables] == [0, 3]
    state = start(scenario, keep_tables=False)
    play(state, scenario.events)
    assert state.tables == [] and state.table.board == ["3d", "Ad", "Ac"]


def _first_after_as_it_was(betting: Betting, seat):
    live = [s for s in betting.seats if s not in betting.folded and s not in betting.all_in]
    if not live:
        return None
    if seat is None:
        return live[0]
    return next((s for s in live if s > seat), live[0])


def test_the_next_seat_to_act_is_what_the_list_of_live_seats_gave():
    pick = random.Random(11)
    for _ in range(2000):
        seats = tuple(pick.sample(range(1, 11), pick.randint(1, 10)))
        betting = Betting(seats, None, None)
        betting.folded = set(pick.sample(seats, pick.randint(0, len(seats))))
        betting.all_in = set(pick.sample(seats, pick.randint(0, len(seats))))
        for seat in (None, *range(0, 12)):
            assert betting._first_after(seat) == _first_after_as_it_was(betting, seat)


def test_tda_2026_renumbering_is_what_the_plain_pattern_of_its_numbers_gave():
    book = lookups(KB, resolve_rulebook(KB, "tda@2026"))
    pairs = book.renumbering.maps["tda"]
    plain = re.compile(r"(?<![\w-])(" + "|".join(
        re.escape(n) for n in sorted(pairs, key=len, reverse=True)) + r")(?![\w-])")
    texts = [r.explanation for path in sorted(Path(DATA, "scenarios").glob("*.yaml"))
             for r in compare(KB, load_scenario(path), BOOKS)]      # as the deciders word them
    texts += ["35-A-1 and 35-A-1x, x35-A, (35-E); Addendum 38 Ex. 1-A, 38 Ex. 1-B.",
              "Rules 22, 23-26 and 37/38: 34-B-", "-35-D 65-A.", "36-B36-A 39-D", ""]
    for text in texts:
        assert book.renumber(text) == plain.sub(lambda m: pairs[m.group(1)], text), text
    assert book.renumber("See 35-E and 35-A-6.") == "See 37-E and 35-A-6."
