"""Editing one provision re-renders the pages that show it and no others, although its
YAML file holds other provisions too (tests/roots/test-incremental)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from test_sphinx_basic import build

ROOT = Path(__file__).parent / "roots" / "test-incremental"


@pytest.fixture()
def project(tmp_path) -> Path:
    shutil.copytree(ROOT, tmp_path / "src")
    assert build(tmp_path / "src", tmp_path / "out") == ""
    return tmp_path


def _stamps(html: Path) -> dict[str, int]:
    return {str(p.relative_to(html)): p.stat().st_mtime_ns for p in html.rglob("*.html")}


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))


def test_editing_one_provision_summary_rewrites_only_pages_that_show_it(project):
    html = project / "out" / "html"
    before = _stamps(html)
    _edit(project / "src" / "data" / "provisions" / "tda.yaml",
          "one is picked at random as the next burn", "one is drawn by the floor as the burn")
    assert build(project / "src", project / "out") == ""
    after = _stamps(html)
    rewritten = {page for page in after if after[page] != before.get(page)}
    assert {"topics/four-card-flop.html", "editions/tda-2024.html"} <= rewritten
    assert "topics/boxed-cards.html" not in rewritten      # same YAML file, other provision
    assert "editions/rrop-v11.html" not in rewritten
    assert "drawn by the floor" in (html / "topics" / "four-card-flop.html").read_text()


def test_renaming_a_provision_rewrites_the_pages_that_link_it(project):
    html = project / "out" / "html"
    before = _stamps(html)
    _edit(project / "src" / "data" / "provisions" / "rrop.yaml",
          "title: Too many cards on the flop", "title: An extra card on the flop")
    assert build(project / "src", project / "out") == ""
    after = _stamps(html)
    rewritten = {page for page in after if after[page] != before.get(page)}
    assert "glossary.html" in rewritten                    # links it as "defined by"
    assert "topics/boxed-cards.html" not in rewritten
    assert "An extra card on the flop" in (html / "glossary.html").read_text()


def test_an_unchanged_rebuild_rewrites_nothing(project):
    html = project / "out" / "html"
    before = _stamps(html)
    assert build(project / "src", project / "out") == ""
    after = _stamps(html)
    rewritten = {page for page in after if after[page] != before.get(page)}
    assert rewritten <= {"search.html", "genindex.html", "rule-provisions.html",
                         "rule-disagreements.html"}             # indices are always written
