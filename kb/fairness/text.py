"""The fairness record in words, answer first (``floorbook fairness``): what the remedy
does with each card a seat saw, whether the deal stays random, and the chances.

>>> from fractions import Fraction
>>> from kb.fairness.report import Fairness, SeatChances, SeenCard
>>> seen = SeenCard("As", (0, 1, 2), "burn", Fraction(0), Fraction(17, 52), False)
>>> print(answer(Fairness("x", "tda@2024", (seen,), True, "", (), (), ())))
the exposed As becomes the burn: no seat can know a card to come
"""

from __future__ import annotations

from fractions import Fraction

from kb.fairness.report import Fairness, SeatChances, SeenCard


def answer(record: Fairness) -> str:
    """The one-line answer: where each seen card goes, then whether any seat can know a
    card to come."""
    if not record.seen:
        return "no card was seen out of turn: no seat can know a card to come"
    # cards that meet the same fate are named together (a four-card flop's four)
    groups: dict[tuple[bool, str], list[str]] = {}
    for seen in record.seen:
        groups.setdefault((seen.seen_by == (0,), _fate(seen)), []).append(seen.card)
    said = "; ".join(_named(cards, dealer) + " " + (fate if len(cards) == 1 else plural(fate))
                     for (dealer, fate), cards in groups.items())
    if record.flagged and all(s.where_after.startswith("hand ") for s in record.flagged):
        return said + ": FLAGGED, the other seats know " + (
            "it" if len(record.flagged) == 1 else "them")
    if record.flagged and all(s.seen_by == (0,) for s in record.flagged):
        return said + ": FLAGGED, the dealer can know a card to come"
    if record.flagged:
        return said + ": FLAGGED, seats can know a card to come"
    return said + ": no seat can know a card to come"


def plural(fated: str) -> str:
    """A fate said of several cards.

    >>> plural("is on the board"), plural("goes to the stub"), plural("stays in seat 2's hand")
    ('are each on the board', 'each go to the stub', "each stay in seat 2's hand")
    """
    if fated.startswith("is "):
        return "are each " + fated[3:]
    verb, rest = fated.split(" ", 1)
    return f"each {'go' if verb == 'goes' else verb.removesuffix('s')} {rest}"


def _named(cards: list[str], dealer: bool) -> str:
    """The cards as the answer names them: a card only the dealer saw is named so; any
    other was shown to the players."""
    return (f"the {' '.join(cards)} the dealer saw" if dealer
            else f"the exposed {' '.join(cards)}")


def _fate(seen: SeenCard) -> str:
    """What the remedy does with ``seen``, said after its name."""
    where = seen.where_after
    if where in ("burn", "muck", "set-aside"):
        return "becomes " + ("the burn" if where == "burn" else f"part of the {where}")
    if where.startswith("hand"):
        return f"stays in {where.replace('hand', 'seat')}'s hand"
    if where == "board":
        return "is on the board"
    if where.startswith("scrambled"):
        return f"is {where}: it plays {odds(seen.reaches_play)}"
    # a card left where it lay in the stub did not move: it stays there
    verb = "stays in the" if where.startswith("stub (card") else "goes to the"
    return f"{verb} {where}: it plays {odds(seen.reaches_play)}"


def odds(chance: Fraction) -> str:
    """A chance in words and as a percentage.

    >>> odds(Fraction(3, 4))
    '3 times in 4 (75.0%)'
    """
    if chance in (0, 1):
        return "never" if chance == 0 else "for sure"
    return f"{chance.numerator} times in {chance.denominator} ({float(chance):.1%})"


def details(record: Fairness) -> list[str]:
    """The lines under the answer: each seen card, the order, the chances."""
    lines = []
    for seen in record.seen:
        seats = ", ".join("the dealer" if s == 0 else str(s) for s in seen.seen_by)
        if seen.one_of and seen.seen_by:
            seats = "one player of " + seats
        lines.append(f"  {seen.card}: seen by {seats or 'nobody else'}; after the remedy: "
                     f"{seen.where_after}; reaches play {seen.reaches_play} against "
                     f"{seen.reaches_play_clean} had nobody seen it"
                     + ("  FLAGGED" if seen.flagged else ""))
    lines.append("  deal stays random: " + ("yes" if record.keeps_random else "NO")
                 + f" ({record.order_reason})")
    for name, figures, why in (("after the remedy", record.chances_after, record.chances_why),
                               ("dealt without the irregularity", record.chances_clean,
                                record.clean_why),
                               ("on a redeal", record.chances_redeal, record.redeal_why)):
        lines += _chances(name, figures, why)
    return lines


def _chances(name: str, figures: tuple[SeatChances, ...], why: str) -> list[str]:
    """The chances of one table, a line a seat, or "not computed" and why.

    >>> _chances("on a redeal", (), "a draw game")
    ['  chances on a redeal: not computed (a draw game)']
    >>> _chances("x", (SeatChances(2, Fraction(1, 3), Fraction(0), True, 0.0),), "")
    ['  chances x:', '    seat 2: wins 33.3%']
    """
    if not figures:
        return [f"  chances {name}: not computed" + (f" ({why})" if why else "")]
    lines = [f"  chances {name}:"]
    for chances in figures:
        lines.append(f"    seat {chances.seat}: " + _seat(chances))
    return lines


def _seat(chances: SeatChances) -> str:
    """One seat's share of the pot, and its chance of a split where there is one; an
    exact share beside an estimated split is a redeal's (1/n by symmetry).

    >>> _seat(SeatChances(1, Fraction(1, 2), 0.04, False, 0.004))
    'wins 50.0% exactly, splits 4.0% (estimate, ± 0.4%)'
    """
    win, split = float(chances.win), float(chances.split)
    if chances.exact:
        return f"wins {win:.1%}" + (f", splits {split:.1%}" if split else "")
    if isinstance(chances.win, Fraction):
        return f"wins {win:.1%} exactly, splits {split:.1%} (estimate, ± {chances.error:.1%})"
    # the split is drawn with the win: both are estimates, the error given is the win's
    return (f"wins {win:.1%}" + (f", splits {split:.1%}" if split else "")
            + f" (estimate{'s' if split else ''}, ± {chances.error:.1%})")


def format_fairness(record: Fairness) -> str:
    """The record in words: ``<scenario> under <book>: <answer>``, then its details."""
    return "\n".join([f"{record.scenario} under {record.rulebook}: {answer(record)}",
                      *details(record)])
