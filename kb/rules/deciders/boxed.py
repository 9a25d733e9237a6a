"""Boxed cards (topic boxed-cards): cards found face up in the deck.

The replay sets a boxed card aside when its turn comes and deals the next card in its
place (kb.hand.deal), which is what Robert's Rules of Poker v11, Irregularities 7 prescribes.
"""

from __future__ import annotations

from kb.hand.table import Irregularity
from kb.rules.deciders import decides
from kb.rules.deciders.helpers_deal import boxed_limit
from kb.rules.remedies import Decision, carry_on, misdeal, step
from kb.rules.situation import Case


def _boxed(case: Case) -> list[Irregularity]:
    return case.all("boxed")


@decides("rrop.irregularities.boxed-card")
def rrop_boxed_card(case: Case) -> Decision | None:
    """Robert's Rules of Poker v11, Irregularities 7: a boxed card is a meaningless scrap of
    paper, replaced by the next card.  Two or more are a misdeal before action has begun
    (Misdeals 2(c)); after it (Misdeals 1), each is a scrap of paper.

    >>> from kb.rules.examples import case
    >>> found = rrop_boxed_card(case("boxed-card-during-deal"))
    >>> found.remedy, [s.do for s in found.steps]
    ('continue', ['set-aside'])
    """
    boxed = _boxed(case)
    if not boxed or (len(boxed) >= boxed_limit(case) and not case.cutoff_reached()):
        return None
    cards = [i.get("card") for i in boxed]
    steps = [step("set-aside", card=c, as_="scrap") for c in cards]
    if len(cards) == 1:
        return carry_on(f"The boxed card ({cards[0]}) is a meaningless scrap of paper "
                        "(Robert's Rules Irregularities 7): it is set aside and the next "
                        "card is dealt in its place.", steps)
    return carry_on(f"{len(cards)} boxed cards ({', '.join(cards)}) would be a misdeal "
                    "(Misdeals 2(c)) only before action began; two players have acted, so "
                    "there is no misdeal (Misdeals 1). Each boxed card is a meaningless scrap "
                    "of paper (Irregularities 7): set aside, the next card dealt in its place.",
                    steps, provisions=("rrop.misdeals.cutoff", "rrop.misdeals.boxed-cards"))


@decides("rrop.misdeals.boxed-cards")
def rrop_two_boxed(case: Case) -> Decision | None:
    """Robert's Rules of Poker v11, Misdeals 2(c): two or more boxed cards found before
    action has begun are a misdeal (the text does not limit it to the starting deal).

    >>> from kb.rules.examples import case
    >>> found = rrop_two_boxed(case("boxed-two-cards-during-deal"))
    >>> found.remedy, [s.do for s in found.steps]
    ('misdeal', ['gather', 'shuffle', 'cut', 'redeal'])
    """
    if len(_boxed(case)) < boxed_limit(case) or case.cutoff_reached():
        return None
    return misdeal(case, f"Misdeal: {len(_boxed(case))} boxed cards were found before "
                   "action began.")


@decides("tda.misdeal.boxed-cards")
def tda_two_boxed(case: Case) -> Decision | None:
    """Poker TDA 2024 35-A-1: two or more boxed cards on the initial deal are a misdeal,
    before substantial action (35-D).  The TDA has no rule for a single boxed card.

    >>> from kb.rules.examples import case
    >>> found = tda_two_boxed(case("boxed-two-cards-during-deal", book="tda"))
    >>> found.remedy, [s.do for s in found.steps]
    ('misdeal', ['gather', 'shuffle', 'cut', 'redeal'])
    """
    initial = [i for i in _boxed(case) if i.get("street") == "deal"]
    if len(initial) < boxed_limit(case) or case.cutoff_reached():
        return None
    return misdeal(case, f"Misdeal (35-A-1): {len(initial)} boxed cards on the initial "
                   "deal, before substantial action.")
