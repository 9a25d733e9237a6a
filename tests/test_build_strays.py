"""A file someone put into an earlier site's ``_downloads`` or ``_static`` is gone after
the next build (issue 19, fresh-user run; the README says a build replaces the whole
folder): Sphinx copies every download and every static file anew on each build, so the
copy of the earlier site carries neither folder, and every real download is still
published by a build in which no page changed."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from kb.handbook.sitebuild.site import build_site

ROOTS = Path(__file__).parent / "roots"
TABLE = "rank,suit\nA,spades\n"


@pytest.fixture
def pages(tmp_path) -> Path:
    """tests/roots/test-basic's pages, the index offering two downloads (one in a
    sub-folder), and its data beside."""
    shutil.copytree(ROOTS / "test-basic", tmp_path / "pages",
                    ignore=shutil.ignore_patterns("conf.py", "data"))
    shutil.copytree(ROOTS / "test-basic" / "data", tmp_path / "data")
    pages = tmp_path / "pages"
    (pages / "cards.csv").write_text(TABLE, encoding="utf-8")
    (pages / "more").mkdir()
    (pages / "more" / "notes.txt").write_text("notes\n", encoding="utf-8")
    index = pages / "index.md"
    index.write_text(index.read_text(encoding="utf-8")
                     + "\n{download}`the cards <cards.csv>` {download}`notes <more/notes.txt>`\n",
                     encoding="utf-8")
    return pages


def _build(pages: Path):
    return build_site(pages, pages.parent / "data", pages.parent / "site")


def _downloads(site: Path) -> dict[str, str]:
    folder = site / "_downloads"
    return {p.relative_to(folder).as_posix(): p.read_text(encoding="utf-8")
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_stray_file_in_downloads_or_static_is_gone_after_the_next_build(pages):
    site = pages.parent / "site"
    _build(pages)
    real = _downloads(site)
    assert sorted(real.values()) == sorted([TABLE, "notes\n"])
    static = sorted(p.name for p in (site / "_static").iterdir())
    stray = next(iter(real)).split("/")[0]
    (site / "_downloads" / stray / "planted.html").write_text("<script>x</script>")
    (site / "_downloads" / "0123abcd").mkdir()
    (site / "_downloads" / "0123abcd" / "old.csv").write_text("an earlier build's")
    (site / "_static" / "planted.js").write_text("alert(1)")
    (site / "_static" / "old").mkdir()
    (site / "_static" / "old" / "style.css").write_text("body {}")
    second = _build(pages)
    assert (second.read, second.written) == (0, 0)        # no page changed
    assert _downloads(site) == real                       # every real download, no other
    assert sorted(p.name for p in (site / "_static").iterdir()) == static


def test_a_static_file_changed_by_hand_is_replaced_by_sphinx_s(pages):
    site = pages.parent / "site"
    _build(pages)
    basic = (site / "_static" / "basic.css").read_bytes()
    (site / "_static" / "basic.css").write_text("body { display: none }")
    _build(pages)
    assert (site / "_static" / "basic.css").read_bytes() == basic
