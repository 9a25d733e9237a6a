"""Bomb pots for the random-hand generator (:mod:`tests.strategies`): now and then a flop
game's hand is made a bomb pot (docs/scenario-format.md, "Bomb pots"), drawn last, after
every other choice, so a seed draws the same hand as before but for this.  What a bomb pot
cannot hold is taken out (its blinds, the betting before each flop, a premature flop), so
the hand stays a valid file."""

from __future__ import annotations

from kb.hand.scenario import FLOP_GAMES

#: How often a flop game's hand is a bomb pot.
BOMB_POTS = 0.1


def bomb_pot(pick, hand: dict, chance: float = BOMB_POTS) -> None:
    """With ``chance``, make ``hand`` (the data of a scenario file of a flop game) a bomb
    pot, in place."""
    if hand["game"] not in FLOP_GAMES or not pick.chance(chance):
        return
    hand["bomb-pot"] = True
    hand.pop("blinds", None)
    kept, before_flop = [], False
    for event in hand["events"]:
        name = next(iter(event))
        if name == "deal":
            before_flop = True
        elif name == "flop":
            before_flop = False
            event["flop"].pop("premature", None)
        elif name == "act" and before_flop:
            continue
        kept.append(event)
    hand["events"] = kept
