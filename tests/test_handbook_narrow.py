"""The handbook on a phone and in dark mode, as the HTML says it (issue 10, item 2): the
ruling matrix's row anchors and the classes its narrow-screen cards use, the pictures'
inline SVG and its size.  What only a browser shows is tested under tests/browser/."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from test_sphinx_basic import ROOT, build

from kb.handbook import cells


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("narrow")
    shutil.copytree(ROOT, tmp / "src")
    warnings = build(tmp / "src", tmp / "out")
    assert warnings == ""
    return tmp / "out" / "html"


def _page(site: Path, name: str) -> str:
    return (site / name).read_text(encoding="utf-8")


def _rows(page: str) -> list[str]:
    body = page[page.index("<tbody>"):page.index("</tbody>")]
    return re.findall(r"<tr[^>]*>.*?</tr>", body, re.DOTALL)


def test_every_matrix_row_carries_the_anchor_ruling_and_its_scenario_id(site):
    page = _page(site, "topics/four-card-flop.html")
    rows = _rows(page)
    assert len(rows) == 1
    assert rows[0].startswith('<tr class="row-even" id="ruling-four-card-flop">')
    assert 'href="#scenario-four-card-flop"' in rows[0]     # the title still links below


def test_row_anchor_is_ruling_then_the_scenario_id_made_an_html_id():
    assert cells.row_anchor("case-c27-four-card-flop-stuck-cards") == \
        "ruling-case-c27-four-card-flop-stuck-cards"
    assert cells.row_anchor("Odd_Id.2") == "ruling-odd-id-2"


def test_each_ruling_cell_starts_with_its_rulebook_name_for_the_narrow_card(site):
    row = _rows(_page(site, "topics/four-card-flop.html"))[0]
    names = re.findall(r'<span class="floorbook-cell-book">([^<]+)</span>', row)
    headers = _page(site, "topics/four-card-flop.html")
    headers = headers[headers.index("<thead>"):headers.index("</thead>")]
    shown = re.findall(r'<th class="head"><p>(?:<a [^>]*>)?(?:<span>)?([^<]+)<', headers)
    assert shown[0] == "Scenario" and names == shown[1:] and len(names) >= 2


def test_the_matrix_table_carries_the_class_the_stylesheet_styles(site):
    page = _page(site, "topics/four-card-flop.html")
    assert re.search(r'<table class="[^"]*floorbook-matrix', page)
    css = _page(site, "_static/floorbook.css")
    assert "@media (max-width: 46em)" in css and ".floorbook-cell-book { display: none; }" in css
    assert "position: sticky" in css
