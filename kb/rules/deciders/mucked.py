"""Cards mucked by mistake (issue 21 section 3): a dealt board card swept into the muck, or
taken back from it (topic board-card-mucked).

No book read has a rule for a community card in the muck.  The rules nearest to it speak of
players' hands: Robert's Rules Dead Hands 2 and WSOP Live Action 107 (a clearly
identifiable mucked hand may be retrieved at management's discretion), TDA 2024 Rules 14
and 65 (cards pushed into the muck are killed; a hand the dealer kills gets no redress).
So the floor decides, under the rule that tells it how where the book has one: the TDA's
Rule 1 (the best interest of the game and fairness first) and Live Action 48 (a ruling in
the spirit of fairness), which the WSOP Tournament Rules reach through Rule 129.  Robert's
Rules is left silent (topics.yaml), its decision-making rules not having been read.
"""

from __future__ import annotations

from kb.hand.table import Irregularity
from kb.rules.deciders import decides
from kb.rules.remedies import Decision, floor_decision
from kb.rules.situation import Case

#: The kinds of a board card in the muck, as the replay records them (kb.hand.mucks).
BOARD_KINDS = ("board-mucked", "board-retrieved")


def board_in_muck(case: Case) -> list[Irregularity]:
    """The board-mucked and board-retrieved irregularities of ``case``'s unit (empty when
    it is about something else).

    >>> from kb.rules.examples import case
    >>> [i.kind for i in board_in_muck(case("board-flop-card-mucked-and-retrieved"))]
    ['board-mucked', 'board-retrieved']
    """
    if case.irregularity is None or case.irregularity.kind not in BOARD_KINDS:
        return []
    return [i for kind in BOARD_KINDS for i in case.all(kind)]


def _what(found: list[Irregularity]) -> str:
    """``the turn Qs was mucked by the dealer and taken back out`` in a floorperson's words."""
    mucked = [i for i in found if i.kind == "board-mucked"]
    cards = " ".join(c for i in mucked for c in i.get("cards", ())) or "a board card"
    who = "a player" if any(i.get("by") == "player" for i in mucked) else "the dealer"
    back = any(i.kind == "board-retrieved" for i in found)
    return (f"the board card {cards} went into the muck (caused by {who})"
            + (" and was taken back out onto the board" if back else " and is still there"))


@decides("tda.floor-decisions")
def tda_board_card_mucked(case: Case) -> Decision | None:
    """Poker TDA 2024 Rule 1 (2026: 1) for a board card in the muck: no TDA rule covers it
    (Rules 14 and 65-A are about players' cards), so the floor decides, putting the best
    interest of the game and fairness first.

    >>> from kb.rules.examples import case
    >>> tda_board_card_mucked(case("board-turn-mucked-with-folded-hand", book="tda")).remedy
    'floor-decision'
    """
    found = board_in_muck(case)
    if not found:
        return None
    return floor_decision(
        f"Here {_what(found)}. No TDA rule covers a community card in the muck: the rule "
        "on live cards at showdown kills players' cards pushed into the muck and 65-A "
        "speaks of hands the dealer kills, neither of a board card everyone saw face up. Whether the card plays, is "
        "replaced from the stub or the street is dealt again is the floor's decision, made "
        "in the best interest of the game and fairness (Rule 1).")


@decides("wsop-live.fairness")
def wsop_live_board_card_mucked(case: Case) -> Decision | None:
    """WSOP Live Action 2024 Rule 48 for a board card in the muck (and the WSOP Tournament
    Rules through Rule 129): no rule covers it (Rule 107 retrieves an identifiable
    *hand*), so management rules in the spirit of fairness.

    >>> from kb.rules.examples import case
    >>> wsop_live_board_card_mucked(case("omaha-river-knocked-into-muck-by-player",
    ...                                  book="wsop-live")).remedy
    'floor-decision'
    """
    found = board_in_muck(case)
    if not found:
        return None
    return floor_decision(
        f"Here {_what(found)}. No WSOP rule covers a community card in the muck: Live "
        "Action 107 (Tournament 109 and 110) lets a clearly identifiable mucked hand be "
        "retrieved at management's discretion, but it speaks of a player's hand. Whether "
        "the card plays, is replaced or the street is dealt again is management's decision, "
        "made in the spirit of fairness (Live Action 48).")
