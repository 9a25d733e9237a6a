"""The example house books of kb/data/rulebooks/examples (one per precedence style, from a
real public rulebook where one could be read), composed with their explicit `stack`.

These books use `stack` and `states`, which the layers and requirements parts of issue 22
add to the house format: this file passes only once those parts are merged with the
regulators' data (it is not skipped before: it fails)."""


import pytest

from kb import DATA
from kb.hand.scenario_file import load_scenario
from kb.house.check import check_house_file
from kb.house.compose import load_house_rulebook
from kb.knowledge.load import load_knowledge_base
from kb.rules.engine import rule

EXAMPLES = DATA / "rulebooks" / "examples"
SCENARIOS = DATA / "scenarios"


@pytest.fixture(scope="module")
def kb():
    return load_knowledge_base()


def test_there_is_one_example_per_precedence_style():
    assert sorted(p.name for p in EXAMPLES.glob("*.yaml")) == [
        "deadwood.yaml", "dublin-poker-festival.yaml", "irish-poker-festival.yaml"]


@pytest.mark.parametrize("name", ["deadwood", "dublin-poker-festival", "irish-poker-festival"])
def test_each_example_composes_and_checks_clean(kb, name):
    _, problems = check_house_file(kb, EXAMPLES / f"{name}.yaml")
    assert [str(p) for p in problems] == []


def test_deadwood_rules_two_boxed_cards_as_south_dakota_does(kb):
    # ARSD 20:18:16:35 (the regulator, first in the stack): every card faced in the deck is
    # dead and replaced, no misdeal; TDA 35-A-1, lower in the stack, would call a misdeal
    book = load_house_rulebook(kb, EXAMPLES / "deadwood.yaml")
    ruling = rule(kb, book, load_scenario(SCENARIOS / "boxed-two-cards-during-deal.yaml"))
    assert ruling.remedy == "continue"
    assert ("sd", "2026", "20:18:16:35") in [(c.source, c.edition, c.number)
                                             for c in ruling.citations]
    assert (ruling.decided_by.layer, ruling.decided_by.book) == ("regulator", "sd@2026")
    assert "tda.misdeal.boxed-cards" in {s.provision for s in ruling.decided_by.set_aside}


def test_deadwood_leaves_an_exposed_card_to_the_tda(kb):
    # South Dakota has no rule on a card the dealer exposes: TDA 35-A-7 decides (no misdeal)
    book = load_house_rulebook(kb, EXAMPLES / "deadwood.yaml")
    ruling = rule(kb, book, load_scenario(SCENARIOS / "exposed-later-card-first-round.yaml"))
    assert ruling.remedy == "continue"
    assert (ruling.decided_by.layer, ruling.decided_by.book) == ("standard", "tda@2024")


def test_a_deadwood_book_that_does_not_state_the_rake_fails_with_the_rule_cited(kb, tmp_path):
    text = (EXAMPLES / "deadwood.yaml").read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    start = next(i for i, line in enumerate(lines) if line.strip() == "- point: rake")
    del lines[start:start + 2]
    path = tmp_path / "deadwood.yaml"
    path.write_text("".join(lines), encoding="utf-8")
    _, problems = check_house_file(kb, path)
    stack_line = next(i for i, line in enumerate(lines, 1) if line.startswith("stack:"))
    assert len(problems) == 1
    message = str(problems[0])
    assert message.startswith(f"{path}:{stack_line}: ")
    assert "20:18:16:38" in message and "point: rake" in message
