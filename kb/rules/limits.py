"""The books' time limits on a complaint raised once the next hand has begun, applied to
every irregularity kind in one place (docs/scenario-format.md, "The end of a hand").

A complaint about a hand that comes to light after the next hand began (its ``found``, or
the floor call about it, after ``next-hand``: :meth:`kb.rules.situation.Case.stage`) is
first ruled by the book's own rule for the irregularity as though raised in time, just
before the next hand (:func:`in_time`); then the book's limit says what becomes of that
ruling (:func:`after_next_hand`).  Which limit a book applies is read from its provisions on
the start of a hand, as the misdeal cutoff is (:data:`LIMIT_PROVISIONS`):

* Robert's Rules of Poker v11, Decision-Making 5: a ruling on a pot asked for after the
  next deal began comes too late, whatever it is about; the result stands.
* WSOP 2024 Rule 76: a hand can be disputed only until the next hand begins; one limit
  for every dispute, without exception; the result stands.
* WSOP Live Action 2024 Rule 51: as Decision-Making 5, but a possible house error may still
  be corrected (the floor decides); a player's own act is no house error, missing cards
  never void a result (Rule 117) and the burn-error rule closed its all-in correction at
  the award (Rule 165), so those results stand.
* Poker TDA 2024 Rule 22 (2026: 24): limits disputes of how a tabled hand was read and of
  counting or awarding the pot only, and 35-E (2026: 37-E) puts a fouled deck under it.
  On every other complaint the TDA sets no limit: the ruling says so, cites Rule 22 for
  what it does not cover, and lets the TDA's own rule stand where it leaves the hand as it
  was; where that rule would change the hand (a misdeal, a void, a card replaced), it is
  for a hand still being played, so the floor decides.  The other reading, Rule 22 closing
  every dispute about a hand at the next hand (the result would stand), is named in the
  explanation.

The kinds' facts these need (a player's own act, a correction the kind's rule ends at the
award, a kind that never voids a result) are the irregularity table's
(:mod:`kb.rules.irregularities`).

>>> LIMIT_PROVISIONS["wsop.disputed-pots"]
'wsop'
"""

from __future__ import annotations

from dataclasses import replace

from kb.hand.table import Irregularity, Table
from kb.knowledge.model import KnowledgeBase
from kb.rules.irregularities import caused_by_player, entry, words
from kb.rules.outcomes import Remedy, StepKind
from kb.rules.remedies import Decision, carry_on, floor_decision
from kb.rules.rulebook import Rulebook
from kb.rules.situation import Case

#: The provision that states a book's time limit -> the limit's name.
LIMIT_PROVISIONS = {
    "rrop.decision-making.start-of-deal": "rrop",
    "wsop.disputed-pots": "wsop",
    "wsop-live.decisions.time-limit": "wsop-live",
    "tda.disputed-hands": "tda",
}
#: The TDA's fouled-deck rules, which put a fouled deck under Rule 22's limit (35-E; 37-E).
TDA_FOULED = frozenset({"tda.fouled-deck", "tda.fouled-deck-2026"})
#: What the TDA's limit cites besides Rule 22: Rule 23, when a hand begins.
TDA_NEW_HAND = "tda.new-hand"
#: Steps that change a hand or the board of a hand (as a refund changes who has the chips).
_CHANGES = frozenset({StepKind.REPLACE, StepKind.DEAL, StepKind.REDEAL, StepKind.SUPPLY,
                      StepKind.KILL, StepKind.REFUND, StepKind.COMMON_CARD,
                      StepKind.SCRAMBLE_PICK, StepKind.FINISH_DEAL, StepKind.GATHER})


def limit_rule(kb: KnowledgeBase, rulebook: Rulebook) -> str | None:
    """The provision id of the time limit ``rulebook`` applies: its first provision on the
    start of a hand that states one (:data:`LIMIT_PROVISIONS`); None for a book without.

    >>> from kb.knowledge.load import load_knowledge_base
    >>> from kb.rules.books import published_editions
    >>> kb = load_knowledge_base()
    >>> [limit_rule(kb, book) for book in published_editions(kb)][:3]
    ['rrop.decision-making.start-of-deal', 'tda.disputed-hands', 'tda.disputed-hands']
    """
    return next((pid for pid in rulebook.governing("start-of-hand")
                 if pid in LIMIT_PROVISIONS), None)


def too_late(case: Case) -> bool:
    """Whether the irregularity ruled on came to light after the next hand had begun.

    >>> from kb.rules.examples import case
    >>> too_late(case("burn-error-all-in-found-after-next-hand")), too_late(case("boxed-card-on-flop"))
    (True, False)
    """
    return case.irregularity is not None and case.replay.next_hand_line is not None \
        and case.stage() == "next-hand"


def in_time(case: Case) -> Case:
    """``case`` as though raised just before the next hand began (the pot awarded): what
    the book's own rule would have ruled had it come in time.

    >>> from kb.rules.examples import case
    >>> in_time(case("burn-error-all-in-found-after-next-hand")).stage()
    'pot-awarded'
    """
    return replace(case, until="pot-awarded")


def after_next_hand(limit: str | None, case: Case, decision: Decision,
                    pid: str | None) -> tuple[Decision, str | None]:
    """What the limit ``limit`` (a :func:`limit_rule` id, or None) makes of ``decision``,
    the book's own ruling on ``case`` by provision ``pid`` as though raised in time:
    (the decision, the provision cited first: ``pid``, the rule the complaint would have
    been ruled by, else the limit).

    >>> from kb.rules.examples import case
    >>> late = case("burn-error-all-in-found-after-next-hand")
    >>> ruled = after_next_hand("wsop.disputed-pots", late, floor_decision("x"), None)
    >>> ruled[0].remedy, ruled[1], ruled[0].provisions
    ('continue', 'wsop.disputed-pots', ())
    """
    assert case.irregularity is not None  # too_late() asks for one
    what = named(case.irregularity)
    decided = _by(case, what, decision, pid, limit)
    # the rule on the irregularity is cited first, then the limit that closes it
    first = pid or limit
    decided.provisions = tuple(p for p in decided.provisions if p != first)
    return decided, first


def named(irregularity: Irregularity) -> str:
    """``irregularity`` in words, as a sentence begins, with its street or its cards.

    >>> named(Irregularity("duplicate", 9, 0, {"cards": ("7c",)}))
    'A duplicate card (7c)'
    >>> named(Irregularity("burn-count", 9, 0, {"street": "turn", "burns": 0}))
    'A burn error on the turn'
    """
    what = words(irregularity.kind)
    cards, street = irregularity.get("cards"), irregularity.get("street")
    if street:                      # a board error: its street says more than its cards
        what += f" on the {street}"
    elif cards:
        what += f" ({', '.join(cards)})"
    return what[:1].upper() + what[1:]


def _by(case: Case, what: str, decision: Decision, pid: str | None,
        limit: str | None) -> Decision:
    """:func:`after_next_hand`'s decision, citing ``pid`` among its provisions."""
    own = tuple(p for p in (pid, limit) if p is not None)
    name = LIMIT_PROVISIONS.get(limit or "")
    if name == "rrop":
        return _stands(f"{what} came to light only after the next hand had begun. A ruling on a "
                       "pot has to be asked for before the next deal starts (its first riffle), "
                       "so the result of the hand stands (Robert's Rules Decision-Making 5).",
                       decision, own)
    if name == "wsop":
        return _stands(f"{what} came to light only after the next hand had begun (its first "
                       "riffle or the shuffler's button). A hand can be disputed only until "
                       "then, whatever the dispute (Rule 76), so its result stands.",
                       decision, own)
    if name == "wsop-live":
        return _house_error(case, what, decision, own)
    return _silent(case, what, decision, pid, limit)


def _stands(text: str, decision: Decision, own: tuple[str, ...]) -> Decision:
    """The result stands: ``text``, and what the book's own rule would have done in time."""
    if decision.remedy != Remedy.CONTINUE or decision.steps:
        text += (f" Raised in time, the book's rule on it would have given: {decision.remedy} "
                 f"({decision.explanation})")
    return carry_on(text, provisions=own)


def leaves_hand(decision: Decision, table: Table) -> bool:
    """Whether ``decision`` leaves the hand as it ended on ``table``: play goes on, and no
    hand, board card or seat is changed (a scrap of paper set aside from the stub is not a
    change to the result).

    >>> from kb.rules.examples import case
    >>> table = case("boxed-card-on-flop").table
    >>> leaves_hand(carry_on("x"), table), leaves_hand(floor_decision("x"), table)
    (True, False)
    """
    if decision.remedy != Remedy.CONTINUE or any(s.do in _CHANGES for s in decision.steps):
        return False
    after = decision.table
    return after is None or (after.hands == table.hands and after.board == table.board
                             and after.dead == table.dead)


def _house_error(case: Case, what: str, decision: Decision, own: tuple[str, ...]) -> Decision:
    """WSOP Live Action Rule 51 and its house-error exception."""
    assert case.irregularity is not None
    kind = entry(case.irregularity.kind)
    opening = (f"{what} came to light only after the next hand had begun (its first riffle or "
               "the shuffler's button). A ruling on a hand has to be asked for before then, or "
               "the result stands (Rule 51)")
    if caused_by_player(case.irregularity):
        return _stands(opening + "; a player caused it, so it is no house error and the result "
                       "stands.", decision, own)
    if kind.closed_at_award:
        return _stands(opening + ". Rule 51 lets a house error be corrected later, but the "
                       "burn-error rule (165) had already closed this one: a round acted on "
                       "stands, and a round without betting because a player was all-in may "
                       "be corrected only until the pot is awarded. The result stands.",
                       decision, own)
    if kind.never_voids:
        return _stands(opening + ". Missing cards do not void the result of a hand anyway "
                       "(Rule 117), so there is nothing for the house-error exception to "
                       "correct: the result stands.", decision, own)
    other = (" Read the other way, the exception is there to correct an outcome, and the "
             "book's own rule would have left this hand as it was, so nothing is left to "
             "correct and the result would stand." if leaves_hand(decision, case.table) else "")
    return floor_decision(opening + ", but Rule 51 lets a possible house error be corrected "
                          "even after the next hand has begun. A dealing error or a defect of "
                          "the deck is the house's, so the floor decides whether to correct the "
                          "result (this project's reading of which errors are the house's). "
                          f"Raised in time, the book's rule on it would have given: "
                          f"{decision.remedy}.{other}", own)


def _silent(case: Case, what: str, decision: Decision, pid: str | None,
            limit: str | None) -> Decision:
    """The TDA's limit, which covers a fouled deck (35-E) and no other irregularity, or a
    book without a limit: its silence, said and cited."""
    window = (limit, TDA_NEW_HAND) if limit else ()
    own = (pid,) if pid is not None else ()
    opening = f"{what} came to light only after the next hand had begun"
    if pid in TDA_FOULED and decision.remedy == Remedy.VOID:
        return carry_on(opening + " (Rule 23: the first riffle, the shuffler's button or the "
                        "dealer push). A fouled deck found after the hand may be claimed only "
                        "within Rule 22's limit (35-E), until the next hand begins, so the "
                        "result stands.", provisions=own + window)
    silence = (" Rule 22 limits in time only disputes of how a tabled hand was read (until the "
               "next hand begins) and of counting or awarding the pot (until substantial "
               "action on the next hand), and 35-E puts a fouled deck under it; it does not "
               "cover this complaint, and no other TDA rule sets a limit on it."
               if limit else " The book sets no time limit on a complaint about a hand "
               "that is over.")
    if leaves_hand(decision, case.table):
        return carry_on(f"{opening}.{silence} The book's own rule on it leaves the hand as it "
                        f"was, so the result stands: {decision.explanation}",
                        provisions=own + window)
    if pid is None:
        because = " Nor has the book a rule on the irregularity itself, so the floor decides."
    elif decision.remedy == Remedy.FLOOR_DECISION:
        because = " Its own rule on the irregularity leaves it to the floor as well."
    else:
        because = (f" Its own rule on it ({decision.remedy}) is for a hand still being played, "
                   "and the book does not say how it applies to a hand that is over, so the "
                   "floor decides.")
    if limit:
        because += (" Read more broadly, as closing every dispute about a hand once the next "
                    "hand begins, Rule 22 would let the result stand; its text names only the "
                    "two kinds of dispute above.")
    return floor_decision(f"{opening}.{silence}{because}", own + window)
