"""Books as data (issue 20): which books are published, what each falls back to and rules
as, and which pairs are compared, are sources.yaml's ``rulebooks`` and ``compared``.
Adding a book touches data (and its deciders, when it rules in a way of its own): a book
added to a data folder from data alone rules a scenario.  The located problems of those
fields are tests/data/bad/sources-rulebook-*, -fallback-*, -decides-as-* and -compared-*
(tests/test_load_check.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

from kb import DATA
from kb.cli import main
from kb.hand.scenario_file import load_scenario
from kb.house.expectations import Expectations
from kb.knowledge.load import load_knowledge_base
from kb.rules.books import resolve_rulebook
from kb.rules.engine import rule

STARTER = Path(__file__).parents[1] / "kb" / "handbook" / "sitebuild" / "starter" / "data"

#: A small card room's rules: one edition, published, and one provision that rules as the
#: TDA's four-card flop rule (``same-as``: no decider of its own).
CLUB_SOURCE = """\
  - id: club
    title: The Club's poker rules
    kind: house
    publisher: A small card room
    editions:
      - id: "club@2026"
        label: 2026 rules
        year: 2026
        confidence: confirmed
        sections: [""]
copies:
  - id: C1
    title: The Club's printed rules
    covers: Rules 1-20
    editions: ["club@2026"]
"""
CLUB_PROVISIONS = """\
source: club
provisions:
  - id: club.four-card-flop
    title: Four-card flop
    numbers: {"club@2026": "7"}
    summary: As the TDA, one of the four cards is picked at random as the next burn.
    topics: [four-card-flop]
    games: [flop-games]
    confidence: confirmed
    checked-against: [C1]
    relations:
      - kind: same-as
        target: tda.four-card-flop
"""


def _club_folder(tmp_path: Path) -> Path:
    """The starter data folder with the Club's book added: data only."""
    data = tmp_path / "data"
    shutil.copytree(STARTER, data)
    sources = (data / "sources.yaml").read_text()
    sources = sources.replace("copies:\n", CLUB_SOURCE, 1)
    sources = sources.replace('    primary: true\ncompared:', '    primary: true\n'
                              '  - edition: "club@2026"\ncompared:', 1)
    (data / "sources.yaml").write_text(sources)
    (data / "provisions" / "club.yaml").write_text(CLUB_PROVISIONS)
    scenario = data / "scenarios" / "four-card-flop.yaml"
    scenario.write_text(scenario.read_text() + '  "club@2026": {remedy: continue, '
                        'stub_top: [3h], citations: [{source: club, edition: "2026", '
                        'number: "7"}]}\n')
    return data


def test_a_book_added_from_data_alone_rules_a_scenario_through_a_same_as_decider(tmp_path):
    data = _club_folder(tmp_path)
    kb = load_knowledge_base(data)
    assert kb.books.ids == ("rrop@v11", "tda@2024", "club@2026")
    club = resolve_rulebook(kb, "club@2026")
    assert club.title == "The Club's poker rules, 2026 rules"
    assert club.governing("four-card-flop") == ("club.four-card-flop",)
    scenario = load_scenario(data / "scenarios" / "four-card-flop.yaml")
    ruling = rule(kb, club, scenario)
    tda = rule(kb, resolve_rulebook(kb, "tda@2024"), scenario)
    assert (ruling.remedy, ruling.table.stub_top[:1]) == (tda.remedy, tda.table.stub_top[:1]) \
        == ("continue", ("3h",))
    assert [(c.source, c.edition, c.number, pid) for c, pid in ruling.cited] == [
        ("club", "2026", "7", "club.four-card-flop")]
    # the data folder's own expectations, as its pytest runs them, hold for the new book
    assert Expectations(data).check_scenario(scenario) == []


def test_the_new_book_is_checked_and_published_with_the_data_folder(tmp_path, capsys):
    data = _club_folder(tmp_path)
    assert main(["check", "--data", str(data)]) == 0
    assert "no problems" in capsys.readouterr().out
    assert [b.id for b in Expectations(data).published()] == ["rrop@v11", "tda@2024",
                                                              "club@2026"]


def test_a_data_folder_without_rulebooks_publishes_none_and_checks_no_pair(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(STARTER, data)
    sources = (data / "sources.yaml").read_text()
    (data / "sources.yaml").write_text(sources[:sources.index("\n# The editions published")]
                                       + "\n")
    kb = load_knowledge_base(data)
    assert (kb.books.ids, kb.books.compared, kb.books.primary) == ((), (), ())
    scenario = load_scenario(data / "scenarios" / "four-card-flop.yaml")
    assert Expectations(data).check_scenario(scenario)[0].endswith(
        "unknown rulebook 'rrop@v11' (the knowledge base publishes no rulebook: list its "
        "editions under rulebooks in sources.yaml, or give a file path)")


def test_the_bundled_books_are_the_published_editions_in_column_order():
    kb = load_knowledge_base(DATA)
    assert kb.books.ids == ("rrop@v11", "tda@2024", "tda@2026", "wsop@2024", "wsop-live@2024")
    assert kb.books.get("tda@2026").deciders == "tda@2024"
    assert kb.books.get("wsop@2024").falls_back_to == ("wsop-live@2024",)
    assert kb.books.primary == ("rrop@v11", "tda@2024")


def test_rule_and_compare_rule_under_the_data_folders_books(tmp_path, capsys):
    """`rule` and `compare` had no --data: a book added to a data folder could be seen
    only through pytest or the build (the fresh user's run of issue 20)."""
    import json
    data = _club_folder(tmp_path)
    scenario = str(data / "scenarios" / "four-card-flop.yaml")
    capsys.readouterr()
    assert main(["rule", scenario, "--rulebook", "club@2026", "--data", str(data),
                 "--json"]) == 0
    ruling = json.loads(capsys.readouterr().out)
    assert (ruling["rulebook"], ruling["remedy"]) == ("club@2026", "continue")
    assert main(["compare", scenario, "--data", str(data), "--json"]) == 0
    assert [r["rulebook"] for r in json.loads(capsys.readouterr().out)] == [
        "rrop@v11", "tda@2024", "club@2026"]
    assert main(["rule", scenario, "--rulebook", "club@2026"]) == 2    # not a bundled book
    assert "club@2026" in capsys.readouterr().err
