"""The records of a scenario (docs/scenario-format.md): the hand, its events, and
:class:`ScenarioError`; :mod:`kb.hand.scenario_file` reads a file into them.

>>> clockwise_from((1, 2, 3, 4), 3)
(4, 1, 2, 3)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from kb.files import InputError, Problem

GAMES = ("holdem", "omaha", "omaha-hi-lo", "pot-limit-omaha", "stud", "razz", "stud-high-low",
         "draw-high", "lowball-a5", "lowball-27", "badugi")
#: Omaha and the two Omaha games the books name apart: Omaha high-low (split pot, eight or
#: better for low) and pot-limit Omaha (pot-limit betting).  Every book rules their dealing
#: errors as Omaha's (Robert's Rules Omaha High-Low 1, WSOP Live Action Omaha High-Low a,
#: WSOP Tournament Section IX, 4; pot limit changes only the betting rules), so the replay
#: deals them alike; they differ at the showdown and in the size of a bet.
OMAHA_GAMES = ("omaha", "omaha-hi-lo", "pot-limit-omaha")
FLOP_GAMES = ("holdem",) + OMAHA_GAMES
STUD_GAMES = ("stud", "razz", "stud-high-low")
DRAW_GAMES = ("draw-high", "lowball-a5", "lowball-27", "badugi")
SETTINGS = ("cash", "tournament")
ACTS = ("fold", "check", "call", "bet", "raise", "all-in")
STUD_STREETS = ("third", "fourth", "fifth", "sixth", "seventh")
BOARD_STREETS = ("flop", "turn", "river")
WHERE = ("hand", "board", "stub", "muck", "burns")
_SLUG = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


class ScenarioError(InputError):
    """An invalid scenario, or events the replay cannot support.

    ``problems`` lists every problem found (:class:`~kb.files.Problem`); ``str()`` is one
    ``file:line: message (what to do)`` line per problem, and ``file``, ``line``,
    ``message`` and ``hint`` are the first problem's.

    >>> error = ScenarioError("a.yaml", 4, "seat 8 is not dealt in", "use a seat from seats:")
    >>> str(error), error.line
    ('a.yaml:4: seat 8 is not dealt in (use a seat from seats:)', 4)
    >>> print(ScenarioError.of([Problem("a.yaml", 9, "b"), Problem("a.yaml", 2, "c", "d")]))
    a.yaml:2: c (d)
    a.yaml:9: b
    """

    def __init__(self, file: str, line: int, message: str, hint: str = "", *,
                 problems: list[Problem] | None = None) -> None:
        super().__init__(problems or [Problem(file, max(line, 1), message, hint)])

    @classmethod
    def of(cls, problems: list[Problem]) -> ScenarioError:
        """The error carrying ``problems`` (at least one)."""
        first = problems[0]
        return cls(first.file, first.line, first.message, first.hint, problems=problems)


@dataclass(frozen=True)
class Deal:
    """The starting deal and its errors; positions count cards off the deck from 1."""

    line: int
    exposed: tuple[int, ...] = ()
    off_table: tuple[int, ...] = ()
    boxed: tuple[int, ...] = ()
    player_exposed: tuple[int, ...] = ()
    extra: int = 0
    short: tuple[int, ...] = ()
    dealt_to: tuple[int, ...] = ()
    dealt_out: tuple[int, ...] = ()
    first_to: int | None = None
    button_should_be: int | None = None
    #: cards one player (not their owner) saw as they were dealt, not shown to the table
    #: (issue 21, section 3): recorded as exposed, with ``seen_by_one``
    seen: tuple[int, ...] = ()


@dataclass(frozen=True)
class Action:
    """One betting action; ``seat`` is None when the scenario leaves it to turn order."""

    act: str
    seat: int | None = None


@dataclass(frozen=True)
class Act:
    line: int
    actions: tuple[Action, ...]


@dataclass(frozen=True)
class Street:
    """A board street (flop, turn, river) as the dealer dealt it."""

    line: int
    name: str
    burns: int = 1
    cards: int = 1
    premature: bool = False
    boxed: tuple[int, ...] = ()


@dataclass(frozen=True)
class Found:
    """A fact discovered: ``kind`` is duplicate, foreign, odd-back, missing or wrong-count."""

    line: int
    kind: str
    cards: tuple[str, ...] = ()
    seat: int | None = None
    count: int | None = None
    where: str | None = None
    by: str = "dealer"      # wrong-count: dealer (dealt wrong) or player (caused it)


@dataclass(frozen=True)
class Draw:
    """One player's draw in a draw game: ``discards`` cards thrown, as many dealt."""

    line: int
    seat: int
    discards: int
    exposed: tuple[int, ...] = ()


@dataclass(frozen=True)
class StudStreet:
    """A stud street; ``exposed`` lists seats whose down card was exposed by the dealer,
    ``both_exposed`` seats whose two third-street down cards were both exposed, and
    ``premature`` says the street was dealt before the previous betting round ended,
    ``skipped`` lists seats the dealer skipped on the street (fourth to seventh)."""

    line: int
    name: str
    exposed: tuple[int, ...] = ()
    both_exposed: tuple[int, ...] = ()
    premature: bool = False
    skipped: tuple[int, ...] = ()


@dataclass(frozen=True)
class Citation:
    """A provision as the rulebook's edition numbers it, e.g. tda, tda@2024, 35-A-7: in a
    ruling, and in a scenario's ``expect`` (so it lives with the scenario's records)."""

    source: str
    edition: str
    number: str

    def to_json(self) -> dict:
        return {"source": self.source, "edition": self.edition, "number": self.number}


@dataclass(frozen=True)
class Floor:
    """The floor was called here (docs/scenario-format.md, "Floor calls"): the
    irregularities standing are ruled, and later events continue from the table as that
    ruling left it.  ``replacement_exposed`` lists k for the k-th replacement hole card the
    ruling dealt that the dealer exposed while dealing it (counted in the ruling's steps)."""

    line: int
    replacement_exposed: tuple[int, ...] = ()


@dataclass(frozen=True)
class StubAccident:
    """An accident to the stub (docs/scenario-format.md, "Stub and burn accidents"):
    dropped, its order lost (``disordered``), mixed with other piles (``mixed_with``:
    muck, burns), or some of its cards ``seen`` (by players, or by the dealer alone:
    ``seen_by``) or ``flashed`` to the table; ``by`` is who caused it (dealer or player)."""

    line: int
    dropped: bool = False
    disordered: bool = False
    mixed_with: tuple[str, ...] = ()
    seen: tuple[str, ...] = ()
    flashed: tuple[str, ...] = ()
    by: str = "dealer"
    #: who saw the ``seen`` cards: players, or the dealer alone (issue 21, section 3)
    seen_by: str = "players"


@dataclass(frozen=True)
class BurnsSeen:
    """Burn cards turned face up (``exposed``) or ``seen`` by players; ``by`` is who
    caused it (dealer or player)."""

    line: int
    exposed: tuple[str, ...] = ()
    seen: tuple[str, ...] = ()
    by: str = "dealer"


@dataclass(frozen=True)
class SetAsideMucked:
    """``set-aside: {mucked: true}``: the cards set aside at this point (by an earlier
    ruling or the replay) went into the muck; ``by`` is who caused it (dealer or player)."""

    line: int
    by: str = "dealer"


@dataclass(frozen=True)
class CardDropped:
    """``dropped: {seat: S}`` (docs/scenario-format.md, "Cards that went astray"): a
    player dropped cards of his own hand off the table; ``cards`` names them (empty: not
    said), ``face_up`` says one landed face up.  The cards are picked up and stay his."""

    line: int
    seat: int
    cards: tuple[str, ...] = ()
    face_up: bool = False


@dataclass(frozen=True)
class CardSwapped:
    """``swap: {seat: S, hand: CARD, board: CARD}`` (docs/scenario-format.md, "Cards that
    went astray"): a hole card of seat S and a board card changed places (both still
    identified); ``by`` is who caused it (dealer or player)."""

    line: int
    seat: int
    hand: str
    board: str
    by: str = "dealer"


@dataclass(frozen=True)
class PotAwarded:
    """``pot: awarded`` (docs/scenario-format.md, "The end of a hand"): the pot was
    awarded here.  The betting is over and the table stays as it lay; only ``found``,
    ``floor`` and ``next-hand`` may follow."""

    line: int


@dataclass(frozen=True)
class NextHand:
    """``next-hand: {}``: the next hand began here (its first riffle, the shuffler's
    button, a dealer push).  Only ``found`` and ``floor`` may follow: what they find is
    about the hand that ended."""

    line: int


# ---- cards mucked by mistake (issue 21 section 3, helper A; kb.hand.mucks replays them)


@dataclass(frozen=True)
class BoardMucked:
    """``board: {...}`` (docs/scenario-format.md, "Cards mucked by mistake"): dealt board
    cards swept into the muck (``mucked``), or taken back from the muck onto the board
    (``retrieved``: cards an earlier ``board`` event mucked); ``by`` is who caused it."""

    line: int
    mucked: tuple[str, ...] = ()
    retrieved: tuple[str, ...] = ()
    by: str = "dealer"


@dataclass(frozen=True)
class PotPushed:
    """``pot: {pushed-to: S, mucked: [...], retrievable: [...]}``: the dealer pushed the pot
    to seat ``pushed_to`` while another player still had a hand in play, and the hands of
    ``mucked`` went into the muck because of it; ``retrievable`` are those that can still be
    told apart with certainty.  The hand is not over: later events go on from it."""

    line: int
    pushed_to: int
    mucked: tuple[int, ...] = ()
    retrievable: tuple[int, ...] = ()


@dataclass(frozen=True)
class HandMucked:
    """``muck: {seat: S, ...}``: the dealer killed seat S's hand into the muck by mistake;
    ``tabled``: it had been turned face up and read (``winner``: and was obviously the best
    hand); ``retrieved``: the same cards were taken back out of the muck at once."""

    line: int
    seat: int
    tabled: bool = False
    winner: bool = False
    retrieved: bool = False


Event = (Deal | Act | Street | Found | Draw | StudStreet | Floor | StubAccident | BurnsSeen
         | SetAsideMucked | PotAwarded | NextHand | BoardMucked | PotPushed | HandMucked
         | CardDropped | CardSwapped)


@dataclass(frozen=True)
class Scenario:
    """One hand with its irregularities, as a scenario file describes it."""

    id: str
    title: str
    game: str
    setting: str
    seats: tuple[int, ...]
    button: int | None
    blinds: tuple[int, ...]
    deck: tuple[str, ...]
    events: tuple[Event, ...]
    expect: dict = field(default_factory=dict, compare=False, hash=False)
    antes: bool = False
    #: every player antes and no one acts before the flop (:mod:`kb.hand.bomb_pot`)
    bomb_pot: bool = False
    path: str = "<string>"
    line: int = 1
    listed: int = 0          # how many cards of ``deck`` the file listed (the rest follow)
    #: the line of the ``id`` (to report a duplicate id where it is)
    id_line: int = field(default=1, compare=False, hash=False, repr=False)
    #: the line of each rulebook id in ``expect`` (to report an unknown one where it is)
    expect_lines: dict = field(default_factory=dict, compare=False, hash=False, repr=False)
    #: what is wrong with ``expect`` (unknown keys, wrong shapes), each a located
    #: :class:`~kb.files.Problem`: ``floorbook rule`` ignores ``expect``, the test
    #: collector reports these as the scenario's failure (``expect`` then holds only the
    #: entries without a problem)
    expect_problems: tuple = field(default=(), compare=False, hash=False, repr=False)


def default_blinds(seats: tuple[int, ...], button: int) -> tuple[int, int]:
    """The small and big blind: the next two seats after the button; heads-up the button
    posts the small blind (TDA 2024 34-B; RRoP v11 Button and Blind Use).

    >>> default_blinds((1, 2, 3, 4), 4), default_blinds((3, 7), 7)
    ((1, 2), (7, 3))
    """
    after = clockwise_from(seats, button)
    if len(seats) == 2:
        return (button, after[0])
    return (after[0], after[1])


def clockwise_from(seats: tuple[int, ...], seat: int) -> tuple[int, ...]:
    """The seats in clockwise order starting after ``seat`` (which comes last if seated).

    >>> clockwise_from((1, 2, 5, 6), 5)
    (6, 1, 2, 5)
    """
    ordered = sorted(seats)
    later = [s for s in ordered if s > seat]
    earlier = [s for s in ordered if s <= seat]
    return tuple(later + earlier)
