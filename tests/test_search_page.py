"""The search page without fetched pages, and the readers' / contributors' split
(kb/handbook/finding/search_page.py), read off the bundled handbook as built.  What the
search page's script does with them in a browser: tests/browser/test_browser_search_folder.py."""

from __future__ import annotations

import json
import re
from types import SimpleNamespace

from bs4 import BeautifulSoup
from docutils.core import publish_doctree

from kb.handbook.finding import search_page

#: The contributors' pages of the bundled handbook (docs/contributors.md and its toctree).
CONTRIBUTORS = ["benchmarks", "contributors", "dev/architecture", "dev/browser-tests",
                "dev/data-format", "dev/reading-rulings"]


def _pages(site) -> dict:
    text = (site / "_static" / search_page.PAGES_FILE).read_text(encoding="utf-8")
    assert text.startswith("window.floorbookSearchPages = ")
    return json.loads(text.split(" = ", 1)[1].rstrip().rstrip(";"))


def test_the_search_page_loads_its_snippets_and_fetches_no_page(handbook):
    html = (handbook / "search.html").read_text(encoding="utf-8")
    assert f"_static/{search_page.PAGES_FILE}" in html
    # Sphinx's summary fetch is off (from file:// every fetch is refused)
    options = (handbook / "_static" / "documentation_options.js").read_text(encoding="utf-8")
    assert re.search(r"SHOW_SEARCH_SUMMARY:\s*false", options), options
    pages = _pages(handbook)
    texts, places = pages["texts"], pages["places"]
    assert len(texts) == len(set(texts))                      # each snippet written once
    assert set(places.values()) == set(range(len(texts)))
    assert texts[places["topics/boxed-cards"]]
    # a provision's result (its object's id, where index entries point) has its own words
    assert places["editions/tda-2024#tda-misdeal-exposed-downcards"] != \
        places["editions/tda-2024"]
    assert all(len(text) <= search_page.SNIPPET + 1 for text in texts)


def test_contributors_pages_are_listed_and_kept_out_of_the_readers_sidebar(handbook):
    assert _pages(handbook)["contributors"] == CONTRIBUTORS
    for page in ("index.html", "topics/four-card-flop.html", "find-a-ruling.html"):
        soup = BeautifulSoup((handbook / page).read_text(encoding="utf-8"), "html.parser")
        sidebar = [a["href"] for a in soup.select(".sidebar-tree a")]
        assert any(href.endswith("glossary.html") for href in sidebar), sidebar
        assert not [h for h in sidebar if "dev/" in h or "benchmarks.html" in h], page
    index = (handbook / "index.html").read_text(encoding="utf-8")
    assert 'href="contributors.html"' in index               # reachable, from the last line
    listed = (handbook / "contributors.html").read_text(encoding="utf-8")
    assert all(f'href="{name}.html"' in listed for name in CONTRIBUTORS[2:])


def test_a_snippet_of_hostile_text_cannot_close_the_script():
    env = SimpleNamespace(floorbook_snippets={}, metadata={}, toctree_includes={})
    app = SimpleNamespace(env=env)
    doctree = publish_doctree("Title\n=====\n\n</script><img src=x onerror=alert(1)> & more\n",
                              settings_overrides={"doctitle_xform": False})
    env.docname = "page"
    search_page.collect(app, doctree)
    script = search_page.page_data(env)
    assert "<" not in script and ">" not in script and "&" not in script
    data = json.loads(script.split(" = ", 1)[1].rstrip().rstrip(";"))
    assert data["texts"] == ["</script><img src=x onerror=alert(1)> & more"]
    assert set(data["places"]) == {"page", "page#title"}


def test_contributor_pages_follow_the_marked_pages_toctrees():
    env = SimpleNamespace(metadata={"index": {}, "team": {"audience": "Contributors"}},
                          toctree_includes={"index": ["guide", "team"], "team": ["dev/a"],
                                            "dev/a": ["dev/b"]})
    assert search_page.contributor_pages(env) == ["dev/a", "dev/b", "team"]


def test_a_long_paragraph_is_cut_at_a_word():
    text = search_page.snippet_text("dealer " * 60)
    assert text.endswith("dealer…") and len(text) <= search_page.SNIPPET + 1
