"""The 2024 WSOP Official Tournament Rules (``wsop@2024``): the deal, wrong counts,
boxed cards and draw-game exposures, where they rule differently from the TDA and Robert's
Rules.  Board errors (burns, premature cards) are in :mod:`.wsop_board`, fouled and defective
decks in :mod:`.wsop_deck`.

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
from kb.rules.deciders.end_of_hand import wsop_next_hand
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
from kb.rules.remedies import Decision, cards, carry_on, floor_decision, misdeal, step
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


@decides("wsop.disputed-pots")
def wsop_disputed_pots(case: Case) -> Decision | None:
    """WSOP 2024 Rule 76: once the next hand has begun (first riffle, or the shuffler's
    button) the hand can no longer be disputed and its result stands, whatever the
    irregularity (a joker in the stub, a burn error).  Unlike Live Action Rule 51 there is
    no exception for a house error, so that rule is never reached for such a case.  None
    while the hand can still be disputed, and for a duplicate or an odd back, whose 88.d
    deciders apply Rule 76 themselves and say what the fouled deck would have done.

    >>> from kb.rules.examples import case
    >>> wsop_disputed_pots(case("burn-error-all-in-found-after-next-hand", book="wsop")).remedy
    'continue'
    """
    kind = case.irregularity.kind if case.irregularity is not None else None
    if kind is None or kind in ("duplicate", "odd-back"):
        return None
    return wsop_next_hand(case, f"The {_KINDS.get(kind, kind.replace('-', ' '))}")


#: Irregularity kinds as a sentence names them (Rule 76's explanation).
_KINDS = {"foreign": "foreign card", "wrong-count": "wrong card count",
          "burn-count": "burn error"}


@decides("wsop.misdeal.extra-cards")
def wsop_extra_cards(case: Case) -> Decision | None:
    """WSOP 2024 Rule 88.a.2: two or more extra cards on the initial deal are a misdeal before
    substantial action.  One extra card is not a listed cause (None: Rule 129 sends it to the
    Live Action rules, where the card is the burn; found only as a hand's count, the floor
    decides).

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


def _one_extra_unknown(case: Case, seat: int, count: int) -> Decision:
    """One extra card in a hand found only by its count (``found: {wrong-count: ...}``): not
    88.a.2's misdeal, and Rule 129's Live Action Rule 118 (the extra card is the burn) needs
    the card to be known, so the floor decides."""
    return floor_decision(
        f"Seat {seat} holds {cards(count)} instead of {case.proper_cards}, found before "
        "substantial action. One extra card is not a misdeal: 88.a.2 lists only two or more. "
        "Rule 129 sends the case to the Live Action rules, whose Rule 118 puts one extra card "
        "back on the deck as the burn, but a hand found with only its count does not show "
        "which card is the extra one, and the rules do not say how to choose it, so the floor "
        "decides (Live Action Rule 104 would call a misdeal for a wrong count to a player)."
        + before_sa(case))


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
        # A count a player upset before SA: 108 names no cutoff, but the project leaves it
        # to Rule 111 and the floor (the TDA and Robert's Rules do the same before theirs).
        return None
    return _kill_wrong_counts(case, after_sa)


def _kill_wrong_counts(case: Case, after_sa: bool) -> Decision | None:
    held = wrong_counts(case)
    live = [why for seat, n in held if (why := _exempt(case, seat, n))]
    dead = [(seat, n) for seat, n in held if not _exempt(case, seat, n)
            and (seat != case.scenario.button or n > case.proper_cards
                 or case.game in STUD_GAMES)]
    if not dead:
        if not live:
            return None
        text = "Rule 108's exceptions keep the hand live: " + "; ".join(live) + "."
        if case.game in STUD_GAMES:      # "may be live": the floor rules whether it is
            return floor_decision(text + " Whether it is live is the floor's ruling: the "
                                  "rule says it may be, not that it is.")
        return carry_on(text)
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
    else:
        text += (" Rule 108 sets no time limit and 88.a lists no short hand among the misdeal "
                 "causes, so the hand is dead although there has been no substantial action; "
                 "the causes are \"not necessarily limited to\" those listed, and the Live "
                 "Action rules (Rule 129) would call a misdeal instead, so a floor may read it "
                 "that way.")
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


# ---- Section IX: draw games ------------------------------------------------------------

@decides("wsop.draw.exposed-on-deal")
def wsop_draw_exposed(case: Case) -> Decision | None:
    """WSOP 2024 Section IX, Draw Games: every card exposed on the initial deal is replaced;
    the second exposed card on the initial deal is a misdeal (before substantial action,
    88.c).  Where the exposed card goes is not said: it is set aside, out of play.  Cards
    exposed on the draw: None (Rule 129, the Live Action rules).

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
