"""The table of irregularity kinds (kb/rules/irregularities.py) and what the replay can
record: one fails when they disagree.

The kinds the replay can record are read from kb/hand's code with ``ast``, not recorded
over the bundled scenarios or the hypothesis strategies: the code names every kind, on
every path, whether or not a scenario reaches it, and the walk takes no time.  A kind is
recorded by ``irregular(state, "<kind>", ...)`` or ``Irregularity("<kind>", ...)``; the one
call that passes a kind from data, a ``found`` event's, takes the scenario format's names
(FOUND_KINDS), and a new call of that sort fails the walk until it is named here.  The
bundled scenarios are then ruled too, as a check on the walk itself.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from kb.hand.scenario_events import FOUND_KINDS
from kb.house.compose import resolve_rulebook
from kb.rules import irregularities
from kb.rules.disagreements import load_scenarios
from kb.rules.engine import rule
from kb.rules.irregularities import FACET_VALUES, FIRST, KINDS, Kind, facet_of, words

HAND = Path(irregularities.__file__).parent.parent / "hand"
#: The calls that record a kind from data: (file, function) -> the kinds it can record.
FROM_DATA = {("found.py", "found"): set(FOUND_KINDS)}
#: The recorder itself (kb.hand.table.irregular): its kinds are its callers'.
RECORDER = ("table.py", "irregular")


def recorded(folder: Path) -> tuple[set[str], set[tuple[str, str]]]:
    """The kinds the modules of ``folder`` record as literals, and the (file, function) of
    each call whose kind is not a literal."""
    kinds: set[str] = set()
    dynamic: set[tuple[str, str]] = set()
    for path in sorted(folder.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for function in ast.walk(tree):
            if not isinstance(function, (ast.FunctionDef, ast.Module)):
                continue
            for node in ast.walk(function):
                kind = _kind_argument(node)
                if isinstance(kind, ast.Constant) and isinstance(kind.value, str):
                    kinds.add(kind.value)
                elif kind is not None and isinstance(function, ast.FunctionDef):
                    dynamic.add((path.name, function.name))
    return kinds, dynamic


def _kind_argument(node: ast.AST) -> ast.expr | None:
    """The kind argument of a call that records an irregularity, else None."""
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
        return None
    if node.func.id == "irregular" and len(node.args) >= 2:
        return node.args[1]
    if node.func.id == "Irregularity" and node.args:
        return node.args[0]
    return None


def test_the_table_holds_every_kind_the_replay_records_and_no_other():
    literal, dynamic = recorded(HAND)
    assert dynamic - {RECORDER} == set(FROM_DATA), "name the kinds this call records in FROM_DATA"
    can_record = literal | {k for kinds in FROM_DATA.values() for k in kinds}
    table = {kind.value for kind in KINDS}
    assert can_record - table == set(), "add these kinds to kb/rules/irregularities.py"
    assert table - can_record == set(), "no replay records these kinds"
    assert set(Kind) == set(KINDS)


def test_a_new_kind_in_a_replay_call_is_found(tmp_path):
    (tmp_path / "new.py").write_text(
        "def _spill(state, event, kind):\n"
        "    irregular(state, 'chips-spilled', event, seat=3)\n"
        "    irregular(state, kind, event)\n"
        "    state.irregularities.append(Irregularity('ante-missing', 4, 0))\n")
    assert recorded(tmp_path) == ({"chips-spilled", "ante-missing"}, {("new.py", "_spill")})


def test_the_kinds_a_found_event_records_come_to_light_at_it():
    assert {k for k, e in KINDS.items() if e.found_event} == set(FOUND_KINDS)


def test_every_kind_recorded_over_the_bundled_scenarios_is_in_the_table(kb):
    book = resolve_rulebook(kb, "tda@2024")
    seen = {i["kind"] for scenario in load_scenarios()
            for call in rule(kb, book, scenario).every_call for i in call.irregularities}
    assert seen - {k.value for k in KINDS} == set()
    assert len(seen) >= 20          # most kinds have a bundled scenario


def test_each_kind_has_words_a_facet_the_page_names_and_topics_the_knowledge_base_has(kb):
    facets = [value for value, _, _ in FACET_VALUES]
    topics = {t.id for t in kb.topics}
    unknown = {}
    for kind, entry in KINDS.items():
        assert entry.words and entry.words == words(kind), kind
        assert facet_of(kind) in facets, kind
        if isinstance(entry.topics, tuple) and set(entry.topics) - topics:
            unknown[kind] = set(entry.topics) - topics
    assert {e.facet for e in KINDS.values()} == set(facets) - {"none"}
    # A known fault, left for its own change because mending it changes rulings (issue 20
    # changes none): the knowledge base's topic is draw-stub-short (TDA 2026 RP-25), so a
    # draw stub running short reaches no provision and the floor decides.
    assert unknown == {Kind.DRAW_SHORT_STUB: {"draw-short-stub"}}


def test_a_fouled_deck_then_a_non_standard_card_are_ruled_first():
    assert FIRST == (Kind.DUPLICATE, Kind.ODD_BACK, Kind.MISSING, Kind.FOREIGN)


def test_a_kind_is_its_recorded_name_in_every_output():
    assert Kind.STUB_SPOILED == "stub-spoiled" and f"{Kind.BURN_SEEN}" == "burn-seen"
    with pytest.raises(KeyError):
        words("chips-spilled")
