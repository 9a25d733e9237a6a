"""What a build publishes and says (issue 10, item 6): the site folder holds only the site
(the doctrees live beside it, no ``_sources`` unless asked), the footer names the
licences, and ``floorbook build`` reports the pages read and written and the time, or
nothing with ``-q``."""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

import pytest

from kb.cli import main
from kb.handbook.sitebuild.site import Built, build_site, doctrees_folder

ROOTS = Path(__file__).parent / "roots"
CHECKOUT = Path(__file__).parent.parent


@pytest.fixture
def pages(tmp_path) -> Path:
    """The tiny handbook of tests/roots/test-basic: its pages, with its data beside."""
    shutil.copytree(ROOTS / "test-basic", tmp_path / "pages",
                    ignore=shutil.ignore_patterns("conf.py", "data"))
    shutil.copytree(ROOTS / "test-basic" / "data", tmp_path / "data")
    return tmp_path / "pages"


def _build(pages: Path, **options) -> Built:
    return build_site(pages, pages.parent / "data", pages.parent / "out" / "site", **options)


def test_doctrees_folder_is_hidden_beside_the_site_and_named_after_it():
    assert doctrees_folder(Path("/work/_build/html")) == Path("/work/_build/.html.doctrees")
    assert doctrees_folder(Path("/tmp/a/site/")) == Path("/tmp/a/.site.doctrees")


def test_the_site_holds_no_doctrees_and_no_sources_and_links_to_none(pages):
    _build(pages)
    site = pages.parent / "out" / "site"
    assert sorted(p.name for p in (pages.parent / "out").iterdir()) == [".site.doctrees", "site"]
    assert not (site / ".doctrees").exists() and not (site / "_sources").exists()
    assert (pages.parent / "out" / ".site.doctrees" / "environment.pickle").is_file()
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        assert "_sources/" not in text and "Show Source" not in text, page


def test_sources_are_published_when_asked(pages):
    _build(pages, sources=True)
    site = pages.parent / "out" / "site"
    assert (site / "_sources" / "index.md.txt").read_text(encoding="utf-8") == \
        (pages / "index.md").read_text(encoding="utf-8")
    assert 'href="_sources/index.md.txt"' in (site / "index.html").read_text(encoding="utf-8")


def test_a_second_build_reads_no_page_and_a_replaced_site_is_read_again(pages):
    first = _build(pages)
    assert (first.read, first.pages, first.written) == (5, 5, 5)
    second = _build(pages)
    assert (second.read, second.pages, second.written) == (0, 5, 0)
    site = pages.parent / "out" / "site"
    (site / ".buildinfo").write_text((site / ".buildinfo").read_text() + "\n")
    third = _build(pages)                  # not the site the doctrees were built with
    assert third.read == 5


def test_an_earlier_site_with_its_doctrees_inside_is_published_without_them(pages):
    _build(pages)
    site = pages.parent / "out" / "site"
    (site / ".doctrees").mkdir()
    (site / ".doctrees" / "environment.pickle").write_bytes(b"an earlier layout")
    (site / "_sources").mkdir()
    (site / "_sources" / "index.md.txt").write_text("old")
    _build(pages)
    assert not (site / ".doctrees").exists() and not (site / "_sources").exists()


def test_a_build_with_changed_settings_publishes_no_backup_of_the_earlier_buildinfo(pages):
    _build(pages)
    _build(pages, sources=True)                 # other settings: Sphinx writes everything
    assert sorted(p.name for p in (pages.parent / "out" / "site").glob(".*")) == [".buildinfo"]


def test_the_footer_names_the_code_and_data_licences(pages):
    _build(pages)
    page = (pages.parent / "out" / "site" / "index.html").read_text(encoding="utf-8")
    assert ("Copyright &#169; 2026, floorbook contributors. Code: MIT License; "
            "knowledge-base data: CC BY 4.0") in page


def test_the_licence_file_gives_mit_for_the_code_and_cc_by_for_the_data():
    text = (CHECKOUT / "LICENSE").read_text(encoding="utf-8")
    assert "MIT License" in text and "Copyright (c) 2026 floorbook contributors" in text
    assert "kb/data/" in text and "CC BY" in text
    assert "https://creativecommons.org/licenses/by/4.0/legalcode" in text
    assert "LICENSE" in (CHECKOUT / "README.md").read_text(encoding="utf-8")


def test_build_site_says_when_it_reads_and_when_it_writes(pages):
    said: list[str] = []
    _build(pages, progress=said.append)
    assert said == ["reading 5 of 5 pages (the others are unchanged) ...",
                    "writing the pages ..."]
    said.clear()
    _build(pages, progress=said.append)
    assert said[0] == "reading 0 of 5 pages (the others are unchanged) ..."


def test_floorbook_build_prints_pages_read_and_written_and_the_time(pages, capsys):
    out = pages.parent / "out" / "site"
    args = ["build", "--data", str(pages.parent / "data"), "-o", str(out)]
    assert main(args) == 0
    printed = capsys.readouterr()
    assert re.fullmatch(r"floorbook build: (\d+) of \1 pages read, \d+ written, \d+\.\d s\n"
                        rf"handbook built: {re.escape(str(out / 'index.html'))}\n",
                        printed.out), printed.out
    assert printed.err == ""               # stage lines go only to a terminal


def test_floorbook_build_quiet_prints_nothing_but_builds(pages, capsys):
    out = pages.parent / "out" / "site"
    assert main(["build", "-q", "--data", str(pages.parent / "data"), "-o", str(out)]) == 0
    assert capsys.readouterr() == ("", "")
    assert (out / "index.html").is_file()


def test_on_a_terminal_floorbook_build_says_each_stage_on_stderr_but_not_with_q(
        pages, capsys, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    out = pages.parent / "out" / "site"
    args = ["build", "--data", str(pages.parent / "data"), "-o", str(out)]
    assert main(args) == 0
    assert re.fullmatch(r"floorbook build: reading (\d+) of \1 pages \(the others are "
                        r"unchanged\) \.\.\.\nfloorbook build: writing the pages \.\.\.\n",
                        capsys.readouterr().err)
    assert main([*args, "-q"]) == 0
    assert capsys.readouterr() == ("", "")


#: The smallest PNG there is (1 x 1 pixel), for a page's picture.
PNG = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000"
                    "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082")


def test_a_picture_no_page_shows_any_more_is_not_carried_into_the_next_site(pages):
    (pages / "chip.png").write_bytes(PNG)
    index = pages / "index.md"
    index.write_text(index.read_text(encoding="utf-8") + "\n![a chip](chip.png)\n",
                     encoding="utf-8")
    _build(pages)
    site = pages.parent / "out" / "site"
    assert (site / "_images" / "chip.png").read_bytes() == PNG
    (site / "_images" / "graphviz-0123abcd.svg").write_text("<svg/>")   # an earlier build's
    second = _build(pages)
    assert second.written == 0                       # index.html was kept, and its picture
    assert sorted(p.name for p in (site / "_images").iterdir()) == ["chip.png"]


def test_the_page_of_a_deleted_source_and_a_stray_file_are_not_carried_into_the_next_site(
        pages):
    (pages / "extra.md").write_text("# Extra\n\n```{toctree}\n:hidden:\n```\n", encoding="utf-8")
    index = pages / "index.md"
    original = index.read_text(encoding="utf-8")
    index.write_text(original + "\n```{toctree}\n:hidden:\n\nextra\n```\n", encoding="utf-8")
    _build(pages)
    site = pages.parent / "out" / "site"
    assert (site / "extra.html").is_file()
    (site / "junk.txt").write_text("not ours", encoding="utf-8")
    (site / "topics" / "old.html").parent.mkdir(exist_ok=True)
    (site / "topics" / "old.html").write_text("<p>an earlier build's page</p>")
    (pages / "extra.md").unlink()
    index.write_text(original, encoding="utf-8")
    _build(pages)
    assert not (site / "extra.html").exists() and not (site / "junk.txt").exists()
    assert not (site / "topics" / "old.html").exists()
    assert {"index.html", "genindex.html", "search.html", "searchindex.js", "objects.inv",
            ".buildinfo"} <= {p.name for p in site.iterdir()}


def test_a_house_rulebook_site_is_not_taken_for_the_handbook_s(pages, capsys):
    site = pages.parent / "out" / "site"
    _build(pages)
    (site / ".floorbook-house-site").write_text("", encoding="utf-8")
    assert main(["build", "--data", str(pages.parent / "data"), "-o", str(site)]) == 1
    assert "is a house rulebook's site, not the handbook's" in capsys.readouterr().err
