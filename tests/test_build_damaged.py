"""A damaged earlier site never stops a build (issue 19, fresh-user run): it is an
optimisation only.  An emptied ``searchindex.js`` crashed every later build with
``ValueError: not enough values to unpack`` (and, with a page edited too, ``KeyError:
'editions/rrop-v11'``) until the folder was deleted; now a search index Sphinx cannot
load means the earlier site is not used, and a build from it that fails with an
exception nobody expected is done again from nothing, saying nothing more."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import kb.handbook.sitebuild.site
from kb.cli import main
from kb.handbook.sitebuild.site import build_site

#: A search index Sphinx's loader reads but whose content it then trips over.
LYING_INDEX = 'Search.setIndex({"docnames": ["index"], "envversion": 0})'
#: What Sphinx says of a search index it cannot load while it keeps some pages.
SPHINX_SAID = ("WARNING: search index couldn't be loaded, but not all documents will be "
               "built: the index will be incomplete.\n")


@pytest.fixture
def project(tmp_path) -> Path:
    """A project of ``floorbook init``, its site built once into ``site``."""
    assert main(["init", str(tmp_path / "h")]) == 0
    assert main(["build", "-q", "--data", str(tmp_path / "h" / "data"),
                 "-o", str(tmp_path / "site")]) == 0
    return tmp_path


def _rebuild(project: Path, capsys) -> tuple[int, str, str]:
    capsys.readouterr()
    status = main(["build", "--data", str(project / "h" / "data"),
                   "-o", str(project / "site")])
    return status, *capsys.readouterr()


def _edit_a_page(project: Path) -> None:
    page = project / "h" / "data" / "pages" / "glossary.md"
    page.write_text(page.read_text(encoding="utf-8") + "\nOne more line.\n", encoding="utf-8")


@pytest.mark.parametrize("index", ["", "Search.setIndex({", LYING_INDEX])
@pytest.mark.parametrize("edited", [False, True])
@pytest.mark.parametrize("checked", [True, False])
def test_a_damaged_search_index_is_rebuilt_as_if_there_were_no_earlier_site(
        project, capsys, monkeypatch, index, edited, checked):
    """``checked``: the search index is looked at before the build; else Sphinx crashes
    on it and the build is done again from nothing, and the first try may have said
    Sphinx's warning about the index already (why the index is looked at first)."""
    if not checked:
        monkeypatch.setattr(kb.handbook.sitebuild.site, "usable", lambda site: site.is_dir())
    site = project / "site"
    (site / "searchindex.js").write_text(index, encoding="utf-8")
    if edited:
        _edit_a_page(project)
    status, out, err = _rebuild(project, capsys)
    assert (status, err if checked else err.replace(SPHINX_SAID, "")) == (0, "")
    assert re.fullmatch(r"floorbook build: (\d+) of \1 pages read, \d+ written, \d+\.\d s\n"
                        r"handbook built: .*\n", out), out
    text = (site / "searchindex.js").read_text(encoding="utf-8")
    assert text.startswith("Search.setIndex(") and '"glossary"' in text
    status, out, err = _rebuild(project, capsys)     # and the next build reuses it again
    assert (status, err) == (0, "")


@pytest.fixture
def broken(monkeypatch) -> list[Path]:
    """Every build fails at its end with a ValueError (a bug, not the earlier site's
    fault); the folders it failed in, in order."""
    calls: list[Path] = []

    def fail(site):
        calls.append(site)
        raise ValueError("a bug")

    monkeypatch.setattr(kb.handbook.sitebuild.site, "drop_unused_images", fail)
    return calls


def test_a_build_that_fails_from_nothing_too_fails_and_keeps_the_earlier_site(
        project, broken):
    before = (project / "site" / "index.html").read_bytes()
    _edit_a_page(project)
    with pytest.raises(ValueError, match="a bug"):
        build_site(project / "h" / "data" / "pages", project / "h" / "data", project / "site")
    assert len(broken) == 2                          # from the earlier site, then from nothing
    assert (project / "site" / "index.html").read_bytes() == before
    assert [p.name for p in project.iterdir() if "building" in p.name] == []


def test_without_an_earlier_site_an_unexpected_error_is_not_tried_twice(project, broken):
    with pytest.raises(ValueError, match="a bug"):
        build_site(project / "h" / "data" / "pages", project / "h" / "data", project / "new")
    assert len(broken) == 1 and not (project / "new").exists()


def test_a_problem_of_the_user_s_files_is_reported_once_not_retried(project, capsys):
    page = project / "h" / "data" / "pages" / "glossary.md"
    page.write_text("# Glossary\n\n[a link to nowhere](nowhere.md)\n", encoding="utf-8")
    status, out, err = _rebuild(project, capsys)
    assert status == 1
    assert err.count("nowhere") == 1, err


@pytest.fixture
def sphinx_colours_on(monkeypatch):
    """The environment of a CI runner (``CI=true``, ``FORCE_COLOR``), where Sphinx's own
    test says to colour even a pipe; Sphinx's colour switch put back after."""
    from sphinx.util.console import coloron, nocolor
    monkeypatch.setenv("CI", "true")
    monkeypatch.setenv("FORCE_COLOR", "1")
    coloron()
    yield
    nocolor()


def test_sphinx_says_its_warnings_without_colour_codes_even_on_a_ci_runner(
        project, capsys, monkeypatch, sphinx_colours_on):
    """The project's CI set ``CI=true``: Sphinx coloured its warning about a search index
    it cannot load, and the command's escaping of control characters printed it as
    ``\\u001b[91mWARNING...``."""
    monkeypatch.setattr(kb.handbook.sitebuild.site, "usable", lambda site: site.is_dir())
    (project / "site" / "searchindex.js").write_text("", encoding="utf-8")
    status, out, err = _rebuild(project, capsys)
    assert (status, err) == (0, SPHINX_SAID)
