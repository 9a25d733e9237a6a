"""Exposed hole cards in flop games, flashed and off-table cards, player-exposed cards.

Topics: exposed-first-two-cards, exposed-later-hole-card, flashed-and-off-table-cards,
player-exposed-cards.  A card dealt off the table or flashed by the dealer is an exposed
card (Robert's Rules of Poker v11, Irregularities 12); the TDA's 35-A-7 speaks of cards
"exposed by dealer error", which this project reads the same way.
"""

from __future__ import annotations

from kb.hand.scenario import FLOP_GAMES
from kb.rules.deciders import decides, ruled_on
from kb.rules.deciders.helpers_deal import exposed_cards, first_two_exposed, too_many_exposed
from kb.rules.remedies import Decision, carry_on, misdeal, step
from kb.rules.situation import Case

RROP_FIRST_TWO = ("rrop.holdem.exposed-first-two", "rrop.misdeals.first-two-exposed")
RROP_TWO = ("rrop.holdem.two-exposed", "rrop.misdeals.two-exposed")
RROP_ALSO = ("rrop.irregularities.no-option",)


def _flashed(case: Case) -> tuple[str, ...]:
    off = any(i.get("off_table") for i in exposed_cards(case))
    return ("rrop.irregularities.flashed-cards",) if off else ()


@decides("house.casino.exposed-misdeal")
def house_exposed_misdeal(case: Case) -> Decision | None:
    """House 13.1: the first or second hole card, or more than one, exposed is a misdeal.
    13.1 sets no time limit; the house applies Robert's Rules where section 13 is silent,
    which this project reads as bringing in Robert's Rules' cutoff (Misdeals 1).

    >>> from kb.rules.examples import case
    >>> found = house_exposed_misdeal(case("case-c05b-first-card-off-table"))
    >>> found.remedy, [s.do for s in found.steps]
    ('misdeal', ['gather', 'shuffle', 'cut', 'redeal'])
    """
    exposed = exposed_cards(case)
    if not exposed or not (first_two_exposed(case) or too_many_exposed(case)):
        return None
    if not case.cutoff_reached():
        return rrop_exposed_first_two(case)
    return carry_on("Rule 13.1 makes this a misdeal but sets no time limit. Where section 13 "
                    "is silent the house follows Robert's Rules, and this project reads that "
                    "as bringing in Robert's Rules' cutoff (Misdeals 1): two players have "
                    "acted, so there is no misdeal and the hand is played out.",
                    provisions=("rrop.misdeals.cutoff",))


@decides(*RROP_FIRST_TWO)
def rrop_exposed_first_two(case: Case) -> Decision | None:
    """Robert's Rules of Poker v11, Hold'em 1 and Misdeals 2(a)/(b) (also house 13.1):
    the first or second hole card, or two or more hole cards, exposed by the dealer make a
    misdeal, if found before action has begun (Misdeals 1).

    >>> from kb.rules.examples import case
    >>> found = rrop_exposed_first_two(case("case-c05b-first-card-off-table"))
    >>> found.remedy, [s.do for s in found.steps]
    ('misdeal', ['gather', 'shuffle', 'cut', 'redeal'])
    """
    exposed = exposed_cards(case)
    if not exposed or case.cutoff_reached() or not (first_two_exposed(case) or too_many_exposed(case)):
        return None
    which = "one of the first two hole cards was" if first_two_exposed(case) \
        else f"{len(exposed)} hole cards were"
    return misdeal(case, f"Misdeal: {which} exposed by the dealer before action began; "
                   "the cards are gathered, reshuffled, cut and redealt.",
                   (RROP_FIRST_TWO if first_two_exposed(case) else RROP_TWO) + _flashed(case)
                   + RROP_ALSO)


decides(*RROP_TWO)(rrop_exposed_first_two)


@decides("rrop.holdem.exposed-hole-card", "house.casino.exposed-burn")
def rrop_exposed_hole_card(case: Case) -> Decision | None:
    """Robert's Rules of Poker v11, Hold'em 1 (also house 13.2): one hole card other than
    the first two exposed by the dealer: the deal goes on, the player gets the top card once
    everyone has their cards, and the exposed card is the flop burn.

    The spec's example: seat 5's 8s exposed, replaced by Ah; 8s is the flop burn.  Where a
    house raises ``exposed-cards-for-misdeal``, each exposed card is replaced in turn and
    becomes the burn of the next street (flop, turn, river).

    >>> from kb.rules.examples import case
    >>> found = rrop_exposed_hole_card(case("case-c01-exposed-card-self-dealt"))
    >>> found.remedy, [s.do for s in found.steps]
    ('continue', ['finish-deal', 'replace', 'set-aside'])
    """
    exposed = exposed_cards(case)
    if not exposed or too_many_exposed(case) or first_two_exposed(case) or case.game not in FLOP_GAMES \
            or case.table.board:
        return None
    table, steps = case.table.copy(), [step("finish-deal")]
    for street, item in zip(("flop", "turn", "river"), exposed, strict=False):
        seat, card = item.get("seat"), item.get("card")
        if card not in table.hands.get(seat, []):
            return None
        replacement = table.take()
        hand = table.hands[seat]
        hand[hand.index(card)] = replacement
        table.burns.append(card)
        steps += [step("replace", seat=seat, out=card, in_=replacement),
                  step("set-aside", card=card, as_="burn", street=street)]
    return carry_on("A single hole card other than the first two was exposed by the dealer: "
                    "the deal goes on, the player gets the top card once everyone has their "
                    "cards, and the exposed card is the flop burn (no further burn before "
                    "the flop).", steps, table, _flashed(case) + RROP_ALSO)


@decides("tda.misdeal.exposed-downcards")
def tda_exposed_downcards(case: Case) -> Decision | None:
    """Poker TDA 2024 35-A-7: in flop games one of the first two cards off the deck, or
    any two other down cards, exposed by dealer error is a misdeal before substantial action
    (35-D).  One other exposed card is no misdeal, and the TDA is silent on it: with no text
    that changes the cards, play continues as dealt (the explanation names the other
    reading, the floor deciding under Rule 1).

    >>> from kb.rules.examples import case
    >>> tda_exposed_downcards(case("case-c01-exposed-card-self-dealt", book="tda")).remedy
    'continue'
    """
    exposed = exposed_cards(case)
    if not exposed or case.game not in FLOP_GAMES:
        return None
    if first_two_exposed(case) or too_many_exposed(case):
        if case.cutoff_reached():
            return None
        return misdeal(case, "Misdeal (35-A-7): one of the first two cards off the deck, or "
                       "two other down cards, exposed by the dealer before substantial action."
                       + _off_table_reading(case))
    return carry_on("One down card other than the first two was exposed by the dealer: "
                    "35-A-7 makes that no misdeal (only two such cards are one). On the one "
                    "exposed card the TDA rules are silent: they do not say whether the player "
                    "keeps it or gets a replacement (the replace-and-burn procedure is Robert's "
                    "Rules', not the TDA's). With no text that changes the cards, this ruling "
                    "lets the hand play on as dealt, the card where it is. Read the other way, "
                    "the silence leaves it to the floor (Rule 1), which may replace the card."
                    + _off_table_reading(case))


def _off_table_reading(case: Case) -> str:
    if not any(i.get("off_table") for i in exposed_cards(case)):
        return ""
    return (" The TDA rules do not mention a card dealt off the table; this project reads it "
            "as a card exposed by dealer error, as Robert's Rules (Irregularities 12) does.")


@decides("rrop.irregularities.flashed-cards")
def rrop_player_flashed(case: Case) -> Decision | None:
    """Robert's Rules of Poker v11, Irregularities 12: a card a player flashes or exposes
    plays; the player cannot ask for a replacement or a misdeal (Irregularities 13).

    >>> from kb.rules.examples import case
    >>> rrop_player_flashed(case("player-exposes-own-card")).remedy
    'continue'
    """
    irregularity = ruled_on(case)
    if irregularity.kind != "player-exposed":
        return None
    seat = irregularity.get("seat")
    return carry_on(f"Seat {seat} exposed their own card: a card flashed by a player plays; "
                    "there is no misdeal and no replacement.")


@decides("tda.exposing-cards")
def tda_exposing_cards(case: Case) -> Decision | None:
    """Poker TDA 2024 Rule 68: a player who exposes cards while action is pending may be
    penalized, but the hand is not dead.

    >>> from kb.rules.examples import case
    >>> found = tda_exposing_cards(case("player-exposes-own-card", book="tda"))
    >>> found.remedy, [s.do for s in found.steps]
    ('continue', ['consider-penalty'])
    """
    irregularity = ruled_on(case)
    if irregularity.kind != "player-exposed":
        return None
    seat = irregularity.get("seat")
    return carry_on(f"Seat {seat} exposed their own card: the hand stays live (Rule 68 may "
                    "bring a penalty while action is pending, not a dead hand).",
                    [step("consider-penalty", seat=seat)])
