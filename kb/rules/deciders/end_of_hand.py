"""The burn-error rules' limit at the pot award (docs/scenario-format.md, "The end of a
hand"), shared by the burn-error deciders, the windows the fouled-deck deciders cite
for a claim made after the award, and when a card with another back 'appears' (the
reading of Robert's Rules Irregularities 3 and its WSOP copies: when it came into
play, not when it was noticed).

How far the hand had got when the irregularity came to light is the situation's
(:meth:`kb.rules.situation.Case.stage`): ``playing``, ``pot-awarded`` or ``next-hand``.  A
complaint raised after the next hand began reaches a decider as though raised just
before it (``pot-awarded``): the books' limits at the next hand apply to every kind in
one place, :mod:`kb.rules.limits`.  No provision is decided here, so nothing is
registered.
"""

from __future__ import annotations

from kb.rules.deciders import ruled_on
from kb.rules.remedies import Decision, carry_on, floor_decision
from kb.rules.situation import Case

#: Robert's Rules v11 Decision-Making 5, and the TDA's Rules 22 and 23.
RROP_WINDOW = ("rrop.decision-making.start-of-deal",)
TDA_WINDOW = ("tda.disputed-hands", "tda.new-hand")
#: WSOP 2024 Rule 76.
WSOP_WINDOW = ("wsop.disputed-pots",)


def rrop_burn_after_pot(case: Case) -> Decision | None:
    """Robert's Rules of Poker v11, the burn-error rule's last clause: a round without
    betting because a player was all-in is corrected only until the pot is awarded; a
    round with betting stood already.  After the award the board stands.  None while the
    pot is not awarded.

    >>> from kb.rules.examples import case
    >>> rrop_burn_after_pot(case("burn-error-all-in-found-after-next-hand")).remedy
    'continue'
    """
    irregularity = ruled_on(case)
    if irregularity.kind != "burn-count" or case.stage() == "playing":
        return None
    return carry_on(f"The {irregularity.get('street')} was dealt after a burn error, "
                    "noticed only once the pot had been awarded. A board card acted on "
                    "stands, and a round with no betting because a player was all-in may be "
                    "corrected only until the pot is awarded (the burn-error rule): the "
                    "board stands and the pot stays where it went.", provisions=_BURN_RULE)


#: Robert's Rules' general burn-error rule, whose last clause is the all-in limit.
_BURN_RULE = ("rrop.holdem.burn-error",)


def tda_board_after_pot(case: Case, what: str) -> Decision | None:
    """A board error the TDA answers with a remedy for a hand still in play (39-B's
    scramble, RP-14's randomness), found after the pot was awarded: the floor decides (the
    TDA has no rule for a board error found after the award).  None while the pot is not
    awarded.

    >>> from kb.rules.examples import case
    >>> found = case("burn-error-all-in-found-after-next-hand", book="tda")
    >>> tda_board_after_pot(found, "a burn error").remedy
    'floor-decision'
    """
    if case.stage() == "playing":
        return None
    return floor_decision(f"{what} was noticed only after the pot had been awarded. The "
                          "TDA's remedies for board errors are for a hand still being played, "
                          "and no rule says what happens once the pot is awarded; the hand "
                          "can still be disputed until the next hand begins (Rule 22), so the "
                          "floor decides.", TDA_WINDOW)


def odd_back_appears_reading(case: Case, where: str | None) -> str:
    """Robert's Rules Irregularities 3 (and the WSOP books' 88.d.1 and 111, which copy it)
    speak of a card that 'appears' during a hand; whether a card noticed only after the
    betting counts is not said.  The sentence naming the reading taken, or empty.

    >>> from types import SimpleNamespace as NS
    >>> odd_back_appears_reading(NS(records=()), "board")
    ''
    """
    if where not in ("board", "hand") or not case.records:
        return ""
    return (" The card was noticed only after players had bet on it; the rule does not say "
            "whether \"appears\" means when the card came into play or when it was noticed, "
            "and this ruling reads it as when it came into play.")
