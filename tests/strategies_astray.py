"""Cards that went astray, for the random-hand generator (:mod:`tests.strategies`; issue
21, section 3, helper B): the event ``dropped`` drawn, and its record built directly."""

from __future__ import annotations

from kb.hand.scenario import CardDropped


def astray(pick, body: list[dict], seats: list[int], cards: list[str]) -> None:
    """A player drops cards off the table, after the first event: a seat dealt in (it may
    have folded by then, and a card named may not be his: a located error either way)."""
    if pick.chance(0.08):
        dropped: dict = {"seat": pick.choice(seats)}
        if pick.chance(0.5):
            dropped["cards"] = pick.some(cards[:20], 2) or [cards[0]]
        if pick.chance(0.3):
            dropped["face-up"] = pick.chance(0.7)
        body.insert(pick.integer(1, len(body)), {"dropped": dropped})


def astray_event(name: str, body: dict, line: int):
    """The record of an event :func:`astray` draws."""
    return CardDropped(line=line, seat=body["seat"], cards=tuple(body.get("cards", ())),
                       face_up=body.get("face-up", False))
