"""The house rulebook's PDF (``floorbook rulebook build FILE -o DIR --pdf``): no blank
page (rinohtype's book template left one after the front page, its footer "Chapter ."),
and no link to itself.  The casino's PDF is built once (about 20 seconds).
"""

import re
from pathlib import Path

import pytest
from pypdf import PdfReader
from test_pdf import A4, LETTER, files_of, page_size

from kb.cli import main
from kb.handbook.house.publish import publish
from kb.house.compose import RULEBOOKS

#: The time the PDFs are built under (SOURCE_DATE_EPOCH), and how a PDF writes it.
EPOCH, DATE = "1700000000", "D:20231114221320Z"


@pytest.fixture(scope="module")
def house_pdf(kb, tmp_path_factory) -> Path:
    """The casino's PDF, built under SOURCE_DATE_EPOCH."""
    out = tmp_path_factory.mktemp("house") / "site"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SOURCE_DATE_EPOCH", EPOCH)
        publish(kb, RULEBOOKS / "casino.yaml", out, pdf=True)
    return out / "casino.pdf"


@pytest.fixture(scope="module")
def house(house_pdf):
    return PdfReader(house_pdf)


def test_house_pdf_has_no_blank_page_and_no_empty_chapter(house):
    texts = [" ".join(page.extract_text().split()) for page in house.pages]
    assert [n for n, text in enumerate(texts, 1) if len(text.split()) < 30] == []
    assert not any(re.search(r"Chapter\s*\.", text) for text in texts)
    assert "Our rules" in texts[1]       # the second page is the rules, not a blank page


def test_house_pdf_does_not_link_to_itself(house):
    links = [annotation.get_object().get("/A", {}).get("/URI", "")
             for page in house.pages for annotation in page.get("/Annots", ())]
    assert [uri for uri in links if str(uri).endswith(".pdf")] == []
    assert not any("printable PDF" in page.extract_text() for page in house.pages)


def test_two_builds_under_one_source_date_epoch_are_the_same_bytes(kb, house_pdf, tmp_path,
                                                                   monkeypatch):
    # rinohtype dated its PDF by the clock, in the local time zone, and made its /ID of it
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    publish(kb, RULEBOOKS / "casino.yaml", tmp_path / "site", pdf=True)
    assert (tmp_path / "site" / "casino.pdf").read_bytes() == house_pdf.read_bytes()
    again, first = files_of(tmp_path / "site"), files_of(house_pdf.parent)   # and the site
    assert again.keys() == first.keys()
    assert [name for name in first if first[name] != again[name]] == []
    info = PdfReader(house_pdf).metadata
    assert (info["/CreationDate"], info["/ModDate"]) == (DATE, DATE)


def test_house_pdf_is_a4_by_default_and_letter_with_paper_letter(kb, house_pdf, tmp_path):
    assert page_size(house_pdf) == A4
    main(["rulebook", "build", str(RULEBOOKS / "casino.yaml"), "-o", str(tmp_path / "site"),
          "--pdf", "--paper", "letter"])
    assert page_size(tmp_path / "site" / "casino.pdf") == LETTER


def test_house_paper_without_pdf_is_refused(tmp_path, capsys):
    assert main(["rulebook", "build", str(RULEBOOKS / "casino.yaml"), "-o",
                 str(tmp_path / "site"), "--paper", "a4"]) == 1
    assert capsys.readouterr().err.startswith("floorbook rulebook build: --paper shapes the "
                                              "PDF: give --pdf with it")
    assert not (tmp_path / "site").exists()
