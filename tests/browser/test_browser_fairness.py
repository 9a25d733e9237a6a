"""Issue 25 in the browser: a matrix cell's fairness note on a phone, opened from the
folder with no script, is closed under what the dealer does and opens on a tap without
making the page scroll sideways; with the book chooser hiding TDA 2024, the TDA 2026 cell
that named it ("Cards and fairness as under TDA 2024") shows its cards and note."""

from __future__ import annotations

from browser.browser_probes import sideways_overflow, widest_elements

TOPIC = "topics/four-card-flop.html"
ROW = "case-c27-four-card-flop-stuck-cards"
PHONE = {"width": 360, "height": 740}
SAID = "one picked as burn: it plays 3 times in 4 (75.0%)"


def test_on_a_phone_without_script_the_note_opens_under_the_answer(open_page, site):
    page = open_page((site / TOPIC).as_uri(), viewport=PHONE, java_script_enabled=False)
    cell = page.locator(f'tr#ruling-{ROW} div.floorbook-cell[data-book="tda@2024"]')
    cell.scroll_into_view_if_needed()
    answer, note = cell.locator("p.floorbook-answer"), cell.locator("details")
    assert answer.is_visible() and note.is_visible()
    closed = note.bounding_box()["height"]
    assert SAID not in note.inner_text()          # closed: only its summary is drawn
    note.locator("summary").click()
    assert SAID in note.inner_text() and note.bounding_box()["height"] > 2 * closed
    assert note.bounding_box()["y"] > answer.bounding_box()["y"]
    assert sideways_overflow(page) == 0, widest_elements(page)


def test_a_cell_naming_a_hidden_books_note_shows_it(open_page, site):
    page = open_page((site / TOPIC).as_uri(), viewport=PHONE)
    page.evaluate('window.floorbookBooks.set(["rrop@v11", "tda@2026"])')
    cell = page.locator(f'tr#ruling-{ROW} div.floorbook-cell[data-book="tda@2026"]')
    cell.scroll_into_view_if_needed()
    assert not cell.locator("p.floorbook-same").is_visible()
    note = cell.locator("details")
    assert note.count() == 1 and note.is_visible()
    note.locator("summary").click()
    assert SAID in note.inner_text()
