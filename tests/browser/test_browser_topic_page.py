"""A topic page as a reader sees it: the box saying where the books disagree, and the
ruling matrix whose cells show the cards on the table after each remedy."""

from __future__ import annotations

import re

#: A topic where Robert's Rules v11 and TDA 2024 rule differently.
TOPIC = "topics/boxed-cards.html"


def test_boxed_cards_page_shows_the_books_disagree_box(open_page):
    page = open_page(TOPIC)
    box = page.locator(".floorbook-disagreement")
    assert box.is_visible()
    assert box.locator(".admonition-title").inner_text() == "The books disagree"
    assert len(box.inner_text()) > len("The books disagree") + 20     # and says on what


def test_boxed_cards_matrix_shows_a_column_per_rulebook_and_cards(open_page):
    page = open_page(TOPIC)
    matrix = page.locator("table.floorbook-matrix")
    assert matrix.is_visible()
    headers = matrix.locator("thead th").all_inner_texts()
    assert "Robert’s Rules v11" in " ".join(headers) and "TDA 2024" in " ".join(headers), headers
    rows = matrix.locator("tbody tr")
    assert rows.count() >= 3
    card = matrix.locator(".floorbook-card").first
    assert card.is_visible()
    face = card.inner_text()                 # the face is the card's text, the notation its title
    assert re.fullmatch(r"(10|[2-9JQKA])[♠♥♦♣]|Joker", face), face
    # the notation ("Ah") is the card's title
    assert re.fullmatch(r"[2-9TJQKA][shdc]|Jk", card.get_attribute("title"))


def test_red_cards_in_the_matrix_are_drawn_red_and_black_ones_not(open_page):
    page = open_page(TOPIC)
    colours = page.evaluate("""() => {
      const of = sel => [...document.querySelectorAll(sel)].slice(0, 20)
        .map(c => getComputedStyle(c).color);
      return {red: of('table.floorbook-matrix .floorbook-card.floorbook-red'),
              black: of('table.floorbook-matrix .floorbook-card:not(.floorbook-red)')};
    }""")
    assert colours["red"] and colours["black"]
    assert set(colours["red"]).isdisjoint(colours["black"]), colours
