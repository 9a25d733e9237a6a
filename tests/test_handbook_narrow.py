"""The handbook on a phone and in dark mode, as the HTML says it (issue 10, item 2): the
ruling matrix's row anchors and the classes its narrow-screen cards use, the pictures'
inline SVG and its size.  What only a browser shows is tested under tests/browser/."""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path

import pytest
from test_sphinx_basic import ROOT, build

from kb.handbook.views import cells


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
    shown = re.findall(r'<th class="head"><p>(?:<a [^>]*>|<abbr [^>]*>)?(?:<span>)?([^<]+)<',
                       headers)
    assert shown[0] == "Scenario" and names == shown[1:] and len(names) >= 2


def test_the_matrix_table_carries_the_class_the_stylesheet_styles(site):
    page = _page(site, "topics/four-card-flop.html")
    assert re.search(r'<table class="[^"]*floorbook-matrix', page)
    css = _page(site, "_static/floorbook.css")
    assert "@media (max-width: 46em)" in css and ".floorbook-cell-book { display: none; }" in css
    assert "position: sticky" in css


def _picture(page: str) -> str:
    """The first picture's markup, entities decoded."""
    start = page.index('<div class="graphviz floorbook-picture')
    return html.unescape(page[start:page.index("</svg>", start)])


def test_the_topic_picture_is_inline_svg_painted_by_the_stylesheet_not_a_white_panel(site):
    page = _page(site, "topics/four-card-flop.html")
    picture = _picture(page)
    assert "<object" not in page and not (site / "_images").exists()
    assert 'role="figure" aria-label="The provisions around topic four-card-flop' in picture
    graph = picture[picture.index('<g id="graph0" class="graph"'):]
    assert not re.match(r'<g id="graph0"[^>]*>\s*<title>[^<]*</title>\s*<polygon', graph)
    assert 'fill="white"' not in picture                # no background panel at all
    assert 'class="edge floorbook-edge floorbook-edge-differs-from"' in picture
    assert 'class="node floorbook-node"' in picture and "<?xml" not in picture
    css = _page(site, "_static/floorbook.css")
    for rule in ('body[data-theme="dark"] {', "@media (prefers-color-scheme: dark)",
                 "body:not([data-theme=\"light\"])",
                 ".floorbook-picture svg text { fill: var(--color-foreground-primary"):
        assert rule in css


def test_the_picture_is_laid_out_left_to_right_with_its_own_size_as_its_smallest(site):
    picture = _picture(_page(site, "topics/four-card-flop.html"))
    width, height, floor = re.search(
        r'<svg width="([\d.]+)pt" height="([\d.]+)pt" style="min-width: ([\d.]+)px"',
        picture).groups()
    assert float(floor) == pytest.approx(0.95 * float(width))
    assert float(width) < 330                      # fits a 360 px phone at >= 9.5 px text
    assert 'font-size="10.00"' in picture and 'font-size="9' not in picture
    assert 'href="../editions/tda-2024.html#tda-four-card-flop"' in picture


def test_the_key_under_the_picture_names_each_line_it_draws(site):
    page = _page(site, "topics/four-card-flop.html")
    key = page[page.index('<p class="floorbook-picture-key">'):]
    key = key[:key.index("</p>")]
    assert re.findall(r'class="floorbook-key floorbook-edge-([a-z-]+)">([^<]+)<', key) == \
        [("differs-from", "differs from (thick)")]



@pytest.fixture(scope="module")
def bundled():
    """The bundled knowledge base as the extension holds it (``kb`` and ``graph``)."""
    from types import SimpleNamespace

    from kb.knowledge.graph import build_graph
    from kb.knowledge.load import load_knowledge_base

    kb = load_knowledge_base()
    return SimpleNamespace(kb=kb, graph=build_graph(kb))


def _layout(bundled, topic: str):
    """The picture of ``topic``: the ids in the first column's box, each line as (tail,
    head, attributes), and the placeholder."""
    from kb.handbook.views.pictures import topic_picture

    picture = topic_picture(bundled, topic, 1)
    statements = picture["statements"]
    box = statements[1:statements.index("}")]
    first = {re.match(r'"([^"]+)"', s).group(1) for s in box}
    lines = [re.match(r'"([^"]+)" -> "([^"]+)" \[(.*)\]$', s).groups()
             for s in statements if " -> " in s]
    return first, lines, picture


@pytest.mark.parametrize("topic", ["four-card-flop", "misdeal-causes", "boxed-cards"])
def test_the_picture_keeps_the_topics_provisions_in_the_first_column(bundled, topic):
    first, lines, picture = _layout(bundled, topic)
    answering = {a for a, _, kind in bundled.graph.in_edges(f"topic:{topic}", keys=True)
                 if kind == "answers"}
    assert first == answering and first
    assert not any(s.startswith('"topic:') for s in picture["statements"])
    for tail, head, attributes in lines:
        if tail in first and head in first:       # inside the column: no rank from it
            assert "constraint=false" in attributes
        elif "constraint=false" not in attributes:
            assert tail in first and head not in first, (tail, head)
    assert "label=" not in " ".join(a for _, _, a in lines)   # no edge labels: the key


def test_a_relation_pointing_into_the_first_column_is_drawn_back_so_the_column_stays_first(
        bundled):
    first, lines, _ = _layout(bundled, "four-card-flop")
    backs = [(tail, head) for tail, head, attributes in lines if "dir=back" in attributes]
    assert backs and all(tail in first and head not in first for tail, head in backs)
