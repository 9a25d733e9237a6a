"""The situation a logged call is about, (game, irregularity, timing), read from the hand
alone, so that two entries of the same situation are grouped whatever book they were
ruled under:

- **game**: the hand's game (holdem, omaha ...);
- **irregularity**: the topic the hand's first irregularity raises first
  (:func:`kb.rules.irregularities.topics_for`: ``four-card-flop``,
  ``exposed-first-two-cards``, ``boxed-cards`` ...), else its kind; ``none`` for a hand
  with none, and ``x2`` (``x3`` ...) when the hand holds that many of its kind (one
  boxed card and two are different situations: the books rule them apart).  The first is
  the one the engine rules first (:func:`kb.rules.situation.primary_irregularity`);
- **timing**: the street it happened on (``deal``, ``flop``, ``turn``, ``draw``, ``fifth``
  ...) and the
  action taken after it, by the time the floor was called: ``no action``, ``action`` or
  ``substantial action`` (Poker TDA Rule 36's test, applied to the actions after it: for
  an error of the deal that is the TDA's misdeal cutoff, for a board error the betting on
  the street it spoiled).

>>> from kb.hand.scenario_file import parse_scenario
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
>>> situation_of(hand)
('holdem', 'four-card-flop', 'flop, no action')
"""

from __future__ import annotations

from kb.decisions.model import Situation
from kb.hand.deal import replay
from kb.hand.scenario import Deal, Draw, Scenario, Street, StudStreet
from kb.hand.table import Irregularity, Replay
from kb.rules.cutoffs import tda_substantial_action
from kb.rules.irregularities import topics_for
from kb.rules.situation import primary_irregularity


def situation_of(scenario: Scenario) -> Situation:
    """(game, irregularity, timing) of ``scenario`` (see the module docstring).

    Raises :class:`~kb.hand.scenario.ScenarioError` when the hand does not replay."""
    played = replay(scenario)
    first = primary_irregularity(played)
    if first is None:
        return scenario.game, "none", _street(played, played.scenario.events[-1].line
                                               if played.scenario.events else 0)
    topics = topics_for(first, played)
    what = topics[0] if topics else first.kind
    count = sum(1 for found in played.irregularities if found.kind == first.kind)
    if count > 1:           # two boxed cards are not one: the books rule them apart
        what += f" x{count}"
    return scenario.game, what, f"{_street(played, first.line, first)}, {_action(played, first)}"


def _street(played: Replay, line: int, irregularity: Irregularity | None = None) -> str:
    """The street of the event at or before ``line`` that dealt last (a board error
    names its own street)."""
    if irregularity is not None and irregularity.get("street"):
        return str(irregularity.get("street"))
    street = "deal"
    for event in played.scenario.events:
        if event.line > line:
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
