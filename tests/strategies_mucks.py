"""Cards mucked by mistake for the random-hand generator (:mod:`tests.strategies`): the
``board`` event (a board card mucked, then perhaps taken back) drawn, and its record built
directly."""

from __future__ import annotations

from kb.hand.scenario import FLOP_GAMES, BoardMucked
from kb.hand.table import hole_cards


def mucks(pick, body: list[dict], cards: list[str], game: str, seats: list[int]) -> None:
    """Sometimes a board card mucked after a street and taken back later.  The card is one
    the deck puts on the board when the deal goes as listed (the flop after the hole cards
    and a burn), else any card of the deck: an irregular deal moves the board, so some
    draws name a card not on the board (a located error, as a person's file would)."""
    streets = [i for i, event in enumerate(body) if set(event) & {"flop", "turn", "river"}]
    if game not in FLOP_GAMES or not streets or not pick.chance(0.12):
        return
    dealt = len(seats) * hole_cards(game)
    board = [cards[i] for i in (dealt + 1, dealt + 2, dealt + 3, dealt + 5, dealt + 7)
             if i < len(cards)]
    card = pick.choice(board) if board and pick.chance(0.85) else pick.choice(cards)
    at = pick.choice(streets) + 1
    mucked = {"mucked": [card], **({"by": "player"} if pick.chance(0.3) else {})}
    body.insert(at, {"board": mucked})
    if pick.chance(0.5):
        body.insert(pick.integer(at + 1, len(body)), {"board": {"retrieved": [card]}})


def muck_event(name: str, body: dict, line: int) -> BoardMucked:
    return BoardMucked(line=line, mucked=tuple(body.get("mucked", ())),
                       retrieved=tuple(body.get("retrieved", ())), by=body.get("by", "dealer"))
