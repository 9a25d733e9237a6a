"""Stub and burn accidents for the random-hand generator (:mod:`tests.strategies`): the
events ``stub``, ``burns`` and ``set-aside`` drawn, and their records built directly."""

from __future__ import annotations

from kb.hand.scenario import BurnsSeen, SetAsideMucked, StubAccident


def accidents(pick, body: list[dict], cards: list[str]) -> None:
    """Who caused a wrong count (``found.by``), and stub and burn accidents after the first
    event: the stub dropped, disordered, mixed with the muck or burns; stub cards seen or flashed, burn cards turned up (cards drawn
    from the deck, so some are not in the stub or the burns: a located error)."""
    for event in body:          # a wrong count a player caused (the deal was right)
        found = event.get("found")
        if found is not None and "wrong-count" in found and pick.chance(0.3):
            found["by"] = pick.choice(["dealer", "player"])
    if pick.chance(0.15):
        stub: dict = {}
        for key in ("dropped", "disordered"):
            if pick.chance(0.5):
                stub[key] = pick.chance(0.8)
        if pick.chance(0.4):
            stub["mixed-with"] = pick.some(["muck", "burns"], 2) or ["muck"]
        for key in ("seen", "flashed"):
            if pick.chance(0.15):
                stub[key] = pick.some(cards[-12:], 2) or [cards[-1]]
        if pick.chance(0.3):
            stub["by"] = pick.choice(["dealer", "player"])
        body.insert(pick.integer(1, len(body)), {"stub": stub or {"dropped": True}})
    if pick.chance(0.06):
        burns = {pick.choice(["exposed", "seen"]): [pick.choice(cards)]}
        if pick.chance(0.3):
            burns["by"] = pick.choice(["dealer", "player"])
        body.insert(pick.integer(1, len(body)), {"burns": burns})
    if pick.chance(0.06):       # mucks whatever a ruling or the replay set aside by then
        muck = {"mucked": True, **({"by": "player"} if pick.chance(0.2) else {})}
        body.insert(pick.integer(1, len(body)), {"set-aside": muck})


def accident_event(name: str, body: dict, line: int):
    if name == "set-aside":
        return SetAsideMucked(line=line, by=body.get("by", "dealer"))
    if name == "burns":
        return BurnsSeen(line=line, exposed=tuple(body.get("exposed", ())),
                         seen=tuple(body.get("seen", ())), by=body.get("by", "dealer"))
    return StubAccident(line=line, dropped=body.get("dropped", False),
                        disordered=body.get("disordered", False),
                        mixed_with=tuple(body.get("mixed-with", ())),
                        seen=tuple(body.get("seen", ())), flashed=tuple(body.get("flashed", ())),
                        by=body.get("by", "dealer"))
