"""The handbook's search page, run by its own JavaScript in Chromium: rule numbers stay
whole, a topic is found by its own words, and a misspelled word still leads somewhere."""

from __future__ import annotations

import pytest

from browser.browser_probes import search

#: How far down the list a reader looks before giving up on a search.
FIRST_RESULTS = 5


def test_search_35_a_finds_the_tda_2024_misdeal_provisions_first(open_page):
    results, page = search(open_page, "35-A")
    first = [href for _, href in results[:FIRST_RESULTS]]
    assert any(href.startswith("editions/tda-2024.html#tda-misdeal") for href in first), first
    # the rule number is shown whole on the results, not split into "35" and "a"
    assert "35-A" in page.inner_text("#search-results ul.search")


@pytest.mark.parametrize(("query", "provision"), [
    ("Hold'em 3", "editions/rrop-v11.html#rrop-holdem-four-card-flop"),
    ("13.5", "editions/house.casino-2026.html#house-casino-four-card-flop"),
])
def test_search_keeps_a_rule_number_whole_and_finds_its_provision(open_page, query, provision):
    results, _ = search(open_page, query)
    assert provision in [href for _, href in results[:3]], results[:3]


def test_search_boxed_card_lists_the_boxed_card_topic(open_page):
    results, _ = search(open_page, "boxed card")
    pages = [href.split("#")[0] for _, href in results[:10]]
    assert "topics/boxed-cards.html" in pages, results[:10]


def test_search_boxed_card_ranks_the_topic_first_above_the_glossary_entry(open_page):
    results, _ = search(open_page, "boxed card")
    pages = [href.split("#")[0] for _, href in results]
    assert pages and pages[0] == "topics/boxed-cards.html", results[:5]
    assert "glossary.html" not in pages or pages.index("glossary.html") > 0


def test_search_misdeel_finds_the_misdeal_topics_or_offers_misdeal(open_page):
    results, page = search(open_page, "misdeel")
    misdeal_topics = [href for _, href in results[:FIRST_RESULTS]
                      if href.startswith(("topics/misdeal-cutoff.html",
                                          "topics/misdeal-causes.html"))]
    offered = page.locator("#search-results a", has_text="misdeal")
    assert misdeal_topics or offered.count() > 0, (
        f"no misdeal topic in {results[:FIRST_RESULTS]} and no link offering 'misdeal' in: "
        + page.inner_text("#search-results")[:300])
