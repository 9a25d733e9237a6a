"""Hands in the muck by the dealer's mistake (the replay: kb.hand.mucks): a pot pushed while
a player still had a hand in play, and hands mucked because of it (topic pot-pushed-early);
a hand the dealer killed, tabled or unseen, perhaps taken straight back (topic
hand-killed-by-dealer).

Read from the texts, the books' rules on a mucked hand decide it:

- TDA 2024 65-B (2026: 67-B): a fouled hand that can still be identified stays in play, so
  a retrievable hand comes back and the hand goes on; 65-A (67-A): a hand the dealer kills
  by mistake that cannot be identified with certainty is dead, with no redress and no
  refund of called bets (an uncalled bet comes back).  Rule 22 lets a mistake in awarding
  the pot be put right, so the pot is taken back.
- Robert's Rules Dead Hands 2, WSOP Live Action 107 and WSOP Tournament 109-110: a clearly
  identifiable hand may be retrieved at management's discretion (the WSOP books: with an
  extra effort when the dealer's error caused the fold), so the floor decides; a hand that
  cannot be told apart is dead (Irregularities 2, Live Action 110, Tournament 108: no
  redress for a hand the dealer kills).
- A tabled hand that was obviously the winner: TDA 2024 13-C (2026: 14-C) and WSOP
  Tournament 71 say a dealer cannot kill it, so it is taken back and wins; Robert's Rules
  and the Live Action rules have no such rule read, so their retrieval rules decide.
"""

from __future__ import annotations

from collections.abc import Iterable

from kb.hand.table import Irregularity, Table
from kb.rules.deciders import decides
from kb.rules.deciders.swap import tda_swap_identified
from kb.rules.remedies import Decision, Step, carry_on, floor_decision, step
from kb.rules.situation import Case


def pushed(case: Case) -> Irregularity | None:
    """The pot-pushed-early or hand-mucked irregularity ruled on (hands in the muck by
    the dealer's mistake), or None."""
    found = case.irregularity
    return found if found is not None and found.kind in (
        "pot-pushed-early", "hand-mucked") else None


def _hands(seats: Iterable) -> str:
    """``the hand of seat 3`` or ``the hands of seats 3 and 5``."""
    seats = sorted(int(s) for s in seats)
    if len(seats) == 1:
        return f"the hand of seat {seats[0]}"
    return "the hands of seats " + ", ".join(map(str, seats[:-1])) + f" and {seats[-1]}"


def _split(case: Case, found: Irregularity) -> tuple[list[int], list[int]]:
    """The mucked seats that can be told apart, and those that cannot (a hand some of
    whose cards have left the muck since, in a reshuffle, can no longer be put together)."""
    hands, table = found.get("hands", {}), case.table
    back = [s for s in found.get("retrievable", ())
            if all(c in table.muck or c in table.hands.get(s, ()) for c in hands[s])]
    return back, [int(s) for s in hands if int(s) not in back]


def _restored(case: Case, found: Irregularity, seats: list[int],
              dead: list[int]) -> tuple[Table, list[Step]]:
    """The table with the hands of ``seats`` taken back out of the muck and those of
    ``dead`` killed (their cards stay in the muck)."""
    table = case.table.copy()
    hands = found.get("hands", {})
    for seat in seats:       # the hand as it was, before any card dealt to the seat since
        lying = [card for card in hands[seat] if card in table.muck]   # none if retrieved
        for card in lying:
            table.muck.remove(card)
        table.hands[seat] = lying + table.hands.get(seat, [])
    for seat in dead:
        table.dead.add(seat)
    return table, [step("kill", seat=seat) for seat in dead]


def _start(found: Irregularity) -> str:
    if found.kind == "hand-mucked":
        what = ("tabled hand" if found.get("tabled") else "hand, which nobody had seen,")
        back = " and took it straight back out" if found.get("retrieved") else ""
        return (f"The dealer killed seat {next(iter(found.get('hands')))}'s {what} into the "
                f"muck by mistake{back}.")
    return (f"The dealer pushed the pot to seat {found.get('to')} while the hand was still "
            f"being played, and {_hands(found.get('hands', {}))} went into the "
            "muck because of it.")


def _pot(found: Irregularity) -> tuple[str, tuple[str, ...]]:
    """For a pot pushed too soon, the TDA's words on taking it back (Rule 22: a mistake in
    awarding the pot may be put right) and the provision cited; nothing otherwise."""
    if found.kind != "pot-pushed-early":
        return "", ()
    return ("the pot pushed by mistake is taken back (a mistake in awarding the pot may be "
            "put right, Rule 22)", ("tda.disputed-hands",))


def _sentence(clause: str) -> str:
    """`` Clause.`` as a sentence after another (empty for an empty clause)."""
    return f" {clause[:1].upper()}{clause[1:]}." if clause else ""


@decides("tda.fouled-identifiable")
def tda_identifiable(case: Case) -> Decision | None:
    """Poker TDA 2024 65-B, a fouled hand that can be identified stays in play, on the two
    situations it answers: a hand mucked because the pot was pushed too soon
    (:func:`tda_pushed_identifiable`), and a hole card swapped with a board card
    (:func:`kb.rules.deciders.swap.tda_swap_identified`).

    >>> from kb.rules.examples import case
    >>> tda_identifiable(case("hole-card-swapped-with-flop-card", book="tda")).remedy
    'continue'
    """
    return tda_pushed_identifiable(case) or tda_swap_identified(case)


def tda_pushed_identifiable(case: Case) -> Decision | None:
    """Poker TDA 2024 65-B with 22: every hand mucked because of a pot pushed too soon can
    be identified, so each stays in play; the pot is taken back and the hand goes on.

    >>> from kb.rules.examples import case
    >>> tda_pushed_identifiable(case("pot-pushed-river-caller-hand-kept-apart",
    ...                              book="tda")).remedy
    'continue'
    """
    found = pushed(case)
    if found is None or _split(case, found)[1]:
        return None
    back = _split(case, found)[0]
    table, _ = _restored(case, found, back, [])
    pot, cites = _pot(found)
    return carry_on(f"{_start(found)} The hand can be identified with certainty, so it "
                    f"stays in play (65-B): it is taken back out of the muck{'; ' * bool(pot)}"
                    f"{pot}, and the "
                    "hand goes on.", (), table, cites)


@decides("tda.killed-hands")
def tda_pushed_killed(case: Case) -> Decision | None:
    """Poker TDA 2024 65-A: a hand mucked because of a pot pushed too soon that cannot be
    identified with certainty is dead: no redress, no refund of called bets, an uncalled
    bet or raise returned; any that can be identified stays in play (65-B).

    >>> from kb.rules.examples import case
    >>> tda_pushed_killed(case("pot-pushed-turn-hand-mixed-in-muck", book="tda")).remedy
    'dead-hand'
    """
    found = pushed(case)
    if found is None:
        return None
    back, lost = _split(case, found)
    if not lost:
        return None     # 65-A rules only hands that cannot be identified: 65-B rules these
    table, steps = _restored(case, found, back, lost)
    kept = (f" {_hands(back).capitalize()} can be identified and stays in play (65-B)."
            if back else "")
    return Decision("dead-hand", f"{_start(found)} {_hands(lost).capitalize()} cannot be "
                    "identified with certainty in the muck, so it is dead: the player has no "
                    "redress and called bets are not refunded, but a bet or raise nobody has "
                    f"called yet is returned (65-A).{kept}{_sentence(_pot(found)[0])}", steps, table,
                    ("tda.fouled-identifiable",) * bool(back) + _pot(found)[1])


def _discretion(case: Case, protect: str, extra: str) -> Decision | None:
    """Robert's Rules Dead Hands 2, WSOP Live Action 107 and Tournament 109-110: a clearly
    identifiable hand may be retrieved at management's discretion (``extra``: what the book
    says of a fold caused by a mistake); one that cannot be told apart is dead (``protect``:
    the book's rule that a hand the dealer kills has no redress)."""
    found = pushed(case)
    if found is None:
        return None
    back, lost = _split(case, found)
    may = (f" {_hands(back).capitalize()} can be told apart, so management may retrieve it "
           f"and rule it live, if that is in the best interest of the game{extra}; the book "
           "leaves that to management, so the floor decides." if back else "")
    if not lost:
        return floor_decision(_start(found) + may)
    table, steps = _restored(case, found, [], lost)
    return Decision("dead-hand", f"{_start(found)} {_hands(lost).capitalize()} cannot be told "
                    "apart in the muck, so it cannot be retrieved: it is dead, and a hand the "
                    f"dealer kills gets no redress.{may}", steps, table, (protect,))


@decides("rrop.dead-hands.mucked")
def rrop_pushed(case: Case) -> Decision | None:
    """Robert's Rules of Poker v11, Dead Hands 2 (with Irregularities 2).

    >>> from kb.rules.examples import case
    >>> rrop_pushed(case("pot-pushed-river-caller-hand-kept-apart")).remedy
    'floor-decision'
    """
    return _discretion(case, "rrop.irregularities.protect-hand",
                       " (an extra effort is made when the fold came from false "
                       "information; a pot pushed to another player is arguably such "
                       "information, which the rule does not say)")


_WSOP_EXTRA = ", with an extra effort because the dealer's error caused the fold"


@decides("wsop-live.dead-hands.mucked")
def wsop_live_pushed(case: Case) -> Decision | None:
    """WSOP Live Action 2024 Rule 107 with 110.

    >>> from kb.rules.examples import case
    >>> wsop_live_pushed(case("pot-pushed-turn-hand-mixed-in-muck",
    ...                       book="wsop-live")).remedy
    'dead-hand'
    """
    return _discretion(case, "wsop-live.protect-hand", _WSOP_EXTRA)


@decides("wsop.dead-hands.mucked")
def wsop_pushed(case: Case) -> Decision | None:
    """WSOP 2024 Tournament Rule 109 and Rule 110 with 108 (the Live Action rule in the
    tournament's numbers: its own decider, so that it cites the tournament's 108).

    >>> from kb.rules.examples import case
    >>> wsop_pushed(case("pot-pushed-river-caller-hand-kept-apart", book="wsop")).remedy
    'floor-decision'
    """
    return _discretion(case, "wsop.protect-hand", _WSOP_EXTRA)


def _tabled_winner(case: Case, rule: str) -> Decision | None:
    """A tabled hand, obviously the winner, killed by the dealer: it cannot be killed, so
    it is taken back and still wins (``rule``: the book's number for that)."""
    found = pushed(case)
    if found is None or found.kind != "hand-mucked" or not found.get("winner"):
        return None
    seats = list(found.get("hands", {}))
    table, _ = _restored(case, found, seats, [])
    return carry_on(f"{_start(found)} The hand had been tabled and was obviously the "
                    f"winner, and a dealer cannot kill such a hand ({rule}): it is taken "
                    "back out of the muck as it was read and wins the pot.", (), table)


@decides("tda.killing-winning-hand")
def tda_tabled_winner(case: Case) -> Decision | None:
    """Poker TDA 2024 13-C (2026: 14-C): a dealer cannot kill a properly tabled hand that
    was obviously the winner.

    >>> from kb.rules.examples import case
    >>> tda_tabled_winner(case("tabled-winning-hand-killed-by-dealer", book="tda")).remedy
    'continue'
    """
    return _tabled_winner(case, "13-C")


@decides("wsop.killing-winning-hand")
def wsop_tabled_winner(case: Case) -> Decision | None:
    """WSOP 2024 Tournament Rule 71: a dealer cannot kill a winning hand that was tabled and
    was obviously the winning hand.

    >>> from kb.rules.examples import case
    >>> wsop_tabled_winner(case("tabled-winning-hand-killed-by-dealer", book="wsop")).remedy
    'continue'
    """
    return _tabled_winner(case, "Rule 71")
