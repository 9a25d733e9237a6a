"""The situation a logged call is about, (game, irregularity, timing), read from the hand
up to its first floor call (what the engine hands the deciders there,
:func:`kb.rules.engine.first_cases`; no book's ruling enters it), so that two entries of
the same situation are grouped whatever book they were ruled under:

- **game**: the hand's game (holdem, omaha ...);
- **irregularity**: the topic the hand's first irregularity raises first
  (:func:`kb.rules.irregularities.topics_for`: ``four-card-flop``,
  ``exposed-first-two-cards``, ``boxed-cards`` ...), else its kind (``none``, with the
  timing ``no irregularity``, for a hand with none), with ``x2`` (``x3`` ...) when the
  hand holds that many of its kind (one boxed card and two are different situations:
  the books rule them apart).  The first is the one the engine rules first at the first
  floor call;
- **timing**: the street it happened on (``deal``, ``flop``, ``turn``, ``draw``,
  ``fifth`` ...) and the action taken after it, by the time the floor was called:
  ``no action``, ``action`` or ``substantial action`` (Poker TDA Rule 36's test, applied
  to the actions after it: for an error of the deal that is the TDA's misdeal cutoff, for
  a board error the betting on the street it spoiled), then ``pot-awarded`` or
  ``next-hand`` when it came to light that late (:meth:`kb.rules.situation.Case.stage`).

>>> from kb.hand.scenario_file import parse_scenario
>>> from kb.knowledge.load import load_knowledge_base
>>> from kb.rules.books import resolve_rulebook
>>> kb = load_knowledge_base()
>>> hand = parse_scenario('''
... id: four-card-flop
... title: Four cards on the flop
... game: holdem
... seats: 3
... button: 3
... events:
...   - deal: {}
...   - act: [call, call, check]
...   - flop: {cards: 4}
... ''', "x.yaml")
>>> situation_of(kb, resolve_rulebook(kb, "tda@2024"), hand)
('holdem', 'four-card-flop', 'flop, no action')
"""

from __future__ import annotations

from kb.decisions.model import Situation
from kb.hand.scenario import Deal, Draw, Scenario, Street, StudStreet
from kb.hand.table import Irregularity, Replay
from kb.knowledge.model import KnowledgeBase
from kb.rules.cutoffs import tda_substantial_action
from kb.rules.engine import first_cases
from kb.rules.irregularities import topics_for
from kb.rules.rulebook import Rulebook


def situation_of(kb: KnowledgeBase, rulebook: Rulebook, scenario: Scenario) -> Situation:
    """(game, irregularity, timing) of ``scenario`` (see the module docstring); the hand
    is replayed to its first floor call as under ``rulebook`` (``kb``'s), whose misdeal
    cutoff alone could differ, and which the situation does not read.

    Raises :class:`~kb.hand.scenario.ScenarioError` when the hand does not replay."""
    cases = [case for case in first_cases(kb, rulebook, scenario) if case.irregularity]
    if not cases:
        return scenario.game, "none", "no irregularity"
    played, first = cases[0].replay, cases[0].irregularity
    assert first is not None                    # the cases kept have one
    topics = topics_for(first, played)
    what = topics[0] if topics else first.kind
    count = sum(1 for found in played.irregularities if found.kind == first.kind)
    if count > 1:           # two boxed cards are not one: the books rule them apart
        what += f" x{count}"
    timing = f"{_street(played, first)}, {_action(played, first)}"
    stage = cases[0].stage()            # found once the pot was awarded, or later
    return scenario.game, what, timing if stage == "playing" else f"{timing}, {stage}"


def _street(played: Replay, irregularity: Irregularity) -> str:
    """The street ``irregularity`` happened on: its own (a board error names it), else
    that of the last event at or before its line that dealt."""
    if irregularity.get("street"):
        return str(irregularity.get("street"))
    street = "deal"
    for event in played.scenario.events:
        if event.line > irregularity.line:
            break
        if isinstance(event, (Street, StudStreet)):
            street = event.name
        elif isinstance(event, Draw):
            street = "draw"
        elif isinstance(event, Deal):
            street = "deal"
    return street


def _action(played: Replay, irregularity: Irregularity) -> str:
    since = played.records[irregularity.actions:]
    if not since:
        return "no action"
    return "substantial action" if tda_substantial_action(since) else "action"
