"""TDA 2026 rules that revise 2024's (fouled-deck, non-standard-cards, misdeal-cutoff,
stud-exposed-down-cards), as a paraphrase of the 2026 rules shows them (copy D1,
more-books.md section 3; the English 2026 text was not seen, so every one is partial).

Like every TDA decider these write rule numbers as TDA 2024 prints them (35-E, Rule 22,
Rule 36); the engine gives a tda@2026 ruling the 2026 numbers, the revised rule's number
becoming the revising one's (35-E -> 37-E, 35-D -> 37-D).  Each explanation names what is
uncertain: the other reading of the paraphrase, whose numbers (37-A-6, 37-D) are written as
2026 prints them; no 2024 rule has them, so the renumbering leaves them as they are.
"""

from __future__ import annotations

from kb.hand.cards import is_standard
from kb.rules.deciders import decides, ruled_on
from kb.rules.deciders.cutoff import tda_after_substantial_action
from kb.rules.deciders.end_of_hand import TDA_WINDOW
from kb.rules.deciders.fouled import tda_fouled_deck
from kb.rules.deciders.stud import tda_stud_seventh_exposed
from kb.rules.remedies import Decision, carry_on, reshuffle_stub, step, void
from kb.rules.situation import Case

_READING = (" This is 35-E as a paraphrase of the TDA 2026 rules gives it; the English 2026 "
            "text was not seen. Read the other way (the paraphrase carried 2024's wording into "
            "the fouled-deck rule, and the English rules still treat a non-standard card as "
            "2024 did), the card would be {other}.")
_BEFORE = ("a misdeal before substantial action (37-A-6), which also returns the bets and "
           "deals again")
_AFTER = "a scrap of paper after substantial action (37-D), and the hand would go on"
#: A scrap taken out of a hand leaves it a card short after substantial action (2024's 38).
_SHORT = ", but not the hand that held it, a card short after substantial action (Rule 38)"


@decides("tda.fouled-deck-2026")
def tda_2026_fouled_deck(case: Case) -> Decision | None:
    """Poker TDA 2026 37-E (partial, copy D1): two cards of the same rank and suit, or a
    card that does not belong to the game (a joker; a 2-5 in short deck), foul the deck;
    found at any point, regardless of substantial action, play stops and all bets are
    returned; after the hand, the claim is limited by Rule 24 (2024's 22).  A duplicate,
    a different back or missing cards rule as under 2024's 35-E.

    >>> from kb.rules.examples import case
    >>> found = tda_2026_fouled_deck(case("case-c40-duplicate-in-hand", book="tda@2026"))
    >>> found.remedy, [s.do for s in found.steps]
    ('void', ['refund'])
    """
    if ruled_on(case).kind != "foreign":
        return tda_fouled_deck(case)
    cards = [c for i in case.all("foreign") for c in i.get("cards") if not is_standard(c)]
    if not cards:
        return None
    what = "A joker" if cards[0] == "Jk" else f"A card that does not belong to the game ({cards[0]})"
    other = _BEFORE if not case.cutoff_reached() else _AFTER + (
        _SHORT if any(i.get("where") == "hand" for i in case.all("foreign")) else "")
    text = (f"{what} was found: the deck is fouled (35-E), so play stops and all bets are "
            "returned, whatever action there has been.")
    if case.stage() == "pot-awarded":
        return void(case, text + " The pot had already been awarded, but the next hand had not "
                    "begun, so the claim comes within Rule 22's limit: the pot is taken back and "
                    "the bets returned." + _READING.format(other=other), TDA_WINDOW)
    return void(case, text + _READING.format(other=other))


@decides("tda.misdeal.after-substantial-action-2026")
def tda_2026_after_substantial_action(case: Case) -> Decision | None:
    """Poker TDA 2026 37-D (partial, copy D1): after substantial action no misdeal, the hand
    goes on unless the deck is fouled; the 2024 sentence making a non-standard card a scrap
    of paper is not there (37-E fouls the deck instead), so a non-standard card is left to
    37-E.  Everything else rules as 2024's 35-D.

    >>> from kb.rules.examples import case
    >>> tda_2026_after_substantial_action(case("boxed-card-on-flop", book="tda@2026")).remedy
    'floor-decision'
    """
    if ruled_on(case).kind == "foreign":
        return None
    return tda_after_substantial_action(case)


@decides("tda.rp.stud-seventh-exposed-2026")
def tda_2026_stud_seventh_exposed(case: Case) -> Decision | None:
    """Poker TDA 2026 RP-10-B (partial, copy D1): a seventh-street card the dealer exposes,
    with betting to come, is mixed into the rest of the stub and the replacement dealt
    without a burn; the stub is shuffled face down (39-D, 2026's 41-D), and no cut is named.
    With no betting left, or the card gone, as in 2024.

    >>> from kb.rules.examples import case
    >>> tda_2026_stud_seventh_exposed(case("stud-seventh-street-card-exposed-all-in", book="tda@2026")).remedy
    'continue'
    """
    irregularity = ruled_on(case)
    decision = tda_stud_seventh_exposed(case)
    if decision is None or not any(s.do == "replace" for s in decision.steps):
        return decision
    seat, card = irregularity.get("seat"), irregularity.get("card")
    table = case.table.copy()
    hand = table.hands[seat]
    where = hand.index(card)
    steps = reshuffle_stub(table, [card], case.rng, with_cut=False, face_down=True)
    new = table.take()
    hand.insert(where, new)
    steps.append(step("replace", seat=seat, out=card, in_=new))
    return carry_on(f"Seat {seat}'s seventh-street card {card} was exposed and betting action "
                    f"remains: the {card} is mixed face down into the rest of the stub (39-D) "
                    f"and the replacement, {new}, is dealt without a burn (RP-10-B). The player "
                    f"may not declare all-in on the exposed card. This is RP-10-B as a "
                    "paraphrase of the 2026 rules gives it (the English 2026 text was not "
                    "seen); the 2024 text only said the card is replaced, and the paraphrase "
                    "names no cut.", steps, table, random=True)
