"""Which misdeal cutoff a rulebook applies, read from its misdeal-cutoff provisions.

Each book ends the right to a misdeal with its own test (:data:`kb.hand.actions.CUTOFF_TESTS`):
Robert's Rules of Poker v11 Misdeals 1 (two players have acted), Poker TDA 2024 Rules 35-D
and 36 (substantial action), WSOP Official Live Action Rules 2024 Rule 105 (substantial
action as three folds, three checks or two actions other than two folds or two checks).
:data:`CUTOFF_PROVISIONS` keys the test by the provision that states it; a rulebook takes the
test of the first provision governing its misdeal-cutoff topic that has one, in precedence
order (a book that falls back to another, WSOP Tournament Rule 129, tries its own first).  A
provision recorded as the ``same-as`` one of these takes its test (WSOP Tournament Rule 88.c
is the TDA's).

>>> CUTOFF_PROVISIONS["wsop-live.misdeals.cutoff"]
'wsop-live'
"""

from __future__ import annotations

from kb.knowledge.model import KnowledgeBase, RelationKind
from kb.rules.rulebook import Rulebook

#: Misdeal-cutoff provision id -> the name of its test in kb.hand.actions.CUTOFF_TESTS.
CUTOFF_PROVISIONS = {
    "rrop.misdeals.cutoff": "rrop",
    "tda.misdeal.after-substantial-action": "tda",
    "tda.substantial-action.two-with-chips": "tda",
    "tda.substantial-action.three-actions": "tda",
    "wsop-live.misdeals.cutoff": "wsop-live",
}
#: A book whose misdeal-cutoff provisions name no test (none in the knowledge base today).
DEFAULT = "rrop"


def cutoff_rule(kb: KnowledgeBase, rulebook: Rulebook) -> str:
    """The name of the misdeal cutoff test ``rulebook`` applies: that of its first
    misdeal-cutoff provision with a test of its own or through a ``same-as`` relation."""
    for pid in rulebook.governing("misdeal-cutoff"):
        name = named_test(kb, pid)
        if name is not None:
            return name
    return DEFAULT


def named_test(kb: KnowledgeBase, pid: str) -> str | None:
    """The cutoff test provision ``pid`` states, or None."""
    if pid in CUTOFF_PROVISIONS:
        return CUTOFF_PROVISIONS[pid]
    if not kb.has("provision", pid):
        return None
    return next((CUTOFF_PROVISIONS[r.target] for r in kb.provision(pid).relations
                 if r.kind == RelationKind.SAME_AS and r.target in CUTOFF_PROVISIONS), None)
