"""What a ruling can say: its remedy (:class:`Remedy`) and the kinds of its steps
(:class:`StepKind`), each a ``StrEnum`` whose values are the exchange format's names
(docs/scenario-format.md, "Ruling"), so a member is its name in JSON, text and pages.

The scenario format's JSON Schema lists the same remedies (tests/test_scenario_format.py
holds them equal).  The hand room, below this one, reads a ruling's remedy and steps by
their values when it plays on after a floor call (:mod:`kb.hand.segments`).

>>> Remedy("dead-hand") is Remedy.DEAD_HAND, f"{StepKind.SCRAMBLE_PICK}"
(True, 'scramble-pick')
>>> [remedy.value for remedy in SEVERITY][-2:]
['misdeal', 'void']
"""

from __future__ import annotations

from enum import StrEnum


class Remedy(StrEnum):
    """What the floor does about the hand as a whole.

    >>> Remedy("dead-hand") is Remedy.DEAD_HAND
    True
    """

    MISDEAL = "misdeal"
    CONTINUE = "continue"
    DEAD_HAND = "dead-hand"
    VOID = "void"
    FLOOR_DECISION = "floor-decision"


class StepKind(StrEnum):
    """One kind of thing the dealer or floor does (a step's ``do``).

    >>> StepKind.RETURN_TO_STUB == "return-to-stub"
    True
    """

    FINISH_DEAL = "finish-deal"
    REPLACE = "replace"
    BURN = "burn"
    RETURN_TO_STUB = "return-to-stub"
    SHUFFLE = "shuffle"
    CUT = "cut"
    SCRAMBLE_PICK = "scramble-pick"
    DEAL = "deal"
    SET_ASIDE = "set-aside"
    SUPPLY = "supply"
    KILL = "kill"
    FACE_DOWN = "face-down"
    COMMON_CARD = "common-card"
    REFUND = "refund"
    REDEAL = "redeal"
    FINISH_BETTING = "finish-betting"
    GATHER = "gather"
    CORRECT_BUTTON = "correct-button"
    CONSIDER_PENALTY = "consider-penalty"


#: The remedies from the least to the most far-reaching: the remedy a call with several
#: units reports is the last of these that one of them gave (:mod:`kb.rules.combine`).
SEVERITY = (Remedy.CONTINUE, Remedy.FLOOR_DECISION, Remedy.DEAD_HAND, Remedy.MISDEAL,
            Remedy.VOID)
#: The remedies that end the call: the rest of its irregularities are answered by them.
FINAL = (Remedy.MISDEAL, Remedy.VOID)
