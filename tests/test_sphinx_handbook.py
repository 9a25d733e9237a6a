"""The real handbook (docs/ with kb/data), built once a session with warnings as errors."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_sphinx_basic import search_index

from kb.knowledge.load import load_knowledge_base


@pytest.fixture(scope="module")
def kb():
    return load_knowledge_base()


@pytest.fixture(scope="module")
def site(handbook) -> Path:
    return handbook             # built once a session (tests/conftest.py)


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def test_four_card_flop_shows_tda_2024_39_a_and_robert_rules_and_is_a_disagreement(site):
    page = _text(site / "topics" / "four-card-flop.html")
    assert "TDA 2024 39-A" in page
    assert "rrop-holdem-four-card-flop" in page and "Robert’s Rules of Poker" in page
    assert "floorbook-disagreement" in page
    assert 'href="../editions/tda-2024.html#tda-four-card-flop"' in page


def test_every_topic_has_a_page(site, kb):
    missing = [t.id for t in kb.topics if not (site / "topics" / f"{t.id}.html").is_file()]
    assert missing == []


def test_every_edition_has_a_page(site, kb):
    pages = {p.stem for p in (site / "editions").glob("*.html")}
    assert [e.id for e in kb.editions if e.id.replace("@", "-") not in pages] == []


def test_edition_page_lists_provisions_in_book_order(site, kb):
    from kb.knowledge.graph import book_order
    page = _text(site / "editions" / "tda-2024.html")
    anchors = [f'id="{p.id.replace(".", "-")}"' for p in book_order(kb, "tda@2024")]
    positions = [page.index(a) for a in anchors]
    assert positions == sorted(positions)


def test_disagreements_errata_glossary_and_indices_exist(site, kb):
    assert "floorbook" in _text(site / "disagreements.html")
    for erratum in kb.errata:
        assert erratum.id in _text(site / "errata.html")
    glossary = _text(site / "glossary.html")
    assert 'id="term-boxed-card"' in glossary
    assert (site / "rule-provisions.html").is_file()
    assert (site / "rule-disagreements.html").is_file()


def test_search_finds_boxed_card_and_35_a_on_the_right_pages(site):
    index = search_index(site)
    docs = index["docnames"]

    def pages(word: str) -> set[str]:
        found = set()
        for table in (index["terms"], index["titleterms"]):
            value = table.get(word, [])
            found |= {docs[i] for i in (value if isinstance(value, list) else [value])}
        return found

    assert "glossary" in {docs[f] for f, *_ in index["indexentries"]["boxed card"]}
    assert "topics/boxed-cards" in pages("box") & pages("card")
    assert "editions/tda-2024" in {docs[f] for f, *_ in index["indexentries"]["35-a-1"]}
    assert "editions/tda-2024" in pages("35-a-1")
    assert {"editions/tda-2024", "topics/misdeal-causes"} <= pages("35-a")
    # one object per provision, under the number of its first edition; the 2026 numbering
    # (a paraphrase's 37-A-6 for 2024's 35-A-7) is found through its index entry and words
    objects = [entry[4] for entries in index["objects"].values() for entry in entries]
    assert "Misdeal: exposed down cards in flop games (TDA 2024 35-A-7)" in objects
    assert not any("TDA 2026 37-A-6" in name for name in objects)
    assert "editions/tda-2026" in {docs[f] for f, *_ in index["indexentries"]["37-a-6"]}
    assert "editions/tda-2026" in pages("37-a-6")
    # every object's anchor is stored whole: the search page must not rebuild it from the
    # display name ("topic-Boxed cards" was a dead link)
    assert all(entry[3] not in ("", "-") for entries in index["objects"].values()
               for entry in entries)


def test_search_page_script_names_a_stemmer_that_exists(site):
    """language_data.js must define the stemmer the search page calls; a bad name made
    the whole file a syntax error and search dead in the browser."""
    script = _text(site / "_static" / "language_data.js")
    assert "window.Stemmer = EnglishStemmer;" in script
    assert re.search(r"var EnglishStemmer\s*=\s*function", script)
    assert "function splitQuery(query)" in script


def test_pages_load_nothing_from_the_network(site):
    for page in site.rglob("*.html"):
        text = _text(page)
        assert '<script src="http' not in text and '<link rel="stylesheet" href="http' not in text


def _row(page: str, scenario: str) -> str:
    """The matrix row (``<tr>`` ... ``</tr>``) whose title links to ``scenario``."""
    start = page.rindex("<tr", 0, page.index(f'href="#scenario-{scenario}"'))
    return page[start:page.index("</tr>", start)]


def _cell(row: str, rulebook: str) -> str:
    start = re.search(f'data-(?:rulebook|book)="{re.escape(rulebook)}"', row).start()
    found = re.compile(r"data-(?:rulebook|book)=").search(row, start + 1)
    end = found.start() if found else -1
    return row[start:end if end > 0 else len(row)]


def _cards(html: str) -> list[str]:
    return re.findall(r'<span class="floorbook-card[^"]*" title="([^"]+)">', html)


def _line(cell: str, label: str) -> list[str]:
    start = cell.index(f"<em>{label}</em>")
    return _cards(cell[start:cell.index("</p>", start)])


def test_four_card_flop_matrix_row_shows_numbers_random_marker_and_disagreement(site):
    page = _text(site / "topics" / "four-card-flop.html")
    assert 'class="floorbook-matrix' in page
    row = _row(page, "case-c27-four-card-flop-stuck-cards")
    assert "floorbook-differs" in row                      # Robert's Rules and the TDA rule differently
    rrop, tda = _cell(row, "rrop@v11"), _cell(row, "tda@2024")
    assert "Hold’em 3" in rrop and ">39-A" in tda
    assert "random (seed 0)" in rrop and "random (seed 0)" in tda
    assert ">continue</span>" in rrop and ">continue</span>" in tda
    assert _line(rrop, "Burns") == ["2d"]                  # the burn stays, new flop
    assert _line(tda, "Burns") == ["2d", "Th"] and _line(tda, "Next card") == ["8c"]
    assert _line(tda, "Board") == ["9c", "Kc", "Jh"]
    headers = page[page.index("<thead>"):page.index("</thead>")]
    assert [h in headers for h in ("Robert’s Rules v11", "TDA 2024", "TDA 2026", "House casino 2026")] \
        == [True] * 4


def test_exposed_later_hole_card_matrix_shows_the_replaced_hand_and_the_burn(site):
    page = _text(site / "topics" / "exposed-later-hole-card.html")
    row = _row(page, "case-c01-exposed-card-self-dealt")
    rrop, tda = _cell(row, "rrop@v11"), _cell(row, "tda@2024")
    assert "Hold’em 1" in rrop and "35-A-7" in tda
    assert _line(rrop, "Seat 4") == ["4d", "Jh"]           # replaced by the top card
    assert _line(rrop, "Burns") == ["5d"] and _line(rrop, "Next card") == ["3c"]
    assert _line(tda, "Seat 4") == ["5d", "Jh"]            # the TDA keeps the hand
    assert "random (seed 0)" not in row
    assert '<span class="floorbook-card floorbook-red" title="5d">5♦</span>' in rrop
    heading = page[page.index('id="scenario-case-c01-exposed-card-self-dealt"'):]
    assert "Deal: card 4 exposed by the dealer" in heading[:2000]
    assert '<details class="floorbook-why">' in heading[:3000] and "the exposed card is the flop burn" in heading
    index = search_index(site)
    found = index["terms"]["5d"]
    assert index["docnames"].index("topics/exposed-later-hole-card") in (
        found if isinstance(found, list) else [found])    # cards are searchable as text


def test_each_topic_matrix_has_a_row_per_scenario_ruled_on_it(site, kb):
    from kb.house.compose import published_rulebooks
    from kb.rules.disagreements import load_scenarios
    from kb.rules.engine import rule
    books = published_rulebooks(kb)
    scenarios = load_scenarios()
    topics = {t: set() for t in ("four-card-flop", "boxed-cards")}
    for s in scenarios:
        calls = [c for b in books for c in rule(kb, b, s).every_call]   # every floor call
        for t in {c.topic for c in calls} & set(topics):
            topics[t].add(s.id)
    for topic, ids in topics.items():
        page = _text(site / "topics" / f"{topic}.html")
        shown = set(re.findall(r'<a class="reference internal" href="#scenario-([^"]+)"', page))
        assert shown == ids and len(ids) >= 3


def test_disagreements_page_lists_computed_disagreements_with_their_scenarios(site, kb):
    """Each topic's disagreements on a page of its own (disagreements/<topic>.html), every
    computed disagreement on its topic's page, and the index of disagreements linking
    there."""
    from kb.handbook.views.matrix import shown_anchor
    from kb.rules.disagreements import computed_disagreements, load_scenarios

    def page(topic: str) -> str:
        return _text(site / "disagreements" / f"{topic}.html")

    first = computed_disagreements(kb, load_scenarios())
    assert len(first) > 20
    for c in first:
        assert f'id="shown-{c.topic}-scenario-{c.scenario}"' in page(c.topic)
    for c in computed_disagreements(kb, load_scenarios(), pairs=kb.books.compared):
        assert f'id="{shown_anchor(c.topic, c.scenario, c.pair, kb.books.checked)}"' in page(
            c.topic)
    flop = page("four-card-flop")
    flop = flop[flop.index('id="shown-four-card-flop-scenario-case-c27'):]
    flop = flop[:flop.index('class="floorbook-scenario"', 10)]
    assert "Robert’s Rules v11" in flop and "TDA 2024" in flop
    assert _line(_cell(flop, "tda@2024"), "Next card") == ["8c"]
    texts = _text(site / "disagreements.html")
    texts = texts[texts.index('id="differences-in-the-texts-no-scenario"'):]
    assert 'href="topics/deck-changes.html' in texts       # declared, no scenario
    assert 'href="topics/four-card-flop.html' not in texts
    index = _text(site / "rule-disagreements.html")
    assert ('href="disagreements/four-card-flop.html#shown-four-card-flop-scenario-case-c27-'
            'four-card-flop-stuck-cards"') in index
    assert "rrop@v11 / tda@2024 differ" in index
    assert "<em>(case-c27-four-card-flop-stuck-cards)</em>" not in index   # no internal id


def test_the_disagreements_index_lists_each_topic_with_its_counts_and_links_its_page(
        site, kb):
    """The index page is a table of the disputed topics (scenarios the books rule
    differently, declared differences), each linking its page; no topic is drawn on the
    index itself, and every topic page of disagreements is linked."""
    from kb.knowledge.graph import disagreements
    from kb.rules.disagreements import computed_disagreements, load_scenarios
    page = _text(site / "disagreements.html")
    table = page[page.index('floorbook-disagreement-index'):]
    table = table[:table.index("</table>")]
    computed = computed_disagreements(kb, load_scenarios(), pairs=kb.books.compared)
    pages = sorted(p.stem for p in (site / "disagreements").glob("*.html"))
    assert {c.topic for c in computed} <= set(pages) and len(pages) == 29
    for topic in pages:
        row = table[table.index(f'href="disagreements/{topic}.html"'):]
        row = re.sub(r"<[^>]+>", " ", row[:row.index("</tr>")]).split()
        scenarios = len({c.scenario for c in computed if c.topic == topic})
        declared = len([d for d in disagreements(kb) if d.topic == topic])
        assert row[-2:] == [str(scenarios), str(declared)]
    assert "(below)" not in table and 'class="floorbook-scenario"' not in page


def test_a_hand_with_several_floor_calls_shows_every_call_in_its_matrix_cell(site):
    """Case C23 as it happened: the burn-errors matrix shows the first call (the exposed
    card, Hold'em 1) above the last one, and the dropdown explains both."""
    page = _text(site / "topics" / "flop-burn-errors.html")
    row = _row(page, "case-c23-two-burns-as-it-happened")
    rrop = _cell(row, "rrop@v11")
    assert "Call 1, line" in rrop and "Hold’em 1" in rrop
    assert "Call 2, after the last event" in rrop and "Hold’em 5" in rrop
    heading = page[page.index('id="scenario-case-c23-two-burns-as-it-happened"'):]
    assert "Floor called: the ruling is carried out" in heading[:2000]
    assert "call 1 (continue)" in heading and "call 2 (continue)" in heading


def test_disagreements_past_the_first_five_of_a_topic_and_pair_link_their_matrix_rows(site, kb):
    """exposed-later-hole-card has 17 disagreements between Robert's Rules and TDA 2024
    (issue 21 added two: a later hole card one player saw, replaced and burned against
    played as dealt): the first five are drawn side by side, the other twelve are listed,
    each by its title linking its row in the topic's matrix, with the disagreement's id on
    the line."""
    from kb.handbook.views.listed import DRAWN
    from kb.handbook.views.matrix import shown_anchor
    from kb.rules.disagreements import computed_disagreements, load_scenarios
    page = _text(site / "disagreements" / "exposed-later-hole-card.html")
    found = [c for c in computed_disagreements(kb, load_scenarios())
             if c.topic == "exposed-later-hole-card"]
    assert DRAWN == 5 and len(found) == 17
    matrix = _text(site / "topics" / "exposed-later-hole-card.html")
    for number, c in enumerate(found):
        anchor = shown_anchor(c.topic, c.scenario)
        drawn = f'<p class="floorbook-scenario" id="{anchor}">' in page
        listed = (f'<span id="{anchor}"><a class="reference internal" href="../topics/'
                  f'exposed-later-hole-card.html#ruling-{c.scenario}">') in page
        assert (drawn, listed) == (number < DRAWN, number >= DRAWN)
        assert f'id="ruling-{c.scenario}"' in matrix
    assert f"<strong>{len(found) - DRAWN} more scenarios</strong> on which Robert’s Rules v11" \
        in page


def test_no_readers_page_of_the_handbook_weighs_over_300_kb(site):
    """Issue 23: a reader's page on a phone on a card room's Wi-Fi; the pages over the
    limit are named (tools/bench_page_sizes.py measures them, docs/benchmarks.md)."""
    import sys
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
    from bench_page_sizes import oversized
    over = oversized(site)
    assert over == [], "pages over 300 KB: " + ", ".join(f"{p} ({s:,} bytes)" for p, s in over)
