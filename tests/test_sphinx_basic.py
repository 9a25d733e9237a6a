"""The handbook extension on a tiny root (tests/roots/test-basic): two provisions, one
topic, one term.  Zero warnings, and the HTML facts each feature promises."""

from __future__ import annotations

import json
import re
import shutil
from io import StringIO
from pathlib import Path

import pytest

pytest.importorskip("sphinx")
from sphinx.application import Sphinx
from sphinx.util.docutils import docutils_namespace, patch_docutils

ROOT = Path(__file__).parent / "roots" / "test-basic"


def build(srcdir: Path, outdir: Path, confdir: Path | None = None, **overrides) -> str:
    """Build HTML from ``srcdir`` into ``outdir``; returns the warnings' text."""
    warnings, confdir = StringIO(), confdir or srcdir
    with patch_docutils(confdir), docutils_namespace():  # as sphinx-build does
        app = Sphinx(str(srcdir), str(confdir), str(outdir / "html"),
                     str(outdir / "doctrees"), "html", confoverrides=overrides,
                     status=StringIO(), warning=warnings)
        app.build()
    return warnings.getvalue()


def search_index(html: Path) -> dict:
    """The object Sphinx's searchindex.js hands to ``Search.setIndex``."""
    text = (html / "searchindex.js").read_text()
    return json.loads(text[text.index("(") + 1:text.rindex(")")])


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("basic")
    srcdir = tmp / "src"
    shutil.copytree(ROOT, srcdir)
    warnings = build(srcdir, tmp / "out")
    assert warnings == ""
    return tmp / "out" / "html"


def test_topic_page_shows_each_books_provision_and_the_disagreement_box(site):
    page = (site / "topics" / "four-card-flop.html").read_text()
    assert "<h1>Four-card flop" in page
    assert 'class="warning floorbook-disagreement admonition" id="disagreements"' in page
    assert "The TDA keeps three of the four cards" in page
    assert "Robert’s Rules of Poker" in page and "Poker TDA Rules" in page
    assert 'href="../editions/tda-2024.html#tda-four-card-flop"' in page


def test_data_text_is_escaped_never_raw_html_nor_a_directive(site):
    page = (site / "topics" / "four-card-flop.html").read_text()
    assert "<script>alert" not in page
    assert "&lt;script&gt;alert" in page
    assert "<b>not bold</b>" not in page
    assert "&lt;script&gt;alert(2)&lt;/script&gt; {raw}`html` &lt;b&gt;not bold&lt;/b&gt; *flop*" \
        in page                                         # a scenario title, in the matrix


def test_each_matrix_cell_says_in_one_line_which_layer_decided(site):
    """Issue 22: the ruling's decided_by, one short line under the numbers (this root's
    sources state no layer: a book is a reference, a tournament association an event)."""
    page = (site / "topics" / "four-card-flop.html").read_text()
    assert re.findall(r'<p class="floorbook-decided">([^<]*)</p>', page) == [
        "decided by the reference: RROP v11 Hold’em 3", "decided by the event: TDA 2024 39-A"]


def test_edition_page_holds_the_full_entry_with_number_and_confidence(site):
    page = (site / "editions" / "tda-2024.html").read_text()
    assert re.search(r'<dt class="sig sig-object rule" id="tda-four-card-flop">', page)
    assert "39-A" in page and "sd-bg-success" in page


def test_prov_role_links_by_id_and_shows_title_and_number(site):
    page = (site / "index.html").read_text()
    assert "Four-card flop (TDA 2024 39-A)</span></a>" in page
    assert 'href="glossary.html#term-burn-card"' in page


def test_glossary_is_a_sphinx_glossary(site):
    page = (site / "glossary.html").read_text()
    assert '<dl class="simple glossary">' in page or 'class="glossary' in page
    assert 'id="term-burn-card"' in page


def test_domain_indices_and_the_svg_picture_exist(site):
    assert "Too many cards on the flop" in (site / "rule-provisions.html").read_text()
    assert "tda.four-card-flop / rrop.holdem.four-card-flop" in (
        site / "rule-disagreements.html").read_text()
    page = (site / "topics" / "four-card-flop.html").read_text()   # the SVG is in the page
    assert '<div class="graphviz floorbook-picture floorbook-neighbourhood"' in page
    assert "<title>tda.four-card-flop</title>" in page     # Graphviz's "&#45;" as "-"


def test_search_keeps_rule_numbers_whole(site):
    index = search_index(site)
    docs = index["docnames"]
    assert docs.index("editions/tda-2024") in _as_list(index["terms"]["39-a"])
    assert "hold'em 3" in index["indexentries"]


def _as_list(value) -> list:
    return value if isinstance(value, list) else [value]


def test_a_topic_without_a_page_is_a_warning_naming_the_shell_to_add(tmp_path):
    srcdir = tmp_path / "src"
    shutil.copytree(ROOT, srcdir)
    (srcdir / "topics" / "four-card-flop.md").unlink()
    index = srcdir / "index.md"
    index.write_text(index.read_text().replace("topics/four-card-flop\n", ""))
    warnings = build(srcdir, tmp_path / "out")
    assert "topic four-card-flop (topics.yaml:2) has no page" in warnings
    assert f"add {srcdir}/topics/four-card-flop.md" in warnings   # where the pages are
