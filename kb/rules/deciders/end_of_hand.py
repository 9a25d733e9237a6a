"""The books' time limits on a hand that is over (docs/scenario-format.md, "The end of a
hand"), shared by the fouled-deck and burn-error deciders of every book, and when a card
with another back 'appears' (the reading of Robert's Rules Irregularities 3 and its WSOP
copies: when it came into play, not when it was noticed).

How far the hand had got when the irregularity came to light is the situation's
(:meth:`kb.rules.situation.Case.stage`): ``playing``, ``pot-awarded`` or ``next-hand``.
These helpers give the decision when a limit has passed, or None when it has not (the
decider then rules as it would during the hand).  No provision is decided here, so
nothing is registered.
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


def rrop_next_hand(case: Case, what: str) -> Decision | None:
    """Robert's Rules of Poker v11, Decision-Making 5: a ruling on a pot asked for after
    the next deal began (its first riffle) comes too late, and the result stands.  ``what``
    names the irregularity.  None before the next hand.

    >>> from types import SimpleNamespace as NS
    >>> rrop_next_hand(NS(stage=lambda: "pot-awarded"), "The second As") is None
    True
    >>> rrop_next_hand(NS(stage=lambda: "next-hand"), "The second As").provisions
    ('rrop.decision-making.start-of-deal',)
    """
    if case.stage() != "next-hand":
        return None
    return carry_on(f"{what} came to light only after the next hand had begun. A ruling on a "
                    "pot has to be asked for before the next deal starts (its first riffle), "
                    "so the result of the hand stands (Robert's Rules Decision-Making 5).",
                    provisions=RROP_WINDOW)


def tda_next_hand(case: Case, what: str, reading: bool = False) -> Decision | None:
    """Poker TDA 2024 Rule 22 (with Rule 23, when a hand begins): once the next hand has
    begun the hand can no longer be disputed, and the result stands.  ``reading`` adds that
    applying Rule 22 to this claim is this project's reading (the TDA ties only the fouled
    deck, 35-E, to it expressly).  None before the next hand.

    >>> from types import SimpleNamespace as NS
    >>> late = tda_next_hand(NS(stage=lambda: "next-hand"), "The burn error", reading=True)
    >>> late.remedy, late.explanation.endswith("is this project's reading.")
    ('continue', True)
    """
    if case.stage() != "next-hand":
        return None
    text = (f"{what} came to light only after the next hand had begun (Rule 23: the first "
            "riffle, the shuffler's button or the dealer push). The hand can be disputed only "
            "until then (Rule 22), so its result stands.")
    if reading:
        text += (" The TDA has no rule for this error; applying Rule 22's limit to it, as "
                 "35-E does for a fouled deck, is this project's reading.")
    return carry_on(text, provisions=TDA_WINDOW)


def wsop_next_hand(case: Case, what: str) -> Decision | None:
    """WSOP 2024 Rule 76: a hand can be disputed only until the next hand begins (its first
    riffle, or the shuffler's button); after that the result stands.  ``what`` names the
    irregularity.  None before the next hand.

    >>> from types import SimpleNamespace as NS
    >>> wsop_next_hand(NS(stage=lambda: "next-hand"), "The foreign card").explanation[:40]
    'The foreign card came to light only afte'
    """
    if case.stage() != "next-hand":
        return None
    return carry_on(f"{what} came to light only after the next hand had begun (its first "
                    "riffle or the shuffler's button). A hand can be disputed only until then "
                    "(Rule 76), so its result stands.", provisions=WSOP_WINDOW)


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
    late = rrop_next_hand(case, f"The burn error on the {irregularity.get('street')}")
    if late is not None:
        late.provisions = _BURN_RULE + late.provisions
        return late
    return carry_on(f"The {irregularity.get('street')} was dealt after a burn error, "
                    "noticed only once the pot had been awarded. A board card acted on "
                    "stands, and a round with no betting because a player was all-in may be "
                    "corrected only until the pot is awarded (the burn-error rule): the "
                    "board stands and the pot stays where it went.", provisions=_BURN_RULE)


#: Robert's Rules' general burn-error rule, whose last clause is the all-in limit.
_BURN_RULE = ("rrop.holdem.burn-error",)


def tda_board_after_pot(case: Case, what: str) -> Decision | None:
    """A board error the TDA answers with a remedy for a hand still in play (39-B's
    scramble, RP-14's randomness), found after the pot was awarded: after the next hand
    the result stands (Rule 22, our reading); before it the floor decides (the TDA has no
    rule for a board error found after the award).  None while the pot is not awarded.

    >>> from kb.rules.examples import case
    >>> found = case("burn-error-all-in-found-after-next-hand", book="tda")
    >>> tda_board_after_pot(found, "a burn error").remedy
    'continue'
    """
    stage = case.stage()
    if stage == "playing":
        return None
    if stage == "next-hand":
        return tda_next_hand(case, what, reading=True)
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
