"""Fouled and defective decks, and non-standard cards (topics fouled-deck,
non-standard-cards)."""

from __future__ import annotations

from kb.deciders import decides
from kb.remedies import Decision, carry_on, floor_decision, misdeal, step, void

_KNOWING = ("rrop.irregularities.knowing-player",)


@decides("rrop.irregularities.duplicate")
def rrop_duplicate(case):
    """Robert's Rules of Poker v11, Irregularities 4: two cards of the same rank and suit
    void all action and return all chips (subject to rule 5, a player who knew the deck was
    defective)."""
    if case.irregularity.kind != "duplicate":
        return None
    card = case.irregularity.get("cards")[0]
    return void(case, f"A second {card} turned up: the deck is defective, all action is void "
                "and every chip goes back to whoever put it in (a player who knew and tried "
                "to profit may lose the refund).", _KNOWING)


@decides("rrop.irregularities.odd-back")
def rrop_odd_back(case):
    """Robert's Rules of Poker v11, Irregularities 3: a card with a different back that
    appears during the hand voids all action (chips returned); found in the stub, all action
    stands."""
    if case.irregularity.kind != "odd-back":
        return None
    card, where = case.irregularity.get("cards")[0], case.irregularity.get("where")
    if where == "stub":
        return carry_on(f"A card with a different back ({card}) was found in the stub: all "
                        "action stands.")
    return void(case, f"A card with a different back ({card}) appeared during the hand: all "
                "action is void and every chip goes back to whoever put it in.", _KNOWING)


@decides("rrop.irregularities.missing-cards")
def rrop_missing_cards(case):
    """Robert's Rules of Poker v11, Irregularities 10 (number and text unconfirmed, seed
    000's claim): cards missing from the deck do not invalidate the other cards."""
    if case.irregularity.kind != "missing":
        return None
    cards = ", ".join(case.irregularity.get("cards"))
    return carry_on(f"Cards are missing from the deck ({cards}): that does not invalidate the "
                    "other cards, and the hand stands.")


@decides("tda.fouled-deck")
def tda_fouled_deck(case):
    """Poker TDA 2024 35-E: two or more cards of the same rank and suit foul the deck; found
    at any point, regardless of substantial action, play stops and all bets are returned
    (the right ends when the hand has concluded, Rule 22).  Other conditions are for the
    house or local regulations to define."""
    kind = case.irregularity.kind
    if kind == "duplicate":
        card = case.irregularity.get("cards")[0]
        return void(case, f"A second {card} turned up: the deck is fouled, play stops and all "
                    "bets are returned, whatever action there has been.",
                    ("tda.disputed-hands",))
    if kind in ("odd-back", "missing"):
        what = "a card with a different back" if kind == "odd-back" else "missing cards"
        return floor_decision(f"The TDA's fouled deck (35-E) is two cards of the same rank "
                              f"and suit; {what} is a condition the house or local "
                              "regulations may define, so the floor decides.")
    return None


@decides("rrop.irregularities.joker", "rrop.dead-hands.joker")
def rrop_joker(case):
    """Robert's Rules of Poker v11, Irregularities 8 (partial) and Dead Hands 1(e): a joker in
    a game without jokers is a scrap of paper, not a misdeal; found before the player acts it
    is replaced as a boxed card (Irregularities 7); if the player acted on the hand, it is
    dead."""
    irregularity = case.irregularity
    if irregularity.kind != "foreign":
        return None
    card, seat = irregularity.get("cards")[0], irregularity.get("seat")
    table = case.table.copy()
    if seat is not None and any(r.seat == seat for r in case.records):
        table.kill(seat)
        table.muck.remove(card)
        table.set_aside.append(card)
        return Decision("dead-hand", f"Seat {seat} acted on a hand holding a {card}: the hand "
                        "is dead.", [step("kill", seat=seat)], table, ("rrop.dead-hands.joker",))
    steps = [step("set-aside", card=card, as_="scrap")]
    pile = table.hands.get(seat) if seat is not None else table.board
    if irregularity.get("where") in ("hand", "board") and card in (pile or []) and table.stub:
        new = table.take()
        pile[pile.index(card)] = new
        table.set_aside.append(card)
        steps.append(step("replace", seat=seat, out=card, in_=new) if seat is not None
                     else step("replace", street="board", out=card, in_=new))
    else:
        _take_out(table, card)
    return carry_on(f"A {card} in a game without jokers is a scrap of paper, not a misdeal: it "
                    "is set aside and replaced by the next card, as a boxed card would be.",
                    steps, table, ("rrop.irregularities.joker", "rrop.irregularities.boxed-card"))


def _take_out(table, card: str) -> None:
    for pile in (*table.hands.values(), table.board, table.stub, table.muck, table.burns):
        if card in pile:
            pile.remove(card)
            break
    else:
        return
    table.set_aside.append(card)


@decides("tda.misdeal.non-standard-card")
def tda_non_standard(case):
    """Poker TDA 2024 35-A-6: a non-standard card (a joker, a 2-5 in short deck) found
    before substantial action is a misdeal; after it, a scrap of paper (35-D)."""
    if case.irregularity.kind != "foreign" or case.cutoff_reached():
        return None
    card = case.irregularity.get("cards")[0]
    return misdeal(case, f"Misdeal (35-A-6): a non-standard card ({card}) was found before "
                   "substantial action.")
