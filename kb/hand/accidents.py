"""Stub and burn accidents in the replay (docs/scenario-format.md, "Stub and burn
accidents"): the stub dropped, disordered or mixed with the muck or the burns, stub cards
seen or flashed, burn cards turned up or seen; and a card a player drops off the table
("Cards that went astray").

The replay records facts and moves only what physically moved: a stub mixed with the
muck or the burns now holds those cards (they go to the end of the stub, whose order is
lost anyway), so hands + board + burns + muck + set-aside + stub + missing is still the
deck.  Rebuilding or reshuffling the stub is a remedy, the deciders' (kb.rules.deciders.stub).

>>> from kb.hand.scenario_file import parse_scenario
>>> from kb.hand.deal import replay
>>> s = parse_scenario("id: d\\ntitle: d\\ngame: holdem\\nseats: 2\\nbutton: 2\\n"
...                    "events: [{deal: {}}, {act: [fold]}, {stub: {mixed-with: [muck]}}]\\n")
>>> state = replay(s)
>>> state.table.muck, state.table.stub[-2:], state.irregularities[-1].kind
([], ['Ah', 'Ac'], 'stub-spoiled')
"""

from __future__ import annotations

from kb.hand.scenario import BurnsSeen, CardDropped, CardSwapped, SetAsideMucked, StubAccident
from kb.hand.table import Replay, fail, irregular


def stub_accident(state: Replay, event: StubAccident) -> None:
    """Replay ``event``: the piles mixed with the stub join it; cards seen or flashed must
    be in the stub.  Records ``stub-spoiled`` (dropped, disordered or mixed) and
    ``stub-seen`` (seen or flashed); raises ScenarioError at the event's line for a card
    named that is not in the stub."""
    table = state.table
    for key, named in (("seen", event.seen), ("flashed", event.flashed)):
        for card in named:
            if card not in table.stub:
                raise fail(state, event, f"stub.{key}: {card} is not in the stub",
                           "name cards still in the stub")
    mixed = {}
    for pile in event.mixed_with:
        cards = getattr(table, pile)
        mixed[pile] = list(cards)
        table.stub.extend(cards)
        cards.clear()
    if event.dropped or event.disordered or event.mixed_with:
        irregular(state, "stub-spoiled", event, dropped=event.dropped,
                  disordered=event.disordered or bool(event.mixed_with), mixed=mixed,
                  by=event.by, stub=len(table.stub))
    if event.seen or event.flashed:
        # seen_by only when the dealer alone saw them: the records of every other stub
        # event stay as they were (the rulings' JSON shows them)
        dealer = {"seen_by": "dealer"} if event.seen_by == "dealer" else {}
        irregular(state, "stub-seen", event, seen=list(event.seen),
                  flashed=list(event.flashed), by=event.by, **dealer)


def burns_seen(state: Replay, event: BurnsSeen) -> None:
    """Replay ``event``: each burn card named must be among the burns (a located
    ScenarioError otherwise); records ``burn-seen``.  Nothing moves."""
    for key, named in (("exposed", event.exposed), ("seen", event.seen)):
        for card in named:
            if card not in state.table.burns:
                raise fail(state, event, f"burns.{key}: {card} is not a burn card",
                           "name cards among the burns at this point")
    irregular(state, "burn-seen", event, exposed=list(event.exposed), seen=list(event.seen),
              by=event.by)


def set_aside_mucked(state: Replay, event: SetAsideMucked) -> None:
    """Replay ``event``: every card set aside goes to the muck; records ``set-aside-mucked``
    with those cards.  With nothing set aside (the book's remedy set nothing apart) the
    event changes nothing and records nothing."""
    table = state.table
    if not table.set_aside:
        return
    cards = list(table.set_aside)
    table.muck.extend(cards)
    table.set_aside.clear()
    irregular(state, "set-aside-mucked", event, cards=cards, by=event.by)


def card_dropped(state: Replay, event: CardDropped) -> None:
    """Replay ``event``: a player dropped cards of his own hand off the table.  They are
    picked up and stay in his hand, so nothing moves; records ``player-dropped``.  Raises
    ScenarioError at the event's line when the seat holds no live hand or a card named is
    not in it."""
    table = state.table
    hand = table.hands.get(event.seat, [])
    if not hand or event.seat in table.folded:
        raise fail(state, event, f"dropped.seat: seat {event.seat} holds no live hand",
                   "name a seat that still holds its cards")
    for card in event.cards:
        if card not in hand:
            raise fail(state, event, f"dropped.cards: {card} is not in seat {event.seat}'s "
                       "hand", "name cards that seat holds at this point")
    irregular(state, "player-dropped", event, seat=event.seat, cards=list(event.cards),
              face_up=event.face_up)


def card_swapped(state: Replay, event: CardSwapped) -> None:
    """Replay ``event``: the hole card takes the board card's place on the board and the
    board card its place in the hand (so the piles still hold the deck); records
    ``hand-board-swap``.  Raises ScenarioError at the event's line when the seat holds no
    live hand, the hole card is not in it, or the board card is not on the board."""
    table = state.table
    hand = table.hands.get(event.seat, [])
    if not hand or event.seat in table.folded:
        raise fail(state, event, f"swap.seat: seat {event.seat} holds no live hand",
                   "name a seat that still holds its cards")
    if event.hand not in hand:
        raise fail(state, event, f"swap.hand: {event.hand} is not in seat {event.seat}'s "
                   "hand", "name a card that seat holds at this point")
    if event.board not in table.board:
        raise fail(state, event, f"swap.board: {event.board} is not on the board",
                   "name a board card dealt by this point")
    slot, place = hand.index(event.hand), table.board.index(event.board)
    hand[slot], table.board[place] = event.board, event.hand
    irregular(state, "hand-board-swap", event, seat=event.seat, hand_card=event.hand,
              board_card=event.board, by=event.by)
