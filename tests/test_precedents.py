"""The Precedents page of a house rulebook's site (`floorbook rulebook build FILE --log DIR
[--no-names]`, kb.handbook.house.precedents): the sample log's departures and the
situation ruled two ways, by topic; names left out; text from the log stays text; a bad
log is every problem at once with nothing written.

Two sites are built once per module (about 10 seconds each)."""

import html
import re
import shutil

import pytest

from kb import DATA
from kb.cli import main
from kb.handbook.house.publish import publish
from kb.house.compose import RULEBOOKS
from kb.knowledge.load import load_knowledge_base

SAMPLE = DATA / "logs" / "sample"
NAMES = ("Sam R.", "Alex K.", "Jordan P.", "Dana L.", "Chris M.")
#: A note and a said text that would be markup if anything parsed them.
HOSTILE_NOTE = ("<script>alert(1)</script> **bold** {raw}`html` <b>b</b> "
                "[link](javascript:alert(1)) Ask Sam R. why")
HOSTILE_SAID = "<img src=x onerror=alert(1)> ```{eval-rst}```"


@pytest.fixture(scope="module")
def casino(tmp_path_factory):
    """The casino's site with the sample log, names shown: (folder, paths written)."""
    out = tmp_path_factory.mktemp("precedents") / "site"
    return out, publish(load_knowledge_base(), RULEBOOKS / "casino.yaml", out, log=SAMPLE)


@pytest.fixture(scope="module")
def hostile(tmp_path_factory):
    """The casino's site from the command line with ``--no-names``, from the sample log
    with one entry's note and said text made of markup: the precedents page's HTML."""
    work = tmp_path_factory.mktemp("hostile")
    log = work / "log"
    shutil.copytree(SAMPLE, log)
    entry = log / "2026-03-02-t4-exposed-first-card.yaml"
    text = entry.read_text(encoding="utf-8")
    text = re.sub(r"(?ms)^note: .*\Z", f"note: {HOSTILE_NOTE!r}\n", text)
    text = re.sub(r"(?m)^  said: .*$", f"  said: {HOSTILE_SAID!r}", text)
    text = re.sub(r"(?m)^table: .*$", "table: '<u>high</u> [x](#y)'", text)
    text = re.sub(r"(?m)^  title: .*$", "  title: '<i>Exposed</i> `code` :sup:`1`'", text)
    entry.write_text(text, encoding="utf-8")
    status = main(["rulebook", "build", str(RULEBOOKS / "casino.yaml"), "-o",
                   str(work / "site"), "--log", str(log), "--no-names"])
    assert status == 0
    return (work / "site" / "precedents.html").read_text(encoding="utf-8")


def article(page: str) -> str:
    """The page's main article (furo's), where the directive's output is."""
    return page[page.index('<article'):page.index('</article>')]


def boxes(page: str, cls: str) -> list[str]:
    """The text of each decision box carrying the class ``cls``."""
    found = re.findall(r'<div class="([^"]*)">(.*?)</div>\s*(?=<div class="|</section>)',
                       article(page), re.DOTALL)
    return [html.unescape(re.sub(r"<[^>]+>", "", body)) for classes, body in found
            if cls in classes.split()]


def test_the_page_is_written_and_listed(casino):
    out, written = casino
    assert out.resolve() / "precedents.html" in written
    assert 'href="precedents.html"' in (out / "index.html").read_text(encoding="utf-8")


def test_the_departures_of_the_sample_are_named_with_both_remedies(casino):
    page = (casino[0] / "precedents.html").read_text(encoding="utf-8")
    departures = boxes(page, "floorbook-departure")
    assert len(departures) == 3
    assert [re.search(r"— ([^,]+), table ([^,]+), ([^\n]+?)\n", d).groups()
            for d in departures] == [("2026-05-14", "11", "Dana L."),
                                     ("2026-03-21", "6", "Jordan P."),
                                     ("2026-03-19", "7", "Alex K.")]
    assert "Departure: the book rules continue, the floor ruled misdeal." in departures[1]
    assert "Departure: the book rules misdeal, the floor ruled continue." in departures[0]
    assert len(boxes(page, "floorbook-precedent")) == 16


def test_the_four_card_flop_ruled_two_ways_is_marked(casino):
    page = (casino[0] / "precedents.html").read_text(encoding="utf-8")
    text = html.unescape(re.sub(r"<[^>]+>", "", article(page)))
    assert ("four-card-flop (holdem; flop, no action) under our rules: Sam R. ruled continue "
            "on 2026-03-05; Alex K. ruled misdeal on 2026-03-19; Jordan P. ruled continue on "
            "2026-04-02.") in text
    marked = boxes(page, "floorbook-ruled-two-ways")
    assert [m.split(" — ")[1].split(",")[0] for m in marked] == [
        "2026-03-05", "2026-03-19", "2026-04-02"]       # not Chris M.'s, under TDA 2024


def test_the_books_citations_name_the_book_once_then_its_numbers(casino):
    """The four-card flop of 2026-03-19: the casino's rules cite 13.5 and 13.8 (the sample
    log's check, tests/test_decision_log.py), named as the site names its own book."""
    page = (casino[0] / "precedents.html").read_text(encoding="utf-8")
    box = next(b for b in boxes(page, "floorbook-precedent") if "2026-03-19, table 7" in b)
    assert "(our rules 13.5, 13.8)." in box, box
    assert "@" not in html.unescape(re.sub(r"<[^>]+>", "", article(page)))   # no raw ids


def test_decisions_are_grouped_by_topic_in_floor_order(casino):
    page = article((casino[0] / "precedents.html").read_text(encoding="utf-8"))
    titles = re.findall(r'<section id="precedents-([a-z0-9-]+)">', page)
    assert titles[:3] == ["boxed-cards", "exposed-first-two-cards", "exposed-later-hole-card"]
    assert "four-card-flop" in titles


def test_no_names_leaves_every_floor_person_out(hostile):
    text = article(hostile)
    assert not [name for name in NAMES if name in html.unescape(text)]
    assert "a floor person" in text
    assert "Ask a floor person why" in html.unescape(text)     # in the note too


def test_a_note_and_said_text_of_markup_come_out_as_text(hostile):
    text = article(hostile)
    assert "<script" not in text and "<img" not in text and "<b>b</b>" not in text
    assert ("&lt;script&gt;alert(1)&lt;/script&gt; **bold** {raw}`html` &lt;b&gt;b&lt;/b&gt; "
            "[link](javascript:alert(1))") in text
    assert "&lt;img src=x onerror=alert(1)&gt; ```{eval-rst}```" in text
    assert "&lt;i&gt;Exposed&lt;/i&gt; `code` :sup:`1`" in text
    assert "table &lt;u&gt;high&lt;/u&gt; [x](#y)" in text
    assert "<u>" not in text and "<i>" not in text and 'href="#y"' not in text
    assert 'href="javascript' not in hostile


def test_a_bad_log_is_every_problem_at_once_and_nothing_written(tmp_path, capsys):
    log = tmp_path / "log"
    shutil.copytree(SAMPLE, log)
    first, second = sorted(log.glob("*.yaml"))[:2]
    first.write_text(first.read_text().replace("date: 2026-03-02", "date: 2026-13-02"))
    second.write_text(re.sub(r"(?m)^rulebook: .*$", "rulebook: house.nowhere@2026",
                             second.read_text()))
    (log / "link.yaml").symlink_to(SAMPLE / first.name)
    status = main(["rulebook", "build", str(RULEBOOKS / "casino.yaml"), "-o",
                   str(tmp_path / "site"), "--log", str(log)])
    err = capsys.readouterr().err
    assert status == 1 and "Traceback" not in err
    assert f"{first}:3: 2026-13-02 is not a day of the calendar" in err
    assert f"{second}:6: unknown rulebook 'house.nowhere@2026'" in err
    assert f"{log / 'link.yaml'}:1: this is a symbolic link" in err
    assert not (tmp_path / "site").exists()


def test_no_names_without_a_log_is_refused(tmp_path, capsys):
    status = main(["rulebook", "build", str(RULEBOOKS / "casino.yaml"), "-o",
                   str(tmp_path / "site"), "--no-names"])
    assert status == 1 and "give --log with it" in capsys.readouterr().err
    assert not (tmp_path / "site").exists()
