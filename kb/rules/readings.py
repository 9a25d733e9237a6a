"""Facts the texts allow two readings of: the engine rules one, and the explanation of
every ruling on such a fact names the other (issue 21: "where the texts allow two
readings, the engine rules one, its explanation names the other").

A fact is a flag in an irregularity's details that the replay sets only when it holds,
so rulings without it are untouched.

>>> from kb.hand.table import Irregularity
>>> from kb.rules.remedies import carry_on
>>> seen = Irregularity("exposed", 3, 0, {"seat": 2, "seen_by_one": True})
>>> "other reading" in with_readings(carry_on("Play goes on."), [seen]).explanation
True
>>> with_readings(carry_on("Play goes on."), []).explanation
'Play goes on.'
"""

from __future__ import annotations

from dataclasses import replace

from kb.hand.table import Irregularity
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


def with_readings(decision: Decision, unit: list[Irregularity]) -> Decision:
    """``decision`` with a note for each fact of ``READINGS`` that an irregularity of
    ``unit`` (the irregularities it rules) records; unchanged when none does."""
    notes = [text for flag, text in READINGS.items() if any(i.get(flag) for i in unit)]
    if not notes:
        return decision
    return replace(decision, explanation=" ".join([decision.explanation, *notes]))
