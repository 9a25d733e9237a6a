"""The 2024 WSOP Official Tournament Rules (``wsop@2024``): the deal, wrong counts and
draw-game exposures, where they rule differently from the TDA and Robert's
Rules.  Board errors (burns, premature cards) are in :mod:`.wsop_board`, fouled and defective
decks and boxed cards in :mod:`.wsop_deck`.

Where the tournament rules rule as a TDA or Robert's Rules provision does, the knowledge base
says so (``same-as``) and the engine runs that provision's decider; the deciders here are the
WSOP's own rules.  A decider returns None where the tournament rules say nothing: Rule 129
then sends the case to the WSOP Live Action rules, whose provisions the rulebook tries next
(sources.yaml's ``falls-back-to``).

The misdeal cutoff is 88.c's substantial action (88.c.1 two actions in turn with chips,
88.c.2 three actions), the TDA's test: ``case.cutoff_reached()`` applies it.

>>> from kb.rules.deciders import load_deciders
>>> load_deciders()["wsop.misdeal.stud-exposed"].__name__
'wsop_stud_exposed'
"""

from __future__ import annotations

from kb.hand.scenario import DRAW_GAMES, FLOP_GAMES, STUD_GAMES
from kb.rules.deciders import decides, ruled_on
from kb.rules.deciders.fouled import rrop_dead_hand_joker
from kb.rules.deciders.helpers_deal import (
    first_two_exposed,
    short_exception,
    stray_hand,
    supply_button,
    too_many_exposed,
    wrong_count,
    wrong_counts,
)
from kb.rules.deciders.helpers_games import replace_exposed
from kb.rules.remedies import Decision, cards, carry_on, misdeal, step
from kb.rules.situation import Case

#: TDA Rule 36's parts as the engine names them -> WSOP 88.c's numbered tests.
SA = {"36-A": "wsop.substantial-action.two-with-chips",
      "36-B": "wsop.substantial-action.three-actions"}


def before_sa(case: Case) -> str:
    """Where players have acted but not enough for substantial action, a sentence saying so
    (88.c); empty when no one has acted.

    >>> from types import SimpleNamespace as NS
    >>> before_sa(NS(records=(), substantial_action=lambda: None))
    ''
    """
    if not case.records or case.substantial_action() is not None:
        return ""
    count = len(case.records)
    return (f" The {count} action{'s' * (count > 1)} taken so far {'are' if count > 1 else 'is'}"
            " not substantial action (88.c: two actions in turn with at least one putting "
            "chips in, or three actions in turn).")


@decides("wsop.misdeal.extra-cards")
def wsop_extra_cards(case: Case) -> Decision | None:
    """WSOP 2024 Rule 88.a.2: two or more extra cards on the initial deal are a misdeal before
    substantial action.  One extra card is not a listed cause (None: Rule 129 sends it to the
    Live Action rules, where the card is the burn; found only as a hand's count, Rule 108
    kills the hand).

    E.g. ``deal: {extra: 2}`` with no action: misdeal; ``deal: {extra: 1}``: None.

    >>> from kb.rules.examples import case
    >>> wsop_extra_cards(case("extra-three-cards-first-player", book="wsop")).remedy
    'misdeal'
    """
    irregularity = ruled_on(case)
    held = wrong_count(case)
    if held is None or case.cutoff_reached() or irregularity.get("by") == "player":
        return None
    seat, count = held
    if count - case.proper_cards == 1 and irregularity.kind == "wrong-count" \
            and len(wrong_counts(case)) == 1:
        return _one_extra_unknown(case, seat, count)
    if count - case.proper_cards < 2:
        return None
    return misdeal(case, f"Misdeal (88.a.2): seat {seat} holds {cards(count)} instead of "
                   f"{case.proper_cards}, two or more extra cards on the initial deal, before "
                   "substantial action." + before_sa(case))


def _one_extra_unknown(case: Case, seat: int, count: int) -> Decision | None:
    """One extra card in a hand found only by its count (``found: {wrong-count: ...}``): not
    88.a.2's misdeal, and Rule 129's Live Action Rule 118 (the extra card is the burn) needs
    the card to be known, so Rule 108 kills the hand, the reading of a short hand too; the
    explanation names the other reading (88.a's open list, and Rule 129 to Live Action
    Rule 104's misdeal)."""
    decision = _kill_wrong_counts(case, after_sa=False)
    if decision is None:
        return None
    decision.explanation = (
        f"Seat {seat} holds {cards(count)} instead of {case.proper_cards}, found before "
        "substantial action. One extra card is not a misdeal: 88.a.2 lists only two or more. "
        "Live Action Rule 118 (through Rule 129) puts one extra card back as the burn, but a "
        "hand found only by its count does not show which card is the extra one, so the hand "
        "holds the wrong number of cards and is dead (108), which sets no time limit."
        + before_sa(case) + " The other reading: 88.a's causes are \"not necessarily limited "
        "to\" those listed, and Rule 129 would bring Live Action Rule 104, a misdeal for a "
        "wrong number of cards to a player before substantial action.")
    decision.provisions = ("wsop.protect-hand",)
    return decision


@decides("wsop.misdeal.stud-exposed")
def wsop_stud_exposed(case: Case) -> Decision | None:
    """WSOP 2024 Rule 88.a.6: in stud, either or both of a player's first two down cards
    exposed by the dealer is a misdeal before substantial action (the TDA's RP-10-A makes the
    card the up card instead).  After substantial action: None (88.c; the Live Action rules
    say how the hand goes on).

    E.g. ``third: {exposed: [3]}`` with no action: misdeal.

    >>> from kb.rules.examples import case
    >>> wsop_stud_exposed(case("stud-both-down-cards-exposed-cash", book="wsop")).remedy
    'misdeal'
    """
    irregularity = ruled_on(case)
    if irregularity.kind != "stud-exposed" or irregularity.get("street") != "third" \
            or irregularity.get("replacement") or case.cutoff_reached():
        return None
    seat = irregularity.get("seat")
    which = f"both of seat {seat}'s first two down cards were" if irregularity.get("both") \
        else f"one of seat {seat}'s first two down cards was"
    return misdeal(case, f"Misdeal (88.a.6): {which} exposed by the dealer on the initial "
                   "deal, before substantial action. No exposed card becomes the up card."
                   + before_sa(case))


@decides("wsop.misdeal.exposed-downcards")
def wsop_exposed_downcards(case: Case) -> Decision | None:
    """WSOP 2024 Rule 88.a.7: in flop games one of the first two cards off the deck, or any
    two other down cards, exposed by the dealer is a misdeal before substantial action.  One
    other exposed card: None, since the tournament rules give no procedure for it (Rule 129:
    the Live Action rules decide whether it is kept or replaced).

    E.g. ``deal: {exposed: [1]}``: misdeal; ``deal: {exposed: [5]}`` at nine seats: None.

    >>> from kb.rules.examples import case
    >>> wsop_exposed_downcards(case("case-c05b-first-card-off-table", book="wsop")).remedy
    'misdeal'
    """
    exposed = case.all("exposed")
    if not exposed or case.game not in FLOP_GAMES or case.cutoff_reached() \
            or not (first_two_exposed(case) or too_many_exposed(case)):
        return None
    which = "one of the first two cards off the deck was" if first_two_exposed(case) \
        else f"{len(exposed)} down cards were"
    return misdeal(case, f"Misdeal (88.a.7): {which} exposed by the dealer, before "
                   "substantial action." + before_sa(case))


@decides("wsop.misdeal.after-substantial-action")
def wsop_after_substantial_action(case: Case) -> Decision | None:
    """WSOP 2024 Rule 88.c: once substantial action (88.c.1 or 88.c.2) has occurred no misdeal
    may be declared and the hand goes on.  Cards dealt to a seat not entitled to a hand are
    taken out to the muck (the rule says nothing of them: this project's reading).  None
    before substantial action.

    >>> from kb.rules.examples import case
    >>> wsop_after_substantial_action(case("case-c10-extra-hand-after-all-in", book="wsop")).remedy
    'continue'
    """
    part = case.substantial_action()
    if part is None:
        return None
    opening = (f"Substantial action has occurred ({'two actions in turn, one with chips' if part == '36-A' else 'three actions in turn'}), "
               "so no misdeal may be declared (88.c): the hand goes on.")
    if ruled_on(case).kind == "dealt-to":
        steps, table, note = stray_hand(case, "the WSOP rules say nothing about them; this "
                                         "project sends them to the muck, as the glossary's "
                                         "burn card does with a hand mucked after "
                                         "substantial action.")
        return carry_on(f"{opening} {note}", steps, table, (SA[part],))
    return carry_on(opening, provisions=(SA[part],))


# ---- Rule 108: dead hands and the button's missing card ---------------------------

_EXEMPT = {"draw": "seat {seat} is short before the draw, which in a draw game is a live hand",
           "stud": "seat {seat} misses only its final stud card, and such a hand may be live"}


def _exempt(case: Case, seat: int, count: int) -> str | None:
    """Why Rule 108's exceptions keep a short hand live, or None."""
    exception = short_exception(case, count)
    return _EXEMPT[exception].format(seat=seat) if exception else None


def _button_short(case: Case, seat: int, count: int) -> Decision:
    """108's button clause: the button may take its last card even after substantial action,
    unless it has acted first (then the hand is dead)."""
    if any(r.seat == seat for r in case.records):
        table = case.table.copy()
        table.kill(seat)
        return Decision("dead-hand", f"The button (seat {seat}) acted holding {cards(count)}: "
                        "it may receive its missing card only if it has not acted first, so "
                        "its hand is dead (108).", [step("kill", seat=seat)], table)
    table, supplied, note = supply_button(case, seat, count)
    after = ", even after substantial action" if case.substantial_action() else ""
    return carry_on(f"The button (seat {seat}) was dealt too few cards and has not acted: it "
                    f"receives its missing card from the top of the stub{after} (108; the "
                    "button may take two cards in a row, 88.a.7.i)." + note,
                    [step("supply", seat=seat, cards=supplied)], table,
                    ("wsop.misdeal.button-two-cards",))


@decides("wsop.protect-hand")
def wsop_dead_hands(case: Case) -> Decision | None:
    """WSOP 2024 Rule 108: a hand with the wrong number of cards is dead (a stud hand missing
    only its final card may be live, a draw hand short before the draw is live, and the
    button may take its last card even after substantial action unless it acted first); a
    player who acts holding a joker in a game without jokers has a dead hand.

    The clause names no cutoff: a non-button player dealt short is dead at once (the TDA and
    Robert's Rules call a misdeal before their cutoff).  One extra card before substantial
    action is not decided here (Rule 129: the Live Action rules make it the burn); two or
    more are 88.a.2's misdeal.  E.g. ``deal: {short: [4]}``, seat 4 not the button: dead
    hand.

    >>> from kb.rules.examples import case
    >>> wsop_dead_hands(case("button-short-after-substantial-action", book="wsop")).remedy
    'continue'
    """
    irregularity = ruled_on(case)
    if irregularity.kind == "foreign":
        return _joker(case)
    held = wrong_count(case)
    if held is None:
        return None
    seat, count = held
    caused = irregularity.get("by") == "player"
    after_sa = case.substantial_action() is not None
    if seat == case.scenario.button and count < case.proper_cards and not caused \
            and case.game not in STUD_GAMES:
        return _button_short(case, seat, count)
    if count > case.proper_cards and not (after_sa or caused):
        return None
    if caused and not after_sa:
        # 108 names no cutoff, as for a hand dealt short (issue 21's reading); the
        # floor's fairness (Rule 56) is the other reading, named.
        return _kill_wrong_counts(case, after_sa, _CAUSED)
    return _kill_wrong_counts(case, after_sa)


#: Why a count a player upset before substantial action is dead, and the other reading.
_CAUSED = (" A player, not the deal, upset the count: no misdeal cause fits a correct deal, "
           "Rule 111 kills cards thrown into another hand, not a card taken from one, and "
           "108 sets no time limit. The other reading: 108 read as a rule for after "
           "substantial action (as the TDA and Robert's Rules read theirs) leaves this to the "
           "floor, who may spare the hand a card was taken from (Rule 56: fairness first).")


def _kill_wrong_counts(case: Case, after_sa: bool, before: str = "") -> Decision | None:
    """Kill every hand with the wrong count that 108's exceptions do not keep live;
    ``before`` replaces the sentence on the misdeal reading before substantial action."""
    held = wrong_counts(case)
    live = [why for seat, n in held if (why := _exempt(case, seat, n))]
    dead = [(seat, n) for seat, n in held if not _exempt(case, seat, n)
            and (seat != case.scenario.button or n > case.proper_cards
                 or case.game in STUD_GAMES)]
    if not dead:
        return carry_on("Rule 108's exceptions keep the hand live: " + "; ".join(live) + ".") \
            if live else None
    table = case.table.copy()
    for seat, _ in dead:
        table.kill(seat)
    listing = ", ".join(f"seat {seat} holds {cards(n)}" for seat, n in dead)
    text = (f"{listing[0].upper()}{listing[1:]} instead of {case.proper_cards}: a hand with the "
            f"wrong number of cards is dead (108).")
    cited: tuple[str, ...] = ()
    if after_sa:
        text += (" Substantial action has occurred, so there is no misdeal; the dead cards "
                 "are mucked and exactly one card is burned for each later street (glossary, "
                 "burn card).")
        cited = ("wsop.glossary.burn-card",)
    elif before:
        text += before
    else:
        text += (" Rule 108 sets no time limit and 88.a lists no short hand among the misdeal "
                 "causes, so the hand is dead although there has been no substantial action. "
                 "The other reading: the causes are \"not necessarily limited to\" those "
                 "listed, and Rule 129 would bring Live Action Rule 104, a misdeal for a wrong "
                 "number of cards to a player before substantial action.")
    return Decision("dead-hand", text, [step("kill", seat=s) for s, _ in dead], table, cited)


def _joker(case: Case) -> Decision | None:
    """108: acting on a hand holding a joker kills it; a joker not acted on is left to the
    glossary's defective deck (None here: :func:`kb.rules.deciders.wsop_deck.wsop_joker_defective_deck`)."""
    decision = rrop_dead_hand_joker(case)
    if decision is None:
        return None
    seat = ruled_on(case).get("seat")
    decision.explanation = (f"Seat {seat} acted holding a joker in a game without jokers: "
                            "the hand is dead (108). The deck is defective and must be "
                            "replaced (glossary, defective deck).")
    decision.provisions = ("wsop.glossary.defective-deck",)
    return decision


# ---- Section IX: draw games ------------------------------------------------------------

#: Where an exposed ace-to-five card goes (Rule 129, Live Action 279), and the other reading.
_A5 = ("Section IX (Draw Games) replaces every card exposed on the initial deal but does not "
       "say where it goes; Rule 129 sends that to the Live Action rules, whose Rule 279 makes "
       "the first card exposed before the draw in ace-to-five the burn. The other reading: "
       "Section IX is the whole rule, and the card is set aside, out of play.")


@decides("wsop.draw.exposed-on-deal")
def wsop_draw_exposed(case: Case) -> Decision | None:
    """WSOP 2024 Section IX, Draw Games: every card exposed on the initial deal is replaced;
    the second exposed card on the initial deal is a misdeal (before substantial action,
    88.c).  Where the exposed card goes is not said: Rule 129 sends that to the Live Action
    rules, whose Rule 279 makes it the burn in ace-to-five (the other reading, Section IX
    as the whole rule, sets it aside, named); in other draw games they do not say either,
    and it is set aside, out of play.  Cards exposed on the draw: None (Rule 129).

    E.g. lowball, ``deal: {exposed: [1]}``: replaced (the Live Action rules and Robert's
    Rules call the first card exposed a misdeal).

    >>> from kb.rules.examples import case
    >>> wsop_draw_exposed(case("draw-high-exposed-card-before-draw", book="wsop")).remedy
    'continue'
    """
    exposed = [i for i in case.all("exposed")]
    if ruled_on(case).kind != "exposed" or case.game not in DRAW_GAMES or not exposed:
        return None
    if len(exposed) >= 2 and not case.cutoff_reached():
        return misdeal(case, f"Misdeal: {len(exposed)} cards were exposed on the initial deal, "
                       "and the second exposed card makes a misdeal (Section IX, Draw Games)."
                       + before_sa(case))
    if case.game == "lowball-a5" and len(exposed) == 1:
        decision = replace_exposed(case, exposed[0], "came on the initial deal", _A5)
        decision.provisions = ("wsop.not-covered", "wsop-live.lowball.ace-to-five-exposed")
        return decision
    table, steps, replaced = case.table.copy(), [step("finish-deal")], []
    for item in exposed:
        seat, card = item.get("seat"), item.get("card")
        hand = table.hands.get(seat) or []
        if card not in hand:
            continue
        new = table.take()
        hand[hand.index(card)] = new
        table.set_aside.append(card)
        replaced.append(f"seat {seat}'s {card} by {new}")
        steps += [step("replace", seat=seat, out=card, in_=new), step("set-aside", card=card)]
    if not replaced:
        return carry_on("The exposed card is no longer in the player's hand (the player has "
                        "folded): there is nothing to replace.")
    after = (" Substantial action has occurred, so even a second exposed card is no misdeal "
             "(88.c)." if len(exposed) >= 2 else " Only a second exposed card would make a misdeal.")
    return carry_on(f"A card exposed on the initial deal of a draw game is replaced: "
                    f"{'; '.join(replaced)}, from the top of the stub once the deal is complete."
                    f"{after} The rule does not say where the exposed card goes or when the "
                    "replacement is dealt; it is set aside, out of play.", steps, table)
