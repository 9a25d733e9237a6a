"""The real handbook (docs/ with kb/data), built once with warnings as errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.load import load_knowledge_base
from test_sphinx_basic import build, search_index

PROJECT = Path(__file__).parent.parent


@pytest.fixture(scope="module")
def kb():
    return load_knowledge_base()


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("handbook")
    warnings = build(PROJECT / "docs", out, confdir=PROJECT)
    assert warnings == "", warnings
    return out / "html"


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def test_four_card_flop_shows_tda_2024_39_a_and_robert_rules_and_is_a_disagreement(site):
    page = _text(site / "topics" / "four-card-flop.html")
    assert "TDA 2024 39-A" in page
    assert "rrop-holdem-four-card-flop" in page and "Robert’s Rules of Poker" in page
    assert "floorbook-disagreement" in page
    assert 'href="../editions/tda-2024.html#tda-four-card-flop"' in page


def test_every_topic_has_a_page(site, kb):
    missing = [t.id for t in kb.topics if not (site / "topics" / f"{t.id}.html").is_file()]
    assert missing == []


def test_every_edition_has_a_page(site, kb):
    pages = {p.stem for p in (site / "editions").glob("*.html")}
    assert [e.id for e in kb.editions if e.id.replace("@", "-") not in pages] == []


def test_edition_page_lists_provisions_in_book_order(site, kb):
    from kb.graph import book_order
    page = _text(site / "editions" / "tda-2024.html")
    anchors = [f'id="{p.id.replace(".", "-")}"' for p in book_order(kb, "tda@2024")]
    positions = [page.index(a) for a in anchors]
    assert positions == sorted(positions)


def test_disagreements_errata_glossary_and_indices_exist(site, kb):
    assert "floorbook" in _text(site / "disagreements.html")
    for erratum in kb.errata:
        assert erratum.id in _text(site / "errata.html")
    glossary = _text(site / "glossary.html")
    assert 'id="term-boxed-card"' in glossary
    assert (site / "rule-provisions.html").is_file()
    assert (site / "rule-disagreements.html").is_file()


def test_search_finds_boxed_card_and_35_a_on_the_right_pages(site):
    index = search_index(site)
    docs = index["docnames"]

    def pages(word: str) -> set[str]:
        found = set()
        for table in (index["terms"], index["titleterms"]):
            value = table.get(word, [])
            found |= {docs[i] for i in (value if isinstance(value, list) else [value])}
        return found

    assert "glossary" in {docs[f] for f, *_ in index["indexentries"]["boxed card"]}
    assert "topics/boxed-cards" in pages("box") & pages("card")
    assert "editions/tda-2024" in {docs[f] for f, *_ in index["indexentries"]["35-a-1"]}
    assert "editions/tda-2024" in pages("35-a-1")
    assert {"editions/tda-2024", "topics/misdeal-causes"} <= pages("35-a")


def test_pages_load_nothing_from_the_network(site):
    for page in site.rglob("*.html"):
        text = _text(page)
        assert '<script src="http' not in text and '<link rel="stylesheet" href="http' not in text
