"""The end of a hand for the random-hand generator (:mod:`tests.strategies`): the events
``pot: awarded`` and ``next-hand`` drawn, with found and floor events after them, and
their records built directly."""

from __future__ import annotations

from kb.hand.scenario import NextHand, PotAwarded


def end_of_hand(pick, body: list[dict], found) -> None:
    """Sometimes end the hand after its last event: the pot awarded, perhaps the next hand
    begun, and then what may still come (a discovery made by ``found()``, a floor call).
    Every file drawn is valid (the reader's errors for events out of place are pinned by
    tests/test_end_of_hand.py)."""
    if not body or not pick.chance(0.25):
        return
    body.append({"pot": "awarded"})
    if pick.chance(0.5):
        body.append({"next-hand": {}})
    for _ in range(pick.integer(0, 2)):
        body.append({"found": found()} if pick.chance(0.7) else {"floor": {}})


def end_event(name: str, line: int):
    """The record of ``pot: awarded`` or ``next-hand``."""
    return PotAwarded(line=line) if name == "pot" else NextHand(line=line)
