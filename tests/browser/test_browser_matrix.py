"""The ruling matrix on a phone and on a laptop: at 360 px each scenario becomes a card
whose cells name their rulebook; wider, the page never scrolls sideways and, where the
table is wider than its box, the box scrolls with the scenario column held still."""

from __future__ import annotations

from itertools import pairwise

import pytest

from browser.browser_probes import sideways_overflow

#: A topic whose matrix has many rows and every published rulebook's column.
TOPIC = "topics/boxed-cards.html"
SCENARIO = "boxed-card-during-deal"


def test_on_a_phone_each_scenario_is_a_card_whose_cells_name_their_rulebook(open_page):
    page = open_page(TOPIC, viewport={"width": 360, "height": 740})
    matrix = page.locator("table.floorbook-matrix")
    assert not matrix.locator("thead").is_visible()
    row = page.locator(f"tr#ruling-{SCENARIO}")
    cells = row.locator("td:visible")      # the example house books start hidden
    boxes = [cells.nth(i).bounding_box() for i in range(cells.count())]
    assert len(boxes) >= 6                           # the scenario, then each rulebook
    for above, below in pairwise(boxes):             # stacked, not side by side
        assert below["y"] >= above["y"] + above["height"] - 1
    assert max(box["x"] + box["width"] for box in boxes) <= 360
    books = row.locator(".floorbook-cell-book:visible")
    assert books.count() == len(boxes) - 1 and books.first.is_visible()
    assert books.all_inner_texts()[:2] == ["Robert’s Rules v11", "TDA 2024"]


@pytest.mark.parametrize("width", [1280, 900])
def test_on_a_laptop_the_matrix_scrolls_in_its_box_with_the_scenario_column_still(
        open_page, width):
    page = open_page(TOPIC, viewport={"width": width, "height": 800})
    assert sideways_overflow(page) == 0
    assert not page.locator(f"tr#ruling-{SCENARIO} .floorbook-cell-book").first.is_visible()
    box = page.locator("div.table-wrapper.floorbook-matrix")
    first = page.locator(f"tr#ruling-{SCENARIO} td:visible").first
    before = first.bounding_box()["x"]
    if box.evaluate("b => b.scrollWidth > b.clientWidth"):   # else every column fits
        box.evaluate("b => { b.scrollLeft = b.scrollWidth; }")
        assert box.evaluate("b => b.scrollLeft") > 0
        assert abs(first.bounding_box()["x"] - before) < 1
    last = page.locator(f"tr#ruling-{SCENARIO} td:visible").last.bounding_box()
    assert last["x"] + last["width"] <= width
