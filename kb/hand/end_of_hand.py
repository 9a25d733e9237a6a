"""The end of a hand: the pot awarded and the next hand begun (docs/scenario-format.md,
"The end of a hand").

The two events give the books' time limits their meaning, so the replay records how far
the hand had got (:func:`stage_at`) and the situation asks it
(:func:`kb.rules.situation.stage_found`):

- ``playing``: the pot has not been awarded yet;
- ``pot-awarded``: the pot was awarded, the next hand has not begun (Robert's Rules'
  burn-error correction in a hand without betting because of an all-in is over; a ruling
  on the pot may still be asked for: Robert's Rules Decision-Making 5, TDA 2024 Rule 22);
- ``next-hand``: the next hand has begun (its first riffle, the shuffler's button, the
  dealer push: TDA 2024 Rule 23; the first riffle: Robert's Rules Decision-Making 5):
  each book's time limit on a complaint about the hand applies, or its silence
  (Robert's Rules Decision-Making 5, WSOP Rule 76, Live Action Rule 51, TDA Rule 22 with
  35-E; the rules room applies them).

The pot awarded ends the betting; the table then stays as it lay (the cards are not
gathered in the replay, so a later ``found`` still finds them where they were).

>>> from kb.hand.scenario_file import parse_scenario
>>> from kb.hand.deal import replay
>>> s = parse_scenario("id: e\\ntitle: e\\ngame: holdem\\nseats: 2\\nbutton: 2\\nevents:\\n"
...                    "  - deal: {}\\n  - act: [fold]\\n  - pot: awarded\\n"
...                    "  - next-hand: {}\\n  - found: {duplicate: As, where: muck}\\n",
...                    "e.yaml")
>>> r = replay(s)
>>> r.pot_line, r.next_hand_line, stage_at(r, 8), stage_at(r, 9), stage_at(r, 11)
(9, 10, 'playing', 'pot-awarded', 'next-hand')
"""

from __future__ import annotations

from kb.hand.table import Replay, fail

#: How far a hand has got, in order.
STAGES = ("playing", "pot-awarded", "next-hand")


def pot_awarded(state: Replay, event) -> None:
    """``pot: awarded``: the betting is over; the cards stay where they lie.  Raises
    ScenarioError (at the event's line) for a pot awarded twice."""
    if state.pot_line is not None:
        raise fail(state, event, "the pot was already awarded",
                   f"list one pot: awarded; the first is at line {state.pot_line}")
    state.pot_line = event.line


def next_hand(state: Replay, event) -> None:
    """``next-hand: {}``: the next hand began.  Raises ScenarioError for a next hand before
    the pot was awarded or a second one."""
    if state.pot_line is None:
        raise fail(state, event, "the next hand cannot begin before the pot is awarded",
                   "add - pot: awarded before it")
    if state.next_hand_line is not None:
        raise fail(state, event, "the next hand already began",
                   f"list one next-hand; the first is at line {state.next_hand_line}")
    state.next_hand_line = event.line


def stage_at(replay: Replay, line: int) -> str:
    """How far the hand had got at the event on ``line`` (one of :data:`STAGES`); events
    come in the file's order, so lines order them."""
    if replay.next_hand_line is not None and line >= replay.next_hand_line:
        return "next-hand"
    if replay.pot_line is not None and line >= replay.pot_line:
        return "pot-awarded"
    return "playing"


def later(stage: str, than: str) -> bool:
    """Whether ``stage`` comes at or after ``than``.

    >>> later("next-hand", "pot-awarded"), later("playing", "pot-awarded")
    (True, False)
    """
    return STAGES.index(stage) >= STAGES.index(than)
