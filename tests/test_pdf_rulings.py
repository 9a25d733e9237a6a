"""The printed handbook keeps every ruling while it prints each thing once, and the
site's link to it tells the truth.

The LaTeX source of the bundled handbook is made once for the session (Sphinx's LaTeX
builder, no LaTeX run: about 30 s) and read as text: every ruling of every published
book on every scenario must stand in it under each topic the scenario raises.  The small
knowledge base's PDF is built for the link's tests (about 30 s each).
"""

import contextlib
import io
import re
import shutil
from pathlib import Path

import pytest

from kb import DOCS
from kb.cli import main
from kb.handbook.data.store import read, without_examples
from kb.handbook.printing import pdf
from kb.handbook.printing.binder import drawn
from kb.handbook.printing.grouped import calls_of, groups
from kb.handbook.printing.pdflink import OUT_OF_DATE, record_path
from kb.handbook.views.cells import row_anchor, shown_seats
from kb.handbook.views.chooser import column_names
from kb.handbook.views.pictures import quote, topic_picture
from kb.rules.answer import answer

KB_SMALL = Path(__file__).parent / "data" / "kb-small"
EPOCH = "1700000000"


@pytest.fixture(scope="session")
def handbook_data():
    """The bundled handbook's data as the PDF prints it (the example books left out)."""
    return without_examples(read(None))


@pytest.fixture(scope="session")
def latex_source(tmp_path_factory) -> str:
    """The LaTeX the PDF is printed from (floorbook.tex), its escapes undone."""
    work = tmp_path_factory.mktemp("latex")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SOURCE_DATE_EPOCH", EPOCH)
        pdf._sphinx_latex(DOCS, None, work / "latex", work / "doctrees",
                          pdf.layout("a4", False), False)
    return plain((work / "latex" / "floorbook.tex").read_text(encoding="utf-8"))


def plain(tex: str) -> str:
    """``tex`` with the escapes Sphinx's writer puts in words undone."""
    for macro, char in ((r"\sphinxhyphen{}", "-"), (r"\textquotesingle{}", "'"),
                        ("\u2019", "'"), (r"\&", "&"), (r"\%", "%"), (r"\#", "#"),
                        (r"\textasciitilde{}", "~"), (r"\_", "_")):
        tex = tex.replace(macro, char)
    return tex


def blocks(tex: str, docname: str, sid: str) -> list[str]:
    """The text printed for scenario ``sid`` under the topic page ``docname``: from its
    rulings' label to the next scenario's (or the page's end)."""
    label = r"\label{\detokenize{" + f"{docname}:{row_anchor(sid)}" + "}}"
    found = []
    for start in [m.start() for m in re.finditer(re.escape(label), tex)]:
        end = min([i for i in (tex.find(":ruling-", start + len(label)),
                               tex.find(r"\chapter", start),
                               tex.find(r"\section", start)) if i > 0], default=len(tex))
        found.append(tex[start:end])
    return found


def test_every_ruling_of_every_book_on_every_scenario_is_printed(handbook_data,
                                                                 latex_source, kb):
    table, names = handbook_data.rulings, column_names(handbook_data)
    assert len(table.rulebooks) == 5 and len(table.scenarios) > 200
    missing, checked = [], 0
    for topic in kb.topics:
        for sid in table.showing(topic.id):
            printed = blocks(latex_source, f"topics/{topic.id}", sid)
            if len(printed) != 1:
                missing.append((topic.id, sid, "no block"))
                continue
            for ruling in table.row(sid):
                name = names[ruling.rulebook]
                words = [name, *(answer(call) for call in calls_of(ruling)),
                         *(c.number for call in calls_of(ruling) for c in call.citations),
                         *(str(call.remedy) for call in calls_of(ruling))]
                missing += [(topic.id, sid, ruling.rulebook, w) for w in words
                            if w not in printed[0]]
                checked += 1
    assert missing == []
    assert checked > 1000           # 269 scenario sections of five books


def test_books_that_give_the_same_answer_share_one_line(handbook_data):
    table = handbook_data.rulings
    for sid in table.scenarios:
        rulings = table.row(sid)
        found = groups(rulings, shown_seats(rulings))
        # every ruling in exactly one group, in the columns' order within it
        assert sorted(r.rulebook for g in found for r in g.rulings) == \
            sorted(r.rulebook for r in rulings)
        assert len({g.calls + (g.cards,) for g in found}) == len(found)
    four = table.row("case-c27-four-card-flop-stuck-cards")
    assert [[r.rulebook for r in g.rulings] for g in groups(four, shown_seats(four))][0] == \
        ["rrop@v11"]


def test_explanations_are_left_to_the_site_with_an_address_per_scenario(handbook_data,
                                                                         latex_source):
    topics = latex_source[latex_source.index(r"\chapter{Topics}"):
                          latex_source.index(r"\chapter{Books and editions}")]
    assert "Why each rulebook rules so" not in topics and "floorbook-why" not in topics
    table = handbook_data.rulings
    sid = "case-c27-four-card-flop-stuck-cards"
    assert table.row(sid)[0].explanation not in latex_source
    assert f"topics/four-card-flop.html#scenario-{sid}" in latex_source


def test_the_disagreements_chapter_lists_each_scenario_once_per_topic(latex_source):
    chapter = latex_source[latex_source.index(r"\chapter{Where the books disagree}"):]
    chapter = chapter[:chapter.index(r"\chapter", 10)]
    # no ruling drawn again: no card of the books side by side, no remedy badge
    assert r"\floorbookbadge{" not in chapter and "sd-card" not in chapter
    item = re.search(r"\\hyperref\[\\detokenize\{topics/four-card-flop:ruling-"
                     r"case-c27-four-card-flop-stuck-cards\}\]", chapter)
    assert item and len(re.findall(re.escape(item.group()), chapter)) == 1
    assert r"(p.~\pageref{\detokenize{topics/four-card-flop:ruling-case-c27" in chapter
    # the declared differences, which the topic's page lists, by their count and page
    assert re.search(r"Declared:\} \d+, listed with the topic "
                     r"\(p.~\\pageref\{\\detokenize\{topics/four-card-flop:", chapter)
    assert "textasciitilde" not in chapter


def test_a_summary_is_printed_once_in_its_full_entry(kb, latex_source):
    provision = kb.provision("tda.four-card-flop")
    summary = plain(provision.summary.split(".")[0])
    assert latex_source.count(" ".join(summary.split()[:8])) == 1


def test_the_examples_book_is_not_among_what_each_book_says(kb, latex_source):
    casino = plain(kb.source("house.casino").title).replace("'", "")
    cards = re.findall(r"sd-card-title\}\s*\\begin\{sphinxuseclass\}\{sd-font-weight-bold\}"
                       r"([^\n]*)", latex_source)
    assert len(cards) > 50 and "Poker TDA Rules" in cards
    assert [c for c in cards if c.replace("'", "") == casino] == []


def test_the_examples_provisions_are_not_drawn_in_a_topics_picture(handbook_data, kb):
    casino = {quote(p.id) for p in kb.provisions if p.source == "house.casino"}
    statements = topic_picture(handbook_data, "exposed-later-hole-card", 1)["statements"]
    kept = [line for line in statements if not drawn(line, casino)]
    assert len(kept) < len(statements)         # the site's picture draws them
    assert [line for line in kept if any(node in line for node in casino)] == []


def test_a_plain_build_after_an_edit_marks_the_kept_pdf_out_of_date(tmp_path):
    data, site = tmp_path / "data", tmp_path / "site"
    shutil.copytree(KB_SMALL, data)
    said = io.StringIO()
    with contextlib.redirect_stdout(said):
        assert main(["build", "-q", "--data", str(data), "-o", str(site), "--pdf"]) == 0
        assert record_path(site).is_file()
        # the same pages and data: the kept PDF is theirs
        assert main(["build", "--data", str(data), "-o", str(site)]) == 0
    front = site / "index.html"
    assert 'href="floorbook.pdf"' in front.read_text("utf-8")
    assert OUT_OF_DATE.strip(" .") not in front.read_text("utf-8")
    assert "out of date" not in said.getvalue()
    book = data / "provisions" / "rrop.yaml"
    book.write_text(book.read_text("utf-8").replace("is known.", "is known, now.", 1), "utf-8")
    said = io.StringIO()
    with contextlib.redirect_stdout(said):
        assert main(["build", "--data", str(data), "-o", str(site)]) == 0
    page = front.read_text("utf-8")
    assert 'href="floorbook.pdf"' in page and "may not match" in page
    assert "it is out of date and the front page says so" in said.getvalue()
    assert (site / "floorbook.pdf").read_bytes()[:5] == b"%PDF-"


def test_a_failed_first_pdf_leaves_no_link_to_it(tmp_path, capsys):
    data = tmp_path / "data"
    shutil.copytree(KB_SMALL, data)
    book = data / "provisions" / "rrop.yaml"
    book.write_text(book.read_text("utf-8").replace("is known.", "is known \U0001F600.", 1),
                    "utf-8")
    assert main(["build", "-q", "--data", str(data), "-o", str(tmp_path / "site"),
                 "--pdf"]) == 1
    assert "LaTeX stopped" in capsys.readouterr().err
    assert not (tmp_path / "site" / "floorbook.pdf").exists()
    assert "floorbook.pdf" not in (tmp_path / "site" / "index.html").read_text("utf-8")


def test_an_earlier_editions_changed_rulings_are_left_to_the_site(latex_source):
    def page(name: str) -> str:
        start = latex_source.index(r"\label{\detokenize{editions/" + name + ":")
        return latex_source[start:latex_source.index(r"\section", start)]
    earlier, latest = page("wsop-2023"), page("wsop-2024")
    # the 2023 page: its counts and renumbering stay, the table of changed rulings is the
    # site's address; the 2024 page (what a printed rulebook rules with) keeps its table
    assert "31 rulings change" in earlier and "Renumbered" in earlier
    assert "editions/wsop-2023.html#rulings-changed" in earlier
    table = re.compile(r"\\begin\{(longtable|tabulary|tabular)\}")
    assert not table.search(earlier[earlier.index("rulings-changed"):])
    assert table.search(latest[latest.index("rulings-changed"):])
    # its rules shared with 2024 run in, a semicolon apart, each still a link target
    briefs = earlier[earlier.index("Provisions in the book"):]
    assert re.search(r"\\label\{\\detokenize\{editions/wsop-2023:wsop-disputed-pots\}\}"
                     r"\\sphinxstylestrong\{76 Disputed pots", briefs)
    assert r"(p.~\pageref{\detokenize{editions/wsop-2024:wsop-killing-winning-hand}}); " \
        in briefs
