"""The hand had it been dealt without the irregularity (docs/fairness.md, "Chances").

A scenario's deck is stacked: the same cards come in the same order whatever the dealer
does.  The hand "without the irregularity" is the same deck dealt correctly, with the
same players acting, up to the same point of the hand: every event kept but stripped of
what went wrong (an exposed, boxed or extra card, a short or misdirected deal, a
premature street (dealt after the betting it came before, and not at all when the
hand stops before that betting ends), a street of the wrong size, a burn missed or doubled, a stud or draw
card dealt face up), and the events that are only accidents dropped (cards found, stub
and burn accidents, cards mucked or swapped by mistake, a pot pushed, the floor calls).
A deck with a card twice or a card that is not in the standard deck (a fouled deck, a
joker) is dealt with that card left out.  The replay is :func:`kb.hand.deal.replay`'s,
on the events so made: nothing of the replay is copied here.

>>> from kb.hand.scenario_file import parse_scenario
>>> s = parse_scenario("id: b\\ntitle: b\\ngame: holdem\\nseats: 2\\nbutton: 2\\n"
...                    "deck: As Kd 7h 7c 2s 9d\\nevents: [{deal: {boxed: [1]}}]\\n")
>>> clean_table(s).hands
{1: ['Kd', '7c'], 2: ['7h', '2s']}
>>> clean_table(cleaned(s)).hands
{1: ['As', '7h'], 2: ['Kd', '7c']}
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from kb.hand.cards import standard_deck
from kb.hand.deal import replay
from kb.hand.scenario import Act, Deal, Draw, Scenario, ScenarioError, Street, StudStreet
from kb.hand.table import Table

#: How many times a clean replay that fails is cut short at the event that failed (an
#: action out of turn once the street is dealt correctly) before it gives up.
RETRIES = 3
_STANDARD = frozenset(standard_deck())


def cleaned(scenario: Scenario) -> Scenario:
    """``scenario`` with its events made correct (module docstring): the same deck, the
    same actions, no irregularity and no floor call."""
    events: list = []
    dealt, early = False, None
    for event in scenario.events:
        if isinstance(event, Deal):
            if dealt:            # a redeal after a misdeal: the hand dealt right is the first
                break
            events.append(Deal(event.line))
            dealt = True
        elif isinstance(event, (Street, StudStreet)):
            if early is not None:
                events.append(early)
            street = Street(event.line, event.name, 1, 3 if event.name == "flop" else 1) \
                if isinstance(event, Street) else StudStreet(event.line, event.name)
            # a street dealt before its betting round ended comes after that betting, and
            # not at all when the hand stops before the betting does
            early = street if event.premature else None
            if early is None:
                events.append(street)
        elif isinstance(event, Draw):
            events.append(Draw(event.line, event.seat, event.discards))
        elif isinstance(event, Act):
            events.append(event)
            if early is not None:
                events.append(early)
                early = None
    deck, kept = [], set()
    for card in scenario.deck:
        if card in _STANDARD and card not in kept:
            deck.append(card)
            kept.add(card)
    deck += [card for card in standard_deck() if card not in kept]
    return replace(scenario, events=tuple(events), deck=tuple(deck))


def clean_table(scenario: Scenario) -> Table:
    """The table at the end of ``scenario``'s events replayed as they are (pass
    :func:`cleaned`'s scenario for the hand without the irregularity).  Raises
    :class:`~kb.hand.scenario.ScenarioError` when they cannot be replayed."""
    return replay(scenario).table


@lru_cache(maxsize=512)
def clean_hand(scenario: Scenario) -> tuple[Table | None, str]:
    """The table of the hand dealt without the irregularity (:func:`cleaned`), worked out
    once per scenario (every rulebook shares it), and '' ; or None and why not.  A clean
    replay that fails at an event (an action that no longer fits) is cut short there, at
    most :data:`RETRIES` times: the table is then an earlier point of the hand."""
    clean = cleaned(scenario)
    for _ in range(RETRIES + 1):
        try:
            return clean_table(clean), ""
        except ScenarioError as error:
            line = error.problems[0].line
            kept = tuple(e for e in clean.events if e.line < line)
            if len(kept) == len(clean.events) or not kept:
                return None, f"the hand dealt correctly cannot be replayed: {error.problems[0].message}"
            clean = replace(clean, events=kept)
    return None, "the hand dealt correctly cannot be replayed to the same point"
