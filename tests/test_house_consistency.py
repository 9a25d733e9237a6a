"""`floorbook rulebook check` finds that a house book contradicts itself, loses what its
base covered, or makes a choice that changes nothing (issue 22, section 1).

The fixtures under tests/data/house-choices are the choices of the issue as
`rulebook new --base tda@2024` wrote them before the issue, uncommented."""

import re
from functools import cache
from pathlib import Path

import pytest

from kb.cli import main
from kb.handbook.house.view import choices, is_no_op, rerulings, touching, what_changes
from kb.house.check import check_house, check_house_file
from kb.house.compose import compose
from kb.house.consistency import Rulings
from kb.house.spec import parse_house_text
from kb.knowledge import load
from kb.rules.disagreements import load_scenarios
from kb.rules.engine import rule

CHOICES = Path(__file__).parent / "data" / "house-choices"
_LOADED = cache(load.load_knowledge_base)


@pytest.fixture(autouse=True)
def one_knowledge_base(monkeypatch):
    """The CLI loads the knowledge base for each command; these tests load it once."""
    monkeypatch.setattr(load, "load_knowledge_base", _LOADED)


def problems(name: str) -> list[tuple[int, str]]:
    spec, found = check_house_file(_LOADED(), CHOICES / name)
    assert spec is not None
    assert all(p.file == str(CHOICES / name) for p in found)
    return [(p.line, p.message) for p in found]


def test_boxed_cards_as_robert_s_rules_leaves_tda_35_a_1_in_force():
    found = problems("boxed-as-rrop.yaml")
    assert [line for line, _ in found] == [8]
    message = found[0][1]
    assert message.startswith("contradiction: Robert's Rules Misdeals 2(c) "
                              "(rrop.misdeals.boxed-cards) and TDA 35-A-1 "
                              "(tda.misdeal.boxed-cards) are both in force")
    assert "'boxed-two-cards-during-deal'" in message


def test_a_later_exposed_card_as_the_casino_book_loses_the_misdeal():
    found = problems("exposed-as-casino.yaml")
    assert [line for line, _ in found] == [7]
    message = found[0][1]
    assert message.startswith("coverage lost on a later hole card exposed: the base "
                              "tda@2024 decides ")
    assert "'three-exposed-cards' (misdeal)" in message and "and 3 more" in message
    assert message.endswith("by TDA 35-A-7 (tda.misdeal.exposed-downcards); this book leaves "
                            "them to the floor with no rule")
    spec, [problem] = check_house_file(_LOADED(), CHOICES / "exposed-as-casino.yaml")
    assert problem.hint.startswith("adopt House casino 13.1 (house.casino.exposed-misdeal) "
                                   "as well, or keep tda.misdeal.exposed-downcards")


def test_the_three_choices_together_each_at_its_entry():
    """The four-card flop as Robert's Rules (line 14) contradicts nothing: its Hold'em 7
    (redealing a flop) also speaks of a premature flop, where TDA RP-5-A stays in force,
    but states no ruling of its own there (a procedure Hold'em 3 cites), so the two never
    both rule one scenario."""
    found = problems("three-choices.yaml")
    assert [(line, message.split(":")[0]) for line, message in found] == [
        (8, "contradiction"), (10, "coverage lost on a later hole card exposed")]


def test_the_cli_prints_them_located_with_exit_status_1(capsys):
    path = CHOICES / "three-choices.yaml"
    assert main(["rulebook", "check", str(path)]) == 1
    err = capsys.readouterr().err.splitlines()
    located = [line for line in err if line.startswith(f"{path}:")]
    assert [re.match(r".*?:(\d+): ", line).group(1) for line in located] == ["8", "10"]
    assert all(line.endswith(")") for line in located)      # each says what to do


def test_an_explicit_omission_is_not_coverage_lost():
    """The casino's 13.2 on later cards and its 13.1 on the first two: the hands neither
    rules are coverage lost while TDA 35-A-7 is only set aside, and not once the file
    omits it (the author said so)."""
    kb = _LOADED()
    text = (CHOICES / "exposed-as-casino.yaml").read_text() + (
        "  - topic: exposed-first-two-cards\n    provisions: [house.casino.exposed-misdeal]\n")
    found = check_house(kb, parse_house_text(text, "kept.yaml"))
    assert [(p.line, p.message.split(":")[0]) for p in found] == [
        (7, "coverage lost on a later hole card exposed"),
        (9, "coverage lost on first or second card exposed")]
    text += ("omit:\n  - provision: tda.misdeal.exposed-downcards\n"
             "    reason: what the casino's rules do not cover is for the floor here\n")
    assert check_house(kb, parse_house_text(text, "omitted.yaml")) == []


def test_the_authors_own_scenarios_are_ruled(tmp_path, capsys):
    own = tmp_path / "scenarios"
    own.mkdir()
    source = (Path(_LOADED().root) / "scenarios" / "three-exposed-cards.yaml").read_text()
    (own / "mine.yaml").write_text(source.replace("id: three-exposed-cards",
                                                  "id: my-three-exposed"))
    path = CHOICES / "exposed-as-casino.yaml"
    assert main(["rulebook", "check", str(path), "--scenarios", str(own)]) == 1
    err = capsys.readouterr().err
    assert "and 4 more by TDA 35-A-7" in err
    assert main(["rulebook", "check", str(path), "--scenarios", str(tmp_path / "none")]) == 1
    assert "is not a folder" in capsys.readouterr().err
    (own / "broken.yaml").write_text("id: broken\n")
    (own / "link.yaml").symlink_to(Path(_LOADED().root) / "scenarios" / "four-card-flop.yaml")
    assert main(["rulebook", "check", str(path), "--scenarios", str(own)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert f"{own / 'broken.yaml'}:1: the file has no 'events' (add it)" in err
    assert any(line.startswith(f"{own / 'link.yaml'}:1: this is a symbolic link") for line in err)
    assert not any("coverage lost" in line for line in err)


def test_adopting_the_base_s_own_provisions_is_a_no_op():
    kb = _LOADED()
    spec = parse_house_text("id: house.same@1\ntitle: Same\nbase: \"tda@2024\"\nadopt:\n"
                            "  - topic: four-card-flop\n    provisions: [tda.four-card-flop]\n",
                            "same.yaml")
    assert [(p.line, p.message) for p in check_house(kb, spec)] == [
        (6, "no-op: adopt on 'four-card-flop' lists Poker TDA Rules, 2024 Rules, Version "
            "1.0's own rules there (TDA 39-A (tda.four-card-flop)) in its own order, so "
            "nothing changes")]


def test_the_rulings_cache_rules_each_scenario_once():
    kb = _LOADED()
    spec = parse_house_text((CHOICES / "three-choices.yaml").read_text(), "x.yaml")
    book, _ = compose(kb, spec)
    scenarios = load_scenarios()[:5]
    rulings = Rulings(kb, book, scenarios)
    first = [rulings.house(s) for s in scenarios]
    assert [rulings.house(s) for s in scenarios] == first
    assert first == [rule(kb, book, s) for s in scenarios]


def test_the_differences_page_says_in_plain_words_what_the_room_loses():
    kb = _LOADED()
    spec = parse_house_text((CHOICES / "exposed-as-casino.yaml").read_text(), "x.yaml")
    book, _ = compose(kb, spec)
    [choice] = choices(kb, spec, book)
    three = [s for s in load_scenarios() if s.id == "three-exposed-cards"]
    [found] = touching(choice, rerulings(kb, book, three))
    assert what_changes(found, "The TDA 2024", choice.house) == (
        "Dealer exposes three hole cards during the deal: The TDA 2024: Misdeal: reshuffle "
        "and redeal (35-A-7); our rules now: Floor's decision: the book is silent on this; "
        "Casino house rulebook, section 13 (Texas Hold'em irregularities) 13.2 "
        "covers other cases only.")


def test_a_change_at_an_earlier_floor_call_is_the_one_the_page_says():
    """Case C23 is ruled at two calls; the casino's 13.2 changes the first (the exposed
    card is replaced and set aside, where the TDA plays on), the last is alike: the page
    said the TDA and we both leave the last call to the floor (a fresh user's find); each
    side says what its dealer does (kb.rules.answer), not the remedy word alone."""
    kb = _LOADED()
    spec = parse_house_text((CHOICES / "exposed-as-casino.yaml").read_text(), "x.yaml")
    book, _ = compose(kb, spec)
    c23 = [s for s in load_scenarios() if s.id == "case-c23-two-burns-as-it-happened"]
    [found] = rerulings(kb, book, c23)
    said = what_changes(found, "The TDA 2024")
    assert said.startswith("The exposed hole card becomes the flop "
                           "burn, and the dealer burns another (at floor call 1): The TDA "
                           "2024: Leave the cards as they are; the hand stands (35-A-7); our rules now: "
                           "Finish the deal, then replace the exposed card with the next "
                           "card; the exposed card becomes the burn card (13.2)")


def test_a_no_op_choice_is_not_a_change_on_the_differences_page():
    kb = _LOADED()
    text = ("id: house.same@1\ntitle: Same\nbase: \"tda@2024\"\nadopt:\n"
            "  - topic: four-card-flop\n    provisions: [tda.four-card-flop]\n"
            "  - topic: boxed-cards\n    provisions: [tda.misdeal.boxed-cards]\n")
    spec = parse_house_text(text, "same.yaml")
    book, _ = compose(kb, spec)
    assert [is_no_op(c) for c in choices(kb, spec, book)] == [True, False]


def test_tda_65_a_alone_on_a_hand_every_card_of_which_is_identified():
    """TDA 65-A's decider, alone on a killed hand that can be identified (65-B's case, which
    the TDA puts before it), failed (IndexError) and the check called it no ruling; it now
    does not decide there, and the check reports what the other scenarios show."""
    kb = _LOADED()
    spec = parse_house_text(
        "id: house.x@1\ntitle: X\nbase: \"rrop@v11\"\nadopt:\n  - topic: hand-killed-by-dealer\n"
        "    provisions: [tda.killing-winning-hand, tda.fouled-identifiable, tda.killed-hands]\n",
        "killed.yaml")
    [found] = check_house(kb, spec)
    assert (found.line, found.message.split(" are ")[0]) == (
        6, "contradiction: TDA 65-A (tda.killed-hands) and Robert's Rules Dead Hands 2 "
           "(rrop.dead-hands.mucked)")
