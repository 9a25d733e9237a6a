"""Cards that went astray, for the random-hand generator (:mod:`tests.strategies`; issue
21, section 3, helper B): the events ``dropped`` and ``swap``, the stub's ``seen-by`` and
the deal's ``seen`` drawn, and their records built directly."""

from __future__ import annotations

from dataclasses import replace

from kb.hand.scenario import FLOP_GAMES, CardDropped, CardSwapped


def astray(pick, body: list[dict], seats: list[int], cards: list[str],
           game: str = "holdem", button: int | None = None) -> None:
    """Cards that went astray, drawn so that a clean deal makes them possible (an
    irregular deal, or a fold before the event, makes them a located error): a player
    drops one of his cards; a hole card and a flop card swapped; a hole card one player
    saw; stub cards the dealer alone saw."""
    order, each = _dealt(seats, game, button)
    deal = body[0].get("deal") if body else None
    if deal is None or set(deal) - {"exposed", "off-table", "player-exposed"}:
        order = []              # a deal that moves cards: the positions say nothing
    if order and pick.chance(0.08):
        index = pick.integer(0, len(order) * each - 1)
        dropped: dict = {"seat": order[index % len(order)]}
        if pick.chance(0.5):
            dropped["cards"] = [cards[index]]
        if pick.chance(0.3):
            dropped["face-up"] = pick.chance(0.7)
        body.insert(1, {"dropped": dropped})      # right after the deal: no fold yet
    if order and game in FLOP_GAMES and pick.chance(0.1):
        flop = next((i for i, event in enumerate(body) if "flop" in event), 0)
        over = next((i for i, event in enumerate(body) if "pot" in event), len(body))
        body.insert(pick.integer(min(flop + 1, over), over),
                    {"swap": _swap(pick, order, cards, len(order) * each)})
    for event in body:
        deal = event.get("deal")
        if deal is not None and pick.chance(0.08):
            deal["seen"] = sorted(pick.some(range(1, max(len(order) * each, 2) + 1), 2)) \
                or [1]
    for event in body:
        stub = event.get("stub")
        if stub is not None and "seen" in stub and pick.chance(0.4):
            stub["seen-by"] = pick.choice(["dealer", "players"])


def _dealt(seats: list[int], game: str, button) -> tuple[list[int], int]:
    """The seats in dealing order (from the first after the button; stud from the lowest)
    and how many cards each gets in the first deal."""
    order = sorted(seats)
    first = next((i for i, seat in enumerate(order) if button is not None and seat > button), 0)
    each = {"holdem": 2, "omaha": 4, "badugi": 4}.get(game, 5 if button is not None else 3)
    return order[first:] + order[:first], each


def _swap(pick, order: list[int], cards: list[str], dealt: int) -> dict:
    """A hole card of the seat the deal gives it to, and a card of the flop."""
    index = pick.integer(0, dealt - 1)
    swap = {"seat": order[index % len(order)], "hand": cards[index],
            "board": cards[min(dealt + pick.integer(1, 3), len(cards) - 1)]}
    if pick.chance(0.3):
        swap["by"] = "player"
    return swap


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
