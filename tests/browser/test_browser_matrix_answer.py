"""Issue 23 in the browser, the topic matrix: the four-card flop row says what each book's
dealer does (Robert's Rules redeal the flop, the TDA scrambles four cards), at 360 px and
1280 px, light and dark, from the folder and from a local server, with no failed
request; at 1280 px every book's column is inside the window; hole cards stay on one
line; no misdeal cell draws cards; the book chooser hides and restores a column, keeps
the choice over a reload, and starts with the two example house books off."""

from __future__ import annotations

import pytest

from browser.browser_probes import sideways_overflow, widest_elements
from kb.rules.answer import answer
from kb.rules.examples import ruling

TOPIC = "topics/four-card-flop.html"
ROW = "case-c27-four-card-flop-stuck-cards"
EXAMPLES = ("house.casino@2026", "house.thursday-home-game@2026")
BOOKS = ("rrop@v11", "tda@2024", "tda@2026", "wsop@2024", "wsop-live@2024", *EXAMPLES)
PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 900}


def _url(where: str, site, path: str = TOPIC) -> str:
    """The page from the folder (a file:// URL) or from the local server (a path)."""
    return (site / path).as_uri() if where == "folder" else path


def _open(open_page, where: str, site, path: str = TOPIC, **options):
    """The page, loaded again with every failed request and error response noted."""
    page = open_page(_url(where, site, path), **options)
    # the first load's icon request may still be running: a reload would abort it, and
    # that abort is not a request of the page the test reads
    page.wait_for_load_state("networkidle")
    failed: list[str] = []
    page.on("requestfailed", lambda request: failed.append(request.url))
    page.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page.reload(wait_until="load")
    return page, failed


def _said(book: str) -> str:
    """The answer as the page prints it (Sphinx's smart quotes)."""
    return answer(ruling(ROW, book)).replace("'", "’")


def _show_all(page) -> None:
    page.evaluate(f"window.floorbookBooks.set({list(BOOKS)!r})")


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["360", "1280"])
@pytest.mark.parametrize("where", ["folder", "server"])
def test_the_four_card_flop_row_says_what_each_book_does(open_page, site, where, viewport,
                                                         scheme):
    page, failed = _open(open_page, where, site, viewport=viewport, color_scheme=scheme)
    row = page.locator(f"tr#ruling-{ROW}")
    row.scroll_into_view_if_needed()
    texts = {}
    for book in ("rrop@v11", "tda@2024"):
        line = row.locator(f'div.floorbook-cell[data-book="{book}"] p.floorbook-answer')
        assert line.is_visible()
        texts[book] = line.inner_text()
        assert _said(book) in texts[book]
    assert texts["rrop@v11"] != texts["tda@2024"]
    assert "Redeal the flop" in texts["rrop@v11"] and "Scramble" in texts["tda@2024"]
    assert sideways_overflow(page) == 0, widest_elements(page)
    pairs = page.locator("table.floorbook-matrix .floorbook-pair")
    assert pairs.count() > 0
    for i in range(min(pairs.count(), 12)):        # a pair of cards never wraps
        cards = pairs.nth(i).locator(".floorbook-card")
        if cards.nth(0).is_visible():
            assert abs(cards.nth(0).bounding_box()["y"] - cards.nth(1).bounding_box()["y"]) < 2
    assert failed == []


@pytest.mark.parametrize("where", ["folder", "server"])
def test_at_1280_px_every_books_column_is_inside_the_window(open_page, site, where):
    page, failed = _open(open_page, where, site)
    _show_all(page)
    heads = page.locator("table.floorbook-matrix thead th")
    assert heads.count() == 1 + len(BOOKS)
    for i in range(heads.count()):
        box = heads.nth(i).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= DESKTOP["width"], \
            (heads.nth(i).inner_text(), box)
    for book in BOOKS:
        cell = page.locator(f'tr#ruling-{ROW} td[data-book="{book}"]')
        box = cell.bounding_box()
        assert box is not None and box["x"] + box["width"] <= DESKTOP["width"], (book, box)
    wrapper = page.locator("div.table-wrapper.floorbook-matrix")
    assert wrapper.evaluate("b => b.scrollWidth <= b.clientWidth + 1")
    assert page.locator(".floorbook-scroll-cue").is_hidden()
    assert failed == []


def test_a_table_wider_than_its_box_shows_the_scroll_cue(open_page, site):
    page, _ = _open(open_page, "server", site, viewport={"width": 900, "height": 800})
    _show_all(page)
    wrapper = page.locator("div.table-wrapper.floorbook-matrix")
    assert wrapper.evaluate("b => b.scrollWidth > b.clientWidth + 1")
    assert page.locator(".floorbook-scroll-cue").first.is_visible()
    assert "floorbook-scrolls" in wrapper.get_attribute("class")


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["360", "1280"])
def test_no_misdeal_cell_draws_cards(open_page, site, viewport):
    page, failed = _open(open_page, "server", site, "topics/exposed-first-two-cards.html",
                         viewport=viewport)
    found = page.evaluate("""() => [...document.querySelectorAll('div.floorbook-cell')]
      .filter(c => [...c.querySelectorAll('.floorbook-remedy')].pop().textContent === 'misdeal')
      .map(c => [c.querySelectorAll('.floorbook-card').length,
                 c.querySelector('.floorbook-new-deal') !== null])""")
    assert len(found) > 20
    assert all(cards == 0 and said for cards, said in found), found
    assert failed == []


@pytest.mark.parametrize("where", ["folder", "server"])
def test_the_chooser_hides_and_restores_a_column_and_remembers_it(open_page, site, where):
    page, failed = _open(open_page, where, site)
    chooser = page.locator(".floorbook-book-chooser input[type=checkbox]")
    assert chooser.count() == len(BOOKS)
    on = {chooser.nth(i).get_attribute("value"): chooser.nth(i).is_checked()
          for i in range(chooser.count())}
    assert on == {b: b not in EXAMPLES for b in BOOKS}           # examples off by default
    for book in EXAMPLES:
        assert page.locator(f'thead th[data-book="{book}"]').is_hidden()
    tda = page.locator(f'tr#ruling-{ROW} td[data-book="tda@2024"]')
    later = page.locator(f'tr#ruling-{ROW} div.floorbook-cell[data-book="tda@2026"]')
    assert tda.is_visible() and later.locator(".floorbook-card").count() == 0
    page.locator('.floorbook-book-chooser input[value="tda@2024"]').uncheck()
    assert tda.is_hidden() and page.locator('thead th[data-book="tda@2024"]').is_hidden()
    # TDA 2026's cell named TDA 2024's cards: it draws them while TDA 2024 is hidden
    assert later.locator(".floorbook-card").first.is_visible()
    page.reload(wait_until="load")
    assert tda.is_hidden()
    assert not page.locator('.floorbook-book-chooser input[value="tda@2024"]').is_checked()
    page.locator('.floorbook-book-chooser input[value="tda@2024"]').check()
    assert tda.is_visible() and later.locator(".floorbook-card").count() == 0
    assert page.evaluate("window.floorbookBooks.shown()") == [b for b in BOOKS
                                                             if b not in EXAMPLES]
    assert failed == []


def test_a_book_the_stored_choice_does_not_name_gets_its_default(open_page, base_url):
    """A choice stored before a build added a book (here: one that names neither WSOP
    book) hides only what the reader hid: the new book shows, unless it is an example.
    Storing the ids shown hid every book added later (a reviewer's find)."""
    page = open_page(base_url + "topics/four-card-flop.html")
    page.evaluate("""localStorage.setItem("floorbook-books", JSON.stringify(
        {shown: ["rrop@v11", "tda@2024"], hidden: ["tda@2026"]}))""")
    page.reload(wait_until="load")
    assert page.evaluate("window.floorbookBooks.shown()") == [
        "rrop@v11", "tda@2024", "wsop@2024", "wsop-live@2024"]
    page.evaluate("localStorage.removeItem('floorbook-books')")


def test_with_scripts_off_every_book_shows(open_page, site):
    page = open_page(TOPIC, java_script_enabled=False)
    heads = page.locator("table.floorbook-matrix thead th")
    assert heads.count() == 1 + len(BOOKS)
    assert all(heads.nth(i).is_visible() for i in range(heads.count()))
    assert page.locator(".floorbook-book-chooser").inner_text() == "Every book is shown."
