"""WSOP Official Live Action Rules 2022: the one dealing-error rule of that edition whose
meaning differs from 2023's and 2024's and that no other book's decider rules, the premature
stud card (2022 Rule 236, Robert's Rules' method; 2023 put the TDA's RP-5-D in its place).

The 2022 premature turn and river (Rule 166) are Robert's Rules' rule and rule through its
deciders (``same-as`` in kb/data/provisions/wsop-live.yaml).  ``wsop-live@2022`` decides
as ``wsop-live@2024``: its rulings come from the 2024 deciders, renumbered, and a provision
numbered only in 2022 rules in place of the 2024 one that revises it.
"""

from __future__ import annotations

from kb.rules.deciders import decides, ruled_on
from kb.rules.deciders.helpers_games import BEFORE_STUD
from kb.rules.remedies import Decision, carry_on, step
from kb.rules.situation import Case

_SEVENTH = (" This was the seventh street, so the set-aside cards went back into the stub "
            "(the muck and the burns stay out) and it was shuffled before the new deal.")
_LATER = (" Before anyone gets a seventh-street card the set-aside cards are shuffled back "
          "into the stub, without the muck or the burns.")


@decides("wsop-live.stud.premature-card-2022")
def wsop_live_2022_premature_stud(case: Case) -> Decision | None:
    """WSOP Official Live Action Rules 2022, Rule 236: stud cards burned and dealt before
    the betting round is over are set aside, and so is one more card from the stub for each
    player still in the hand; the betting is finished, the dealer burns and deals the street
    again; the set-aside cards are shuffled back into the stub (not the muck or the burns)
    before seventh street.  Steps after the betting carry ``when`` where they wait for a
    later street.  The rule's clause for an early last down card the player has looked at
    (he keeps it and may only call on sixth street) is named, not applied: a scenario does
    not say whether the card was looked at.

    >>> from kb.rules.examples import case
    >>> found = wsop_live_2022_premature_stud(case("stud-premature-fifth-street"))
    >>> found.remedy, [s.do for s in found.steps][5:]
    ('continue', ['set-aside', 'finish-betting', 'burn', 'deal', 'return-to-stub', 'shuffle'])
    """
    irregularity = ruled_on(case)
    if irregularity.kind != "premature" or irregularity.get("stud_street") is None:
        return None
    street, early = irregularity.get("stud_street"), list(irregularity.get("cards"))
    seats = list(irregularity.get("seats"))
    table = case.table.copy()
    for seat in seats:
        table.hands[seat] = [c for c in table.hands[seat] if c not in early]
    table.up.difference_update(early)
    extra = [table.take() for _ in seats]
    table.set_aside.extend(early + extra)
    steps = [step("set-aside", card=card, as_="out-of-play") for card in early + extra]
    steps.append(step("finish-betting", street=BEFORE_STUD[street]))
    later = {} if street == "seventh" else {"when": "before seventh street"}
    back = [step("return-to-stub", cards=early + extra, **later),
            step("shuffle", **later)]
    if street == "seventh":
        steps += back
        table.stub.extend(table.set_aside[-len(early + extra):])
        del table.set_aside[-len(early + extra):]
        case.rng.shuffle(table.stub)
    burn = table.take()
    table.burns.append(burn)
    dealt = [table.take() for _ in seats]
    for seat, card in zip(seats, dealt, strict=True):
        table.hands[seat].append(card)
        if street != "seventh":
            table.up.add(card)
    steps += [step("burn", card=burn, street=street),
              step("deal", street=street, seats=seats, cards=dealt)]
    if street != "seventh":
        steps += back
    return carry_on(
        f"{street.capitalize()} street was burned and dealt before the "
        f"{BEFORE_STUD[street]}-street betting was complete: the early cards "
        f"({', '.join(early)}) are taken out of play, and so is one more card from the stub "
        f"for each of the {len(seats)} players still in the hand (Rule 236). The betting is "
        f"finished; then the dealer burns and deals {street} street again."
        + (_SEVENTH if street == "seventh" else _LATER) + " If an early "
        "last down card had been looked at or mixed with the player's hole cards, he would "
        "keep it and could only call on sixth street.", steps, table,
        random=street == "seventh")
