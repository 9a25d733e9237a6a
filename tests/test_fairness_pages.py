"""Issue 25, fairness on the site: each matrix cell's note (closed, under the cards: what
the remedy does with each seen card, then the chances of the seat it changes most), each
topic page's summary per book, each drawn disagreement's fairness line; none of it in
the printed handbook; every value as text.

The figures asserted are the bundled scenarios' own, read from the rule texts' remedies:
the TDA's four-card flop scrambles the four seen cards and picks one as the burn, so each
plays 3 times in 4; Robert's Rules burns a later exposed hole card; a misdeal gathers
the deck, so a seen card plays as any card of a fresh deal.
"""

from __future__ import annotations

import re
import shutil
from fractions import Fraction

import pytest
from bs4 import BeautifulSoup
from docutils import nodes
from docutils.core import publish_from_doctree
from docutils.utils import new_document

from kb import DOCS
from kb.fairness.analysis import fairness
from kb.fairness.report import Fairness, SeatChances, SeenCard
from kb.hand.scenario_file import load_scenario
from kb.handbook.data.rulings import SEED
from kb.handbook.views import cellnode, fairness_pages
from kb.handbook.views.cells import row_anchor
from kb.handbook.views.fairness import chances, note, words
from kb.rules.books import published_editions

FOUR = "case-c27-four-card-flop-stuck-cards"
BURNED = "case-c01-exposed-card-self-dealt"
MISDEAL = "boxed-two-cards-during-deal"


@pytest.fixture(scope="module")
def soups(handbook) -> dict[str, BeautifulSoup]:
    pages = ("topics/four-card-flop.html", "topics/exposed-later-hole-card.html",
             "topics/boxed-cards.html", "disagreements/four-card-flop.html")
    return {page: BeautifulSoup((handbook / page).read_text(encoding="utf-8"), "html.parser")
            for page in pages}


def _cell(soup: BeautifulSoup, sid: str, book: str):
    return soup.find(id=row_anchor(sid)).find("div", attrs={"data-book": book})


def _note(cell) -> list[str]:
    """A cell's note (its own, not one copied by a script): its two sentences, what the
    remedy does with the seen cards, then the chances."""
    details = cell.find("details", recursive=False)
    assert details is not None, cell
    assert details.summary.get_text() == "Fairness" and not details.has_attr("open")
    text = details.get_text()[len("Fairness"):].strip()
    first, second = re.fullmatch(r"(.*?) ((?:Seat \d+ wins|Chances) .*)", text).groups()
    return [first, second]


def test_a_four_card_flop_under_the_tda_scrambles_each_seen_card_onto_the_flop_3_in_4(soups):
    page = soups["topics/four-card-flop.html"]
    cell = _note(_cell(page, FOUR, "tda@2024"))
    assert cell[0] == ("the exposed K♣ 10♥ 9♣ J♥ are each scrambled with 3 other cards, "
                       "one picked as burn: it plays 3 times in 4 (75.0%); some seats can "
                       "know a card to come.")
    rrop = _note(_cell(page, FOUR, "rrop@v11"))
    assert rrop[0] == ("the exposed K♣ 10♥ 9♣ J♥ each go to the stub (reshuffled): it plays "
                       "5 times in 33 (15.2%): no seat can know a card to come.")
    # TDA 2026 deals the same cards and the same note: it names TDA 2024 for both
    same = _cell(page, FOUR, "tda@2026")
    assert same.find("details", recursive=False) is None
    assert same.find("p", class_="floorbook-same").get_text() == \
        "Cards and fairness as under TDA 2024"


def test_the_note_is_closed_and_last_what_the_dealer_does_comes_first(soups):
    cell = _cell(soups["topics/four-card-flop.html"], FOUR, "tda@2024")
    children = [c for c in cell.children if getattr(c, "name", None)]
    assert children[0]["class"] == ["floorbook-call"] or "floorbook-answer" in \
        children[0]["class"]
    assert children[-1].name == "details" and not children[-1].has_attr("open")
    assert [c.name for c in children[:-1]] == ["p"] * (len(children) - 1)
    assert children[-1].find("p") is None          # the note's words, without paragraphs


def test_an_exposed_card_that_becomes_the_burn_lets_no_seat_know_a_card(soups):
    page = soups["topics/exposed-later-hole-card.html"]
    assert _note(_cell(page, BURNED, "rrop@v11"))[0] == \
        "the exposed 5♦ becomes the burn: no seat can know a card to come."
    assert _note(_cell(page, BURNED, "tda@2024"))[0] == \
        "the exposed 5♦ stays in seat 4’s hand: the other seats know it."


def test_a_misdeal_note_gives_the_redeal_against_the_hand_dealt_right(kb, soups):
    shown = _note(_cell(soups["topics/boxed-cards.html"], MISDEAL, "rrop@v11"))
    assert shown[0] == ("the exposed A♥ 3♠ each go to the deck (reshuffled for the redeal): "
                        "it plays 19 times in 52 (36.5%): no seat can know a card to come.")
    book = next(b for b in published_editions(kb) if b.id == "rrop@v11")
    record = fairness(kb, book, load_scenario(f"{kb.root}/scenarios/{MISDEAL}.yaml"), SEED)
    clean = {c.seat: c for c in record.chances_clean}
    pairs = [(clean[c.seat], c) for c in record.chances_after if c.seat in clean]
    if not pairs:           # never a made-up figure: not computed, and why
        assert shown[1].startswith("Chances not computed")
        return
    before, after = max(pairs, key=lambda p: (abs(float(p[1].win) - float(p[0].win)),
                                              -p[0].seat))
    found = re.fullmatch(r"Seat (\d+) wins ([\d.]+)%(?: ± [\d.]+%)? if "
                         r"dealt right, ([\d.]+)%(?: ± [\d.]+%)? after the "
                         r"redeal\.", shown[1])
    assert found, shown[1]
    assert int(found[1]) == after.seat
    assert float(found[2]) == round(100 * float(before.win), 1)
    assert float(found[3]) == round(100 * float(after.win), 1)


def test_the_seat_shown_is_the_one_the_remedy_changes_most_with_its_error():
    clean = (SeatChances(1, Fraction(1, 2), Fraction(0), True, 0.0),
             SeatChances(3, Fraction(1, 4), Fraction(0), True, 0.0))
    after = (SeatChances(1, 0.49, 0.0, False, 0.003), SeatChances(3, 0.312, 0.0, False, 0.002))
    assert chances(clean, after, "") == ("Seat 3 wins 25.0% if dealt right, "
                                         "31.2% ± 0.2% after the remedy.")
    assert chances((), (), "a draw game") == "Chances not computed: a draw game."
    assert chances(clean, (), "") == "Chances after the remedy not computed."
    assert chances((), after, "why") == "Chances if dealt right not computed: why."


def test_a_topic_page_sums_up_each_books_fairness_over_its_scenarios(soups):
    page = soups["topics/four-card-flop.html"]
    rows = len(page.find("table", class_="floorbook-matrix").tbody.find_all("tr",
                                                                           recursive=False))
    table = page.find("table", class_="floorbook-fair-summary")
    lines = {tr.td.get_text(): [td for td in tr.find_all("td")] for tr in table.tbody("tr")}
    assert set(lines) >= {"Robert’s Rules v11", "TDA 2024", "WSOP 2024"}
    for _, random_, _ in lines.values():
        assert re.fullmatch(rf"\d+ of {rows}", random_.get_text())
    # the TDA scrambles the seen cards with the next ones: each can reach the flop; Robert's
    # Rules shuffles them back into the stub, below a card's chance had nobody seen it
    # but for the five-card flop its floor leaves on the board, where every seat sees the
    # cards alike (docs/fairness.md: a card on the board is not flagged)
    assert lines["TDA 2024"][2].get_text() == f"{rows - 1} of {rows}"
    assert lines["Robert’s Rules v11"][2].get_text() == f"0 of {rows}"


def test_a_disagreement_says_where_the_books_differ_in_fairness(soups):
    page = soups["disagreements/four-card-flop.html"]
    heading = page.find(id=f"shown-four-card-flop-scenario-{FOUR}")
    line = heading.find_next("p", class_="floorbook-fair-differs").get_text()
    assert line.startswith("Fairness: TDA 2024 hands a seen card to play (K♣ 10♥ 9♣ J♥, "
                           "3 times in 4 (75.0%)); Robert’s Rules v11 does not")


def test_a_record_of_a_hand_that_cannot_be_replayed_is_said_not_worked_out():
    assert note(None) == ()
    line = fairness_pages.difference(None, None, "A", "B")
    assert line.astext() == "Fairness: not worked out for this hand (it cannot be replayed)."


class _Book:
    id = "tda@2024"


class _Hb:
    """What :func:`fairness_pages.topic_summary` reads of a build's handbook."""

    def __init__(self, record):
        self.rulings = type("R", (), {"rulebooks": (_Book,)})
        self.fairness = type("F", (), {"get": staticmethod(lambda sid, book: record)})


def test_no_raw_html_of_a_name_or_a_place_reaches_the_page():
    seen = SeenCard("Kc", (0, 1), "hand <b>2</b>", Fraction(1), Fraction(1, 2), True)
    record = Fairness("x", "tda@2024", (seen,), False, "", (), (), ())
    box = fairness_pages.topic_summary(_Hb(record), ["x"], {"tda@2024": "<u>TDA</u>"})
    document = new_document("test")
    for made in (box, fairness_pages.difference(record, record, "<em>a</em>", "b")):
        document += nodes.container("", *made.children)   # plain docutils: no Sphinx MRO
    html = publish_from_doctree(document, writer_name="html").decode()
    assert "<u>" not in html and "&lt;u&gt;TDA&lt;/u&gt;" in html
    assert re.findall(r"<td>(.*?)</td>", html) == \
        ["&lt;u&gt;TDA&lt;/u&gt;", "0 of 1", "1 of 1"]
    # the cell's visitor encodes every word of a note (cellnode._paragraphs_html)
    assert words(note(record)).startswith("the exposed K♣ stays in seat <b>2</b>'s hand")


def test_the_printed_handbook_holds_no_fairness(handbook, tmp_path):
    """The LaTeX of the site just built (its environment reused, as ``floorbook build
    --pdf`` reuses it): no note, no summary, no disagreement's fairness line, while the
    site has them."""
    from kb.handbook.printing import pdf

    doctrees = tmp_path / "doctrees"
    shutil.copytree(handbook.parent / f".{handbook.name}.doctrees", doctrees)
    pdf._sphinx_latex(DOCS, None, tmp_path / "latex", doctrees, pdf.layout("a4", False),
                      True)
    tex = (tmp_path / "latex" / "floorbook.tex").read_text(encoding="utf-8")
    site = (handbook / "topics/four-card-flop.html").read_text(encoding="utf-8")
    # words of the notes, the summary and the disagreements' lines (docs/fairness.md, which
    # is printed, quotes other words of them)
    said = ("each go to the stub (reshuffled): it plays 5 times in 33",
            "stays in seat 4’s hand: the other seats know it", "Counted over this topic",
            "hands a seen card to play (")
    assert [s for s in said if s in tex] == []
    assert said[0] in site and said[2] in site
    assert "Scramble the four flop cards face down" in tex     # the matrix's rulings are


def test_a_cell_tree_for_other_formats_leaves_the_note_out():
    cell = cellnode.cell_node([cellnode.paragraph(("text", "Deal on"))], ["floorbook-cell"],
                              note=("Fairness", (cellnode.paragraph(("text", "seen")),)))
    assert cell["note"][1] and cell.astext() == "Deal on"
    assert [str(t) for t in cellnode.tree(cell).findall(nodes.Text)] == ["Deal on"]
