"""kb.handbook.sitebuild.navigation draws furo's navigation tree once per build: every page must
come out exactly as furo draws it page by page (links relative to the page, its branch
current, its checkboxes checked, the deepest item current-page)."""

from __future__ import annotations

from pathlib import Path

import pytest
from sphinx.util.osutil import relative_uri
from test_sphinx_basic import build

from kb.handbook.sitebuild import navigation

PAGES = {
    "index.md": "# Home\n\n```{toctree}\n:caption: The part & more\n\na\nsub/index\n"
                "https://example.org/x?a=1&b=2\n```\n\n```{toctree}\n:caption: Other\n\n"
                "c\n```\n",
    "a.md": "# The current rules\n\nText.\n\n## A section\n\nMore.\n",
    "c.md": "# C & co\n\nText.\n",
    "sub/index.md": "# Sub\n\n```{toctree}\nb\ndeeper/index\n```\n",
    "sub/b.md": "# B\n\nText.\n",
    "sub/deeper/index.md": "# Deeper\n\n```{toctree}\nd\n```\n",
    "sub/deeper/d.md": "# D\n\nText.\n",
    "orphan.md": "---\norphan: true\n---\n\n# Not in any toctree\n",
}


def _project(folder: Path, fast: bool) -> Path:
    for name, text in PAGES.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    extensions = ["myst_parser"] + (["kb.handbook.sitebuild.navigation"] if fast else [])
    (folder / "conf.py").write_text(f"extensions = {extensions!r}\nhtml_theme = 'furo'\n",
                                    encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def sites(tmp_path_factory) -> tuple[Path, Path]:
    built = []
    for fast in (False, True):
        tmp = tmp_path_factory.mktemp("fast" if fast else "furo")
        assert build(_project(tmp / "src", fast), tmp / "out") == ""
        built.append(tmp / "out" / "html")
    return built[0], built[1]


@pytest.mark.parametrize("page", sorted(p.removesuffix(".md") + ".html" for p in PAGES))
def test_every_page_is_as_furo_draws_it(sites, page):
    furo, fast = ((site / page).read_text(encoding="utf-8") for site in sites)
    assert fast == furo


def test_a_deep_page_marks_its_branch_and_links_relative_to_itself(sites):
    page = (sites[1] / "sub" / "deeper" / "d.html").read_text(encoding="utf-8")
    assert '<a class="reference internal" href="../../a.html">' in page
    assert '<li class="toctree-l3 current current-page"><a class="current reference ' \
           'internal" href="#">D</a></li>' in page
    assert page.count('checked=""') == 2            # Sub and Deeper are open


def _sidebar(page: Path) -> str:
    text = page.read_text(encoding="utf-8")
    start = text.index('<div class="sidebar-tree">')
    return text[start:text.index("</div>", start)]


def test_the_tree_drawn_for_each_page_is_furos_own(sites):
    """The algorithm itself, on furo's own output: parsed from the root page's tree,
    drawn for every page, equal to the tree furo drew on that page."""
    furo = sites[0]
    docnames = {p.removesuffix(".md") + ".html": p.removesuffix(".md") for p in PAGES}
    tree = navigation.parse(_sidebar(furo / "index.html"), docnames)
    assert tree is not None and len(tree.lis) == 7 and len(tree.links) == 6
    for uri, docname in docnames.items():
        drawn = navigation.draw(tree, docname, lambda a, b: relative_uri(a + ".html",
                                                                         b + ".html"))
        assert drawn == _sidebar(furo / uri), docname


def test_a_tree_with_the_root_page_in_it_is_left_to_furo():
    html = '<ul class="current"><li class="toctree-l1 current"><a href="#">Home</a></li></ul>'
    assert navigation.parse(html, {"index.html": "index"}) is None


def test_a_link_to_no_known_page_is_left_to_furo():
    html = '<ul><li class="toctree-l1"><a class="reference internal" href="gone.html">' \
           'Gone</a></li></ul>'
    assert navigation.parse(html, {"index.html": "index"}) is None
