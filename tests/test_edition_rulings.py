"""Issue 24: the edition pages show the rulings that changed from the previous edition,
and the disagreements page the disagreements computed between consecutive editions.

The scenario asserted is read from the TDA texts as kb/data/provisions/tda.yaml holds
them: TDA 2024 35-A-6 makes a non-standard card (a joker) found before substantial action
a misdeal; the 2026 rules (as copy D1 paraphrases them) take it out of the misdeal causes
and make it foul the deck under 37-E (tda.fouled-deck-2026 revises
tda.misdeal.non-standard-card): the hand is void and every bet goes back.
"""

from __future__ import annotations

import html
import re

from docutils import nodes

from kb.hand.scenario_file import load_scenario
from kb.handbook.data.rulings import build_table
from kb.handbook.data.store import Handbook
from kb.handbook.views.changes import add_changes
from kb.handbook.views.fragment import Fragment
from kb.knowledge.load import load_knowledge_base
from kb.rules.disagreements import consecutive_pairs

JOKER = "A joker in a player’s hand, found before any action"   # as smartquotes print it


def _text(fragment: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", fragment)))


def _section(page: str, start: str, end: str) -> str:
    return page[page.index(start):page.index(end, page.index(start))]


def test_the_2026_page_shows_the_joker_ruling_under_each_edition_answer_first(handbook):
    page = (handbook / "editions" / "tda-2026.html").read_text()
    changed = _section(page, "Rulings that changed from TDA 2024", "Provisions in the book")
    assert "floorbook-listed floorbook-ruling-changes" in changed   # a card per row on a phone
    row = changed[changed.rindex("<tr", 0, changed.index(JOKER)):]
    row = row[:row.index("</tr>")]
    title, earlier, later = (_text(cell).strip() for cell in re.findall(r"<td>(.*?)</td>", row, re.S))
    assert title == (f"{JOKER} changed: the remedy, what the dealer does, the deciding "
                     "provision")
    assert earlier == ("TDA 2024: Misdeal: reshuffle and redeal Remedy: misdeal. Decided by "
                       "Misdeal: a non-standard card before substantial action (TDA 2024 "
                       "35-A-6) .")
    assert later == ("TDA 2026: The hand is void: every player takes back the chips they put "
                     "in Remedy: void. Decided by Fouled deck, a card that does not belong "
                     "included (2026) (TDA 2026 37-E) . partial")
    # the deciding provisions are links to their entries, like the rest of the handbook
    assert 'href="tda-2024.html#tda-misdeal-non-standard-card"' in row
    assert 'href="#tda-fouled-deck-2026"' in row
    # no case number in a reader's title; a rule that only moved number is no change
    assert not re.search(r"Case C\d", _text(changed))
    assert "Misdeal: exposed down cards in flop games" not in _text(changed)


def test_the_2026_page_lists_a_ruling_decided_by_a_revised_provision_once(handbook):
    page = (handbook / "editions" / "tda-2026.html").read_text()
    changed = _text(_section(page, "Rulings that changed from TDA 2024",
                             "Provisions in the book"))
    # the counts of `floorbook diff tda@2024 tda@2026`
    assert ("of the 239 scenarios of this knowledge base ruled under both: 10 rulings "
            "change; 34 keep the same ruling under a revised or another rule; 195 scenarios "
            "are ruled alike.") in changed, changed[:300]
    line = changed[changed.index("The second flop card is found face up in the deck"):]
    assert line.startswith("The second flop card is found face up in the deck : Floor’s "
                           "decision under rule 37-D. TDA 2024: No misdeal after substantial "
                           "action (TDA 2024 35-D) ; TDA 2026: No misdeal after substantial "
                           "action (2026) (TDA 2026 37-D) ."), line[:300]


def test_an_edition_with_no_previous_edition_says_so(handbook):
    page = _text((handbook / "editions" / "tda-2024.html").read_text())
    assert ("No earlier edition of TDA is in this knowledge base: there is no previous "
            "edition to compare with.") in page
    assert "Rulings that changed" not in page
    # New Jersey's 2011 chapter is no rulebook (nj@2024 is a regulator's): nothing is ruled
    nj = _text((handbook / "editions" / "nj-2024.html").read_text())
    assert ("Rulings that changed from New Jersey 2011 Not compared: New Jersey 2011 and New "
            "Jersey 2024 are not both rulebooks of this knowledge base") in nj


def test_an_edition_whose_rulings_did_not_change_says_so_with_the_count():
    kb = load_knowledge_base()
    hand = load_scenario(kb.root + "/scenarios/case-c27-four-card-flop-stuck-cards.yaml")
    table = build_table(kb, None, (hand,), {hand.path: "0"})
    f = Fragment()
    add_changes(Handbook(kb, table), f, "tda@2026")
    assert ("No ruling changed: the 1 scenario of this knowledge base ruled under both is "
            "ruled alike under") in f.source


def test_the_disagreements_page_has_a_section_per_pair_of_consecutive_editions(handbook):
    assert consecutive_pairs(load_knowledge_base())[0] == ("tda@2024", "tda@2026")
    page = (handbook / "disagreements.html").read_text()
    start = page.index('id="editions-tda-2024-tda-2026"')
    section = _text(page[start:page.index("</section>", start)])
    assert section.startswith('id="editions-tda-2024-tda-2026"> TDA 2024 to TDA 2026 ')
    assert f"{JOKER}: remedy misdeal against void" in section
    assert "A player who called a raise finds a joker among his hole cards: remedy dead-hand " \
           "against void" in section
    # listed in the page's contents beside the topics
    assert 'href="#editions-tda-2024-tda-2026"' in page


def test_past_the_first_changed_rulings_each_is_one_line_naming_both_answers(monkeypatch):
    """An edition that rewrote most rules keeps its page light: past FULL changed rulings,
    each is a line (169 in full took the WSOP 2024 page to 309 KB)."""
    from kb.handbook.views import rulingchanges
    kb = load_knowledge_base()
    hands = [load_scenario(f"{kb.root}/scenarios/{name}.yaml") for name in (
        "tda2026-joker-in-hand-before-any-action", "joker-in-hand-after-player-acted",
        "tda2026-joker-on-river-after-substantial-action")]
    table = build_table(kb, None, tuple(hands), {h.path: "0" for h in hands})
    monkeypatch.setattr(rulingchanges, "FULL", 1)
    f = Fragment()
    add_changes(Handbook(kb, table), f, "tda@2026")
    shown = [slot[1] for slot in f.slots if slot[0] == "text"]
    assert "2 more, each with what the dealer does under" in f.source
    assert "`floorbook diff tda@2024 tda@2026` lists them in full" in f.source
    rest = f.source[f.source.index("2 more, each"):]
    assert len(re.findall(r"^- \*\*", rest, re.M)) == 2
    # the river joker (last by file name, so past the first): 2024 deals on, 2026 voids
    assert "Take the card out of play and deal on" in shown


def test_the_wsop_editions_are_compared_each_with_the_one_before(handbook):
    """WSOP 2023 88.c.3 lets a burn error stand only after substantial action, so a flop
    dealt without a burn with one check on it is scrambled (88.c.3.i); 2024's 88.c.3 lets
    it stand after a check (kb/data/provisions/wsop.yaml, wsop.missed-burn-2023)."""
    assert consecutive_pairs(load_knowledge_base()) == (
        ("tda@2024", "tda@2026"), ("wsop@2022", "wsop@2023"), ("wsop@2023", "wsop@2024"),
        ("wsop-live@2022", "wsop-live@2023"), ("wsop-live@2023", "wsop-live@2024"))
    page = (handbook / "editions" / "wsop-2024.html").read_text()
    changed = _section(page, "Rulings that changed from WSOP 2023", "Provisions in the book")
    row = changed[changed.rindex("<tr", 0, changed.index("noticed after one check")):]
    cells = [_text(c).strip() for c in re.findall(r"<td>(.*?)</td>", row[:row.index("</tr>")],
                                                  re.S)]
    assert cells[1].startswith("WSOP 2023: Scramble the three flop cards face down")
    assert "(WSOP 2023 88.c.3)" in cells[1]
    assert cells[2].startswith("WSOP 2024: After this round’s betting, burn a card and deal "
                               "the turn")
    assert "(WSOP 2024 88.c.3)" in cells[2]
    assert "No earlier edition of WSOP" in (handbook / "editions" / "wsop-2022.html").read_text()
    # the counts of `floorbook diff wsop@2023 wsop@2024`; the heading can be linked to
    assert ("1 ruling changes; 12 keep the same ruling under a revised or another rule; 226 "
            "scenarios are ruled alike.") in _text(changed)
    assert '<p class="rubric" id="rulings-changed">Rulings that changed from WSOP 2023' in page
    disagreements = (handbook / "disagreements.html").read_text()
    start = disagreements.index('id="editions-wsop-2023-wsop-2024"')
    section = _text(disagreements[start:disagreements.index("</section>", start)])
    assert "Flop dealt without a burn, noticed after one check: different procedure " \
           "(scramble-pick, deal / finish-betting, burn, deal)" in section
    assert 'id="editions-wsop-2022-wsop-2023"' in disagreements


def test_the_general_index_lists_no_earlier_editions_entries(handbook):
    """The earlier editions' pages add nothing to genindex, which had 1.3 KB to spare:
    indexed as a published book is, the WSOP 2022/2023 rules took it to 492 KB."""
    page_html = (handbook / "genindex.html").read_text()
    index = page_html[page_html.index("<h1"):]                  # past the navigation
    for page in ("wsop-2022", "wsop-2023", "wsop-live-2022", "wsop-live-2023"):
        assert f'href="editions/{page}.html' not in index, page
    assert "WSOP 2023" not in index and "WSOP Live Action 2022" not in index
    assert "88.a.7" in index and "WSOP 2024" in index            # the 2024 numbers stay
    assert len(page_html.encode()) < 300_000


def _fragment(edition: str, *names: str) -> Fragment:
    """The "What changed" section of ``edition``'s page for the bundled scenarios ``names``."""
    kb = load_knowledge_base()
    hands = [load_scenario(f"{kb.root}/scenarios/{name}.yaml") for name in names]
    table = build_table(kb, None, tuple(hands), {h.path: "0" for h in hands})
    f = Fragment()
    add_changes(Handbook(kb, table), f, edition)
    return f


def test_the_counts_are_floorbook_diffs_and_the_heading_has_an_anchor():
    """The page counts as `floorbook diff` does: the joker before any action is ruled
    otherwise (TDA 2024 35-A-6 misdeal, 2026 37-E void); the second flop card found face
    up keeps its floor's decision, under 37-D, which revises 35-D: the same ruling under a
    revised rule, not a changed ruling; the four-card flop is ruled alike."""
    f = _fragment("tda@2026", "tda2026-joker-in-hand-before-any-action",
                  "case-c27-four-card-flop-stuck-cards",
                  "boxed-card-on-flop")
    text = " ".join(f.source.split())
    assert ("of the 3 scenarios of this knowledge base ruled under both: 1 ruling changes; "
            "1 keeps the same ruling under a revised or another rule; 1 scenario is ruled "
            "alike.") in text, text[:600]
    assert "The same ruling under a revised or another rule (1)" in text
    rubric = next(s[1] for s in f.slots if s[0] == "node" and isinstance(s[1], nodes.rubric))
    assert (rubric["ids"], rubric.astext()) == (["rulings-changed"], "Rulings that changed "
                                                                      "from TDA 2024")


def test_a_renumbering_of_a_fall_back_book_is_not_pointed_at_the_table_above():
    """WSOP 2024 renumbers none of its own rules (no table above); a stud hand it rules by
    the Live Action rules cites Rule 238 of 2023, 228 of 2024: named as the fall-back
    book's, not "see the renumbering above"."""
    f = _fragment("wsop@2024", "stud-short-stub-common-card")
    text = " ".join(f.source.split())
    assert "0 are renumbered" in text and "see the renumbering above" not in text
    shown = [s[1] for s in f.slots if s[0] == "text"]
    assert "WSOP Live Action 2024" in shown and "238 → 228" in shown
    assert "which this edition falls back to, moved number too (1, no change)" in text


def test_a_provision_of_the_book_fallen_back_to_is_numbered_in_the_edition_in_force():
    from types import SimpleNamespace

    from kb.handbook.views.rulingchanges import _numbered
    hb = SimpleNamespace(kb=load_knowledge_base())
    # WSOP 2022 falls back to Live Action 2022, whose exposed-cards rule is 118 (2024: 119)
    assert _numbered(hb, "wsop-live.exposed-cards", "wsop@2022").endswith(
        "(WSOP Live Action 2022 118)")
    assert _numbered(hb, "wsop-live.exposed-cards", "wsop@2024").endswith(
        "(WSOP Live Action 2024 119)")
