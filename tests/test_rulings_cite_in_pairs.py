"""A ruling's citations and provisions go in pairs (issue 19, section 4): two provisions may
share one number (Robert's Rules' two stud rules on exposed down cards are both "Seven-Card
Stud 5"), and a call that answers several irregularities cites every unit's provisions.
``floorbook rule`` and ``compare`` print such a ruling (the text output used to stop with a
traceback, and ``--json`` printed fewer citations than provisions), and the JSON's
``citations`` and ``provisions`` are parallel: the i-th citation is the i-th provision's.
"""

from __future__ import annotations

import json

import pytest

from kb.cli import main
from kb.hand.scenario_file import parse_scenario
from kb.handbook.views.cells import citation_text
from kb.house.compose import published_rulebooks, resolve_rulebook
from kb.rules.engine import rule
from kb.rules.rulebook import citation

#: Seat 1's first down card and both of seat 3's are turned up on third street: Robert's
#: Rules answers each with a provision of its own, both numbered "Seven-Card Stud 5".
STUD = ("id: stud-two-exposed\ntitle: t\ngame: stud\nsetting: cash\nseats: 5\nevents:\n"
        "  - third: {exposed: [1], both-exposed: [3]}\n")
#: The flop and then the turn are dealt too soon: the WSOP Live Action rules cite three
#: provisions, two of them by one number.
HOLDEM = ("id: holdem-two-premature\ntitle: t\ngame: holdem\nseats: 6\nbutton: 1\nevents:\n"
          "  - deal: {}\n  - flop: {premature: true}\n  - turn: {premature: true}\n")
HANDS = {"stud": (STUD, "rrop@v11", ["rrop.stud.both-down-exposed",
                                     "rrop.stud.exposed-down-card"]),
         "holdem": (HOLDEM, "wsop-live@2024", ["wsop-live.holdem.premature-flop",
                                               "wsop-live.holdem.burn-and-turn",
                                               "wsop-live.holdem.premature-turn"])}
#: How the text output names the two books' editions.
BOOK_NAMES = {"rrop@v11": "Robert's Rules v11", "wsop-live@2024": "WSOP Live Action 2024"}


def _file(tmp_path, text: str):
    path = tmp_path / "hand.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def _printed(capsys, *args: str) -> str:
    assert main(list(args)) == 0
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return captured.out


def _parallel(kb, data: dict) -> None:
    """Each call of one ruling's JSON cites its provisions in pairs: as many citations as
    provisions, the i-th the rulebook's number of the i-th provision."""
    book = resolve_rulebook(kb, data["rulebook"])
    for call in (*data["calls"], data):
        assert len(call["citations"]) == len(call["provisions"])
        assert call["citations"] == [citation(kb, book, pid).to_json()
                                     for pid in call["provisions"]]


@pytest.mark.parametrize("name", HANDS)
def test_rule_json_lists_the_citations_parallel_to_the_provisions(kb, tmp_path, capsys, name):
    text, book, provisions = HANDS[name]
    data = json.loads(_printed(capsys, "rule", _file(tmp_path, text), "--rulebook", book,
                               "--json"))
    assert data["provisions"] == provisions
    _parallel(kb, data)


@pytest.mark.parametrize("name", HANDS)
def test_rule_prints_each_provision_with_its_number(kb, tmp_path, capsys, name):
    text, book, provisions = HANDS[name]
    printed = _printed(capsys, "rule", _file(tmp_path, text), "--rulebook", book)
    cites = next(line for line in printed.splitlines() if line.startswith("  cites:  "))
    assert cites == "  cites:  " + "; ".join(
        f"{BOOK_NAMES[book]} {citation(kb, resolve_rulebook(kb, book), pid).number} ({pid})"
        for pid in provisions)


@pytest.mark.parametrize("name", HANDS)
def test_compare_json_lists_the_citations_parallel_to_the_provisions(kb, tmp_path, capsys,
                                                                      name):
    data = json.loads(_printed(capsys, "compare", _file(tmp_path, HANDS[name][0]), "--json"))
    assert [r["rulebook"] for r in data] == [
        *(b.id for b in published_rulebooks(kb)), *kb.books.earlier_ids]
    for ruling in data:
        _parallel(kb, ruling)


@pytest.mark.parametrize("name", HANDS)
def test_compare_prints_every_rulebook(kb, tmp_path, capsys, name):
    text = HANDS[name][0]
    # the books' rulings; the earlier editions' and regulators' follow under headings
    printed = _printed(capsys, "compare", _file(tmp_path, text)).partition(
        "Earlier editions of these books")[0]
    scenario = text.splitlines()[0].removeprefix("id: ")
    headlines = [line for line in printed.splitlines() if line.startswith(scenario)]
    assert [line.split(":")[0] for line in headlines] == [
        f"{scenario} under {book.id}" for book in published_rulebooks(kb)]
    assert printed.count("  cites:  ") >= len(headlines)


def test_a_page_shows_a_number_two_provisions_share_once(kb):
    """The handbook's cells read ``Ruling.citations``, each number once (as before the
    pairs); the pairs are ``Ruling.cited``."""
    ruling = rule(kb, resolve_rulebook(kb, "rrop@v11"), parse_scenario(STUD, "s.yaml"))
    assert [pid for _, pid in ruling.cited] == list(ruling.provisions) == HANDS["stud"][2]
    assert {c.number for c, _ in ruling.cited} == {"Seven-Card Stud 5"}
    assert citation_text(ruling) == "Seven-Card Stud 5"
