"""The printed handbook (``floorbook build --pdf``) and the house rulebook's PDF.

The handbook is built once for the module through ``kb.cli.main`` (the site, then the
PDF by Sphinx's LaTeX builder and latexmk) and its pages read once with pypdf: 100 s for
the module on two cores (the site 20 s, the PDF 50 s, pypdf's reading of 780 pages the
rest); up to 7 minutes when the cores are busy with other builds.  The house rulebook's PDF is tests/test_pdf_house.py.
"""

import argparse
import re
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from docutils import nodes
from docutils.utils import new_document
from pypdf import PdfReader

from kb.cli import main
from kb.cli.knowledge import _print_or_remove_pdf
from kb.files.writing import replace_file
from kb.hand.scenario_file import load_scenario
from kb.handbook.printing.printed import FINDER_ON_PAPER, PrintBadges, badge
from kb.handbook.views.cards import face
from kb.house.compose import resolve_rulebook
from kb.knowledge.names import citation
from kb.rules.engine import rule

FOUR_CARD_FLOP = "kb/data/scenarios/case-c27-four-card-flop-stuck-cards.yaml"
KB_SMALL = Path(__file__).parent / "data" / "kb-small"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """(the exit status of ``floorbook build --pdf``, its output folder)."""
    out = tmp_path_factory.mktemp("printed") / "site"
    return main(["build", "-o", str(out), "--pdf"]), out


@pytest.fixture(scope="module")
def reader(built):
    return PdfReader(built[1] / "floorbook.pdf")


@pytest.fixture(scope="module")
def pages(reader) -> list[str]:
    """The text of every page, whitespace runs as one space."""
    return [" ".join(page.extract_text().split()) for page in reader.pages]


def bookmarks(reader, items=None) -> dict[str, int]:
    """Every bookmark's title -> its page's index (the first, where titles repeat)."""
    found: dict[str, int] = {}
    for item in reader.outline if items is None else items:
        if isinstance(item, list):
            found = {**bookmarks(reader, item), **found}
        else:
            title = item.title.replace("\u2019", "'")     # LaTeX's smart quotes
            found.setdefault(title, reader.get_destination_page_number(item))
    return found


def topic_text(kb, reader, pages, title: str) -> str:
    """The text of the topic page titled ``title``: from its bookmark's page to the page
    where the next topic starts."""
    marks = bookmarks(reader)
    start = marks[title]
    later = [marks[t.title] for t in kb.topics if marks.get(t.title, -1) > start]
    return " ".join(pages[start:min(later, default=len(pages))])


def test_build_pdf_writes_the_site_and_the_pdf_into_the_output_folder(built):
    code, out = built
    assert code == 0
    assert (out / "index.html").is_file()
    assert (out / "floorbook.pdf").read_bytes()[:5] == b"%PDF-"


def test_pdf_has_pages_for_every_topic_and_edition_and_no_more_than_a_binder(kb, reader):
    records = len(kb.topics) + len(kb.editions)
    assert records < len(reader.pages) < 40 * records


def test_every_topic_is_a_bookmark_and_the_pages_the_front_page_lists_are_chapters(kb, reader):
    marks = bookmarks(reader)
    assert [t.title for t in kb.topics if t.title not in marks] == []
    chapters = [item.title for item in reader.outline if not isinstance(item, list)]
    assert chapters[:4] == ["How to read it", "How sure we are", "The books", "Find a ruling"]
    assert {"Topics", "Books and editions", "Where the books disagree", "Glossary"} \
        <= set(chapters)


def test_topic_pages_print_the_provision_numbers_and_the_books_disagreement(kb, reader, pages):
    text = topic_text(kb, reader, pages, "Four-card flop")
    assert citation(kb, kb.provision("tda.four-card-flop")).split(";")[0] in text
    assert "The books disagree" in text
    assert "books differ" in text


def test_matrix_prints_each_rulebook_with_the_cards_after_the_remedy(kb, reader, pages):
    scenario = load_scenario(FOUR_CARD_FLOP)
    ruling = rule(kb, resolve_rulebook(kb, "tda@2024"), scenario)
    text = "".join(topic_text(kb, reader, pages, "Four-card flop").split())
    assert "RulebookRemedyandnumbersAftertheremedy" in text
    board = "".join(face(card) for card in ruling.table.board)
    assert len(ruling.table.board) == 3 and f"Board{board}" in text
    assert "♥" in board or "♦" in board or "♠" in board or "♣" in board


def test_index_gives_page_numbers(reader, pages):
    index = " ".join(pages[bookmarks(reader)["Index"]:])
    assert re.search(r"tda\.four-card-flop, \d+", index)
    assert re.search(r"\bmuck, \d+", index)


def test_no_page_names_an_empty_chapter_or_an_unresolved_reference(pages):
    assert [n for n, text in enumerate(pages, 1) if re.search(r"Chapter\s*\.", text)] == []
    assert [n for n, text in enumerate(pages, 1) if "??" in text] == []


def test_find_a_ruling_says_on_paper_where_its_answers_are(reader, pages):
    start = bookmarks(reader)["Find a ruling"]
    assert FINDER_ON_PAPER.split(":")[0] in " ".join(pages[start:start + 3])


def test_build_without_pdf_removes_an_earlier_pdf_that_no_longer_matches(tmp_path):
    (tmp_path / "floorbook.pdf").write_bytes(b"%PDF-1.5 stale")
    _print_or_remove_pdf(tmp_path, argparse.Namespace(pdf=False, output=tmp_path, quiet=False))
    assert not (tmp_path / "floorbook.pdf").exists()


def test_build_pdf_without_latex_says_what_to_install(tmp_path, monkeypatch, capsys):
    tools = tmp_path / "bin"
    tools.mkdir()
    (tools / "dot").symlink_to(shutil.which("dot"))  # Graphviz, but no LaTeX
    monkeypatch.setenv("PATH", str(tools))
    assert main(["build", "-o", str(tmp_path / "site"), "--pdf"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("floorbook build: --pdf needs LaTeX, and latexmk and pdflatex "
                          "are not installed.")
    assert "tools/install.sh pdf" in err and "apt-get install latexmk" in err
    assert "Traceback" not in err
    assert not (tmp_path / "site").exists()


def test_a_character_pdflatex_cannot_print_is_named_at_its_file_and_line(tmp_path, capsys):
    data = tmp_path / "data"
    shutil.copytree(KB_SMALL, data)
    book = data / "provisions" / "rrop.yaml"
    text = book.read_text(encoding="utf-8")
    assert "is known." in text
    book.write_text(text.replace("is known.", "is known \U0001F600.", 1), encoding="utf-8")
    line = 1 + text[:text.index("is known.")].count("\n")
    assert main(["build", "--data", str(data), "-o", str(tmp_path / "site"), "--pdf"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{book}:{line}: the character \U0001F600 (U+1F600) cannot be "
                          "printed in the PDF")
    assert "floorbook build: LaTeX stopped, so the PDF was not written:" in err
    assert "Traceback" not in err and not (tmp_path / "site" / "floorbook.pdf").exists()


def test_the_pdf_replaces_a_link_in_the_site_folder_and_never_writes_through_it(tmp_path):
    outside = tmp_path / "outside.txt"
    outside.write_text("keep", encoding="utf-8")
    site = tmp_path / "site"
    site.mkdir()
    (site / "floorbook.pdf").symlink_to(outside)       # left by a copy of an earlier site
    built = tmp_path / "built.pdf"
    built.write_bytes(b"%PDF-1.5 new")
    replace_file(site / "floorbook.pdf", built.read_bytes())
    assert outside.read_text(encoding="utf-8") == "keep"
    assert not (site / "floorbook.pdf").is_symlink()
    assert (site / "floorbook.pdf").read_bytes() == b"%PDF-1.5 new"
    assert sorted(p.name for p in site.iterdir()) == ["floorbook.pdf"]


def test_a_badge_that_starts_with_an_element_keeps_it_as_an_element_in_print():
    # a badge's first child was once passed as TextElement's text: an element there
    # printed as the text of its XML, "<literal>37-A</literal> dead hand"
    document = new_document("badges.md")
    inline = nodes.inline("", "", nodes.literal("37-A", "37-A"), nodes.Text(" dead hand"),
                          classes=["sd-badge", "sd-bg-danger"], ids=["b1"])
    document += nodes.paragraph("", "", inline)
    PrintBadges(document).run()
    printed = next(document.findall(badge))
    assert [type(child) for child in printed.children] == [nodes.literal, nodes.Text]
    assert printed.astext() == "37-A dead hand"
    assert (printed["colour"], printed["ids"]) == ("danger", ["b1"])


def files_of(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder``: its path there -> its bytes."""
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_two_builds_under_one_source_date_epoch_are_the_same_bytes_pdf_and_site(
        tmp_path, monkeypatch):
    # Graphviz's PDF pictures carry the time they were drawn (cairo ignores the variable)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    for name in ("one", "two"):
        assert main(["build", "-q", "--data", str(KB_SMALL), "-o", str(tmp_path / name),
                     "--pdf"]) == 0
    one, two = files_of(tmp_path / "one"), files_of(tmp_path / "two")
    assert "floorbook.pdf" in one and "_images/" not in " ".join(one)
    assert [name for name in one if one[name] != two.get(name)] == []
    assert one.keys() == two.keys()
    assert PdfReader(tmp_path / "one" / "floorbook.pdf").metadata["/CreationDate"] == \
        "D:20231114221320Z"


def test_latex_finding_no_room_is_one_line_saying_what_to_do(tmp_path):
    # under ulimit -f, pdfTeX is stopped (SIGXFSZ) with its error in no log
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (150_000, 150_000))   # the PDF is more

    done = subprocess.run([sys.executable, "-m", "kb", "build", "-q", "--data", str(KB_SMALL),
                           "-o", str(tmp_path / "site"), "--pdf"], capture_output=True,
                          text=True, preexec_fn=limit, check=False)
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        f"floorbook build: LaTeX could not write in {tempfile.gettempdir()} (the disk is "
        "full, or a file would pass the size limit on files, ulimit -f); make room there, "
        "or set TMPDIR to a folder on another disk, and run it again"]
    assert not (tmp_path / "site" / "floorbook.pdf").exists()
