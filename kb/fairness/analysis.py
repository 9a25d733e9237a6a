"""One scenario under one rulebook: its ruling read into the fairness record
(:class:`~kb.fairness.report.Fairness`).

>>> from kb.hand.scenario_file import load_scenario
>>> from kb.knowledge.load import load_knowledge_base
>>> from kb.rules.books import published_editions
>>> kb = load_knowledge_base()
>>> hand = load_scenario(kb.root + "/scenarios/case-c31-premature-first-flop-card.yaml")
>>> found = fairness(kb, published_editions(kb)[1], hand)
>>> [(s.card, s.where_after, str(s.reaches_play)) for s in found.seen]
[('Jh', 'stub (reshuffled)', '5/37')]
>>> found.keeps_random
True
"""

from __future__ import annotations

import importlib

from kb.fairness.knowledge import clean_chance, reaches_play, seen_cards
from kb.fairness.order import MOST_UNSEEN, Shape, keeps_random, positions
from kb.fairness.report import Fairness, SeatChances, SeenCard
from kb.hand.deal import replay
from kb.hand.scenario import Scenario
from kb.knowledge.model import KnowledgeBase
from kb.rules.engine import first_cases, rule
from kb.rules.rulebook import Rulebook
from kb.rules.ruling import Ruling


def fairness(kb: KnowledgeBase, rulebook: Rulebook, scenario: Scenario,
             seed: int = 0) -> Fairness:
    """The fairness of ``rulebook``'s ruling on ``scenario`` (random steps seeded with
    ``seed``; the figures do not depend on it: they are taken over every outcome of the
    steps).  The table before the remedy is the replay's at the first floor call.  Raises
    :class:`~kb.hand.scenario.ScenarioError` when the events cannot be replayed."""
    ruling = rule(kb, rulebook, scenario, seed)
    cases = first_cases(kb, rulebook, scenario, seed)
    # a hand with nothing to rule has no case: its table is the replay's as it ends
    table = cases[0].replay.table if cases else replay(scenario).table
    found = [i for case in cases for i in case.replay.irregularities]
    clean = clean_chance(scenario.game, len(table.hands), len(table.deck))
    seen = []
    for card, seats in seen_cards(table, found).items():
        place = reaches_play(card, scenario.game, ruling, len(table.deck))
        seen.append(SeenCard(card, seats, place.where, place.chance, clean,
                             place.chance > clean))
    # a seen card left where it never plays (the stub's bottom card) changes no deal
    shape, argument = remedy_shape(ruling, [s.card for s in seen],
                                   {s.card for s in seen if not s.reaches_play})
    chances = positions(shape)
    random_ = keeps_random(chances)
    orders = 1
    for n in range(2, shape.unseen + 1):
        orders *= n
    reason = (f"{argument}; checked by enumeration over the {orders} orders of "
              f"{shape.unseen} unseen cards: " + ("every card that can reach a place is "
                                                 "equally likely there" if random_ else
                                                 "some place's card is known or favoured"))
    return Fairness(scenario.id, rulebook.id, tuple(seen), random_, reason,
                    _chances(scenario, ruling), (), ())


def remedy_shape(ruling: Ruling, seen: list[str],
                 idle: set[str] | frozenset[str] = frozenset()) -> tuple[Shape, str]:
    """The remedy's steps as operations on a short stub (:class:`Shape`), and the
    argument in words.  The stub takes as many unseen cards as keep the enumeration
    small; what the argument says does not depend on the stub's length.  ``idle``: seen
    cards left in the stub at a place that never plays, which count as out of play.

    >>> from kb.rules.ruling import Step, TableView
    >>> steps = (Step("scramble-pick", {"cards": ["As", "Kd", "2c", "3c"], "as": "burn"}),)
    >>> view = TableView({}, (), (), (), (), ())
    >>> remedy_shape(Ruling("x", "b", "continue", (), steps, True, view, ""), ["As"])[1]
    'a scramble of 4 cards, 1 of them seen, with one picked out'
    """
    steps = [s for call in ruling.every_call for s in call.steps]
    burned = {c for s in steps if s.do in ("burn", "set-aside")
              for c in (*s.details.get("cards", ()), s.details.get("card"))}
    for step in steps:
        if step.do == "scramble-pick":
            cards = list(step.details.get("cards", ()))
            mine = tuple(c for c in cards if c in seen)
            # three of each kind show all the argument needs: more would only lengthen
            # the enumeration (many cards exposed must not make it run for ever)
            unseen = min(len(cards) - len(mine), 3)
            return (Shape(max(unseen + 1, _unseen(len(mine[:3]))), mine[:3], scramble=True,
                          scramble_unseen=unseen),
                    f"a scramble of {len(cards)} cards, {len(mine)} of them seen, with one "
                    "picked out")
    if any(s.do == "gather" for s in steps):
        return (Shape(_unseen(len(seen[:2])), tuple(seen[:2]), "bottom", True),
                "the whole deck gathered and reshuffled")
    back = tuple(c for s in steps if s.do == "return-to-stub"
                 for c in s.details.get("cards", (s.details.get("card"),))
                 if c in seen and c not in burned)
    shuffled = any(s.do == "shuffle" for s in steps)
    # a seen card the remedy leaves in the stub unshuffled is at a place everyone knows
    left = () if shuffled else tuple(c for c in seen if c in ruling.table.stub_top
                                     and c not in back and c not in idle)
    if back or left:
        two = (back + left)[:2]           # as many as the argument needs (see above)
        return (Shape(_unseen(len(two)), two, "top", shuffled),
                f"{len(back + left)} seen card(s) "
                + ("put back in the stub, then the whole stub reshuffled" if shuffled
                   else "left in the stub at a known place"))
    return (Shape(_unseen(0), (), "", shuffled),
            "no seen card goes back among the cards to come" + (
                ", and the stub is reshuffled" if shuffled else ": the stub keeps its order"))


def _unseen(seen: int) -> int:
    """How many unseen cards the enumeration's stub takes beside ``seen`` seen cards."""
    return max(1, min(4, MOST_UNSEEN + 1 - seen))


def _chances(scenario: Scenario, ruling: Ruling) -> tuple[SeatChances, ...]:
    """Each seat's chances after the remedy, by part O's
    ``kb.fairness.chances.seat_chances(game, hands, board, dead_cards, stub_cards)``
    (docs/fairness.md): the live hands, the board, the cards out of play and the stub the
    remedy left.  None until that module is there: the views then say the chances were
    not computed, never a made-up figure.  (Looked up by name so that this room works, and
    its tests pass, before that module is merged.)"""
    try:
        chances = importlib.import_module("kb.fairness.chances")
    except ModuleNotFoundError:
        return ()
    table = ruling.table
    hands = {seat: tuple(cards) for seat, cards in table.hands.items()
             if cards and seat not in table.dead}
    dead = (*table.burns, *table.muck, *table.set_aside)
    return tuple(chances.seat_chances(scenario.game, hands, tuple(table.board), dead,
                                      tuple(table.stub_top)))
