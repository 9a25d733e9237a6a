"""The regulators' deciders: South Dakota, ARSD chapter 20:18:16 (topics fouled-deck,
boxed-cards, non-standard-cards).

A regulator's code rules on few dealing errors; where it is silent the decider returns None
and the ruling is left to the house's rules (a regulator edition alone then rules a floor
decision).  South Dakota's 20:18:16:35 speaks of cards faced in the deck and of jokers, not
of a card the dealer exposes while dealing, so no decider here rules an exposed card.

The examples below rule bundled scenarios as the engine hands them to Robert's Rules (the
regulator is no published rulebook): these deciders read only the irregularity, the stage
of the hand, who acted and the table, which are the same under every book.
"""

from __future__ import annotations

from kb.hand.cards import JOKER
from kb.hand.table import Irregularity
from kb.rules.deciders import decides, ruled_on
from kb.rules.remedies import Decision, carry_on, step, void
from kb.rules.situation import Case

#: The irregularities that make the deck other than one complete standard deck with
#: identical backs (20:18:16:06), which is how 20:18:16:34's "defective deck" is read.
_DEFECTS = ("duplicate", "odd-back", "missing")


def _defect(irregularity: Irregularity) -> str | None:
    """What makes the deck defective, in words, or None (a joker is allowed: :06, :35)."""
    cards = ", ".join(irregularity.get("cards") or ())
    if irregularity.kind == "duplicate":
        return f"a second {cards} turned up"
    if irregularity.kind == "odd-back":
        return f"a card with a different back ({cards}) was found"
    if irregularity.kind == "missing":
        return f"cards are missing from the deck ({cards})"
    if irregularity.kind == "foreign" and JOKER not in (irregularity.get("cards") or ()):
        return f"a card from another deck ({cards}) was found"
    return None


@decides("sd.defective-deck")
def sd_defective_deck(case: Case) -> Decision | None:
    """South Dakota ARSD 20:18:16:34: when a defective deck was used, the chips in the pot
    go back to the players in the amounts each put in (a player who knew and bet loses his
    claim; his chips stay in the pot for the next game); a pot already won stands even when
    the deck is found defective afterwards.  A deck is defective when it is not one complete
    standard deck with identical backs (20:18:16:06).

    >>> from kb.rules.examples import case
    >>> found = sd_defective_deck(case("case-c40-duplicate-in-hand"))
    >>> found.remedy, [s.do for s in found.steps]
    ('void', ['refund'])
    >>> sd_defective_deck(case("fouled-deck-duplicate-found-after-pot-awarded")).remedy
    'continue'
    """
    what = _defect(ruled_on(case))
    if what is None:
        return None
    if case.stage() != "playing":
        return carry_on(f"The deck was defective ({what}), but only after the pot had been "
                        "won: the winner keeps it (South Dakota ARSD 20:18:16:34), and the "
                        "result stands.")
    return void(case, f"The deck is defective ({what}): every chip in the pot goes back to "
                "the player who put it in (South Dakota ARSD 20:18:16:34). A player who knew "
                "of the defect and bet to win the pot has no claim to his chips; they stay in "
                "the pot for the next game.", ("sd.cards",))


@decides("sd.faced-card")
def sd_faced_card(case: Case) -> Decision | None:
    """South Dakota ARSD 20:18:16:35: every card found faced in the deck is dead and the
    card below it takes its place (no misdeal, however many); a joker dealt face down to a
    player in a game without jokers is replaced by the top card once the others have their
    cards for the round, whenever it is found: the section sets no time limit, so a holder
    who has acted keeps the hand (a blind reader's reading, settled by the text).  None for
    a joker dealt face up (dead, but the section does not say what replaces it) and for
    anything else.

    >>> from kb.rules.examples import case
    >>> found = sd_faced_card(case("boxed-two-cards-during-deal"))
    >>> found.remedy, [s.do for s in found.steps]
    ('continue', ['set-aside', 'set-aside'])
    >>> found = sd_faced_card(case("joker-in-hand-before-substantial-action"))
    >>> found.remedy, [(s.do, s.details["in"]) for s in found.steps]
    ('continue', [('replace', 'Jd')])
    """
    boxed = case.all("boxed")
    if boxed and ruled_on(case).kind == "boxed":
        cards = [i.get("card") for i in boxed]
        return carry_on(f"{_count(len(cards))} found faced in the deck ({', '.join(cards)}): "
                        "each is a dead card and the card below it takes its place (South "
                        "Dakota ARSD 20:18:16:35); no misdeal.",
                        [step("set-aside", card=c, as_="dead") for c in cards])
    return _joker_in_hand(case)


def _count(n: int) -> str:
    return "One card was" if n == 1 else f"{n} cards were"


def _joker_in_hand(case: Case) -> Decision | None:
    irregularity = ruled_on(case)
    if irregularity.kind != "foreign" or JOKER not in (irregularity.get("cards") or ()):
        return None
    seat = irregularity.get("seat")
    if irregularity.get("where") != "hand" or seat is None:
        return None
    table = case.table.copy()
    hand = table.hands.get(seat)
    if not hand or JOKER not in hand or not table.stub:
        return None
    new = table.take()
    hand[hand.index(JOKER)] = new
    table.set_aside.append(JOKER)
    acted = any(r.seat == seat for r in case.records)
    return carry_on(f"A joker was dealt face down to seat {seat} in a game without jokers: it "
                    "is replaced by the top card of the deck, the other players having had "
                    "their cards for the round (South Dakota ARSD 20:18:16:35)"
                    + ("; the section sets no time limit, so the player having acted does "
                       "not change it." if acted else "."),
                    [step("replace", seat=seat, out=JOKER, in_=new)], table)
