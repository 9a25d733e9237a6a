"""The doctrees kept beside a site are pickles: a build uses them again only when this
user's build sealed them (kb.handbook.sitebuild.doctrees_trust), never those of a project folder
someone sent, whose stamp they wrote to match (issue 19)."""

# ruff: noqa: F811 (the fixture `folder`, imported, named as a parameter)
from __future__ import annotations

import json
import os
import pickle
from pathlib import Path

import pytest
from test_build_faults import folder  # noqa: F401 (the fixture: test-basic, built once)

from kb.cli import main

STAMP = "floorbook-site.stamp"


class _Planted:
    """What an attacker pickles: loading it creates the file ``marker``."""

    def __init__(self, marker: Path):
        self.marker = marker

    def __reduce__(self):
        return (Path.touch, (self.marker,))


def _command(tmp: Path, *options: str) -> list[str]:
    return ["build", "--data", str(tmp / "data"), "-o", str(tmp / "site"), *options]


def _edit_glossary(folder: Path, text: str) -> None:
    page = folder / "data" / "pages" / "glossary.md"
    page.write_text(page.read_text(encoding="utf-8") + f"\n{text}\n", encoding="utf-8")


def _read(capsys) -> str:
    """The counts line of the build just run ("N of M pages read ...")."""
    lines = [line for line in capsys.readouterr().out.splitlines() if "pages read" in line]
    assert len(lines) == 1, lines
    return lines[0].removeprefix("floorbook build: ").split(",")[0]


def test_planted_environment_pickle_is_never_loaded(folder, capsys):
    doctrees, marker = folder / ".site.doctrees", folder / "ran"
    (doctrees / "environment.pickle").write_bytes(pickle.dumps(_Planted(marker)))
    info = (folder / "site" / ".buildinfo").stat()  # the stamp an attacker writes to match
    (doctrees / STAMP).write_text(f"{info.st_mtime_ns} {info.st_size}", encoding="utf-8")
    _edit_glossary(folder, "An edit.")
    capsys.readouterr()
    assert main(_command(folder)) == 0
    assert not marker.exists()
    assert _read(capsys) == "5 of 5 pages read"
    assert "An edit." in (folder / "site" / "glossary.html").read_text(encoding="utf-8")


def test_planted_pickle_with_a_copied_seal_is_never_loaded(folder, capsys):
    """The stamp file kept as the build sealed it, one doctree replaced."""
    doctrees, marker = folder / ".site.doctrees", folder / "ran"
    (doctrees / "index.doctree").write_bytes(pickle.dumps(_Planted(marker)))
    _edit_glossary(folder, "An edit.")
    capsys.readouterr()
    assert main(_command(folder)) == 0
    assert not marker.exists()
    assert _read(capsys) == "5 of 5 pages read"


def test_one_changed_byte_of_a_doctree_is_not_used(folder, capsys):
    doctree = folder / ".site.doctrees" / "index.doctree"
    data = bytearray(doctree.read_bytes())
    data[len(data) // 2] ^= 1
    doctree.write_bytes(bytes(data))
    _edit_glossary(folder, "An edit.")
    capsys.readouterr()
    assert main(_command(folder)) == 0
    assert _read(capsys) == "5 of 5 pages read"


def test_another_users_key_is_not_trusted(folder, capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("FLOORBOOK_CACHE_DIR", str(tmp_path / "other-cache"))
    _edit_glossary(folder, "An edit.")
    capsys.readouterr()
    assert main(_command(folder)) == 0
    assert _read(capsys) == "5 of 5 pages read"
    _edit_glossary(folder, "Another edit.")     # sealed with that key now: used again
    assert main(_command(folder)) == 0
    assert _read(capsys) == "1 of 5 pages read"


def test_an_honest_rebuild_reads_only_the_page_that_changed(folder, capsys):
    stamp = (folder / ".site.doctrees" / STAMP).read_text(encoding="utf-8").splitlines()
    assert len(stamp) == 2 and len(stamp[1]) == 64          # the site's stamp, the seal
    _edit_glossary(folder, "An edit.")
    capsys.readouterr()
    assert main(_command(folder)) == 0
    assert _read(capsys) == "1 of 5 pages read"
    assert "An edit." in (folder / "site" / "glossary.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("off", ["env", "option"])
def test_without_a_cache_every_page_is_read(folder, capsys, monkeypatch, off):
    options = ("--no-cache",) if off == "option" else ()
    if off == "env":
        monkeypatch.setenv("FLOORBOOK_CACHE", "off")
    for text in ("An edit.", "Another edit."):
        _edit_glossary(folder, text)
        capsys.readouterr()
        assert main(_command(folder, *options)) == 0
        assert _read(capsys) == "5 of 5 pages read"
    assert not (folder / ".site.doctrees" / STAMP).exists()


def test_the_key_is_the_users_alone(folder):
    key = Path(os.environ["FLOORBOOK_CACHE_DIR"]) / "doctrees.key"
    assert len(key.read_bytes()) == 32
    assert key.stat().st_mode & 0o777 == 0o600


@pytest.mark.parametrize("planted", [False, True])
def test_the_pdf_copies_only_sealed_doctrees(folder, monkeypatch, planted):
    """``build --pdf`` gives LaTeX's Sphinx run a copy of the site's doctrees: only
    sealed ones (LaTeX itself is not run here: what Sphinx would be given is checked)."""
    from kb.handbook.printing import pdf

    doctrees, given = folder / ".site.doctrees", []
    if planted:
        (doctrees / "environment.pickle").write_bytes(pickle.dumps(_Planted(folder / "ran")))

    def latex(pages, data, outdir, environment, *layout):      # paper, examples
        given.append(sorted(p.name for p in environment.glob("*")))
        outdir.mkdir()
        (outdir / pdf.NAME).write_bytes(b"%PDF")

    monkeypatch.setattr(pdf, "toolchain_problem", lambda: "")
    monkeypatch.setattr(pdf, "_sphinx_latex", latex)
    monkeypatch.setattr(pdf, "_latexmk", lambda latex, inputs: None)
    pdf.build_pdf(folder / "data" / "pages", folder / "data", folder / "out.pdf", doctrees)
    assert (given == [[]]) if planted else ("environment.pickle" in given[0])
    assert not (folder / "ran").exists()


def test_a_record_that_came_with_the_folder_does_not_stop_the_build(folder, capsys):
    """The record of "nothing changed" beside a site is the user's only when keyed: one
    the sender wrote (the digest of the inputs is public) would keep their site."""
    from kb.handbook.data import uptodate

    data, site = folder / "data", folder / "site"
    (site / "glossary.html").write_text("<script>alert(1)</script>", encoding="utf-8")
    (folder / ".site.doctrees" / STAMP).unlink()    # the sender's doctrees: no seal of ours
    inputs = uptodate.inputs_digest([data / "pages", data], {"sources": False, "pdf": False})
    (folder / ".site.doctrees" / uptodate.RECORD).write_text(json.dumps(
        {"inputs": inputs, "pages": 5, "files": uptodate.manifest(site)}), encoding="utf-8")
    capsys.readouterr()
    assert main(_command(folder)) == 0
    assert _read(capsys) == "5 of 5 pages read"
    assert "alert(1)" not in (site / "glossary.html").read_text(encoding="utf-8")
    assert main(_command(folder)) == 0              # the user's own record: nothing to do
    assert "nothing changed since the last build" in capsys.readouterr().out
