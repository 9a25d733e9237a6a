"""Find a ruling (kb/handbook/finding/finder.py, finder_page.py): the index's content for the bundled
scenarios, the facets and their counts, when the floor was called, the escaping of hostile
text, and the page built from a tiny root (tests/roots/test-find-ruling) with no warnings.

What the page's script does in a browser is tested under tests/browser/."""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest
from test_sphinx_basic import build as build_root

from kb import DATA
from kb.hand.scenario_file import load_scenario, parse_scenario
from kb.handbook.data.store import read
from kb.handbook.finding import finder, finder_page
from kb.handbook.views.cells import cited_line, decided_parts, decided_text
from kb.handbook.views.matrix import column_names, showing
from kb.rules.answer import answer, books_differ

ROOT = Path(__file__).parent / "roots" / "test-find-ruling"
STATIC = Path(finder.__file__).parent.parent / "static"
C27 = "case-c27-four-card-flop-stuck-cards"


@pytest.fixture(scope="module")
def bundled():
    """The bundled handbook data and its finder index (topic pages as the site names them)."""
    hb = read(None)
    topics = {t.id: [t.title, f"topics/{t.id}.html"] for t in hb.kb.topics}
    return hb, finder.finder_index(hb.rulings, topics, column_names(hb))


def entry(index: dict, sid: str) -> dict:
    return next(e for e in index["scenarios"] if e["id"] == sid)


def remedies_by_book(index: dict, sid: str) -> dict[str, list[str]]:
    """Rulebook -> [remedy, numbers cited, who decided (the line, unpacked)]."""
    books = [book for book, _ in index["rulebooks"]]
    return dict(zip(books, ([remedy, cited, finder.decided_line(index, packed)]
                            for remedy, cited, packed, _ in entry(index, sid)["remedies"]),
                    strict=True))


def test_four_card_flop_case_c27_shows_each_books_remedy_and_numbers(bundled):
    _, index = bundled
    found = remedies_by_book(index, C27)
    # Robert's Rules Hold'em 3 redeals the flop; TDA 2024 39-A (2026 41-A) scrambles the four
    # cards and picks the burn (RP-14); WSOP 89, Live Action 163; the casino's 13.5
    # and who decided (issue 22): each book's own layer; the WSOP Tournament rules' 89
    assert found["rrop@v11"] == ["continue", "Hold'em 3; Hold'em 7",
                                 "decided by the reference: Robert's Rules v11 Hold'em 3"]
    assert found["tda@2024"] == ["continue", "39-A; RP-14",
                                 "decided by the standard: TDA 2024 39-A"]
    assert found["tda@2026"] == ["continue", "41-A; RP-14",
                                 "decided by the standard: TDA 2026 41-A"]
    assert found["wsop@2024"] == ["continue", "89", "decided by the event: WSOP 2024 89"]
    assert found["wsop-live@2024"] == ["continue", "163",
                                       "decided by the house: WSOP Live Action 2024 163"]
    assert found["house.casino@2026"] == ["continue", "13.5; 13.8",
                                          "decided by the house: House casino 2026 13.5"]
    # a house book that adopts Robert's Rules names the book in the citation, as the matrix does
    assert found["house.thursday-home-game@2026"][1].endswith("(Robert's Rules v11)")
    # ... and says the house decided, by the number of the book it adopted
    assert found["house.thursday-home-game@2026"][2] == \
        "decided by the house: Robert's Rules v11 Hold'em 3"


def test_every_remedy_in_the_index_is_the_ruling_the_matrix_shows(bundled):
    hb, index = bundled
    names = column_names(hb)
    for scenario in index["scenarios"]:
        row = hb.rulings.row(scenario["id"])
        unpacked = [[remedy, cited, finder.decided_line(index, packed)]
                    for remedy, cited, packed, _ in scenario["remedies"]]
        shown = [finder.ruled_call(r) for r in row]
        assert unpacked == [[r.remedy, cited_line(r, names.get),
                             decided_text(decided_parts(r, names.get))] for r in shown]


def test_a_later_call_with_nothing_to_rule_on_does_not_hide_the_rule_that_decided(bundled):
    """The four-card flop ruled at the floor, then the turn dealt as the ruling left it: the
    result shows the first call's rule and decider, not "continue, decided by the floor"
    from the second call, which had no irregularity."""
    hb, index = bundled
    found = {book: remedy for book, remedy in zip(
        [b.id for b in hb.rulings.rulebooks],
        entry(index, "four-card-flop-ruled-then-turn")["remedies"], strict=True)}
    remedy, cited, packed, answers = found["tda@2024"]
    assert (remedy, cited) == ("continue", "39-A; RP-14")
    assert finder.decided_line(index, packed) == "decided by the standard: TDA 2024 39-A"
    assert index["answers"][answers[1]] == "No irregularity: play on"


def test_c27_links_to_its_row_in_the_four_card_flop_matrix(bundled):
    hb, index = bundled
    c27 = entry(index, C27)
    assert c27["anchor"] == "ruling-" + C27
    assert c27["topics"][0] == "four-card-flop"
    assert index["topics"]["four-card-flop"] == ["Four-card flop", "topics/four-card-flop.html"]
    # every topic linked shows the scenario in its matrix, so the row is there
    for scenario in index["scenarios"]:
        for topic in scenario["topics"]:
            assert scenario["id"] in showing(hb.rulings, topic), (scenario["id"], topic)


def test_c27_facets_holdem_wrong_board_count_after_substantial_action(bundled):
    _, index = bundled
    assert entry(index, C27)["facets"] == {"game": ["holdem"], "irregularity": ["board-count"],
                                            "found": ["after-substantial-action"]}


def test_game_counts_are_the_scenario_files_of_each_game(bundled):
    _, index = bundled
    files = Counter(load_scenario(p).game for p in (DATA / "scenarios").glob("*.yaml"))
    games = {value: count for value, _, _, count, *_ in index["facets"][0][2]}
    assert games == dict(files)
    assert games["holdem"] > games["omaha"] > 0


def test_each_facet_value_counts_the_scenarios_that_have_it(bundled):
    _, index = bundled
    for facet, _, values in index["facets"]:
        for value, label, _, count, *_ in values:
            having = [e for e in index["scenarios"] if value in e["facets"][facet]]
            assert count == len(having) > 0, (facet, value)
            assert label and label != value, (facet, value)     # every value is named


def test_facets_are_game_what_happened_and_when_in_that_order(bundled):
    _, index = bundled
    assert [facet for facet, _, _ in index["facets"]] == ["game", "irregularity", "found"]
    found = [value for value, *_ in index["facets"][2][2]]
    assert found == ["before-action", "after-action", "after-substantial-action", "after-pot"]


def test_a_misdeal_then_a_new_deal_is_found_before_action_at_both_calls(bundled):
    _, index = bundled
    scenario = entry(index, "misdeal-then-exposed-card-on-the-new-deal")
    assert scenario["facets"]["found"] == ["before-action"]
    # the first deal's exposed card was the first off the deck, the new deal's a later one
    assert scenario["facets"]["irregularity"] == ["exposed", "exposed-first-two",
                                                  "exposed-later"]


def test_a_burn_error_found_after_the_pot_was_awarded(bundled):
    _, index = bundled
    scenario = entry(index, "burn-error-all-in-found-after-pot-awarded")
    assert scenario["facets"]["found"] == ["after-pot"]
    assert scenario["facets"]["irregularity"] == ["burn"]


def hand(*events: str):
    text = ("id: h\ntitle: h\ngame: holdem\nseats: 6\nbutton: 6\nevents:\n  - deal: {}\n"
            + "".join(f"  - {e}\n" for e in events))
    return parse_scenario(text, "h.yaml")


def test_found_before_any_action_when_no_player_has_acted():
    assert finder.found_at(hand(), None) == "before-action"


def test_found_after_action_when_two_folds_are_not_substantial_action():
    # Robert's Rules' action has begun; TDA 2024 Rule 36 needs chips or three actions
    assert finder.found_at(hand("act: [fold, fold]"), None) == "after-action"


def test_found_after_substantial_action_tda_2024_36_a_fold_and_call():
    assert finder.found_at(hand("act: [fold, call]"), None) == "after-substantial-action"


def test_found_after_the_pot_when_found_after_pot_awarded():
    scenario = hand("act: [fold, fold, fold, fold, fold]", "pot: awarded",
                    "found: {duplicate: As, where: muck}")
    assert finder.found_at(scenario, None) == "after-pot"


def test_found_at_a_floor_call_counts_only_the_betting_before_it():
    scenario = hand("floor: {}", "act: [fold, call]")
    floor_line = scenario.events[1].line
    assert finder.found_at(scenario, floor_line) == "before-action"
    assert finder.found_at(scenario, None) == "after-substantial-action"


def test_an_irregularity_kind_maps_to_the_floors_words_and_a_new_kind_to_itself():
    assert finder.irregularity_of("exposed") == finder.irregularity_of("draw-exposed") == "exposed"
    assert finder.irregularity_of("burn-count") == "burn"
    assert finder.irregularity_of("some-new-kind") == "some-new-kind"
    kinds = [k for *_, covered in finder.IRREGULARITIES for k in covered]
    assert len(kinds) == len(set(kinds))            # no kind under two values


def test_index_script_sets_a_global_and_cannot_close_a_script_element():
    script = finder.index_script({"t": "</script><img src=x onerror=alert(1)>&\u2028"})
    assert script.startswith("window.floorbookFinderIndex = {")
    assert "<" not in script and ">" not in script and "&" not in script
    assert "\u2028" not in script
    payload = script.removeprefix("window.floorbookFinderIndex = ").removesuffix(";\n")
    assert json.loads(payload) == {"t": "</script><img src=x onerror=alert(1)>&\u2028"}


def test_the_page_script_builds_nodes_with_text_only_never_html():
    code = (STATIC / finder_page.SCRIPT_FILE).read_text()
    for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(",
                 "fetch("):
        assert sink not in code, sink
    assert "textContent" in code


def build(outdir: Path) -> str:
    """Build the tiny root (read in place, never written) into ``outdir``; the warnings."""
    return build_root(ROOT, outdir)


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("find-ruling")
    assert build(out) == ""
    return out


def site_index(html: Path) -> dict:
    text = (html / "_static" / finder_page.INDEX_FILE).read_text()
    return json.loads(text.removeprefix("window.floorbookFinderIndex = ").removesuffix(";\n"))


def test_tiny_root_builds_the_finder_page_with_zero_warnings(site):
    page = (site / "html" / "find-a-ruling.html").read_text()
    assert 'id="floorbook-finder"' in page and 'data-root="./"' in page
    assert '<script src="_static/floorbook-finder-index.js' in page
    assert '<script src="_static/floorbook-finder.js' in page
    assert "What happened" in page and "Before any action" in page     # the meanings


def test_the_finder_scripts_are_only_on_the_finder_page(site):
    topic = (site / "html" / "topics" / "four-card-flop.html").read_text()
    assert "floorbook-finder" not in topic


def test_site_index_links_each_scenario_to_an_existing_matrix_row(site):
    html = site / "html"
    index = site_index(html)
    linked = [s for s in index["scenarios"] if s["topics"]]
    assert [s["id"] for s in linked] == ["four-card-flop"]
    for scenario in linked:
        page = index["topics"][scenario["topics"][0]][1]
        assert f'id="{scenario["anchor"]}"' in (html / page).read_text()


def test_site_index_keeps_hostile_titles_as_text_escaped(site):
    raw = (site / "html" / "_static" / finder_page.INDEX_FILE).read_text()
    assert "<img" not in raw and "<script" not in raw
    assert "\\u003cimg src=x onerror=alert(1)\\u003e" in raw
    titles = {s["id"]: s["title"] for s in site_index(site / "html")["scenarios"]}
    assert titles["omaha-exposed-before-action"] == \
        'Omaha card <img src=x onerror=alert(1)> exposed & "quoted"'


def test_site_index_facet_counts_of_the_tiny_root(site):
    index = site_index(site / "html")
    counts = {facet: {v: n for v, _, _, n, *_ in values} for facet, _, values in index["facets"]}
    assert counts == {"game": {"holdem": 2, "omaha": 1},
                      "irregularity": {"exposed": 1, "exposed-first-two": 1, "board-count": 1,
                                       "fouled-deck": 1},
                      "found": {"before-action": 1, "after-substantial-action": 1,
                                "after-pot": 1}}


def test_a_second_build_with_nothing_to_read_still_writes_the_index(site, tmp_path):
    out = tmp_path / "again"
    shutil.copytree(site, out)
    (out / "html" / "_static" / finder_page.INDEX_FILE).unlink()
    assert build(out) == ""
    assert [s["id"] for s in site_index(out / "html")["scenarios"]] == [
        "duplicate-after-the-pot", "four-card-flop", "omaha-exposed-before-action"]


def test_each_books_answer_leads_and_c27_says_the_books_differ(bundled):
    """Issue 23: the remedy word hides the answer (every book "continue" on a four-card
    flop); each book's line carries its one-line answer, and the scenario says the books
    differ where they agree on the word but not on what the dealer does."""
    hb, index = bundled
    for scenario in index["scenarios"]:
        row = hb.rulings.row(scenario["id"])
        for ruling, (_, _, _, packed) in zip(row, scenario["remedies"], strict=True):
            said = [index["answers"][n] for n in (packed if isinstance(packed, list) else [packed])]
            assert said == [answer(call) for call in ruling.every_call], scenario["id"]
        assert scenario.get("differ", False) == books_differ(row), scenario["id"]
    c27 = {book: index["answers"][packed] for (book, _), (_, _, _, packed)
           in zip(index["rulebooks"], entry(index, C27)["remedies"], strict=True)}
    assert entry(index, C27)["differ"] is True
    assert c27["rrop@v11"] != c27["tda@2024"] == c27["tda@2026"] == c27["wsop@2024"]


def test_each_answer_is_written_once_in_the_index(bundled):
    _, index = bundled
    answers = index["answers"]
    assert len(answers) == len(set(answers)) and len(answers) < 200
    used = {n for s in index["scenarios"] for *_, packed in s["remedies"]
            for n in (packed if isinstance(packed, list) else [packed])}
    assert used == set(range(len(answers)))           # none unused, none missing


def test_titles_carry_no_internal_case_number(bundled):
    _, index = bundled
    titles = [s["title"] for s in index["scenarios"]]
    assert not [t for t in titles if re.match(r"(case\s+)?c\d+", t, re.IGNORECASE)]
    assert entry(index, C27)["title"] == \
        "Four flop cards peeled one by one (dealer claims they stuck)"
    assert finder.reader_title("Case C23 as it happened: the dealer burns") == "The dealer burns"


@pytest.mark.parametrize(("sid", "which"), [
    ("exposed-first-card-6max", "exposed-first-two"),
    ("exposed-second-card-one-raise", "exposed-first-two"),
    ("exposed-later-card-9max", "exposed-later"),
    ("case-c02-replacement-card-also-exposed", "exposed-later"),
])
def test_an_exposed_card_is_also_found_as_the_first_two_or_a_later_card(bundled, sid, which):
    _, index = bundled
    assert entry(index, sid)["facets"]["irregularity"] == sorted({"exposed", which})
    values = [v for v, *_ in index["facets"][1][2]]
    # the finer choices follow the dealer-exposed card they refine
    at = values.index("exposed")
    assert values[at + 1:at + 3] == ["exposed-first-two", "exposed-later"]
