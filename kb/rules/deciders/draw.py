"""Draw and lowball games: exposed cards before and on the draw (topic draw-exposed-cards).

Every Robert's Rules provision here is UNCONFIRMED (sources.md section 2): the deciders
follow seed 000's account, and the engine says so in the explanation.
"""

from __future__ import annotations

from kb.rules.deciders import decides
from kb.rules.deciders.helpers_games import DRAW_OUT, draw_exposure, replace_exposed
from kb.rules.remedies import Decision, carry_on, floor_decision
from kb.rules.situation import Case

_A5_KEEP = set("A765432")
_27_KEEP = set("75432")


_A5_BURN = "It is used as the burn, as a copy derived from the ace-to-five rule says."
_27_BURN = ("It is used as the burn; the deuce-to-seven rule as reported does not say where "
            "it goes, so this follows the ace-to-five rule's derived copy.")


@decides("rrop.lowball.exposed-on-draw", "rrop.draw-high.exposed-on-draw")
def rrop_exposed_on_draw(case: Case) -> Decision | None:
    """Robert's Rules of Poker v11, Lowball 9 / Draw High 8 (unconfirmed): a card exposed on
    the draw is never kept; it is replaced after everyone else has drawn.

    >>> from kb.rules.examples import case
    >>> found = rrop_exposed_on_draw(case("case-c04-27-triple-draw-exposed-on-draw"))
    >>> found.remedy, [s.do for s in found.steps]
    ('continue', ['finish-deal', 'replace', 'set-aside'])
    """
    irregularity = draw_exposure(case)
    if irregularity is None or irregularity.kind != "draw-exposed":
        return None
    return replace_exposed(case, irregularity, "was exposed on the draw and is never kept",
                    DRAW_OUT)


@decides("rrop.draw-high.exposed-before-draw")
def rrop_draw_high_before(case: Case) -> Decision | None:
    """Robert's Rules of Poker v11, Draw High 4 (unconfirmed): before the draw the player
    must keep an exposed card.

    >>> from kb.rules.examples import case
    >>> rrop_draw_high_before(case("draw-high-exposed-card-before-draw")).remedy
    'continue'
    """
    irregularity = draw_exposure(case)
    if irregularity is None or irregularity.kind != "exposed" or case.game != "draw-high":
        return None
    return carry_on(f"Seat {irregularity.get('seat')} must keep the card exposed before the "
                    "draw.")


@decides("rrop.lowball.ace-to-five-exposed")
def rrop_ace_to_five(case: Case) -> Decision | None:
    """Robert's Rules of Poker v11, Ace-to-Five Lowball 3 (unconfirmed; partly corroborated):
    before the draw a 7 or lower must be kept; a higher card is replaced after the deal and
    used as the burn.

    >>> from kb.rules.examples import case
    >>> found = rrop_ace_to_five(case("lowball-a5-exposed-high-card-before-draw"))
    >>> found.remedy, [s.do for s in found.steps]
    ('continue', ['finish-deal', 'replace', 'set-aside'])
    """
    irregularity = draw_exposure(case)
    if irregularity is None or irregularity.kind != "exposed" or case.game != "lowball-a5":
        return None
    if irregularity.get("card")[0] in _A5_KEEP:
        return carry_on(f"The exposed {irregularity.get('card')} is a 7 or lower: the player "
                        "keeps it.")
    return replace_exposed(case, irregularity, "is higher than a 7", _A5_BURN)


@decides("rrop.lowball.deuce-to-seven-exposed")
def rrop_deuce_to_seven(case: Case) -> Decision | None:
    """Robert's Rules of Poker v11, Deuce-to-Seven Lowball 2 (unconfirmed): before the draw a
    7, 5, 4, 3 or 2 is kept; any other card (the 6 included) is replaced.

    >>> from kb.rules.examples import case
    >>> rrop_deuce_to_seven(case("lowball-27-exposed-card-before-draw")).remedy
    'continue'
    """
    irregularity = draw_exposure(case)
    if irregularity is None or irregularity.kind != "exposed" or case.game != "lowball-27":
        return None
    if irregularity.get("card")[0] in _27_KEEP:
        return carry_on(f"The exposed {irregularity.get('card')} is a 7, 5, 4, 3 or 2: the "
                        "player keeps it.")
    return replace_exposed(case, irregularity, "is not a 7, 5, 4, 3 or 2", _27_BURN)


@decides("tda.misdeal.draw-games")
def tda_draw_games(case: Case) -> Decision | None:
    """Poker TDA 2024 Rule 35-A (closing sentence): for draw games house rules apply.

    >>> from kb.rules.examples import case
    >>> tda_draw_games(case("case-c04-27-triple-draw-exposed-on-draw", book="tda")).remedy
    'floor-decision'
    """
    if draw_exposure(case) is None:
        return None
    return floor_decision("The TDA rules leave exposed cards in draw games to house rules "
                          "(35-A), so the floor decides.")
