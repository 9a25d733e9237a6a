"""Cards that went astray, for the random-hand generator (:mod:`tests.strategies`; issue
21, section 3, helper B): the events ``dropped`` and ``swap``, the stub's ``seen-by`` and
the deal's ``seen`` drawn, and their records built directly."""

from __future__ import annotations

from dataclasses import replace

from kb.hand.scenario import FLOP_GAMES, CardDropped, CardSwapped


def astray(pick, body: list[dict], seats: list[int], cards: list[str],
           game: str = "holdem") -> None:
    """A player drops cards off the table, after the first event: a seat dealt in (it may
    have folded by then, and a card named may not be his: a located error either way)."""
    if pick.chance(0.08):
        dropped: dict = {"seat": pick.choice(seats)}
        if pick.chance(0.5):
            dropped["cards"] = pick.some(cards[:20], 2) or [cards[0]]
        if pick.chance(0.3):
            dropped["face-up"] = pick.chance(0.7)
        body.insert(pick.integer(1, len(body)), {"dropped": dropped})
    if game in FLOP_GAMES and pick.chance(0.08):    # a hole card and a board card swapped
        swap = {"seat": pick.choice(seats), "hand": pick.choice(cards[:20]),
                "board": pick.choice(cards[8:30]), **({"by": "player"} if pick.chance(0.3)
                                                      else {})}
        body.insert(pick.integer(1, len(body)), {"swap": swap})
    for event in body:          # a hole card one player saw (a position may not be dealt)
        deal = event.get("deal")
        if deal is not None and pick.chance(0.1):
            deal["seen"] = sorted(pick.some(range(1, 12), 2)) or [1]
    for event in body:          # stub cards the dealer alone saw
        stub = event.get("stub")
        if stub is not None and "seen" in stub and pick.chance(0.4):
            stub["seen-by"] = pick.choice(["dealer", "players"])


def seen_by(record, body: dict):
    """A stub event's record with who saw its ``seen`` cards (:func:`astray` draws it)."""
    return replace(record, seen_by=body["seen-by"]) if "seen-by" in body else record


def astray_event(name: str, body: dict, line: int):
    """The record of an event :func:`astray` draws."""
    if name == "swap":
        return CardSwapped(line=line, seat=body["seat"], hand=body["hand"],
                           board=body["board"], by=body.get("by", "dealer"))
    return CardDropped(line=line, seat=body["seat"], cards=tuple(body.get("cards", ())),
                       face_up=body.get("face-up", False))
