"""Cards mucked by mistake for the random-hand generator (:mod:`tests.strategies`): the
``board`` event (a board card mucked, then perhaps taken back) and ``pot: {pushed-to, ...}``
(a pot pushed too soon, hands mucked because of it) drawn, and their records built
directly."""

from __future__ import annotations

from kb.hand.scenario import FLOP_GAMES, BoardMucked, HandMucked, PotPushed
from kb.hand.table import hole_cards


def mucks(pick, body: list[dict], cards: list[str], game: str, seats: list[int]) -> None:
    """Sometimes a board card mucked after a street and taken back later.  The card is one
    the deck puts on the board when the deal goes as listed (the flop after the hole cards
    and a burn), else any card of the deck: an irregular deal moves the board, so some
    draws name a card not on the board (a located error, as a person's file would)."""
    _pushed(pick, body, seats)
    if pick.chance(0.08):        # a hand killed by the dealer (some seats drawn have folded)
        tabled = pick.chance(0.5)
        muck = {"seat": pick.choice(seats), "tabled": tabled,
                "winner": tabled and pick.chance(0.7), "retrieved": pick.chance(0.4)}
        body.insert(pick.integer(1, len(body)), {"muck": muck})
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


def _pushed(pick, body: list[dict], seats: list[int]) -> None:
    """Sometimes a pot pushed after some betting to a seat, with one or two other seats'
    hands mucked (some seats drawn will have folded: a located error)."""
    acts = [i for i, event in enumerate(body) if "act" in event]
    if not acts or not pick.chance(0.1):
        return
    to, *others = pick.shuffled(seats)
    mucked = others[:pick.integer(1, 2)]
    pushed: dict = {"pushed-to": to, "mucked": mucked}
    if pick.chance(0.5):
        pushed["retrievable"] = pick.some(mucked, 2)
    body.insert(pick.choice(acts) + 1, {"pot": pushed})


def muck_event(name: str, body: dict, line: int) -> BoardMucked | PotPushed | HandMucked:
    if name == "muck":
        return HandMucked(line=line, seat=body["seat"], tabled=body["tabled"],
                          winner=body["winner"], retrieved=body["retrieved"])
    if name == "pot":
        return PotPushed(line=line, pushed_to=body["pushed-to"], mucked=tuple(body["mucked"]),
                         retrievable=tuple(body.get("retrievable", ())))
    return BoardMucked(line=line, mucked=tuple(body.get("mucked", ())),
                       retrieved=tuple(body.get("retrieved", ())), by=body.get("by", "dealer"))
