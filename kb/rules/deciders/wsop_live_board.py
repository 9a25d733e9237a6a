"""WSOP Official Live Action Rules 2024, Section VII (hold'em): the board errors where the
book differs from Robert's Rules of Poker v11, whose order it keeps while putting in the
TDA's methods: too many flop cards (Rule 163), burn errors before the flop (164, as Robert's
Rules' Hold'em 4, with the redeal of 167) and premature board cards (166 and 167, the TDA's
RP-5 A-C with the betting finished first).  The general burn-error rule (165) is Robert's
Rules' and rules through its decider.
"""

from __future__ import annotations

from kb.rules.deciders import Decider, decides, ruled_on
from kb.rules.deciders.end_of_hand import rrop_burn_after_pot
from kb.rules.deciders.flop import tda_four_card_flop
from kb.rules.deciders.helpers_board import flop_now, flop_reshuffle, redeal_premature
from kb.rules.remedies import Decision, carry_on, deal_board, reshuffle_stub
from kb.rules.situation import Case

_BURN_AND_TURN = ("wsop-live.holdem.burn-and-turn",)


@decides("wsop-live.holdem.four-card-flop")
def wsop_live_four_card_flop(case: Case) -> Decision | None:
    """WSOP Official Live Action Rules 2024, Rule 163: a four-card flop is fixed by the
    random method (the TDA's 39-A: scramble the four face down, the floor picks one as the
    next burn, the other three are the flop); with more than four cards exposed, the flop
    cards and the stub are reshuffled and a new flop is dealt.  The rule names neither a cut
    nor a burn for the new flop: like the premature flop of Rule 167, the burn stays and
    none is added (this project's reading).

    >>> from kb.rules.examples import case
    >>> wsop_live_four_card_flop(case("case-c27-four-card-flop-stuck-cards", book="wsop-live")).remedy
    'continue'
    """
    irregularity = ruled_on(case)
    if irregularity.kind != "board-count" or irregularity.get("street") != "flop":
        return None
    count = irregularity.get("count")
    if count == 4:
        decision = tda_four_card_flop(case)
        if decision is not None:
            decision.provisions = ()
            decision.explanation = "Rule 163 fixes a four-card flop by the random method. " \
                + decision.explanation
        return decision
    if count < 5:
        return None
    table = case.table.copy()
    cards = flop_now(case, table)
    if cards is None:
        return None
    steps = reshuffle_stub(table, cards, case.rng, with_cut=False)
    steps += deal_board(table, "flop", 3, burn=False)
    return carry_on(f"The dealer turned {count} cards for the flop: with more than four cards "
                    "exposed, Rule 163 has the flop cards and the stub reshuffled together and "
                    "a new flop dealt. The burn stays where it is and no new card is burned; "
                    "the rule does not say so, and this follows the premature-flop procedure "
                    "of Rule 167 (this project's reading).", steps, table, random=True)


@decides("wsop-live.holdem.flop-burn-error")
def wsop_live_flop_burn_error(case: Case) -> Decision | None:
    """WSOP Official Live Action Rules 2024, Rule 164 (Robert's Rules' Hold'em 4): no burn or
    two burns before the flop are fixed if no board card was exposed, else the deck is
    reshuffled; a turned flop was exposed, and the new flop is dealt as Rule 167 deals a
    premature flop again (burn stays, no new burn).  With action on the flop, Rule 165
    decides; after the pot was awarded the board stands (165's all-in clause is over).

    >>> from kb.rules.examples import case
    >>> wsop_live_flop_burn_error(case("flop-no-burn-all-in-found-after-pot-awarded", book="wsop-live")).remedy
    'continue'
    """
    after_pot = rrop_burn_after_pot(case)
    if after_pot is not None:
        # The all-in limit is 165's clause (without "on the last round", so it reaches the
        # flop); 164 itself would reshuffle.
        after_pot.explanation = after_pot.explanation.replace("(the burn-error rule)",
                                                              "(Rule 165)")
        after_pot.provisions = ("wsop-live.holdem.burn-error",) + tuple(after_pot.provisions)
        return after_pot
    return flop_reshuffle(
        case, (), "Rule 164 only says the deck is reshuffled; dealing the new flop as Rule 167 "
                  "deals a premature flop again (the burn stays, no new burn) is this "
                  "project's reading, used for a missing and a double burn alike.")


_NAMES = {"flop": "flop cards go", "turn": "turn card goes", "river": "river card goes"}


def _premature_street(street: str) -> Decider:
    def decide(case: Case) -> Decision | None:
        redealt = redeal_premature(case, street, face_down=False)
        if redealt is None:
            return None
        table, steps, _ = redealt
        later = " The river then comes normally, with its own burn." if street == "turn" else ""
        return carry_on(f"The {street} was dealt before the betting was over: those cards "
                        "cannot be used even if everyone still to act folds, and no player may "
                        "accept or refuse them. The betting is finished first (Rule 166); then "
                        f"the burn stays, the premature {_NAMES[street]} back into the stub, "
                        f"the whole stub is reshuffled and the {street} is dealt again without "
                        f"another burn (Rule 167).{later}", steps, table, _BURN_AND_TURN,
                        random=True)
    decide.__name__ = f"wsop_live_premature_{street}"
    decide.__doc__ = (f"WSOP Official Live Action Rules 2024, Rules 166 and 167: a premature "
                      f"{street} does not play; the betting is finished, then (the TDA's RP-5 "
                      "method) the burn stays, the card goes back into the stub, the whole "
                      f"stub is reshuffled and the {street} is dealt again without a burn.  "
                      "No cut and no face-down reshuffle are named.")
    return decide


for _street in ("flop", "turn", "river"):
    decides(f"wsop-live.holdem.premature-{_street}")(_premature_street(_street))
