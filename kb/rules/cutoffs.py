"""The books' misdeal cutoffs, and which one a rulebook applies, read from its
misdeal-cutoff provisions.

Each book ends the right to a misdeal with its own test (:data:`CUTOFF_TESTS`, over the
betting records of :mod:`kb.hand.actions`; blinds, antes and the stud forced bet are never
actions):

* Robert's Rules of Poker v11, Misdeals 1: **action has begun** once two players after the
  blinds (stud: after the forced bet) have acted; folds and checks count.
* Poker TDA 2024 Rules 35-D and 36: **substantial action** is (A) two actions in turn, at
  least one putting chips in the pot, or (B) any three actions in turn.
* WSOP Official Live Action Rules 2024, Rule 105: **substantial action** in button games is
  three folds, three checks, or any two actions except two folds or two checks; in stud,
  two players after the forced bet have acted.

:data:`CUTOFF_PROVISIONS` keys the test by the provision that states it; a rulebook takes the
test of the first provision governing its misdeal-cutoff topic that has one, in precedence
order (a book that falls back to another, WSOP Tournament Rule 129, tries its own first).  A
provision recorded as the ``same-as`` one of these takes its test (WSOP Tournament Rule 88.c
is the TDA's).

>>> CUTOFF_PROVISIONS["wsop-live.misdeals.cutoff"]
'wsop-live'
>>> folds = [Record(3, "fold", "preflop", True), Record(4, "fold", "preflop", True)]
>>> rrop_action_begun(folds), tda_substantial_action(folds)
(True, None)
>>> tda_substantial_action([Record(3, "fold", "preflop", True), Record(4, "call", "preflop", True)])
'36-A'
"""

from __future__ import annotations

from collections.abc import Callable

from kb.hand.actions import Record
from kb.knowledge.model import KnowledgeBase
from kb.knowledge.vocabulary import RelationKind
from kb.rules.rulebook import Rulebook

#: The acts that put chips in the pot (TDA 2024 Rule 36-A).
CHIP_ACTS = frozenset({"call", "bet", "raise", "all-in"})

def rrop_action_begun(records: list[Record] | tuple[Record, ...]) -> bool:
    """Robert's Rules of Poker v11, Misdeals 1: two players have acted (any act counts).

    >>> rrop_action_begun([Record(3, "raise", "preflop", True)])
    False
    """
    return len({r.seat for r in records}) >= 2


def tda_substantial_action(records: list[Record] | tuple[Record, ...]) -> str | None:
    """Poker TDA 2024 Rule 36: '36-A' (two actions in turn, one with chips), '36-B' (three
    actions in turn) or None when there is no substantial action.

    >>> checks = [Record(s, "check", "flop", True) for s in (1, 2)]
    >>> tda_substantial_action(checks), tda_substantial_action(checks * 2)
    (None, '36-B')
    """
    in_turn = [r for r in records if r.in_turn]
    if len(in_turn) >= 2 and any(r.act in CHIP_ACTS for r in in_turn):
        return "36-A"
    if len(in_turn) >= 3:
        return "36-B"
    return None


def wsop_live_substantial_action(records: list[Record] | tuple[Record, ...],
                                 stud: bool = False) -> bool:
    """WSOP Official Live Action Rules 2024, Rule 105: in button games three folds, three
    checks, or any two actions (check, bet, call, fold) except two folds or two checks; in
    stud, two players after the forced bet have acted (:func:`rrop_action_begun`).

    Rule 105 does not ask for actions in turn, so every action counts; with three actions
    taken, either they are three folds, three checks, or two of them differ, so any three
    are substantial action.  A raise or an all-in is a bet here.

    >>> fold, check = Record(3, "fold", "flop", True), Record(4, "check", "flop", True)
    >>> wsop_live_substantial_action([fold, fold]), wsop_live_substantial_action([fold, check])
    (False, True)
    """
    if stud:
        return rrop_action_begun(records)
    acts = [r.act for r in records]
    if len(acts) >= 3:
        return True
    return len(acts) == 2 and not (acts[0] == acts[1] and acts[0] in ("fold", "check"))


#: The misdeal cutoffs by name: (actions, stud game?) -> whether the cutoff has passed.
CUTOFF_TESTS: dict[str, Callable[..., bool]] = {
    "rrop": lambda records, stud=False: rrop_action_begun(records),
    "tda": lambda records, stud=False: tda_substantial_action(records) is not None,
    "wsop-live": wsop_live_substantial_action,
}


#: Misdeal-cutoff provision id -> the name of its test in :data:`CUTOFF_TESTS`.
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
    misdeal-cutoff provision with a test of its own or through a ``same-as`` relation.

    >>> from kb.knowledge.load import load_knowledge_base
    >>> from kb.rules.books import published_editions
    >>> kb = load_knowledge_base()
    >>> [cutoff_rule(kb, book) for book in published_editions(kb)]
    ['rrop', 'tda', 'tda', 'tda', 'wsop-live']
    """
    for pid in rulebook.governing("misdeal-cutoff"):
        name = named_test(kb, pid)
        if name is not None:
            return name
    return DEFAULT


def named_test(kb: KnowledgeBase, pid: str) -> str | None:
    """The cutoff test provision ``pid`` states, or None.

    >>> from kb.knowledge.load import load_knowledge_base
    >>> named_test(load_knowledge_base(), "tda.misdeal.after-substantial-action")
    'tda'
    """
    if pid in CUTOFF_PROVISIONS:
        return CUTOFF_PROVISIONS[pid]
    if not kb.has("provision", pid):
        return None
    return next((CUTOFF_PROVISIONS[r.target] for r in kb.provision(pid).relations
                 if r.kind == RelationKind.SAME_AS and r.target in CUTOFF_PROVISIONS), None)
