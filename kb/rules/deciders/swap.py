"""A hole card swapped with a board card (topic hand-board-swap): the replay
(kb.hand.accidents) has put the hole card on the board and the board card in the hand;
both are named, so both are identified.

The TDA's 65-B keeps a fouled hand that can be identified in play: the cards go back where
they belong.  Robert's Rules and the WSOP books have no rule on it; the topic's note says
so and the engine leaves it to the floor.
"""

from __future__ import annotations

from kb.hand.table import Irregularity
from kb.rules.remedies import Decision, carry_on, step
from kb.rules.situation import Case


def _swapped(case: Case) -> Irregularity | None:
    """The hand-board-swap irregularity ruled on, or None."""
    irregularity = case.irregularity
    return irregularity if irregularity is not None \
        and irregularity.kind == "hand-board-swap" else None


def tda_swap_identified(case: Case) -> Decision | None:
    """Poker TDA 2024 65-B: a fouled hand that can be identified remains in play (one
    decider per provision: :func:`kb.rules.deciders.pushed.tda_identifiable` asks this one).  A hole
    card and a board card that changed places are both known, so each goes back where it
    was dealt and play goes on.  None when the cards have moved since (an earlier remedy).

    >>> from kb.rules.examples import case
    >>> found = tda_swap_identified(case("hole-card-swapped-with-flop-card", book="tda"))
    >>> found.remedy, [s.do for s in found.steps]
    ('continue', ['replace'])
    """
    swapped = _swapped(case)
    if swapped is None:
        return None
    seat, hole, board = swapped.get("seat"), swapped.get("hand_card"), swapped.get("board_card")
    table = case.table.copy()
    hand = table.hands.get(seat, [])
    if board not in hand or hole not in table.board:
        return None
    hand[hand.index(board)] = hole
    table.board[table.board.index(hole)] = board
    return carry_on(f"Seat {seat}'s {hole} and the board's {board} changed places. Both "
                    "are identified, so the hand stays in play (65-B): the dealer puts each "
                    "card back where it was dealt and play goes on.",
                    [step("replace", seat=seat, out=board, in_=hole)], table)
