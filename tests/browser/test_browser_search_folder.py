"""Search, issue 23 (kb/handbook/finding/search_page.py, static/floorbook-search.js): from
the folder with snippets and no failed request (Sphinx fetched every result's page, which
file:// refuses), a rule number's provisions in rule order, readers' pages above the
contributors', a search field of its own on a phone, and a readers' sidebar without the
contributors' pages.  Every test runs at 360 and 1280 px, light and dark, from the folder
and from a local server."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from browser.browser_probes import search_done, sideways_overflow
from browser.browser_watch import WAYS, watched

#: The contributors' pages the issue names (architecture, benchmarks, browser tests, data
#: format, and the other developer notes).
CONTRIBUTORS = re.compile(r"^(dev/|benchmarks\.html|contributors\.html)")


def _search(open_page, site, base_url, query, width, scheme, origin):
    seen = watched(open_page, site, base_url, f"search.html?q={quote(query)}", width, scheme,
                   origin)
    search_done(seen.page)
    return seen


def _results(page) -> list[tuple[str, str]]:
    """[(title, href without its query)] in the order shown."""
    links = page.eval_on_selector_all(
        "#search-results ul.search > li > a",
        "links => links.map(a => [a.textContent.trim(), a.getAttribute('href')])")
    return [(title, re.sub(r"\?[^#]*", "", href)) for title, href in links]


@pytest.mark.parametrize(("width", "scheme", "origin"), WAYS)
def test_search_shows_snippets_from_the_sites_own_index_with_no_failed_request(
        open_page, site, base_url, width, scheme, origin):
    seen = _search(open_page, site, base_url, "boxed card", width, scheme, origin)
    page = seen.page
    page.wait_for_timeout(300)                      # a late fetch would fail in this time
    items = page.eval_on_selector_all("#search-results ul.search > li", """items => items.map(
        li => ({own: !!li.querySelector(':scope > span'),
                snippet: (li.querySelector('.floorbook-snippet') || {}).textContent || ''}))""")
    assert len(items) >= 10
    # every result says something under its title: Sphinx's description of an object,
    # or the snippet the build kept
    assert all(item["own"] or item["snippet"].strip() for item in items), items
    assert sum(1 for item in items if item["snippet"]) >= 5
    assert sideways_overflow(page) == 0
    seen.clean()


@pytest.mark.parametrize(("width", "scheme", "origin"), WAYS)
def test_35_a_lists_the_rules_in_rule_order(open_page, site, base_url, width, scheme, origin):
    seen = _search(open_page, site, base_url, "35-A", width, scheme, origin)
    numbers = [match.group(1) for title, _ in _results(seen.page)
               if (match := re.search(r"TDA 2024 (35-A(?:-\d+)?)\)", title))]
    assert "35-A-1" in numbers and "35-A-7" in numbers, numbers
    assert numbers.index("35-A-1") < numbers.index("35-A-7")
    parts = [[int(p) if p.isdigit() else p for p in n.split("-")] for n in numbers]
    assert parts == sorted(parts, key=lambda p: [(0, x) if isinstance(x, int) else (1, x)
                                                 for x in p]), numbers
    # they lead the list: a search for a rule number asks for that rule
    assert _results(seen.page)[0][0].endswith("(TDA 2024 35-A)")
    seen.clean()


@pytest.mark.parametrize(("width", "scheme", "origin"), WAYS)
@pytest.mark.parametrize("query", ["scenario file", "rulings"])
def test_readers_pages_rank_above_contributors_pages(open_page, site, base_url, query, width,
                                                     scheme, origin):
    seen = _search(open_page, site, base_url, query, width, scheme, origin)
    kinds = [bool(CONTRIBUTORS.match(href)) for _, href in _results(seen.page)]
    assert True in kinds and False in kinds, kinds   # both kinds found, so the order says
    assert kinds == sorted(kinds), _results(seen.page)
    seen.clean()


@pytest.mark.parametrize(("width", "scheme", "origin"), WAYS)
def test_the_search_page_has_a_search_field_of_its_own(open_page, site, base_url, width,
                                                       scheme, origin):
    seen = _search(open_page, site, base_url, "35-A", width, scheme, origin)
    page = seen.page
    field = page.locator("form.floorbook-search-box input[name=q]")
    expect(field).to_be_visible()
    expect(field).to_have_value("35-A")
    box = field.bounding_box()
    assert box["y"] + box["height"] <= page.viewport_size["height"]
    if width == 360:        # furo's own field is in the sidebar, hidden on a phone
        expect(page.locator(".sidebar-drawer .sidebar-search").first).not_to_be_in_viewport()
    seen.clean()
    field.fill("misdeal")
    field.press("Enter")
    search_done(page)
    assert "q=misdeal" in page.url
    assert any("misdeal" in href for _, href in _results(page)[:10])


@pytest.mark.parametrize(("width", "scheme", "origin"), WAYS)
def test_the_readers_sidebar_lists_no_contributors_page(open_page, site, base_url, width,
                                                        scheme, origin):
    seen = watched(open_page, site, base_url, "topics/four-card-flop.html", width, scheme,
                   origin)
    page = seen.page
    sidebar = page.eval_on_selector_all(".sidebar-tree a", "a => a.map(x => x.getAttribute('href'))")
    assert any(href.endswith("find-a-ruling.html") for href in sidebar), sidebar
    pages = [re.sub(r"^(\.\./)+", "", href) for href in sidebar]
    assert not [href for href in pages if CONTRIBUTORS.match(href)], sidebar
    seen.clean()
    contributors = watched(open_page, site, base_url, "contributors.html", width, scheme, origin)
    listed = contributors.page.eval_on_selector_all(
        "article a.reference.internal", "a => a.map(x => x.getAttribute('href'))")
    for name in ("dev/architecture.html", "dev/browser-tests.html", "dev/data-format.html",
                 "benchmarks.html"):
        assert name in listed, listed
    contributors.clean()
