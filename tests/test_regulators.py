"""The regulators as books: South Dakota ARSD 20:18:16's deciders, and the scenarios under
tests/fixtures/regulators whose `expect` entries were read from the regulation's text before
the engine ruled them.

A regulator edition is no published rulebook (no matrix column), so these tests give the
engine the edition's rulebook as edition_rulebook builds a published one: every provision
numbered in it, grouped by topic in the book's order."""

from pathlib import Path

import pytest

from kb.hand.scenario_file import load_scenario
from kb.house.expectations import expect_problems
from kb.knowledge.load import load_knowledge_base
from kb.rules.deciders import load_deciders
from kb.rules.engine import rule
from kb.rules.examples import case
from kb.rules.rulebook import Rulebook, precedence_order
from kb.rules.ruling import compare_expectation

FIXTURES = Path(__file__).parent / "fixtures" / "regulators"
SD = "sd@2026"


@pytest.fixture(scope="module")
def kb():
    return load_knowledge_base()


@pytest.fixture(scope="module")
def south_dakota(kb):
    return _regulator_book(kb, SD)


def _regulator_book(kb, edition: str) -> Rulebook:
    topics: dict[str, list[str]] = {}
    for provision in kb.provisions:
        if provision.number_in(edition):
            for topic in provision.topics:
                topics.setdefault(topic, []).append(provision.id)
    ordered = {t: precedence_order(kb, pids, edition) for t, pids in topics.items()}
    return Rulebook(edition, kb.source(kb.edition(edition).source).title, (edition,), ordered)


def test_south_dakota_numbers_its_provisions_as_the_code_prints_them(kb):
    numbers = {p.id: p.number_in(SD).number for p in kb.provisions if p.number_in(SD)}
    assert numbers == {"sd.cards": "20:18:16:06", "sd.deal": "20:18:16:10",
                       "sd.defective-deck": "20:18:16:34", "sd.faced-card": "20:18:16:35",
                       "sd.posting-of-rules": "20:18:16:37",
                       "sd.house-game-rules": "20:18:16:38"}
    # confirmed only where the whole section was read (:37 only its opening sentence)
    assert kb.provision("sd.posting-of-rules").confidence.value == "partial"
    assert kb.provision("sd.defective-deck").confidence.value == "confirmed"


def test_only_the_sections_that_rule_a_dealing_error_have_deciders():
    deciders = load_deciders()
    assert deciders["sd.defective-deck"].__name__ == "sd_defective_deck"
    assert deciders["sd.faced-card"].__name__ == "sd_faced_card"
    assert not {"sd.cards", "sd.deal", "sd.posting-of-rules",
                "sd.house-game-rules"} & set(deciders)


def test_sd_20_18_16_34_returns_the_pot_of_a_hand_still_played():
    found = load_deciders()["sd.defective-deck"](case("case-c40-duplicate-in-hand"))
    assert found is not None
    assert (found.remedy, [s.do for s in found.steps]) == ("void", ["refund"])
    assert found.provisions == ("sd.cards",)


def test_sd_20_18_16_34_lets_a_pot_already_won_stand():
    found = load_deciders()["sd.defective-deck"](
        case("fouled-deck-duplicate-found-after-pot-awarded"))
    assert found is not None and found.remedy == "continue" and found.steps == []
    assert "keeps it" in found.explanation


def test_sd_20_18_16_34_reads_a_different_back_as_a_defective_deck_but_not_a_joker():
    decide = load_deciders()["sd.defective-deck"]
    assert decide(case("case-c44-odd-back-river-after-hand")).remedy == "void"
    assert decide(case("joker-in-hand-before-substantial-action")) is None


def test_sd_20_18_16_35_replaces_every_boxed_card_without_a_misdeal():
    found = load_deciders()["sd.faced-card"](case("boxed-two-cards-during-deal"))
    assert found is not None and found.remedy == "continue"
    assert [s.to_json() for s in found.steps] == [
        {"do": "set-aside", "card": "Ah", "as": "dead"},
        {"do": "set-aside", "card": "3s", "as": "dead"}]


def test_sd_20_18_16_35_replaces_a_face_down_joker_with_the_top_card():
    found = load_deciders()["sd.faced-card"](case("joker-in-hand-before-substantial-action"))
    assert found is not None and found.table is not None
    assert found.table.hands[4] == ["7d", "Jd"] and "Jk" in found.table.set_aside


def test_sd_20_18_16_35_does_not_decide_a_card_the_dealer_exposes():
    decide = load_deciders()["sd.faced-card"]
    assert decide(case("exposed-later-card-first-round")) is None
    assert decide(case("case-c43-joker-on-flop-after-all-ins")) is None  # dealt face up


def test_sd_20_18_16_35_replaces_a_face_down_joker_after_its_holder_acted():
    """The section sets no time limit (a blind reader's reading, settled by the text)."""
    found = load_deciders()["sd.faced-card"](case("joker-in-hand-after-player-acted"))
    assert found is not None and found.remedy == "continue"
    assert [s.do for s in found.steps] == ["replace"]
    assert "sets no time limit" in found.explanation


def _fixtures():
    return sorted(FIXTURES.glob("*.yaml"))


def test_every_regulator_fixture_was_read_from_the_text():
    assert len(_fixtures()) == 6
    for path in _fixtures():
        scenario = load_scenario(path)
        assert list(scenario.expect) == [SD]
        assert [str(p) for p in expect_problems(scenario, cited=True, read=True)] == []
        assert scenario.expect[SD]["read"] == "text"


@pytest.mark.parametrize("path", _fixtures(), ids=lambda p: p.stem)
def test_south_dakota_rules_its_scenarios_as_its_text_says(kb, south_dakota, path):
    scenario = load_scenario(path)
    ruling = rule(kb, south_dakota, scenario)
    assert compare_expectation(scenario.expect[SD], ruling) == []


def test_the_books_table_shows_each_books_status(kb):
    from types import SimpleNamespace

    from kb.handbook.views.texts import editions_table
    from kb.rules.status import edition_status
    status = {e.id: edition_status(kb, e.id) for e in kb.editions}
    assert status["sd@2026"] == ("read in part", "decides")
    assert status["pa@current"] == ("read in part", "silent")
    assert status["nj@2024"] == ("read in part", "silent")
    for stub in ("pagat@web", "apt@current", "house.mountairy@2020", "nj@2011"):
        assert status[stub] == ("not read", "known through a citation only")
    assert status["myhomegame@2026"] == ("read in full", "commentary")
    assert status["tda@2024"] == ("read in full", "decides")
    texts = [s[1] for s in editions_table(SimpleNamespace(kb=kb)).slots if s[0] == "text"]
    assert "read in part; decides" in texts and "not read; known through a citation only" in texts
