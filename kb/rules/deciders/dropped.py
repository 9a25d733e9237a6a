"""A card a player drops off the table (topic player-dropped-cards): the replay
(kb.hand.accidents) leaves the card in his hand, picked up; the books differ on whether
the hand still plays.

Robert's Rules (Irregularities 14) has the card play; the WSOP Live Action rules (121)
give no replacement and let the floor rule the hand dead, which the WSOP Tournament rules
reach through their Rule 129.  The TDA rules have no such rule: the topic's note says so
and the engine leaves it to the floor.
"""

from __future__ import annotations

from kb.hand.table import Irregularity
from kb.rules.deciders import decides
from kb.rules.remedies import Decision, carry_on, floor_decision
from kb.rules.situation import Case


def _dropped(case: Case) -> Irregularity | None:
    """The player-dropped irregularity ruled on, or None."""
    irregularity = case.irregularity
    return irregularity if irregularity is not None \
        and irregularity.kind == "player-dropped" else None


def _what(dropped: Irregularity) -> str:
    """``seat 3 dropped Kd (face up)``: who dropped what, in words."""
    named = dropped.get("cards") or []
    cards = " and ".join(named) if named else "a card"
    face_up = " (it landed face up)" if dropped.get("face_up") else ""
    return f"seat {dropped.get('seat')} dropped {cards} off the table{face_up}"


@decides("rrop.irregularities.dropped-cards")
def rrop_dropped_cards(case: Case) -> Decision | None:
    """Robert's Rules of Poker v11, Irregularities 14 (partial: quoted with its number,
    not read in a version 11 copy): a player who drops a card of his own hand must still
    play it, so the hand is live and gets no replacement.

    >>> from kb.rules.examples import case
    >>> rrop_dropped_cards(case("player-drops-card-all-in-limit-holdem")).remedy
    'continue'
    """
    dropped = _dropped(case)
    if dropped is None:
        return None
    seen = (" That it was seen changes nothing: a card a player exposes himself plays "
            "(Irregularities 12).") if dropped.get("face_up") else ""
    return carry_on(f"{_what(dropped)[:1].upper()}{_what(dropped)[1:]}. The card is picked "
                    "up and still plays: the hand is live, with no replacement card "
                    f"(Irregularities 14).{seen}")


@decides("wsop-live.dropped-cards")
def wsop_live_dropped_cards(case: Case) -> Decision | None:
    """2024 WSOP Live Action Rule 121: a player who drops cards onto the floor gets no
    replacement, and the floor may, at its discretion, rule the hand dead.  Whether it is
    dead is the floor's call, so the ruling is a floor decision (the card stays in the
    hand meanwhile).

    >>> from kb.rules.examples import case
    >>> wsop_live_dropped_cards(case("player-drops-card-all-in-limit-holdem",
    ...                              book="wsop-live")).remedy
    'floor-decision'
    """
    dropped = _dropped(case)
    if dropped is None:
        return None
    return floor_decision(f"{_what(dropped)[:1].upper()}{_what(dropped)[1:]}. No "
                          "replacement is given, and the floor decides whether the hand is "
                          "dead (Rule 121); if it is not ruled dead, the card is picked up "
                          "and plays. Robert's Rules (Irregularities 14) would have it play "
                          "in every case.")
