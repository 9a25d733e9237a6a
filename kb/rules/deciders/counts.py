"""Wrong card counts: extra cards, short hands, the button's missing card, and hands with
the wrong count found after the cutoff (topics extra-cards, short-hands,
wrong-count-after-action, card-count)."""

from __future__ import annotations

from kb.hand.scenario import DRAW_GAMES, STUD_GAMES
from kb.rules.deciders import decides
from kb.rules.remedies import Decision, before_sa, cards, carry_on, misdeal, step


def wrong_count(case) -> tuple[int, int] | None:
    """(seat, cards held) of the hand the irregularity is about, or None."""
    irregularity = case.irregularity
    if irregularity.kind == "wrong-count":
        return irregularity.get("seat"), irregularity.get("count")
    if irregularity.kind == "short":
        return irregularity.get("seat"), case.proper_cards - 1
    if irregularity.kind == "extra":
        return irregularity.get("seat"), case.proper_cards + irregularity.get("count")
    return None


@decides("rrop.holdem.extra-card", "house.casino.extra-card")
def rrop_one_extra_card(case):
    """Robert's Rules of Poker v11, Hold'em 2 (also house 13.3): one extra card dealt to the
    first player after the deal goes back on the deck and is the flop burn."""
    irregularity = case.irregularity
    if irregularity.kind != "extra" or irregularity.get("count") != 1 or case.table.board:
        return None
    table, seat = case.table.copy(), irregularity.get("seat")
    card = irregularity.get("cards")[-1]
    if card not in table.hands.get(seat, ()):
        return None          # the player already folded it into the muck: not this rule
    table.hands[seat].remove(card)
    table.burns.append(card)
    return carry_on(f"One extra card ({card}) went to the first player after the deal: it "
                    "goes back on the deck as the flop burn.",
                    [step("return-to-stub", card=card, position="top"),
                     step("burn", card=card, street="flop")], table)


@decides("rrop.misdeals.extra-cards", "house.casino.extra-cards-misdeal")
def rrop_extra_cards(case):
    """Robert's Rules of Poker v11, Misdeals 2(d) and Hold'em 2 (also house 13.4): two or
    more extra cards in the starting hands are a misdeal before action has begun."""
    irregularity = case.irregularity
    if irregularity.kind != "extra" or irregularity.get("count") < 2 or case.cutoff_reached():
        return None
    return misdeal(case, f"Misdeal: {irregularity.get('count')} extra cards were dealt in "
                   "the starting hands before action began.", ("rrop.holdem.extra-card",))


@decides("rrop.misdeals.wrong-count")
def rrop_wrong_count(case):
    """Robert's Rules of Poker v11, Misdeals 2(e): a wrong number of cards is a misdeal
    before action has begun, except that the top card may be dealt to a short player if it
    reaches them in proper sequence (the seat skipped was the last to be dealt)."""
    held = wrong_count(case)
    if held is None or case.cutoff_reached():
        return None
    seat, count = held
    if case.irregularity.kind == "short" and case.irregularity.get("last") \
            and not case.table.board:
        table = case.table.copy()
        card = table.take()
        table.hands[seat].append(card)
        return carry_on(f"Seat {seat} was skipped as the last seat of the last round, so the "
                        "top card reaches it in proper sequence: it is dealt that card.",
                        [step("supply", seat=seat, card=card)], table)
    return misdeal(case, f"Misdeal: seat {seat} holds {cards(count)} instead of "
                   f"{case.proper_cards}, found before action began.")


@decides("tda.button-short", "tda.misdeal.button-two-cards")
def tda_button_short(case):
    """Poker TDA 2024 Rule 37 and 35-B: a button dealt too few cards may be given the
    missing card, even after substantial action; if the button acted holding too few
    cards, its hand is dead."""
    held = wrong_count(case)
    if held is None or held[0] != case.scenario.button or held[1] >= case.proper_cards:
        return None
    seat, count = held
    table = case.table.copy()
    if any(r.seat == seat for r in case.records):
        table.kill(seat)
        return Decision("dead-hand", f"The button (seat {seat}) acted holding "
                        f"{cards(count)}: its hand is dead.", [step("kill", seat=seat)], table,
                        ("tda.button-short",))
    supplied = [table.take() for _ in range(case.proper_cards - count)]
    table.hands[seat].extend(supplied)
    after = ", as Rule 37 allows even after substantial action" \
        if case.substantial_action() else ""
    return carry_on(f"The button (seat {seat}) was dealt too few cards and has not acted: it "
                    f"is given the missing card from the top of the stub{after}.",
                    [step("supply", seat=seat, cards=supplied)], table,
                    ("tda.button-short", "tda.misdeal.button-two-cards"))


@decides("tda.misdeal.wrong-count")
def tda_wrong_count(case):
    """Poker TDA 2024 35-A-5: the wrong number of cards to any player is a misdeal before
    substantial action (the button's short hand excepted, Rule 37)."""
    held = wrong_count(case)
    if held is None or case.cutoff_reached():
        return None
    seat, count = held
    if seat == case.scenario.button and count < case.proper_cards:
        return None                      # Rule 37 decides the button's short hand
    note, cited = before_sa(case)
    return misdeal(case, f"Misdeal (35-A-5): seat {seat} was dealt {cards(count)} instead of "
                   f"{case.proper_cards}, before substantial action." + note, cited)


def wrong_counts(case) -> list[tuple[int, int]]:
    """(seat, cards held) of every hand found with the wrong number of cards."""
    held = {}
    for irregularity in case.replay.irregularities:
        if irregularity.kind == "wrong-count":
            held[irregularity.get("seat")] = irregularity.get("count")
        elif irregularity.kind == "short":
            held[irregularity.get("seat")] = case.proper_cards - 1
        elif irregularity.kind == "extra":
            held[irregularity.get("seat")] = case.proper_cards + irregularity.get("count")
    return [(seat, n) for seat, n in held.items() if n != case.proper_cards]


def _kill_all(case, seats) -> tuple:
    table = case.table.copy()
    for seat in seats:
        table.kill(seat)
    return table, [step("kill", seat=seat) for seat in seats]


def _listing(held) -> str:
    return ", ".join(f"seat {seat} holds {cards(count)}" for seat, count in held)


@decides("tda.burns-after-substantial-action")
def tda_kill_after_sa(case):
    """Poker TDA 2024 Rule 38 with Addendum Ex. 1-A/1-B: after substantial action a hand
    with the wrong number of cards is killed and mucked; the stub is a normal stub and
    exactly one card is burned for each later street (no burning two to restore order, and
    an extra card is not the burn)."""
    if wrong_count(case) is None or case.substantial_action() is None:
        return None
    held = wrong_counts(case)
    if not held:
        return None
    table, steps = _kill_all(case, [seat for seat, _ in held])
    examples = tuple(dict.fromkeys("tda.addendum.38-1a" if n < case.proper_cards
                                   else "tda.addendum.38-1b" for _, n in held))
    return Decision("dead-hand", f"Substantial action has occurred and {_listing(held)} "
                    f"instead of {case.proper_cards}: "
                    f"{'the hand is' if len(held) == 1 else 'those hands are'} dead and mucked; "
                    "the dealer burns exactly one card for each later street.", steps, table,
                    ("tda.burns-after-substantial-action",) + examples)


def _rrop_live(case, seat: int, count: int) -> str | None:
    """Why Dead Hands 1(d)'s exceptions keep a hand live, or None."""
    if count >= case.proper_cards:
        return None
    if case.game in DRAW_GAMES and "draw" not in case.replay.streets:
        return f"seat {seat} is short before the draw, which at draw games is live"
    if case.game in STUD_GAMES and case.proper_cards == 7 and count == 6:
        return f"seat {seat} misses only its final stud card and may be ruled live"
    return None


@decides("rrop.dead-hands.wrong-count")
def rrop_dead_wrong_count(case):
    """Robert's Rules of Poker v11, Dead Hands 1(d): after action has begun, a hand without
    the proper number of cards is dead, except a stud hand missing only its final card (may
    be live, Explanations #4) and a draw hand short before the draw (live)."""
    if wrong_count(case) is None or not case.cutoff_reached():
        return None
    held = wrong_counts(case)
    live = [why for seat, n in held if (why := _rrop_live(case, seat, n))]
    dead = [(seat, n) for seat, n in held if not _rrop_live(case, seat, n)]
    if not held:
        return None
    if not dead:
        return carry_on("Action has begun, but " + "; ".join(live) + ".",
                        provisions=("rrop.explanations.stud-missing-card",)
                        if case.game in STUD_GAMES else ())
    table, steps = _kill_all(case, [seat for seat, _ in dead])
    return Decision("dead-hand", f"Action has begun and {_listing(dead)} instead of "
                    f"{case.proper_cards}: {'that hand is' if len(dead) == 1 else 'those hands are'}"
                    " dead.", steps, table)
