"""The events of a scenario file: their checks beyond the schema, and their records.

:mod:`kb.hand.scenario_file` reads a file and validates it against
``kb/schemas/scenario.schema.json``; this module then checks what a schema cannot say
about the ``events`` list (the game has such an event, every seat named is dealt in, a
``found`` names one discovery, cards are cards) and, for a file with no problem at all,
builds the event records.  Checks run on data the schema may have refused, so each looks
only at values of the right shape and leaves the rest to the schema's messages.

>>> from kb.files import parse_text
>>> items = parse_text("- deal: {short: [8]}\\n- flop: {cards: 4}\\n", "x.yaml")
>>> [str(p) for p in event_problems(items, "holdem", (1, 2, 3), "x.yaml")]
['x.yaml:1: seat 8 is not dealt in (use a seat from seats:)']
>>> build_events(items)[1]
Street(line=2, name='flop', burns=1, cards=4, premature=False, boxed=())
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kb.files import Mapping, Problem, Sequence, line_of
from kb.hand.cards import is_card
from kb.hand.scenario import (
    DRAW_GAMES,
    FLOP_GAMES,
    STUD_GAMES,
    STUD_STREETS,
    Act,
    Action,
    BoardMucked,
    BurnsSeen,
    CardDropped,
    CardSwapped,
    Deal,
    Draw,
    Event,
    Floor,
    Found,
    HandMucked,
    NextHand,
    PotAwarded,
    PotPushed,
    SetAsideMucked,
    Street,
    StubAccident,
    StudStreet,
)
from kb.hand.scenario_order import end_of_hand_problems

#: What to do about text that is not a card.
CARD_HINT = "write rank AKQJT98765432 then suit shdc, e.g. Td, or Jk for a joker"
FOUND_KINDS = ("duplicate", "foreign", "odd-back", "missing", "wrong-count")
#: The games each event happens in.
EVENT_GAMES = {"deal": FLOP_GAMES + DRAW_GAMES, "act": None, "flop": FLOP_GAMES,
               "turn": FLOP_GAMES, "river": FLOP_GAMES, "found": None, "draw": DRAW_GAMES,
               "floor": None, "pot": None, "next-hand": None, "stub": None, "burns": None,
               "set-aside": None, "board": FLOP_GAMES, "muck": None, "dropped": None, "swap": FLOP_GAMES,
               **{street: STUD_GAMES for street in STUD_STREETS}}
_DEAL_SEATS = ("player-exposed", "short", "dealt-out", "first-to")


def whole(value) -> bool:
    """Whether ``value`` is a whole number as a scenario writes one (not ``true``, not
    ``3.0``).

    >>> whole(3), whole(True), whole(3.0)
    (True, False, False)
    """
    return type(value) is int


def seat_number(value) -> bool:
    """Whether ``value`` is a seat number (1 to 10); other values are the schema's to
    report, so a seat check ignores them.

    >>> seat_number(10), seat_number(11), seat_number("3")
    (True, False, False)
    """
    return whole(value) and 1 <= value <= 10


def numbers(value) -> tuple[int, ...]:
    """A list option's whole numbers (one number stands for a list of one); what is not a
    whole number is left out (the schema reports it)."""
    items = value if isinstance(value, list) else [value]
    return tuple(item for item in items if whole(item))


def card_texts(value) -> list[tuple[int | None, str]]:
    """The card texts of a cards value (``As Kd`` or ``[As, Kd]``), each with its index
    in the list (None for the space-separated form)."""
    if isinstance(value, str):
        return [(None, text) for text in value.split()]
    if isinstance(value, list):
        return [(index, item) for index, item in enumerate(value) if isinstance(item, str)]
    return []


def cards(value) -> tuple[str, ...]:
    """The cards of a cards value, in order."""
    return tuple(text for _, text in card_texts(value))


def card_problems(node, key, what: str, file: str) -> list[Problem]:
    """Every text of ``node[key]`` that is not a card, at its line."""
    value = node[key]
    return [Problem(file, line_of(value, index) if index is not None else line_of(node, key),
                    f"{what}: {text!r} is not a card", CARD_HINT)
            for index, text in card_texts(value) if not is_card(text)]


# --------------------------------------------------------------------------- checks


def event_problems(items, game: str | None, seats: tuple[int, ...] | None,
                   file: str) -> list[Problem]:
    """What the schema cannot check in the ``events`` list ``items``: each event fits
    ``game``, names only seats of ``seats`` and holds valid cards (``game`` or ``seats``
    None: not known, so not checked)."""
    problems: list[Problem] = []
    if not isinstance(items, Sequence):
        return problems
    for item in items:
        if not isinstance(item, Mapping) or len(item) != 1:
            continue
        (name, body), = item.items()
        if name not in EVENT_GAMES:
            continue
        allowed = EVENT_GAMES[name]
        if game is not None and allowed is not None and game not in allowed:
            problems.append(Problem(file, item.key_line(name),
                                    f"a {name} event does not happen in {game}",
                                    "use the events of the game: see docs/scenario-format.md"))
        if isinstance(body, Mapping):
            problems += _found_problems(body, file) if name == "found" else []
            problems += _accident_problems(name, body, file)
            problems += _seat_problems(name, body, seats, file) if seats else []
        elif isinstance(body, Sequence) and name == "act" and seats:
            problems += [Problem(file, action.value_line("seat"), f"seat {action['seat']} is "
                                 "not dealt in", "use a seat from seats:")
                         for action in body if isinstance(action, Mapping)
                         and seat_number(action.get("seat")) and action["seat"] not in seats]
    return problems + end_of_hand_problems(items, file)


def _seat_problems(name: str, body: Mapping, seats: tuple[int, ...],
                   file: str) -> list[Problem]:
    """Seats an event names that are not dealt in (and, for deal.dealt-to, that are)."""
    keys = {"deal": _DEAL_SEATS, "draw": ("seat",), "found": ("seat",),
            "pot": ("pushed-to", "mucked", "retrievable"), "muck": ("seat",),
            "dropped": ("seat",), "swap": ("seat",)}.get(
        name, ("exposed", "both-exposed", "skipped") if name in STUD_STREETS else ())
    named = [(key, index, seat) for key in keys if key in body
             for index, seat in indexed_seats(body[key])]
    wrong_count = body.get("wrong-count") if name == "found" else None
    if isinstance(wrong_count, Mapping) and seat_number(wrong_count.get("seat")):
        named.append(("wrong-count", None, wrong_count["seat"]))
    problems = [Problem(file, _line(body, key, index), f"seat {seat} is not dealt in",
                        "use a seat from seats:")
                for key, index, seat in named if seat not in seats]
    if name == "deal" and "dealt-to" in body:
        problems += [Problem(file, _line(body, "dealt-to", index), f"deal.dealt-to: seat "
                             f"{seat} is dealt in", "list only seats not in seats:")
                     for index, seat in indexed_seats(body["dealt-to"]) if seat in seats]
    return problems


def indexed_seats(value) -> list[tuple[int | None, int]]:
    """The seat numbers of a seat-or-list value, with their index in the list."""
    if isinstance(value, list):
        return [(index, item) for index, item in enumerate(value) if seat_number(item)]
    return [(None, value)] if seat_number(value) else []


def _line(body: Mapping, key: str, index: int | None) -> int:
    value = body[key]
    if key == "wrong-count" and isinstance(value, Mapping):
        return value.value_line("seat")
    return line_of(value, index) if index is not None else body.value_line(key)


def _found_problems(body: Mapping, file: str) -> list[Problem]:
    kinds = [key for key in body if key in FOUND_KINDS]
    if len(kinds) != 1:
        return [Problem(file, body.line, "found names exactly one discovery",
                        "use one of: " + ", ".join(FOUND_KINDS))]
    kind = kinds[0]
    if "by" in body and kind != "wrong-count":
        return [Problem(file, body.value_line("by"), "found.by goes with wrong-count",
                        "drop by, or use it on a wrong-count")]
    if kind == "wrong-count":
        return []
    problems = card_problems(body, kind, f"found.{kind}", file)
    if kind != "missing" and len(card_texts(body[kind])) != 1:
        problems.append(Problem(file, body.value_line(kind), f"found.{kind} names one card",
                                "write e.g. Qs"))
    if "seat" in body and body.get("where", "hand") != "hand":
        problems.append(Problem(file, body.value_line("seat"),
                                "found.seat goes with where: hand",
                                "drop seat or write where: hand"))
    return problems


def _accident_problems(name: str, body: Mapping, file: str) -> list[Problem]:
    """Stub and burn accidents: the cards they name are cards."""
    keys = {"stub": ("seen", "flashed"), "burns": ("exposed", "seen"),
            "board": ("mucked", "retrieved"),
            "dropped": ("cards",), "swap": ("hand", "board")}.get(name, ())
    problems = [problem for key in keys if key in body
                for problem in card_problems(body, key, f"{name}.{key}", file)]
    if name == "board" and body and not set(keys) & set(body):
        problems.append(Problem(file, line_of(body, next(iter(body))), "board: names no card",
                                "add mucked: [CARD, ...] or retrieved: [CARD, ...]"))
    if name == "stub" and "seen-by" in body and "seen" not in body:
        problems.append(Problem(file, body.value_line("seen-by"), "stub.seen-by goes with "
                                "seen", "name the cards seen in seen, or drop seen-by"))
    return problems


# --------------------------------------------------------------------------- records


def build_events(items: Sequence) -> tuple[Event, ...]:
    """The records of a checked ``events`` list (no problems found)."""
    return tuple(_BUILDERS[name](name, body or Mapping(), item.key_line(name))
                 for item in items for name, body in item.items())


def _deal(name: str, body: Mapping, line: int) -> Deal:
    lists = {key.replace("-", "_"): numbers(body[key]) for key in
             ("exposed", "off-table", "boxed", "player-exposed", "short", "dealt-to",
              "dealt-out", "seen") if key in body}
    return Deal(line=line, **lists, extra=body.get("extra", 0),
                first_to=body.get("first-to"), button_should_be=body.get("button-should-be"))


def _act(name: str, body: list, line: int) -> Act:
    return Act(line=line, actions=tuple(
        Action(item["act"], item["seat"]) if isinstance(item, Mapping) else Action(item)
        for item in body))


def _street(name: str, body: Mapping, line: int) -> Street:
    return Street(line=line, name=name, burns=body.get("burns", 1),
                  cards=body.get("cards", 3 if name == "flop" else 1),
                  premature=body.get("premature", False),
                  boxed=numbers(body["boxed"]) if "boxed" in body else ())


def _found(name: str, body: Mapping, line: int) -> Found:
    kind = next(key for key in body if key in FOUND_KINDS)
    where = body.get("where")
    if kind == "wrong-count":
        count = body[kind]
        return Found(line=line, kind=kind, seat=count["seat"], count=count["cards"],
                     where=where, by=body.get("by", "dealer"))
    seat = body.get("seat")
    return Found(line=line, kind=kind, cards=cards(body[kind]), seat=seat,
                 where="hand" if seat is not None else where)


def _draw(name: str, body: Mapping, line: int) -> Draw:
    return Draw(line=line, seat=body["seat"], discards=body["discards"],
                exposed=numbers(body["exposed"]) if "exposed" in body else ())


def _stud_street(name: str, body: Mapping, line: int) -> StudStreet:
    return StudStreet(line=line, name=name,
                      exposed=numbers(body["exposed"]) if "exposed" in body else (),
                      both_exposed=numbers(body["both-exposed"])
                      if "both-exposed" in body else (),
                      premature=body.get("premature", False),
                      skipped=numbers(body["skipped"]) if "skipped" in body else ())


def _floor(name: str, body: Mapping, line: int) -> Floor:
    return Floor(line=line, replacement_exposed=numbers(body["replacement-exposed"])
                 if "replacement-exposed" in body else ())


def _stub(name: str, body: Mapping, line: int) -> StubAccident:
    return StubAccident(line=line, dropped=body.get("dropped", False),
                        disordered=body.get("disordered", False),
                        mixed_with=tuple(body.get("mixed-with", ())),
                        seen=cards(body.get("seen", ())), flashed=cards(body.get("flashed", ())),
                        by=body.get("by", "dealer"), seen_by=body.get("seen-by", "players"))


def _burns(name: str, body: Mapping, line: int) -> BurnsSeen:
    return BurnsSeen(line=line, exposed=cards(body.get("exposed", ())),
                     seen=cards(body.get("seen", ())), by=body.get("by", "dealer"))


def _set_aside(name: str, body: Mapping, line: int) -> SetAsideMucked:
    return SetAsideMucked(line=line, by=body.get("by", "dealer"))


def _board(name: str, body: Mapping, line: int) -> BoardMucked:
    return BoardMucked(line=line, mucked=cards(body.get("mucked", ())),
                       retrieved=cards(body.get("retrieved", ())), by=body.get("by", "dealer"))


def _muck(name: str, body: Mapping, line: int) -> HandMucked:
    return HandMucked(line=line, seat=body["seat"], tabled=body.get("tabled", False),
                      winner=body.get("winner", False), retrieved=body.get("retrieved", False))


def _dropped(name: str, body: Mapping, line: int) -> CardDropped:
    return CardDropped(line=line, seat=body["seat"], cards=cards(body.get("cards", ())),
                       face_up=body.get("face-up", False))


def _swap(name: str, body: Mapping, line: int) -> CardSwapped:
    return CardSwapped(line=line, seat=body["seat"], hand=body["hand"], board=body["board"],
                       by=body.get("by", "dealer"))


#: An event's name -> its record's builder, called with the name, the event's body (a
#: mapping, or the list of an ``act``) and its line.
_BUILDERS: dict[str, Callable[[str, Any, int], Event]] = {
             "floor": _floor, "stub": _stub, "burns": _burns, "set-aside": _set_aside,
             "board": _board, "muck": _muck, "dropped": _dropped, "swap": _swap,
             "deal": _deal, "act": _act, "flop": _street, "turn": _street, "river": _street,
             "found": _found, "draw": _draw, **{street: _stud_street for street in STUD_STREETS}}


def _pot(name: str, body, line: int) -> PotAwarded | PotPushed:
    if body == "awarded":
        return PotAwarded(line=line)
    return PotPushed(line=line, pushed_to=body["pushed-to"], mucked=numbers(body["mucked"]),
                     retrievable=numbers(body.get("retrievable", [])))


def _next_hand(name: str, body, line: int) -> NextHand:
    return NextHand(line=line)


_BUILDERS.update({"pot": _pot, "next-hand": _next_hand})
