"""A phone at the table: at 360 px wide no page of the handbook scrolls sideways, and the
text of every graph picture is drawn at least 9 px high."""

from __future__ import annotations

from pathlib import Path

import pytest

from browser.browser_probes import (
    picture_text_heights,
    search_done,
    sideways_overflow,
    widest_elements,
)

#: A phone held upright (CSS px), the width the issue names.
PHONE = {"width": 360, "height": 740}

#: The smallest text a floorperson can read off a picture at arm's length (CSS px).
SMALLEST_TEXT = 9

DOCS = Path(__file__).resolve().parents[2] / "docs"


def _pages(folder: str) -> list[str]:
    """The site path of every page in ``docs/<folder>`` (its index too)."""
    prefix = f"{folder}/" if folder else ""
    return sorted(f"{prefix}{source.stem}.html" for source in (DOCS / folder).glob("*.md"))


TOPICS = _pages("topics")
EDITIONS = _pages("editions")
#: The issue's pages first (the index, the disagreements page, Find a ruling), then every
#: other hand-written page, the search results and the generated indices.
OTHERS = list(dict.fromkeys(
    ["index.html", "disagreements.html", "find-a-ruling.html", *_pages(""), *_pages("dev"),
     "search.html?q=boxed%20card", "genindex.html", "rule-provisions.html",
     "rule-disagreements.html"]))


def _assert_fits(page, path: str) -> None:
    overflow = sideways_overflow(page)
    assert overflow == 0, (f"{path} is {overflow} px wider than the phone's 360 px; "
                           f"widest: {widest_elements(page)}")


@pytest.mark.parametrize("path", OTHERS + EDITIONS + ["topics/index.html"])
def test_page_does_not_scroll_sideways_at_360_px(open_page, path):
    page = open_page(path, viewport=PHONE)
    if path.startswith("search.html"):
        search_done(page)
    _assert_fits(page, path)


def _assert_readable(page, path: str) -> None:
    texts = picture_text_heights(page)
    assert texts, f"{path}: no graph picture text found to measure"
    small = sorted((height, text) for picture, text, height in texts if height < SMALLEST_TEXT)
    assert not small, (f"{path}: {len(small)} of {len(texts)} picture texts under "
                       f"{SMALLEST_TEXT} px, smallest: {[(round(h, 1), t) for h, t in small[:5]]}")


# One visit per topic page for both checks: there are many, each with a ruling matrix.
@pytest.mark.parametrize("path", [p for p in TOPICS if not p.endswith("/index.html")])
def test_topic_page_fits_360_px_and_its_picture_text_is_at_least_9_px_high(open_page, path):
    page = open_page(path, viewport=PHONE)
    _assert_fits(page, path)
    _assert_readable(page, path)


def test_every_other_page_with_a_picture_fits_360_px_and_its_text_is_9_px_high(open_page, site):
    """The pictures outside the topic pages (the architecture page's rooms ...), found in
    the built site, so a page that gains a picture is checked without a change here."""
    paths = sorted(html.relative_to(site).as_posix() for html in site.rglob("*.html")
                   if 'class="graphviz' in html.read_text(encoding="utf-8")
                   and html.parent.name != "topics")
    assert "dev/architecture.html" in paths, paths
    for path in paths:
        page = open_page(path, viewport=PHONE)
        _assert_fits(page, path)
        _assert_readable(page, path)
