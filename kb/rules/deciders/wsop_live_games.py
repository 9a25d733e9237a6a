"""WSOP Official Live Action Rules 2024, Sections IX (seven-card stud) and X (draw and
lowball): exposed stud down cards (Rule 214), the seventh-street short stub (228), seventh
cards dealt face up (229-230), cards exposed on a draw (Section X's introduction), lowball's
misdeal causes (262) and exposed lowball cards (269, 279).  The book's premature stud card
(227) is the TDA's RP-5-D and rules through its decider.
"""

from __future__ import annotations

from kb.rules.deciders import decides, ruled_on
from kb.rules.deciders.helpers_deal import (
    first_two_exposed,
    supply_button,
    too_many_exposed,
    wrong_count,
)
from kb.rules.deciders.helpers_games import (
    DRAW_OUT,
    card_gone,
    corrective_up,
    draw_exposure,
    replace_exposed,
    third_card_down,
    third_street,
)
from kb.rules.remedies import Decision, cards, carry_on, misdeal, step
from kb.rules.situation import Case

# ---------------------------------------------------------------- seven-card stud


@decides("wsop-live.stud.exposed-down-cards")
def wsop_live_stud_exposed(case: Case) -> Decision | None:
    """WSOP Official Live Action Rules 2024, Rule 214: the dealer exposing a player's first
    or second down card (one or both: the rule's "or" does not limit it to one): the third
    card is dealt face down, so the exposed cards play as up cards; only when the dealer
    exposes all three of a player's initial cards is it a misdeal (before substantial
    action, Rule 105).  Both down cards turned up with the third card dealt up as usual is
    read as the first case (the third card is turned down), the other reading, that all
    three then show and it is a misdeal, being named.  Cash and tournament hands alike.

    >>> from kb.rules.examples import case
    >>> wsop_live_stud_exposed(case("case-c53-stud-third-card-also-dealt-up", book="wsop-live")).remedy
    'continue'
    >>> wsop_live_stud_exposed(case("wsop-live-stud-all-three-exposed", book="wsop-live")).remedy
    'continue'
    """
    if (all_three := _all_three_exposed(case)) is not None:
        return all_three
    if (corrective := corrective_up(case, "Rule 214")) is not None:
        return corrective
    irregularity = third_street(case) or third_street(case, both=True)
    if irregularity is None:
        return None
    if (folded := card_gone(case, irregularity)) is not None:
        return folded
    if not irregularity.get("both"):
        table, steps, seat, card = third_card_down(case, irregularity)
        return carry_on(f"The dealer exposed seat {seat}'s down card {card}: its third card is "
                        "dealt face down (Rule 214), so the exposed card plays as an up card; "
                        "no misdeal.", steps, table)
    table, seat, shown = case.table.copy(), irregularity.get("seat"), irregularity.get("cards")
    table.up.update(shown)
    third = next((c for c in table.hands[seat][2:3] if c not in shown), None)
    steps = []
    if third is not None:
        table.up.discard(third)
        steps.append(step("face-down", seat=seat, card=third))
    other = ("no misdeal could be called any more, substantial action having occurred"
             if case.cutoff_reached() else "the hand would be a misdeal")
    return carry_on(f"The dealer exposed both of seat {seat}'s down cards "
                    f"({' and '.join(shown)}): its third card is dealt face down (Rule 214), so "
                    "the two exposed cards play as up cards; no misdeal, which Rule 214 calls "
                    "only when the dealer exposes all three of a player's initial cards. (Read "
                    "the other way, the third card having been dealt face up as usual, all "
                    f"three would show and {other}, Rule 105.)", steps, table)


def _all_three_exposed(case: Case) -> Decision | None:
    """Rule 214's misdeal: both down cards exposed, then the third card, which the rule
    says to deal face down, dealt face up too (``floor: {replacement-exposed: [1]}``):
    the dealer has exposed all three initial cards (before substantial action, 105)."""
    irregularity = case.irregularity
    if irregularity is None or irregularity.kind != "stud-exposed" \
            or not irregularity.get("replacement") or case.cutoff_reached():
        return None
    seat = irregularity.get("seat")
    down = case.table.hands.get(seat, [])[:2]
    if len(down) < 2 or not all(card in case.table.exposed for card in down):
        return None
    return misdeal(case, f"Misdeal (214): the dealer exposed both of seat {seat}'s down cards "
                   f"and then its third card ({irregularity.get('card')}), which was to be "
                   "dealt face down: all three of its initial cards are exposed.")


@decides("wsop-live.stud.seventh-street-exposed")
def wsop_live_seventh_exposed(case: Case) -> Decision | None:
    """WSOP Official Live Action Rules 2024, Rules 229-230: a seventh-street card dealt face
    up is kept.  An all-in player simply keeps it.  The first player's card up: every
    seventh card is dealt face up (heads-up, the second's too).  A later player's card up:
    the others get theirs down, and that player may declare himself all-in for the current
    pot before acting, or stay in.  The sixth-street leader acts first on seventh.

    >>> from kb.rules.examples import case
    >>> wsop_live_seventh_exposed(case("stud-seventh-street-card-exposed-all-in", book="wsop-live")).remedy
    'continue'
    """
    irregularity = ruled_on(case)
    if irregularity.kind != "stud-exposed" or irregularity.get("street") != "seventh":
        return None
    seat, card = irregularity.get("seat"), irregularity.get("card")
    if card not in case.table.hands.get(seat, ()):
        return carry_on(f"Seat {seat}'s seventh-street card {card} was dealt face up, but the "
                        "player has since folded: there is nothing left to rule.")
    if seat in case.replay.betting.all_in:
        return carry_on(f"Seat {seat} is all-in: its seventh-street card {card}, dealt face "
                        "up, is kept (Rule 229).")
    players = sorted(case.replay.betting.live)
    leader = " The player who acted first on sixth street acts first on seventh."
    if seat == players[0]:
        table = case.table.copy()
        others = [s for s in players if s != seat]
        for other in others:
            table.up.add(table.hands[other][-1])
        return carry_on(f"The first player's seventh-street card ({card}, seat {seat}) was "
                        "dealt face up: it is kept, and every other player's seventh card is "
                        f"dealt face up too (Rules 229-230).{leader}", table=table)
    return carry_on(f"Seat {seat}'s seventh-street card {card}, not the first dealt, was dealt "
                    "face up: it is kept and the other players get theirs face down. Before "
                    f"acting, seat {seat} may declare himself all-in for the current pot, or "
                    f"stay in the hand (Rules 229-230).{leader}")


@decides("wsop-live.stud.short-stub")
def wsop_live_stud_short_stub(case: Case) -> Decision | None:
    """WSOP Official Live Action Rules 2024, Rule 228: before seventh street the unexposed
    stub must hold the players left plus two.  Short, but the stub and the three earlier
    burns suffice: they are scrambled together and the deal is finished (no cut named; the
    street's burn is the one the count provides for, this project's reading).  Still short
    with more than two cards: burn, one common card.  Two or fewer: the stub is scrambled
    with the burns, then burn and one common card.

    >>> from kb.rules.examples import case
    >>> wsop_live_stud_short_stub(case("case-c56-stud-runs-out-eight-players", book="wsop-live")).remedy
    'continue'
    """
    irregularity = ruled_on(case)
    if irregularity.kind != "stud-short-stub":
        return None
    table, players = case.table.copy(), list(case.replay.betting.live)
    stub, required = len(table.stub), irregularity.get("required")
    steps = []
    if stub + 3 >= required or stub <= 2:
        burns = list(table.burns[-3:]) if stub + 3 >= required else list(table.burns)
        del table.burns[len(table.burns) - len(burns):]
        table.stub.extend(burns)
        case.rng.shuffle(table.stub)
        steps += [step("return-to-stub", cards=burns), step("shuffle", cards=len(table.stub))]
    burn = table.take()
    table.burns.append(burn)
    steps.append(step("burn", card=burn, street="seventh"))
    if stub + 3 >= required:
        for seat in players:
            table.hands[seat].append(table.take())
        steps.append(step("deal", street="seventh", seats=players))
        return carry_on(f"The stub holds {cards(stub)}, short of the {required} Rule 228 asks "
                        "for (one per player plus two), but with the three earlier burns it is "
                        "enough: they are scrambled together and the deal is finished. The rule "
                        "names no cut, so none is made; the burn before the seventh-street "
                        "cards is the one the count provides for (this project's reading).",
                        steps, table, random=True)
    common = table.take()
    table.board.append(common)
    steps.append(step("common-card", card=common))
    how = ("the stub is scrambled with the burns, and after a burn" if stub <= 2
           else "after a burn")
    return carry_on(f"The stub holds {cards(stub)}, and even with the three earlier burns "
                    f"there would not be the {required} Rule 228 asks for: {how} one card is "
                    "dealt face up in the centre as a common card for every player.",
                    steps, table, random=stub <= 2)


# ---------------------------------------------------------------- draw and lowball

_LA_BURN = ("Under the Live Action rules' draw section the round is finished first and the "
            "exposed card becomes the burn.")
_A5_FIRST_BURN = ("Rule 279 replaces every card exposed before the draw once the deal is "
                  "over, and the first exposed card is used as the burn.")
_LA_OUT = ("Rule 269 says every exposed card is replaced but not where it goes; it is set "
           "aside, out of play (this project's reading).")


@decides("wsop-live.draw.exposed-on-draw")
def wsop_live_exposed_on_draw(case: Case) -> Decision | None:
    """WSOP Official Live Action Rules 2024, Section X (introduction): a card exposed on a
    draw is replaced by the top card once the round is finished, and the exposed card is
    the burn (two or more: one of them is the next burn).

    >>> from kb.rules.examples import case
    >>> wsop_live_exposed_on_draw(case("case-c04-27-triple-draw-exposed-on-draw", book="wsop-live")).remedy
    'continue'
    """
    irregularity = draw_exposure(case)
    if irregularity is None or irregularity.kind != "draw-exposed":
        return None
    return replace_exposed(case, irregularity, "was exposed on the draw", _LA_BURN)


@decides("wsop-live.lowball.ace-to-five-exposed")
def wsop_live_ace_to_five(case: Case) -> Decision | None:
    """WSOP Official Live Action Rules 2024, Rule 279: in limit ace-to-five lowball every
    card exposed before the draw is replaced after the deal; the first is the burn (a low
    card too: no card is kept).

    >>> from kb.rules.examples import case
    >>> wsop_live_ace_to_five(case("lowball-a5-exposed-high-card-before-draw", book="wsop-live")).remedy
    'continue'
    """
    irregularity = draw_exposure(case)
    if irregularity is None or irregularity.kind != "exposed" or case.game != "lowball-a5":
        return None
    return replace_exposed(case, irregularity, "was exposed before the draw", _A5_FIRST_BURN)


@decides("wsop-live.lowball.exposed-cards")
def wsop_live_lowball_exposed(case: Case) -> Decision | None:
    """WSOP Official Live Action Rules 2024, Rule 269 (with 283 for deuce-to-seven): every
    card exposed during the deal is replaced; the rule does not say where the exposed card
    goes, so it is set aside out of play (this project's reading).

    >>> from kb.rules.examples import case
    >>> wsop_live_lowball_exposed(case("lowball-27-exposed-card-before-draw", book="wsop-live")).remedy
    'continue'
    """
    irregularity = draw_exposure(case)
    if irregularity is None or irregularity.kind != "exposed":
        return None
    decision = replace_exposed(case, irregularity, "was exposed during the deal", DRAW_OUT)
    decision.explanation = decision.explanation.replace(DRAW_OUT, _LA_OUT)
    return decision


_SEATS = {"dealt-to": "seat {seat}, not entitled to a hand, was dealt in",
          "first-to": "the first card went to seat {seat}",
          "button": "the button was out of position (it belonged at seat {seat})",
          "dealt-out": "seat {seat}, entitled to a hand, was dealt out"}


@decides("wsop-live.lowball.misdeals")
def wsop_live_lowball_misdeal(case: Case) -> Decision | None:
    """WSOP Official Live Action Rules 2024, Rule 262: lowball's misdeal causes before
    substantial action: the first or second card or two cards exposed, two or more extra
    cards, a wrong number of cards (the button may receive one more card: a short button is
    given its missing card, this project's reading), the button out of position, the first
    card to the wrong seat, cards to an empty seat, a player dealt out.  One extra card is
    Rule 118's (the burn); boxed cards are no cause here.

    >>> from kb.rules.examples import case
    >>> wsop_live_lowball_misdeal(case("wsop-live-27-empty-seat-dealt-in", book="wsop-live")).remedy
    'misdeal'
    """
    irregularity = ruled_on(case)
    if case.cutoff_reached():
        return None
    kind = irregularity.kind
    if kind == "exposed":
        if not (first_two_exposed(case) or too_many_exposed(case)):
            return None
        which = "one of the first two cards" if first_two_exposed(case) else "two or more cards"
        return misdeal(case, f"Misdeal (262): {which} of the deal exposed by the dealer, "
                       "before substantial action.")
    seat_kind = "dealt-out" if kind == "wrong-count" and irregularity.get("count") == 0 \
        else kind
    if seat_kind in _SEATS:
        what = _SEATS[seat_kind].format(seat=irregularity.get("seat"))
        return misdeal(case, f"Misdeal (262): {what}, before substantial action.",
                       button=irregularity.get("seat") if kind == "button" else None)
    return _lowball_count(case)


def _lowball_count(case: Case) -> Decision | None:
    irregularity = ruled_on(case)
    held = wrong_count(case)
    if held is None or irregularity.get("by") == "player":
        return None
    seat, count = held
    if irregularity.kind == "extra" and irregularity.get("count") == 1:
        return None                          # Rule 118: the extra card is the burn
    proper = case.proper_cards
    if seat == case.scenario.button and count == proper - 1:
        table, supplied, note = supply_button(case, seat, count)
        return carry_on(f"The button (seat {seat}) is one card short: under Rule 262 the "
                        f"button may receive one more card, so it is given {supplied[0]} and "
                        "there is no misdeal (reading \"may receive one more card\" as the "
                        "short button's missing card is this project's reading)." + note,
                        [step("supply", seat=seat, cards=supplied)], table)
    return misdeal(case, f"Misdeal (262): seat {seat} was dealt {cards(count)} instead of "
                   f"{proper}, before substantial action.")
