"""The 2024 WSOP Official Tournament Rules (``wsop@2024``) on the board and the stub: missed
burns (88.c.3, 88.c.3.i) and premature cards (90.f.a-d).  The four-card flop (89) is TDA
39-A's rule and runs through that decider (``same-as`` in the knowledge base).

A burn error the tournament rules do not cover (a missed or double turn or river burn
found before any action, a double flop burn before action, a flop without a burn after
all-ins) is not decided here: Rule 129 sends it to the WSOP Live Action rules.

>>> from kb.rules.deciders import load_deciders
>>> load_deciders()["wsop.missed-burn"].__name__
'wsop_missed_burn'
"""

from __future__ import annotations

from kb.hand.table import Irregularity
from kb.rules.deciders import Decider, decides, ruled_on
from kb.rules.deciders.flop import tda_flop_no_burn
from kb.rules.deciders.helpers_board import BOARD_SIZE, acted_on, next_street, redeal_premature
from kb.rules.deciders.helpers_games import BEFORE_STUD, redeal_stud_street
from kb.rules.remedies import Decision, carry_on, step
from kb.rules.situation import Case


@decides("wsop.missed-burn")
def wsop_missed_burn(case: Case) -> Decision | None:
    """WSOP 2024 Rule 88.c.3: a round's card not properly burned (no burn, or two), once at
    least one check (any action) has been made on that round: the action stands; the burn
    protects the stub, not the order of the cards, so nothing is restored and the next
    street is burned and dealt normally.  Every round.  No action on the round yet: None
    (88.c.3.i for a flop without a burn; otherwise Rule 129, the Live Action rules).

    E.g. the turn dealt after two burns, then a check: the turn stands, one burn for the
    river (Robert's Rules would put the extra burn back on top).

    >>> from kb.rules.examples import case
    >>> wsop_missed_burn(case("case-c23-exposed-card-burn-plus-extra-burn", book="wsop")).remedy
    'continue'
    """
    irregularity = ruled_on(case)
    if irregularity.kind != "burn-count":
        return None
    if not acted_on(case, irregularity.get("street")):
        return None
    return burn_error_stands(case, "there has been action on it (at least one check)")


def burn_error_stands(case: Case, why: str) -> Decision:
    """88.c.3's remedy for the burn error ``case`` is ruled on, standing because of ``why``
    (2024: a check on the round; 2023: substantial action on it): the action stands, the
    next street is burned and dealt as usual."""
    irregularity = ruled_on(case)
    street = irregularity.get("street")
    what = "without a burn" if irregularity.get("burns") == 0 else "after two burns"
    text = (f"The {street} was dealt {what}, and {why}: the action stands (88.c.3). The burn "
            "protects the stub, not the order of the cards, so nothing is put back")
    log = case.replay.board_log
    following = next_street(case) if log and log[-1]["street"] == street else None
    steps = []
    if following and len(case.table.stub) > BOARD_SIZE[following]:
        later = f"after the {street} betting"
        burn, dealt = case.table.stub[0], case.table.stub[1:1 + BOARD_SIZE[following]]
        steps = [step("finish-betting", street=street),
                 step("burn", card=burn, street=following, when=later),
                 step("deal", street=following, cards=dealt, when=later)]
        text += (f": once the betting is over the dealer burns one card ({burn}) and deals "
                 f"the {following} ({' '.join(dealt)}) as usual")
    text += "." + _tension(case, street, irregularity)
    return carry_on(text, steps)


def _tension(case: Case, street: str, irregularity: Irregularity) -> str:
    """88.c.3 against its sub-item 88.c.3.i: a flop without a burn, checked, with no
    substantial action on the flop yet."""
    if street != "flop" or irregularity.get("burns") != 0:
        return ""
    flop = [r for r in case.records if r.street == "flop"]
    if len(flop) >= 3 or any(r.act in ("bet", "raise", "call", "all-in") for r in flop):
        return ""
    return (" The sub-item 88.c.3.i would instead scramble the flop while there is no "
            "substantial action; the two items conflict here, and this ruling follows "
            "88.c.3's express words on a check (as TDA 39-B does).")


@decides("wsop.missed-flop-burn")
def wsop_missed_flop_burn(case: Case) -> Decision | None:
    """WSOP 2024 Rule 88.c.3.i: a flop dealt without a burn, found before any action on it:
    the three flop cards are scrambled, one is taken at random as the burn and the next card
    completes the flop (the procedure of TDA 39-B, whose decider lays the cards).  "Before
    substantial action" is read as on the flop: before the flop every hand that sees one
    has had substantial action already, which would leave the item nothing to cover.
    Double burns, flops found after the pot was awarded and other flop sizes: None (Rule
    129, the Live Action rules).

    >>> from kb.rules.examples import case
    >>> found = wsop_missed_flop_burn(case("flop-no-burn-no-action", book="wsop"))
    >>> found.remedy, [s.do for s in found.steps]
    ('continue', ['scramble-pick', 'deal'])
    """
    irregularity = ruled_on(case)
    if irregularity.kind != "burn-count" or irregularity.get("street") != "flop" \
            or irregularity.get("burns") != 0 or case.stage() != "playing" \
            or acted_on(case, "flop") or len(irregularity.get("cards")) != 3:
        return None
    decision = tda_flop_no_burn(case)
    assert decision is not None     # it decides every such flop found while playing
    decision.provisions = ()
    decision.explanation += (" The WSOP's rule (88.c.3.i) applies before substantial action, "
                             "read here as before any action on the flop.")
    return decision


# ---- 90.f: premature cards -----------------------------------------------------------

def _premature_street(street: str) -> Decider:
    def decide(case: Case) -> Decision | None:
        redealt = redeal_premature(case, street, face_down=False)
        if redealt is None:
            return None
        table, steps, cards = redealt
        return carry_on(_text(street, len(cards)), steps, table, random=True)
    decide.__name__ = f"wsop_premature_{street}"
    decide.__doc__ = (f"WSOP 2024 Rule {_NUMBER[street]}: a premature {street}'s burn stays, "
                      "the card goes back into the stub, the whole stub is reshuffled (no "
                      "face-down requirement, unlike TDA 39-D) and the street is dealt again "
                      "without another burn.")
    return decide


_NUMBER = {"flop": "90.f.a", "turn": "90.f.b", "river": "90.f.c"}


def _text(street: str, count: int) -> str:
    cards = "cards go" if count > 1 else "card goes"
    return (f"The {street} was dealt before the betting was complete: its burn stays, the "
            f"premature {cards} back into the stub, the whole stub is reshuffled and the "
            f"{street} is dealt again without another burn ({_NUMBER[street]}). The rule does "
            "not ask for a face-down reshuffle or a cut, nor say when the reshuffle happens; "
            "finishing the betting round first is common practice.")


for _street in ("flop", "turn", "river"):
    decides(f"wsop.premature.{_street}")(_premature_street(_street))


@decides("wsop.premature.stud")
def wsop_premature_stud(case: Case) -> Decision | None:
    """WSOP 2024 Rule 90.f.d: a stud street dealt early: the burn stays, the premature cards
    go back into the stub, the stub is reshuffled and the street is dealt again without
    another burn (no face-down requirement, unlike TDA RP-5-D with 39-D).

    >>> from kb.rules.examples import case
    >>> found = wsop_premature_stud(case("stud-premature-fifth-street", book="wsop"))
    >>> found.remedy, [s.do for s in found.steps]
    ('continue', ['finish-betting', 'return-to-stub', 'shuffle', 'deal'])
    """
    redealt = redeal_stud_street(case, face_down=False)
    if redealt is None:
        return None
    table, steps, street = redealt
    return carry_on(f"{street.capitalize()} street was dealt before the "
                    f"{BEFORE_STUD[street]}-street betting was complete: its burn stays, the "
                    "premature cards go back into the stub, the stub is reshuffled and the "
                    "street is dealt again without another burn (90.f.d). No face-down "
                    "reshuffle is required; finishing the betting first is common practice.",
                    steps, table, random=True)
