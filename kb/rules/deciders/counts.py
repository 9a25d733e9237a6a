"""Wrong card counts: extra cards, short hands, the button's missing card, and hands with
the wrong count found after the cutoff (topics extra-cards, short-hands,
wrong-count-after-action, card-count)."""

from __future__ import annotations

from kb.hand.scenario import DRAW_GAMES, STUD_GAMES
from kb.hand.table import Table
from kb.rules.deciders import decides, ruled_on
from kb.rules.deciders.helpers_deal import (
    nothing_dealt_since,
    short_exception,
    supply_button,
    wrong_count,
    wrong_counts,
)
from kb.rules.remedies import Decision, before_sa, cards, carry_on, floor_decision, misdeal, step
from kb.rules.ruling import Step
from kb.rules.situation import Case


def _extra_card_as_burn(case: Case, text_provisions: tuple[str, ...] = ()) -> Decision | None:
    """One extra card dealt to the first player after the starting hands goes back on the
    deck as the flop burn; None when the hand is not that case (the card is not known, it
    was folded, or the flop is out)."""
    irregularity = ruled_on(case)
    if irregularity.kind != "extra" or irregularity.get("count") != 1 or case.table.board:
        return None
    table, seat = case.table.copy(), irregularity.get("seat")
    card = irregularity.get("cards")[-1]
    if card not in table.hands.get(seat, ()):
        return None          # the player already folded it into the muck: not this rule
    table.hands[seat].remove(card)
    table.burns.append(card)
    street = "draw" if case.game in DRAW_GAMES else "flop"
    return carry_on(f"One extra card ({card}) went to the first player after the deal: it "
                    f"goes back on the deck as the {street} burn.",
                    [step("return-to-stub", card=card, position="top"),
                     step("burn", card=card, street=street)], table, text_provisions)


_RROP_BURN = ("rrop.holdem.extra-card", "rrop.irregularities.extra-card")


@decides("rrop.holdem.extra-card", "rrop.irregularities.extra-card")
def rrop_one_extra_card(case: Case) -> Decision | None:
    """Robert's Rules of Poker v11, Hold'em 2 and Irregularities 11 (the latter's number
    known only by position in the WSOP Live Action rules, partial): one extra card dealt to
    the first player after the deal goes back on the deck and is the flop burn.  Both are
    exceptions to Misdeals 2(e).

    >>> from kb.rules.examples import case
    >>> found = rrop_one_extra_card(case("extra-card-first-player-tournament"))
    >>> found.remedy, [s.do for s in found.steps]
    ('continue', ['return-to-stub', 'burn'])
    """
    return _extra_card_as_burn(case, _RROP_BURN)


@decides("house.casino.extra-card")
def house_one_extra_card(case: Case) -> Decision | None:
    """House 13.3 (the casino's copy of Robert's Rules Hold'em 2): one extra card to the
    first player after the deal is the flop burn.

    >>> from kb.rules.examples import case
    >>> found = house_one_extra_card(case("extra-card-first-player-tournament"))
    >>> found.remedy, [s.do for s in found.steps]
    ('continue', ['return-to-stub', 'burn'])
    """
    return _extra_card_as_burn(case)


@decides("rrop.misdeals.extra-cards", "house.casino.extra-cards-misdeal")
def rrop_extra_cards(case: Case) -> Decision | None:
    """Robert's Rules of Poker v11, Misdeals 2(d) and Hold'em 2 (also house 13.4): two or
    more extra cards in the starting hands are a misdeal before action has begun.

    >>> from kb.rules.examples import case
    >>> found = rrop_extra_cards(case("extra-three-cards-first-player"))
    >>> found.remedy, [s.do for s in found.steps]
    ('misdeal', ['gather', 'shuffle', 'cut', 'redeal'])
    """
    irregularity = ruled_on(case)
    if irregularity.kind != "extra" or irregularity.get("count") < 2 or case.cutoff_reached():
        return None
    return misdeal(case, f"Misdeal: {irregularity.get('count')} extra cards were dealt in "
                   "the starting hands before action began." + _acted(case),
                   ("rrop.holdem.extra-card",))


def _acted(case: Case) -> str:
    """Robert's Rules Misdeals 1 in words when one player has acted (not yet the cutoff).
    Nothing under another book's cutoff that reuses this decider through ``same-as`` (WSOP
    Live Action Rule 104 with its Rule 105, where two folds are not yet the cutoff)."""
    if not case.records or case.cutoff_rule != "rrop":
        return ""
    return (f" Only seat {case.records[0].seat} has acted, and Misdeals 1 needs two players "
            "acting before a misdeal can no longer be called.")


def in_sequence(case: Case, seat: int, count: int) -> bool:
    """Whether the top card of the stub reaches the short ``seat`` in proper sequence
    (Robert's Rules of Poker v11, Misdeals 2(e)'s exception).

    The book does not define "in sequence"; this project's reading: the seat is exactly one
    card short, it is the last seat of the deal order (the button, or the seat dealt last
    heads-up), and no card has come off the stub since the deal, so the next card of the
    stub is the very card that seat would have received on the last round.  Any other
    short seat was skipped mid-round: every later seat then holds a card meant for the
    seat before it, and the top card would be out of sequence.  Stud hands (dealt from the
    lowest seat, part down and part up) are in sequence only when the seat was skipped as
    the last seat of the street just dealt (:func:`_stud_in_sequence`).

    >>> from types import SimpleNamespace as NS
    >>> case = NS(game="holdem", proper_cards=2, replay=NS(deal_order=(1, 2, 3), streets=[]),
    ...           table=NS(board=[], burns=[]))
    >>> in_sequence(case, 3, 1), in_sequence(case, 2, 1), in_sequence(case, 3, 0)
    (True, False, False)
    """
    if case.game in STUD_GAMES:
        return count == case.proper_cards - 1 and _stud_in_sequence(case, seat)
    order = case.replay.deal_order
    return (count == case.proper_cards - 1 and bool(order) and seat == order[-1]
            and nothing_dealt_since(case))


def _stud_in_sequence(case: Case, seat: int) -> bool:
    """A stud seat skipped on a street (``skipped``) gets the top card in sequence when it
    was the last seat that street dealt to and no street has been dealt since: no later
    seat holds its card, so the top of the stub is the very card it would have received
    (the fact sheet's reading of Misdeals 2(e): the last player dealt, or a skip noticed at
    once)."""
    irregularity = ruled_on(case)
    if irregularity.kind != "stud-skipped" or not case.replay.streets:
        return False
    street = irregularity.get("street")
    dealt_to = [s for s in case.replay.betting.live if s in case.table.hands]
    return (case.replay.streets[-1] == street and bool(dealt_to)
            and seat == max(dealt_to))


def _supply_in_sequence(case: Case, seat: int) -> Decision:
    """Misdeals 2(e)'s exception: the top card goes to the short seat.  A hand found with a
    count only (``found: wrong-count``) was replayed in full: the card it holds last is the
    one the top of the stub gives it, so the table stands as replayed."""
    table = case.table.copy()
    hand = table.hands.setdefault(seat, [])
    if len(hand) < case.proper_cards:
        card = table.take()
        hand.append(card)
        if case.game in STUD_GAMES and case.replay.streets[-1] != "seventh":
            table.up.add(card)          # fourth to sixth street cards are dealt face up
        note = ""
    else:
        card = hand[-1]
        note = (" The scenario gives only the card count, so the table shows the hand as "
                f"replayed, with {card} as the card the top of the stub gives it.")
    when = (f"was the last seat {case.replay.streets[-1]} street dealt to, skipped, and no "
            "card has been dealt since" if case.game in STUD_GAMES else
            "was the last seat dealt, and nothing has come off the deck since the deal")
    return carry_on(f"Seat {seat} is one card short and {when}, so the top card reaches it in "
                    f"proper sequence (Misdeals 2(e)'s exception): it is dealt {card} and no "
                    "misdeal is called." + note,
                    [step("supply", seat=seat, card=card)], table)


@decides("rrop.misdeals.wrong-count")
def rrop_wrong_count(case: Case) -> Decision | None:
    """Robert's Rules of Poker v11, Misdeals 2(e): a player dealt the wrong number of cards,
    too few or too many, found before action has begun (Misdeals 1: two players acting) is
    a misdeal, except when the top card can go to a short player in proper sequence (see
    :func:`in_sequence`) and, for one extra card dealt to the first player after the deal,
    Hold'em 2 / Irregularities 11 (the card is the burn).

    A hand found too long with ``found: wrong-count`` does not say which card is extra or
    when it came, so the burn exception is not shown and the hand is a misdeal (this
    project's reading; ``deal: {extra: 1}`` writes the exception's case).  After the
    cutoff this provision does not decide (Dead Hands 1(d) does).

    >>> from kb.rules.examples import case
    >>> found = rrop_wrong_count(case("button-short-before-action"))
    >>> found.remedy, [s.do for s in found.steps]
    ('continue', ['supply'])
    """
    held = wrong_count(case)
    if held is None or case.cutoff_reached():
        return None
    seat, count = held
    burn = _extra_card_as_burn(case, _RROP_BURN)
    if burn is not None:
        return burn
    if count < case.proper_cards and in_sequence(case, seat, count):
        return _supply_in_sequence(case, seat)
    if count < case.proper_cards:
        why = (" The top card cannot go to it in sequence: "
               + ("it is more than one card short." if count < case.proper_cards - 1 else
                  "cards have come off the deck since the deal." if
                  case.replay.deal_order and seat == case.replay.deal_order[-1] else
                  "it was not the last seat dealt, so every later seat holds a card that was "
                  "meant for the seat before it."))
    elif case.game in STUD_GAMES:
        why = " Too many cards are a misdeal under this rule."
    else:
        why = (" Too many cards are a misdeal under this rule. The one exception, a single "
               "extra card dealt to the first player after the deal, which goes back as the "
               "burn (Irregularities 11; Hold'em 2 in hold'em), needs that card to be known; "
               "a hand found with only its count does not show which card is extra or when "
               "it came.")
    return misdeal(case, f"Misdeal (Misdeals 2(e)): seat {seat} holds {cards(count)} instead "
                   f"of {case.proper_cards}, found before action began." + _acted(case) + why)


@decides("tda.button-short")
def tda_button_short(case: Case) -> Decision | None:
    """Poker TDA 2024 Rule 37 (2026: 39) with 35-B: a button dealt too few cards may be
    given the missing card, even after substantial action; if the button acted holding too
    few cards, its hand is dead.  Rule 37 is the button's own rule, so it is cited before
    the general ones (35-A-5 before substantial action, Rule 38 after it, which then still
    says what becomes of the dead hand's cards and the burns).

    A hand found with a count only (``found: wrong-count``) was replayed in full; where the
    missing card would come in sequence (nothing dealt since the deal) the table stands as
    replayed, as in :func:`_supply_in_sequence`.

    >>> from kb.rules.examples import case
    >>> found = tda_button_short(case("button-short-after-substantial-action", book="tda"))
    >>> found.remedy, [s.do for s in found.steps]
    ('continue', ['supply'])
    """
    held = wrong_count(case)
    if held is None or held[0] != case.scenario.button or held[1] >= case.proper_cards:
        return None
    seat, count = held
    after_sa = case.substantial_action() is not None
    if any(r.seat == seat for r in case.records):
        table = case.table.copy()
        table.kill(seat)
        also = (" Rule 38 then applies as to any hand killed after substantial action: its "
                "cards go to the muck and exactly one card is burned for each later street."
                if after_sa else "")
        return Decision("dead-hand", f"The button (seat {seat}) acted holding "
                        f"{cards(count)}: under Rule 37, the button's own rule, its hand is "
                        "dead." + also, [step("kill", seat=seat)], table,
                        ("tda.button-short",) + (("tda.burns-after-substantial-action",)
                                                 if after_sa else ()))
    table, supplied, note = supply_button(case, seat, count)
    after = ", as Rule 37 allows even after substantial action" if after_sa else ""
    return carry_on(f"The button (seat {seat}) was dealt too few cards and has not acted: it "
                    f"is given the missing card from the top of the stub{after} (the button "
                    "may take two cards in a row, 35-B)." + note,
                    [step("supply", seat=seat, cards=supplied)], table,
                    ("tda.button-short", "tda.misdeal.button-two-cards"))


@decides("tda.misdeal.wrong-count")
def tda_wrong_count(case: Case) -> Decision | None:
    """Poker TDA 2024 35-A-5: the wrong number of cards to any player is a misdeal before
    substantial action (the button's short hand excepted, Rule 37).

    >>> from kb.rules.examples import case
    >>> found = tda_wrong_count(case("case-c08-misdeal-after-two-folds", book="tda"))
    >>> found.remedy, [s.do for s in found.steps]
    ('misdeal', ['gather', 'shuffle', 'cut', 'redeal'])
    """
    held = wrong_count(case)
    if held is None or case.cutoff_reached():
        return None
    seat, count = held
    if seat == case.scenario.button and count < case.proper_cards:
        return None                      # Rule 37 decides the button's short hand
    note, cited = before_sa(case)
    return misdeal(case, f"Misdeal (35-A-5): seat {seat} was dealt {cards(count)} instead of "
                   f"{case.proper_cards}, before substantial action." + note, cited)


def _kill_all(case: Case, seats: list[int]) -> tuple[Table, list[Step]]:
    table = case.table.copy()
    for seat in seats:
        table.kill(seat)
    return table, [step("kill", seat=seat) for seat in seats]


def _listing(held: list[tuple[int, int]]) -> str:
    return ", ".join(f"seat {seat} holds {cards(count)}" for seat, count in held)


@decides("tda.burns-after-substantial-action")
def tda_kill_after_sa(case: Case) -> Decision | None:
    """Poker TDA 2024 Rule 38 with Addendum Ex. 1-A/1-B: after substantial action a hand
    with the wrong number of cards is killed and mucked; the stub is a normal stub and
    exactly one card is burned for each later street (no burning two to restore order, and
    an extra card is not the burn).

    >>> from kb.rules.examples import case
    >>> found = tda_kill_after_sa(case("case-c14-one-card-button-bets", book="tda"))
    >>> found.remedy, [s.do for s in found.steps]
    ('dead-hand', ['kill'])
    """
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


_RROP_LIVE = {"draw": "seat {seat} is short before the draw, which at draw games is live",
              "stud": "seat {seat} misses only its final stud card and may be ruled live"}


def _rrop_live(case: Case, seat: int, count: int) -> str | None:
    """Why Dead Hands 1(d)'s exceptions keep a hand live, or None."""
    exception = short_exception(case, count)
    return _RROP_LIVE[exception].format(seat=seat) if exception else None


@decides("rrop.dead-hands.wrong-count")
def rrop_dead_wrong_count(case: Case) -> Decision | None:
    """Robert's Rules of Poker v11, Dead Hands 1(d): after action has begun, a hand without
    the proper number of cards is dead, except a stud hand missing only its final card (may
    be live, Explanations #4) and a draw hand short before the draw (live).

    >>> from kb.rules.examples import case
    >>> found = rrop_dead_wrong_count(case("button-short-after-substantial-action"))
    >>> found.remedy, [s.do for s in found.steps]
    ('dead-hand', ['kill'])
    """
    if wrong_count(case) is None or not case.cutoff_reached():
        return None
    held = wrong_counts(case)
    live = [why for seat, n in held if (why := _rrop_live(case, seat, n))]
    dead = [(seat, n) for seat, n in held if not _rrop_live(case, seat, n)]
    if not held:
        return None
    if not dead:
        text = "Action has begun, but " + "; ".join(live) + "."
        if case.game in STUD_GAMES:
            # "may be ruled live": the floor rules whether it is (issue 21, a seat skipped
            # on seventh street); a draw hand short before the draw simply is live
            return floor_decision(text + " Whether it is live is the floor's ruling: the "
                                  "rule says it may be, not that it is.",
                                  ("rrop.explanations.stud-missing-card",))
        return carry_on(text)
    table, steps = _kill_all(case, [seat for seat, _ in dead])
    return Decision("dead-hand", f"Action has begun and {_listing(dead)} instead of "
                    f"{case.proper_cards}: {'that hand is' if len(dead) == 1 else 'those hands are'}"
                    " dead.", steps, table)
