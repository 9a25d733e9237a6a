"""Draw and lowball games: exposed cards before and on the draw (topic draw-exposed-cards).

Every Robert's Rules provision here is UNCONFIRMED (sources.md section 2): the deciders
follow seed 000's account, and the engine says so in the explanation.
"""

from __future__ import annotations

from kb.rules.deciders import decides
from kb.rules.remedies import carry_on, floor_decision, step

_A5_KEEP = set("A765432")
_27_KEEP = set("75432")


def _exposed(case):
    irregularity = case.irregularity
    if irregularity.kind not in ("exposed", "draw-exposed"):
        return None
    return irregularity


_A5_BURN = "It is used as the burn, as a copy derived from the ace-to-five rule says."
_27_BURN = ("It is used as the burn; the deuce-to-seven rule as reported does not say where "
            "it goes, so this follows the ace-to-five rule's derived copy.")
_DRAW_OUT = ("The rule as reported does not say where the exposed card goes (it does not "
             "call it a burn), so it is set aside, out of play.")


def _replace(case, irregularity, why: str, where: str = _A5_BURN):
    """Replace the exposed card by the top card; it goes to the burns, or (``where`` is
    :data:`_DRAW_OUT`) out of play.  A card no longer in the hand when the floor is called
    (see :func:`_gone`) is not replaced."""
    table, seat, card = case.table.copy(), irregularity.get("seat"), irregularity.get("card")
    hand = table.hands[seat]
    if card not in hand:
        return _gone(case, seat, card, why)
    new = table.take()
    hand[hand.index(card)] = new
    burn = where is not _DRAW_OUT
    (table.burns if burn else table.set_aside).append(card)
    put = step("set-aside", card=card, as_="burn") if burn else step("set-aside", card=card)
    return carry_on(f"Seat {seat}'s exposed {card} {why}: it is replaced by the top card "
                    f"({new}) once the others have their cards. {where}",
                    [step("finish-deal"), step("replace", seat=seat, out=card, in_=new), put],
                    table)


def _gone(case, seat: int, card: str, why: str):
    """The exposed card left the hand before the floor was called.  After a fold the hand is
    in the muck and there is nothing to replace.  Thrown on a later draw, the player already
    had a card for it; the rule replaces the card before play goes on and says nothing of an
    exposure found only after the player threw it, so the floor decides."""
    if not case.table.hands.get(seat):
        return carry_on(f"Seat {seat}'s exposed {card} {why}, but the player has since "
                        "folded: the hand is in the muck and there is nothing to replace.")
    return floor_decision(f"Seat {seat}'s exposed {card} {why} and was to be replaced, but "
                          "the floor was called only after the player had thrown it on the "
                          "draw. The rule does not say what happens to an exposed card found "
                          "after the player has discarded it, so the floor decides.")


@decides("rrop.lowball.exposed-on-draw", "rrop.draw-high.exposed-on-draw")
def rrop_exposed_on_draw(case):
    """Robert's Rules of Poker v11, Lowball 9 / Draw High 8 (unconfirmed): a card exposed on
    the draw is never kept; it is replaced after everyone else has drawn."""
    irregularity = _exposed(case)
    if irregularity is None or irregularity.kind != "draw-exposed":
        return None
    return _replace(case, irregularity, "was exposed on the draw and is never kept",
                    _DRAW_OUT)


@decides("rrop.draw-high.exposed-before-draw")
def rrop_draw_high_before(case):
    """Robert's Rules of Poker v11, Draw High 4 (unconfirmed): before the draw the player
    must keep an exposed card."""
    irregularity = _exposed(case)
    if irregularity is None or irregularity.kind != "exposed" or case.game != "draw-high":
        return None
    return carry_on(f"Seat {irregularity.get('seat')} must keep the card exposed before the "
                    "draw.")


@decides("rrop.lowball.ace-to-five-exposed")
def rrop_ace_to_five(case):
    """Robert's Rules of Poker v11, Ace-to-Five Lowball 3 (unconfirmed; partly corroborated):
    before the draw a 7 or lower must be kept; a higher card is replaced after the deal and
    used as the burn."""
    irregularity = _exposed(case)
    if irregularity is None or irregularity.kind != "exposed" or case.game != "lowball-a5":
        return None
    if irregularity.get("card")[0] in _A5_KEEP:
        return carry_on(f"The exposed {irregularity.get('card')} is a 7 or lower: the player "
                        "keeps it.")
    return _replace(case, irregularity, "is higher than a 7")


@decides("rrop.lowball.deuce-to-seven-exposed")
def rrop_deuce_to_seven(case):
    """Robert's Rules of Poker v11, Deuce-to-Seven Lowball 2 (unconfirmed): before the draw a
    7, 5, 4, 3 or 2 is kept; any other card (the 6 included) is replaced."""
    irregularity = _exposed(case)
    if irregularity is None or irregularity.kind != "exposed" or case.game != "lowball-27":
        return None
    if irregularity.get("card")[0] in _27_KEEP:
        return carry_on(f"The exposed {irregularity.get('card')} is a 7, 5, 4, 3 or 2: the "
                        "player keeps it.")
    return _replace(case, irregularity, "is not a 7, 5, 4, 3 or 2", _27_BURN)


@decides("tda.misdeal.draw-games")
def tda_draw_games(case):
    """Poker TDA 2024 Rule 35-A (closing sentence): for draw games house rules apply."""
    if _exposed(case) is None:
        return None
    return floor_decision("The TDA rules leave exposed cards in draw games to house rules "
                          "(35-A), so the floor decides.")
