"""Irregularities piled on one hand, for the random-hand generator (:mod:`tests.strategies`):
several streets dealt too soon, a street dealt too soon after cards were found missing,
stud hands where one seat's two down cards and another's one are turned up, an
irregularity on one street and another on the next, now and then a floor call between
them, in every game.

Such hands are where one floor call answers several irregularities, each ruled by its own
provision, and where two provisions may share a number (issue 19: a generator that drew
them found 56 crashes in 35,000 rulings where this one, before it drew them, found none
in 100,000 hands).  :func:`roughen` draws last, after every other choice of
:func:`~strategies.random_hand`, so a seed draws the same hand as before but for what is
added here.
"""

from __future__ import annotations

from kb.hand.cards import deck_from_spec, standard_deck
from kb.hand.scenario import BOARD_STREETS, FLOP_GAMES, STUD_GAMES, STUD_STREETS

#: How often a hand is roughened.
ROUGH = 0.25
DECK = standard_deck()


def roughen(pick, hand: dict, chance: float = ROUGH) -> None:
    """With ``chance``, pile irregularities on ``hand`` (the data of a scenario file), in
    place."""
    if not hand["events"] or not pick.chance(chance):
        return
    game, events = hand["game"], hand["events"]
    seats = list(range(1, hand["seats"] + 1)) if isinstance(hand["seats"], int) \
        else list(hand["seats"])
    if game in FLOP_GAMES:
        streets = _more_streets(pick, events, BOARD_STREETS, 2)
        _premature_run(pick, events, streets)
        _another_on_a_street(pick, events, streets)
    elif game in STUD_GAMES:
        _stud_exposed(pick, events, seats)
        streets = _more_streets(pick, events, STUD_STREETS, 3)
        # third street is never premature; seventh street is not dealt to more than six
        # seats from one deck (the replay refuses what happens on it)
        _premature_run(pick, events, streets[1:4 if len(seats) > 6 else 5])
    else:
        _draws_exposed(pick, events, len(seats))
    _missing_before(pick, events, list(deck_from_spec(hand["deck"])))
    _floor_between(pick, events)


def _street_indices(events: list[dict], names) -> list[int]:
    return [i for i, event in enumerate(events) if next(iter(event)) in names]


def _more_streets(pick, events: list[dict], names, least: int) -> list[int]:
    """Deal more of the streets ``names`` (in order, after the last one dealt), up to at
    least ``least`` of them, some of the time; the indices of the streets' events."""
    streets = _street_indices(events, names)
    if len(streets) < least and pick.chance(0.7):
        start = streets[-1] if streets else next(
            (i for i, event in enumerate(events) if "deal" in event), 0)
        after = _after_betting(events, start)
        for name in names[len(streets):pick.integer(least, len(names))]:
            events.insert(after, {name: {}})
            after += 1
    return _street_indices(events, names)


def _after_betting(events: list[dict], index: int) -> int:
    """Where the next street goes after the deal or street at ``index``: after its
    betting, if it has any."""
    return index + 2 if index + 1 < len(events) and "act" in events[index + 1] else index + 1


def _premature_run(pick, events: list[dict], streets: list[int]) -> None:
    """Two or more streets in a row dealt too soon (sometimes one)."""
    if not streets or not pick.chance(0.6):
        return
    first = pick.integer(0, len(streets) - 1)
    last = pick.integer(first, len(streets) - 1) if pick.chance(0.3) \
        else min(first + 1, len(streets) - 1)
    for index in streets[first:last + 1]:
        next(iter(events[index].values()))["premature"] = True


def _another_on_a_street(pick, events: list[dict], streets: list[int]) -> None:
    """A burn error, a wrong card count or a boxed card on a street, often the one before
    or after a premature one."""
    if not streets or not pick.chance(0.5):
        return
    street = pick.choice(streets)
    options = next(iter(events[street].values()))
    kind = pick.choice(("burns", "cards", "boxed"))
    if kind == "burns":
        options["burns"] = pick.choice((0, 2))
    elif kind == "cards":
        options["cards"] = pick.integer(1, 5)
    else:       # a position the street deals
        name, options = next(iter(events[street].items()))
        options["boxed"] = [pick.integer(1, options.get("cards", 3 if name == "flop" else 1))]


def _stud_exposed(pick, events: list[dict], seats: list[int]) -> None:
    """On third street, both down cards of one or two seats turned up and one down card of
    one or two others; sometimes a seventh-street card exposed too."""
    third = next((event["third"] for event in events if "third" in event), None)
    if third is None or not pick.chance(0.7):
        return
    order = pick.shuffled(seats)
    both = order[:pick.integer(1, 2)]
    third["both-exposed"] = sorted(both)
    rest = order[len(both):]
    if rest and pick.chance(0.8):
        third["exposed"] = sorted(rest[:pick.integer(1, min(2, len(rest)))])
    seventh = next((event["seventh"] for event in events if "seventh" in event), None)
    if seventh is not None and rest and len(seats) <= 6 and pick.chance(0.3):
        seventh["exposed"] = [pick.choice(rest)]


def _draws_exposed(pick, events: list[dict], seats: int) -> None:
    """A card exposed on several draws of the first round, while the stub (as a full deck
    leaves it after the deal and the burn) still holds the cards drawn: the replay refuses
    to expose a card a draw did not get."""
    first = next((i for i, event in enumerate(events) if "draw" in event), len(events))
    end = next((i for i in range(first, len(events)) if "act" in events[i]), len(events))
    left = len(DECK) - 5 * seats - 1
    for event in events[first:end]:
        draw = event.get("draw")
        if not draw:
            continue
        left -= draw["discards"]
        if draw["discards"] and left >= 0 and pick.chance(0.5):
            draw["exposed"] = [pick.integer(1, draw["discards"])]


def _missing_before(pick, events: list[dict], cards: list[str]) -> None:
    """Cards found missing just before a street dealt too soon (or before a street, a
    draw, or at the end), none of them found missing already."""
    if not cards or not pick.chance(0.4):
        return
    found = {card for event in events for card in event.get("found", {}).get("missing", ())}
    free = [card for card in cards if card not in found]
    if not free:
        return
    premature = [i for i, event in enumerate(events)
                 if isinstance(next(iter(event.values())), dict)
                 and next(iter(event.values())).get("premature")]
    streets = premature or _street_indices(events, (*BOARD_STREETS, *STUD_STREETS[1:],
                                                    "draw"))
    at = pick.choice(streets) if streets else len(events)
    missing = pick.some(free[-15:], 2) or [free[-1]]
    events.insert(max(at, 1), {"found": {"missing": missing}})


def _floor_between(pick, events: list[dict]) -> None:
    """Sometimes a floor call between two irregularities (after the first street)."""
    if len(events) > 2 and pick.chance(0.25):
        events.insert(pick.integer(2, len(events) - 1), {"floor": {}})
