"""The situation the floor is called to: the replayed table, the actions, the
irregularities found (the topics they raise are their kinds', :mod:`kb.rules.irregularities`).

The floor is called at each ``floor`` event and after the last event.  The irregularities
found since the previous call all stand and are ruled together, unit by unit
(:func:`units`): a fouled deck (duplicate, odd back, missing cards) and a non-standard card
first, then in the order they happened, each remedy applied to the table the previous one
left.  :func:`primary_irregularity` (the one irregularity a whole replay raises first) is
what the house conflict search asks.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from kb.hand.actions import Record
from kb.hand.deal import replay
from kb.hand.draws import Draws
from kb.hand.end_of_hand import later, stage_at
from kb.hand.scenario import STUD_GAMES, Found, Scenario, ScenarioError
from kb.hand.table import Irregularity, Replay, Table, proper_cards
from kb.rules.cutoffs import CUTOFF_TESTS, rrop_action_begun, tda_substantial_action
from kb.rules.irregularities import FIRST, entry, topics_for


@dataclass
class Case:
    """What a decider sees: the scenario, the replay, the irregularity ruled on, the
    rulebook's parameters and cutoff, and the ruling's random source for reshuffles and
    picks (:attr:`rng`, from ``draws``).

    >>> from kb.rules.examples import case
    >>> found = case("boxed-card-on-flop")
    >>> found.game, found.irregularity.kind, found.cutoff_rule
    ('holdem', 'boxed', 'rrop')
    """

    scenario: Scenario
    replay: Replay
    irregularity: Irregularity | None
    draws: Draws
    params: dict = field(default_factory=dict)
    #: the name of the rulebook's misdeal cutoff test in kb.rules.cutoffs.CUTOFF_TESTS:
    #: "rrop" (action has begun), "tda" (substantial action), "wsop-live" (LA Rule 105)
    cutoff_rule: str = "rrop"
    #: the latest stage it is ruled at (:mod:`kb.rules.limits`: a complaint raised after the
    #: next hand is first ruled as though raised just before it); None: as it came to light
    until: str | None = None

    @property
    def rng(self) -> random.Random:
        """The ruling's random source (:class:`Draws`: seeded on first use)."""
        return self.draws.rng

    @property
    def table(self) -> Table:
        return self.replay.table

    @property
    def records(self) -> tuple[Record, ...]:
        return self.replay.records

    @property
    def game(self) -> str:
        return self.scenario.game

    def all(self, kind: str) -> list[Irregularity]:
        """Every irregularity of ``kind`` in the hand, in order."""
        return [i for i in self.replay.irregularities if i.kind == kind]

    def actions_since(self, irregularity: Irregularity | None = None) -> tuple[Record, ...]:
        """The actions taken after ``irregularity`` (default: the one ruled on) happened."""
        irregularity = irregularity or self.irregularity
        # the default is for deciders, which are asked only about a case with an irregularity
        assert irregularity is not None
        return self.records[irregularity.actions:]

    def action_begun(self) -> bool:
        """Robert's Rules of Poker v11, Misdeals 1: two players have acted."""
        return rrop_action_begun(self.records)

    def substantial_action(self) -> str | None:
        """Poker TDA 2024 Rule 36: '36-A', '36-B' or None."""
        return tda_substantial_action(self.records)

    def param(self, name: str, default):
        """The value of parameter ``name`` in this rulebook: a house's change (params are
        keyed ``<provision id>/<name>``) or ``default``, the value the books' texts give."""
        return next((v for k, v in self.params.items() if k.rpartition("/")[2] == name),
                    default)

    def cutoff_reached(self) -> bool:
        """Whether the rulebook's misdeal cutoff has passed (its misdeal-cutoff provisions
        decide which test: :data:`kb.rules.cutoffs.CUTOFF_TESTS`, chosen by
        :func:`kb.rules.cutoffs.cutoff_rule`)."""
        return CUTOFF_TESTS[self.cutoff_rule](self.records, self.game in STUD_GAMES)

    @property
    def proper_cards(self) -> int:
        """How many cards a hand should hold now (stud: by the streets dealt)."""
        return proper_cards(self.replay)

    def stage(self) -> str:
        """How far the hand had got when the irregularity ruled on came to light:
        ``playing``, ``pot-awarded`` or ``next-hand`` (:mod:`kb.hand.end_of_hand`), at the
        latest :attr:`until`."""
        if self.irregularity is None:
            return "playing"
        stage = stage_found(self.replay, self.irregularity)
        return self.until if self.until and later(stage, self.until) else stage


def stage_found(replay: Replay, irregularity: Irregularity) -> str:
    """How far the hand had got when ``irregularity`` came to light: a ``found`` event's
    discovery at that event (its kind's ``found_event``), any other (a burn error, an
    exposed card, a joker dealt on the flop) when the floor was called about it (``replay.called_at``; the
    irregularity's own line if unknown).

    >>> from kb.hand.scenario_file import parse_scenario
    >>> from kb.hand.deal import replay
    >>> s = parse_scenario("id: e\\ntitle: e\\ngame: holdem\\nseats: 2\\nbutton: 2\\nevents:\\n"
    ...                    "  - deal: {}\\n  - act: [fold]\\n  - pot: awarded\\n"
    ...                    "  - found: {duplicate: As, where: muck}\\n", "e.yaml")
    >>> played = replay(s)
    >>> [stage_found(played, i) for i in played.irregularities]
    ['pot-awarded']
    """
    if replay.pot_line is None:
        return "playing"
    if replay.called_at is None or (entry(irregularity.kind).found_event
                                    and _found_by_event(replay, irregularity)):
        return stage_at(replay, irregularity.line)
    return stage_at(replay, replay.called_at)


def _found_by_event(replay: Replay, irregularity: Irregularity) -> bool:
    """Whether a ``found`` event recorded ``irregularity`` (a joker dealt on the flop is
    recorded by the flop, and comes to light for a ruling when the floor is called)."""
    return any(isinstance(e, Found) and e.line == irregularity.line
               for e in replay.scenario.events)


def primary_irregularity(replay: Replay) -> Irregularity | None:
    """The irregularity the ruling answers (see the module docstring), or None.

    >>> from kb.rules.examples import case
    >>> primary_irregularity(case("case-c40-duplicate-in-hand").replay).kind
    'duplicate'
    """
    found = replay.irregularities
    for kind in FIRST:
        match = next((i for i in found if i.kind == kind), None)
        if match is not None:
            return match
    if not found:
        return None
    last = [i for i in found if i.line == found[-1].line]
    return next((i for i in last if topics_for(i, replay)), last[0])


def scenarios_by_topic(scenarios) -> dict[str, list[Scenario]]:
    """Topic id -> the ``scenarios`` (in order) whose ruled irregularity
    (:func:`primary_irregularity`) raises it; a scenario that cannot be replayed is left
    out (``floorbook check`` reports it).

    >>> from kb.rules.disagreements import load_scenarios
    >>> [s.id for s in scenarios_by_topic(load_scenarios())["four-card-flop"]][:1]
    ['case-c27-four-card-flop-stuck-cards']
    """
    raising: dict[str, list[Scenario]] = {}
    for scenario in scenarios:
        try:
            played = replay(scenario)
        except ScenarioError:
            continue
        irregularity = primary_irregularity(played)
        for topic in topics_for(irregularity, played) if irregularity else ():
            raising.setdefault(topic, []).append(scenario)
    return raising


def units(found: list[Irregularity], replay: Replay | None = None) \
        -> list[list[Irregularity]]:
    """The irregularities standing at one floor call, grouped into the units ruled one
    after the other, in the order the books give: a fouled deck (duplicate, odd back,
    missing cards) and a non-standard card first, then in the order they happened.  An
    irregularity that raises no topic, found by the same event as one that does (a
    one-card premature flop is also a flop of the wrong size), only describes that one and
    goes with it (``replay`` gives the topics; None: no such merging).

    >>> a, b = Irregularity("burn-count", 5, 0), Irregularity("exposed", 3, 0)
    >>> c, d = Irregularity("duplicate", 7, 2), Irregularity("exposed", 3, 0)
    >>> [[i.kind for i in unit] for unit in units([b, d, a, c])]
    [['duplicate'], ['exposed', 'exposed'], ['burn-count']]
    """
    groups: dict = {}
    for index, irregularity in enumerate(found):
        # the deciders of a kind with a group rule every irregularity of it together
        # (``Case.all``); the kinds of one group are one count (short, extra, wrong-count)
        group = entry(irregularity.kind).group
        groups.setdefault(index if group is None else group, []).append(irregularity)
    ordered = list(groups.values())
    if replay is not None:
        ordered = _merge_silent(ordered, replay)
    first = [u for kind in FIRST for u in ordered if u[0].kind == kind]
    return first + [u for u in ordered if not any(u is f for f in first)]


def _merge_silent(ordered: list[list[Irregularity]], replay: Replay):
    """Units that raise no topic join a unit with a topic found by the same event."""
    kept = []
    for unit in ordered:
        lines = {i.line for i in unit}
        home = next((other for other in ordered if other is not unit
                     and any(i.line in lines for i in other)
                     and any(topics_for(i, replay) for i in other)), None)
        if home is not None and not any(topics_for(i, replay) for i in unit):
            home.extend(unit)
        else:
            kept.append(unit)
    return kept


def representative(unit: list[Irregularity], replay: Replay) -> Irregularity:
    """The irregularity of ``unit`` a decider is handed as *the* one ruled on: for a
    fouled deck or a non-standard card the first found; otherwise, of those found by the
    unit's last event, the first that raises a topic.

    >>> from kb.rules.examples import case
    >>> replay = case("boxed-card-on-flop").replay
    >>> representative(list(replay.irregularities), replay).kind
    'boxed'
    """
    if unit[0].kind in FIRST:
        return unit[0]
    end = max(i.line for i in unit)
    last = [i for i in unit if i.line == end]
    return next((i for i in last if topics_for(i, replay)), last[0])
