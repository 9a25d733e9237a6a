"""Facts the texts allow two readings of: the engine rules one, and the explanation of
every ruling on such a fact names the other (issue 21: "where the texts allow two
readings, the engine rules one, its explanation names the other").

A fact is either a flag in an irregularity's details that the replay sets only when it
holds (:data:`READINGS`, whatever the book), or an irregularity that one edition's text
alone reads two ways (:data:`EDITION_READINGS`: the WSOP Tournament Rules of 2022 have
no extra-card misdeal cause), so rulings without it are untouched.

>>> from kb.hand.table import Irregularity
>>> from kb.rules.remedies import carry_on
>>> seen = Irregularity("exposed", 3, 0, {"seat": 2, "seen_by_one": True})
>>> "other reading" in with_readings(carry_on("Play goes on."), [seen]).explanation
True
>>> with_readings(carry_on("Play goes on."), []).explanation
'Play goes on.'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from kb.hand.table import Irregularity
from kb.rules.outcomes import Remedy
from kb.rules.remedies import Decision

#: detail flag -> what the ruling read and the reading it did not take.
READINGS = {
    "seen_by_one": (
        "A hole card that one player saw as it was dealt is ruled here as a card the dealer "
        "flashed, which Robert's Rules (Irregularities 12) and the WSOP Live Action rules "
        "(119) treat as exposed (the TDA's 'exposed by dealer error' read the same way); the "
        "texts allow the other reading, that a card the table did not see was not exposed "
        "and plays as dealt, and the floor may take it."),
}


def _two_or_more_extra(irregularity: Irregularity, decision: Decision) -> bool:
    """Two or more extra cards on the initial deal, ruled a misdeal."""
    return irregularity.kind == "extra" and irregularity.get("count", 0) >= 2 \
        and decision.remedy == Remedy.MISDEAL


#: (edition id in the rulebook's stack, whether an irregularity and the decision on it
#: are the fact, what the ruling read and the reading it did not take)
#: (docs/dev/readings/wsop-earlier-settled.yaml, "two-readings").
EDITION_READINGS: tuple[tuple[str, Callable[[Irregularity, Decision], bool], str], ...] = (
    ("wsop@2022", _two_or_more_extra,
     # the numbers are the 2024 books' (the deciders'): the ruling's renumbering
     # (kb.rules.renumbering) gives each book's 2022 number, Live Action 104 as 103
     "The 2022 WSOP Tournament Rules list no extra-card misdeal (the cause came in 2023): "
     "this ruling reads the misdeal causes of Tournament Rule 88.a as a list that is not "
     "closed and follows Tournament Rule 129 to Live Action Rule 104, where two or more "
     "extra cards on the deal are a misdeal; the texts allow the other reading, that under "
     "Tournament Rule 108 the hand without the proper number of cards is dead, and the "
     "floor may take it."),
)


def with_readings(decision: Decision, unit: list[Irregularity],
                  stack: tuple[str, ...] = ()) -> Decision:
    """``decision`` with a note for each fact of :data:`READINGS` that an irregularity of
    ``unit`` (the irregularities it rules) records, and for each of
    :data:`EDITION_READINGS` of an edition of ``stack`` (the rulebook's layers) that an
    irregularity of ``unit`` is; unchanged when none is.

    >>> extra = Irregularity("extra", 10, 0, {"seat": 1, "count": 2})
    >>> redeal = Decision(Remedy.MISDEAL, "Misdeal.")
    >>> "Rule 108" in with_readings(redeal, [extra], ("wsop@2022",)).explanation
    True
    >>> with_readings(redeal, [extra], ("wsop@2023",)).explanation
    'Misdeal.'
    """
    notes = [text for flag, text in READINGS.items() if any(i.get(flag) for i in unit)]
    notes += [text for edition, holds, text in EDITION_READINGS
              if edition in stack and any(holds(i, decision) for i in unit)]
    if not notes:
        return decision
    return replace(decision, explanation=" ".join([decision.explanation, *notes]))
