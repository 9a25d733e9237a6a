"""The WSOP Tournament Rules of 2023 and 2022 where a rule's meaning differs from 2024's
(copies WT23, WT22): the 2022 stud misdeal for exposed down cards (88.a.5) and the 2023
missed-burn rule (88.c.3).  Everything else those editions rule with the 2024 deciders
(``decides-as`` in sources.yaml's ``earlier``), and a rule an edition lacks is simply not
numbered there, so Rule 129 sends it to the Live Action rules.

Like every WSOP decider these write rule numbers as the 2024 rules print them (88.a.6 for
the stud item); the engine gives each edition its own numbers, a revised 2024 rule's number
becoming the earlier provision's (2024 88.a.6 is 2022 88.a.5).

>>> from kb.rules.deciders import load_deciders
>>> load_deciders()["wsop.missed-burn-2023"].__name__
'wsop_2023_missed_burn'
"""

from __future__ import annotations

from kb.rules.cutoffs import tda_substantial_action
from kb.rules.deciders import decides, ruled_on
from kb.rules.deciders.flop import scramble_flop
from kb.rules.deciders.wsop import wsop_stud_exposed
from kb.rules.deciders.wsop_board import burn_error_stands
from kb.rules.remedies import Decision
from kb.rules.situation import Case


@decides("wsop.misdeal.stud-exposed-2022")
def wsop_2022_stud_exposed(case: Case) -> Decision | None:
    """WSOP 2022 Rule 88.a.5: in stud, both of a player's first two down cards exposed by
    the dealer is a misdeal before substantial action (2024's 88.a.6, which from 2023 says
    either or both).  One exposed down card is not a listed cause: None (Rule 129, the
    Live Action rules).

    >>> from kb.rules.examples import case
    >>> wsop_2022_stud_exposed(case("stud-both-down-cards-exposed-cash", book="wsop")).remedy
    'misdeal'
    >>> wsop_2022_stud_exposed(case("stud-exposed-down-card-initial-deal-cash", book="wsop"))
    """
    if not ruled_on(case).get("both"):
        return None
    decision = wsop_stud_exposed(case)
    if decision is not None:
        decision.explanation += (" The 2022 item lists only both down cards exposed; one "
                                 "exposed card is left to the Live Action rules (Rule 129).")
    return decision


@decides("wsop.missed-burn-2023")
def wsop_2023_missed_burn(case: Case) -> Decision | None:
    """WSOP 2023 Rule 88.c.3: a round's card not properly burned, once there has been
    substantial action on that round: the action stands, nothing is restored (2024's
    88.c.3 asks only for a check).  A flop dealt without a burn with action on it but no
    substantial action: its sub-item 88.c.3.i, which asks the same, scrambles it (the 2024
    decider of 88.c.3.i takes only a flop nobody has acted on, since 2024's 88.c.3 stands
    after a check).  Otherwise None: 88.c.3.i for a flop nobody acted on, Rule 129 (the Live
    Action rules) for the rest.

    >>> from kb.rules.examples import case
    >>> found = wsop_2023_missed_burn(case("flop-no-burn-after-one-check", book="wsop"))
    >>> found.remedy, [s.do for s in found.steps], found.provisions
    ('continue', ['scramble-pick', 'deal'], ('wsop.missed-flop-burn',))
    """
    irregularity = ruled_on(case)
    if irregularity.kind != "burn-count":
        return None
    street = irregularity.get("street")
    acted = [r for r in case.records if r.street == street]
    if tda_substantial_action(acted) is not None:
        return burn_error_stands(case, "there has been substantial action on it")
    cards = list(irregularity.get("cards"))
    if not acted or street != "flop" or irregularity.get("burns") != 0 \
            or case.stage() != "playing" or len(cards) != 3:
        return None
    decision = scramble_flop(case, cards, (
        "The flop was dealt without a burn, and the action on it is not yet substantial "
        "action (88.c.1, 88.c.2): the three cards are scrambled face down, {picked} is "
        "picked as the burn, and the flop is the other two plus the next card off the stub "
        "(88.c.3.i). The 2023 rules let a burn error stand only after substantial action "
        "(88.c.3); they do not say what becomes of the action already taken on the flop."))
    decision.provisions = ("wsop.missed-flop-burn",)
    return decision
