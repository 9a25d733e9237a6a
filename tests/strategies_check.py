"""The invariants every ruling keeps, checked on one hand at a time (tests/test_invariants.py,
tests/test_invariants_fixes.py and tools/fuzz_hands.py use them; tests/strategies.py draws
the hands).

:func:`examine` replays a hand and rules it under each rulebook: a ruling or a clear
:class:`~kb.hand.scenario.ScenarioError`, never another exception; after every floor call
hands + board + burns + muck + the full stub + set-aside = the deck, less the cards the hand
finds missing, plus the cards found; the same seed the same ruling; ``rule`` and
``compare`` print the rulings, as text and as JSON, whose ``citations`` and ``provisions``
are parallel (the i-th citation is the rulebook's number of the i-th provision).

>>> import random
>>> from strategies import RandomChoices, hand_scenario, random_hand
>>> from kb.house.compose import published_rulebooks
>>> from kb.knowledge.load import load_knowledge_base
>>> kb = load_knowledge_base()
>>> hand = hand_scenario(random_hand(RandomChoices(random.Random("0:1"))))
>>> outcome = examine(kb, published_rulebooks(kb), hand, 1)
>>> outcome.crashes, outcome.conservation, outcome.differences
([], [], [])
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass, field, replace

from strategies import RandomChoices, hand_scenario, random_hand

from kb.cli.rulings import shown
from kb.hand.deal import replay
from kb.hand.scenario import Found, Scenario, ScenarioError
from kb.hand.table import check_tables
from kb.rules.engine import rule
from kb.rules.rulebook import lookups

# The replay checks the table after every event too (off by default for speed): a card lost
# between two floor calls fails at the event that lost it (tools/fuzz_hands.py imports this).
check_tables(True)


@dataclass
class Outcome:
    """What ruling one hand under every rulebook gave: ``error`` (a ScenarioError's text),
    ``rulings``, and the failures, each a line naming the rulebook: ``crashes`` (another
    exception, in the engine or in printing the rulings), ``conservation`` (cards lost or duplicated), ``differences`` (the same seed
    gave another ruling)."""

    error: str | None = None
    rulings: list = field(default_factory=list)
    crashes: list[str] = field(default_factory=list)
    conservation: list[str] = field(default_factory=list)
    differences: list[str] = field(default_factory=list)
    #: floor calls the engine left to the floor because an earlier remedy of the hand had
    #: moved the cards a decider looks for (its guard, not a crash; counted to watch it)
    guarded: int = 0


def examine(kb, books, scenario: Scenario, seed: int = 0, again: bool = True) -> Outcome:
    """Replay ``scenario`` and rule it under each of ``books`` with ``seed``; check that
    every ruling (and every earlier call of a hand with several) keeps the cards: hands +
    board + burns + muck + stub + set-aside + missing = the deck + the cards found.  With
    ``again``, rule twice and compare the JSON."""
    outcome = Outcome()
    try:
        replay(scenario)
    except ScenarioError as error:
        outcome.error = str(error)
        return outcome
    except Exception as error:      # noqa: BLE001 - a crash is what this looks for
        outcome.crashes.append(f"replay: {type(error).__name__}: {error}")
        return outcome
    expected: dict = {}
    for book in books:
        try:
            ruling = rule(kb, book, scenario, seed)
        except ScenarioError as error:
            outcome.error = str(error)
            continue
        except Exception as error:  # noqa: BLE001
            outcome.crashes.append(f"{book.id}: {type(error).__name__}: {error}")
            continue
        outcome.rulings.append(ruling)
        outcome.guarded += sum(_GUARD in call.explanation for _, call in _calls(ruling))
        for where, call in _calls(ruling):
            if call.floor not in expected:
                expected[call.floor] = _expected(scenario, call.floor)
            want, slack = expected[call.floor]
            got = table_cards(call.table)
            if not _kept(got, want, slack):
                outcome.conservation.append(
                    f"{book.id}{where}: {_show(got - want)} too many, "
                    f"{_show(want - got)} lost")
        if again and rule(kb, book, scenario, seed).to_json() != ruling.to_json():
            outcome.differences.append(f"{book.id}: seed {seed} gave two rulings")
    outcome.crashes += printed(kb, books, outcome.rulings, seed)
    return outcome


def printed(kb, books, rulings, seed: int) -> list[str]:
    """Print ``rulings`` as ``compare`` does, as text and as JSON: the problems, each a
    line (an exception; a call whose ``citations`` are not its ``provisions``' numbers
    under its rulebook, one for one)."""
    if not rulings:
        return []
    try:
        shown(kb, rulings, False, True, seed)
        data = json.loads(shown(kb, rulings, True, True, seed))
    except Exception as error:  # noqa: BLE001 - a crash is what this looks for
        return [f"printing: {type(error).__name__}: {error}"]
    cite = {book.id: lookups(kb, book).cite for book in books}
    problems = []
    for ruling in data:
        calls = [*((f" call {n}", c) for n, c in enumerate(ruling["calls"], 1)), ("", ruling)]
        for where, call in calls:
            numbers = [cite[ruling["rulebook"]](p) for p in call["provisions"]]
            if call["citations"] != [n.to_json() if n else None for n in numbers]:
                problems.append(f"{ruling['rulebook']}{where}: citations {call['citations']} "
                                f"are not those of provisions {call['provisions']}")
    return problems


#: The start of the explanation the engine gives when its guard left a call to the floor.
_GUARD = "An earlier remedy in this hand moved the cards this irregularity concerns"


def _calls(ruling) -> list:
    """Each floor call of the ruling (the earlier ones first), with its name in a message."""
    calls = getattr(ruling, "calls", ()) or ()
    return [(f" call {index}", call) for index, call in enumerate(calls, 1)] + [("", ruling)]


def _expected(scenario: Scenario, line: int | None) -> tuple[Counter, tuple | None]:
    """The cards a table must hold when the floor is called at ``line`` (None: after the
    last event): the deck, less every card the hand finds missing (out of the stub from the
    start, even when found after this call), plus the cards found so far, less a card a
    foreign card took the place of.

    A foreign card found after an earlier floor call lands on the table that call's ruling
    left, which a plain replay does not know: where the card it replaced goes missing, and
    whether it is already where it was found, depend on that table.  For such a hand the
    second value is the slack: the cards that may be there too many (those a plain replay
    replaced, and the foreign cards found) and how many may be lost (one per such card);
    None when the count is exact.  So with a duplicate the deck lists twice found after an
    earlier call: whether it is a card more depends on where that call's remedy put the
    copies."""
    events = tuple(e for e in scenario.events
                   if line is None or getattr(e, "line", 0) < line)
    later = tuple(c for e in scenario.events[len(events):]
                  if isinstance(e, Found) and e.kind == "missing" for c in e.cards)
    # the cards found missing later were missing all along: out of the stub from the start
    extra = (Found(10**9, "missing", later),) if later else ()
    played = replay(replace(scenario, events=events + extra))
    want = Counter(scenario.deck) + Counter(played.table.extras) \
        - Counter(played.table.missing)
    floors = [index for index, e in enumerate(events) if type(e).__name__ == "Floor"]
    later_found = [e for e in events[floors[0]:] if isinstance(e, Found)] if floors else []
    foreign = [c for e in later_found if e.kind == "foreign" for c in e.cards]
    # a second copy the deck lists is a card more only if it is not already where it was
    # found, and an earlier remedy (a redeal) may have put it there or taken it away
    listed_twice = [c for e in later_found if e.kind == "duplicate" for c in e.cards
                    if scenario.deck.count(c) >= 2]
    if not foreign and not listed_twice:
        return want, None
    missing = [c for e in scenario.events if isinstance(e, Found) and e.kind == "missing"
               for c in e.cards]
    replaced = Counter(played.table.missing) - Counter(missing)
    return want, (replaced + Counter(foreign) + Counter(listed_twice),
                  len(foreign) + len(listed_twice))


def _kept(got: Counter, want: Counter, slack) -> bool:
    """Whether the cards ``got`` are the cards ``want`` (within the slack, see
    :func:`_expected`)."""
    if slack is None:
        return got == want
    allowed, lost = slack
    return not (got - want) - allowed and sum((want - got).values()) <= lost


def table_cards(view) -> Counter:
    """Every card of a ruling's table: hands, board, burns, muck, the full stub (the JSON
    shows only its top) and the set-aside cards."""
    piles = [*view.hands.values(), view.board, view.burns, view.muck, view.stub_top,
             view.set_aside]
    return Counter(card for pile in piles for card in pile)


def _show(cards: Counter) -> str:
    return " ".join(sorted(cards.elements())) or "none"


def rulings_json(kb, books, seed: int, indices) -> list:
    """The JSON of every ruling of hands ``indices`` of run ``seed`` (ruling seed: the
    index), to compare across processes."""
    out = []
    for index in indices:
        data = random_hand(RandomChoices(random.Random(f"{seed}:{index}")))
        outcome = examine(kb, books, hand_scenario(data), index, again=False)
        out.append([ruling.to_json() for ruling in outcome.rulings])
    return out

