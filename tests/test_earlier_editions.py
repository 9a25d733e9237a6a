"""Earlier editions held in full (issue 24): sources.yaml's ``earlier`` list, read and
checked with located problems, ruled by ``rule`` and ``compare`` (under their own heading,
after the published books) and by an ``expect`` entry where a scenario has one, never a
matrix column.  The bad files of the list are tests/data/bad/sources-earlier-*
(tests/test_load_check.py)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from kb import DATA, parse_scenario
from kb.cli import main
from kb.files import parse_text
from kb.house.compose import published_rulebooks
from kb.house.expectations import Expectations
from kb.knowledge.books import earlier_ids, published_ids, read_books
from kb.knowledge.load import load_knowledge_base
from kb.rules.books import resolve_rulebook
from kb.rules.rulebook import RulebookError

STARTER = Path(__file__).parents[1] / "kb" / "handbook" / "sitebuild" / "starter" / "data"
FLOP = DATA / "scenarios" / "four-card-flop.yaml"


@pytest.fixture(scope="module")
def kb():
    return load_knowledge_base()


def test_the_bundled_earlier_editions_are_held_but_no_column(kb):
    assert kb.books.earlier_ids == ("wsop@2023", "wsop@2022", "wsop-live@2023",
                                   "wsop-live@2022") == earlier_ids()
    assert "wsop@2023" not in kb.books.ids and "wsop@2023" not in published_ids()
    assert kb.books.rulable("wsop@2022").decides_as == "wsop@2024"
    assert kb.books.edition_book("wsop@2023").deciders == "wsop@2024"
    assert kb.books.edition_book("sd@2026") is None          # a regulator is no edition book
    assert all("wsop@2023" not in pair for pair in kb.books.compared)


def test_previous_walks_each_source_by_year_among_published_and_earlier_books(kb):
    previous = kb.books.previous
    assert (previous("wsop@2024"), previous("wsop@2023"), previous("wsop@2022")) == (
        "wsop@2023", "wsop@2022", None)
    assert (previous("tda@2026"), previous("tda@2024"), previous("rrop@v11")) == (
        "tda@2024", None, None)
    assert previous("no@such") is None


SOURCES = """\
sources:
  - id: a
    title: A
    kind: book
    editions:
      - {id: "a@3", label: "3", year: 2023, confidence: confirmed}
      - {id: "a@1", label: "1", year: 2021, confidence: confirmed}
      - {id: "a@2", label: "2", year: 2022, confidence: confirmed}
      - {id: "a@0", label: "0", year: 2020, confidence: confirmed}
copies: []
rulebooks:
  - edition: "a@3"
regulators:
  - edition: "a@0"
earlier:
  - edition: "a@2"
    decides-as: "a@3"
  - edition: "a@9"
  - edition: "a@3"
  - edition: "a@0"
  - edition: "a@2"
  - edition: "a@1"
    decides-as: "a@2"
    falls-back-to: ["a@1", "b@1"]
"""


def test_every_problem_of_the_earlier_list_at_once_at_its_line():
    data = parse_text(SOURCES, "sources.yaml")
    books, problems = read_books(data, set(), {"a@0", "a@1", "a@2", "a@3"})
    assert [str(p) for p in problems] == [
        "sources.yaml:18: earlier edition 'a@9' is not an edition of any source in this "
        "file (add the edition under its source's editions, or fix the id)",
        "sources.yaml:19: earlier edition 'a@3' is also a published rulebook (list each "
        "earlier edition of the file once, and not under rulebooks or regulators)",
        "sources.yaml:20: earlier edition 'a@0' is also a regulator (list each earlier "
        "edition of the file once, and not under rulebooks or regulators)",
        "sources.yaml:21: earlier edition 'a@2' is listed twice (list each earlier edition "
        "of the file once, and not under rulebooks or regulators)",
        "sources.yaml:23: earlier edition 'a@1': decides-as 'a@2' is not a published "
        "rulebook (name a published rulebook that rules with its own deciders, or remove "
        "decides-as)",
        "sources.yaml:24: earlier edition 'a@1': falls-back-to 'a@1' is the book itself "
        "(name another edition, or remove it)",
        "sources.yaml:24: earlier edition 'a@1': falls-back-to 'b@1' is not an edition of "
        "any source in this file (name another edition, or remove it)"]
    assert books.earlier_ids == ("a@2",)
    assert books.sequence == ("a@0", "a@1", "a@2", "a@3")        # by year, not file order
    assert books.previous("a@3") == "a@2" and books.previous("a@2") is None


def test_an_earlier_edition_resolves_and_an_unknown_id_is_offered_one(kb):
    book = resolve_rulebook(kb, "wsop@2023")
    assert (book.id, book.citation_editions[0]) == ("wsop@2023", "wsop@2023")
    assert book.title == "World Series of Poker Official Tournament Rules, 2023"
    with pytest.raises(RulebookError, match="did you mean 'wsop@2022'"):
        resolve_rulebook(kb, "wsop@2O22")


def test_rule_rules_under_an_earlier_edition_and_the_help_names_them(capsys):
    assert main(["rule", str(FLOP), "--rulebook", "wsop@2023", "--json"]) == 0
    ruling = json.loads(capsys.readouterr().out)
    assert (ruling["rulebook"], ruling["remedy"]) == ("wsop@2023", "continue")
    with pytest.raises(SystemExit):
        main(["rule", "--help"])
    assert "an earlier edition (wsop@2023, wsop@2022, wsop-live@2023, wsop-live@2022)" in " ".join(
        capsys.readouterr().out.split())


def test_compare_prints_the_earlier_editions_after_the_published_books(kb, capsys):
    assert main(["compare", str(FLOP)]) == 0
    text = capsys.readouterr().out
    published, heading, rest = text.partition("\nEarlier editions of these books")
    assert heading and "under wsop@2023" not in published
    # the heading in a floor person's words, not the engine's ("deciders", "decides as")
    assert rest.splitlines()[0] == (" (for comparison; the handbook's tables "
                                    "show the current editions):")
    assert "decider" not in text and "decides as" not in text
    summary = published.split("\n\n")[0]
    assert "2023" not in summary and "2022" not in summary     # the summary names no column
    earlier, _, regulators = rest.partition("\nRegulators (")
    assert [line.split(":")[0] for line in earlier.splitlines() if " under " in line] == [
        "four-card-flop under wsop@2023", "four-card-flop under wsop@2022",
        "four-card-flop under wsop-live@2023", "four-card-flop under wsop-live@2022"]
    assert "under sd@2026" in regulators
    assert main(["compare", str(FLOP), "--json"]) == 0
    rulings = json.loads(capsys.readouterr().out)
    assert [r["rulebook"] for r in rulings] == [
        *(b.id for b in published_rulebooks(kb)), "wsop@2023", "wsop@2022", "wsop-live@2023",
        "wsop-live@2022"]


def _scenario(entry: str):
    text = FLOP.read_text(encoding="utf-8")
    return parse_scenario(text + entry, "four-card-flop.yaml")


def test_an_expect_entry_for_an_earlier_edition_is_checked_where_present():
    expectations = Expectations()
    assert expectations.check_scenario(_scenario("")) == []      # none: not an error
    right = '  "wsop@2023": {remedy: continue, read: text, why: "x"}\n'
    wrong = right.replace("remedy: continue", "remedy: misdeal")
    assert expectations.check_scenario(_scenario(wrong)) == [
        "  wsop@2023: remedy: expected 'misdeal', got 'continue'"]
    assert expectations.check_scenario(_scenario(right)) == []


def _folder_with_an_earlier_tda(tmp_path: Path) -> Path:
    """The starter data folder with TDA 2022 added as an earlier edition (data only)."""
    data = tmp_path / "data"
    shutil.copytree(STARTER, data)
    sources = (data / "sources.yaml").read_text()
    sources = sources.replace('      - id: "tda@2024"', '      - id: "tda@2022"\n'
                              '        label: 2022 Rules\n        year: 2022\n'
                              '        confidence: confirmed\n        sections: ["", "RP-"]\n'
                              '      - id: "tda@2024"', 1)
    (data / "sources.yaml").write_text(sources + 'earlier:\n  - edition: "tda@2022"\n'
                                       '    decides-as: "tda@2024"\n')
    provisions = data / "provisions" / "tda.yaml"
    provisions.write_text(provisions.read_text().replace(
        '{"tda@2024": 39-A}', '{"tda@2024": 39-A, "tda@2022": 37-A}', 1))
    return data


def test_a_data_folder_holds_an_earlier_edition_ruled_by_the_later_deciders(tmp_path, capsys):
    data = _folder_with_an_earlier_tda(tmp_path)
    kb = load_knowledge_base(data)
    assert (kb.books.ids, kb.books.earlier_ids) == (("rrop@v11", "tda@2024"), ("tda@2022",))
    assert kb.books.previous("tda@2024") == "tda@2022"
    scenario = str(data / "scenarios" / "four-card-flop.yaml")
    capsys.readouterr()
    assert main(["rule", scenario, "--rulebook", "tda@2022", "--data", str(data),
                 "--json"]) == 0
    ruling = json.loads(capsys.readouterr().out)
    assert ruling["remedy"] == "continue"
    assert [c["number"] for c in ruling["citations"]] == ["37-A"]   # renumbered from 39-A
    assert "39-A" not in json.dumps(ruling)
    assert main(["compare", scenario, "--data", str(data), "--json"]) == 0
    assert [r["rulebook"] for r in json.loads(capsys.readouterr().out)] == [
        "rrop@v11", "tda@2024", "tda@2022"]
    assert main(["check", "--data", str(data)]) == 0


def test_the_plugin_checks_an_earlier_editions_entry_and_needs_none(tmp_path):
    """A scenario file in a user's project: no wsop@2023 entry collects no item for it; a
    wrong one is an item of its own that fails with the field."""
    from test_plugin import FLOP as TEXT
    from test_plugin import project, pytest_in
    wrong = TEXT + '  "wsop@2023": {remedy: misdeal, read: text, why: "x"}\n'
    root = project(tmp_path, "floorbook_scenarios = tests/scenarios\n",
                   **{"tests__scenarios__four-card-flop.yaml": TEXT,
                      "tests__scenarios__four-card-flop-2023.yaml": wrong.replace(
                          "id: four-card-flop", "id: four-card-flop-2023")})
    result = pytest_in(root)
    assert result.returncode == 1
    assert "1 failed, 12 passed" in result.stdout
    assert "  wsop@2023: remedy: expected 'misdeal', got 'continue'\n" in result.stdout
    assert "FAILED tests/scenarios/four-card-flop-2023.yaml::four-card-flop-2023[wsop@2023]" \
        in result.stdout
