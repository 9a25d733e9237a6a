"""Read a scenario file (docs/scenario-format.md) into frozen records.

The YAML is composed with PyYAML into nodes, which keep their line numbers; every check
raises :class:`ScenarioError`, whose text is ``file:line: message (what to do)``.
Unknown fields, events and options are errors, never ignored.

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
>>> parse_scenario("id: x\\ntitle: y\\ngame: chess\\nseats: 2\\nevents: []\\n", "bad.yaml")
Traceback (most recent call last):
...
kb.hand.scenario.ScenarioError: bad.yaml:3: unknown game 'chess' (use one of: ...)
"""

from __future__ import annotations

from pathlib import Path

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from kb.files import InputError, parse_text
from kb.hand.cards import CardError, card, deck_from_spec
from kb.hand.scenario import (ACTS, DRAW_GAMES, FLOP_GAMES, GAMES, SETTINGS,
                              STUD_GAMES, STUD_STREETS, WHERE, _SLUG, Act, Action, Deal, Draw, Event,
                              Found, Scenario, ScenarioError, Street, StudStreet,
                              default_blinds)

class _Reader:
    """Node-level checks that know the file name for error messages."""

    def __init__(self, file: str) -> None:
        self.file = file
        self._constructor = yaml.SafeLoader("")

    def fail(self, node: Node, message: str, hint: str = "") -> ScenarioError:
        return ScenarioError(self.file, node.start_mark.line + 1, message, hint)

    def mapping(self, node: Node, what: str, allowed: tuple[str, ...]) -> dict[str, Node]:
        if not isinstance(node, MappingNode):
            raise self.fail(node, f"{what} must be a mapping", "write key: value pairs")
        result: dict[str, Node] = {}
        for key_node, value_node in node.value:
            key = self.value(key_node)
            if not isinstance(key, str):
                raise self.fail(key_node, f"{what}: key {key!r} is not a string",
                                "quote the key")
            if key not in allowed:
                raise self.fail(key_node, f"unknown {what} field {key!r}",
                                "use one of: " + ", ".join(allowed))
            if key in result:
                raise self.fail(key_node, f"{what} field {key!r} is given twice",
                                "keep one")
            result[key] = value_node
        return result

    def value(self, node: Node):
        try:
            return self._constructor.construct_object(node, deep=True)
        except yaml.YAMLError as error:      # e.g. a tag such as !!python/name
            problem = getattr(error, "problem", None) or str(error)
            raise self.fail(node, f"not valid here: {problem}",
                            "remove the tag; scenario files hold plain values") from None

    def string(self, node: Node, what: str, choices: tuple[str, ...] = ()) -> str:
        value = self.value(node) if isinstance(node, ScalarNode) else None
        if not isinstance(value, str):
            raise self.fail(node, f"{what} must be a string", "write plain text")
        if choices and value not in choices:
            raise self.fail(node, f"unknown {what} {value!r}", "use one of: " + ", ".join(choices))
        return value

    def integer(self, node: Node, what: str, low: int = 0, high: int | None = None) -> int:
        value = self.value(node) if isinstance(node, ScalarNode) else None
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.fail(node, f"{what} must be a whole number", "write e.g. 3")
        if value < low or (high is not None and value > high):
            upper = f" to {high}" if high is not None else " or more"
            raise self.fail(node, f"{what} is {value}", f"use {low}{upper}")
        return value

    def boolean(self, node: Node, what: str) -> bool:
        value = self.value(node) if isinstance(node, ScalarNode) else None
        if not isinstance(value, bool):
            raise self.fail(node, f"{what} must be true or false", "write true or false")
        return value

    def integers(self, node: Node, what: str, low: int = 1) -> tuple[int, ...]:
        if isinstance(node, ScalarNode):
            return (self.integer(node, what, low),)
        if not isinstance(node, SequenceNode):
            raise self.fail(node, f"{what} must be a list of numbers", "write e.g. [3, 4]")
        values = tuple(self.integer(item, what, low) for item in node.value)
        if len(set(values)) != len(values):
            raise self.fail(node, f"{what} lists a number twice", "list each once")
        return values

    def cards(self, node: Node, what: str) -> tuple[str, ...]:
        if isinstance(node, ScalarNode):
            items = [(node, text) for text in str(self.value(node)).split()]
        elif isinstance(node, SequenceNode):
            items = [(item, str(self.value(item))) for item in node.value]
        else:
            raise self.fail(node, f"{what} must be cards", "write e.g. As Kd or [As, Kd]")
        try:
            return tuple(card(text) for _, text in items)
        except CardError as error:
            raise self.fail(node, f"{what}: {error}", "write rank then suit, e.g. Td") from None


def load_scenario(path: str | Path) -> Scenario:
    """Read and check the scenario file at ``path``; raises :class:`ScenarioError`."""
    path = Path(path)
    try:
        if path.is_file() and path.stat().st_size > MAX_BYTES:
            raise ScenarioError(str(path), 1, f"the file is larger than {MAX_BYTES} bytes",
                                "a scenario is one hand: keep it short")
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise ScenarioError(str(path), 0, f"cannot read the file: {error.strerror}",
                            "check the path") from None
    except UnicodeDecodeError:
        raise ScenarioError(str(path), 1, "the file is not UTF-8 text",
                            "save it as UTF-8 YAML") from None
    return parse_scenario(text, str(path))


def parse_scenario(text: str, file: str = "<string>") -> Scenario:
    """Check the YAML ``text`` of a scenario; ``file`` names it in error messages."""
    try:
        parse_text(text, file, number_keys=True)
    except InputError as error:
        raise ScenarioError(error.file, error.line, error.message, error.hint) from None
    root = yaml.compose(text, Loader=yaml.SafeLoader)
    reader = _Reader(file)
    if root is None:
        raise ScenarioError(file, 1, "the file is empty", "write a scenario")
    return _scenario(reader, root)


#: Scenario files bigger than this are refused before parsing.
MAX_BYTES = 1_000_000

_TOP = ("id", "title", "game", "setting", "seats", "button", "blinds", "antes", "deck",
        "events", "expect", "note")


def _scenario(reader: _Reader, root: Node) -> Scenario:
    fields = reader.mapping(root, "scenario", _TOP)
    for required in ("id", "title", "game", "seats", "events"):
        if required not in fields:
            raise reader.fail(root, f"the scenario has no {required!r}", f"add {required}:")
    ident = reader.string(fields["id"], "id")
    if not _SLUG.match(ident):
        raise reader.fail(fields["id"], f"id {ident!r} is not a slug",
                          "use lower-case words joined by hyphens")
    game = reader.string(fields["game"], "game", GAMES)
    seats = _seats(reader, fields["seats"])
    button = _button(reader, fields, game, seats)
    deck = _deck(reader, fields.get("deck"))
    listed = len(reader.cards(fields["deck"], "deck")) if "deck" in fields else 0
    scenario = Scenario(
        id=ident, title=reader.string(fields["title"], "title"), game=game,
        setting=reader.string(fields["setting"], "setting", SETTINGS)
        if "setting" in fields else "cash",
        seats=seats, button=button, blinds=_blinds(reader, fields, game, seats, button),
        deck=deck, events=_events(reader, fields["events"], game, seats),
        expect=_expect(reader, fields.get("expect")),
        antes=reader.boolean(fields["antes"], "antes") if "antes" in fields else False,
        path=reader.file, line=root.start_mark.line + 1, listed=listed)
    return scenario


def _seats(reader: _Reader, node: Node) -> tuple[int, ...]:
    if isinstance(node, ScalarNode):
        count = reader.integer(node, "seats", 2, 10)
        return tuple(range(1, count + 1))
    seats = tuple(sorted(reader.integers(node, "seats")))
    if len(seats) < 2:
        raise reader.fail(node, "a hand needs at least two seats", "list two seats or more")
    if seats[-1] > 10:
        raise reader.fail(node, f"seat {seats[-1]} does not exist", "use seats 1 to 10")
    return seats


def _button(reader: _Reader, fields: dict, game: str, seats: tuple[int, ...]) -> int | None:
    if "button" not in fields:
        if game in STUD_GAMES:
            return None
        raise reader.fail(fields["seats"], f"a {game} scenario needs a button",
                          "add button: SEAT")
    button = reader.integer(fields["button"], "button", 1, 10)
    if button not in seats:
        raise reader.fail(fields["button"], f"button seat {button} is not dealt in",
                          "put the button on one of the seats")
    return button


def _blinds(reader: _Reader, fields: dict, game: str, seats, button) -> tuple[int, ...]:
    if "blinds" in fields:
        node = fields["blinds"]
        blinds = reader.integers(node, "blinds")
        if any(seat not in seats for seat in blinds):
            raise reader.fail(node, "a blind is on a seat that is not dealt in",
                              "list seats from seats:")
        return blinds
    if button is None:
        return ()
    return default_blinds(seats, button)


def _deck(reader: _Reader, node: Node | None) -> tuple[str, ...]:
    if node is None:
        return deck_from_spec("")
    listed = reader.cards(node, "deck")
    try:
        return deck_from_spec(listed)
    except CardError as error:
        raise reader.fail(node, f"deck: {error}", "list each card once") from None


def _expect(reader: _Reader, node: Node | None) -> dict:
    if node is None:
        return {}
    if not isinstance(node, MappingNode):
        raise reader.fail(node, "expect must map rulebook ids to rulings",
                          "write rrop@v11: {remedy: continue}")
    from kb.rules.ruling import parse_expectation
    result = {}
    for key_node, value_node in node.value:
        book = reader.value(key_node)
        if not isinstance(book, str) or not book:
            raise reader.fail(key_node, f"expect: rulebook id {book!r} is not a string",
                              "quote it, e.g. \"tda@2024\"")
        result[book] = parse_expectation(reader, value_node)
    return result


# --------------------------------------------------------------------------- events


def _events(reader: _Reader, node: Node, game: str, seats) -> tuple[Event, ...]:
    if not isinstance(node, SequenceNode):
        raise reader.fail(node, "events must be a list", "write - deal: {} and so on")
    events = []
    for item in node.value:
        if not isinstance(item, MappingNode) or len(item.value) != 1:
            raise reader.fail(item, "each event is one name with its options",
                              "write e.g. - flop: {cards: 4}")
        key_node, body = item.value[0]
        name = reader.value(key_node)
        parser = _EVENT_PARSERS.get(name) if isinstance(name, str) else None
        if parser is None:
            raise reader.fail(key_node, f"unknown event {name!r}",
                              "use one of: " + ", ".join(_EVENT_PARSERS))
        event = parser(reader, body, name, key_node.start_mark.line + 1)
        _check_game(reader, key_node, name, game)
        _check_seats(reader, body, event, seats)
        events.append(event)
    return tuple(events)


def _check_game(reader: _Reader, node: Node, name: str, game: str) -> None:
    allowed = {"deal": FLOP_GAMES + DRAW_GAMES, "flop": FLOP_GAMES, "turn": FLOP_GAMES,
               "river": FLOP_GAMES, "draw": DRAW_GAMES}
    allowed.update({street: STUD_GAMES for street in STUD_STREETS})
    if name in allowed and game not in allowed[name]:
        raise reader.fail(node, f"a {name} event does not happen in {game}",
                          "use the events of the game (see docs/scenario-format.md)")


def _check_seats(reader: _Reader, node: Node, event: Event, seats) -> None:
    named = []
    if isinstance(event, Deal):
        named = [*event.player_exposed, *event.short, *event.dealt_out]
        named += [s for s in (event.first_to,) if s is not None]
        if any(seat in seats for seat in event.dealt_to):
            raise reader.fail(node, "deal.dealt-to names a seat that is dealt in",
                              "list only seats not in seats:")
    elif isinstance(event, (Draw, Found)) and event.seat is not None:
        named = [event.seat]
    elif isinstance(event, StudStreet):
        named = [*event.exposed, *event.both_exposed]
    elif isinstance(event, Act):
        named = [a.seat for a in event.actions if a.seat is not None]
    for seat in named:
        if seat not in seats:
            raise reader.fail(node, f"seat {seat} is not dealt in", "use a seat from seats:")


def _deal(reader: _Reader, node: Node, name: str, line: int) -> Deal:
    options = ("exposed", "off-table", "boxed", "player-exposed", "extra", "short",
               "dealt-to", "dealt-out", "first-to", "button-should-be")
    fields = {} if _empty(reader, node) else reader.mapping(node, "deal", options)
    numbers = {key: reader.integers(fields[key], f"deal.{key}") for key in
               ("exposed", "off-table", "boxed", "player-exposed", "short", "dealt-to",
                "dealt-out") if key in fields}
    single = {key: reader.integer(fields[key], f"deal.{key}", 1, 10)
              for key in ("first-to", "button-should-be") if key in fields}
    return Deal(line=line, exposed=numbers.get("exposed", ()),
                off_table=numbers.get("off-table", ()), boxed=numbers.get("boxed", ()),
                player_exposed=numbers.get("player-exposed", ()),
                extra=reader.integer(fields["extra"], "deal.extra", 1, 10)
                if "extra" in fields else 0,
                short=numbers.get("short", ()), dealt_to=numbers.get("dealt-to", ()),
                dealt_out=numbers.get("dealt-out", ()), first_to=single.get("first-to"),
                button_should_be=single.get("button-should-be"))


def _empty(reader: _Reader, node: Node) -> bool:
    return isinstance(node, ScalarNode) and reader.value(node) is None


def _act(reader: _Reader, node: Node, name: str, line: int) -> Act:
    if not isinstance(node, SequenceNode):
        raise reader.fail(node, "act must be a list of actions", "write act: [fold, call]")
    actions = []
    for item in node.value:
        if isinstance(item, MappingNode):
            fields = reader.mapping(item, "action", ("seat", "act"))
            if set(fields) != {"seat", "act"}:
                raise reader.fail(item, "an action names both seat and act",
                                  "write {seat: 4, act: call}")
            actions.append(Action(reader.string(fields["act"], "action", ACTS),
                                  reader.integer(fields["seat"], "seat", 1, 10)))
        else:
            actions.append(Action(reader.string(item, "action", ACTS)))
    return Act(line=line, actions=tuple(actions))


def _street(reader: _Reader, node: Node, name: str, line: int) -> Street:
    fields = {} if _empty(reader, node) else reader.mapping(
        node, name, ("burns", "cards", "premature", "boxed"))
    default_cards = 3 if name == "flop" else 1
    return Street(
        line=line, name=name,
        burns=reader.integer(fields["burns"], f"{name}.burns", 0, 2) if "burns" in fields else 1,
        cards=reader.integer(fields["cards"], f"{name}.cards", 1, 5)
        if "cards" in fields else default_cards,
        premature=reader.boolean(fields["premature"], f"{name}.premature")
        if "premature" in fields else False,
        boxed=reader.integers(fields["boxed"], f"{name}.boxed") if "boxed" in fields else ())


_FOUND_KINDS = ("duplicate", "foreign", "odd-back", "missing", "wrong-count")


def _found(reader: _Reader, node: Node, name: str, line: int) -> Found:
    fields = reader.mapping(node, "found", _FOUND_KINDS + ("where", "seat"))
    kinds = [key for key in fields if key not in ("where", "seat")]
    if len(kinds) != 1:
        raise reader.fail(node, "found names exactly one discovery",
                          "use one of: " + ", ".join(_FOUND_KINDS))
    kind = kinds[0]
    where = reader.string(fields["where"], "found.where", WHERE) if "where" in fields else None
    if kind == "wrong-count":
        body = reader.mapping(fields[kind], "found.wrong-count", ("seat", "cards"))
        if set(body) != {"seat", "cards"}:
            raise reader.fail(fields[kind], "wrong-count names seat and cards",
                              "write {seat: 5, cards: 1}")
        return Found(line=line, kind=kind, seat=reader.integer(body["seat"], "seat", 1, 10),
                     count=reader.integer(body["cards"], "cards", 0, 10), where=where)
    cards = reader.cards(fields[kind], f"found.{kind}")
    if kind != "missing" and len(cards) != 1:
        raise reader.fail(fields[kind], f"found.{kind} names one card", "write e.g. Qs")
    seat = reader.integer(fields["seat"], "found.seat", 1, 10) if "seat" in fields else None
    if seat is not None and where not in (None, "hand"):
        raise reader.fail(fields["seat"], "found.seat goes with where: hand",
                          "drop seat or write where: hand")
    return Found(line=line, kind=kind, cards=cards, seat=seat,
                 where="hand" if seat is not None else where)


def _draw(reader: _Reader, node: Node, name: str, line: int) -> Draw:
    fields = reader.mapping(node, "draw", ("seat", "discards", "exposed"))
    if "seat" not in fields or "discards" not in fields:
        raise reader.fail(node, "draw names seat and discards", "write {seat: 3, discards: 2}")
    return Draw(line=line, seat=reader.integer(fields["seat"], "draw.seat", 1, 10),
                discards=reader.integer(fields["discards"], "draw.discards", 0, 5),
                exposed=reader.integers(fields["exposed"], "draw.exposed")
                if "exposed" in fields else ())


def _stud_street(reader: _Reader, node: Node, name: str, line: int) -> StudStreet:
    fields = {} if _empty(reader, node) else reader.mapping(
        node, name, ("exposed", "both-exposed", "premature"))
    exposed = reader.integers(fields["exposed"], f"{name}.exposed") if "exposed" in fields else ()
    both = reader.integers(fields["both-exposed"], f"{name}.both-exposed") \
        if "both-exposed" in fields else ()
    premature = reader.boolean(fields["premature"], f"{name}.premature") \
        if "premature" in fields else False
    return StudStreet(line=line, name=name, exposed=exposed, both_exposed=both,
                      premature=premature)


_EVENT_PARSERS = {"deal": _deal, "act": _act, "flop": _street, "turn": _street,
                  "river": _street, "found": _found, "draw": _draw}
_EVENT_PARSERS.update({street: _stud_street for street in STUD_STREETS})
