"""Read a scenario file (docs/scenario-format.md) into frozen records.

The file goes through the one reader (:mod:`kb.files`): a bounded read, safe YAML with
line numbers (seat numbers may be mapping keys), then the JSON Schema
``kb/schemas/scenario.schema.json``.  The checks a schema cannot make follow in code: the
button and the blinds sit on seats dealt in, cards are cards (a deck may list one twice:
that is a fouled deck), the events fit the game and name seats dealt in
(:mod:`kb.hand.scenario_events`).  Every problem of the file is reported in one
:class:`ScenarioError`, one ``file:line: message (what to do)`` line each.  ``expect`` is
never a reason to refuse a file: it is read apart for the test collector
(:mod:`kb.hand.scenario_expect`).

>>> s = parse_scenario('''
... id: demo
... title: Demo
... game: holdem
... seats: 3
... button: 3
... deck: As Kd
... events:
...   - deal: {exposed: [2]}
... ''', "demo.yaml")
>>> s.seats, s.blinds, s.deck[:3], s.events[0].exposed
((1, 2, 3), (1, 2), ('As', 'Kd', 'Ah'), (2,))
>>> parse_scenario("id: x\\ntitle: y\\ngame: chess\\nseats: 2\\nbutton: 4\\nevents: []\\n",
...                "bad.yaml")
Traceback (most recent call last):
...
kb.hand.scenario.ScenarioError: bad.yaml:3: game is 'chess' (use one of: holdem, ...)
bad.yaml:5: button seat 4 is not dealt in (put the button on one of the seats)
"""

from __future__ import annotations

from pathlib import Path

from kb.files import (
    MAX_USER_BYTES,
    InputError,
    Mapping,
    Problem,
    line_of,
    parse_text,
    read_text,
    validate,
    whole_number_problems,
)
from kb.hand.bomb_pot import bomb_pot_problems, is_bomb_pot
from kb.hand.cards import deck_from_spec
from kb.hand.scenario import GAMES, STUD_GAMES, Scenario, ScenarioError, default_blinds
from kb.hand.scenario_events import (
    build_events,
    card_problems,
    cards,
    event_problems,
    indexed_seats,
    numbers,
    seat_number,
)
from kb.hand.scenario_expect import read_expect

#: Scenario files bigger than this are refused (a scenario is one hand: a few KB).
MAX_BYTES = MAX_USER_BYTES


def load_scenario(path: str | Path) -> Scenario:
    """Read and check the scenario file at ``path``.

    Raises :class:`ScenarioError` with every problem of the file (a missing file, a
    folder, a FIFO, a file over :data:`MAX_BYTES` or not UTF-8 included)."""
    path = Path(path)
    try:
        text = read_text(path, str(path), MAX_BYTES)
    except InputError as error:
        raise ScenarioError.of(error.problems) from None
    return parse_scenario(text, str(path))


def parse_scenario(text: str, file: str = "<string>") -> Scenario:
    """Check the YAML ``text`` of a scenario; ``file`` names it in error messages.

    Raises :class:`ScenarioError` with every problem found: schema problems and the
    checks in code together, sorted by line."""
    try:
        data = parse_text(text, file, number_keys=True)
    except InputError as error:
        raise ScenarioError.of(error.problems) from None
    if data is None:
        raise ScenarioError(file, 1, "the file is empty",
                            "write a scenario: see docs/scenario-format.md")
    return scenario_of(data, file)


def scenario_of(data, file: str) -> Scenario:
    """The scenario of ``data``, a parsed YAML value (as :func:`kb.files.parse_text` gives
    it), checked as a scenario file is: the schema, then the checks in code.  ``data`` may
    be a part of a larger file (a decision log entry's ``hand``): every problem is at its
    own line in that file, ``file``.

    Raises :class:`ScenarioError` with every problem found, sorted by line."""
    problems = validate(data, "scenario", file)
    if isinstance(data, Mapping):
        problems += whole_number_problems(data, file, problems, skip="expect")
        problems += _problems(data, file)
    if problems:
        raise ScenarioError.of(problems)
    return _scenario(data, file)


# --------------------------------------------------------------------------- checks


def _problems(data: Mapping, file: str) -> list[Problem]:
    """The checks in code, on data the schema may have refused in part."""
    game = data.get("game") if data.get("game") in GAMES else None
    seats = _seats(data.get("seats"))
    problems = _button_problems(data, game, seats, file)
    if seats and isinstance(data.get("blinds"), (int, list)):
        problems += [Problem(file, _line(data, "blinds", index), f"blind seat {seat} is not "
                             "dealt in", "list seats from seats:")
                     for index, seat in indexed_seats(data["blinds"]) if seat not in seats]
    if "deck" in data:
        problems += _deck_problems(data, file)
    problems += event_problems(data.get("events"), game, seats, file)
    return problems + bomb_pot_problems(data, game, file)


def _seats(value) -> tuple[int, ...] | None:
    """The seats dealt in, or None when ``value`` is not a valid ``seats``."""
    if seat_number(value) and value >= 2:
        return tuple(range(1, value + 1))
    if isinstance(value, list) and all(seat_number(seat) for seat in value) \
            and len(value) >= 2 and len(set(value)) == len(value):
        return tuple(sorted(value))
    return None


def _button_problems(data: Mapping, game: str | None, seats, file: str) -> list[Problem]:
    if "button" not in data:
        if game is None or game in STUD_GAMES:
            return []
        return [Problem(file, data.value_line("game"), f"a {game} scenario needs a button",
                        "add button: SEAT")]
    if game in STUD_GAMES:
        return [Problem(file, data.value_line("button"), f"a {game} game has no button",
                        "remove the button line: stud is dealt from the lowest seat")]
    button = data["button"]
    if seats and seat_number(button) and button not in seats:
        return [Problem(file, data.value_line("button"), f"button seat {button} is not "
                        "dealt in", "put the button on one of the seats")]
    return []


def _deck_problems(data: Mapping, file: str) -> list[Problem]:
    """Text in ``deck`` that is not a card.  A card listed twice is not a problem: a deck
    holding a duplicate is a fouled deck, and a scenario must be able to deal one."""
    return card_problems(data, "deck", "deck", file)


def _line(data: Mapping, key: str, index: int | None) -> int:
    return line_of(data[key], index) if index is not None else data.value_line(key)


# --------------------------------------------------------------------------- records


def _scenario(data: Mapping, file: str) -> Scenario:
    """The records of a file with no problems."""
    seats = _seats(data["seats"])
    assert seats is not None  # None only for a seats value the checks refuse
    button = data.get("button")
    if "blinds" in data:
        blinds = numbers(data["blinds"])
    else:
        blinds = default_blinds(seats, button) if button is not None and not is_bomb_pot(data) \
            else ()
    listed = cards(data.get("deck", ""))
    expect, expect_lines, expect_problems = read_expect(data, file)
    return Scenario(
        id=data["id"], title=data["title"], game=data["game"],
        setting=data.get("setting", "cash"), seats=seats, button=button, blinds=blinds,
        deck=deck_from_spec(listed), events=build_events(data["events"]),
        expect=expect,
        antes=data.get("antes", False) or is_bomb_pot(data), bomb_pot=is_bomb_pot(data),
        path=file, line=data.line, listed=len(listed),
        id_line=data.value_line("id"),
        expect_lines=expect_lines, expect_problems=tuple(expect_problems))
