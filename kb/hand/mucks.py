"""Cards that went into the muck by mistake, in the replay (docs/scenario-format.md,
"Cards mucked by mistake"): dealt board cards swept into the muck and taken back out, and
hands mucked because the dealer pushed the pot while a player still had a hand in play.

The replay records facts and moves only what physically moved, so hands + board + burns +
muck + set-aside + stub + missing is still the deck.  Whether a card in the muck plays is
the deciders' question (kb.rules.deciders), not the replay's.

>>> from kb.hand.scenario_file import parse_scenario
>>> from kb.hand.deal import replay
>>> s = parse_scenario("id: m\\ntitle: m\\ngame: holdem\\nseats: 2\\nbutton: 2\\n"
...                    "deck: As Ks Qs Js 2c 3c 4c 5c 6c 7c\\n"
...                    "events: [{deal: {}}, {act: [call, check]}, {flop: {}},"
...                    " {board: {mucked: [4c]}}, {board: {retrieved: [4c]}}]\\n")
>>> state = replay(s)
>>> state.table.board, state.table.muck, [i.kind for i in state.irregularities]
(['3c', '4c', '5c'], [], ['board-mucked', 'board-retrieved'])
"""

from __future__ import annotations

from kb.hand.scenario import BoardMucked, HandMucked, PotPushed
from kb.hand.table import Replay, fail, irregular


def board_mucked(state: Replay, event: BoardMucked) -> None:
    """Replay ``event``: each card in ``mucked`` leaves the board for the muck; each card
    in ``retrieved`` leaves the muck for the board, at the place it had there.  Records
    ``board-mucked`` and ``board-retrieved`` (with the cards, the street the board had
    reached and who caused it).  Raises ScenarioError at the event's line for a card
    mucked that is not on the board, or retrieved that is not a mucked board card."""
    table = state.table
    for card in event.mucked:
        if card not in table.board:
            raise fail(state, event, f"board.mucked: {card} is not on the board",
                       "name board cards dealt before this event")
    places = _mucked_places(state)
    for card in event.retrieved:
        if card not in table.muck or card not in places or card in event.mucked:
            raise fail(state, event, f"board.retrieved: {card} is not a board card in the "
                       "muck", "name a card an earlier board: {mucked: [...]} put there")
    street = state.streets[-1] if state.streets else "deal"
    if event.mucked:
        at = {card: table.board.index(card) for card in event.mucked}
        for card in event.mucked:
            table.board.remove(card)
            table.muck.append(card)
        irregular(state, "board-mucked", event, cards=list(event.mucked), places=at,
                  street=street, by=event.by)
    if event.retrieved:
        for card in sorted(event.retrieved, key=lambda c: places[c]):
            table.muck.remove(card)
            table.board.insert(min(places[card], len(table.board)), card)
        irregular(state, "board-retrieved", event, cards=list(event.retrieved),
                  street=street, by=event.by)


def _mucked_places(state: Replay) -> dict[str, int]:
    """Each board card mucked so far -> the place it had on the board."""
    return {card: place for i in state.irregularities if i.kind == "board-mucked"
            for card, place in i.get("places", {}).items()}


def pot_pushed(state: Replay, event: PotPushed) -> None:
    """Replay ``event``: the hands of ``mucked`` go into the muck (the seats stay in the
    betting: whether they are dead is the ruling's).  Records ``pot-pushed-early`` with the
    seat pushed to, the mucked hands' cards by seat, the retrievable seats and the street.
    Raises ScenarioError at the event's line when the pot went to a seat out of the hand,
    when nobody else was still in it (write ``pot: awarded``), or for a mucked seat that
    holds no cards, is the seat pushed to, or a retrievable seat that was not mucked."""
    table, live = state.table, set(state.betting.live)
    if not state.deal_order or event.pushed_to not in live:
        raise fail(state, event, f"pot.pushed-to: seat {event.pushed_to} is not in the hand",
                   "name a seat still in the hand")
    if not live - {event.pushed_to}:
        raise fail(state, event, "nobody else was still in the hand, so the pot was not "
                   "pushed too soon", "write - pot: awarded")
    for seat in event.mucked:
        if seat == event.pushed_to or seat not in live or not table.hands.get(seat):
            raise fail(state, event, f"pot.mucked: seat {seat} has no hand in play to muck",
                       "list seats still in the hand, other than the one pushed to")
    for seat in event.retrievable:
        if seat not in event.mucked:
            raise fail(state, event, f"pot.retrievable: seat {seat} is not in pot.mucked",
                       "list only mucked seats")
    hands = {seat: list(table.hands[seat]) for seat in event.mucked}
    for seat, cards in hands.items():
        table.muck.extend(cards)
        table.hands[seat] = []
    irregular(state, "pot-pushed-early", event, to=event.pushed_to, hands=hands,
              retrievable=list(event.retrievable),
              street=state.streets[-1] if state.streets else "preflop")


def hand_mucked(state: Replay, event: HandMucked) -> None:
    """Replay ``event``: the seat's hand goes into the muck, unless it was ``retrieved``
    (taken straight back: nothing moves).  Records ``hand-mucked`` with the hand's cards,
    whether it was tabled, the obvious winner and retrieved, and the seats whose hands can
    be told apart (a tabled or retrieved hand).  Raises ScenarioError at the event's line
    for a seat without a hand in play, or ``winner`` without ``tabled``."""
    table = state.table
    if event.seat not in state.betting.live or not table.hands.get(event.seat):
        raise fail(state, event, f"muck.seat: seat {event.seat} has no hand in play",
                   "name a seat still holding its cards")
    if event.winner and not event.tabled:
        raise fail(state, event, "muck.winner: only a tabled hand is obviously the winner",
                   "add tabled: true, or remove winner")
    hand = list(table.hands[event.seat])
    if not event.retrieved:
        table.muck.extend(hand)
        table.hands[event.seat] = []
    known = event.tabled or event.retrieved
    irregular(state, "hand-mucked", event, hands={event.seat: hand},
              retrievable=[event.seat] if known else [], tabled=event.tabled,
              winner=event.winner, retrieved=event.retrieved)
