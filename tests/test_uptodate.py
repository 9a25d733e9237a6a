"""``floorbook build`` with nothing to do: when the files it reads (pages, knowledge base,
code) and the site it wrote are as the last build left them, it says so and does not
start Sphinx; any change to an input or to the site builds again
(kb.handbook.data.uptodate)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from kb.cli import main
from kb.handbook.data import uptodate

ROOT = Path(__file__).parent / "roots" / "test-basic"
NOTHING = "floorbook build: nothing changed since the last build: 0 of 5 pages read, 0 written"


@pytest.fixture
def folder(tmp_path) -> Path:
    """A data folder (test-basic's data) with its pages in ``pages``, built once."""
    shutil.copytree(ROOT / "data", tmp_path / "data")
    shutil.copytree(ROOT, tmp_path / "data" / "pages",
                    ignore=shutil.ignore_patterns("conf.py", "data"))
    assert _build(tmp_path) == 0
    return tmp_path


def _build(tmp: Path, *options: str) -> int:
    return main(["build", "--data", str(tmp / "data"), "-o", str(tmp / "site"), *options])


def _said(capsys) -> str:
    return capsys.readouterr().out.splitlines()[0]


def test_a_second_build_with_nothing_changed_does_nothing(folder, capsys):
    capsys.readouterr()
    before = uptodate.manifest(folder / "site")
    assert _build(folder) == 0
    assert _said(capsys) == NOTHING
    assert uptodate.manifest(folder / "site") == before


def test_an_edited_page_or_data_file_builds_again(folder, capsys):
    page = folder / "data" / "pages" / "glossary.md"
    page.write_text(page.read_text(encoding="utf-8") + "\nOne more line.\n", encoding="utf-8")
    capsys.readouterr()
    assert _build(folder) == 0
    assert _said(capsys).startswith("floorbook build: 1 of 5 pages read")
    assert "One more line." in (folder / "site" / "glossary.html").read_text(encoding="utf-8")
    topics = folder / "data" / "topics.yaml"
    topics.write_text(topics.read_text(encoding="utf-8") + "\n# a comment\n",
                      encoding="utf-8")
    assert _build(folder) == 0
    assert not _said(capsys).startswith("floorbook build: nothing changed")


def test_a_file_added_to_or_removed_from_the_site_builds_again(folder, capsys):
    (folder / "site" / "stray.txt").write_text("x", encoding="utf-8")
    assert _build(folder) == 0
    assert not (folder / "site" / "stray.txt").exists()       # the build removed it
    (folder / "site" / "glossary.html").unlink()
    capsys.readouterr()
    assert _build(folder) == 0
    assert not _said(capsys).startswith("floorbook build: nothing changed")
    assert (folder / "site" / "glossary.html").is_file()


def test_other_options_build_again(folder, capsys):
    capsys.readouterr()
    assert _build(folder, "--sources") == 0
    assert not _said(capsys).startswith("floorbook build: nothing changed")
    assert (folder / "site" / "_sources").is_dir()
    assert _build(folder, "--sources") == 0
    assert _said(capsys) == NOTHING


def test_a_broken_or_foreign_record_is_no_record(folder, capsys):
    from kb.handbook.sitebuild.site import doctrees_folder
    record = doctrees_folder(folder / "site") / uptodate.RECORD
    for text in ("{not json", '["a list"]', '{"inputs": 3}'):
        record.write_text(text, encoding="utf-8")
        capsys.readouterr()
        assert _build(folder) == 0
        assert not _said(capsys).startswith("floorbook build: nothing changed"), text


def test_a_fifo_in_the_data_folder_is_not_opened_by_the_digest(tmp_path):
    import os
    (tmp_path / "d").mkdir()
    os.mkfifo(tmp_path / "d" / "pipe")
    (tmp_path / "d" / "a.yaml").write_text("a: 1\n", encoding="utf-8")
    first = uptodate.inputs_digest([tmp_path / "d"], {})      # returns: the pipe is skipped
    (tmp_path / "d" / "a.yaml").write_text("a: 2\n", encoding="utf-8")
    assert uptodate.inputs_digest([tmp_path / "d"], {}) != first


def test_a_data_folder_without_pages_rebuilds_only_the_pages_an_edit_changes(tmp_path, capsys):
    """Its default pages live beside the site between builds (``.site.pages``), unchanged
    pages untouched: a comment in a data file reads no page, an edited summary only the
    pages that show it (a new folder each build made Sphinx read every page)."""
    shutil.copytree(ROOT / "data", tmp_path / "data")
    assert _build(tmp_path) == 0
    assert (tmp_path / ".site.pages" / "index.md").is_file()
    glossary = tmp_path / "data" / "glossary.yaml"
    glossary.write_text(glossary.read_text(encoding="utf-8") + "# a comment\n",
                        encoding="utf-8")
    capsys.readouterr()
    assert _build(tmp_path) == 0
    assert _said(capsys).startswith("floorbook build: 0 of ")
    tda = tmp_path / "data" / "provisions" / "tda.yaml"
    text = tda.read_text(encoding="utf-8")
    assert "summary: " in text
    tda.write_text(text.replace("summary: ", "summary: Edited. ", 1), encoding="utf-8")
    assert _build(tmp_path) == 0
    said = _said(capsys)
    read, total = (int(n) for n in said.split(": ")[1].split(" pages")[0].split(" of "))
    assert 0 < read < total, said
