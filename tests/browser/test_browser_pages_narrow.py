"""Issue 23, the list pages on a phone and at a desk: the topics index, the books and
editions table, an edition's "What changed" tables, the disagreements index and its
topics' pages, the index of disagreements.  At 360 and 1280 px, light and dark, from the
folder and from a local server: no element reaches past the window's right edge (a table
scrolled in its box hides its right-hand columns: that counts), and no request fails."""

from __future__ import annotations

import pytest

from browser.browser_probes import sideways_overflow, widest_elements

#: The pages of this part, each with a table or side-by-side cards.
PAGES = ["index.html", "topics/index.html", "editions/tda-2026.html", "disagreements.html",
         "disagreements/stud-exposed-down-cards.html", "rule-disagreements.html"]

WIDTHS = {"phone": {"width": 360, "height": 740}, "desk": {"width": 1280, "height": 900}}


def _visit(open_page, url: str, viewport: dict, scheme: str):
    """Open ``url``; the page and the requests that failed while it loaded (a file not
    found from the folder, an HTTP error from the server)."""
    failed: list[str] = []
    page = open_page(url, viewport=viewport, color_scheme=scheme)
    # the first load's icon request may still be running: a reload would abort it, and
    # that abort is not a request of the page the test reads
    page.wait_for_load_state("networkidle")
    page.on("requestfailed", lambda request: failed.append(request.url))
    page.on("response", lambda r: failed.append(f"{r.url} {r.status}") if r.status >= 400
            else None)
    page.reload(wait_until="load")
    return page, failed


@pytest.mark.parametrize("origin", ["folder", "server"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", list(WIDTHS))
def test_the_list_pages_fit_the_window_with_no_failed_request(open_page, site, base_url,
                                                             origin, scheme, width):
    for path in PAGES:
        url = (f"file://{site}/{path}" if origin == "folder" else base_url + path)
        page, failed = _visit(open_page, url, WIDTHS[width], scheme)
        assert page.locator("table, .floorbook-book").count() > 0, path     # something drawn
        assert failed == [], f"{path}: failed requests {failed}"
        assert sideways_overflow(page) == 0 and widest_elements(page) == [], (
            f"{path} at {width} ({scheme}, {origin}): past the right edge: "
            f"{widest_elements(page)}")
        page.context.close()


def _cells(page, selector: str) -> list[list[str]]:
    """Each cell of the first row of the table ``selector``: [text, its ::before content]."""
    return page.eval_on_selector(selector, """table => [...table.tBodies[0].rows[0].cells]
        .map(c => [c.innerText.trim(), getComputedStyle(c, '::before').content])""")


def test_on_a_phone_each_listed_row_is_a_card_with_its_columns_named(open_page):
    page = open_page("index.html", viewport=WIDTHS["phone"])
    cells = _cells(page, "table.floorbook-editions")
    assert [before for _, before in cells] == [
        "none", '"Kind: "', '"Layer: "', '"Confidence: "', '"Provisions: "', '"Status: "']
    assert page.locator("table.floorbook-editions thead").is_hidden()
    assert page.eval_on_selector("table.floorbook-editions tbody tr",
                                 "r => getComputedStyle(r).display") == "block"
    topics = open_page("topics/index.html", viewport=WIDTHS["phone"])
    assert _cells(topics, "table.floorbook-topics")[2][1] == '"Answered by: "'
    index = open_page("disagreements.html", viewport=WIDTHS["phone"])
    first = _cells(index, "table.floorbook-disagreement-index")
    assert [b for _, b in first[1:]] == ['"Scenarios ruled differently: "', '"Declared: "']
    assert int(first[1][0]) > 0


def test_at_a_desk_the_listed_tables_keep_their_header_rows(open_page):
    page = open_page("index.html", viewport=WIDTHS["desk"])
    assert page.locator("table.floorbook-editions thead").is_visible()
    assert page.eval_on_selector("table.floorbook-editions thead tr",
                                 "r => [...r.cells].map(c => c.innerText.trim())") == [
        "Edition", "Kind", "Layer", "Confidence", "Provisions", "Status"]
    assert _cells(page, "table.floorbook-editions")[1][1] == "none"


def test_an_editions_change_tables_name_the_books_short(open_page):
    page = open_page("editions/tda-2026.html", viewport=WIDTHS["phone"])
    heads = page.eval_on_selector_all(
        "section table thead tr", "rows => rows.map(r => [...r.cells].map(c => c.innerText.trim()))")
    # the change tables lead with the two editions; the changed rulings' with the scenario
    rulings = ["Scenario", "TDA 2024", "TDA 2026"]
    assert rulings in heads, heads
    assert all(head[:2] == ["TDA 2024", "TDA 2026"] for head in heads if head != rulings), heads
    assert page.locator("p.rubric", has_text="What changed from TDA 2024").count() == 1


def test_every_topics_disagreements_page_fits_a_phone(open_page, site):
    paths = sorted(f"disagreements/{p.name}" for p in (site / "disagreements").glob("*.html"))
    assert len(paths) > 20, paths
    for path in paths:
        page = open_page(path, viewport=WIDTHS["phone"])
        assert page.locator("h1", has_text="where the books disagree").count() == 1, path
        assert widest_elements(page) == [], f"{path}: {widest_elements(page)}"
        page.context.close()


@pytest.mark.parametrize("origin", ["folder", "server"])
def test_a_link_to_a_disagreement_from_before_the_split_goes_on_to_its_topics_page(
        open_page, site, base_url, origin):
    anchor = "shown-four-card-flop-scenario-case-c27-four-card-flop-stuck-cards"
    root = f"file://{site}/" if origin == "folder" else base_url
    page = open_page(f"{root}disagreements.html#{anchor}", viewport=WIDTHS["phone"])
    page.wait_for_url(f"{root}disagreements/four-card-flop.html#{anchor}")
    assert page.locator(f"#{anchor}").is_visible()
    page.wait_for_function(                   # the browser scrolls to it once laid out
        f"document.getElementById('{anchor}').getBoundingClientRect().top < innerHeight")
