"""Replay of stud streets and draws (the non-button parts of :mod:`kb.hand.deal`).

Stud: third street deals two down cards and one up card to each seat, one card at a time
from the lowest seat; fourth to sixth street burn one card and deal one up card to each
live seat; seventh street burns and deals one down card, unless the stub is short: it must
hold one card per live player, one burn and the last card, which is never dealt (Poker TDA
2024 RP-10-H), and a short stub is recorded for the deciders instead.  ``both-exposed`` on
third street turns up both of a seat's down cards; ``premature`` on fourth to seventh street
records the street (its burn and every card) as dealt before the previous betting round was
complete; ``skipped`` on fourth to seventh street deals no card to those seats (the others
get theirs in order) and records kind ``stud-skipped`` for each.  A premature stud card is recorded as kind ``premature`` with ``street: turn``,
the topic under which the knowledge base files TDA RP-5-D (there is no stud premature-card
topic); ``stud_street`` names the real street.

Draw: the first draw of the hand burns one card; each draw event mucks the player's
discards and deals as many new cards; a stub that runs out is recorded, the player gets
what is left.
"""

from __future__ import annotations

from kb.hand.scenario import STUD_STREETS, Draw, StudStreet
from kb.hand.table import fail, irregular


def stud_street(state, event: StudStreet) -> None:
    """Deal one stud street (see the module docstring); raises ScenarioError."""
    expected = STUD_STREETS[len(state.streets)] if len(state.streets) < 5 else None
    if event.name != expected:
        raise fail(state, event, f"{event.name} street cannot come here",
                    f"the next street is {expected}" if expected else "seventh was the last")
    if event.exposed and event.name not in ("third", "seventh"):
        raise fail(state, event, f"{event.name} street cards are dealt face up",
                    "exposed applies to the down cards of third and seventh street")
    if event.both_exposed and event.name != "third":
        raise fail(state, event, "both-exposed is for the two down cards of third street",
                    "use exposed on seventh street")
    if event.premature and event.name == "third":
        raise fail(state, event, "third street is the initial deal and cannot be premature",
                    "premature applies to fourth to seventh street")
    _check_skipped(state, event)
    state.streets.append(event.name)
    table, live = state.table, state.betting.live
    if event.name == "third":
        state.deal_order = live
        for round_index in range(3):
            for seat in live:
                card = table.take()
                table.hands[seat].append(card)
                if round_index == 2:
                    table.up.add(card)
    elif event.name == "seventh" and len(table.stub) < len(live) + 2:
        if event.premature or event.exposed:
            what = "a premature" if event.premature else "an exposed"
            raise fail(state, event, f"{what} seventh street with a short stub",
                        f"the stub was too short to deal seventh street (it needs "
                        f"{len(live) + 2} cards, it held {len(table.stub)})")
        irregular(state, "stud-short-stub", event, stub=len(table.stub), players=len(live),
                   required=len(live) + 2)
    else:
        burn = table.take()
        table.burns.append(burn)
        dealt = []
        for seat in live:
            if seat in event.skipped:
                irregular(state, "stud-skipped", event, seat=seat, street=event.name)
                continue
            card = table.take()
            dealt.append(card)
            table.hands[seat].append(card)
            if event.name != "seventh":
                table.up.add(card)
        if event.premature:
            irregular(state, "premature", event, street="turn", stud_street=event.name,
                       cards=dealt, burned=[burn], seats=list(live))
            state.open_premature = state.irregularities[-1]
    for seat in event.both_exposed:
        cards = table.hands[seat][:2]
        table.exposed.update(cards)
        irregular(state, "stud-exposed", event, street="third", seat=seat, card=cards[0],
                   cards=cards, both=True)
    for seat in event.exposed:
        if not table.hands[seat]:
            raise fail(state, event, f"{event.name} street: seat {seat} has folded and "
                        "holds no card to expose", "name a seat still in the hand")
        card = table.hands[seat][0] if event.name == "third" else table.hands[seat][-1]
        table.exposed.add(card)
        irregular(state, "stud-exposed", event, street=event.name, seat=seat, card=card)
    state.betting.new_round(event.name)


def _check_skipped(state, event: StudStreet) -> None:
    """A seat can be skipped on fourth to seventh street only, and only while it is in the
    hand (a third-street skip is a wrong count on the deal: ``found: wrong-count``)."""
    if event.skipped and event.name == "third":
        raise fail(state, event, "skipped is for fourth to seventh street",
                    "a seat short on the initial deal is found: {wrong-count: ...}")
    for seat in event.skipped:
        if seat not in state.betting.live:
            raise fail(state, event, f"{event.name} street: seat {seat} is not in the hand "
                        "and gets no card anyway", "name a seat still in the hand")
    if event.skipped and set(state.betting.live) <= set(event.skipped):
        raise fail(state, event, f"{event.name} street skips every seat in the hand",
                    "a street dealt to nobody was not dealt: leave the street out, or name "
                    "the seats the dealer skipped")


def draw(state, event: Draw) -> None:
    """One player's draw (see the module docstring); raises ScenarioError."""
    table = state.table
    hand = table.hands.get(event.seat, [])
    if not state.deal_order:
        raise fail(state, event, "a draw comes before the deal", "add - deal: {} first")
    if event.seat in table.folded or event.discards > len(hand):
        raise fail(state, event, f"seat {event.seat} cannot throw {event.discards} cards",
                    "name a live seat and at most the cards it holds")
    if "draw" not in state.streets:
        state.streets.append("draw")
        table.burns.append(table.take())
        state.betting.new_round("draw")
    discards = hand[len(hand) - event.discards:]
    del hand[len(hand) - event.discards:]
    table.muck.extend(discards)
    dealt = [table.take() for _ in range(min(event.discards, len(table.stub)))]
    hand.extend(dealt)
    if len(dealt) < event.discards:
        irregular(state, "draw-short-stub", event, seat=event.seat,
                   short=event.discards - len(dealt))
    for position in event.exposed:
        if position > len(dealt):
            raise fail(state, event, f"draw.exposed: card {position} was not dealt",
                        f"use 1 to {len(dealt)}")
        table.exposed.add(dealt[position - 1])
        irregular(state, "draw-exposed", event, seat=event.seat, position=position,
                   card=dealt[position - 1], street="draw")
