"""The 2024 WSOP Official Tournament Rules (``wsop@2024``), glossary entry "defective deck":
a joker in a game without jokers, and the fouled-deck rules of 88.d (a duplicate card, a
card with a different back).  A player who acted holding a joker is dead under Rule 108
(in :mod:`.wsop`).
"""

from __future__ import annotations

from kb.hand.cards import JOKER
from kb.rules.deciders import decides, ruled_on
from kb.rules.deciders.end_of_hand import WSOP_WINDOW, odd_back_appears_reading, wsop_next_hand
from kb.rules.remedies import Decision, carry_on, floor_decision, void
from kb.rules.situation import Case


@decides("wsop.glossary.defective-deck")
def wsop_joker_defective_deck(case: Case) -> Decision | None:
    """WSOP 2024 glossary, defective deck: a joker in a game without jokers makes the deck
    defective and it is replaced; the effect on the hand is not stated, so the floor decides
    (a holder who acted is dead under 108, decided before this).  The other reading, Rule
    129 to Live Action Rule 115 (a scrap of paper, replaced), is named.  None for anything
    but a joker (e.g. ``found: {foreign: Jk, where: stub}``: floor-decision).

    >>> from kb.rules.examples import case
    >>> wsop_joker_defective_deck(case("case-c43-joker-on-flop-after-all-ins", book="wsop")).remedy
    'floor-decision'
    """
    irregularity = case.irregularity
    if irregularity is None or irregularity.kind != "foreign" \
            or JOKER not in (irregularity.get("cards") or ()):
        return None
    where = {"hand": f"in seat {irregularity.get('seat')}'s hand", "board": "on the board",
             "stub": "in the stub"}.get(irregularity.get("where"), "")
    return floor_decision(
        f"A joker turned up {where} in a game played without jokers. The "
        "glossary makes a deck holding a joker defective: it must be replaced and the dealer "
        "calls the floor. It does not say what becomes of the hand in progress (Rule 108 kills "
        "only a hand whose holder acted on a joker), so the floor decides. One reading sends the gap through Rule 129 to the Live Action rules, whose "
        "Rule 115 treats a joker as a scrap of paper that is replaced and the hand goes on.")


# ---- 88.d: fouled decks ------------------------------------------------------------

@decides("wsop.fouled-deck.duplicate")
def wsop_duplicate(case: Case) -> Decision | None:
    """WSOP 2024 Rule 88.d.2: two cards of the same rank and suit void all action and the
    chips are returned, whatever action there has been; the only limit is Rule 76 (until the
    next hand begins).

    >>> from kb.rules.examples import case
    >>> found = wsop_duplicate(case("case-c40-duplicate-in-hand", book="wsop"))
    >>> found.remedy, [s.do for s in found.steps]
    ('void', ['refund'])
    """
    irregularity = ruled_on(case)
    if irregularity.kind != "duplicate":
        return None
    card = irregularity.get("cards")[0]
    late = wsop_next_hand(case, f"The second {card}")
    if late is not None:
        return late
    text = (f"A second {card} turned up: all action is void and every chip goes back to whoever "
            "put it in, whatever action there has been (88.d.2).")
    if case.stage() == "pot-awarded":
        return void(case, text + " The pot had been awarded, but the next hand had not begun, "
                    "so the claim is in time (Rule 76): the pot is taken back.", WSOP_WINDOW)
    return void(case, text)


@decides("wsop.fouled-deck.odd-back")
def wsop_odd_back(case: Case) -> Decision | None:
    """WSOP 2024 Rule 88.d.1 (and Live Action Rule 111, the same text, which rules through
    this decider): a card with a different back appearing during the hand voids all action;
    found in the stub, where it would not reach a hand or the board, the action stands only
    once substantial action has taken place.  Before it the exception does not apply, and
    this ruling reads the rule's first sentence as deciding: void (the other reading, that
    the rule is silent on a stub card before substantial action and the floor decides, is
    named in the explanation).

    >>> from kb.rules.examples import case
    >>> found = wsop_odd_back(case("case-c44-odd-back-river-after-hand", book="wsop"))
    >>> found.remedy, [s.do for s in found.steps]
    ('void', ['refund'])
    >>> wsop_odd_back(case("wsop-odd-back-in-stub-before-substantial-action", book="wsop")).remedy
    'void'
    """
    irregularity = ruled_on(case)
    if irregularity.kind != "odd-back":
        return None
    card, where = irregularity.get("cards")[0], irregularity.get("where")
    late = wsop_next_hand(case, f"The card with a different back ({card})")
    if late is not None:
        return late
    if where != "stub":
        return void(case, f"A card with a different back ({card}) appeared during the hand: "
                    "all action is void and every bettor's chips are returned (88.d.1)."
                    + odd_back_appears_reading(case, where))
    if case.cutoff_reached():       # the book's own substantial action (88.c; LA 105)
        return carry_on(f"A card with a different back ({card}) was found in the stub, where it "
                        "would not have reached a hand or the board, after substantial action: "
                        "the action stands (88.d.1).")
    return void(case, f"A card with a different back ({card}) was found in the stub before "
                "substantial action. Rule 88.d.1 lets the action stand for such a card in the stub "
                "only once substantial action has taken place, so its first rule applies: all "
                "action is void and every bettor's chips are returned. (The rule does not speak "
                "of a stub card before substantial action in so many words; read as silent "
                "there, the case would be the floor's. Robert's Rules, Irregularities 3, lets "
                "the action stand for any such card found in the stub.)")
