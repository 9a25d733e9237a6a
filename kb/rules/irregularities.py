"""Every kind of irregularity the replay records, in one table: :class:`Kind` and, for
each, its :class:`Entry` in :data:`KINDS` (its words, its Find a ruling facet, how it is
grouped at a floor call, the topics it raises).

Where a kind is used, all of it read from here:

- recorded by the replay (kb/hand: ``irregular(state, "<kind>", ...)`` in deal.py,
  stud.py, accidents.py and segments.py; a ``found`` event's kind, whose names are the
  scenario format's, :data:`kb.hand.scenario_events.FOUND_KINDS`).  The hand room sits
  below this one, so it writes the kind's value; tests/test_irregularities.py fails when
  the replay can record a kind this table lacks, or the table holds one nothing records;
- grouped and ordered at a floor call (:mod:`kb.rules.situation`: ``group``, ``first``);
- the topics whose provisions rule it (:func:`topics_for`: ``topics``), so the engine
  (:mod:`kb.rules.engine`) and the house check (:mod:`kb.house.check`) ask the same;
- when it came to light (``found_event``: at its ``found`` event, else when the floor was
  called; :meth:`kb.rules.situation.Case.stage`), and whether a remedy that deals its
  street again answers it (``board``, :mod:`kb.rules.engine`);
- in words, in the explanation of a call that rules several (:mod:`kb.rules.combine`);
- its value in the Find a ruling page's "What happened" facet (:data:`FACET_VALUES`, read by
  :mod:`kb.handbook.finder`);
- by the deciders (kb/rules/deciders), which compare ``irregularity.kind`` with a value.

A new kind is one entry in :data:`KINDS` (and a value in :data:`FACET_VALUES` if it
belongs to no group of the facet yet) and the replay's call that records it.

>>> KINDS[Kind.BURN_SEEN].facet, KINDS[Kind("odd-back")].first
('cards-seen', 1)
>>> words("stud-exposed"), facet_of("stud-exposed")
('an exposed stud down card', 'exposed')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from kb.hand.scenario import DRAW_GAMES
from kb.hand.table import Irregularity, Replay, proper_cards


class Kind(StrEnum):
    """An irregularity kind; the value is the name the replay records and every output
    (JSON, pages) shows.

    >>> Kind("burn-count") is Kind.BURN_COUNT
    True
    """

    EXPOSED = "exposed"
    STUD_EXPOSED = "stud-exposed"
    DRAW_EXPOSED = "draw-exposed"
    PLAYER_EXPOSED = "player-exposed"
    BOXED = "boxed"
    EXTRA = "extra"
    SHORT = "short"
    WRONG_COUNT = "wrong-count"
    DEALT_TO = "dealt-to"
    DEALT_OUT = "dealt-out"
    FIRST_TO = "first-to"
    BUTTON = "button"
    BOARD_COUNT = "board-count"
    BURN_COUNT = "burn-count"
    PREMATURE = "premature"
    DUPLICATE = "duplicate"
    ODD_BACK = "odd-back"
    MISSING = "missing"
    FOREIGN = "foreign"
    STUB_SPOILED = "stub-spoiled"
    STUD_SHORT_STUB = "stud-short-stub"
    DRAW_SHORT_STUB = "draw-short-stub"
    STUB_SEEN = "stub-seen"
    BURN_SEEN = "burn-seen"
    SET_ASIDE_MUCKED = "set-aside-mucked"
    # cards mucked by mistake (issue 21 section 3, helper A)
    BOARD_MUCKED = "board-mucked"
    BOARD_RETRIEVED = "board-retrieved"
    POT_PUSHED_EARLY = "pot-pushed-early"
    HAND_MUCKED = "hand-mucked"
    # issue 21, section 3 (helper C): a seat skipped on a later stud street, and betting
    # on a premature card before anyone noticed it
    STUD_SKIPPED = "stud-skipped"
    PREMATURE_ACTED = "premature-acted"
    # issue 21, section 3 (helper B): cards that went astray
    PLAYER_DROPPED = "player-dropped"
    HAND_BOARD_SWAP = "hand-board-swap"


#: The topics of a kind: fixed, or worked out from the irregularity and the replayed hand.
Topics = tuple[str, ...] | Callable[[Irregularity, Replay], tuple[str, ...]]


@dataclass(frozen=True)
class Entry:
    """What the knowledge base says of one :class:`Kind`.

    ``words``: the kind in a floorperson's words (``a burn error``); ``facet``: its value in
    Find a ruling's "What happened" facet (:data:`FACET_VALUES`); ``topics``: the topic ids
    it raises, most specific first (or a function of the irregularity and the replay);
    ``group``: kinds with the same group standing at one call are one unit, ruled
    together (None: each irregularity a unit of its own); ``first``: a fouled deck or a
    non-standard card is ruled before the rest, in this rank's order (None: in the order
    found); ``found_event``: it comes to light at its ``found`` event, not when the floor
    is called; ``board``: a remedy that deals its street again answers it; after the next
    hand (:mod:`kb.rules.limits`): ``by_player``: a player's own act, never a house error
    (WSOP Live Action Rule 51); ``closed_at_award``: the kind's own rule ends its correction
    at the pot award at the latest (the burn-error rules' all-in clause: Robert's Rules,
    Live Action 122 and 165); ``never_voids``: it never voids a result (missing cards:
    Robert's Rules Irregularities 10, Live Action 117).

    >>> entry(Kind.BOXED).words
    '...'
    """

    words: str
    facet: str
    topics: Topics
    group: str | None = None
    first: int | None = None
    found_event: bool = False
    board: bool = False
    by_player: bool = False
    closed_at_award: bool = False
    never_voids: bool = False


#: The misdeal-cutoff topic: whether the right to a misdeal has passed.
CUTOFF = "misdeal-cutoff"
_BUTTON_TOPICS = ("button-errors", "misdeal-causes", CUTOFF)
_FOULED = ("fouled-deck",)


def _exposed(irregularity: Irregularity, replay: Replay) -> tuple[str, ...]:
    """A card the dealer exposed: how many, and which, decides (the first two cards)."""
    exposed = [i for i in replay.irregularities if i.kind == Kind.EXPOSED]
    first_two = any(i.get("slot") in (0, 1) for i in exposed)
    if replay.scenario.game in DRAW_GAMES:
        if first_two or len(exposed) > 1:
            return ("misdeal-causes", "draw-exposed-cards", CUTOFF)
        return ("draw-exposed-cards", "misdeal-causes", CUTOFF)
    if first_two:
        return ("exposed-first-two-cards", "exposed-later-hole-card", CUTOFF)
    return ("exposed-later-hole-card", CUTOFF)


def _wrong_count(irregularity: Irregularity, replay: Replay) -> tuple[str, ...]:
    """A hand found with the wrong number of cards: caused by a player, none at all (a
    seat dealt out), or short or long against the cards it should hold."""
    details = irregularity.details
    if details.get("by") == "player":
        return ("player-caused-wrong-count",)
    if details["count"] == 0:
        return _BUTTON_TOPICS
    side = "short-hands" if details["count"] < proper_cards(replay) else "extra-cards"
    return ("wrong-count-after-action", side, "card-count", CUTOFF)


def _board_count(irregularity: Irregularity, replay: Replay) -> tuple[str, ...]:
    details = irregularity.details
    flop = details.get("street") == "flop" and details["count"] > 3
    return ("four-card-flop",) if flop else ()


def _burn_count(irregularity: Irregularity, replay: Replay) -> tuple[str, ...]:
    flop = irregularity.details.get("street") == "flop"
    return ("flop-burn-errors",) if flop else ("burn-errors",)


def _stub_seen(irregularity: Irregularity, replay: Replay) -> tuple[str, ...]:
    """Stub cards the dealer alone saw have a topic of their own (issue 21, section 3)."""
    if irregularity.details.get("seen_by") == "dealer":
        return ("stub-card-seen-by-dealer", "seen-stub-and-burn-cards")
    return ("seen-stub-and-burn-cards",)


def _premature(irregularity: Irregularity, replay: Replay) -> tuple[str, ...]:
    return (f"premature-{irregularity.details.get('street')}",)


#: The table: every kind the replay records.
KINDS: dict[Kind, Entry] = {
    Kind.EXPOSED: Entry("a card exposed by the dealer", "exposed", _exposed, group="exposed"),
    Kind.STUD_EXPOSED: Entry("an exposed stud down card", "exposed",
                             ("stud-exposed-down-cards", CUTOFF)),
    Kind.DRAW_EXPOSED: Entry("a card exposed on the draw", "exposed", ("draw-exposed-cards",)),
    Kind.PLAYER_EXPOSED: Entry("a card exposed by a player", "player-exposed",
                               ("player-exposed-cards",), by_player=True),
    Kind.BOXED: Entry("a boxed card", "boxed", ("boxed-cards", CUTOFF), group="boxed"),
    Kind.EXTRA: Entry("an extra card", "wrong-count",
                      ("extra-cards", "wrong-count-after-action", CUTOFF), group="count"),
    Kind.SHORT: Entry("a short hand", "wrong-count",
                      ("short-hands", "wrong-count-after-action", CUTOFF), group="count"),
    Kind.WRONG_COUNT: Entry("a hand with the wrong number of cards", "wrong-count",
                            _wrong_count, group="count", found_event=True),
    # A seat skipped on fourth to seventh street holds one card fewer than it should: no
    # book has a rule for it, so it is ruled as the short hand it is (Robert's Rules Dead
    # Hands 1(d) and its stud final-card exception, TDA 2024 35-A-5 and 38, WSOP 108, Live
    # Action 104-106).
    Kind.STUD_SKIPPED: Entry("a seat skipped on a stud street", "wrong-count",
                             ("short-hands", "wrong-count-after-action", CUTOFF),
                             group="count"),
    # Players bet on a premature card before anyone noticed: the premature card itself is
    # ruled under its own kind; what becomes of the bets made on it is this kind's topic,
    # which no book's premature-card rule covers (each book's silence is in topics.yaml).
    Kind.PREMATURE_ACTED: Entry("bets made on a premature card", "premature",
                                ("premature-card-acted-on",)),
    Kind.DEALT_TO: Entry("cards dealt to a seat not entitled to a hand", "dealing-order",
                         _BUTTON_TOPICS, group="dealt-to"),
    Kind.DEALT_OUT: Entry("a player dealt out", "dealing-order", _BUTTON_TOPICS),
    Kind.FIRST_TO: Entry("the first card dealt to the wrong seat", "dealing-order",
                         _BUTTON_TOPICS),
    Kind.BUTTON: Entry("the button out of position", "button", _BUTTON_TOPICS),
    Kind.BOARD_COUNT: Entry("the wrong number of cards on a street", "board-count",
                            _board_count, board=True),
    Kind.BURN_COUNT: Entry("a burn error", "burn", _burn_count, board=True,
                           closed_at_award=True),
    Kind.PREMATURE: Entry("a board card dealt too soon", "premature", _premature, board=True),
    Kind.DUPLICATE: Entry("a duplicate card", "fouled-deck", _FOULED, first=0,
                          found_event=True),
    Kind.ODD_BACK: Entry("a card with a different back", "fouled-deck", _FOULED, first=1,
                         found_event=True),
    Kind.MISSING: Entry("missing cards", "fouled-deck", _FOULED, first=2, found_event=True,
                        never_voids=True),
    Kind.FOREIGN: Entry("a card that does not belong in the deck", "foreign",
                        ("non-standard-cards", CUTOFF), group="foreign", first=3,
                        found_event=True),
    Kind.STUB_SPOILED: Entry("a stub dropped, out of order or mixed with other cards",
                             "stub-accident", ("mid-hand-reshuffle",)),
    Kind.STUD_SHORT_STUB: Entry("a stub too short for seventh street", "stub-short",
                                ("stud-running-out",)),
    Kind.DRAW_SHORT_STUB: Entry("a stub too short for the draw", "stub-short",
                                ("draw-short-stub",)),
    Kind.STUB_SEEN: Entry("stub cards seen", "cards-seen", _stub_seen),
    Kind.BURN_SEEN: Entry("burn cards seen", "cards-seen", ("seen-stub-and-burn-cards",)),
    Kind.SET_ASIDE_MUCKED: Entry("set-aside cards mucked", "set-aside-mucked",
                                 ("set-aside-cards-mucked",)),
    # cards mucked by mistake (issue 21 section 3, helper A): a board card mucked and the
    # same card taken back are one unit, ruled together
    Kind.BOARD_MUCKED: Entry("a board card mucked", "mucked-by-mistake",
                             ("board-card-mucked",), group="board-mucked"),
    Kind.BOARD_RETRIEVED: Entry("a mucked board card taken back", "mucked-by-mistake",
                                ("board-card-mucked",), group="board-mucked"),
    Kind.POT_PUSHED_EARLY: Entry("a pot pushed while a player was still in the hand",
                                 "mucked-by-mistake", ("pot-pushed-early",)),
    Kind.HAND_MUCKED: Entry("a hand killed by the dealer", "mucked-by-mistake",
                            ("hand-killed-by-dealer",)),
    # issue 21, section 3 (helper B): cards that went astray
    Kind.PLAYER_DROPPED: Entry("a card a player dropped off the table", "dropped",
                               ("player-dropped-cards",)),
    Kind.HAND_BOARD_SWAP: Entry("a hole card swapped with a board card", "swap",
                                ("hand-board-swap",)),
}

#: The values of Find a ruling's "What happened" facet, in the order the page shows them:
#: (value, label, what it means).  Each kind's ``facet`` names one; ``none`` is a hand
#: without an irregularity.
FACET_VALUES = (
    ("exposed", "Card exposed by the dealer",
     "The dealer turned or flashed a player's hole card (in stud a down card; in draw "
     "games a card of the deal or the draw)."),
    ("player-exposed", "Card exposed by a player",
     "A player exposed a card of their own hand."),
    ("boxed", "Boxed card", "A card found face up in the deck."),
    ("wrong-count", "Wrong number of hole cards",
     "A hand with too many or too few cards, by the dealer or caused by a player."),
    ("dealing-order", "Cards to the wrong seats",
     "The first card to the wrong seat, a seat dealt in that should not be, or one "
     "left out."),
    ("button", "Button in the wrong place", "The deal began from the wrong button."),
    ("board-count", "Wrong number of board cards",
     "Four cards turned for the flop, or another street with too many cards."),
    ("burn", "Burn card missed or doubled",
     "A street dealt without burning, or with two burn cards."),
    ("premature", "Board card dealt too soon",
     "A flop, turn or river dealt before the betting round was over."),
    ("fouled-deck", "Fouled deck",
     "Two cards of one rank and suit, a card with another back, or cards missing."),
    ("foreign", "Card that does not belong",
     "A joker or a card of another deck in play."),
    ("stub-accident", "Stub dropped or mixed",
     "The stub dropped, its order lost, or mixed with the muck or the burns."),
    ("stub-short", "Stub running short",
     "Not enough cards left for the last street or the draw."),
    ("cards-seen", "Stub or burn cards seen",
     "Players saw cards of the stub or the burn cards, or the dealer alone saw a stub card."),
    ("set-aside-mucked", "Set-aside cards mucked",
     "Cards a ruling had set aside went into the muck."),
    ("mucked-by-mistake", "Cards mucked by mistake",
     "A board card swept into the muck or taken back out of it; hands mucked because the "
     "pot was pushed while a player was still in the hand; a hand the dealer killed."),
    # issue 21, section 3 (helper B): cards that went astray
    ("dropped", "Card dropped by a player",
     "A player dropped a card of their own hand off the table."),
    ("swap", "Hole card swapped with the board",
     "A hole card and a board card changed places."),
    ("none", "No irregularity", "A hand played correctly, for comparison."),
)

#: The entries by the kinds' values, as the replay records them (a lookup by text: a
#: ``Kind(...)`` call for each irregularity cost a twentieth of a ruling).
_BY_VALUE: dict[str, Entry] = {kind.value: entry for kind, entry in KINDS.items()}

#: The kinds ruled before the others at a floor call, in their order (``first``).
FIRST: tuple[Kind, ...] = tuple(sorted((k for k, e in KINDS.items() if e.first is not None),
                                       key=lambda k: KINDS[k].first or 0))


def entry(kind: str) -> Entry:
    """The table's entry for ``kind`` (a :class:`Kind` or its value, as the replay
    records it); raises KeyError for a kind the table does not hold.

    >>> entry("premature").board, entry(Kind.BOXED).group
    (True, 'boxed')
    """
    return _BY_VALUE[kind]


def words(kind: str) -> str:
    """``kind`` (a :class:`Kind` value) in a floorperson's words; raises KeyError for a
    kind the table does not hold.

    >>> words("burn-count")
    'a burn error'
    """
    return entry(kind).words


def facet_of(kind: str) -> str:
    """The "What happened" facet value (:data:`FACET_VALUES`) of ``kind``; raises
    KeyError for a kind the table does not hold.

    >>> facet_of("odd-back"), facet_of("burn-count")
    ('fouled-deck', 'burn')
    """
    return entry(kind).facet


def kinds_of(facet: str) -> tuple[Kind, ...]:
    """The kinds whose facet value is ``facet``, in the table's order (none for a value
    no kind has, such as ``none``).

    >>> kinds_of("fouled-deck")
    (<Kind.DUPLICATE: 'duplicate'>, <Kind.ODD_BACK: 'odd-back'>, <Kind.MISSING: 'missing'>)
    """
    return tuple(kind for kind, entry in KINDS.items() if entry.facet == facet)


def caused_by_player(irregularity: Irregularity) -> bool:
    """Whether a player, not the dealer or the deck, caused ``irregularity``: its kind is a
    player's act (``by_player``) or the replay recorded ``by: player`` (a hand a player
    left with the wrong number of cards).  Raises KeyError for a kind the table does not
    hold.

    >>> caused_by_player(Irregularity("player-exposed", 3, 0)), caused_by_player(
    ...     Irregularity("wrong-count", 3, 0, {"by": "player"}))
    (True, True)
    """
    return _BY_VALUE[irregularity.kind].by_player or irregularity.get("by") == "player"


def topics_for(irregularity: Irregularity, replay: Replay) -> tuple[str, ...]:
    """The topics an irregularity raises, most specific first (its entry's ``topics``);
    ``replay`` is the hand it was found in (unused by a kind whose topics are fixed).
    Raises KeyError for a kind the table does not hold.

    >>> topics_for(Irregularity("burn-count", 3, 0, {"street": "turn"}), None)
    ('burn-errors',)
    >>> topics_for(Irregularity("boxed", 3, 0), None)
    ('boxed-cards', 'misdeal-cutoff')
    """
    topics = _BY_VALUE[irregularity.kind].topics
    return topics if isinstance(topics, tuple) else topics(irregularity, replay)
