"""The 2024 WSOP Official Tournament Rules (``wsop@2024``), glossary entries "defective deck"
(a joker in a game without jokers, with Rule 129) and "boxed card", and the fouled-deck
rules of 88.d (a duplicate card, a card with a different back).  A player who acted holding
a joker is dead under Rule 108 (in :mod:`.wsop`).
"""

from __future__ import annotations

from kb.hand.cards import JOKER
from kb.rules.deciders import decides, ruled_on
from kb.rules.deciders.end_of_hand import WSOP_WINDOW, odd_back_appears_reading
from kb.rules.deciders.fouled import rrop_joker
from kb.rules.outcomes import Remedy
from kb.rules.remedies import Decision, carry_on, step, void
from kb.rules.situation import Case


@decides("wsop.glossary.defective-deck")
def wsop_joker_defective_deck(case: Case) -> Decision | None:
    """WSOP 2024 glossary, defective deck, with Rule 129: a joker in a game without jokers
    makes the deck defective, to be replaced; what becomes of the hand in progress the
    tournament rules do not say (108 kills only a hand whose holder acted on the joker,
    decided before this).  Rule 129 sends that gap to the Live Action rules before the
    floor's own authority (Rule 51), and Live Action Rule 115 covers it: the joker is a
    scrap of paper, no misdeal, replaced when found before anyone acted on it.  None for
    anything but a joker.

    >>> from kb.rules.examples import case
    >>> found = wsop_joker_defective_deck(case("case-c43-joker-on-flop-after-all-ins", book="wsop"))
    >>> found.remedy, [s.do for s in found.steps]
    ('continue', ['set-aside', 'replace'])
    """
    irregularity = case.irregularity
    if irregularity is None or irregularity.kind != "foreign" \
            or JOKER not in (irregularity.get("cards") or ()):
        return None
    decision = rrop_joker(case)
    if decision is None or decision.remedy != Remedy.CONTINUE:
        return None     # its holder acted on it: Rule 108, decided before this
    where = {"hand": f"in seat {irregularity.get('seat')}'s hand", "board": "on the board",
             "stub": "in the stub"}.get(irregularity.get("where"), "")
    decision.explanation = (
        f"A joker turned up {where} in a game played without jokers. The glossary makes a "
        "deck holding a joker defective, to be replaced, but says nothing of the hand in "
        "progress (108 kills only a hand whose holder acted on the joker). Rule 129 sends "
        "what the tournament rules do not cover to the Live Action rules before Rule 51, "
        "and their Rule 115 decides. "
        + decision.explanation + " The deck is replaced afterwards (glossary).")
    decision.provisions = ("wsop.not-covered", "wsop-live.joker")
    return decision


# ---- Glossary: boxed card ------------------------------------------------------------

@decides("wsop.glossary.boxed-card")
def wsop_boxed_card(case: Case) -> Decision | None:
    """WSOP 2024 glossary, boxed card: a boxed card is treated as a blank, shown to every
    player and mucked.  Two or more on the initial deal before substantial action are 88.a.1's
    misdeal (None here); more than two make the deck defective (glossary).

    >>> from kb.rules.examples import case
    >>> wsop_boxed_card(case("boxed-card-during-deal", book="wsop")).remedy
    'continue'
    """
    boxed = case.all("boxed")
    initial = [i for i in boxed if i.get("street") == "deal"]
    if not boxed or (len(initial) >= 2 and not case.cutoff_reached()):
        return None
    names = [i.get("card") for i in boxed]
    table = case.table.copy()
    for card in names:
        if card in table.set_aside:
            table.set_aside.remove(card)
            table.muck.append(card)
    steps = [step("set-aside", card=c, as_="muck") for c in names]
    text = (f"The boxed card{'s' * (len(names) > 1)} ({', '.join(names)}) "
            f"{'are' if len(names) > 1 else 'is'} treated as a blank: shown to every player and "
            "mucked (glossary, boxed card). The entry does not say when the replacement comes; "
            "the table shows the next card dealt in its place.")
    cited: tuple[str, ...] = ()
    if len(initial) >= 2:
        text = ("Substantial action has occurred, so the boxed cards on the initial deal are "
                "no misdeal (88.c). " + text)
        cited = ("wsop.misdeal.after-substantial-action",)
    if len(boxed) > 2:
        text += (" More than two boxed cards make the deck defective: it must be replaced "
                 "(glossary, defective deck); the entry does not say what becomes of this hand.")
        cited += ("wsop.glossary.defective-deck",)
    return carry_on(text, steps, table, cited)


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
