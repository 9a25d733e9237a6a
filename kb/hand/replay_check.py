"""Every replay problem of a scenario at once: an author fixes them in one go.

A replay (:func:`kb.hand.deal.replay`, the engine's rulings) stops at the first event the
cards cannot support: that is all a ruling needs.  When it has stopped, :func:`every_problem`
runs it again in a checking mode, in which :func:`play_checked` keeps going past a problem
where the table allows it:

- an event that only records an accident, a discovery or the end of the hand (a card
  found, seen, dropped, mucked; a pot awarded; the next hand) changes nothing later events
  count on, so it is skipped (the table as it was before it) and the replay goes on;
- an event that deals or bets (a deal, a street, a draw, an action) sets up what every
  later event counts on; skipping it would report problems that are only its echoes, so
  the replay stops there and one more problem, at the next event, says that the events
  after it were not checked.

>>> from kb.hand.scenario_file import parse_scenario
>>> from kb.hand.deal import replay
>>> s = parse_scenario("id: t\\ntitle: t\\ngame: holdem\\nseats: 3\\nbutton: 3\\nevents:\\n"
...                    "  - deal: {}\\n  - found: {foreign: Kd}\\n"
...                    "  - burns: {seen: [As]}\\n  - flop: {}\\n", "t.yaml")
>>> try:
...     replay(s)
... except ScenarioError as error:
...     print(error)
t.yaml:8: found.foreign: Kd belongs to the deck (use duplicate for a second copy)
t.yaml:9: burns.seen: As is not a burn card (name cards among the burns at this point)
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from functools import partial, wraps
from typing import TypeVar

from kb.files import Problem
from kb.hand.scenario import (
    BoardMucked,
    BurnsSeen,
    CardDropped,
    CardSwapped,
    Event,
    Found,
    HandMucked,
    NextHand,
    PotAwarded,
    PotPushed,
    Scenario,
    ScenarioError,
    SetAsideMucked,
    StubAccident,
)

T = TypeVar("T")

#: The events the replay goes on after when they cannot happen (the module docstring).
SKIPPABLE = (Found, StubAccident, BurnsSeen, SetAsideMucked, BoardMucked, HandMucked,
             CardDropped, CardSwapped, PotAwarded, PotPushed, NextHand)

#: The problems found so far by a checking run (None: not checking, the first problem
#: raises).  A context variable, not an argument: the replay reaches events through the
#: engine's floor calls and segments, which need not know about it.
_FOUND: ContextVar[list[Problem] | None] = ContextVar("floorbook_replay_problems",
                                                      default=None)


class _Stopped(Exception):
    """The checking run stopped at the event on ``line`` (an event later ones count on)."""

    def __init__(self, line: int) -> None:
        super().__init__(line)
        self.line = line


def checking() -> list[Problem] | None:
    """The problems a checking run has found so far; None outside one."""
    return _FOUND.get()


def play_checked(state, event: Event, run: Callable[[], None]) -> bool:
    """``run()`` (which plays ``event`` on the replay ``state``).  Outside a checking run
    its ScenarioError goes up; inside one the problems are kept and, for an event of
    :data:`SKIPPABLE`, ``state`` is put back as it was before the event and the replay
    goes on; for any other event the run stops.  Returns whether the event was played
    (False: skipped)."""
    found = _FOUND.get()
    if found is None:
        run()
        return True
    before = state.copy()
    try:
        run()
    except ScenarioError as error:
        found.extend(error.problems)
        if not isinstance(event, SKIPPABLE):
            raise _Stopped(event.line) from None
        state.__dict__.update(before.__dict__)     # the event did not happen
        return False
    return True


def every_problem_of(scenario: Scenario, run: Callable[[], T]) -> T:
    """``run()``; when it raises ScenarioError, the error with every problem instead
    (:func:`every_problem`, running ``run`` again in a checking run)."""
    try:
        return run()
    except ScenarioError as error:
        raise every_problem(scenario, run, error) from None


def every_problem_in(function: Callable[..., T]) -> Callable[..., T]:
    """``function`` (which replays the :class:`Scenario` among its arguments), raising
    the ScenarioError with every problem (:func:`every_problem_of`)."""
    @wraps(function)
    def checked(*args, **kwargs) -> T:
        scenario = next(a for a in (*args, *kwargs.values()) if isinstance(a, Scenario))
        return every_problem_of(scenario, partial(function, *args, **kwargs))
    return checked


def every_problem(scenario: Scenario, run: Callable[[], object],
                  first: ScenarioError) -> ScenarioError:
    """The error listing every replay problem of ``scenario``: ``run()`` (the replay or
    ruling that raised ``first``) again, in a checking run.  Where the run stopped, a
    problem at the next event says the events after it were not checked.  ``first``'s
    problems are kept whatever the run finds."""
    found: list[Problem] = []
    token = _FOUND.set(found)
    try:
        run()
    except _Stopped as stop:
        found += not_checked(scenario, stop.line)
    except ScenarioError as error:        # raised outside an event (none known): stop
        found += error.problems + not_checked(scenario, error.line)
    finally:
        _FOUND.reset(token)
    return ScenarioError.of(sorted(set(found) | set(first.problems)))


def not_checked(scenario: Scenario, line: int) -> list[Problem]:
    """The problem saying that the events after ``line`` were not checked, at the first
    of them; none when no event follows."""
    later = [event.line for event in scenario.events if event.line > line]
    if not later:
        return []
    return [Problem(scenario.path, min(later), f"the events after line {line} were not "
                    "checked", f"fix the problem at line {line} first, then check again")]
