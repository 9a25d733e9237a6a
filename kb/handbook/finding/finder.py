"""The index behind "Find a ruling": every scenario of a build with what happened (the
game, the irregularities, when the floor was called) and each rulebook's remedy, read from
the build's ruling table (:class:`~kb.handbook.data.rulings.RulingTable`), the one the topic
pages' matrices show.  No Sphinx here: :mod:`kb.handbook.finding.finder_page` puts the index in
the site and the page.

The facets and their values come from the scenario model:

- ``game``: the scenario's game (:data:`kb.hand.scenario.GAMES`);
- ``irregularity``: what went wrong, the replay's irregularity kinds
  (:class:`kb.hand.table.Irregularity`) that the rulings answered, grouped as a
  floorperson names them (:data:`IRREGULARITIES`);
- ``found``: how far the hand had got when the floor was called (:data:`FOUND`): the
  betting records against the books' misdeal cutoffs (:mod:`kb.rules.cutoffs`) and the end
  of the hand (:mod:`kb.hand.end_of_hand`).

A scenario with several irregularities, or several floor calls, has a value for each.

>>> [value for value, _, _ in FOUND]
['before-action', 'after-action', 'after-substantial-action', 'after-pot']
>>> irregularity_of("stud-exposed"), irregularity_of("odd-back")
('exposed', 'fouled-deck')
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace

from kb.hand.deal import replay
from kb.hand.end_of_hand import stage_at
from kb.hand.scenario import GAMES, Deal, Floor, Scenario, ScenarioError, StudStreet
from kb.handbook.views.cells import REMEDY_COLOUR, cited_line, decided_parts, row_anchor
from kb.handbook.views.events import reader_title
from kb.rules.answer import answer, books_differ
from kb.rules.cutoffs import tda_substantial_action
from kb.rules.irregularities import FACET_VALUES, Kind, kinds_of

#: Game id -> the name a card room uses.
GAME_NAMES = {"holdem": "Hold'em", "omaha": "Omaha", "omaha-hi-lo": "Omaha high-low",
              "pot-limit-omaha": "Pot-limit Omaha", "stud": "Seven-card stud",
              "razz": "Razz", "stud-high-low": "Stud high-low", "draw-high": "Five-card draw",
              "lowball-a5": "A-5 lowball", "lowball-27": "2-7 lowball", "badugi": "Badugi"}

#: The irregularity facet: (value, label, what it means, the replay's kinds it covers), from
#: the table of irregularity kinds (:mod:`kb.rules.irregularities`).
IRREGULARITIES = tuple((value, label, meaning, kinds_of(value))
                       for value, label, meaning in FACET_VALUES)

#: The "found" facet: (value, label, what it means), in the order a hand goes.
FOUND = (
    ("before-action", "Before any action",
     "No player had acted yet (blinds, antes and the stud forced bet are not actions)."),
    ("after-action", "After action",
     "At least one player had acted (a fold or a check counts), short of substantial "
     "action. Robert's Rules' misdeal cutoff, action has begun (two players have acted), "
     "falls here or in the next choice."),
    ("after-substantial-action", "After substantial action",
     "Substantial action as TDA 2024 Rule 36 counts it: two actions in turn, one putting "
     "chips in the pot, or any three actions in turn. The WSOP Live Action rules count "
     "it their own way (Rule 105); each ruling applies its own book's test."),
    ("after-pot", "After the pot was awarded",
     "The pot had been awarded, or the next hand had begun."),
)

_KIND_VALUE = {kind.value: value for value, _, _, kinds in IRREGULARITIES for kind in kinds}

#: The finer choices under "Card exposed by the dealer": which card of the deal it was,
#: the first two cards or a later one (the books rule them apart: the topics
#: exposed-first-two-cards and exposed-later-hole-card).  A scenario with a dealer-exposed
#: hole card (the replay's ``exposed`` kind, its ``slot`` its place in the deal, 0 first)
#: has ``exposed`` and one of these; (value, label, what it means).
EXPOSED_WHICH = (
    ("exposed-first-two", "one of the first two cards",
     "The exposed card was the first or second card dealt off the deck."),
    ("exposed-later", "a later card",
     "The exposed card came later in the deal than the first two cards."),
)
#: The values drawn as a finer choice under the one before them.
_FINER = frozenset(value for value, _, _ in EXPOSED_WHICH)

#: The facets in the order the page shows them: (id, label, [(value, label, meaning)]).
FACETS = (
    ("game", "Game", tuple((g, GAME_NAMES[g], "") for g in GAMES)),
    ("irregularity", "What happened",
     tuple(choice for entry in IRREGULARITIES
           for choice in ((entry[:3],) + (EXPOSED_WHICH if entry[0] == "exposed" else ())))),
    ("found", "When the floor was called", FOUND),
)

def irregularity_values(irregularity: dict, early: frozenset[int] = frozenset()) -> set[str]:
    """The "What happened" values of one irregularity (a call's ``irregularities`` item:
    ``kind`` and ``line``): its facet value, and for a hole card the dealer exposed, which
    card it was (:data:`EXPOSED_WHICH`); ``early`` holds the lines of the exposed cards
    that were one of the first two off the deck (:func:`early_exposed`).

    >>> sorted(irregularity_values({"kind": "exposed", "line": 9}, frozenset({9})))
    ['exposed', 'exposed-first-two']
    >>> sorted(irregularity_values({"kind": "exposed", "line": 9}))
    ['exposed', 'exposed-later']
    """
    values = {irregularity_of(irregularity["kind"])}
    if irregularity["kind"] == Kind.EXPOSED:
        # as the topics are chosen (kb.rules.irregularities): a card not among the first
        # two off the deck (a replacement card, exposed at a floor call) is a later card
        first = irregularity.get("line") in early
        values.add(EXPOSED_WHICH[0][0] if first else EXPOSED_WHICH[1][0])
    return values


def early_exposed(state) -> frozenset[int]:
    """The lines of the replay ``state``'s exposed hole cards that were the first or the
    second card off the deck (their ``slot``, 0 first: what the books rule apart)."""
    return frozenset(i.line for i in state.irregularities
                     if i.kind == Kind.EXPOSED and i.get("slot") in (0, 1))


def irregularity_of(kind: str) -> str:
    """The facet value of one of the replay's irregularity kinds (``kind`` itself for a
    kind the facet does not know yet, so a new kind still shows, under its own name)."""
    return _KIND_VALUE.get(kind, kind)


def found_at(scenario: Scenario, line: int | None, state=None) -> str:
    """How far the hand had got when the floor was called at the ``floor`` event on
    ``line`` (None: after the last event): a :data:`FOUND` value.  The betting counted is
    the deal's since the last redeal (a segment that starts with a new deal), as the
    engine starts the betting again after a misdeal.  ``state``: that replay
    (:func:`replayed_to`), if made already.

    Raises :class:`~kb.hand.scenario.ScenarioError` if those events cannot be replayed.

    >>> from kb.hand.scenario_file import parse_scenario
    >>> hand = parse_scenario("id: h\\ntitle: h\\ngame: holdem\\nseats: 4\\nbutton: 4\\n"
    ...                       "events:\\n  - deal: {}\\n  - act: [fold, call]\\n", "h.yaml")
    >>> found_at(hand, None)
    'after-substantial-action'
    """
    state = state or replayed_to(scenario, line)
    events = [e for e in scenario.events if line is None or e.line < line]
    if stage_at(state, line or (events[-1].line if events else scenario.line)) != "playing":
        return "after-pot"
    if tda_substantial_action(state.records):
        return "after-substantial-action"
    return "after-action" if state.records else "before-action"


def replayed_to(scenario: Scenario, line: int | None):
    """The replay of ``scenario``'s events before ``line`` (None: all), from the last
    redeal, the floor calls left out (:func:`found_at`).  Raises
    :class:`~kb.hand.scenario.ScenarioError` if they cannot be replayed."""
    events = [e for e in scenario.events if line is None or e.line < line]
    start = 0
    for index in range(1, len(events)):
        if isinstance(events[index - 1], Floor) and _deals(events[index]):
            start = index
    kept = tuple(e for e in events[start:] if not isinstance(e, Floor))
    return replay(replace(scenario, events=kept))


def _deals(event) -> bool:
    """Whether ``event`` deals a new hand (after a misdeal, the redeal)."""
    return isinstance(event, Deal) or (isinstance(event, StudStreet) and event.name == "third")


def scenario_entry(table, sid: str, topics: set[str], short=None) -> dict:
    """One scenario of the index: ``id``, ``title``, ``setting``, ``anchor`` (its row's id
    in a topic's matrix), ``facets`` (facet id -> values), ``remedies`` (one ``[remedy,
    numbers cited, who decided, [answer of each floor call]]`` per rulebook, who decided as
    :func:`~kb.handbook.views.cells.decided_parts` gives it, the answers as
    :func:`kb.rules.answer.answer` words them, both of which :func:`finder_index` packs),
    in the index's ``rulebooks`` order; ``differ``: the books agree on the remedy word but
    not on what the dealer does (:func:`kb.rules.answer.books_differ`); ``title``: the
    scenario's title without an internal case number (:func:`reader_title`); ``short`` names
    other books' editions, as the matrix does) and ``topics``: the ids of the topics in
    ``topics`` whose matrix shows the scenario, the one most of its rulings name first.
    """
    scenario, row = table.scenarios[sid], table.row(sid)
    longest = max(row, key=lambda r: len(r.every_call))
    found: set[str] = set()
    early: frozenset[int] = frozenset()
    for call in longest.every_call:
        try:
            state = replayed_to(scenario, call.floor)
            found.add(found_at(scenario, call.floor, state))
            early |= early_exposed(state)
        except ScenarioError:
            # a later call's events may need the table an earlier ruling left; the facet
            # then has the calls that replay on their own (none of the bundled scenarios)
            continue
    kinds = {value for r in row for call in r.every_call for i in call.irregularities
             for value in irregularity_values(i, early)}
    named = Counter(call.topic for r in row for call in r.every_call if call.topic)
    return {
        "id": sid, "title": reader_title(scenario.title), "anchor": row_anchor(sid),
        "setting": f"{GAME_NAMES.get(scenario.game, scenario.game)}, {scenario.setting}",
        "facets": {"game": [scenario.game], "irregularity": sorted(kinds or {"none"}),
                   "found": sorted(found, key=[v for v, _, _ in FOUND].index)},
        "remedies": [[(c := ruled_call(r)).remedy, cited_line(c, short),
                      list(decided_parts(c, short)), [answer(call) for call in r.every_call]]
                     for r in row],
        "topics": [t for t, _ in named.most_common() if t in topics],
        "differ": books_differ(row),
        # each book's remedy at every call, for the reader's own "books differ" among the
        # books shown (floorbook-finder.js): only where the hand has several floor calls
        **({"calls": [[c.remedy for c in r.every_call] for r in row]}
           if any(r.calls for r in row) else {}),
    }


def ruled_call(ruling):
    """The floor call whose remedy, rules and decider a result shows beside the answers:
    the last call that answered an irregularity (a later call with nothing to rule on,
    such as the turn dealt as the ruling left it, would show "continue" decided by the
    floor, hiding the rule that decided the hand); ``ruling`` itself when none did.

    >>> from kb.rules.examples import ruling
    >>> found = ruling("case-c27-four-card-flop-stuck-cards", "tda@2024")
    >>> ruled_call(found) is found
    True
    """
    return next((c for c in reversed(ruling.every_call) if c.irregularities), ruling)


def finder_index(table, topics: dict[str, list[str]], book_names: dict[str, str]) -> dict:
    """The whole index, a dict ready for JSON:

    - ``rulebooks``: ``[id, name]`` in column order (``book_names``: id -> the name its
      matrix column shows; also used in citations of other books);
    - ``colours``: remedy -> the sphinx-design colour of its badge (as in the matrix);
    - ``topics``: topic id -> ``[title, page URI from the site's root]`` (``topics`` holds
      the topics that have a page);
    - ``facets``: ``[id, label, [[value, label, meaning, count(, true)], ...]]`` (``true``
      marks a finer choice of the value before it), only the values
      some scenario has (``count`` of them), in :data:`FACETS` order;
    - ``decided``: ``[layers, books]``, the words each ruling's who-decided part points
      into: a scenario's remedy holds it as ``[layer, book, number]`` (indexes into the
      two lists, then the number; ``[layer]`` for the floor), a third of the words each
      line would take written out (:func:`decided_line` reads it back);
    - ``answers``: every distinct one-line answer (:func:`kb.rules.answer.answer`); a
      scenario's remedy holds, fourth, the index of its answer in it (a list of them, one
      per floor call, for a hand with several calls);
    - ``scenarios``: :func:`scenario_entry` of each, in file-name order, ``differ`` only
      where it is true, ``calls`` (each book's remedy at each floor call) only for a hand
      with several calls.
    """
    entries = [scenario_entry(table, sid, set(topics), book_names.get)
               for sid in table.scenarios]
    layers: dict[str, int] = {}
    books: dict[str, int] = {}
    answers: dict[str, int] = {}
    for entry in entries:
        if not entry["differ"]:
            del entry["differ"]                  # kept only where it holds
        for remedy in entry["remedies"]:
            parts = remedy[2]
            if parts:
                parts[0] = layers.setdefault(parts[0], len(layers))
            if len(parts) > 1:
                parts[1] = books.setdefault(parts[1], len(books))
            # a few dozen answers repeat across 238 x 7 rulings: each is written once
            said = [answers.setdefault(text, len(answers)) for text in remedy[3]]
            remedy[3] = said[0] if len(said) == 1 else said      # one call: a number
    facets = []
    for facet, label, values in FACETS:
        counts = Counter(v for e in entries for v in e["facets"][facet])
        # a finer choice (EXPOSED_WHICH) is marked, fifth, so the page draws it under its
        # parent: a value's name alone cannot say (omaha-hi-lo is a game, not a finer omaha)
        known = [[v, name, meaning, counts[v], *([True] if v in _FINER else [])]
                 for v, name, meaning in values if counts[v]]
        # a value the facet does not name yet (a new irregularity kind) shows as itself
        new = [[v, v, "", counts[v]] for v in sorted(set(counts) - {v[0] for v in values})]
        facets.append([facet, label, known + new])
    return {"rulebooks": [[b.id, book_names.get(b.id, b.id)] for b in table.rulebooks],
            "colours": dict(REMEDY_COLOUR), "topics": dict(topics),
            "decided": [list(layers), list(books)], "answers": list(answers),
            "facets": facets, "scenarios": entries}


def decided_line(index: dict, packed: list) -> str:
    """The who-decided line of a remedy's ``packed`` part of the ``index``
    (:func:`finder_index`), as floorbook-finder.js writes it.

    >>> decided_line({"decided": [["standard"], ["TDA 2024"]]}, [0, 0, "39-A"])
    'decided by the standard: TDA 2024 39-A'
    """
    layers, books = index["decided"]
    if not packed:
        return ""
    return (f"decided by the {layers[packed[0]]}"
            + (f": {books[packed[1]]} {packed[2]}" if len(packed) > 1 else ""))


def index_script(index: dict) -> str:
    """The index as a script that sets ``window.floorbookFinderIndex`` (a script, not a
    JSON file to fetch, so the page works when opened from ``file://``), as
    :func:`script_setting` writes it."""
    return script_setting("floorbookFinderIndex", index)


def script_setting(name: str, data) -> str:
    """A script that sets ``window.<name>`` to ``data`` (JSON-ready), with ``<``, ``>``
    and ``&`` written as ``\\u`` escapes, so no data text can close a script element.

    >>> print(script_setting("floorbookFinderIndex", {"title": "</script><b>"}), end="")
    window.floorbookFinderIndex = {"title":"\\u003c/script\\u003e\\u003cb\\u003e"};
    """
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    for char, escape in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"),
                         ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        text = text.replace(char, escape)
    return f"window.{name} = {text};\n"


__all__ = ["EXPOSED_WHICH", "FACETS", "FOUND", "GAME_NAMES", "IRREGULARITIES", "decided_line",
           "finder_index", "irregularity_values", "reader_title", "ruled_call",
           "found_at", "index_script", "irregularity_of", "scenario_entry", "script_setting"]
