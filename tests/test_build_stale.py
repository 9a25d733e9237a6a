"""A site as its inputs were when the build ended (issue 19, section 4): a page edited
during a build is read again by the next one, and the finder's index is linked with the
checksum of the file the site holds."""

from __future__ import annotations

import re
import shutil
import zlib
from pathlib import Path

import pytest

from kb.handbook.sitebuild.site import build_site

ROOTS = Path(__file__).parent / "roots"


@pytest.fixture
def finder_folder(tmp_path) -> Path:
    """tests/roots/test-find-ruling as a data folder with its pages."""
    root = ROOTS / "test-find-ruling"
    shutil.copytree(root / "data", tmp_path / "data")
    shutil.copytree(root, tmp_path / "data" / "pages",
                    ignore=shutil.ignore_patterns("conf.py", "data"))
    return tmp_path


def _linked_and_actual(site: Path) -> tuple[str, str]:
    """The ``?v=`` the finder page links its index with, and the checksum Sphinx gives
    the file (sphinx.builders.html._assets: CRC-32 of the bytes without CRs)."""
    page = (site / "find-a-ruling.html").read_text(encoding="utf-8")
    linked = re.search(r'floorbook-finder-index\.js\?v=([0-9a-f]{8})"', page)
    data = (site / "_static" / "floorbook-finder-index.js").read_bytes().replace(b"\r", b"")
    return (linked[1] if linked else ""), f"{zlib.crc32(data):08x}"


def test_the_finder_page_links_its_index_with_the_checksum_of_the_file_in_the_site(
        finder_folder):
    data, site = finder_folder / "data", finder_folder / "site"
    build_site(data / "pages", data, site)
    linked, actual = _linked_and_actual(site)
    assert linked == actual
    scenario = data / "scenarios" / "four-card-flop.yaml"
    text = scenario.read_text(encoding="utf-8")
    scenario.write_text(text.replace('title: "Four cards', 'title: "Again four cards', 1),
                        encoding="utf-8")
    build_site(data / "pages", data, site)
    assert "Again four cards" in (site / "_static" / "floorbook-finder-index.js").read_text(
        encoding="utf-8")
    linked, changed = _linked_and_actual(site)
    assert changed != actual and linked == changed


def test_a_page_edited_during_a_build_and_put_back_is_read_again_by_the_next(
        tmp_path, monkeypatch, capsys):
    from kb.cli import main
    from kb.handbook.sitebuild import site

    root = ROOTS / "test-basic"
    shutil.copytree(root / "data", tmp_path / "data")
    shutil.copytree(root, tmp_path / "data" / "pages",
                    ignore=shutil.ignore_patterns("conf.py", "data"))
    page = tmp_path / "data" / "pages" / "glossary.md"
    written = page.read_text(encoding="utf-8")
    sphinx = site._sphinx

    def edited_while_read(*args, **kwargs):    # after the first digest, before the end
        page.write_text(written + "\nAn edit made during the build.\n", encoding="utf-8")
        try:
            return sphinx(*args, **kwargs)
        finally:
            page.write_text(written, encoding="utf-8")

    command = ["build", "--data", str(tmp_path / "data"), "-o", str(tmp_path / "site")]
    monkeypatch.setattr(site, "_sphinx", edited_while_read)
    assert main(command) == 0
    glossary = tmp_path / "site" / "glossary.html"
    assert "An edit made during the build." in glossary.read_text(encoding="utf-8")
    monkeypatch.setattr(site, "_sphinx", sphinx)
    capsys.readouterr()
    assert main(command) == 0
    assert capsys.readouterr().out.startswith("floorbook build: 1 of 5 pages read")
    assert "An edit made during the build." not in glossary.read_text(encoding="utf-8")
