"""The table and the replay of a scenario's events, card by card.

:func:`replay` gives the exact table after each event and the irregularities seen.  The
replay records facts, never remedies (deciders do that), with one physical exception: a
boxed card is found face up *when its turn comes*, so the dealer does not hand it out; it
goes to the set-aside pile and the seat gets the next card.  Invariant, after every event:
hands + board + burns + muck + set-aside + stub + missing = the deck + cards found.

Dealing order (button games): one card at a time, clockwise, starting with the first
seat after the button; hold'em 2 cards, omaha and badugi 4, other draw games 5.  Stud
deals from the lowest seat: two down and one up on third street, a burn before each later
street, seventh street down.

>>> from kb.hand.scenario_file import parse_scenario
>>> s = parse_scenario("id: d\\ntitle: d\\ngame: holdem\\nseats: 3\\nbutton: 3\\n"
...                    "deck: As Kd 7h 7c 2s 9d\\nevents: [{deal: {}}]\\n")
>>> table = replay(s).table
>>> table.hands, table.stub[:1]
({1: ['As', '7c'], 2: ['Kd', '2s'], 3: ['7h', '9d']}, ['Ah'])
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from kb.hand.accidents import (
    burns_seen,
    card_dropped,
    card_swapped,
    set_aside_mucked,
    stub_accident,
)
from kb.hand.actions import Betting
from kb.hand.end_of_hand import next_hand, pot_awarded
from kb.hand.found import absent_cards, found, note_jokers, without
from kb.hand.mucks import board_mucked, hand_mucked, pot_pushed
from kb.hand.replay_check import every_problem_of, play_checked
from kb.hand.scenario import (
    DRAW_GAMES,
    FLOP_GAMES,
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
    ScenarioError,
    SetAsideMucked,
    Street,
    StubAccident,
    StudStreet,
    clockwise_from,
)
from kb.hand.stud import draw, stud_street
from kb.hand.table import (
    Irregularity,
    Replay,
    StubEmpty,
    Table,
    check_tables,
    fail,
    hole_cards,
    irregular,
)


def replay(scenario: Scenario) -> Replay:
    """Replay the events of ``scenario``; raises ScenarioError (with the event's line) for
    events the cards cannot support, e.g. an exposed card past the end of the deal, every
    one of them (:func:`kb.hand.replay_check.every_problem`).
    A ``floor`` event is skipped here: ruling at each floor call and going on from the
    table the ruling left is the engine's (:mod:`kb.hand.segments`)."""
    def run() -> Replay:
        state = start(scenario)
        play(state, scenario.events)
        floor_called(state)
        return state
    return every_problem_of(scenario, run)


def start(scenario: Scenario, keep_tables: bool = True) -> Replay:
    """The hand before its first event: the deck as the stub, no cards dealt; with
    ``keep_tables`` the table after each event is kept (``Replay.tables``)."""
    seats = scenario.seats
    absent = absent_cards(scenario)
    table = Table(deck=scenario.deck, hands={s: [] for s in seats},
                  stub=without(scenario.deck, absent), missing=absent)
    if scenario.button is not None:
        betting = Betting(seats, scenario.blinds[-1] if scenario.blinds else scenario.button,
                          scenario.button)
    else:
        betting = Betting(seats, None, None)
    return Replay(scenario, [], table, betting, [], keep_tables=keep_tables)


def play(state: Replay, events) -> None:
    """Replay ``events`` on ``state`` (floors skipped), checking the cards after each when
    :func:`kb.hand.table.check_tables` is on."""
    for event in events:
        if isinstance(event, Floor):
            state.open_premature = None      # the floor rules the premature card there
            continue
        if not play_checked(state, event, partial(_handle, state, event)):
            continue                         # skipped by a checking run
        note_jokers(state, event)
        if check_tables():
            state.table.check()
        if state.keep_tables:
            state.tables.append(state.table.copy())


def _handle(state: Replay, event) -> None:
    try:
        _HANDLERS[type(event)](state, event)
    except StubEmpty:
        raise ScenarioError(state.scenario.path, event.line, "the stub ran out of cards",
                            "use fewer seats or fewer cards") from None


def floor_called(state: Replay, line: int | None = None) -> None:
    """What the floor sees when called (at ``line``, default the last event's): a stud
    stub too short for seventh street after sixth (RP-10-H's count)."""
    events = state.scenario.events
    state.called_at = line or (events[-1].line if events else state.scenario.line)
    state.open_premature = None          # the floor rules the premature card now
    _stud_stub_check(state, line)


def _stud_stub_check(state: Replay, line: int | None = None) -> None:
    """Floor called after sixth street: is the stub short for seventh (RP-10-H's count)?"""
    live = state.betting.live
    if state.streets[-1:] == ["sixth"] and len(state.table.stub) < len(live) + 2:
        state.irregularities.append(Irregularity(
            "stud-short-stub", line or state.scenario.events[-1].line,
            len(state.betting.records),
            {"stub": len(state.table.stub), "players": len(live), "required": len(live) + 2}))


# --------------------------------------------------------------------------- the deal


def _deal(state: Replay, event: Deal) -> None:
    scenario, table = state.scenario, state.table
    if scenario.game not in FLOP_GAMES + DRAW_GAMES:
        raise fail(state, event, "deal is for button games", "use third: for stud")
    if state.deal_order:
        raise fail(state, event, "the hand is already dealt", "list one deal event")
    order, rounds = _deal_order(state, event), hole_cards(scenario.game)
    slots = [seat for rnd in range(rounds) for seat in order
             if not (rnd == rounds - 1 and seat in event.short)]
    slots += [order[0]] * event.extra
    position, dealt = 0, {}
    for slot_index, seat in enumerate(slots):
        position += 1
        while position in event.boxed:
            boxed = table.take()
            table.set_aside.append(boxed)
            table.exposed.add(boxed)
            irregular(state, "boxed", event, position=position, card=boxed, seat=seat,
                       street="deal")
            position += 1
        card = table.take()
        table.hands.setdefault(seat, []).append(card)
        dealt[position] = (seat, card, slot_index)
    _deal_facts(state, event, order, dealt)


def _deal_order(state: Replay, event: Deal) -> tuple[int, ...]:
    scenario = state.scenario
    entitled = [s for s in scenario.seats if s not in event.dealt_out]
    # deal events belong to flop and draw games, whose scenarios must have a button
    assert scenario.button is not None
    order = clockwise_from(tuple(entitled) + event.dealt_to, scenario.button)
    if event.first_to is not None:
        if event.first_to not in order:
            raise fail(state, event, f"deal.first-to seat {event.first_to} got no cards",
                        "name a seat that was dealt in")
        start = order.index(event.first_to)
        order = order[start:] + order[:start]
    state.deal_order = order
    for seat in event.dealt_to:
        state.table.hands.setdefault(seat, [])
    return order


def _deal_facts(state: Replay, event: Deal, order, dealt: dict) -> None:
    table, last = state.table, max(dealt) if dealt else 0
    for key, positions in (("exposed", event.exposed), ("off-table", event.off_table),
                           ("seen", event.seen)):
        for position in positions:
            if position not in dealt:
                raise fail(state, event, f"deal.{key}: card {position} was not dealt to a seat",
                            f"use a position from 1 to {last} that is not boxed")
            seat, card, slot = dealt[position]
            table.exposed.add(card)
            # a card one player saw is ruled as a flashed (exposed) card; the flag, only
            # then, lets the explanation name the other reading (kb.rules.readings)
            one = {"seen_by_one": True} if key == "seen" else {}
            irregular(state, "exposed", event, position=position, card=card, seat=seat,
                       slot=slot, off_table=key == "off-table", street="deal", **one)
    for seat in event.player_exposed:
        irregular(state, "player-exposed", event, seat=seat)
    if event.extra:
        irregular(state, "extra", event, seat=order[0], count=event.extra,
                   cards=table.hands[order[0]][-event.extra:])
    for seat in event.short:
        irregular(state, "short", event, seat=seat, button=seat == state.scenario.button,
                   last=seat == order[-1])
    for seat in event.dealt_to:
        irregular(state, "dealt-to", event, seat=seat)
    for seat in event.dealt_out:
        irregular(state, "dealt-out", event, seat=seat)
    if event.first_to is not None:
        irregular(state, "first-to", event, seat=event.first_to)
    if event.button_should_be is not None:
        irregular(state, "button", event, seat=event.button_should_be)


# --------------------------------------------------------------------------- betting


def _act(state: Replay, event: Act) -> None:
    early = state.open_premature
    if early is not None and event.actions:
        # players acted on a premature card before anyone noticed it (no floor was called
        # since it was dealt): recorded once, at the first such action
        state.open_premature = None
        irregular(state, "premature-acted", event, street=early.get("street"),
                   stud_street=early.get("stud_street"), premature_line=early.line,
                   actions=len(event.actions))
    for action in event.actions:
        try:
            record = state.betting.act(action.act, action.seat)
        except ValueError as error:
            raise fail(state, event, str(error), "check the order of the actions") from None
        if record.act == "fold":
            table = state.table
            table.muck.extend(table.hands.get(record.seat, []))
            table.hands[record.seat] = []
            table.folded.add(record.seat)


# --------------------------------------------------------------------------- board streets


_BOARD_ORDER = ("flop", "turn", "river")


def _street(state: Replay, event: Street) -> None:
    table, expected = state.table, _BOARD_ORDER[len(state.streets)] \
        if len(state.streets) < 3 else None
    if not state.deal_order:
        raise fail(state, event, f"the {event.name} comes before the deal", "add - deal: {}")
    if event.name != expected:
        raise fail(state, event, f"a {event.name} cannot come here",
                    f"the next street is the {expected}" if expected else "the board is full")
    state.streets.append(event.name)
    burned = [table.take() for _ in range(event.burns)]
    table.burns.extend(burned)
    dealt: list[str] = []
    position = 0
    while len(dealt) < event.cards:
        position += 1
        card = table.take()
        if position in event.boxed:
            table.set_aside.append(card)
            table.exposed.add(card)
            irregular(state, "boxed", event, position=position, card=card, street=event.name)
            continue
        dealt.append(card)
    unused = sorted(p for p in event.boxed if p > position)  # never reached: not silence
    if unused:
        raise fail(state, event, f"boxed position {unused[0]} of the {event.name} was never "
                   "dealt", f"use a position from 1 to {position}")
    table.board.extend(dealt)
    _street_facts(state, event, burned, dealt)
    state.betting.new_round(event.name)


def _street_facts(state: Replay, event: Street, burned: list, dealt: list) -> None:
    normal = 3 if event.name == "flop" else 1
    if event.premature:
        irregular(state, "premature", event, street=event.name, cards=dealt,
                   burned=burned)
        state.open_premature = state.irregularities[-1]
    if event.cards != normal:
        irregular(state, "board-count", event, street=event.name, cards=dealt,
                   count=event.cards)
    if event.burns != 1:
        irregular(state, "burn-count", event, street=event.name, burns=event.burns,
                   burned=burned, cards=dealt)
    state.board_log.append({"street": event.name, "taken": burned + dealt,
                            "burned": burned, "cards": dealt})


# --------------------------------------------------------------------------- stud and draw


#: An event's type -> its handler (each takes the events of its own type only, hence Any).
_HANDLERS: dict[type, Callable[[Replay, Any], None]] = {Deal: _deal, Act: _act, Street: _street, Found: found,
             StudStreet: stud_street, Draw: draw,
             StubAccident: stub_accident, BurnsSeen: burns_seen,
             SetAsideMucked: set_aside_mucked, CardDropped: card_dropped,
             CardSwapped: card_swapped}
_HANDLERS.update({PotAwarded: pot_awarded, NextHand: next_hand})
_HANDLERS.update({BoardMucked: board_mucked, PotPushed: pot_pushed, HandMucked: hand_mucked})
