"""Issue 23, the topic matrix: each cell leads with what the dealer does (the ruling's
one-line answer), a misdeal draws no invented redeal, a row whose books agree on the
remedy word but not on the dealer's moves says "books differ", a ruling without a number
never reads as one made on no authority, and every topic page stays light enough for a
phone (under 300 KB of HTML)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kb.handbook.views.cells import NEW_DEAL, cited_line, explanations, ruling_cell
from kb.rules.answer import answer
from kb.rules.examples import ruling

FOUR = "case-c27-four-card-flop-stuck-cards"

#: Issue 23's limit for a reader page on a card room's Wi-Fi.
PAGE_LIMIT = 300_000


@pytest.fixture(scope="module")
def site(handbook) -> Path:
    return handbook


def _paragraphs(cell) -> list[tuple[tuple[str, ...], str]]:
    """(classes, words) of each paragraph of a cell node."""
    return [(classes, "".join(p[1] if p[0] != "cards" else " ".join(p[1]) for p in pieces))
            for classes, pieces in cell["paragraphs"]]


def test_a_cell_leads_with_the_answer_then_the_badge_numbers_and_who_decided():
    for book in ("rrop@v11", "tda@2024"):
        found = ruling(FOUR, book)
        paragraphs = _paragraphs(ruling_cell(found, [], book="Name"))
        assert paragraphs[0] == (("floorbook-answer",), "Name" + answer(found))
        assert paragraphs[1][1].startswith("continue")
        assert paragraphs[2][0] == ("floorbook-cite",)
        assert paragraphs[3][0] == ("floorbook-decided",)
    assert answer(ruling(FOUR, "rrop@v11")) != answer(ruling(FOUR, "tda@2024"))


def test_a_misdeal_cell_draws_no_cards_and_says_the_new_deal_is_unknown():
    found = ruling("boxed-two-cards-during-deal", "rrop@v11")
    assert found.remedy == "misdeal" and found.table.hands      # the JSON keeps a redeal
    cell = ruling_cell(found, sorted(found.table.hands))
    assert not [p for p in cell["paragraphs"] for piece in p[1] if piece[0] == "cards"]
    assert _paragraphs(cell)[-1] == (("floorbook-line", "floorbook-new-deal"), NEW_DEAL)
    assert "random (seed" not in cell.astext()
    assert cell.astext().startswith("Misdeal: reshuffle and redeal")


def test_a_ruling_without_numbers_says_the_book_has_no_rule_and_the_floor_decides():
    from kb.rules.ruling import TableView
    silent = ruling(FOUR, "tda@2024").__class__(
        "x", "tda@2024", "floor-decision", (), (), False, TableView({}, (), (), (), (), ()), "",
        irregularities=({"kind": "exposed", "line": 3},))
    assert cited_line(silent) == "no rule of this book applies: the floor decides"
    assert "no provision cited" not in ruling_cell(silent, []).astext()


def test_explanations_said_under_an_earlier_scenario_link_to_it():
    rows = [ruling(FOUR, b) for b in ("rrop@v11", "tda@2024")]
    earlier: dict = {}
    first = explanations(rows, {}, earlier, (FOUR, "First")).astext()
    again = explanations(rows, {}, earlier, ("other", "Second")).astext()
    assert rows[1].explanation in first and rows[1].explanation not in again
    assert again.count("as under First, above") == 2


def _page(site: Path, name: str) -> str:
    return (site / name).read_text(encoding="utf-8")


def _cell(page: str, scenario: str, book: str) -> str:
    row = page[page.index(f'id="ruling-{scenario}"'):]
    row = row[:row.index("</tr>")]
    start = row.index(f'data-book="{book}"')
    return row[start:row.find("</div>", start)]


def test_the_four_card_flop_row_says_what_each_book_does_and_that_books_differ(site):
    page = _page(site, "topics/four-card-flop.html")
    for book in ("rrop@v11", "tda@2024"):
        cell = _cell(page, FOUR, book)
        said = answer(ruling(FOUR, book)).replace("'", "’")
        assert re.search(r'<p class="floorbook-answer">(<span[^>]*>[^<]*</span>)?'
                         + re.escape(said) + "</p>", cell), cell
    row = page[page.index(f'id="ruling-{FOUR}"'):]
    assert "floorbook-differs" in row[:row.index("</td>")]


def test_a_row_whose_books_agree_on_the_remedy_but_not_the_moves_says_books_differ(site, kb):
    from kb.handbook.data.rulings import build_table
    from kb.handbook.views.matrix import differs
    from kb.rules.answer import books_differ
    table = build_table(kb, None)
    found = [sid for sid in table.scenarios
             if not table.differs(sid) and books_differ(table.row(sid))]
    assert found, "no scenario where only the dealers' moves differ"
    for sid in found:
        assert differs(table, sid) == "the same remedy, but the dealer does different things"


def test_no_misdeal_cell_of_any_topic_page_draws_cards(site):
    checked = 0
    for path in (site / "topics").glob("*.html"):
        page = path.read_text(encoding="utf-8")
        for cell in re.findall(r'<div class="floorbook-cell"[^>]*>(.*?)</div>', page, re.S):
            if ">misdeal</span>" in cell and "Call 2" not in cell:
                checked += 1
                assert "floorbook-card" not in cell and NEW_DEAL in cell, cell
    assert checked > 100


def test_every_topic_page_is_under_300_kb(site):
    sizes = {p.name: p.stat().st_size for p in (site / "topics").glob("*.html")}
    assert len(sizes) > 20
    assert {n: s for n, s in sizes.items() if s >= PAGE_LIMIT} == {}


def test_the_two_bundled_house_books_are_marked_examples_and_a_users_book_is_not(kb):
    from kb.house.compose import published_rulebooks
    from kb.house.spec import parse_house_text
    marked = {b.id: b.example for b in published_rulebooks(kb)}
    assert marked == {"rrop@v11": False, "tda@2024": False, "tda@2026": False,
                      "wsop@2024": False, "wsop-live@2024": False,
                      "house.casino@2026": True, "house.thursday-home-game@2026": True}
    plain = "id: house.pub@2026\ntitle: Pub\nbase: \"tda@2024\"\n"
    assert parse_house_text(plain, "pub.yaml").example is False
    assert parse_house_text(plain + "example: true\n", "pub.yaml").example is True


def test_an_example_mark_that_is_not_a_boolean_is_refused_at_its_line():
    from kb.house.spec import HouseError, parse_house_text
    with pytest.raises(HouseError) as refused:
        parse_house_text("id: house.pub@2026\ntitle: Pub\nbase: \"tda@2024\"\nexample: yes\n",
                         "pub.yaml")
    assert [p.line for p in refused.value.problems] == [4]


def test_only_a_matrix_cell_is_the_book_choosers_to_hide(site):
    """The disagreements page draws two books side by side under the pair's names: hiding
    a book in the chooser must not leave one of the two boxes empty there."""
    page = _page(site, "disagreements/four-card-flop.html")
    assert re.search(r'class="floorbook-cell[^"]*" data-rulebook="tda@2024"', page)
    assert "data-book=" not in page
    assert 'class="floorbook-cell" data-book="tda@2024"' in _page(site, "topics/four-card-flop.html")
