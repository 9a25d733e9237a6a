"""compare() replays a hand once for all rulebooks and lets the books of a one-call hand
share that replay (tools/bench_rulings.py measures it): it must rule every scenario exactly
as rule() does book by book, which also proves that no decider changes the shared replay."""

from pathlib import Path

import pytest

from kb import DATA
from kb.hand.scenario_file import load_scenario
from kb.house.compose import published_rulebooks
from kb.knowledge.load import load_knowledge_base
from kb.rules.engine import compare, rule

KB = load_knowledge_base()
BOOKS = published_rulebooks(KB)
SCENARIOS = sorted(Path(DATA, "scenarios").glob("*.yaml"))


@pytest.mark.parametrize("seed", [0, 3])
def test_compare_rules_every_scenario_as_rule_does_under_every_book(seed):
    assert len(SCENARIOS) > 100 and len(BOOKS) >= 5
    for path in SCENARIOS:
        scenario = load_scenario(path)
        assert compare(KB, scenario, BOOKS, seed) == \
            [rule(KB, book, scenario, seed) for book in BOOKS], path.name
