"""Fouled and defective decks, and non-standard cards (topics fouled-deck,
non-standard-cards)."""

from __future__ import annotations

from kb.hand.cards import JOKER
from kb.hand.table import Irregularity, Table
from kb.rules.deciders import decides, ruled_on
from kb.rules.deciders.end_of_hand import RROP_WINDOW, TDA_WINDOW, odd_back_appears_reading
from kb.rules.remedies import Decision, carry_on, floor_decision, misdeal, step, void
from kb.rules.situation import Case

_KNOWING = ("rrop.irregularities.knowing-player",)


@decides("rrop.irregularities.duplicate")
def rrop_duplicate(case: Case) -> Decision | None:
    """Robert's Rules of Poker v11, Irregularities 4: two cards of the same rank and suit
    void all action and return all chips (subject to rule 5, a player who knew the deck was
    defective).  The rule names no time limit; the general one, Decision-Making 5, ends the
    claim when the next deal begins (the result stands), and a pot already awarded before
    then is taken back for the refund.

    >>> from kb.rules.examples import case
    >>> found = rrop_duplicate(case("case-c40-duplicate-in-hand"))
    >>> found.remedy, [s.do for s in found.steps]
    ('void', ['refund'])
    """
    irregularity = ruled_on(case)
    if irregularity.kind != "duplicate":
        return None
    card = irregularity.get("cards")[0]
    text = (f"A second {card} turned up: the deck is defective, all action is void and every "
            "chip goes back to whoever put it in (a player who knew and tried to profit may "
            "lose the refund).")
    if case.stage() == "pot-awarded":
        return void(case, text + _AFTER_POT_RROP, _KNOWING + RROP_WINDOW)
    return void(case, text, _KNOWING)


_AFTER_POT_RROP = (" The pot had already been awarded, but the next deal had not begun: a "
                   "ruling on the pot may still be asked for (Decision-Making 5), and the "
                   "duplicate rule sets no earlier limit, so the pot is taken back and the "
                   "chips returned.")


@decides("rrop.irregularities.odd-back")
def rrop_odd_back(case: Case) -> Decision | None:
    """Robert's Rules of Poker v11, Irregularities 3: a card with a different back that
    appears during the hand voids all action (chips returned); found in the stub, all action
    stands.

    >>> from kb.rules.examples import case
    >>> found = rrop_odd_back(case("case-c44-odd-back-river-after-hand"))
    >>> found.remedy, [s.do for s in found.steps]
    ('void', ['refund'])
    """
    irregularity = ruled_on(case)
    if irregularity.kind != "odd-back":
        return None
    card, where = irregularity.get("cards")[0], irregularity.get("where")
    if where == "stub":
        return carry_on(f"A card with a different back ({card}) was found in the stub: all "
                        "action stands.")
    return void(case, f"A card with a different back ({card}) appeared during the hand: all "
                "action is void and every chip goes back to whoever put it in."
                + odd_back_appears_reading(case, where), _KNOWING)


@decides("rrop.irregularities.missing-cards")
def rrop_missing_cards(case: Case) -> Decision | None:
    """Robert's Rules of Poker v11, Irregularities 10 (number and text unconfirmed, seed
    000's claim): cards missing from the deck do not invalidate the other cards.

    >>> from kb.rules.examples import case
    >>> rrop_missing_cards(case("case-c48-deck-eight-cards-short")).remedy
    'continue'
    """
    irregularity = ruled_on(case)
    if irregularity.kind != "missing":
        return None
    cards = ", ".join(irregularity.get("cards"))
    return carry_on(f"Cards are missing from the deck ({cards}): that does not invalidate the "
                    "other cards, and the hand stands.")


@decides("tda.fouled-deck")
def tda_fouled_deck(case: Case) -> Decision | None:
    """Poker TDA 2024 35-E: two or more cards of the same rank and suit foul the deck; found
    at any point, regardless of substantial action, play stops and all bets are returned
    (the right ends when the hand has concluded, Rule 22).  Other conditions are for the
    house or local regulations to define.

    >>> from kb.rules.examples import case
    >>> found = tda_fouled_deck(case("case-c40-duplicate-in-hand", book="tda"))
    >>> found.remedy, [s.do for s in found.steps]
    ('void', ['refund'])
    """
    irregularity = ruled_on(case)
    kind = irregularity.kind
    if kind == "duplicate":
        card = irregularity.get("cards")[0]
        text = (f"A second {card} turned up: the deck is fouled, play stops and all bets are "
                "returned, whatever action there has been.")
        if case.stage() == "pot-awarded":
            return void(case, text + " The pot had already been awarded, but the next hand "
                        "had not begun, so the claim comes within Rule 22's limit (35-E): the "
                        "pot is taken back and the bets returned.", TDA_WINDOW)
        return void(case, text, ("tda.disputed-hands",))
    if kind in ("odd-back", "missing"):
        what = "A card with a different back is" if kind == "odd-back" \
            else "Missing cards are"
        return floor_decision(f"The TDA's fouled deck (35-E) is two cards of the same rank "
                              f"and suit. {what} a condition the house or local "
                              "regulations may define, so the floor decides.")
    return None


@decides("rrop.dead-hands.joker")
def rrop_dead_hand_joker(case: Case) -> Decision | None:
    """Robert's Rules of Poker v11, Dead Hands 1(e): a player who acts on a hand holding a
    joker as a hole card, in a game without jokers, has a dead hand.

    >>> from kb.rules.examples import case
    >>> found = rrop_dead_hand_joker(case("joker-in-hand-after-player-acted"))
    >>> found.remedy, [s.do for s in found.steps]
    ('dead-hand', ['kill'])
    """
    seat = _joker_seat(case)
    if seat is None or not any(r.seat == seat for r in case.records):
        return None
    card = ruled_on(case).get("cards")[0]
    table = case.table.copy()
    table.kill(seat)
    if card in table.muck:      # not when a stub accident already mixed it into the stub
        table.muck.remove(card)
        table.set_aside.append(card)
    return Decision("dead-hand", f"Seat {seat} acted on a hand holding a joker, in a game "
                    "without jokers: the hand is dead (Robert's Rules Dead Hands 1(e)).",
                    [step("kill", seat=seat)], table, ("rrop.irregularities.joker",))


def _joker_seat(case: Case) -> int | None:
    irregularity = ruled_on(case)
    if not _joker(irregularity) or irregularity.get("where") != "hand":
        return None
    return irregularity.get("seat")


def _joker(irregularity: Irregularity) -> bool:
    """A joker found (Irregularities 8 and Dead Hands 1(e) speak of a joker only; a standard
    card from another deck is neither, and Robert's Rules has no rule of its own for it:
    the engine then leaves it to the floor)."""
    return irregularity.kind == "foreign" and JOKER in (irregularity.get("cards") or ())


@decides("rrop.irregularities.joker")
def rrop_joker(case: Case) -> Decision | None:
    """Robert's Rules of Poker v11, Irregularities 8 (partial): a joker in a game without
    jokers is a scrap of paper, not a misdeal; found before the player acts it is replaced
    as a boxed card is (Irregularities 7).  A player who acted on it: Dead Hands 1(e).  None
    for a standard card from another deck: the rule speaks of a joker only.

    >>> from kb.rules.examples import case
    >>> found = rrop_joker(case("case-c43-joker-on-flop-after-all-ins"))
    >>> found.remedy, [s.do for s in found.steps]
    ('continue', ['set-aside', 'replace'])
    """
    irregularity = ruled_on(case)
    if not _joker(irregularity):
        return None
    seat = _joker_seat(case)
    if seat is not None and any(r.seat == seat for r in case.records):
        dead = rrop_dead_hand_joker(case)
        assert dead is not None     # it decides when the joker's holder has acted
        dead.provisions = ("rrop.dead-hands.joker",)
        return dead
    card = irregularity.get("cards")[0]
    table = case.table.copy()
    steps = [step("set-aside", card=card, as_="scrap")]
    pile = table.hands.get(seat) if seat is not None else table.board
    if irregularity.get("where") in ("hand", "board") and pile and card in pile and table.stub:
        new = table.take()
        pile[pile.index(card)] = new
        table.set_aside.append(card)
        steps.append(step("replace", seat=seat, out=card, in_=new) if seat is not None
                     else step("replace", street="board", out=card, in_=new))
    else:
        _take_out(table, card)
    return carry_on("A joker is a scrap of paper, not a misdeal: it is set aside and "
                    "replaced by the next card, as a boxed card would be.",
                    steps, table, ("rrop.irregularities.boxed-card",))


def _take_out(table: Table, card: str) -> None:
    for pile in (*table.hands.values(), table.board, table.stub, table.muck, table.burns):
        if card in pile:
            pile.remove(card)
            break
    else:
        return
    table.set_aside.append(card)


@decides("tda.misdeal.non-standard-card")
def tda_non_standard(case: Case) -> Decision | None:
    """Poker TDA 2024 35-A-6: a non-standard card (a joker, a 2-5 in short deck) found
    before substantial action is a misdeal; after it, a scrap of paper (35-D).

    >>> from kb.rules.examples import case
    >>> found = tda_non_standard(case("joker-in-hand-before-substantial-action", book="tda"))
    >>> found.remedy, [s.do for s in found.steps]
    ('misdeal', ['gather', 'shuffle', 'cut', 'redeal'])
    """
    irregularity = ruled_on(case)
    if irregularity.kind != "foreign" or case.cutoff_reached():
        return None
    card = irregularity.get("cards")[0]
    what = "a joker" if card == "Jk" else f"a non-standard card ({card})"
    return misdeal(case, f"Misdeal (35-A-6): {what} was found before substantial action.")
