"""A ``found`` event in the replay: a duplicate, a foreign card, a card with another back,
missing cards or a wrong count, put where the event says and recorded; the cards found
missing taken out of the deck before the first event; a joker that reaches a hand or the
board found at once.  Its own module because the replay (:mod:`kb.hand.deal`) outgrew one."""

from __future__ import annotations

from collections import Counter

from kb.hand.cards import JOKER, is_standard
from kb.hand.replay_check import checking
from kb.hand.scenario import Act, Found, Scenario, ScenarioError
from kb.hand.table import Replay, fail, irregular


def found(state: Replay, event: Found) -> None:
    table, kind = state.table, event.kind
    if kind in ("duplicate", "foreign"):
        card = event.cards[0]
        if kind == "duplicate" and card not in table.deck:
            raise fail(state, event, f"found.duplicate: {card} is not in the deck",
                        "name a card of the deck")
        if kind == "foreign" and is_standard(card) and card not in table.missing:
            raise fail(state, event, f"found.foreign: {card} belongs to the deck",
                        "use duplicate for a second copy")
        if not _already_there(state, event, card):
            table.extras.append(card)
            _place(state, event, card)
    elif kind == "wrong-count" and event.seat not in table.hands:
        raise fail(state, event, f"seat {event.seat} holds no hand", "name a seat dealt in")
    irregular(state, kind, event, cards=event.cards, seat=event.seat, count=event.count,
               where=event.where, **({"by": event.by} if kind == "wrong-count" else {}))


def absent_cards(scenario: Scenario) -> list[str]:
    """The cards the events find missing.  They were never in the deck the dealer held, so
    they are out of the stub from the start, whether the listed deck names them (the copy
    listed is skipped) or the fill-in would have put them somewhere (the events only find
    out later); raises ScenarioError for a card the deck does not hold or named twice."""
    absent: list[str] = []
    for event in scenario.events:
        if not (isinstance(event, Found) and event.kind == "missing"):
            continue
        for card in event.cards:
            if Counter(absent + [card])[card] > Counter(scenario.deck)[card]:
                error = ScenarioError(scenario.path, event.line, f"found.missing: {card} is "
                                      "not in the deck, or is already missing",
                                      "name each missing card of the deck once")
                found = checking()
                if found is None:
                    raise error
                found.extend(error.problems)   # a checking run: the card is left out
                continue
            absent.append(card)
    return absent


def without(deck, absent: list[str]) -> list[str]:
    """``deck`` with one copy of each card of ``absent`` taken out (the first)."""
    stub = list(deck)
    for card in absent:
        stub.remove(card)
    return stub


def _already_there(state: Replay, event: Found, card: str) -> bool:
    """A foreign card the deck listed, or a duplicate the deck listed twice, that the
    replay already put where it was found (it is not a card more)."""
    table = state.table
    if event.kind == "duplicate" and table.deck.count(card) < 2:
        return False
    piles = {"board": table.board, "stub": table.stub, "muck": table.muck,
             "burns": table.burns}
    if event.where in piles:
        return card in piles[event.where]
    if event.where == "hand" and event.seat is not None:
        return card in table.hands.get(event.seat, [])
    if event.where == "hand":                 # no seat named: any hand
        return any(card in cards for cards in table.hands.values())
    return card in table.all_cards() - Counter(table.extras)


def _place(state: Replay, event: Found, card: str) -> None:
    """Put a found card where it was found.  A foreign card found in a hand or on the
    board took the place of the last card the replay put there; that card is missing."""
    table = state.table
    pile = (table.hands.get(event.seat) if event.seat is not None else None) \
        if event.where == "hand" else table.board if event.where == "board" else None
    if event.kind == "foreign" and pile:
        table.missing.append(pile[-1])
        pile[-1] = card
        return
    if event.where == "hand" and event.seat is not None:
        table.hands.setdefault(event.seat, []).append(card)
    elif event.where == "board":
        table.board.append(card)
    elif event.where == "muck":
        table.muck.append(card)
    elif event.where == "stub":
        table.stub.append(card)
    elif event.where == "burns":
        table.burns.append(card)
    else:
        table.set_aside.append(card)


def note_jokers(state: Replay, event) -> None:
    """A joker listed in the deck that reaches a hand or the board is a foreign card."""
    if isinstance(event, (Act, Found)) or JOKER not in state.table.deck:
        return
    seen = {c for i in state.irregularities if i.kind == "foreign" for c in i.get("cards", ())}
    for seat, cards in state.table.hands.items():
        for card in cards:
            if not is_standard(card) and card not in seen and card not in state.table.extras:
                irregular(state, "foreign", event, cards=(card,), seat=seat, where="hand")
    for card in state.table.board:
        if not is_standard(card) and card not in seen and card not in state.table.extras:
            irregular(state, "foreign", event, cards=(card,), where="board")
