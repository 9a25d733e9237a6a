"""What deciders of several modules share about stud and draw games: a down card exposed
on third street and its remedies, premature stud cards dealt again, and an exposed draw
card replaced.

Each helper is rule logic of the provisions its docstring names, written once because the
deciders of more than one book rule with it (the WSOP Live Action rules copy Robert's
Rules' and the TDA's).  Nothing is registered here.
"""

from __future__ import annotations

from kb.hand.table import Irregularity, Table
from kb.rules.deciders import ruled_on
from kb.rules.remedies import Decision, carry_on, floor_decision, reshuffle_stub, step
from kb.rules.ruling import Step
from kb.rules.situation import Case

# ---- seven-card stud ---------------------------------------------------------------


def third_street(case: Case, both: bool = False) -> Irregularity | None:
    """The third-street exposure ruled on: one exposed down card, or (``both``) a seat whose
    two down cards were both exposed; None for any other irregularity, and for the
    corrective third card dealt up too (:func:`corrective_up`).

    >>> from types import SimpleNamespace as NS
    >>> shown = Irregularity("stud-exposed", 4, 0, {"street": "third", "seat": 2, "card": "Ah"})
    >>> third_street(NS(irregularity=shown)).get("card"), third_street(NS(irregularity=shown), both=True)
    ('Ah', None)
    """
    irregularity = ruled_on(case)
    if irregularity.kind != "stud-exposed" or irregularity.get("street") != "third" \
            or irregularity.get("replacement"):
        return None         # the corrective face-down card dealt up too: no book covers it
    return irregularity if bool(irregularity.get("both")) == both else None


def card_gone(case: Case, irregularity: Irregularity) -> Decision | None:
    """The ruling when the exposed down card is no longer in the seat's hand: the player
    has since folded (the hand is in the muck), or an earlier remedy of the same floor call
    took the card out; the remedy (the third card dealt down, or the hand killed) has
    nothing left to act on and play goes on.  None while the card is in the hand.

    >>> from types import SimpleNamespace as NS
    >>> shown = Irregularity("stud-exposed", 4, 0, {"seat": 2, "card": "Ah"})
    >>> card_gone(NS(table=Table(deck=(), hands={2: ["Ah", "Kd"]}, stub=[])), shown) is None
    True
    >>> card_gone(NS(table=Table(deck=(), hands={2: []}, stub=[])), shown).remedy
    'continue'
    """
    seat, hand = irregularity.get("seat"), case.table.hands.get(irregularity.get("seat"))
    if hand and all(card in hand for card in irregularity.get("cards", ())) \
            and irregularity.get("card") in hand:
        return None
    gone = "the player has since folded: the hand is in the muck" if not hand else \
        "the card is no longer in the player's hand"
    return carry_on(f"Seat {seat}'s down card was exposed on the deal, but {gone}, so "
                    "there is nothing left to correct and play goes on.")


def third_card_down(case: Case,
                    irregularity: Irregularity) -> tuple[Table, list[Step], int, str]:
    """One exposed down card (Robert's Rules of Poker v11 Seven-Card Stud 5, Poker TDA 2024
    RP-10-A, WSOP Live Action Rules 2024 214): the exposed card becomes the up card and the
    third card (if the hand still holds one) is turned face down.  Returns the table after,
    the steps, the seat and the exposed card.

    >>> from types import SimpleNamespace as NS
    >>> shown = Irregularity("stud-exposed", 4, 0, {"seat": 2, "card": "Ah"})
    >>> table = Table(deck=(), hands={2: ["Ah", "Kd", "7c"]}, stub=[], up={"7c"})
    >>> after, steps, seat, card = third_card_down(NS(table=table), shown)
    >>> sorted(after.up), [s.to_json() for s in steps]
    (['Ah'], [{'do': 'face-down', 'seat': 2, 'card': '7c'}])
    """
    table, seat, card = case.table.copy(), irregularity.get("seat"), irregularity.get("card")
    hand = table.hands[seat]
    third = next((c for c in hand[2:3] if c != card), None)
    table.up.add(card)
    if third is None:
        return table, [], seat, card
    table.up.discard(third)
    return table, [step("face-down", seat=seat, card=third)], seat, card


def corrective_up(case: Case, rule: str) -> Decision | None:
    """Case C53: the third card the ruling said to deal face down (after an exposed down
    card) was dealt face up too.  ``rule`` covers one exposed down card only, so the floor
    decides; None for any other irregularity.

    >>> from types import SimpleNamespace as NS
    >>> up = Irregularity("stud-exposed", 6, 0, {"seat": 2, "card": "7c", "replacement": True})
    >>> corrective_up(NS(irregularity=up), "RP-10-A").remedy
    'floor-decision'
    """
    irregularity = case.irregularity
    if irregularity is None or irregularity.kind != "stud-exposed" \
            or not irregularity.get("replacement"):
        return None
    return floor_decision(
        f"Seat {irregularity.get('seat')}'s third card {irregularity.get('card')}, which "
        f"the remedy of {rule} deals face down to make up for an exposed down card, was dealt face up "
        "as well. The rule covers one exposed down card, corrected by the third card dealt "
        "down; it says nothing of the correction going wrong too (play on as the cards lie, "
        "kill the hand and return the ante, a misdeal, or another card dealt down), so the "
        "floor decides.")


#: The stud street whose betting a premature card interrupted.
BEFORE_STUD = {"fourth": "third", "fifth": "fourth", "sixth": "fifth", "seventh": "sixth"}


def redeal_stud_street(case: Case, face_down: bool) -> tuple[Table, list[Step], str] | None:
    """The premature stud card method of Poker TDA 2024 RP-5-D, which WSOP Tournament Rules
    2024 90.f.d copies: the premature cards go back into the stub, the stub is reshuffled
    without a cut (face down where the book asks it, TDA 39-D) and the street is dealt again
    to the same seats without a burn (up cards, the seventh street down).  The betting round
    in progress is finished first: common practice, not RP-5-D or 90.f.d text.  Returns ``(table, steps, street)``, or None when the
    irregularity ruled on is not a premature stud street.

    >>> from kb.rules.examples import case
    >>> table, steps, street = redeal_stud_street(case("stud-premature-fifth-street"), False)
    >>> [s.do for s in steps], street
    (['finish-betting', 'return-to-stub', 'shuffle', 'deal'], 'fifth')
    """
    irregularity = ruled_on(case)
    if irregularity.kind != "premature" or irregularity.get("stud_street") is None:
        return None
    street, cards = irregularity.get("stud_street"), list(irregularity.get("cards"))
    table = case.table.copy()
    steps = [step("finish-betting", street=BEFORE_STUD[street])]
    steps += reshuffle_stub(table, cards, case.rng, with_cut=False, face_down=face_down)
    seats = list(irregularity.get("seats"))
    for seat in seats:
        card = table.take()
        table.hands[seat].append(card)
        if street != "seventh":
            table.up.add(card)
    steps.append(step("deal", street=street, seats=seats, burn=False))
    return table, steps, street


# ---- draw and lowball --------------------------------------------------------------


def draw_exposure(case: Case) -> Irregularity | None:
    """The draw-game exposure ruled on: a card exposed on the deal (``exposed``) or on the
    draw (``draw-exposed``); None for any other irregularity.

    >>> from types import SimpleNamespace as NS
    >>> draw_exposure(NS(irregularity=Irregularity("draw-exposed", 6, 1))).kind
    'draw-exposed'
    """
    irregularity = ruled_on(case)
    if irregularity.kind not in ("exposed", "draw-exposed"):
        return None
    return irregularity


#: ``where`` for :func:`replace_exposed`: the exposed card is set aside, out of play (the
#: draw rules as reported do not call it a burn).
DRAW_OUT = ("The rule as reported does not say where the exposed card goes (it does not "
            "call it a burn), so it is set aside, out of play.")


def replace_exposed(case: Case, irregularity: Irregularity, why: str, where: str) -> Decision:
    """An exposed draw card replaced by the top card once the others have their cards
    (Robert's Rules of Poker v11 Lowball 9, Draw High 8 and the lowball rules, WSOP Live
    Action Rules 2024 Section X, 269 and 279).  ``why`` follows "Seat S's exposed C" in the
    explanation; ``where`` says where the card goes: to the burns, or (``where`` is
    :data:`DRAW_OUT`) out of play.  A card no longer in the hand when the floor is called
    is not replaced (the player folded: nothing to do; thrown on a later draw: the floor
    decides).

    >>> from types import SimpleNamespace as NS
    >>> shown = Irregularity("exposed", 3, 0, {"seat": 2, "card": "Kd"})
    >>> table = Table(deck=(), hands={2: ["Kd", "4c"]}, stub=["As", "3h"])
    >>> decision = replace_exposed(NS(table=table), shown, "is higher than a 7", DRAW_OUT)
    >>> decision.table.hands[2], decision.table.set_aside, decision.table.burns
    (['As', '4c'], ['Kd'], [])
    """
    table, seat, card = case.table.copy(), irregularity.get("seat"), irregularity.get("card")
    hand = table.hands[seat]
    if card not in hand:
        return _gone(case, seat, card, why)
    new = table.take()
    hand[hand.index(card)] = new
    burn = where is not DRAW_OUT
    (table.burns if burn else table.set_aside).append(card)
    put = step("set-aside", card=card, as_="burn") if burn else step("set-aside", card=card)
    return carry_on(f"Seat {seat}'s exposed {card} {why}: it is replaced by the top card "
                    f"({new}) once the others have their cards. {where}",
                    [step("finish-deal"), step("replace", seat=seat, out=card, in_=new), put],
                    table)


def _gone(case: Case, seat: int, card: str, why: str) -> Decision:
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
