"""The 2024 WSOP Official Tournament Rules (``wsop@2024``), glossary entry "defective deck":
a joker in a game without jokers.  The tournament rules' other fouled-deck rules (88.d) are
in :mod:`.wsop`; a player who acted holding a joker is dead under Rule 108 (also there).
"""

from __future__ import annotations

from kb.hand.cards import JOKER
from kb.rules.deciders import decides
from kb.rules.remedies import Decision, floor_decision
from kb.rules.situation import Case


@decides("wsop.glossary.defective-deck")
def wsop_joker_defective_deck(case: Case) -> Decision | None:
    """WSOP 2024 glossary, defective deck: a joker in a game without jokers makes the deck
    defective and it is replaced; the effect on the hand is not stated, so the floor decides
    (a holder who acted is dead under 108, decided before this).  The other reading, Rule
    129 to Live Action Rule 115 (a scrap of paper, replaced), is named.  None for anything
    but a joker (e.g. ``found: {foreign: Jk, where: stub}``: floor-decision).

    >>> from kb.rules.examples import case
    >>> wsop_joker_defective_deck(case("case-c43-joker-on-flop-after-all-ins", book="wsop")).remedy
    'floor-decision'
    """
    irregularity = case.irregularity
    if irregularity is None or irregularity.kind != "foreign" \
            or JOKER not in (irregularity.get("cards") or ()):
        return None
    where = {"hand": f"in seat {irregularity.get('seat')}'s hand", "board": "on the board",
             "stub": "in the stub"}.get(irregularity.get("where"), "")
    return floor_decision(
        f"A joker turned up {where} in a game played without jokers. The "
        "glossary makes a deck holding a joker defective: it must be replaced and the dealer "
        "calls the floor. It does not say what becomes of the hand in progress (Rule 108 kills "
        "only a hand whose holder acted on a joker), so the floor decides. One reading sends the gap through Rule 129 to the Live Action rules, whose "
        "Rule 115 treats a joker as a scrap of paper that is replaced and the hand goes on.")
