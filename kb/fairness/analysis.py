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

from kb.fairness.calls import later_irregularities
from kb.fairness.clean import clean_hand
from kb.fairness.figures import (
    COMMON,
    Chances,
    picked_chances,
    redeal_chances,
    table_chances,
)
from kb.fairness.knowledge import (
    clean_chance,
    reaches_play,
    seen_at,
    seen_by_one,
    seen_cards,
    stub_places,
)
from kb.fairness.order import MOST_UNSEEN, Shape, keeps_random, positions
from kb.fairness.report import Fairness, SeenCard
from kb.hand.deal import replay
from kb.hand.scenario import Scenario
from kb.hand.table import Table
from kb.knowledge.model import KnowledgeBase
from kb.rules.engine import first_cases, rule
from kb.rules.outcomes import Remedy
from kb.rules.rulebook import Rulebook
from kb.rules.ruling import Ruling

#: Why a void hand has no chances after the remedy.
VOID = "the hand is void: every bet goes back and no pot is played"


def fairness(kb: KnowledgeBase, rulebook: Rulebook, scenario: Scenario,
             seed: int = 0, ruling: Ruling | None = None) -> Fairness:
    """The fairness of ``rulebook``'s ruling on ``scenario`` (random steps seeded with
    ``seed``; the figures do not depend on it: they are taken over every outcome of the
    steps).  ``ruling``: that ruling when the caller has it already (it is not ruled
    again).  The cards seen are those of every floor call (:mod:`kb.fairness.calls`), the
    chances after the remedy those of the last call's table.  Raises
    :class:`~kb.hand.scenario.ScenarioError` when the events cannot be replayed."""
    if ruling is None:
        ruling = rule(kb, rulebook, scenario, seed)
    cases = first_cases(kb, rulebook, scenario, seed)
    # a hand with nothing to rule has no case: its table is the replay's as it ends
    table = cases[0].replay.table if cases else replay(scenario).table
    found = [i for case in cases for i in case.replay.irregularities]
    found += later_irregularities(scenario, ruling, seed)
    clean = clean_chance(scenario.game, len(table.hands), len(table.deck))
    one = seen_by_one(found)
    seen = []
    for card, seats in seen_cards(table, found).items():
        place = reaches_play(card, scenario.game, ruling, len(table.deck), seen_at(found, card))
        seen.append(SeenCard(card, seats, place.where, place.chance, clean,
                             # on the board every seat sees it alike (docs/fairness.md)
                             place.chance > clean and place.where != "board", card in one))
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
    redeal = redeal_chances(scenario.game, _live(scenario, table))
    one_call = len(ruling.every_call) == 1
    after = _after(scenario.game, ruling, seen, redeal, table if one_call else None)
    clean_figures = _clean(scenario)
    return Fairness(scenario.id, rulebook.id, tuple(seen), random_, reason, after[0],
                    clean_figures[0], redeal[0], after[1], clean_figures[1], redeal[1])


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


def _live(scenario: Scenario, table: Table) -> list[int]:
    """The seats a redeal deals to: the scenario's players (its ``seats``: a hand dealt to
    an empty seat is no player's) but a dead hand; a seat that folded is dealt in again,
    since a misdeal voids the folds with the rest of the hand."""
    return [seat for seat in scenario.seats if seat not in table.dead]


def _after(game: str, ruling: Ruling, seen: list[SeenCard], redeal: Chances,
           before: Table | None = None) -> Chances:
    """Each seat's chances at the table the last floor call's remedy left, from the
    unseen pool (:mod:`kb.fairness.figures`), as the remedy is decided: the cards its
    steps deal that nobody had seen are still to come (no player knows them yet); a seen
    card out of play is no card to come, one the remedy left at a known place that plays
    is dealt there (on the board, or in the pool when a hand is owed it).  A scramble
    with one card picked as the burn counts every pick (:func:`picked_chances`), not the
    one the seeded ruling drew.  A misdeal's
    are the redeal's; a void has none, nor a stud remedy that deals a common card.
    ``before``: the table the remedy was decided on, when the hand has one floor call
    (the cards a deal step after a reshuffle placed are those not placed before it)."""
    if ruling.remedy == Remedy.MISDEAL:
        return redeal
    if ruling.remedy == Remedy.VOID:
        return (), VOID
    if any(step.do == "common-card" for step in ruling.steps):
        return (), COMMON
    table, known = ruling.table, {s.card for s in seen}
    # after a reshuffle a card the remedy deals is any card of the stub, seen or not:
    # which one the example's seed dealt is no more the remedy's than any other
    shuffled = any(step.do in ("shuffle", "gather") for step in ruling.steps)
    coming = {card for card in _dealt(ruling) if shuffled or card not in known}
    if any(step.do == "gather" for step in ruling.steps):
        coming |= _placed(table)          # the whole deck gathered: every card is new
    elif shuffled and before is not None:   # a deal step names its seats, not its cards
        back = {card for step in ruling.steps if step.do == "return-to-stub"
                for card in step.details.get("cards", ())}
        coming |= _placed(table) - (_placed(before) - back)
    hands = {seat: [c for c in cards if c not in coming]
             for seat, cards in table.hands.items() if cards and seat not in table.dead}
    board, out = [c for c in table.board if c not in coming], []
    places = stub_places(game, table)
    for card in seen:
        if card.seen_by == (0,):
            continue          # the dealer alone saw it: to the players it is any card
        if card.card in table.stub_top and not 0 < card.reaches_play < 1:
            index = table.stub_top.index(card.card)
            where = places[index] if index < len(places) else "never"
            if where == "board":
                board.append(card.card)
            elif where != "hand":
                out.append(card.card)
        elif card.reaches_play == 0:
            out.append(card.card)
    scrambled = _scrambled(ruling)
    if scrambled and set(scrambled) - set(coming) <= set(board) | set(table.burns):
        return picked_chances(game, hands, board, out, scrambled)
    return table_chances(game, hands, board, out)


def _scrambled(ruling: Ruling) -> tuple[str, ...]:
    """The cards the last floor call's remedy scrambles to pick one as the burn (the
    rest to the board), or () when it scrambles none."""
    for step in ruling.steps:
        if step.do == "scramble-pick" and step.details.get("as") == "burn":
            return tuple(step.details.get("cards", ()))
    return ()


def _placed(table) -> set[str]:
    """The cards in the hands and on the board of ``table`` (a Table or a TableView)."""
    return {card for cards in table.hands.values() for card in cards} | set(table.board)


def _dealt(ruling: Ruling) -> list[str]:
    """The cards the last floor call's steps deal to the board or a hand."""
    dealt: list[str] = []
    for step in ruling.steps:
        details = step.details
        if step.do == "deal" or step.do == "supply":
            dealt += list(details.get("cards", ()))
        if step.do in ("supply", "common-card") and isinstance(details.get("card"), str):
            dealt.append(details["card"])
        if step.do == "replace" and isinstance(details.get("in"), str):
            dealt.append(details["in"])
    return dealt


def _clean(scenario: Scenario) -> Chances:
    """Each seat's chances had the hand been dealt without the irregularity
    (:mod:`kb.fairness.clean`), at the same point of the hand: nobody saw a card."""
    table, why = clean_hand(scenario)
    if table is None:
        return (), why
    hands = {seat: cards for seat, cards in table.hands.items()
             if cards and seat not in table.folded and seat not in table.dead}
    return table_chances(scenario.game, hands, table.board)
