"""TDA 2026 as a paraphrase of its rules numbers and words them (more-books.md section 3,
copy D1; every number and change partial): the numbering map, the 2026 rules that revise
2024's ruling in their place, and the edition diff the handbook shows."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from helpers import hand, numbers, ruled
from test_sphinx_basic import ROOT, build

from kb.knowledge.diff import edition_diff, previous_edition
from kb.knowledge.load import load_knowledge_base
from kb.knowledge.vocabulary import Confidence
from kb.rules.rulebook import edition_rulebook


@pytest.fixture(scope="module")
def kb():
    return load_knowledge_base()


@pytest.mark.parametrize("pid, number", [
    ("tda.player-responsibilities", "2"),            # below Rule 7: unchanged
    ("tda.disputed-hands", "24"),                     # 21-69: plus two
    ("tda.button.correction", "36-A"),
    ("tda.button.heads-up", "36-C"),                  # after the new 36-B
    ("tda.misdeal.exposed-downcards", "37-A-6"),
    ("tda.burns-after-substantial-action", "40"),
    ("tda.killed-hands", "67-A"),
    ("tda.exposing-cards", "70"),
    ("tda.rp.premature-flop", "RP-5-A"),              # RP-1 to RP-22 keep their numbers
])
def test_2026_numbers_follow_the_paraphrase_map_and_are_partial(kb, pid, number):
    found = kb.provision(pid).number_in("tda@2026")
    assert (found.number, found.confidence) == (number, Confidence.PARTIAL)


def test_the_2026_edition_is_partial_and_no_longer_2024_plus_2(kb):
    edition = kb.edition("tda@2026")
    assert edition.confidence == Confidence.PARTIAL
    assert "7-20 move up one" in edition.note and "Rule 62 cites 25" in edition.note


def test_2026_rulebook_uses_37_e_instead_of_35_a_6_and_35_e(kb):
    book = edition_rulebook(kb, "tda@2026")
    assert book.governing("non-standard-cards") == ("tda.fouled-deck-2026",)
    assert "tda.fouled-deck" not in book.provisions()
    assert "tda.misdeal.non-standard-card" not in book.provisions()
    assert book.governing("four-card-flop") == edition_rulebook(kb, "tda@2024").governing(
        "four-card-flop")


JOKER_RIVER = """  - deal: {}
  - act: [raise, fold, fold, fold, fold, call]
  - flop: {}
  - act: [check, check]
  - turn: {}
  - act: [bet, call]
  - river: {}
  - found: {foreign: Jk, where: board}
"""
DECK = "As Kd 7h 2c 9s Qd Ah Kc 8d 3s Th Jd 4c 5h 6d Qs 2d 9h 3c Jk 7s 8s 4d 6c"


def test_joker_on_the_river_after_substantial_action_voids_under_2026_only(kb):
    scenario = hand(JOKER_RIVER, button="1", deck=DECK, setting="tournament")
    old, new = ruled(kb, "tda@2024", scenario), ruled(kb, "tda@2026", scenario)
    assert (old.remedy, numbers(old)[0]) == ("continue", "35-D")
    assert (new.remedy, numbers(new)) == ("void", ["37-E"])
    assert "English 2026 text was not seen" in new.explanation
    assert "scrap of paper after substantial action (37-D)" in new.explanation


def test_a_revised_rule_is_renumbered_to_its_reviser_in_2026_explanations(kb):
    scenario = hand("  - deal: {}\n  - found: {duplicate: Kd, where: hand}\n",
                    deck="As Kd 7h 7c 2s 9d Qs Jh 4c 5d 8s Tc Ah 3d Kd")
    ruling = ruled(kb, "tda@2026", scenario)
    assert ruling.remedy == "void"
    assert "35-E" not in ruling.explanation


def test_unchanged_rules_say_where_the_2026_number_comes_from(kb):
    ruling = ruled(kb, "tda@2026", hand("  - deal: {exposed: [1]}\n"))
    assert numbers(ruling) == ["37-A-6"]
    assert "paraphrase of the 2026 rules" in ruling.explanation
    assert "plus 2" not in ruling.explanation


def test_edition_diff_2024_to_2026(kb):
    assert previous_edition(kb, "tda@2026") == "tda@2024"
    assert previous_edition(kb, "tda@2024") is None
    diff = edition_diff(kb, "tda@2024", "tda@2026")
    revised = {c.later[1]: [n for _, n in c.earlier] for c in diff.revised}
    assert revised == {"37-D": ["35-D"], "37-E": ["35-E", "35-A-6"], "RP-10-B": ["RP-10-B"]}
    assert [c.later[1] for c in diff.added] == ["25-C", "36-B", "RP-25"]
    assert diff.removed == ()
    moved = {c.earlier[0][1]: c.later[1] for c in diff.renumbered}
    assert moved["34-B"] == "36-C" and moved["22"] == "24" and moved["39-A"] == "41-A"
    assert "2" not in moved and "RP-14" not in moved


_SOURCES_2026 = """      - id: "tda@2026"
        label: 2026 Rules
        year: 2026
        confidence: partial
        sections: ["", "RP-"]
"""
_TDA_2026 = """
  - id: tda.flop-no-burn
    title: Flop dealt without a burn
    numbers: {"tda@2024": 39-B, "tda@2026": 41-B}
    summary: Scramble the three cards and pick a burn if nobody has acted.
    topics: [four-card-flop]
    settings: [tournament]
    confidence: confirmed
    checked-against: [T1]
  - id: tda.premature-cards
    title: Premature cards
    numbers: {"tda@2024": 39-C}
    summary: See the recommended procedures.
    topics: [four-card-flop]
    settings: [tournament]
    confidence: confirmed
    checked-against: [T1]
  - id: tda.four-card-flop-2026
    title: Four-card flop (2026)
    numbers: {"tda@2026": 41-A}
    summary: A made-up revision for this test.
    topics: [four-card-flop]
    settings: [tournament]
    confidence: partial
    checked-against: [T1]
    relations:
      - {kind: revises, target: tda.four-card-flop, point: The test's made-up change.}
  - id: tda.button.empty-seats
    title: Button over empty seats
    numbers: {"tda@2026": 36-B}
    summary: New in the test's 2026.
    topics: [four-card-flop]
    settings: [tournament]
    confidence: partial
    checked-against: [T1]
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """test-basic with a made-up 2026 edition: 39-B renumbered, 39-A revised (no decider,
    so the four-card flop is ruled differently), 39-C removed, 36-B added."""
    tmp = tmp_path_factory.mktemp("tda2026")
    src = tmp / "src"
    shutil.copytree(ROOT, src)
    data = src / "data"
    sources = (data / "sources.yaml").read_text()
    marker = "        sections: [\"\", \"RP-\"]\n"
    published = '  - edition: "tda@2024"\n    primary: true\n'
    (data / "sources.yaml").write_text(sources.replace(marker, marker + _SOURCES_2026, 1)
                                       .replace(published, published + '  - edition: '
                                                '"tda@2026"\n    decides-as: "tda@2024"\n', 1))
    with (data / "provisions" / "tda.yaml").open("a") as f:
        f.write(_TDA_2026)
    (src / "editions" / "tda-2026.md").write_text("```{rule:edition} tda@2026\n```\n")
    index = (src / "index.md").read_text()
    (src / "index.md").write_text(index.replace("editions/tda-2024", "editions/tda-2024\n"
                                                "editions/tda-2026", 1))
    warnings = build(src, tmp / "out")
    assert warnings == "", warnings
    return tmp / "out" / "html"


def test_edition_page_lists_what_changed_with_both_numbers(site):
    page = (site / "editions" / "tda-2026.html").read_text()
    assert "What changed from" in page
    changes = page[page.index("What changed from"):page.index("Provisions in the book")]
    assert "39-A" in changes and "The test’s made-up change." in changes       # revised
    assert "39-B" in changes and "41-B" in changes                             # renumbered
    assert "36-B" in changes and "39-C" in changes                             # added, removed
    assert "Rulings that changed from TDA 2024" in changes and "Remedy: continue" in changes
    assert "<p>changed: the remedy, what the dealer does" in changes
    earlier = (site / "editions" / "tda-2024.html").read_text()
    assert "What changed from" not in earlier and "no previous edition" in earlier
