"""The misdeal cutoff (topic misdeal-cutoff): once it has passed, no misdeal.

Robert's Rules of Poker v11, Misdeals 1: once two players after the blinds (stud: after the
forced bet) have acted, no misdeal; the hand is played out and no money goes back to a
player whose hand is fouled.  Poker TDA 2024 35-D: after substantial action (Rule 36) no
misdeal; the hand continues unless the deck is fouled, and non-standard cards are scraps.

Cards dealt to a seat not entitled to a hand are taken out of play to the muck once the
cutoff has passed (neither book says so in words; see :func:`stray_hand`).
"""

from __future__ import annotations

from kb.hand.cards import is_standard
from kb.hand.table import Table
from kb.rules.deciders import decides, ruled_on
from kb.rules.deciders.helpers_deal import played_out, stray_hand
from kb.rules.remedies import Decision, carry_on, floor_decision, step
from kb.rules.situation import Case

_SA = {"36-A": "tda.substantial-action.two-with-chips",
       "36-B": "tda.substantial-action.three-actions"}


@decides("rrop.misdeals.cutoff")
def rrop_misdeal_cutoff(case: Case) -> Decision | None:
    """Robert's Rules of Poker v11, Misdeals 1: after two players have acted, the hand is
    played out.

    >>> from kb.rules.examples import case
    >>> rrop_misdeal_cutoff(case("boxed-two-cards-on-flop-after-action")).remedy
    'continue'
    """
    if not case.action_begun():
        return None
    acted = sorted({r.seat for r in case.records})
    text = (f"Action has begun (seats {', '.join(map(str, acted))} have acted), so under "
            "Robert's Rules Misdeals 1 no misdeal can be declared: the hand is played out")
    return played_out(case, text, _RROP_STRAY)


_RROP_STRAY = ("Robert's Rules says nothing about them once the cutoff has passed, so this "
               "is this project's reading.")
_TDA_STRAY = ("the TDA rules say nothing about them; this project follows Rule 38, which "
              "sends the cards of a hand killed after substantial action to the muck.")


@decides("tda.misdeal.after-substantial-action")
def tda_after_substantial_action(case: Case) -> Decision | None:
    """Poker TDA 2024 35-D: after substantial action no misdeal; a non-standard card is a
    scrap of paper.  35-D does not speak of boxed cards or of a stray hand.

    >>> from kb.rules.examples import case
    >>> tda_after_substantial_action(case("boxed-card-on-flop", book="tda")).remedy
    'floor-decision'
    """
    part = case.substantial_action()
    if part is None:
        return None
    cited = (_SA[part],)
    opening = f"Substantial action ({part}) has occurred, so no misdeal may be declared (35-D)"
    kind = ruled_on(case).kind
    if kind == "foreign":
        return _scrap(case, opening, cited)
    if kind == "boxed":
        return _boxed_after_sa(case, opening, cited)
    if kind == "dealt-to":
        steps, table, note = stray_hand(case, _TDA_STRAY)
        return carry_on(f"{opening}: the hand continues. {note}", steps, table, cited)
    return carry_on(f"{opening}: the hand continues.", provisions=cited)


def _scrap(case: Case, opening: str, cited: tuple[str, ...]) -> Decision:
    """35-D: the non-standard card is a scrap of paper, taken off the table.  A hand that
    held one is then short a card after substantial action, and Rule 38 kills a hand with
    the wrong number of cards after it (Rule 2: checking the count before it is the
    player's duty): dead.  The rules never say the scrap is replaced; that other reading
    (a replacement, as a boxed card gets in practice) is named.  On the board the rule does
    not say whether it is replaced, and the floor decides that."""
    cards = list(dict.fromkeys(c for i in case.all("foreign") for c in i.get("cards")
                               if not is_standard(c)))
    table = case.table.copy()
    holders = sorted({s for s, held in table.hands.items() for c in cards if c in held})
    for card in cards:
        _set_aside(table, card)
    steps = [step("set-aside", card=c, as_="scrap") for c in cards]
    if holders:
        for seat in holders:
            table.kill(seat)
        steps += [step("kill", seat=seat) for seat in holders]
        whose = ", ".join(f"seat {seat}'s" for seat in holders)
        return Decision("dead-hand", f"{opening}, and the {_names(cards)} in {whose} hand is "
                        "a scrap of paper, taken out of play. The hand is then short a card "
                        "after substantial action, and a hand with the wrong number of cards "
                        "after substantial action is dead and mucked (Rule 38; checking the "
                        "card count before it is the player's duty, Rule 2). The TDA rules do "
                        "not say the scrap is replaced; read as replaced by the next card, as "
                        "a boxed card is in practice, the hand would play on.", steps, table,
                        cited + ("tda.burns-after-substantial-action",
                                 "tda.player-responsibilities"))
    where = _where(case, cards[0]) if cards else ""
    return carry_on(f"{opening}: the hand continues, and the {_names(cards)} {where}is a "
                    "scrap of paper, taken out of play. 35-D does not say whether it is "
                    "replaced; the floor decides that. Read as a card that is not there, the "
                    "next card of the stub would take its place (what the tournament director "
                    "did in case C43).", steps, table, cited)


def _where(case: Case, card: str) -> str:
    return "on the board " if card in case.table.board else ""


def _names(cards: list[str]) -> str:
    named = ["joker" if c == "Jk" else c for c in cards]
    return ("card " if named != ["joker"] else "") + ", ".join(named)


def _boxed_after_sa(case: Case, opening: str, cited: tuple[str, ...]) -> Decision:
    """Boxed cards after substantial action.  Two or more on the initial deal are a
    35-A-1 misdeal cause, which 35-D stops: the hand continues.  Elsewhere (one boxed card,
    or boxed cards on the board) no TDA rule applies, and the floor decides.  Either way
    the replay already set the boxed cards aside and dealt the next cards in their place."""
    cards = [i.get("card") for i in case.all("boxed")]
    named = f"boxed card{'s' * (len(cards) > 1)} ({', '.join(cards)})"
    practice = ("tournament directors commonly treat a boxed card as Robert's Rules does "
                "(set aside, the next card in its place), which is how the table is shown")
    initial = [i for i in case.all("boxed") if i.get("street") == "deal"]
    if len(initial) >= 2:
        return carry_on(f"{opening}: the hand continues. The TDA rules do not say what "
                        f"happens to the {named} (35-D's scrap-of-paper wording is about "
                        f"non-standard cards); {practice}.", provisions=cited)
    return floor_decision(
        f"{opening}, but no TDA rule says what happens to the {named}: 35-A-1 covers only "
        "two or more on the initial deal. The floor decides; " + practice + ".", cited)


def _set_aside(table: Table, card: str) -> None:
    if card in table.set_aside:
        return
    for pile in (table.board, *table.hands.values(), table.stub, table.muck):
        if card in pile:
            pile.remove(card)
            table.set_aside.append(card)
            return
