"""A matrix cell's fairness note (issue 25): what the remedy does with each seen card and
whether a seat can know a card to come, then the chances of the seat the remedy changes
most, read from the build's fairness record (:class:`kb.fairness.report.Fairness`).

The note is a cell's data (:data:`kb.handbook.views.cellnode.Paragraph` tuples): the
cell's HTML visitor writes it folded under the cards, closed; other formats never print
it (:func:`kb.handbook.views.cellnode.tree` leaves it out).  Where a chance was not
computed the note says so and why, never a figure it did not work out.

>>> from fractions import Fraction
>>> from kb.fairness.report import Fairness, SeatChances, SeenCard
>>> seen = SeenCard("As", (0, 1, 2), "burn", Fraction(0), Fraction(17, 52), False)
>>> at = lambda win: (SeatChances(3, Fraction(win), Fraction(0), True, 0.0),)
>>> record = Fairness("x", "tda@2024", (seen,), True, "", at("0.312"), at("0.312"), ())
>>> print(words(note(record)))
the exposed A♠ becomes the burn: no seat can know a card to come.
Seat 3 wins 31.2% if dealt right, 31.2% after the remedy.
"""

from __future__ import annotations

from fractions import Fraction

from kb.fairness.report import Fairness, SeatChances, SeenCard
from kb.fairness.text import odds, plural
from kb.handbook.views.cards import face
from kb.handbook.views.cellnode import Paragraph, paragraph

#: The line a closed note shows.
SUMMARY = "Fairness"

def note(record: Fairness | None, misdeal: bool = False,
         floor: bool = False) -> tuple[Paragraph, ...]:
    """The note of one cell: two paragraphs (what the remedy does with the seen cards,
    then the chances), ``()`` when there is no record.  ``misdeal``: the remedy is a
    redeal, whose chances are the redeal's (``chances_redeal``).  ``floor``: the book
    leaves the hand to the floor, so the figures are those of the cards as they lie, which
    the note says: they are no remedy of the book's."""
    if record is None:
        return ()
    # a misdeal's chances after the remedy are the redeal's (kb.fairness.report)
    remedy = ("the redeal" if misdeal else
              "the floor's decision (the cards as they lie)"
              if floor else "the remedy")
    return (paragraph(*knowledge(record)),
            paragraph(("text", chances(record.chances_clean, record.chances_after,
                                       record.clean_why or record.chances_why, remedy,
                                       record.chances_why))))


def knowledge(record: Fairness) -> tuple[tuple, ...]:
    """The first sentence as cell pieces: each seen card's fate (cards of the same fate
    together, by their faces: the note draws no card of its own, to stay short), then
    whether a seat can know a card to come (or, where the seen cards stay in hands,
    that the other seats know them), then whether the deal stays random when it does
    not.

    >>> from fractions import Fraction
    >>> four = [SeenCard(c, (0, 1), "scrambled with 3 other cards, one picked as burn",
    ...                  Fraction(3, 4), Fraction(23, 52), True) for c in ("Kc", "Th")]
    >>> print(words([paragraph(*knowledge(Fairness("x", "b", tuple(four), True, "",
    ...                                             (), (), ())))]))
    the exposed K♣ 10♥ are each scrambled with 3 other cards, one picked as burn: it plays 3 times in 4 (75.0%); some seats can know a card to come.
    """
    if not record.seen:
        said = "no card was seen out of turn: no seat can know a card to come"
    else:
        groups: dict[tuple[str, bool], list[str]] = {}
        for seen in record.seen:
            groups.setdefault((fate(seen), seen.seen_by == (0,)), []).append(seen.card)
        said = "; ".join(
            f"the {'' if dealer else 'exposed '}{' '.join(face(c) for c in cards)}"
            + (" the dealer saw" if dealer else "")
            + (f" {plural(fated)}" if len(cards) > 1 else f" {fated}")
            for (fated, dealer), cards in groups.items())
        if not record.flagged:
            said += ": no seat can know a card to come"
        elif all(s.where_after.startswith("hand ") for s in record.flagged):
            said += ": the other seats know " + ("it" if len(record.flagged) == 1 else "them")
        elif all(s.seen_by == (0,) for s in record.flagged):
            said += "; the dealer can know a card to come"
        else:
            said += "; some seats can know a card to come"
    return (("text", said + ("." if record.keeps_random else ". The deal is not random.")),)


def fate(seen: SeenCard) -> str:
    """Where the remedy puts a seen card, in words, and how often it plays when that is
    not certain.

    >>> from fractions import Fraction
    >>> fate(SeenCard("As", (0,), "stub (reshuffled)", Fraction(5, 33), Fraction(0), False))
    'goes to the stub (reshuffled): it plays 5 times in 33 (15.2%)'
    """
    where = seen.where_after
    if where == "burn":
        return "becomes the burn"
    if where in ("muck", "set-aside"):
        return f"becomes part of the {where}"
    if where.startswith("hand "):
        return f"stays in seat {where[5:]}'s hand"
    if where == "board":
        return "is on the board"
    verb = ("is" if where.startswith("scrambled") else
            "stays in the" if where.startswith("stub (card") else "goes to the")
    return f"{verb} {where}: it plays {odds(seen.reaches_play)}"


def chances(clean: tuple[SeatChances, ...], after: tuple[SeatChances, ...], why: str,
            remedy: str = "the remedy", after_why: str = "") -> str:
    """The second sentence: the chance of winning, had the hand been dealt right and after
    ``remedy``, of the seat whose chance it changes most (the lowest seat of a tie);
    "not computed" and why when either side is missing (``why``: the hand dealt right's
    reason, or both's; ``after_why``: the reason the chances after the remedy are not).

    >>> from fractions import Fraction
    >>> one = lambda win, exact=True: (SeatChances(2, win, 0, exact, 0 if exact else 0.004),)
    >>> chances(one(Fraction(1, 4)), one(0.3, False), "")
    'Seat 2 wins 25.0% if dealt right, 30.0% ± 0.4% after the remedy.'
    >>> chances((), (), "a draw game: the cards to come are the players' discards")
    "Chances not computed: a draw game: the cards to come are the players' discards."
    """
    by_seat = {c.seat: c for c in clean}
    pairs = [(by_seat[c.seat], c) for c in after if c.seat in by_seat]
    if not pairs and clean and after:
        return ("Chances not compared: no seat is live both in the hand dealt right and "
                f"after {remedy}.")
    if not pairs:
        side = ("" if not (clean or after) else
                " if dealt right" if after else f" after {remedy}")
        reason = after_why if clean and not after else why
        return f"Chances{side} not computed" + (f": {reason}." if reason else ".")
    before, now = max(pairs, key=lambda p: (abs(float(p[1].win) - float(p[0].win)),
                                            -p[0].seat))
    return (f"Seat {now.seat} wins {percent(before)} if dealt right, "
            f"{percent(now)} after {remedy}.")


def percent(chance: SeatChances) -> str:
    """A seat's chance of winning as a percentage, with ``± error`` when an estimate.

    >>> from fractions import Fraction
    >>> percent(SeatChances(1, Fraction(1, 3), Fraction(0), True, 0.0))
    '33.3%'
    >>> percent(SeatChances(1, Fraction(1, 7), 0.02, False, 0.004))   # a redeal's
    '14.3%'
    """
    shown = f"{float(chance.win):.1%}"
    # a win kept as a Fraction is exact even when the record's split is an estimate
    # (a redeal: 1/n by symmetry), and the error is the split's, not the win's
    return shown if isinstance(chance.win, Fraction) else f"{shown} ± {chance.error:.1%}"


def words(paragraphs) -> str:
    """The note's words, a line a paragraph (cards by their notation): for doctests and
    tests."""
    return "\n".join("".join(" ".join(p[1]) if p[0] == "cards" else p[1] for p in pieces)
                     for _, pieces in paragraphs)
