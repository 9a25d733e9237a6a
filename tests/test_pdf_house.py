"""The house rulebook's PDF (``floorbook rulebook build FILE -o DIR --pdf``): no blank
page (rinohtype's book template left one after the front page, its footer "Chapter ."),
and no link to itself.  The casino's PDF is built once (about 20 seconds).
"""

import re

import pytest
from pypdf import PdfReader

from kb.house.compose import RULEBOOKS
from kb.house.publish import publish


@pytest.fixture(scope="module")
def house(kb, tmp_path_factory):
    out = tmp_path_factory.mktemp("house") / "site"
    publish(kb, RULEBOOKS / "casino.yaml", out, pdf=True)
    return PdfReader(out / "casino.pdf")


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
