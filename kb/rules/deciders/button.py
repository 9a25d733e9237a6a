"""Button errors and seat errors in the deal (topics button-errors, misdeal-causes): the
button out of position, the first card to the wrong seat, a seat dealt in that is not
entitled to a hand, and a seat entitled to a hand dealt out."""

from __future__ import annotations

from kb.rules.deciders import decides, ruled_on
from kb.rules.deciders.helpers_deal import misdeal_for
from kb.rules.remedies import Decision, carry_on, misdeal, step
from kb.rules.situation import Case

decides("rrop.misdeals.button-position")(misdeal_for("button", "Misdeals 2(g)"))
decides("rrop.misdeals.first-card-wrong-seat")(misdeal_for("first-to", "Misdeals 2(h)"))
decides("rrop.misdeals.empty-seat")(misdeal_for("dealt-to", "Misdeals 2(i)"))
decides("rrop.misdeals.dealt-out")(misdeal_for("dealt-out", "Misdeals 2(j)"))
decides("tda.misdeal.first-card-wrong-seat")(misdeal_for("first-to", "35-A-2"))
decides("tda.misdeal.not-entitled")(misdeal_for("dealt-to", "35-A-3"))
decides("tda.misdeal.dealt-out")(misdeal_for("dealt-out", "35-A-4"))


@decides("tda.button.correction")
def tda_button_correction(case: Case) -> Decision | None:
    """Poker TDA 2024 34-A: an incorrect button found before substantial action is
    corrected; after it the error stands (and the button is not moved back next hand).
    The TDA does not list a wrong button as a misdeal cause.

    >>> from kb.rules.examples import case
    >>> tda_button_correction(case("wrong-button-after-substantial-action", book="tda")).remedy
    'continue'
    """
    irregularity = ruled_on(case)
    if irregularity.kind != "button":
        return None
    seat = irregularity.get("seat")
    if case.cutoff_reached():
        return carry_on(f"The button should have been at seat {seat}, but substantial action "
                        "has occurred: the error stands, play continues, and the button is "
                        "not moved back on the next hand.")
    decision = misdeal(case, f"The button belonged at seat {seat} and the error was found "
                       "before substantial action, so it is corrected (34-A). 34-A does not "
                       "say how; with the cards already out, this project reads \"corrected\" "
                       "as gathering them and redealing with the button in place, although the "
                       "TDA does not list a wrong button as a misdeal cause.", button=seat)
    decision.steps.insert(0, step("correct-button", seat=seat))
    return decision
