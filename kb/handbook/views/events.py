"""A scenario's events in words, one line each: "Deal: card 11 exposed by the dealer",
and its title as a reader sees it (:func:`reader_title`: no internal case number).

Plain strings (the pages put them through text slots); positions, seats and cards are
the scenario's own (docs/scenario-format.md, "Events").

>>> from kb.hand.scenario import Deal, Street
>>> describe(Deal(1, exposed=(11,)))
'Deal: card 11 exposed by the dealer'
>>> describe(Street(2, "flop", cards=4))
'Flop: 4 cards'
>>> from kb.hand.scenario import Floor
>>> describe(Floor(3))
'Floor called: the ruling is carried out'
>>> from kb.hand.scenario import NextHand, PotAwarded
>>> describe(PotAwarded(4)), describe(NextHand(5))
('Pot awarded', 'Next hand begun')
"""

from __future__ import annotations

from kb.hand.scenario import (
    Act,
    BoardMucked,
    BurnsSeen,
    CardDropped,
    CardSwapped,
    Deal,
    Draw,
    Floor,
    Found,
    HandMucked,
    NextHand,
    PotAwarded,
    PotPushed,
    Scenario,
    SetAsideMucked,
    Street,
    StubAccident,
    StudStreet,
)

# the rule of a reader's title lives with the rulings diff, which the rules room needs and
# cannot import from here
from kb.rules.ruling_diff import reader_title as reader_title


def _list(values) -> str:
    return ", ".join(str(v) for v in values)


def _plural(word: str, values) -> str:
    return f"{word}{'s' if len(values) > 1 else ''} {_list(values)}"


_DEAL = (  # field, words (the values follow "card"/"seat")
    ("exposed", "card", "exposed by the dealer"),
    ("off_table", "card", "dealt off the table"),
    ("seen", "card", "seen by one player as dealt"),
    ("boxed", "card", "boxed (face up in the deck)"),
    ("player_exposed", "seat", "exposed a card"),
    ("short", "seat", "skipped on the last round"),
    ("dealt_to", "seat", "dealt in but not in the hand"),
    ("dealt_out", "seat", "got no cards"),
)


def _deal(event: Deal) -> str:
    parts = [f"{_plural(noun, getattr(event, name))} {words}"
             for name, noun, words in _DEAL if getattr(event, name)]
    if event.extra:
        parts.append(f"{event.extra} extra card{'s' if event.extra > 1 else ''} to the "
                     "first seat dealt")
    if event.first_to is not None:
        parts.append(f"first card to seat {event.first_to}")
    if event.button_should_be is not None:
        parts.append(f"the button belonged at seat {event.button_should_be}")
    return "Deal: " + ("; ".join(parts) or "as it should be")


def _street(event: Street) -> str:
    parts = [f"{event.cards} card{'s' if event.cards != 1 else ''}"]
    if event.burns != 1:
        parts.append("no burn" if event.burns == 0 else f"{event.burns} burns")
    if event.premature:
        parts.append("dealt too soon")
    if event.boxed:
        parts.append(f"{_plural('card', event.boxed)} boxed")
    return f"{event.name.capitalize()}: " + ", ".join(parts)


def _found(event: Found) -> str:
    what = event.kind.replace("-", " ")
    if event.kind == "wrong-count":
        text = f"seat {event.seat} holds {event.count} card{'s' if event.count != 1 else ''}"
    else:
        text = f"{what} {_list(event.cards)}".strip()
    place = "a hand" if event.where == "hand" else f"the {event.where}"
    if event.seat is not None and event.where == "hand":
        place = f"seat {event.seat}'s hand"
    where = f" in {place}" if event.where and event.kind != "wrong-count" else ""
    return f"Found: {text}{where}"


def _accident(event) -> str:
    """A stub or burn accident (kb.hand.accidents) in words."""
    if isinstance(event, BurnsSeen):
        parts = [f"{_list(cards)} {words}" for cards, words in
                 ((event.exposed, "turned up"), (event.seen, "seen")) if cards]
        return f"Burn cards: {'; '.join(parts)} (by the {event.by})"
    parts = [word for flag, word in ((event.dropped, "dropped"),
                                     (event.disordered, "out of order")) if flag]
    if event.mixed_with:
        parts.append(f"mixed with the {' and the '.join(event.mixed_with)}")
    seen = "seen by the dealer" if event.seen_by == "dealer" else "seen"
    parts += [f"{_list(cards)} {words}" for cards, words in
              ((event.seen, seen), (event.flashed, "flashed")) if cards]
    return f"Stub: {'; '.join(parts)} (by the {event.by})"


def describe(event) -> str:
    """One event in words; TypeError for an object that is not a scenario event."""
    if isinstance(event, Deal):
        return _deal(event)
    if isinstance(event, Act):
        return "Action: " + _list(f"seat {a.seat} {a.act}" if a.seat else a.act
                                  for a in event.actions)
    if isinstance(event, Street):
        return _street(event)
    if isinstance(event, Found):
        return _found(event)
    if isinstance(event, Draw):
        exposed = f", {_plural('card', event.exposed)} exposed" if event.exposed else ""
        return f"Draw: seat {event.seat} discards {event.discards}{exposed}"
    if isinstance(event, StudStreet):
        exposed = f": {_plural('seat', event.exposed)} down card exposed" if event.exposed \
            else ""
        skipped = f", {_plural('seat', event.skipped)} skipped by the dealer" \
            if event.skipped else ""
        return f"{event.name.capitalize()} street{exposed}{skipped}"
    if isinstance(event, Floor):
        exposed = f" (then, dealing it, the dealer exposed replacement " \
            f"{_list(event.replacement_exposed)})" if event.replacement_exposed else ""
        return f"Floor called: the ruling is carried out{exposed}"
    if isinstance(event, (StubAccident, BurnsSeen)):
        return _accident(event)
    if isinstance(event, SetAsideMucked):
        return f"The cards set aside were mucked (by the {event.by})"
    if isinstance(event, CardSwapped):
        return (f"Seat {event.seat}'s {event.hand} and the board's {event.board} changed "
                f"places (by the {event.by})")
    if isinstance(event, CardDropped):
        named = " ".join(event.cards) or "a card"
        return (f"Seat {event.seat} dropped {named} off the table"
                + (", face up" if event.face_up else ""))
    if isinstance(event, PotAwarded):
        return "Pot awarded"
    if isinstance(event, NextHand):
        return "Next hand begun"
    if isinstance(event, BoardMucked):
        parts = [f"{_list(cards)} {words}" for cards, words in
                 ((event.mucked, "mucked"), (event.retrieved, "taken back from the muck"))
                 if cards]
        return f"Board cards: {'; '.join(parts)} (by the {event.by})"
    if isinstance(event, HandMucked):
        what = "tabled hand" + (", obviously the winner," if event.winner else "") \
            if event.tabled else "hand"
        back = ", then took it back" if event.retrieved else ""
        return f"The dealer killed seat {event.seat}'s {what} into the muck{back}"
    if isinstance(event, PotPushed):
        kept = f"; {_plural('seat', event.retrievable)} can be told apart" \
            if event.retrievable else ""
        return (f"Pot pushed to seat {event.pushed_to} too soon: "
                f"{_plural('seat', event.mucked)} mucked{kept}")
    raise TypeError(f"not a scenario event: {event!r}")


def setting(scenario: Scenario) -> str:
    """The hand's frame: ``"holdem, tournament, 8 seats, button 8"``, and ``", bomb pot"``
    for a bomb pot (every player antes, no betting before the flop)."""
    button = f", button {scenario.button}" if scenario.button is not None else ""
    bomb = ", bomb pot" if scenario.bomb_pot else ""
    return f"{scenario.game}, {scenario.setting}, {len(scenario.seats)} seats{button}{bomb}"
