"""A spoiled stub (topic mid-hand-reshuffle): the stub dropped, its order lost, or mixed
with the muck or the burns (the replay, kb.hand.accidents, has already put the mixed
cards into the stub).

Stub cards seen or flashed and burn cards turned up (topic seen-stub-and-burn-cards) have
no provision in either book: the engine leaves them to the floor with the topic's note on
what is missing.
"""

from __future__ import annotations

from kb.hand.table import Irregularity
from kb.rules.deciders import decides
from kb.rules.remedies import Decision, cards, carry_on, cut, step
from kb.rules.situation import Case


def _spoiled(case: Case) -> Irregularity | None:
    """The stub-spoiled irregularity ruled on, or None."""
    irregularity = case.irregularity
    return irregularity if irregularity is not None \
        and irregularity.kind == "stub-spoiled" else None


def _who(spoiled: Irregularity) -> str:
    return "a player" if spoiled.get("by") == "player" else "the dealer"


def _mixed_text(spoiled: Irregularity) -> str:
    """``the muck (3 cards) and the burns (1 card)``; empty when nothing was mixed."""
    parts = [f"the {pile} ({cards(len(pile_cards))})"
             for pile, pile_cards in spoiled.get("mixed", {}).items()]
    return " and ".join(parts)


@decides("tda.rp.disordered-stub")
def tda_disordered_stub(case: Case) -> Decision | None:
    """Poker TDA 2024 RP-4 (with Rule 39-D): a dropped stub is put back in its order if it
    can be; otherwise a new stub is made of the stub cards alone, or, when the stub got
    mixed with the muck or burns, of everything mixed together; it is scrambled, shuffled
    face down and cut, and play goes on.

    >>> from kb.rules.examples import case
    >>> found = tda_disordered_stub(case("case-c52-stub-mucked-player-live", book="tda"))
    >>> found.remedy, [s.do for s in found.steps]
    ('continue', ['face-down', 'shuffle', 'cut'])
    """
    spoiled = _spoiled(case)
    if spoiled is None:
        return None
    if not spoiled.get("disordered"):
        return carry_on(f"The stub was dropped by {_who(spoiled)} but its order can be "
                        "rebuilt: the dealer puts it back as it was and play goes on "
                        "(RP-4, first step).")
    table = case.table.copy()
    mixed = _mixed_text(spoiled)
    case.rng.shuffle(table.stub)
    table.stub, cut_step = cut(table.stub, case.rng)
    steps = [step("face-down"), step("shuffle", cards=len(table.stub)), cut_step]
    what = (f"the stub got mixed with {mixed}, so everything mixed together is scrambled"
            if mixed else "its order cannot be rebuilt, so a new stub is made of the stub "
            "cards alone (no muck, no earlier burns) and scrambled")
    return carry_on(f"The stub was spoiled by {_who(spoiled)}: {what}, shuffled face down "
                    f"(Rule 39-D) and cut, and play goes on with that stub of "
                    f"{cards(len(table.stub))} (RP-4).", steps, table,
                    ("tda.reshuffle-face-down",), random=True)


@decides("rrop.irregularities.spoiled-stub")
def rrop_spoiled_stub(case: Case) -> Decision | None:
    """Robert's Rules of Poker v11, Irregularities 17 (unconfirmed, as the MyHomeGame
    chapter reports it): a spoiled stub does not end the hand; it is played out with the
    deck put back together as fairly as possible.  The hand goes on (continue); how the
    deck is put back together is not given, and the ruling leaves the cards as they lie
    and says so (the other reading, that the whole remedy is the floor's, is named).

    >>> from kb.rules.examples import case
    >>> rrop_spoiled_stub(case("case-c52-stub-mucked-player-live")).remedy
    'continue'
    """
    spoiled = _spoiled(case)
    if spoiled is None:
        return None
    if not spoiled.get("disordered"):
        return carry_on(f"The stub was dropped by {_who(spoiled)} but kept its order: it is "
                        "put back as it was and the hand is played out (Irregularities 17).")
    mixed = _mixed_text(spoiled)
    lost = f"the stub got mixed with {mixed}" if mixed else "its order is lost"
    return carry_on(
        f"The stub was spoiled by {_who(spoiled)}: {lost}. The hand is not killed and is "
        "not a misdeal: it is played out, with the deck put back together as fairly as "
        "possible (Irregularities 17). The rule as known gives no procedure for that (which "
        "cards go back into the stub, whether the muck is sorted out, whether it is shuffled "
        "and cut), so this ruling leaves the cards as they lie and the dealer, with the "
        "floor, puts the deck back together. Read as leaving the whole remedy to the floor, "
        "it would be a floor decision.")
