"""One floor call that answers several irregularities: the rulings of its units put
together into the call's ruling (docs/scenario-format.md, "Floor calls").

The units are ruled in order, each on the table the previous remedy left
(:func:`kb.rules.situation.units` gives the order); a misdeal or a void stops there, since
it answers the rest too (a misdeal gathers every card; a void cancels the hand).  The
call's ruling lists every unit's steps and citations in order, the table after the last
remedy, an explanation that goes through them one by one, and as its ``remedy`` the most
far-reaching of theirs (:data:`SEVERITY`).

>>> summary_remedy(["continue", "misdeal", "floor-decision"])
'misdeal'
"""

from __future__ import annotations

from dataclasses import replace

from kb.hand.table import Irregularity
from kb.rules.irregularities import words
from kb.rules.outcomes import SEVERITY, Remedy
from kb.rules.ruling import Ruling


def summary_remedy(remedies) -> str:
    """The most far-reaching of ``remedies`` (:data:`SEVERITY`).

    >>> summary_remedy(["continue", "floor-decision"])
    'floor-decision'
    """
    return max(remedies, key=SEVERITY.index)


def answered(unit: list[Irregularity]) -> tuple[dict, ...]:
    """The ``irregularities`` field of a ruling: each irregularity's kind and line.

    >>> answered([Irregularity("boxed", 9, 0), Irregularity("boxed", 11, 0)])
    ({'kind': 'boxed', 'line': 9}, {'kind': 'boxed', 'line': 11})
    """
    return tuple({"kind": i.kind, "line": i.line} for i in unit)


def what(unit: list[Irregularity]) -> str:
    """A unit in words, with the lines of its events: ``a burn error (line 9)``.

    >>> what([Irregularity("boxed", 9, 0), Irregularity("boxed", 11, 0)])
    '... (lines 9, 11)'
    """
    lines = ", ".join(str(n) for n in dict.fromkeys(i.line for i in unit))
    return f"{words(unit[0].kind)} (line{'s' * (',' in lines)} {lines})"


def combine(parts: list[tuple[list[Irregularity], Ruling]],
            covered: list[list[Irregularity]]) -> Ruling:
    """The ruling of one floor call from its units' rulings ``parts`` (unit, ruling), in
    the order ruled; ``covered`` are the units a misdeal or void answered without a
    ruling of their own.

    >>> from kb.rules.examples import ruling
    >>> one = ruling("boxed-card-on-flop")
    >>> combine([([Irregularity("boxed", 9, 0)], one)], []).irregularities
    ({'kind': 'boxed', 'line': 9},)
    """
    if len(parts) == 1 and not covered:
        unit, ruling = parts[0]
        mine = answered(unit)
        return ruling if ruling.irregularities == mine else replace(ruling, irregularities=mine)
    rulings = [ruling for _, ruling in parts]
    remedy = summary_remedy(r.remedy for r in rulings)
    chosen = next(r for r in rulings if r.remedy == remedy)
    # a provision two units cite is cited once, with its number (the pairs are the same)
    cited = tuple(dict.fromkeys(c for r in rulings for c in r.cited))
    text = _explanation(parts, covered, remedy, rulings)
    units = [u for u, _ in parts] + covered
    return replace(rulings[-1], remedy=remedy, cited=cited,
                   steps=tuple(s for r in rulings for s in r.steps),
                   random=any(r.random for r in rulings), explanation=text,
                   topic=chosen.topic, decided_by=chosen.decided_by,
                   irregularities=tuple(i for u in units for i in answered(u)))


def _explanation(parts, covered, remedy: str, rulings: list[Ruling]) -> str:
    count = len(parts) + len(covered)
    words = [(f"{count} irregularities stood when the floor was called; they are ruled "
              "together, a fouled deck first and the others in the order they happened, "
              "each remedy applied to the table the previous one left.")]
    for number, (unit, ruling) in enumerate(parts, 1):
        words.append(f"({number}) {_capital(what(unit))}: {ruling.explanation}")
    if covered:
        rest = "; ".join(what(unit) for unit in covered)
        if rulings[-1].remedy == Remedy.VOID:
            words.append(f"The hand is void, which answers the rest too: {rest}.")
        elif rulings[-1].remedy == Remedy.MISDEAL:
            words.append("The misdeal answers the rest too, since every card is gathered "
                         f"and dealt again: {rest}.")
        else:
            words.append("The remedy above already lays the later street again, which "
                         f"answers the rest too: {rest}.")
    if len({r.remedy for r in rulings}) > 1:
        words.append(f"The remedy given for the call is the most far-reaching of them, "
                     f"{remedy} (void, then misdeal, dead hand, floor decision, continue).")
    return " ".join(words)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
