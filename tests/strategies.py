"""Random scenario files across all eleven games, every event and every option.

One generator, :func:`random_hand`, draws through a small choice interface so that the same
hands come either from hypothesis (:func:`hands`, which shrinks a failure to a small file)
or from a seeded :class:`random.Random` (:class:`RandomChoices`, about a hundred times
cheaper, for the 20,000 hands the default test run covers and for tools/fuzz_hands.py).

A hand is the data of a scenario file (a dict, as the YAML reader would give it).
:func:`hand_text` writes it as a file; :func:`hand_scenario` builds the reader's records
straight from it, without YAML or the schema (the reader's cost is most of a hand's);
tests/test_invariants.py checks on random hands that both give the same
:class:`~kb.hand.scenario.Scenario`.  tests/strategies_check.py checks the invariants.

The hands are valid files: the schema and the reader's checks accept every one.  Some
cannot be replayed (an exposed position past the end of the deal, a stub that runs out):
those must give a clear :class:`~kb.hand.scenario.ScenarioError`.

>>> hand = random_hand(RandomChoices(random.Random("0:4")))
>>> hand["game"], hand_scenario(hand).seats
('badugi', (1, 2, 3, 7, 8, 9, 10))
"""

from __future__ import annotations

import random

from hypothesis import strategies as st
from strategies_accidents import accident_event, accidents
from strategies_astray import astray, astray_event, seen_by
from strategies_end import end_event, end_of_hand
from strategies_games import bomb_pot, skipped_seat
from strategies_mucks import muck_event, mucks
from strategies_rough import ROUGH, roughen

from kb.hand.cards import deck_from_spec, standard_deck
from kb.hand.scenario import (
    DRAW_GAMES,
    FLOP_GAMES,
    GAMES,
    STUD_GAMES,
    STUD_STREETS,
    Act,
    Action,
    Deal,
    Draw,
    Floor,
    Found,
    Scenario,
    Street,
    StudStreet,
    default_blinds,
)
from kb.hand.table import hole_cards

ACTS = ("fold", "check", "call", "bet", "raise", "all-in")
#: The acts drawn, weighted so that most hands keep a few players (a hand where everyone
#: has folded refuses any further action, a valid but short file).
DRAWN_ACTS = ("check", "check", "call", "call", "bet", "raise", "fold", "all-in")
WHERE = ("hand", "board", "stub", "muck", "burns")
DECK = standard_deck()


# --------------------------------------------------------------------------- choices


class RandomChoices:
    """Choices from a seeded :class:`random.Random`."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def integer(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)

    def choice(self, items):
        return items[self.rng.randrange(len(items))]

    def chance(self, probability: float) -> bool:
        return self.rng.random() < probability

    def some(self, items, most: int) -> list:
        """Up to ``most`` distinct items, in a random order."""
        count = self.rng.randint(0, min(most, len(items)))
        return self.rng.sample(list(items), count)

    def shuffled(self, items) -> list:
        items = list(items)
        self.rng.shuffle(items)
        return items


class DrawnChoices:
    """The same choices drawn by hypothesis (so failures shrink)."""

    def __init__(self, draw) -> None:
        self.draw = draw

    def integer(self, low: int, high: int) -> int:
        return self.draw(st.integers(low, high))

    def choice(self, items):
        return self.draw(st.sampled_from(list(items)))

    def chance(self, probability: float) -> bool:
        # hypothesis shrinks towards False: the simpler hand leaves the option out
        return self.draw(st.integers(0, 99)) < probability * 100

    def some(self, items, most: int) -> list:
        return self.draw(st.lists(st.sampled_from(list(items)), max_size=most, unique=True)) \
            if items else []

    def shuffled(self, items) -> list:
        return self.draw(st.permutations(list(items)))


# --------------------------------------------------------------------------- the hand


def random_hand(pick, rough: float = ROUGH) -> dict:
    """The data of a random valid scenario file, drawn through ``pick`` (a
    :class:`RandomChoices` or :class:`DrawnChoices`); with chance ``rough``, irregularities
    piled on it (:func:`strategies_rough.roughen`)."""
    game = pick.choice(GAMES)
    most = 8 if game in STUD_GAMES else 10
    count = pick.integer(2, most)
    seats = sorted(pick.shuffled(range(1, 11))[:count])
    hand: dict = {"id": "random-hand", "title": "Random hand", "game": game}
    if pick.chance(0.3):
        hand["setting"] = pick.choice(("cash", "tournament"))
    hand["seats"] = count if seats == list(range(1, count + 1)) and pick.chance(0.5) \
        else seats
    if game not in STUD_GAMES:
        hand["button"] = pick.choice(seats)
        if pick.chance(0.1):
            hand["blinds"] = pick.some(seats, 2) or [seats[0]]
    if pick.chance(0.05):
        hand["antes"] = True
    hand["deck"] = _deck(pick)
    hand["events"] = _events(pick, game, seats, hand.get("button"), hand["deck"])
    roughen(pick, hand, rough)
    bomb_pot(pick, hand)
    skipped_seat(pick, hand)
    # drawn last, so the hands drawn before issue 21's events stay the same hands
    astray(pick, hand["events"], seats, list(deck_from_spec(hand["deck"])), game,
           hand.get("button"))
    return hand


def _deck(pick) -> list[str]:
    """A shuffled deck or a listed prefix of one; sometimes a joker, or a card listed twice
    (a fouled deck the scenario deals)."""
    deck = pick.shuffled(DECK)
    if pick.chance(0.3):
        deck = deck[:pick.integer(0, 20)]
    if pick.chance(0.08):
        deck.insert(pick.integer(0, len(deck)), "Jk")
    if deck and pick.chance(0.08):
        deck.insert(pick.integer(0, len(deck)), pick.choice(deck))
    return deck


def _events(pick, game: str, seats: list[int], button, deck) -> list[dict]:
    if game in FLOP_GAMES:
        body = _flop_game(pick, game, seats)
    elif game in DRAW_GAMES:
        body = _draw_game(pick, game, seats)
    else:
        body = _stud_game(pick, seats)
    cards = list(deck_from_spec(deck))
    for _ in range(pick.integer(0, 2) if pick.chance(0.5) else 0):
        body.insert(pick.integer(1, len(body)), {"found": _found(pick, seats, cards)})
    for _ in range(pick.integer(1, 2) if pick.chance(0.3) else 0):
        body.insert(pick.integer(0, len(body)), {"floor": _floor(pick)})
    accidents(pick, body, cards)
    mucks(pick, body, cards, game, seats)
    end_of_hand(pick, body, lambda: _found(pick, seats, cards))
    return body


def _floor(pick) -> dict:
    """A floor call; sometimes a replacement card the ruling dealt was exposed too."""
    if pick.chance(0.2):
        return {"replacement-exposed": sorted(pick.some(range(1, 4), 2)) or [1]}
    return {}


def _actions(pick, seats: list[int], most: int = 4) -> dict:
    actions: list = []
    for _ in range(pick.integer(0, most)):
        act = pick.choice(DRAWN_ACTS)
        actions.append({"seat": pick.choice(seats), "act": act} if pick.chance(0.1) else act)
    return {"act": actions}


def _deal(pick, game: str, seats: list[int]) -> dict:
    dealt = len(seats) * hole_cards(game)
    positions = range(1, dealt + 3)
    options: dict = {}
    for key in ("exposed", "off-table", "boxed"):
        if pick.chance(0.15):
            options[key] = sorted(pick.some(positions, 2)) or [1]
    if pick.chance(0.1):
        options["player-exposed"] = pick.some(seats, 2) or [seats[0]]
    if pick.chance(0.1):
        options["extra"] = pick.integer(1, 3)
    if pick.chance(0.1):
        options["short"] = pick.some(seats, 2) or [seats[-1]]
    empty = [s for s in range(1, 11) if s not in seats]
    if empty and pick.chance(0.06):
        options["dealt-to"] = pick.some(empty, 2) or [empty[0]]
    if len(seats) > 2 and pick.chance(0.06):
        options["dealt-out"] = [pick.choice(seats)]
    if pick.chance(0.06):
        options["first-to"] = pick.choice(seats)
    if pick.chance(0.06):
        options["button-should-be"] = pick.choice(seats)
    return {"deal": options}


def _board(pick, name: str) -> dict:
    options: dict = {}
    if pick.chance(0.2):
        options["burns"] = pick.integer(0, 2)
    if pick.chance(0.15):
        options["cards"] = pick.integer(1, 5)
    if pick.chance(0.1):
        options["premature"] = True
    if pick.chance(0.08):
        options["boxed"] = sorted(pick.some(range(1, 5), 2)) or [1]
    return {name: options}


def _flop_game(pick, game: str, seats: list[int]) -> list[dict]:
    events = [_deal(pick, game, seats), _actions(pick, seats)]
    for name in ("flop", "turn", "river")[:pick.integer(0, 3)]:
        events += [_board(pick, name), _actions(pick, seats)]
    return events


def _draw_game(pick, game: str, seats: list[int]) -> list[dict]:
    events = [_deal(pick, game, seats), _actions(pick, seats)]
    for _ in range(pick.integer(0, 3)):
        for seat in pick.some(seats, len(seats)):
            discards = pick.integer(0, 5 if pick.chance(0.1) else 3)
            draw: dict = {"seat": seat, "discards": discards}
            if discards and pick.chance(0.15):
                draw["exposed"] = sorted(pick.some(range(1, discards + 1), 2)) or [discards]
            events.append({"draw": draw})
        events.append(_actions(pick, seats))
    return events


def _stud_game(pick, seats: list[int]) -> list[dict]:
    events: list[dict] = []
    for name in STUD_STREETS[:pick.integer(1, 5)]:
        options: dict = {}
        if name in ("third", "seventh") and pick.chance(0.15):
            options["exposed"] = pick.some(seats, 2) or [seats[0]]
        if name == "third" and pick.chance(0.08):
            options["both-exposed"] = [pick.choice(seats)]
        if name != "third" and pick.chance(0.1):
            options["premature"] = True
        if pick.chance(0.01):       # the schema allows it; the replay refuses it, located
            key = "premature" if name == "third" else pick.choice(
                ("both-exposed",) if name == "seventh" else ("exposed", "both-exposed"))
            options[key] = True if key == "premature" else [pick.choice(seats)]
        events += [{name: options}, _actions(pick, seats)]
    return events


def _found(pick, seats: list[int], cards: list[str]) -> dict:
    kind = pick.choice(("duplicate", "foreign", "odd-back", "missing", "wrong-count"))
    if kind == "wrong-count":
        return {"wrong-count": {"seat": pick.choice(seats), "cards": pick.integer(0, 8)}}
    if kind == "missing":
        found: dict = {"missing": pick.some(cards, 3) or [cards[-1]]}
    elif kind == "foreign":
        found = {"foreign": "Jk" if pick.chance(0.8) else pick.choice(cards)}
    else:
        found = {kind: pick.choice(cards)}
    where = pick.choice((None, *WHERE))
    if where == "hand" and pick.chance(0.7):
        found["seat"] = pick.choice(seats)
    elif where is not None:
        found["where"] = where
    return found


# --------------------------------------------------------------------------- as a file


def hand_text(hand: dict) -> str:
    """The scenario file of ``hand``: one line per field and per event, in flow style."""
    lines = [f"{key}: {_flow(value)}" for key, value in hand.items() if key != "events"]
    lines.append("events:" if hand["events"] else "events: []")
    lines += [f"  - {_flow(event)}" for event in hand["events"]]
    return "\n".join(lines) + "\n"


def _flow(value) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)


def hand_scenario(hand: dict, path: str = "random.yaml") -> Scenario:
    """The records the reader builds from :func:`hand_text`'s file, built directly."""
    seats = tuple(range(1, hand["seats"] + 1)) if isinstance(hand["seats"], int) \
        else tuple(hand["seats"])
    button = hand.get("button")
    bomb = hand.get("bomb-pot", False)
    if "blinds" in hand:
        blinds = tuple(hand["blinds"])
    else:
        blinds = default_blinds(seats, button) if button is not None and not bomb else ()
    first = len(hand) + (1 if hand["events"] else 0)
    events = tuple(_event(event, first + index) for index, event in enumerate(hand["events"]))
    return Scenario(id=hand["id"], title=hand["title"], game=hand["game"],
                    setting=hand.get("setting", "cash"), seats=seats, button=button,
                    blinds=blinds, deck=deck_from_spec(hand["deck"]), events=events,
                    antes=hand.get("antes", False) or bomb, bomb_pot=bomb, path=path,
                    listed=len(hand["deck"]))


def _event(event: dict, line: int):
    (name, body), = event.items()
    if name == "deal":
        lists = {key.replace("-", "_"): tuple(body[key]) for key in
                 ("exposed", "off-table", "boxed", "player-exposed", "short", "dealt-to",
                  "dealt-out", "seen") if key in body}
        return Deal(line=line, **lists, extra=body.get("extra", 0),
                    first_to=body.get("first-to"), button_should_be=body.get("button-should-be"))
    if name == "act":
        return Act(line=line, actions=tuple(
            Action(item["act"], item["seat"]) if isinstance(item, dict) else Action(item)
            for item in body))
    if name in ("flop", "turn", "river"):
        return Street(line=line, name=name, burns=body.get("burns", 1),
                      cards=body.get("cards", 3 if name == "flop" else 1),
                      premature=body.get("premature", False), boxed=tuple(body.get("boxed", ())))
    if name == "draw":
        return Draw(line=line, seat=body["seat"], discards=body["discards"],
                    exposed=tuple(body.get("exposed", ())))
    if name == "pot" and isinstance(body, dict):
        return muck_event(name, body, line)
    if name in ("pot", "next-hand"):
        return end_event(name, line)
    if name == "floor":
        return Floor(line=line, replacement_exposed=tuple(body.get("replacement-exposed", ())))
    if name in ("stub", "burns", "set-aside"):
        return seen_by(accident_event(name, body, line), body)
    if name in ("board", "muck"):
        return muck_event(name, body, line)
    if name in ("dropped", "swap"):
        return astray_event(name, body, line)
    if name in STUD_STREETS:
        return StudStreet(line=line, name=name, exposed=tuple(body.get("exposed", ())),
                          both_exposed=tuple(body.get("both-exposed", ())),
                          premature=body.get("premature", False),
                          skipped=tuple(body.get("skipped", ())))
    return _found_event(body, line)


def _found_event(body: dict, line: int) -> Found:
    kind = next(key for key in body if key not in ("where", "seat"))
    if kind == "wrong-count":
        count = body[kind]
        return Found(line=line, kind=kind, seat=count["seat"], count=count["cards"],
                     where=body.get("where"), by=body.get("by", "dealer"))
    value = body[kind]
    seat = body.get("seat")
    return Found(line=line, kind=kind, cards=tuple(value) if isinstance(value, list)
                 else (value,), seat=seat, where="hand" if seat is not None
                 else body.get("where"))


@st.composite
def hands(draw, rough: float = ROUGH) -> dict:
    """Hypothesis strategy: the data of a random valid scenario file (:func:`random_hand`);
    ``rough=1``: every one with irregularities piled on it."""
    return random_hand(DrawnChoices(draw), rough)
