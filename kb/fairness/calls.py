"""The irregularities of every floor call of a hand, each with its cards as the replay met
them (docs/fairness.md, "What is counted as seen").

The engine rules the first call on the replay up to it, then carries the hand on from
the table each ruling left (:mod:`kb.hand.segments`).  The rulings keep only each call's
table after the remedy, so the later calls' irregularities are found again here the same
way: the hand is replayed up to the first call, then from each call's table (the
ruling's, with the piles the replay keeps beside it: cards exposed, up cards, missing
cards) through the next events, with :mod:`kb.hand.segments`' own functions.  Each
irregularity found is marked with its call (``call``: its index in the ruling's
``every_call``) and who held which card then (``held``: card -> seat), since a card seen
at a later call is moved only by that call's remedy and those after it, and is not seen
by the seat it was dealt to on that deal.  A stub a
ruling left to be reshuffled later is shuffled with ``random.Random(seed)``, not the
engine's draws: the cards dealt from it may then differ from the ruling's.

>>> from kb.hand.scenario_file import load_scenario
>>> from kb.knowledge.load import load_knowledge_base
>>> from kb.rules.books import published_editions
>>> from kb.rules.engine import rule
>>> kb = load_knowledge_base()
>>> hand = load_scenario(kb.root + "/scenarios/case-c23-two-burns-as-it-happened.yaml")
>>> [(i.kind, i.get("call")) for i in later_irregularities(
...     hand, rule(kb, published_editions(kb)[1], hand))]
[('burn-count', 1)]
"""

from __future__ import annotations

import random
from dataclasses import replace

from kb.hand.deal import floor_called
from kb.hand.scenario import Scenario, ScenarioError
from kb.hand.segments import Carried, first_call, play_segment, resume, segments, standing
from kb.hand.table import Irregularity, Table
from kb.rules.ruling import Ruling, TableView


def later_irregularities(scenario: Scenario, ruling: Ruling, seed: int = 0,
                         ) -> list[Irregularity]:
    """The irregularities the floor calls after the first answered (``ruling``: the
    hand's ruling, its earlier calls in ``calls``), in order; [] for a hand of one call,
    and the ones found so far when the hand cannot be carried on (a later event the
    ruling's table does not support)."""
    parts = segments(scenario.events)
    calls = ruling.every_call
    if len(parts) < 2 or len(calls) < 2:
        return []
    mixer = random.Random(seed)

    def shuffle(cards: list[str]) -> list[str]:
        cards = list(cards)
        mixer.shuffle(cards)
        return cards

    found: list[Irregularity] = []
    try:
        state = first_call(scenario, parts)
        carried, answered = Carried(shuffle=shuffle), len(state.irregularities)
        for number, (events, floor) in enumerate(parts[1:len(calls)], 1):
            call, before = calls[number - 1], parts[number - 1][1]
            resume(state, call.remedy, _table(state.table, call.table), call.steps, before,
                   carried)
            play_segment(state, events, carried)
            floor_called(state, floor.line if floor else None)
            found += [_at_call(i, number, state.table)
                      for i in standing(state, answered)]
            answered = len(state.irregularities)
    except (ScenarioError, IndexError, KeyError, ValueError):
        pass       # carried on as far as the ruling's tables allow
    return found


def _at_call(found: Irregularity, number: int, table: Table) -> Irregularity:
    """``found`` marked with the call that answers it and the hands as it was found."""
    held = {card: seat for seat, cards in table.hands.items() for card in cards}
    return replace(found, details={**found.details, "call": number, "held": held})


def _table(before: Table, view: TableView) -> Table:
    """The table a ruling left (``view``), with what the replay keeps beside its piles
    taken from the table before the remedy (``before``)."""
    table = before.copy()
    table.hands = {seat: list(cards) for seat, cards in view.hands.items()}
    table.board, table.burns = list(view.board), list(view.burns)
    table.muck, table.set_aside = list(view.muck), list(view.set_aside)
    table.stub, table.dead = list(view.stub_top), set(view.dead)
    return table
