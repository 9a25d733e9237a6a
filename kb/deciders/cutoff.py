"""The misdeal cutoff (topic misdeal-cutoff): once it has passed, no misdeal.

Robert's Rules of Poker v11, Misdeals 1: once two players after the blinds (stud: after the
forced bet) have acted, no misdeal; the hand is played out and no money goes back to a
player whose hand is fouled.  Poker TDA 2024 35-D: after substantial action (Rule 36) no
misdeal; the hand continues unless the deck is fouled, and non-standard cards are scraps.
"""

from __future__ import annotations

from kb.deciders import decides
from kb.remedies import carry_on, step

_SA = {"36-A": "tda.substantial-action.two-with-chips",
       "36-B": "tda.substantial-action.three-actions"}


@decides("rrop.misdeals.cutoff")
def rrop_misdeal_cutoff(case):
    """Robert's Rules of Poker v11, Misdeals 1: after two players have acted, the hand is
    played out."""
    if not case.action_begun():
        return None
    acted = sorted({r.seat for r in case.records})
    return carry_on(f"Action has begun (seats {', '.join(map(str, acted))} have acted), so no "
                    "misdeal can be declared: the hand is played out, and no money is "
                    "returned to a player whose hand is fouled.")


@decides("tda.misdeal.after-substantial-action")
def tda_after_substantial_action(case):
    """Poker TDA 2024 35-D: after substantial action no misdeal; a non-standard card is a
    scrap of paper; cards found face up stay out of play."""
    part = case.substantial_action()
    if part is None:
        return None
    cited = (_SA[part],)
    kind = case.irregularity.kind
    if kind == "boxed" and len([i for i in case.all(kind) if i.get("street") == "deal"]) < 2:
        return None                      # the TDA has no rule for these boxed cards
    if kind in ("foreign", "boxed"):
        cards = [c for i in case.all(kind) for c in (i.get("cards") or (i.get("card"),))]
        table = case.table.copy()
        for card in cards:
            _set_aside(table, card)
        what = "non-standard card" if kind == "foreign" else "boxed card"
        return carry_on(f"Substantial action ({part}) has occurred, so no misdeal: the hand "
                        f"continues and the {what} ({', '.join(cards)}) is a scrap of paper, "
                        "out of play.", [step("set-aside", card=c, as_="scrap") for c in cards],
                        table, cited)
    return carry_on(f"Substantial action ({part}) has occurred, so no misdeal may be "
                    "declared: the hand continues.", provisions=cited)


def _set_aside(table, card: str) -> None:
    if card in table.set_aside:
        return
    for pile in (table.board, *table.hands.values(), table.stub, table.muck):
        if card in pile:
            pile.remove(card)
            table.set_aside.append(card)
            return
