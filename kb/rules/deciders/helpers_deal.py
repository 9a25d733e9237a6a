"""What deciders of several modules share about the deal and the players' hands: wrong
card counts and the button's missing card, exposed and boxed cards, the seat errors that
make a misdeal, and a hand played out past the misdeal cutoff.

Each helper is rule logic of the provisions its docstring names, written once because the
deciders of more than one book rule with it (the WSOP books copy much of the TDA's and
Robert's Rules').  Nothing is registered here.
"""

from __future__ import annotations

from typing import Literal

from kb.hand.scenario import DRAW_GAMES, STUD_GAMES
from kb.hand.table import Irregularity, Table
from kb.rules.deciders import Decider, ruled_on
from kb.rules.remedies import Decision, carry_on, misdeal, step
from kb.rules.ruling import Step
from kb.rules.situation import Case

# ---- wrong card counts -------------------------------------------------------------

#: The kinds of a hand one card short: skipped on the last round of the deal, or on a
#: later stud street (no book has a rule of its own for the stud street: it is a short
#: hand like the other).
_ONE_SHORT = ("short", "stud-skipped")


def wrong_count(case: Case) -> tuple[int, int] | None:
    """(seat, cards held) of the hand the irregularity ruled on is about: a ``wrong-count``
    as found, a ``short`` hand one card short, an ``extra`` one its extra cards long; None
    for any other kind.

    >>> from types import SimpleNamespace as NS
    >>> extra = Irregularity("extra", 5, 0, {"seat": 3, "count": 2})
    >>> wrong_count(NS(irregularity=extra, proper_cards=2))
    (3, 4)
    """
    irregularity = ruled_on(case)
    if irregularity.kind == "wrong-count":
        return irregularity.get("seat"), irregularity.get("count")
    if irregularity.kind in _ONE_SHORT:
        return irregularity.get("seat"), case.proper_cards - 1
    if irregularity.kind == "extra":
        return irregularity.get("seat"), case.proper_cards + irregularity.get("count")
    return None


def wrong_counts(case: Case) -> list[tuple[int, int]]:
    """(seat, cards held) of every hand found with the wrong number of cards, in the order
    the irregularities name the seats first (a later finding of a seat replaces its count).

    >>> from types import SimpleNamespace as NS
    >>> found = [Irregularity("short", 5, 0, {"seat": 2}),
    ...          Irregularity("wrong-count", 6, 0, {"seat": 4, "count": 2})]
    >>> wrong_counts(NS(replay=NS(irregularities=found), proper_cards=2))
    [(2, 1)]
    """
    held: dict[int, int] = {}
    for irregularity in case.replay.irregularities:
        if irregularity.kind == "wrong-count":
            held[irregularity.get("seat")] = irregularity.get("count")
        elif irregularity.kind in _ONE_SHORT:
            held[irregularity.get("seat")] = case.proper_cards - 1
        elif irregularity.kind == "extra":
            held[irregularity.get("seat")] = case.proper_cards + irregularity.get("count")
    return [(seat, n) for seat, n in held.items() if n != case.proper_cards]


def short_exception(case: Case, count: int) -> Literal["draw", "stud"] | None:
    """The exception that keeps a hand of ``count`` cards live although it is short, where
    Robert's Rules of Poker v11 Dead Hands 1(d) and WSOP 2024 Rule 108 kill a hand with the
    wrong number of cards: ``draw``, a draw hand short before the draw (live); ``stud``, a
    seven-card stud hand missing only its final card (may be live); None for any other hand.

    >>> from types import SimpleNamespace as NS
    >>> stud = NS(game="razz", proper_cards=7, replay=NS(streets=[]))
    >>> short_exception(stud, 6), short_exception(stud, 5)
    ('stud', None)
    """
    if count >= case.proper_cards:
        return None
    if case.game in DRAW_GAMES and "draw" not in case.replay.streets:
        return "draw"
    if case.game in STUD_GAMES and case.proper_cards == 7 and count == 6:
        return "stud"
    return None


def nothing_dealt_since(case: Case) -> bool:
    """No card has come off the stub since the starting deal (no burn, board or draw), so
    the stub's top card is the one the deal would have given next.

    >>> from types import SimpleNamespace as NS
    >>> nothing_dealt_since(NS(table=NS(board=[], burns=[]), replay=NS(streets=["preflop"])))
    True
    """
    return not (case.table.board or case.table.burns or "draw" in case.replay.streets)


def supply_button(case: Case, seat: int, count: int) -> tuple[Table, list[str], str]:
    """The button ``seat``, holding ``count`` cards, given its missing cards from the top of
    the stub (Poker TDA 2024 Rule 37 with 35-B, WSOP 2024 Rule 108, WSOP Live Action Rules
    2024 Rule 262): the table after, the cards supplied and a note (a leading space) where
    the scenario gave only the hand's count.  A hand found with a count only (``found:
    wrong-count``) was replayed in full: its last cards stand for the ones supplied.

    >>> from types import SimpleNamespace as NS
    >>> table = Table(deck=(), hands={1: ["As"]}, stub=["Kd", "Qh"])
    >>> after, cards, note = supply_button(NS(table=table, proper_cards=2), 1, 1)
    >>> after.hands[1], cards, note, table.stub
    (['As', 'Kd'], ['Kd'], '', ['Kd', 'Qh'])
    """
    table = case.table.copy()
    hand = table.hands.setdefault(seat, [])
    missing = case.proper_cards - len(hand)
    if missing > 0:
        supplied = [table.take() for _ in range(missing)]
        hand.extend(supplied)
        return table, supplied, ""
    supplied = hand[len(hand) - (case.proper_cards - count):]
    if nothing_dealt_since(case):
        return table, supplied, (" The scenario gives only the card count, so the table shows "
                                 "the hand as replayed, completed with the card the top of "
                                 "the stub gives it.")
    return table, supplied, (" The scenario gives only the card count and cards have come off "
                             "the deck since, so the table shows the hand as replayed; the "
                             "card the button actually receives is the stub's next card.")


# ---- exposed and boxed cards -------------------------------------------------------


def exposed_cards(case: Case) -> list[Irregularity]:
    """Every hole card the dealer exposed (or dealt off the table) in the hand, in order:
    the ``exposed`` irregularities, each with its ``seat``, ``card`` and ``slot`` (0 for a
    seat's first hole card).

    >>> from types import SimpleNamespace as NS
    >>> shown = Irregularity("exposed", 5, 0, {"seat": 3, "card": "8s", "slot": 0})
    >>> found = [shown, Irregularity("boxed", 6, 0)]
    >>> [i.get("card") for i in exposed_cards(NS(all=lambda kind: [i for i in found if i.kind == kind]))]
    ['8s']
    """
    return case.all("exposed")


def first_two_exposed(case: Case) -> bool:
    """Whether one of a seat's first two hole cards was exposed: a misdeal cause in
    Robert's Rules of Poker v11 (Hold'em 1, Misdeals 2(a)), Poker TDA 2024 35-A-7, WSOP 2024
    88.a.7 and WSOP Live Action Rules 2024 104 and 262, before their cutoffs.

    >>> from types import SimpleNamespace as NS
    >>> third = Irregularity("exposed", 5, 0, {"seat": 3, "card": "8s", "slot": 2})
    >>> first_two_exposed(NS(all=lambda kind: [third]))
    False
    """
    return any(i.get("slot") in (0, 1) for i in exposed_cards(case))


def too_many_exposed(case: Case) -> bool:
    """Enough exposed hole cards for a misdeal: two in every book (Robert's Rules of Poker
    v11 Misdeals 2(b), Poker TDA 2024 35-A-7's "any two other down cards", WSOP 2024 88.a.7,
    WSOP Live Action Rules 2024 104); a house may change it with the parameter
    ``exposed-cards-for-misdeal``.

    >>> from types import SimpleNamespace as NS
    >>> one = Irregularity("exposed", 5, 0, {"seat": 3, "card": "8s", "slot": 2})
    >>> too_many_exposed(NS(all=lambda kind: [one, one], param=lambda name, default: default))
    True
    """
    return len(exposed_cards(case)) >= case.param("exposed-cards-for-misdeal", 2)


def boxed_limit(case: Case) -> int:
    """How many boxed cards make a misdeal: two in Robert's Rules of Poker v11 (Misdeals
    2(c)), Poker TDA 2024 (35-A-1) and WSOP Live Action Rules 2024 (21, 104); a house may
    change it with the parameter ``boxed-cards-for-misdeal``.

    >>> from types import SimpleNamespace as NS
    >>> boxed_limit(NS(param=lambda name, default: default))
    2
    """
    return case.param("boxed-cards-for-misdeal", 2)


# ---- seat errors -------------------------------------------------------------------

_WHAT = {"button": "the button was out of position (it belonged at seat {seat})",
         "first-to": "the first card went to seat {seat} instead of the seat after the button",
         "dealt-to": "seat {seat}, not entitled to a hand, was dealt in",
         "dealt-out": "seat {seat}, entitled to a hand, was dealt out"}


def _is(irregularity: Irregularity, kind: str) -> bool:
    """A found hand of no cards is a seat dealt out."""
    if kind == "dealt-out" and irregularity.kind == "wrong-count":
        return irregularity.get("count") == 0
    return irregularity.kind == kind


def misdeal_for(kind: str, book: str) -> Decider:
    """The decider of a seat error that is a misdeal before the book's cutoff: ``kind`` one
    of ``button``, ``first-to``, ``dealt-to``, ``dealt-out`` (a hand found with no cards is
    dealt out), ``book`` the rule as the explanation names it (Robert's Rules of Poker v11
    Misdeals 2(g)-(j), Poker TDA 2024 35-A-2 to 35-A-4, WSOP Live Action Rules 2024 104).
    A ``book`` starting ``Misdeals`` words the cutoff as action begun, any other as
    substantial action; a wrong button is corrected in the redeal.

    >>> decide = misdeal_for("dealt-out", "35-A-4")
    >>> decide.__name__, decide.__doc__
    ('misdeal_dealt_out', '35-A-4: misdeal before the cutoff when seat S, entitled to a hand, was dealt out.')
    """
    def decide(case: Case) -> Decision | None:
        irregularity = ruled_on(case)
        if not _is(irregularity, kind) or case.cutoff_reached():
            return None
        what = _WHAT[kind].format(seat=irregularity.get("seat"))
        button = irregularity.get("seat") if kind == "button" else None
        return misdeal(case, f"Misdeal ({book}): {what}, found before "
                       f"{'action began' if book.startswith('Misdeals') else 'substantial action'}.",
                       button=button)
    decide.__name__ = f"misdeal_{kind.replace('-', '_')}"
    decide.__doc__ = f"{book}: misdeal before the cutoff when {_WHAT[kind].format(seat='S')}."
    return decide


# ---- past the misdeal cutoff -------------------------------------------------------

#: Irregularities that leave a player holding a fouled hand (the wrong cards).
_FOULED_HAND = ("extra", "short", "wrong-count", "stud-skipped")


def played_out(case: Case, text: str, stray_why: str) -> Decision:
    """Past a book's misdeal cutoff the hand is played out: ``text`` (without its full stop)
    says so; for a fouled hand (a wrong count) no money goes back (Robert's Rules of Poker
    v11 Misdeals 1, WSOP Live Action Rules 2024 105), and a stray hand goes to the muck
    (:func:`stray_hand`, ``stray_why`` saying what the book does not say).

    >>> from types import SimpleNamespace as NS
    >>> short = NS(irregularity=Irregularity("short", 5, 0, {"seat": 4}))
    >>> played_out(short, "Action has begun: the hand is played out", "").explanation
    'Action has begun: the hand is played out, and no money is returned to a player whose hand is fouled.'
    """
    kind = ruled_on(case).kind
    if kind in _FOULED_HAND:
        text += ", and no money is returned to a player whose hand is fouled"
    if kind == "dealt-to":
        steps, table, note = stray_hand(case, stray_why)
        return carry_on(text + ". " + note, steps, table)
    return carry_on(text + ".")


def stray_hand(case: Case, why: str) -> tuple[list[Step], Table, str]:
    """The cards dealt to seats not entitled to a hand go to the muck past the cutoff: they
    are no one's hand, and are not burns (no book says so in words: Robert's Rules of Poker
    v11, Poker TDA 2024 35-D, WSOP 2024 88.c and WSOP Live Action Rules 2024 105 all rule
    through it).  ``why`` says what the book does (not) say about it.  Returns the steps,
    the table after them and the sentence saying so.

    >>> from types import SimpleNamespace as NS
    >>> stray = Irregularity("dealt-to", 5, 0, {"seat": 9})
    >>> table = Table(deck=(), hands={1: ["As"], 9: ["Kd"]}, stub=[])
    >>> steps, after, note = stray_hand(NS(table=table, all=lambda kind: [stray]), "why.")
    >>> after.muck, [s.to_json() for s in steps]
    (['Kd'], [{'do': 'kill', 'seat': 9, 'cards': ['Kd'], 'to': 'muck'}])
    """
    table, steps = case.table.copy(), []
    for irregularity in case.all("dealt-to"):
        seat = irregularity.get("seat")
        cards = table.hands.pop(seat, [])
        table.muck.extend(cards)
        steps.append(step("kill", seat=seat, cards=cards, to="muck"))
    seats = ", ".join(str(i.get("seat")) for i in case.all("dealt-to"))
    note = (f"The cards dealt to seat {seats}, which is not entitled to a hand, are taken "
            f"out of play to the muck and are not used as burns; {why}")
    return steps, table, note
