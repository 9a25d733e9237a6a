"""Bomb pots and skipped stud seats for the random-hand generator (:mod:`tests.strategies`),
drawn last, after every other choice, so a seed draws the same hand as before but for
these.  Now and then a flop game's hand is made a bomb pot (docs/scenario-format.md, "Bomb
pots"): what a bomb pot cannot hold is taken out (its blinds, the betting before each flop,
a premature flop), so the hand stays a valid file.  Now and then a seat is skipped on a
later stud street (``skipped``); a seat that had folded by then makes a hand the replay
refuses, with a located message, as the generator's other impossible hands do."""

from __future__ import annotations

from kb.hand.scenario import FLOP_GAMES, STUD_GAMES

#: How often a flop game's hand is a bomb pot, and a stud hand has a seat skipped.
BOMB_POTS = 0.1
SKIPPED = 0.15


def skipped_seat(pick, hand: dict, chance: float = SKIPPED) -> None:
    """With ``chance``, a seat of ``hand`` (a stud game's) skipped on one of its fourth to
    seventh streets, in place."""
    if hand["game"] not in STUD_GAMES or not pick.chance(chance):
        return
    # third street too, now and then: the schema allows it, the replay refuses it, located
    streets = ("third", "fourth", "fifth", "sixth", "seventh") if pick.chance(0.05) \
        else ("fourth", "fifth", "sixth", "seventh")
    later = [event for event in hand["events"] if next(iter(event)) in streets]
    if not later:
        return
    seats = list(range(1, hand["seats"] + 1)) if isinstance(hand["seats"], int) \
        else list(hand["seats"])
    street = pick.choice(later)
    (name, options), = street.items()
    street[name] = {**(options or {}), "skipped": pick.some(seats, 2) or [seats[0]]}


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
