"""WSOP Official Live Action Rules 2024 (cash games): the rules that differ from Robert's
Rules of Poker v11, which the book otherwise copies (those rule through Robert's Rules'
deciders: ``same-as`` in kb/data/provisions/wsop-live.yaml).

Here: boxed cards (Rules 21 and 104), foreign cards (22), the ruling window and its
house-error exception (51), the misdeal causes the book leaves out or words differently
(104), the misdeal cutoff (105, whose test is kb.rules.cutoffs.wsop_live_substantial_action),
a button misplaced (109) and exposed cards (119).  Board errors are in
:mod:`~kb.rules.deciders.wsop_live_board`, stud and draw games in
:mod:`~kb.rules.deciders.wsop_live_games`.
"""

from __future__ import annotations

from kb.hand.cards import is_standard
from kb.hand.scenario import FLOP_GAMES, STUD_GAMES
from kb.rules.deciders import decides, ruled_on
from kb.rules.deciders.exposed import rrop_player_flashed
from kb.rules.deciders.helpers_deal import (
    boxed_limit,
    first_two_exposed,
    misdeal_for,
    played_out,
    too_many_exposed,
)
from kb.rules.remedies import Decision, carry_on, floor_decision, misdeal, step, void
from kb.rules.situation import Case

CUTOFF = ("wsop-live.misdeals.cutoff",)

decides("wsop-live.misdeals.button-position")(misdeal_for("button", "104"))
decides("wsop-live.misdeals.first-card-wrong-seat")(misdeal_for("first-to", "104"))
decides("wsop-live.misdeals.dealt-out")(misdeal_for("dealt-out", "104"))


def substantial_action_text(case: Case) -> str:
    """What made substantial action under Rule 105, in words (the rulebook's own test
    otherwise: a book that falls back on Rule 105 keeps its own cutoff).

    >>> from types import SimpleNamespace as NS
    >>> acts = (NS(seat=4, act="raise"), NS(seat=5, act="call"))
    >>> substantial_action_text(NS(records=acts, cutoff_rule="wsop-live", game="holdem"))
    'two actions that are not two folds or two checks (raise, call)'
    """
    records = case.records
    if case.cutoff_rule != "wsop-live":
        return "the book's misdeal cutoff has passed"
    if case.game in STUD_GAMES:
        seats = ", ".join(str(s) for s in sorted({r.seat for r in records}))
        return f"in stud, two players after the forced bet have acted: seats {seats}"
    acts = ", ".join(r.act for r in records[:3])
    if len(records) >= 3:
        return f"three actions have been taken ({acts})"
    return f"two actions that are not two folds or two checks ({acts})"


@decides("wsop-live.misdeals.cutoff")
def wsop_live_misdeal_cutoff(case: Case) -> Decision | None:
    """WSOP Official Live Action Rules 2024, Rule 105: after substantial action no misdeal;
    the hand is played out and no money goes back for a fouled hand.  Cards dealt to a seat
    not entitled to a hand go to the muck (:func:`~kb.rules.deciders.cutoff.stray_hand`).

    >>> from kb.rules.examples import case
    >>> wsop_live_misdeal_cutoff(case("boxed-two-cards-on-flop-after-action", book="wsop-live")).remedy
    'continue'
    """
    if not case.cutoff_reached():
        return None
    text = (f"Substantial action has occurred ({substantial_action_text(case)}), so under "
            "Rule 105 no misdeal can be declared: the hand is played out")
    return played_out(case, text, _STRAY)


_STRAY = ("the Live Action rules say nothing about them (their list of misdeal causes does not "
          "even name such a hand), so this is this project's reading.")


@decides("wsop-live.misdeals.causes")
def wsop_live_not_a_cause(case: Case) -> Decision | None:
    """WSOP Official Live Action Rules 2024, Rule 104: its list of misdeal causes (for
    flop games, stud and draw high) leaves out Robert's Rules' Misdeals 2(i), cards dealt to
    an empty seat or a player not entitled to a hand; before substantial action that is no
    misdeal, and the book does not say what becomes of the stray hand.

    >>> from kb.rules.examples import case
    >>> wsop_live_not_a_cause(case("dealt-to-empty-seat-after-two-folds", book="wsop-live")).remedy
    'floor-decision'
    """
    irregularity = ruled_on(case)
    if irregularity.kind != "dealt-to" or case.cutoff_reached():
        return None
    seats = ", ".join(str(i.get("seat")) for i in case.all("dealt-to"))
    return floor_decision(
        f"Seat {seats}, not entitled to a hand, was dealt in. Rule 104's list of misdeal "
        "causes leaves out cards dealt to an empty seat or to a player not entitled to a hand "
        "(Robert's Rules and the TDA list it, and the book's own lowball list, Rule 262, keeps "
        "it), so this is no misdeal; the book does not say what becomes of the stray hand, so "
        "the floor decides.")


def _boxed_cards(case: Case) -> list[str]:
    return [i.get("card") for i in case.all("boxed")]


@decides("wsop-live.boxed-card")
def wsop_live_boxed_card(case: Case) -> Decision | None:
    """WSOP Official Live Action Rules 2024, Rule 21: one boxed card is a scrap of paper,
    replaced by the next card (the replay already dealt it in its place); two or more boxed
    cards needed to play the hand void it, all money returned, with no limit at substantial
    action.  Before substantial action Rule 104 makes them a misdeal, and decides.

    >>> from kb.rules.examples import case
    >>> found = wsop_live_boxed_card(case("boxed-card-during-deal", book="wsop-live"))
    >>> found.remedy, [s.do for s in found.steps]
    ('continue', ['set-aside'])
    """
    cards = _boxed_cards(case)
    if not cards:
        return None
    if len(cards) >= boxed_limit(case):
        if not case.cutoff_reached():
            return None
        return void(case, f"{len(cards)} boxed cards ({', '.join(cards)}) turned up among the "
                    "cards needed to play the hand, after substantial action: under Rule 21 "
                    "the hand is void and all money is returned (the rule sets no limit at "
                    "substantial action; before it, Rule 104 would have made it a misdeal).",
                    CUTOFF)
    return carry_on(f"The boxed card ({cards[0]}) is treated as a scrap of paper: it is set "
                    "aside and the next card is dealt in its place.",
                    [step("set-aside", card=cards[0], as_="scrap")])


@decides("wsop-live.misdeals.boxed-cards")
def wsop_live_two_boxed(case: Case) -> Decision | None:
    """WSOP Official Live Action Rules 2024, Rule 104: two or more boxed cards among the
    cards needed to complete the hand are a misdeal before substantial action.  Every boxed
    card a scenario describes turned up as the dealer reached it, so it is needed.

    >>> from kb.rules.examples import case
    >>> found = wsop_live_two_boxed(case("boxed-two-cards-during-deal", book="wsop-live"))
    >>> found.remedy, [s.do for s in found.steps]
    ('misdeal', ['gather', 'shuffle', 'cut', 'redeal'])
    """
    cards = _boxed_cards(case)
    if len(cards) < boxed_limit(case) or case.cutoff_reached():
        return None
    return misdeal(case, f"Misdeal (104): {len(cards)} boxed cards ({', '.join(cards)}) "
                   "among the cards needed to complete the hand, found before substantial "
                   "action.")


@decides("wsop-live.foreign-card")
def wsop_live_foreign_card(case: Case) -> Decision | None:
    """WSOP Official Live Action Rules 2024, Rule 22: a card that does not belong to the
    deck voids the hand, with no exception for substantial action or for the stub.  A
    joker is Rule 115's (a scrap of paper).

    >>> from kb.rules.examples import case
    >>> joker = case("case-c43-joker-on-flop-after-all-ins", book="wsop-live")
    >>> wsop_live_foreign_card(joker) is None
    True
    """
    irregularity = ruled_on(case)
    if irregularity.kind != "foreign":
        return None
    card = irregularity.get("cards")[0]
    if card == "Jk":
        return None
    where = irregularity.get("where")
    place = {"stub": "in the stub", "hand": "in a player's hand", "board": "on the board",
             "muck": "in the muck", "burns": "among the burns"}.get(where, "in the deck")
    what = "a card that does not belong to the game" if not is_standard(card) \
        else "a card from another deck"
    return void(case, f"{card}, {what}, turned up {place}: under Rule 22 a foreign card voids "
                "the hand, and every chip goes back to whoever put it in. Rule 22 states no "
                "exception for substantial action or for a card found in the stub (Rule 111 "
                "has one for a card with a different back, which is how the book is "
                "inconsistent).")


@decides("wsop-live.button.misplaced")
def wsop_live_button_next_hand(case: Case) -> Decision | None:
    """WSOP Official Live Action Rules 2024, Rule 109 with 105: a button out of position
    found after substantial action is no misdeal; the button and blinds are set on the next
    hand so that every player gets each position once.

    >>> from kb.rules.examples import case
    >>> wsop_live_button_next_hand(case("wrong-button-after-substantial-action", book="wsop-live")).remedy
    'continue'
    """
    irregularity = ruled_on(case)
    if irregularity.kind != "button" or not case.cutoff_reached():
        return None
    return carry_on(f"The button belonged at seat {irregularity.get('seat')}, but substantial "
                    f"action has occurred ({substantial_action_text(case)}), so there is no "
                    "misdeal and the hand is played out (Rule 105). On the next hand the "
                    "button and the blinds are set so that every player gets each position "
                    "once (Rule 109).", [step("correct-button", seat=irregularity.get("seat"),
                                              when="on the next hand")], provisions=CUTOFF)


@decides("wsop-live.exposed-cards")
def wsop_live_exposed_card(case: Case) -> Decision | None:
    """WSOP Official Live Action Rules 2024, Rule 119 (with 120): a card a player flashes
    plays (as Robert's Rules Irregularities 12); a card the dealer exposes or deals off the
    table in a flop game that is no misdeal (a single later card, or any card once
    substantial action has occurred) is left to the floor, who decides whether the player
    must take it or gets a replacement; the player has no say (120).

    >>> from kb.rules.examples import case
    >>> wsop_live_exposed_card(case("case-c01-exposed-card-self-dealt", book="wsop-live")).remedy
    'floor-decision'
    """
    irregularity = ruled_on(case)
    if irregularity.kind == "player-exposed":
        return rrop_player_flashed(case)
    if irregularity.kind != "exposed" or case.game not in FLOP_GAMES:
        return None
    if (first_two_exposed(case) or too_many_exposed(case)) and not case.cutoff_reached():
        return None                     # Rule 104 makes it a misdeal
    shown = ", ".join(f"seat {i.get('seat')}'s {i.get('card')}" for i in case.all("exposed"))
    late = (f" after substantial action ({substantial_action_text(case)}), so there is no "
            "misdeal (Rule 105)" if case.cutoff_reached() else ", which is no misdeal cause")
    off = " A down card dealt off the table is an exposed card." \
        if any(i.get("off_table") for i in case.all("exposed")) else ""
    return floor_decision(f"The dealer exposed {shown}{late}.{off} Rule 119 lets the floor "
                          "decide whether the player must take the exposed card or gets a "
                          "replacement; the player has no choice of his own (Rule 120).",
                          ("wsop-live.no-option",) + (CUTOFF if case.cutoff_reached() else ()))
