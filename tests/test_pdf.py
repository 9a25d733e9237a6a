"""The printed handbook (``floorbook build --pdf``) and the house rulebook's PDF.

The handbook is built once for the session through ``kb.cli.main`` (the site, then the
PDF by Sphinx's LaTeX builder and latexmk) under one ``SOURCE_DATE_EPOCH``, and its pages
read once with pypdf and pdftotext: about two minutes on two cores, up to five when the
cores are busy with other builds.  The small knowledge base's PDF is built three times
(twice for the same bytes, once on Letter paper), about 30 s each.  The house rulebook's
PDF is tests/test_pdf_house.py.
"""

import argparse
import contextlib
import io
import re
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from types import SimpleNamespace

import pytest
from docutils import nodes
from docutils.utils import new_document
from pypdf import PdfReader

from kb import DOCS
from kb.cli import main
from kb.cli.knowledge import _print_or_remove_pdf
from kb.files.writing import replace_file
from kb.hand.scenario_file import load_scenario
from kb.handbook.data.rulings import RulingTable, rulebooks_for
from kb.handbook.data.store import Handbook, without_examples
from kb.handbook.printing import pdf
from kb.handbook.printing.binder import contributors
from kb.handbook.printing.cover import WHAT, books, left_out
from kb.handbook.printing.grouped import LEGEND
from kb.handbook.printing.pdflink import WORDS
from kb.handbook.printing.printed import PrintBadges, badge
from kb.handbook.views.cards import face
from kb.handbook.views.chooser import column_names
from kb.house.compose import resolve_rulebook
from kb.rules.engine import compare, rule

FOUR_CARD_FLOP = "kb/data/scenarios/case-c27-four-card-flop-stuck-cards.yaml"
KB_SMALL = Path(__file__).parent / "data" / "kb-small"
#: The time the PDFs are built under (SOURCE_DATE_EPOCH), and the day the cover gives.
EPOCH, DAY = "1700000000", "14 November 2023"
#: A4 and Letter in PostScript points, as pdfinfo gives them.
A4, LETTER = "595.276 x 841.89 pts (A4)", "612 x 792 pts (letter)"


@pytest.fixture(scope="session")
def built(tmp_path_factory):
    """(the exit status of ``floorbook build --pdf``, its output folder, what it printed)."""
    out = tmp_path_factory.mktemp("printed") / "site"
    said = io.StringIO()
    with pytest.MonkeyPatch.context() as patch, contextlib.redirect_stdout(said):
        patch.setenv("SOURCE_DATE_EPOCH", EPOCH)
        code = main(["build", "-o", str(out), "--pdf"])
    return code, out, said.getvalue()


@pytest.fixture(scope="session")
def reader(built):
    return PdfReader(built[1] / "floorbook.pdf")


@pytest.fixture(scope="session")
def pages(reader) -> list[str]:
    """The text of every page, whitespace runs as one space."""
    return [" ".join(page.extract_text().split()) for page in reader.pages]


@pytest.fixture(scope="session")
def plain_text(built) -> str:
    """pdftotext's text of the whole PDF (in reading order, columns one after the other)."""
    return subprocess.run(["pdftotext", str(built[1] / "floorbook.pdf"), "-"],
                          capture_output=True, text=True, check=True).stdout


def page_size(pdf: Path) -> str:
    """pdfinfo's "Page size" of ``pdf``."""
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True,
                          check=True).stdout
    return re.search(r"^Page size:\s+(.*)$", info, re.M).group(1).strip()


def title_of(page: Path) -> str:
    """The first heading of a MyST page."""
    return next(line[2:].strip() for line in page.read_text(encoding="utf-8").splitlines()
                if line.startswith("# "))


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


def test_build_pdf_writes_the_site_and_the_pdf_and_says_the_pdf_time_apart(built):
    code, out, said = built
    assert code == 0
    assert (out / "index.html").is_file()
    assert (out / "floorbook.pdf").read_bytes()[:5] == b"%PDF-"
    site = re.search(r"floorbook build: \d+ of \d+ pages read, \d+ written, ([\d.]+) s", said)
    pdf = re.search(r"floorbook build: the PDF printed in ([\d.]+) s \(a4, one-sided\)", said)
    assert site and pdf and said.index(site.group()) < said.index(pdf.group())


def test_the_front_page_links_to_the_pdf_it_sits_beside(built):
    page = (built[1] / "index.html").read_text(encoding="utf-8")
    assert WORDS.strip() in page
    assert re.search(r'<a class="[^"]*floorbook-pdf[^"]*" href="floorbook.pdf">', page)


def test_pdf_is_a4_by_default_with_no_blank_page(built, pages):
    assert page_size(built[1] / "floorbook.pdf") == A4
    # one-sided: no page left blank before a chapter (LaTeX's blank page: no words, or its
    # number alone)
    assert [n for n, text in enumerate(pages, 1) if len(text.split()) < 3] == []


def test_pdf_has_pages_for_every_topic_and_edition_and_fewer_than_before(kb, reader):
    records = len(kb.topics) + len(kb.editions)
    # 965 pages before issue 23 (Letter, a line per card line, the contributors' pages),
    # 560 with the example house books and the explanations in one column, 497 without
    # them, in two columns, the lists tight; under 300 with each ruling's answer printed
    # once for the books that give it, the explanations left to the site, each summary
    # and relation's point once (docs/benchmarks.md, "The printed handbook")
    assert records < len(reader.pages) < 300


def test_the_pdf_carries_the_handbooks_title(reader):
    # hyperref left it empty: a reader's window and a printer's queue showed no name
    assert reader.metadata["/Title"] == "floorbook: the dealing-error handbook"


def test_the_cover_names_the_handbook_the_books_and_the_day(kb, pages):
    cover = pages[0]
    assert cover.startswith("floorbook: the dealing-error handbook")
    assert " ".join(WHAT.split()) in cover
    assert [name for name in books(kb) if " ".join(name.split()) not in cover] == []
    assert f"Printed {DAY}" in cover


def test_contributor_pages_and_script_only_pages_are_not_printed(reader, plain_text):
    left_out = [title_of(page) for page in sorted(DOCS.rglob("*.md"))
                if contributors(page.relative_to(DOCS).with_suffix("").as_posix())]
    left_out.append(title_of(DOCS / "find-a-ruling.md"))     # its choices need a script
    assert len(left_out) >= 5
    marks = bookmarks(reader)
    assert [title for title in left_out if title in marks] == []
    assert [title for title in left_out if f"\n{title}\n" in plain_text] == []


def test_no_raw_page_name_of_an_index_is_printed(plain_text):
    assert "rule-provisions" not in plain_text
    assert "genindex" not in plain_text
    assert "rule-disagreements" not in plain_text


def test_every_topic_is_a_bookmark_and_starts_a_page(kb, reader, pages):
    marks = bookmarks(reader)
    assert [t.title for t in kb.topics if t.title not in marks] == []
    header = "floorbook: the dealing-error handbook"
    late = [t.title for t in kb.topics
            if not pages[marks[t.title]].replace(header, "", 1).lstrip(" 0123456789.")
            .startswith(t.title.replace("'", "\u2019")[:20])]
    assert late == []
    chapters = [item.title for item in reader.outline if not isinstance(item, list)]
    assert chapters[:3] == ["How to read it", "How sure we are", "The books"]
    assert {"Topics", "Books and editions", "Where the books disagree", "Glossary"} \
        <= set(chapters)


def test_topic_pages_print_the_provision_numbers_and_the_books_disagreement(kb, reader, pages):
    text = topic_text(kb, reader, pages, "Four-card flop")
    provision = kb.provision("tda.four-card-flop")
    assert f"TDA 2024 {provision.numbers[0].number}" in text
    assert "The books disagree" in text
    assert "books differ" in text


def chapter_text(reader, pages, title: str) -> str:
    """The text of the chapter titled ``title``, to the next chapter, without spaces."""
    starts = sorted((reader.get_destination_page_number(item), item.title)
                    for item in reader.outline if not isinstance(item, list))
    first = next(n for n, (_, t) in enumerate(starts) if t == title)
    end = starts[first + 1][0] if first + 1 < len(starts) else len(pages)
    return "".join(" ".join(pages[starts[first][0]:end]).split()).replace("\u2019", "'")


def test_the_example_house_books_are_not_printed_by_default_and_the_cover_says_so(
        kb, reader, pages):
    books = rulebooks_for(kb, None)
    examples = [b for b in books if b.example]
    assert {b.id for b in examples} == {"house.casino@2026", "house.thursday-home-game@2026"}
    names = column_names(SimpleNamespace(kb=kb, rulings=SimpleNamespace(rulebooks=books)))
    text = chapter_text(reader, pages, "Topics") + chapter_text(
        reader, pages, "Where the books disagree")

    def ruled(book) -> list[str]:
        """Where the book's name stands as a ruling's: after the dash that ends an answer
        or the dot between the books that give it ("\u2014 Robert's Rules v11 Misdeals 1
        \u00b7 TDA 2024 35-A-3"), not as a provision's or a pair's."""
        name = re.escape("".join(names[book.id].split()).replace("\u2019", "'"))
        return re.findall(r"[\u2014\u00b7]" + name, text)

    # every other book's rulings are printed; neither example's
    assert [b.id for b in books if not b.example and len(ruled(b)) < 100] == []
    assert [ruled(b) for b in examples] == [[], []]
    cover = "".join(pages[0].split())
    assert "".join(left_out(SimpleNamespace(kb=kb, left_out=examples)).split()) in cover
    assert cover.index("Notprinted") > cover.index("Thebooksandeditions")


def test_with_examples_without_pdf_is_refused(tmp_path, capsys):
    assert main(["build", "-o", str(tmp_path / "site"), "--with-examples"]) == 1
    assert capsys.readouterr().err.startswith("floorbook build: --with-examples chooses "
                                              "the PDF's books: give --pdf")
    assert not (tmp_path / "site").exists()


@pytest.mark.parametrize("examples", [False, True], ids=["default", "with-examples"])
def test_the_latex_build_is_told_whether_to_print_the_examples(tmp_path, monkeypatch,
                                                                 examples):
    from kb.handbook.running import run

    told = {}

    def sphinx_app(pages, outdir, doctrees, builder, overrides, **kwargs):
        told.update(overrides)
        raise RuntimeError("stop here")

    monkeypatch.setattr(run, "sphinx_app", sphinx_app)
    with pytest.raises(RuntimeError, match="stop here"):
        pdf._sphinx_latex(tmp_path, None, tmp_path / "latex", tmp_path / "doctrees",
                          pdf.layout("a4", False), examples)
    assert told["floorbook_example_books"] is examples


def test_a_table_without_the_examples_keeps_every_ruling_of_every_other_book(kb):
    scenario = load_scenario(FOUR_CARD_FLOP)
    books = tuple(resolve_rulebook(kb, b) for b in
                  ("rrop@v11", "tda@2024", "house.casino@2026", "house.thursday-home-game@2026"))
    rulings = {(scenario.id, b.id): r for b, r in zip(books, compare(kb, scenario, books),
                                                      strict=True)}
    table = RulingTable({scenario.id: scenario}, {scenario.id: "x"}, books, rulings)
    assert table.showing("four-card-flop") == [scenario.id]      # fills the memo
    hb = without_examples(Handbook(kb, table, "state"))
    assert [b.id for b in hb.rulings.rulebooks] == ["rrop@v11", "tda@2024"]
    assert [b.id for b in hb.left_out] == ["house.casino@2026", "house.thursday-home-game@2026"]
    assert hb.rulings.rulings == {k: r for k, r in rulings.items() if k[1] in
                                  ("rrop@v11", "tda@2024")}
    assert hb.rulings.row(scenario.id) == [rulings[scenario.id, "rrop@v11"],
                                           rulings[scenario.id, "tda@2024"]]
    assert hb.state not in ("", "state")     # a page made with other books is not reused
    assert hb.rulings._memo == {} and table._memo != {}
    # nothing to leave out: the same handbook
    plain = Handbook(kb, table.only(books[:2]))
    assert without_examples(plain) is plain


def test_matrix_prints_each_answer_once_with_its_books_and_the_cards_after_it(kb, reader,
                                                                              pages):
    scenario = load_scenario(FOUR_CARD_FLOP)
    ruling = rule(kb, resolve_rulebook(kb, "tda@2024"), scenario)
    text = "".join(topic_text(kb, reader, pages, "Four-card flop").split())
    assert ruling.table.board and "".join(LEGEND.split()) in "".join(
        chapter_text(reader, pages, "Topics").split())
    board = "".join(face(card) for card in ruling.table.board)
    assert len(ruling.table.board) == 3 and f"Board{board}" in text
    assert "\u2665" in board or "\u2666" in board or "\u2660" in board or "\u2663" in board


@pytest.fixture(scope="session")
def index_text(built, reader) -> str:
    """The general index, from its first page to the end (pdftotext: columns in order)."""
    first = bookmarks(reader)["Index"] + 1
    return subprocess.run(["pdftotext", "-f", str(first), str(built[1] / "floorbook.pdf"),
                           "-"], capture_output=True, text=True, check=True).stdout


def test_index_lists_numbers_and_titles_by_citation_never_by_id(kb, index_text):
    index = index_text
    provision = kb.provision("tda.four-card-flop")
    number = re.escape(provision.numbers[0].number)
    # an entry's subentries run in after it ("Four-card flop \u2013 ... TDA 2024 39-A, ...")
    flat = " ".join(index.split())
    assert re.search(rf"\b{provision.title} \u2013 [^\u2013]*?TDA 2024 {number}, [^\u2013]*?\d+",
                     flat)
    ids = [p.id for p in kb.provisions if re.search(rf"(?<![\w.-]){re.escape(p.id)}(?![\w-])",
                                                    index)]
    assert ids == []
    assert re.search(r"\bmuck, \d+", index)


def test_index_sorts_numbers_as_numbers(index_text):
    index = index_text

    def first(entry: str) -> int:
        return re.search(rf"^{re.escape(entry)} \u2013 ", index, re.M).start()

    assert first("Irregularities 2") < first("Irregularities 9") < first("Irregularities 10")
    assert first("13.2") < first("13.9") < first("13.10")


def test_no_page_names_an_empty_chapter_or_an_unresolved_reference(pages):
    assert [n for n, text in enumerate(pages, 1) if re.search(r"Chapter\s*\.", text)] == []
    assert [n for n, text in enumerate(pages, 1) if "??" in text] == []


def test_build_without_pdf_keeps_an_earlier_pdf_and_says_so(tmp_path, capsys):
    (tmp_path / "floorbook.pdf").write_bytes(b"%PDF-1.5 earlier")
    _print_or_remove_pdf(tmp_path, argparse.Namespace(pdf=False, output=tmp_path, quiet=False,
                                                      printed_from=""))
    assert (tmp_path / "floorbook.pdf").read_bytes() == b"%PDF-1.5 earlier"
    assert "kept floorbook.pdf from an earlier build --pdf" in capsys.readouterr().out


def test_paper_without_pdf_is_refused(tmp_path, capsys):
    assert main(["build", "-o", str(tmp_path / "site"), "--paper", "letter"]) == 1
    assert capsys.readouterr().err.startswith("floorbook build: --paper shapes the PDF")
    assert not (tmp_path / "site").exists()
    # the option given is the one named (--two-sided alone was called --paper)
    assert main(["build", "-o", str(tmp_path / "site"), "--two-sided"]) == 1
    assert capsys.readouterr().err.startswith(
        "floorbook build: --two-sided shapes the PDF: give --pdf with it")


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
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    for name in ("one", "two"):
        assert main(["build", "-q", "--data", str(KB_SMALL), "-o", str(tmp_path / name),
                     "--pdf"]) == 0
    one, two = files_of(tmp_path / "one"), files_of(tmp_path / "two")
    assert "floorbook.pdf" in one and "_images/" not in " ".join(one)
    assert [name for name in one if one[name] != two.get(name)] == []
    assert one.keys() == two.keys()
    assert PdfReader(tmp_path / "one" / "floorbook.pdf").metadata["/CreationDate"] == \
        "D:20231114221320Z"
    # a plain build after it keeps the PDF, and its front page still links to it
    assert main(["build", "-q", "--data", str(KB_SMALL), "-o", str(tmp_path / "one")]) == 0
    assert (tmp_path / "one" / "floorbook.pdf").read_bytes() == one["floorbook.pdf"]
    assert 'href="floorbook.pdf"' in (tmp_path / "one" / "index.html").read_text("utf-8")
    # a site with no PDF says nothing of one
    assert main(["build", "-q", "--data", str(KB_SMALL), "-o", str(tmp_path / "bare")]) == 0
    assert "floorbook.pdf" not in (tmp_path / "bare" / "index.html").read_text("utf-8")


def test_letter_paper_two_sided_is_chosen_with_options(tmp_path):
    out = tmp_path / "site"
    assert main(["build", "-q", "--data", str(KB_SMALL), "-o", str(out), "--pdf",
                 "--paper", "letter", "--two-sided"]) == 0
    assert page_size(out / "floorbook.pdf") == LETTER


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
