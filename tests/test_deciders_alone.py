"""A house book may adopt any provision alone on its topic (``adopt`` with one provision,
or ``rulebook check`` ruling each provision by itself): every decider of every published
book, ruling alone, rules every bundled scenario of its topic without failing.  A decider
may not rely on the provision before it in its book having decided first."""

from dataclasses import replace

import pytest

from kb.knowledge.load import load_knowledge_base
from kb.rules.disagreements import load_scenarios
from kb.rules.engine import rule
from kb.rules.rulebook import edition_rulebook
from kb.rules.situation import scenarios_by_topic

KB = load_knowledge_base()
RAISING = scenarios_by_topic(load_scenarios())


@pytest.mark.parametrize("edition", KB.books.ids)
def test_every_provision_rules_alone(edition):
    book = edition_rulebook(KB, edition)
    failed = []
    for topic, governing in sorted(book.topics.items()):
        for pid in governing:
            alone = replace(book, topics={**book.topics, topic: (pid,)})
            for scenario in RAISING.get(topic, ()):
                try:
                    rule(KB, alone, scenario)
                except Exception as error:          # noqa: BLE001 - any failure is the bug
                    failed.append(f"{topic} {pid} {scenario.id}: {error!r}")
    assert failed == []
