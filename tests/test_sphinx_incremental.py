"""Editing one provision re-renders the pages that show it and no others, although its
YAML file holds other provisions too; editing one scenario re-renders the topic pages
whose ruling matrix shows it and no others (tests/roots/test-incremental)."""

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


def rewritten_after_summary_edit(project: Path) -> set[str]:
    """The pages a rebuild writes after one TDA provision's summary is edited."""
    html = project / "out" / "html"
    before = _stamps(html)
    _edit(project / "src" / "data" / "provisions" / "tda.yaml",
          "one is picked at random as the next burn", "one is drawn by the floor as the burn")
    assert build(project / "src", project / "out") == ""
    after = _stamps(html)
    return {page for page in after if after[page] != before.get(page)}


def test_editing_one_provision_summary_rewrites_only_pages_that_show_it(project):
    html = project / "out" / "html"
    rewritten = rewritten_after_summary_edit(project)
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


def _rewritten(project: Path, before: dict[str, int]) -> set[str]:
    after = _stamps(project / "out" / "html")
    return {page for page in after if after[page] != before.get(page)}


def test_editing_a_four_card_flop_scenario_rewrites_only_the_pages_showing_it(project):
    html = project / "out" / "html"
    before = _stamps(html)
    _edit(project / "src" / "data" / "scenarios" / "four-card-flop.yaml",
          'title: "The dealer turns four cards on the flop"',
          'title: "Four cards turned for the flop, seen at once"')
    assert build(project / "src", project / "out") == ""
    rewritten = _rewritten(project, before)
    assert "topics/four-card-flop.html" in rewritten
    assert "topics/boxed-cards.html" not in rewritten      # shows other scenarios only
    assert "editions/tda-2024.html" not in rewritten
    assert "Four cards turned for the flop, seen at once" in (
        html / "topics" / "four-card-flop.html").read_text()


def test_changing_a_scenarios_events_changes_its_cards_in_the_matrix(project):
    html = project / "out" / "html"
    page = (html / "topics" / "boxed-cards.html").read_text()
    assert 'title="Jc"' in page                               # card 10 is boxed: Jc
    before = _stamps(html)
    _edit(project / "src" / "data" / "scenarios" / "boxed-card-during-deal.yaml",
          "deck: 9c 4h 3c 6s 6c Qd 2s 8s Ah Jc", "deck: 9c 4h 3c 6s 6c Qd 2s 8s Ah Kc")
    assert build(project / "src", project / "out") == ""
    rewritten = _rewritten(project, before)
    assert "topics/boxed-cards.html" in rewritten
    assert "topics/four-card-flop.html" not in rewritten
    page = (html / "topics" / "boxed-cards.html").read_text()
    assert 'title="Kc"' in page and 'title="Jc"' not in page


def test_a_scenario_comment_rebuilds_its_page_but_no_other(project):
    html = project / "out" / "html"
    before = _stamps(html)
    scenario = project / "src" / "data" / "scenarios" / "boxed-card-during-deal.yaml"
    scenario.write_text(scenario.read_text() + "# checked again\n")
    assert build(project / "src", project / "out") == ""
    rewritten = _rewritten(project, before)
    assert "topics/boxed-cards.html" in rewritten            # the file's contents changed
    assert "topics/four-card-flop.html" not in rewritten
    assert "disagreements.html" not in rewritten             # no disagreement in that file


def _index_entries(html: Path) -> dict:
    from test_sphinx_basic import search_index
    return search_index(html)["indexentries"]


def test_a_rebuild_keeps_the_index_entries_of_the_pages_it_does_not_write(project):
    """sphinx-doc/sphinx#12599: Sphinx alone keeps only the rebuilt pages' entries."""
    html = project / "out" / "html"
    fresh = _index_entries(html)
    assert len(fresh) > 10
    assert build(project / "src", project / "out") == ""          # nothing changed
    assert _index_entries(html) == fresh
    _edit(project / "src" / "glossary.md", "# ", "# The ")          # one page written
    assert build(project / "src", project / "out") == ""
    assert _index_entries(html) == fresh
