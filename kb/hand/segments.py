"""A hand with several floor calls: the events cut at each ``floor`` event, and the hand
carried on from the table a ruling left (docs/dev/architecture.md, "Several floor calls").

The engine replays one segment of events (:func:`play_segment`), rules what stands at the
floor call that ends it, then hands the ruling back here (:func:`resume`): the next
segment starts from the ruling's table and the hand's betting, as if the dealer had
carried the remedy out.  What a ruling leaves for later is carried in a :class:`Carried`
record: a burn it already set aside for a street still to come (an exposed hole card that
becomes the flop burn, a picked card that becomes the turn burn), or a street it says is
dealt another way (after a reshuffle, without a burn).  A misdeal's redeal is undone back
to the gathered, shuffled and cut deck, so that the next segment's ``deal`` (or third
street) describes the new deal; a segment that does not start with one gets the redeal
the ruling made.

This module knows nothing of rulebooks: a ruling reaches it as its remedy, its table and
its steps (objects with ``do`` and ``details``).

>>> from kb.hand.scenario import Act, Floor
>>> [(len(events), floor) for events, floor in segments((Act(3, ()), Floor(4), Act(5, ())))]
[(1, Floor(line=4, replacement_exposed=())), (1, None)]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial

from kb.files import Problem
from kb.hand.actions import Betting
from kb.hand.deal import floor_called, play, start
from kb.hand.replay_check import every_problem_of
from kb.hand.scenario import (
    STUD_GAMES,
    Act,
    Deal,
    Event,
    Floor,
    NextHand,
    PotAwarded,
    Scenario,
    ScenarioError,
    Street,
    StudStreet,
    default_blinds,
)
from kb.hand.table import Irregularity, Replay, Table, irregular

#: The street after each board street (a second burn set aside goes to the next one).
_NEXT = {"flop": "turn", "turn": "river"}
#: The kinds of events that deal a hand (the first event after a misdeal, or implied).
_DEALS = (Deal, StudStreet)


def segments(events: tuple[Event, ...]) -> list[tuple[tuple[Event, ...], Floor | None]]:
    """The events cut at each ``floor``: (the events before it, the floor event).  The last
    part ends with the events (floor None: the floor is called after the last event); a
    file that ends with a ``floor`` has no empty part after it."""
    parts: list[tuple[tuple[Event, ...], Floor | None]] = []
    current: list[Event] = []
    for event in events:
        if isinstance(event, Floor):
            parts.append((tuple(current), event))
            current = []
        else:
            current.append(event)
    if current or not parts:
        parts.append((tuple(current), None))
    return parts


@dataclass
class Carried:
    """What a ruling leaves for the rest of the hand.  ``burns``: street -> the cards the
    ruling already put among the burns for that street; ``reshuffle``: street -> the cards
    to shuffle back into the stub before it; ``no_burn``: the streets the ruling deals
    without a burn; ``shuffle`` shuffles and cuts a stub (the engine's random source)."""

    burns: dict[str, list[str]] = field(default_factory=dict)
    reshuffle: dict[str, list[str]] = field(default_factory=dict)
    no_burn: set[str] = field(default_factory=set)
    shuffle: Callable[[list[str]], list[str]] | None = None
    redeal: bool = False
    #: set when a street was dealt from a stub reshuffled here (the table is random)
    shuffled: bool = False
    #: a street the ruling took back to deal after the betting round (Robert's Rules'
    #: premature turn): dealt by its own event, else before the next street or the first
    #: other event after betting (:func:`play_segment`)
    pending: str | None = None


def first_call(scenario: Scenario, parts=None) -> Replay:
    """The hand replayed up to its first floor call (``parts``: its :func:`segments`, if
    already cut), before any ruling: the part every rulebook shares.  Raises
    :class:`~kb.hand.scenario.ScenarioError` at the first event that cannot happen."""
    state = start(scenario, keep_tables=False)
    events, floor = (parts or segments(scenario.events))[0]
    play_segment(state, events, Carried())
    floor_called(state, floor.line if floor else None)
    return state


def replay_problems(scenario: Scenario) -> list[Problem]:
    """Every problem of ``scenario``'s events up to its first floor call, [] when they
    replay: what makes a hand bad input whatever the book.  A later event that cannot
    follow one book's ruling is that book's failure to rule the hand, not found here.

    >>> from kb.hand.scenario_file import parse_scenario
    >>> hand = parse_scenario("id: t\\ntitle: t\\ngame: holdem\\nseats: 3\\nbutton: 3\\n"
    ...                       "events:\\n"
    ...                       "  - deal: {}\\n  - turn: {}\\n", "t.yaml")
    >>> [str(p) for p in replay_problems(hand)]
    ['t.yaml:8: a turn cannot come here (the next street is the flop)']
    """
    try:
        every_problem_of(scenario, partial(first_call, scenario))
    except ScenarioError as error:
        return list(error.problems)
    return []


def play_segment(state: Replay, events: tuple[Event, ...], carried: Carried) -> None:
    """Replay ``events`` from the table a ruling left; raises ScenarioError."""
    events = tuple(events)
    if carried.redeal and not (events and isinstance(events[0], _DEALS)):
        line = events[0].line if events else state.scenario.line
        first = StudStreet(line, "third") if state.scenario.game in STUD_GAMES \
            else Deal(line)
        events = (first, *events)          # the redeal the ruling made
    carried.redeal = False
    acted = False
    for event in events:
        if carried.pending is not None and len(state.betting.live) > 1 \
                and _pending_first(event, carried.pending, acted):
            _street_event(state, Street(event.line, carried.pending), carried)
        acted = acted or isinstance(event, Act)
        if isinstance(event, Street):
            _street_event(state, event, carried)
        else:
            play(state, (event,))


def _street_event(state: Replay, event: Street, carried: Carried) -> None:
    """A street event, dealt the ruling's way when the ruling prescribed that street."""
    if carried.pending == event.name:
        carried.pending = None
    if _prepared(carried, event.name):
        _prepared_street(state, event, carried)
    else:
        play(state, (event,))


def _pending_first(event: Event, pending: str, acted: bool) -> bool:
    """Whether the street a ruling took back (``pending``) is dealt before ``event``: before
    a later street, and before any other event that follows betting after the call (the
    betting round in progress is then over; the file need not list the street).  Its own
    street event deals it, and betting does not; nor does the end of the hand (a pot
    awarded with no more street listed: no more card came), nor a hand with one player
    left (the caller's check)."""
    if isinstance(event, Street):
        return event.name != pending
    return acted and not isinstance(event, (Act, PotAwarded, NextHand))


def _prepared(carried: Carried, street: str) -> bool:
    return street in carried.burns or street in carried.reshuffle or street in carried.no_burn


def _prepared_street(state: Replay, event: Street, carried: Carried) -> None:
    """A street the ruling prescribed: its cards shuffled back first, its burn already set
    aside, or no burn.  ``burns`` counts as the ruling deals: the default (1) is the ruling's
    way, each burn more or less is the dealer's error and is recorded as such."""
    table, name = state.table, event.name
    back = carried.reshuffle.pop(name, [])
    if back:
        # a card an accident has since put back in the stub (a stub mixed with the burns)
        # is shuffled with it where it is, not added twice
        back = [card for card in back if _taken_from_piles(table, card)]
        table.stub = carried.shuffle(table.stub + back) if carried.shuffle \
            else table.stub + back
        carried.shuffled = True
    # a burn the ruling set aside for this street that has since left the burns (mixed into
    # the stub, mucked) no longer waits for it: the street takes its burn from the stub
    ready = [card for card in carried.burns.pop(name, []) if card in table.burns]
    for card in reversed(ready):            # the set-aside burn is the street's burn
        table.burns.remove(card)
        table.stub.insert(0, card)
    if name not in carried.no_burn or ready:
        play(state, (event,))
        return
    carried.no_burn.discard(name)
    seen = len(state.irregularities)
    play(state, (replace(event, burns=max(0, event.burns - 1)),))
    state.irregularities[seen:] = [i for i in state.irregularities[seen:]
                                   if i.kind != "burn-count" or i.line != event.line]
    if event.burns != 1:
        log = state.board_log[-1]
        irregular(state, "burn-count", event, street=name, burns=event.burns,
                  burned=log["burned"], cards=log["cards"])


def _taken_from_piles(table: Table, card: str) -> bool:
    """Take ``card`` off the first pile outside the stub that holds it; False if none does."""
    for pile in (table.set_aside, table.board, table.muck, table.burns):
        if card in pile:
            pile.remove(card)
            return True
    return False


def resume(state: Replay, remedy: str, table: Table, steps, floor: Floor | None,
           carried: Carried) -> None:
    """Carry the hand on from a ruling (``remedy``, the ``table`` it left, its ``steps``):
    the dealer has carried it out.  Raises ScenarioError for a ``floor`` option the
    ruling cannot support."""
    if remedy == "misdeal":
        _gathered(state, table, steps)
        carried.redeal = True
        # what an earlier ruling left for later streets belonged to the hand gathered up
        # (a burn set aside for the flop is back in the deck): the redeal starts afresh
        carried.burns.clear()
        carried.reshuffle.clear()
        carried.no_burn.clear()
        return
    state.table = table.copy()
    for seat in table.dead:
        _fold(state.betting, seat)
    state.table.folded.update(table.dead)
    _plan(state, steps, carried)
    if floor is not None:
        _replacement_exposed(state, steps, floor)


def _fold(betting: Betting, seat: int) -> None:
    """A dead hand takes no further part in the betting."""
    betting.folded.add(seat)
    if betting._next == seat:
        betting._next = betting._first_after(seat)


def _plan(state: Replay, steps, carried: Carried) -> None:
    """What the steps leave for later streets: burns set aside for a street not dealt yet,
    and the steps with ``when`` (a reshuffle, a street dealt without a burn)."""
    for one in steps:
        details = one.details
        street = details.get("street")
        if street is None or street in state.streets:
            continue
        if details.get("when") is None and details.get("as") == "burn" \
                and one.do in ("set-aside", "scramble-pick"):
            card = details.get("card") or details.get("picked")
            while street in carried.burns and street in _NEXT:
                street = _NEXT[street]   # one burn a street: the next card burns later
            if card in state.table.burns and street not in carried.burns:
                carried.burns[street] = [card]
    later = [one for one in steps if one.details.get("when")]
    for when in dict.fromkeys(one.details["when"] for one in later):
        _plan_later(state, [one for one in later if one.details["when"] == when], carried)


def _plan_later(state: Replay, later, carried: Carried) -> None:
    """The steps of one ``when`` (one later moment): a street dealt then, with the cards
    shuffled back before it, a burn put back on top, or no burn; or the street dealt
    prematurely that the ruling took back to deal then (:func:`_take_back`)."""
    street = next((one.details["street"] for one in later
                   if one.do == "deal" and one.details.get("street")), None)
    if street is None:
        return
    if street in state.streets:
        _take_back(state, street, carried)
        return
    back = [c for one in later if one.do == "return-to-stub" for c in one.details["cards"]]
    if any(one.do == "shuffle" for one in later):
        carried.reshuffle[street] = back        # shuffled back into the stub first
    else:                                       # a burn put back on top for that street
        top = [c for c in back if c in state.table.burns]
        if top:
            carried.burns.setdefault(street, []).extend(top)
    if any(one.do == "deal" and one.details.get("burn") is False for one in later):
        carried.no_burn.add(street)


def _take_back(state: Replay, street: str, carried: Carried) -> None:
    """A street already dealt (prematurely) that the ruling deals again later: when it is
    the last street dealt and its cards are no longer on the ruling's board, it is not
    dealt yet; it becomes the ``pending`` street.  Otherwise nothing changes."""
    if not state.streets or state.streets[-1] != street or not state.board_log:
        return
    entry = state.board_log[-1]
    if entry["street"] != street or any(c in state.table.board for c in entry["cards"]):
        return
    state.streets.pop()
    state.board_log.pop()
    carried.pending = street


def _replacement_exposed(state: Replay, steps, floor: Floor) -> None:
    """``floor: {replacement-exposed: [k]}``: the k-th replacement hole card the ruling
    dealt was exposed as it was dealt (stud: the k-th card it said to deal face down was
    dealt face up, case C53).  Where the ruling dealt no k-th replacement (a
    rulebook that lets the player keep the card) the option has nothing to apply to."""
    stud = state.scenario.game in STUD_GAMES
    dealt = [one.details for one in steps if one.do == ("face-down" if stud else "replace")
             and isinstance(one.details.get("seat"), int)]
    for k in floor.replacement_exposed:
        if k > len(dealt):
            continue
        seat, card = dealt[k - 1]["seat"], dealt[k - 1]["card" if stud else "in"]
        if card not in state.table.hands.get(seat, []):
            raise ScenarioError(state.scenario.path, floor.line, f"floor.replacement-exposed: "
                                f"{card} is no longer in seat {seat}'s hand",
                                "list only replacement cards still held")
        state.table.exposed.add(card)
        if stud:        # the third card the ruling said to deal down was dealt up (C53)
            irregular(state, "stud-exposed", floor, street="third", seat=seat, card=card,
                      cards=[card], replacement=True)
            continue
        irregular(state, "exposed", floor, position=None, card=card, seat=seat, slot=None,
                  off_table=False, street="deal", replacement=True)


def _gathered(state: Replay, table: Table, steps) -> None:
    """A misdeal: the hand starts again from the deck as the ruling gathered, shuffled and
    cut it (its redeal undone), with a corrected button where the ruling moved it."""
    redeal: dict = next((one.details for one in steps if one.do == "redeal"), {})
    scenario = state.scenario
    button = redeal.get("button", scenario.button)
    if button != scenario.button:
        assert button is not None  # a redeal names a button only to move it (kb.rules.remedies)
        scenario = replace(scenario, button=button, blinds=() if scenario.bomb_pot
                           else default_blinds(scenario.seats, button))
    order = redeal.get("seats") or sorted(table.hands)
    rounds = max((len(table.hands.get(seat, ())) for seat in order), default=0)
    dealt = [table.hands[seat][r] for r in range(rounds) for seat in order
             if r < len(table.hands.get(seat, ()))]
    state.scenario = scenario
    state.table = Table(deck=table.deck, hands={s: [] for s in scenario.seats},
                        stub=dealt + list(table.stub), set_aside=list(table.set_aside),
                        missing=list(table.missing), extras=list(table.extras),
                        burns=list(table.burns), muck=list(table.muck))
    state.table.check()
    if button is not None:
        blinds = scenario.blinds
        state.betting = Betting(scenario.seats, blinds[-1] if blinds else button, button)
    else:
        state.betting = Betting(scenario.seats, None, None)
    state.streets, state.board_log, state.deal_order = [], [], ()


def standing(state: Replay, answered: int) -> list[Irregularity]:
    """The irregularities found since the last floor call (the first ``answered`` were
    ruled at earlier calls)."""
    return list(state.irregularities[answered:])
