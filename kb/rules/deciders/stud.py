"""Seven-card stud: exposed down cards, running out of cards and premature stud cards
(topics stud-exposed-down-cards, stud-running-out; premature-turn, where the knowledge base
files TDA RP-5-D)."""

from __future__ import annotations

from kb.hand.table import Table
from kb.rules.deciders import decides, ruled_on
from kb.rules.deciders.helpers_games import (
    BEFORE_STUD,
    card_gone,
    corrective_up,
    redeal_stud_street,
    third_card_down,
    third_street,
)
from kb.rules.remedies import (
    Decision,
    carry_on,
    cut,
    floor_decision,
    misdeal,
    step,
)
from kb.rules.situation import Case


@decides("rrop.stud.exposed-down-card")
def rrop_stud_exposed(case: Case) -> Decision | None:
    """Robert's Rules of Poker v11, Seven-Card Stud 5 (partial; seed 000 says 1): a first or
    second hole card turned up by accident: the player's third card is dealt face down.
    Cash games; RRoP tournaments call a misdeal (Tournaments 32).

    >>> from kb.rules.examples import case
    >>> found = rrop_stud_exposed(case("case-c53-stud-third-card-also-dealt-up"))
    >>> found.remedy, [s.do for s in found.steps]
    ('continue', ['face-down'])
    """
    if (seventh := _rrop_seventh(case)) is not None:
        return seventh
    if case.scenario.setting != "tournament" and \
            (corrective := corrective_up(case, "Seven-Card Stud 5")) is not None:
        return corrective
    irregularity = third_street(case)
    if irregularity is None or case.scenario.setting == "tournament":
        return None
    if (folded := card_gone(case, irregularity)) is not None:
        return folded
    table, steps, seat, card = third_card_down(case, irregularity)
    return carry_on(f"Seat {seat}'s down card {card} was exposed on the deal: the player's "
                    "third card is dealt face down (the text seen is cut off after its first "
                    "words; the practice is confirmed elsewhere).", steps, table)


def _rrop_seventh(case: Case) -> Decision | None:
    """A seventh-street card the dealer exposed with betting still to come: Robert's Rules
    bars a misdeal once action has begun (Misdeals 1) and sends a dealer-exposed card to the
    game's own rules (Irregularities 13), whose stud text seen stops at the first two down
    cards; whether the card is kept or replaced decides the hand, so the floor decides, as
    for a premature stud card (issue 21).  None when the card is gone or no betting remains
    (the hand simply plays on)."""
    irregularity = ruled_on(case)
    if irregularity.kind != "stud-exposed" or irregularity.get("street") != "seventh":
        return None
    seat, card = irregularity.get("seat"), irregularity.get("card")
    betting = [s for s in case.replay.betting.live if s not in case.replay.betting.all_in]
    if card not in case.table.hands.get(seat, ()) or len(betting) < 2:
        return None
    return floor_decision(
        f"Seat {seat}'s seventh-street card {card} was exposed by the dealer with betting "
        "still to come. Action has begun, so there is no misdeal (Misdeals 1), and the "
        "player may not take or refuse the card (Irregularities 13): the game's own rules "
        "govern, and the stud rules seen speak only of the first two down cards. Whether the "
        "card is kept or replaced, or the others' last cards dealt up too, is not said, so "
        "the floor decides. The other reading: with no rule to apply, the hand is played on "
        "with the card as it lies.", ("rrop.irregularities.no-option", "rrop.misdeals.cutoff"))


@decides("rrop.stud.both-down-exposed")
def rrop_stud_both_exposed(case: Case) -> Decision | None:
    """Robert's Rules of Poker v11, Seven-Card Stud 5 (UNCONFIRMED; seed 000's claim, citing
    rule 1): both hole cards turned up on the deal: the hand is dead and the player's ante is
    returned.  Cash games; RRoP tournaments call a misdeal (Tournaments 32).

    >>> from kb.rules.examples import case
    >>> found = rrop_stud_both_exposed(case("stud-both-down-cards-exposed-cash"))
    >>> found.remedy, [s.do for s in found.steps]
    ('dead-hand', ['kill', 'refund'])
    """
    irregularity = third_street(case, both=True)
    if irregularity is None or case.scenario.setting == "tournament":
        return None
    if (folded := card_gone(case, irregularity)) is not None:
        return folded
    seat, table = irregularity.get("seat"), case.table.copy()
    table.kill(seat)
    shown = " and ".join(irregularity.get("cards"))
    return Decision("dead-hand", f"Both of seat {seat}'s down cards ({shown}) were turned up "
                    "on the deal: the hand is dead and the player's ante is returned (as the "
                    "MyHomeGame chapter reports the rule; the book's text was not seen).",
                    [step("kill", seat=seat), step("refund", seat=seat, chips="ante")], table)


@decides("rrop.tournaments.stud-exposed-misdeal")
def rrop_tournament_stud_exposed(case: Case) -> Decision | None:
    """Robert's Rules of Poker v11, Tournaments 32 (partial): in a stud tournament a down card
    dealt face up on the initial deal is a misdeal (before action has begun); one or both.

    >>> from kb.rules.examples import case
    >>> rrop_tournament_stud_exposed(case("stud-exposed-down-card-initial-deal-tournament")).remedy
    'misdeal'
    """
    irregularity = third_street(case) or third_street(case, both=True)
    if irregularity is None or case.scenario.setting != "tournament" or case.cutoff_reached():
        return None
    return misdeal(case, f"Misdeal: seat {irregularity.get('seat')}'s down card was dealt "
                   "face up on the initial deal of a stud tournament hand.")


@decides("tda.rp.stud-exposed-initial")
def tda_stud_exposed_initial(case: Case) -> Decision | None:
    """Poker TDA 2024 RP-10-A: a down card exposed on the initial deal becomes the player's
    up card, and the third-street card is dealt face down (the player may be the bring-in).
    It speaks of one exposed down card; both exposed is left open (no decision here).

    >>> from kb.rules.examples import case
    >>> tda_stud_exposed_initial(case("case-c53-stud-third-card-also-dealt-up", book="tda")).remedy
    'continue'
    """
    if (corrective := corrective_up(case, "RP-10-A")) is not None:
        return corrective
    irregularity = third_street(case)
    if irregularity is None:
        return None
    if (folded := card_gone(case, irregularity)) is not None:
        return folded
    table, steps, seat, card = third_card_down(case, irregularity)
    return carry_on(f"Seat {seat}'s exposed down card {card} becomes its up card and its "
                    "third-street card is dealt face down; no misdeal.", steps, table)


@decides("tda.rp.stud-seventh-exposed")
def tda_stud_seventh_exposed(case: Case) -> Decision | None:
    """Poker TDA 2024 RP-10-B: a seventh-street card the dealer exposes is replaced if
    betting action remains in the hand; with no betting left (fewer than two players who can
    still bet) it is not replaced, this project's reading of the 'if' (the rule only adds
    that seventh street is dealt face down even then).

    >>> from kb.rules.examples import case
    >>> tda_stud_seventh_exposed(case("stud-seventh-street-card-exposed-all-in", book="tda")).remedy
    'continue'
    """
    irregularity = ruled_on(case)
    if irregularity.kind != "stud-exposed" or irregularity.get("street") != "seventh":
        return None
    seat, card = irregularity.get("seat"), irregularity.get("card")
    if card not in case.table.hands.get(seat, ()):
        gone = "the player has since folded" if not case.table.hands.get(seat) \
            else "the card is no longer in the player's hand"
        return carry_on(f"Seat {seat}'s seventh-street card {card} was exposed, but {gone}: "
                        "there is nothing left to replace.")
    betting = [s for s in case.replay.betting.live if s not in case.replay.betting.all_in]
    if len(betting) < 2:
        return carry_on(f"Seat {seat}'s seventh-street card {card} was exposed, but no betting "
                        "action remains: it is not replaced.")
    table = case.table.copy()
    new = table.take()
    hand = table.hands[seat]
    hand[hand.index(card)] = new
    table.set_aside.append(card)
    return carry_on(f"Seat {seat}'s seventh-street card {card} was exposed and betting action "
                    f"remains: it is replaced by {new}.",
                    [step("replace", seat=seat, out=card, in_=new)], table)


@decides("tda.rp.stud-short-stub")
def tda_stud_short_stub(case: Case) -> Decision | None:
    """Poker TDA 2024 RP-10-H: before seventh street the stub must hold one card per player,
    one burn and the last card (never dealt).  (A) if the three earlier burns make up the
    shortfall: scramble them with the stub, cut, burn, deal each player; (B) a stub of 3
    cards or more: burn and deal a common card; (C) fewer than 3: scramble with the burns,
    cut, burn, deal a common card; (D) the first to act on sixth acts first on seventh.

    >>> from kb.rules.examples import case
    >>> tda_stud_short_stub(case("case-c56-stud-runs-out-eight-players", book="tda")).remedy
    'continue'
    """
    irregularity = ruled_on(case)
    if irregularity.kind != "stud-short-stub":
        return None
    table, players = case.table.copy(), case.replay.betting.live
    stub, required = len(table.stub), irregularity.get("required")
    if stub + 3 >= required or stub < 3:
        earlier = table.burns[-3:]
        del table.burns[-3:]
        table.stub.extend(earlier)
        case.rng.shuffle(table.stub)
        table.stub, cut_step = cut(table.stub, case.rng)
        steps = [step("return-to-stub", cards=earlier), step("shuffle", cards=len(table.stub)),
                 cut_step]
        part = "A" if stub + 3 >= required else "C"
    else:
        steps, part = [], "B"
    burn = table.take()
    table.burns.append(burn)
    steps.append(step("burn", card=burn, street="seventh"))
    if part == "A":
        for seat in players:
            table.hands[seat].append(table.take())
        steps.append(step("deal", street="seventh", seats=list(players)))
        return carry_on("The stub is short for seventh street, and the three earlier burns make "
                        "up the shortfall (RP-10-H, part A): they are scrambled with the stub, "
                        "cut, one card is burned and each player gets a seventh-street card.",
                        steps, table, random=True)
    common = table.take()
    table.board.append(common)
    steps.append(step("common-card", card=common))
    return carry_on(f"The stub cannot give every player a seventh-street card (RP-10-H, part "
                    f"{part}), so after the burn one card is dealt face up in the centre as a "
                    "common card for all players; the first to act on sixth street acts first "
                    "on seventh (part D).",
                    steps, table, random=part == "C")


@decides("rrop.stud.running-out")
def rrop_stud_running_out(case: Case) -> Decision | None:
    """Robert's Rules of Poker v11, Seven-Card Stud 15 (UNCONFIRMED; only a forum outline of
    the practice is known): deal the stub out to the last card, reshuffle the burns into a
    new stub and deal the remaining players; only if there still are not enough cards, a
    common card.

    >>> from kb.rules.examples import case
    >>> found = rrop_stud_running_out(case("case-c56-stud-runs-out-eight-players"))
    >>> found.remedy, [s.do for s in found.steps]
    ('continue', ['common-card'])
    """
    if ruled_on(case).kind != "stud-short-stub":
        return None
    table, players = case.table.copy(), list(case.replay.betting.live)
    if len(table.stub) >= len(players):
        return _rrop_to_the_last_card(table, players)
    if len(table.stub) + len(table.burns) - 1 >= len(players):
        served = [(seat, table.take()) for seat in players[:len(table.stub)]]
        for seat, card in served:
            table.hands[seat].append(card)
        burns = list(table.burns)
        table.burns.clear()
        table.stub = burns
        case.rng.shuffle(table.stub)
        table.stub, cut_step = cut(table.stub, case.rng)
        steps = [step("deal", street="seventh", seats=[s for s, _ in served]),
                 step("return-to-stub", cards=burns), step("shuffle"), cut_step]
        table.burns.append(table.take())
        for seat in players[len(served):]:
            table.hands[seat].append(table.take())
        steps.append(step("deal", street="seventh", seats=players[len(served):]))
        return carry_on("The stub is too short for seventh street. Robert's Rules' own steps "
                        "were not seen; following a forum description of the older practice, "
                        "the dealer deals to the last card, reshuffles the burns into a new "
                        "stub and deals the remaining players.", steps, table, random=True)
    return _rrop_common_card(table)


def _rrop_to_the_last_card(table: Table, players: list[int]) -> Decision:
    """The stub holds a card for every player, short only of the TDA's count (RP-10-H keeps
    the last card back); the outline of Robert's Rules deals to the last card, so seventh
    street is dealt from the stub: after a burn if there is a card to spare, else without
    one (this project's reading: nothing is reshuffled while the stub can serve everyone)."""
    steps, burn = [], None
    if len(table.stub) > len(players):
        burn = table.take()
        table.burns.append(burn)
        steps.append(step("burn", card=burn, street="seventh"))
    for seat in players:
        table.hands[seat].append(table.take())
    steps.append(step("deal", street="seventh", seats=players))
    how = "after the burn" if burn else ("without a burn, there being no card to spare (our "
                                         "reading)")
    return carry_on("The stub is short of the TDA's count for seventh street but holds a card "
                    "for every player. Robert's Rules' own steps were not seen; a forum "
                    "description of the older practice deals to the last card (keeping the "
                    "last card back is the TDA's count, not Robert's Rules'), so seventh "
                    f"street is dealt from the stub {how}.", steps, table)


def _rrop_common_card(table: Table) -> Decision:
    """The forum outline's last resort: a common card.  With one card left it is dealt
    without a burn (this project's reading)."""
    burn = table.take() if len(table.stub) > 1 else None
    steps = [step("burn", card=burn, street="seventh")] if burn else []
    common = table.take()
    if burn:
        table.burns.append(burn)
    table.board.append(common)
    last = "" if burn else (" Only one card is left, so it is dealt without a burn; that is "
                            "this project's reading.")
    return carry_on("The stub and the burns together cannot give every player a seventh-street "
                    "card. Robert's Rules' own steps were not seen; a forum description of the "
                    "older practice says a common card is used only when there still are not "
                    "enough cards, so one card is dealt face up in the centre as a common card."
                    + last, steps + [step("common-card", card=common)], table)


@decides("tda.rp.premature-stud")
def tda_premature_stud(case: Case) -> Decision | None:
    """Poker TDA 2024 RP-5-D (reshuffle face down per 39-D; its pointer to RP-17 is stale): a
    stud card dealt prematurely goes back into the stub, the stub is reshuffled and the
    street is dealt without another burn.  Finishing the betting first is common practice,
    not RP-5 text; the street's burn stays, as in RP-5-A to C.

    >>> from kb.rules.examples import case
    >>> tda_premature_stud(case("stud-premature-fifth-street", book="tda")).remedy
    'continue'
    """
    redealt = redeal_stud_street(case, face_down=True)
    if redealt is None:
        return None
    table, steps, street = redealt
    return carry_on(f"{street.capitalize()} street was dealt before the {BEFORE_STUD[street]}-"
                    f"street betting was complete: its burn stays, the premature cards go back "
                    "into the stub, the stub is reshuffled face down and the street is dealt "
                    "again without another burn. Finishing the betting first is common "
                    "practice; the procedure does not say when the reshuffle happens.",
                    steps, table, ("tda.premature-cards", "tda.reshuffle-face-down"),
                    random=True)
