"""A page read again has its parents (the pages whose toctree lists it) written again only
when what they show of it changed: its title, its sections, its metadata, its own toctree
(:func:`kb.handbook.domain.uses.unchanged_parents`); the site is what a build from nothing makes
(tests/roots/test-incremental)."""

from __future__ import annotations

from pathlib import Path

import test_sphinx_incremental as incremental
from test_sphinx_basic import build
from test_sphinx_incremental import _edit, _stamps

project = incremental.project      # the same fixture: the incremental test root, built once


def _same_as_from_nothing(project: Path, *only: str) -> None:
    """Every page of the rebuilt site (or ``only`` those) is the page a build from nothing
    writes."""
    assert build(project / "src", project / "fresh") == ""
    built, fresh = project / "out" / "html", project / "fresh" / "html"
    pages = sorted(str(p.relative_to(fresh)) for p in fresh.rglob("*.html"))
    assert pages == sorted(_stamps(built))
    for page in only or pages:
        assert (built / page).read_bytes() == (fresh / page).read_bytes(), page


def test_a_summary_edit_leaves_the_parent_page_unwritten(project):
    rewritten = incremental.rewritten_after_summary_edit(project)
    assert {"topics/four-card-flop.html", "editions/tda-2024.html"} <= rewritten
    assert "index.html" not in rewritten                     # lists them, unchanged
    _same_as_from_nothing(project)


def test_a_new_title_writes_the_parent_page_again(project):
    html = project / "out" / "html"
    before = _stamps(html)
    _edit(project / "src" / "glossary.md", "# Glossary", "# The glossary")
    assert build(project / "src", project / "out") == ""
    after = _stamps(html)
    assert after["index.html"] != before["index.html"]
    assert "The glossary" in (html / "index.html").read_text()
    # only the parent: Sphinx never writes again the pages beside a retitled one, whose
    # previous and next links name it (as before this change)
    _same_as_from_nothing(project, "index.html")


def test_a_new_section_writes_the_parent_page_again(project):
    html = project / "out" / "html"
    before = _stamps(html)
    page = project / "src" / "glossary.md"
    page.write_text(page.read_text() + "\n## Seen at the table\n\nA section of its own.\n")
    assert build(project / "src", project / "out") == ""
    assert _stamps(html)["index.html"] != before["index.html"]
    _same_as_from_nothing(project, "index.html")


def test_the_environment_keeps_every_parent(project):
    """What Sphinx keeps for the next build still names the parents."""
    import pickle

    _edit(project / "src" / "data" / "provisions" / "tda.yaml",
          "one is picked at random as the next burn", "one is drawn by the floor as the burn")
    assert build(project / "src", project / "out") == ""
    with open(project / "out" / "doctrees" / "environment.pickle", "rb") as handle:
        env = pickle.load(handle)
    assert "index" in env.files_to_rebuild["editions/tda-2024"]
    # the next title edit of that page writes its parent again
    before = _stamps(project / "out" / "html")
    _edit(project / "src" / "glossary.md", "# Glossary", "# The glossary")
    assert build(project / "src", project / "out") == ""
    assert _stamps(project / "out" / "html")["index.html"] != before["index.html"]
