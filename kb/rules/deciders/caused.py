"""A wrong card count a player caused (topic player-caused-wrong-count): the deal was
right, and a player took a neighbour's card or threw one into another hand
(``found: {wrong-count: ..., by: player}``).

Both books' misdeal causes speak of cards *dealt* wrong (Robert's Rules Misdeals 2(e), TDA
2024 35-A-5), so neither makes this a misdeal.  Once the cutoff has passed the general
rules kill a hand with the wrong count whoever caused it (Robert's Rules Dead Hands 1(d),
TDA Rule 38, in kb.rules.deciders.counts); before it, the books say nothing, and these
deciders leave it to the floor saying so.  Who exposed a card is in the format already
(``deal.player-exposed``, topic player-exposed-cards).
"""

from __future__ import annotations

from kb.rules.deciders import decides
from kb.rules.deciders.counts import rrop_dead_wrong_count
from kb.rules.remedies import Decision, cards, floor_decision
from kb.rules.situation import Case


def _player_counts(case: Case) -> list[str]:
    """``seat 5 holds 3 cards`` for each wrong count a player caused; empty when the
    irregularity ruled on is not one."""
    irregularity = case.irregularity
    if irregularity is None or irregularity.kind != "wrong-count" \
            or irregularity.get("by") != "player":
        return []
    return [f"seat {i.get('seat')} holds {cards(i.get('count'))}"
            for i in case.replay.irregularities
            if i.kind == "wrong-count" and i.get("by") == "player"]


@decides("rrop.dead-hands.thrown-into-hand")
def rrop_player_caused_count(case: Case) -> Decision | None:
    """Robert's Rules of Poker v11, Dead Hands 3 with Misdeals 2(e) and Dead Hands 1(d):
    before action has begun a count a player upset is not a misdeal cause (2(e) is a wrong
    number dealt); Dead Hands 1(d), read to the letter, kills every hand with the wrong
    count, the hand a card was taken from included, and Dead Hands 3 kills only cards thrown
    into another hand.  Whether the card simply goes back before action is not said: the
    floor decides, and the explanation gives the literal reading.  After the cutoff Dead
    Hands 1(d) decides (None here).

    >>> from kb.rules.examples import case
    >>> rrop_player_caused_count(case("player-took-neighbours-card-before-action")).remedy
    'floor-decision'
    """
    held = _player_counts(case)
    if not held or case.cutoff_reached():
        return None
    return floor_decision(
        f"The deal was right, but a player upset the card count ({', '.join(held)}; a "
        f"hand should hold {case.proper_cards}). Misdeals 2(e) makes a wrong number of cards *dealt* to a "
        "player a misdeal, which this is not. Dead Hands 1(d), read to the letter, kills "
        "every hand without the proper number of cards, the hand a card was taken from "
        "too, and Dead Hands 3 kills cards thrown into another hand, not a card taken from "
        "one. Whether, before anyone has acted, the card simply goes back to its owner "
        "instead is not said, so the floor decides.",
        ("rrop.misdeals.wrong-count", "rrop.dead-hands.wrong-count"))


@decides("tda.player-responsibilities")
def tda_player_caused_count(case: Case) -> Decision | None:
    """Poker TDA 2024 Rule 2 with 35-A-5: players should check their card count before
    substantial action, and the misdeal cause is a wrong number of cards dealt; a count a
    player upset after a correct deal, found before substantial action, has no remedy in
    the rules.  The floor decides.  After substantial action Rule 38 kills the hand (None
    here).

    >>> from kb.rules.examples import case
    >>> tda_player_caused_count(case("case-c08-player-took-neighbours-card", book="tda")).remedy
    'floor-decision'
    """
    held = _player_counts(case)
    if not held or case.substantial_action() is not None:
        return None
    return floor_decision(
        f"The deal was right, but a player upset the card count ({', '.join(held)}; a "
        f"hand should hold {case.proper_cards}). The misdeal cause 35-A-5 is the wrong number of cards "
        "*dealt* to a player, and Rule 2 only asks players to check their count before "
        "substantial action; nothing says how a count a player upset is put right before "
        "substantial action (Rule 38 kills such a hand only after it), so the floor "
        "decides.", ("tda.misdeal.wrong-count",))



@decides("wsop-live.dead-hands.wrong-count")
def wsop_live_player_caused_count(case: Case) -> Decision | None:
    """WSOP Live Action Rules 2024, Rules 104, 106 and 108: a count a player upset after a
    correct deal, found before substantial action.  104's misdeal is for cards dealt wrong
    and 108 for cards thrown into another hand; 106 is Robert's Rules' Dead Hands 1(d) word
    for word and, read as that book's pair of rules is (the misdeal list before the cutoff,
    the dead hand after it), leaves this to the floor, as :func:`rrop_player_caused_count`
    does; the literal reading (every hand with the wrong count dead) is named.  None
    otherwise (Dead Hands 1(d), which 106 is the same as, then decides).

    >>> from kb.rules.examples import case
    >>> wsop_live_player_caused_count(case("case-c08-player-took-neighbours-card", book="wsop-live")).remedy
    'floor-decision'
    """
    held = _player_counts(case)
    if not held or case.cutoff_reached():
        return rrop_dead_wrong_count(case)
    return floor_decision(
        f"The deal was right, but a player upset the card count ({', '.join(held)}; a "
        f"hand should hold {case.proper_cards}), before substantial action. Rule 104's "
        "misdeal is for cards dealt wrong, and Rule 108 kills cards thrown into another "
        "hand, not a card taken from one. Rule 106, read as the misdeal list's partner (a "
        "rule for after the cutoff, as Robert's Rules' Dead Hands 1(d), its source, is "
        "read), leaves the count before substantial action unaddressed, so the floor "
        "decides (Rule 48: fairness first; the hand a card was taken from did nothing "
        "wrong). The other reading: 106 sets no time limit and, to the letter, kills every "
        "hand without the proper number of cards, both hands here.")
