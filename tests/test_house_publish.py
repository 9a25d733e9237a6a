"""Publishing a house rulebook (`floorbook rulebook build`): both example rulebooks build
with zero warnings, the casino's PDF carries its title, the differences page and the
re-ruled scenarios are right, house text stays text, and the output folder is guarded.

Each site is built once per module (the PDF once): about 15 seconds in all.
"""

import ast
import json
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

import kb as kb_package
from kb.cli import main
from kb.handbook.house.publish import MARKER, PublishError, output_folder, publish, site_name
from kb.handbook.running.run import build_site
from kb.house.compose import RULEBOOKS
from kb.knowledge.load import load_knowledge_base
from kb.rules.disagreements import load_scenarios

PAGES = ("index", "rules", "differences", "scenarios", "find")


@pytest.fixture(scope="module")
def kb():
    return load_knowledge_base()


@pytest.fixture(scope="module")
def casino(kb, tmp_path_factory):
    """The casino site, with its PDF: (folder, paths written)."""
    out = tmp_path_factory.mktemp("casino") / "site"
    return out, publish(kb, RULEBOOKS / "casino.yaml", out, pdf=True)


@pytest.fixture(scope="module")
def home(kb, tmp_path_factory):
    out = tmp_path_factory.mktemp("home") / "site"
    return out, publish(kb, RULEBOOKS / "home-game.yaml", out)


def page(site, name: str) -> str:
    return (site[0] / f"{name}.html").read_text(encoding="utf-8")


def part(html: str, anchor: str) -> str:
    """The HTML of the section with id ``anchor``, up to the next section."""
    start = html.index(f'<section id="{anchor}">')
    end = html.find("<section id=", start + 1)
    return html[start:end if end > 0 else None]


def rows(html: str) -> dict[str, str]:
    """Scenario id -> its table row's HTML."""
    found = {}
    for row in re.findall(r"<tr[^>]*>.*?</tr>", html, re.DOTALL):
        match = re.search(r'<span class="pre">([a-z0-9-]+)</span>', row)
        if match:
            found[match.group(1)] = row
    return found


def test_casino_build_writes_pages_pdf_and_marker(casino):
    out, written = casino
    assert written == [out.resolve() / f"{p}.html" for p in PAGES] + [
        out.resolve() / "casino.pdf"]
    assert all(p.is_file() and p.stat().st_size > 1000 for p in written)
    assert (out / MARKER).is_file()


def test_home_game_builds_with_zero_warnings(home):
    # publish() raises PublishError on any Sphinx warning; so reaching here is the proof
    out, written = home
    assert [p.name for p in written] == [f"{p}.html" for p in PAGES]
    assert "Thursday Night Home Game Rules" in page(home, "index")


def test_house_site_publishes_no_sources_and_no_empty_copyright_line(home):
    out, _ = home
    assert not (out / "_sources").exists()
    html = page(home, "index")
    assert "Copyright" not in html and "_sources/" not in html


def test_casino_pdf_has_its_title_on_the_first_page(casino):
    pdf = casino[0] / "casino.pdf"
    reader = PdfReader(pdf)
    first = " ".join(reader.pages[0].extract_text().split())
    assert "Casino poker room rules, section 13 (hold'em irregularities)" in first
    assert len(reader.pages) > 10


def test_casino_rules_page_cites_house_numbers_and_robert_s_rules(casino):
    html = part(page(casino, "rules"), "topic-exposed-later-hole-card")
    assert html.index("13.1 First two hole cards") < html.index("13.2 One later hole card") \
        < html.index("Hold’em 1")
    assert "Robert’s Rules of Poker, Version 11" in html


def test_casino_differences_13_2_ahead_of_robert_s_rules_holdem_1(casino):
    html = page(casino, "differences")
    assert "How our rules differ from Robert’s Rules v11" in html
    assert "makes against Robert’s Rules of Poker, Version 11" in html
    section = part(html, "adopt-2-exposed-later-hole-card")
    precedence = section[section.index("floorbook-house-precedence"):]
    assert precedence.index("13.2") < precedence.index("Hold’em 1")
    base = section[section.index("floorbook-base-says"):section.index("floorbook-house-says")]
    assert "Misdeals 2(b)" in base and "13.2" not in base
    assert "13.1 (more than one exposed hole card is a misdeal) takes precedence" in section


def test_casino_scenario_agreeing_with_robert_s_rules_shows_no_difference(casino):
    table = rows(page(casino, "scenarios"))
    assert len(table) == len(load_scenarios())  # every scenario in kb/data/scenarios
    row = table["exposed-later-card-9max"]
    assert "floorbook-differs" not in row and "Same as ours." in row
    burns = row[row.index("Burns:"):row.index("Next card:")]
    assert "13.2" in row and 'title="2s"' in burns  # the exposed 2♠ becomes the burn


def test_home_game_four_card_flop_shows_tda_39_a_beside_ours(home):
    table = rows(page(home, "scenarios"))
    for scenario in ("four-card-flop", "four-card-flop-headsup", "omaha-four-card-flop"):
        row = table[scenario]
        assert 'class="floorbook-differs' in row
        # the same remedy word, other moves: the row says "Books differ"
        ours, theirs = row.split("<strong>Books differ: </strong>")
        assert "Hold’em 3" in ours and "39-A" in theirs
        assert "different procedure" in theirs
        # who decided, on both sides: the home game's adopted Robert's Rules, the TDA
        assert "decided by the house: Robert’s Rules v11 Hold’em 3" in ours
        assert "decided by the standard: TDA 2024 39-A" in theirs


def test_home_game_differences_show_our_text_and_the_override(home):
    html = page(home, "differences")
    section = part(html, "add-2-exposed-later-hole-card")
    assert "<strong>one</strong> hole card" in section  # our Markdown, rendered safely
    assert "takes precedence over 35-A-7" in section


def test_script_in_house_text_comes_out_as_text(kb, tmp_path):
    text = (RULEBOOKS / "home-game.yaml").read_text(encoding="utf-8")
    text = text.replace("Any player may ask for a new deck",
                        'Any <script>alert("pwned")</script> player {raw}`x` may ask')
    text = text.replace("title: Thursday Night Home Game Rules",
                        'title: "Thursday <script>alert(1)</script>"')
    house = tmp_path / "evil.yaml"
    house.write_text(text, encoding="utf-8")
    publish(kb, house, tmp_path / "site")
    rules = (tmp_path / "site" / "rules.html").read_text(encoding="utf-8")
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert "Any &lt;script&gt;alert(“pwned”)&lt;/script&gt; player" in rules
    assert "{raw}" in rules
    for html in (rules, index):
        assert not re.search(r"<script[^>]*>\s*alert", html)
    assert "<h1>Thursday &lt;script&gt;alert(1)&lt;/script&gt;" in index
    assert '<span class="sidebar-brand-text">Thursday &lt;script&gt;alert(1)&lt;/script&gt;' \
        in index  # the theme prints html_title as HTML: it is escaped first


def test_output_folder_refuses_a_file_and_a_foreign_folder(tmp_path):
    afile = tmp_path / "notes.txt"
    afile.write_text("mine", encoding="utf-8")
    with pytest.raises(PublishError, match="is a file"):
        output_folder(afile)
    with pytest.raises(PublishError, match="is not a floorbook house site"):
        output_folder(tmp_path)
    assert output_folder(tmp_path / "new") == (tmp_path / "new").resolve()
    (tmp_path / "old").mkdir()
    (tmp_path / "old" / MARKER).write_text("", encoding="utf-8")
    (tmp_path / "old" / "stale.html").write_text("", encoding="utf-8")
    assert output_folder(tmp_path / "old") == (tmp_path / "old").resolve()


def test_cli_build_into_a_foreign_folder_exits_1(tmp_path, capsys):
    (tmp_path / "keep.txt").write_text("mine", encoding="utf-8")
    assert main(["rulebook", "build", str(RULEBOOKS / "home-game.yaml"),
                 "-o", str(tmp_path)]) == 1
    assert "is not a floorbook house site" in capsys.readouterr().err
    assert [p.name for p in tmp_path.iterdir()] == ["keep.txt"]


def test_site_name_is_a_validated_slug():
    assert site_name("house.casino@2026") == "casino"
    with pytest.raises(PublishError):
        site_name("house.../etc@1")


def test_a_rulebook_file_inside_the_output_folder_is_refused_not_deleted(tmp_path):
    from kb.handbook.house.publish import MARKER, PublishError, publish
    from kb.knowledge.load import load_knowledge_base
    site = tmp_path / "site"
    site.mkdir()
    (site / MARKER).write_text("earlier site\n")
    house = site / "casino.yaml"
    house.write_text((RULEBOOKS / "casino.yaml").read_text())
    with pytest.raises(PublishError, match="is inside the output folder"):
        publish(load_knowledge_base(), house, site)
    assert house.is_file()


def test_the_house_room_drives_no_sphinx_and_names_no_extension():
    """Sphinx is driven from the handbook: kb/house imports no Sphinx, docutils or
    myst-parser, and no text of it names one of the handbook's extensions (a conf.py it
    wrote named kb.handbook.house.site, an upward arrow the rooms check could not see)."""
    house = Path(kb_package.__file__).parent / "house"
    found = []
    for path in sorted(house.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                     [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            found += [f"{path.name}: imports {n}" for n in names
                      if n.split(".")[0] in ("sphinx", "docutils", "myst_parser")]
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and (
                    "kb.handbook" in node.value):
                found.append(f"{path.name}: names {node.value[:40]!r}")
    assert found == []


def test_the_site_is_built_from_its_pages_and_settings_without_a_conf_py(kb, tmp_path,
                                                                          monkeypatch):
    from kb.handbook.house import publish as house_publish

    seen = []

    def build(pages, output, settings, builder="html"):
        seen.append((sorted(p.name for p in pages.iterdir()), settings, builder))
        build_site(pages, output, settings, builder)
    monkeypatch.setattr(house_publish, "build_site", build)
    publish(kb, RULEBOOKS / "home-game.yaml", tmp_path / "site")
    [(files, settings, builder)] = seen
    assert files == ["differences.md", "find.md", "house.rts", "house.rtt", "index.md", "rules.md",
                     "scenarios.md"]
    assert settings["extensions"] == ["myst_parser", "sphinx_design", "kb.handbook.house.site"]
    assert settings["floorbook_house_file"] == str((RULEBOOKS / "home-game.yaml").resolve())
    assert (builder, settings["floorbook_house_pdf"]) == ("html", "")


def test_home_game_differences_say_what_changes_for_the_room(home):
    section = part(page(home, "differences"), "adopt-1-four-card-flop")
    changes = section[section.index("floorbook-house-changes"):]
    assert "What changes for the room: </strong>7 scenarios." in changes
    # what each book's dealer does, not "lets play go on" twice (the remedy word)
    assert ("The dealer turns four cards on the flop: Poker TDA Rules, 2024 Rules, Version "
            "1.0: Scramble the four flop cards face down; one at random becomes the burn card "
            "for the turn (39-A; RP-14); our rules now: Redeal the flop: its cards go back into the "
            "stub, which is reshuffled and cut (Hold’em 3; Hold’em 7).") in changes


def test_each_ruling_leads_with_its_answer_and_a_misdeal_draws_no_redeal(home):
    table = rows(page(home, "scenarios"))
    ours = table["four-card-flop"].split("Books differ")[0]
    answer = re.search(r'class="floorbook-answer"><strong>([^<]*)</strong>', ours)
    assert answer and answer.group(1).startswith("Redeal the flop")
    assert ours.index("floorbook-answer") < ours.index("Hold’em 3")   # the answer first
    misdeal = table["boxed-two-cards-during-deal"]
    assert "<strong>Misdeal: reshuffle and redeal.</strong>" in misdeal
    assert "not known until it is dealt" in misdeal
    # no seat, board or next card drawn: the random redeal would read as the real cards
    assert "floorbook-table-after" not in misdeal and "floorbook-card" not in misdeal
    assert "seed 0" not in misdeal


def test_each_floor_call_shows_its_own_rules_and_who_decided(home):
    """The four-card flop ruled at the floor, then the turn dealt: the cell showed the last
    call's "continue (no provision)" under the first call's answer, hiding the rule that
    decided (a reviewer's find); each call now has its own line."""
    row = rows(page(home, "scenarios"))["four-card-flop-ruled-then-turn"]
    theirs = row.split("Books differ")[-1]
    calls = re.findall(r'class="floorbook-house-remedy"><em>([^<]*)</em> \(([^)]*)\)', theirs)
    assert calls == [("continue", "39-A; RP-14"), ("continue", "nothing to rule on at this call")]
    assert "decided by the standard: TDA 2024 39-A" in theirs


def test_scenario_table_is_the_handbook_matrix_with_row_anchors(home):
    html = page(home, "scenarios")
    assert re.search(r'<table class="[^"]*floorbook-matrix[^"]*floorbook-house-scenarios', html)
    row = rows(html)["four-card-flop"]
    assert re.match(r'<tr class="floorbook-differs[^"]*" id="ruling-four-card-flop">', row)
    assert '<span class="floorbook-cell-book">Our ruling</span>' in row


def test_differences_headings_are_short_and_give_no_empty_reason(home):
    html = page(home, "differences")
    headings = [re.sub(r"<[^>]+>|¶", "", h) for h in re.findall(r"<h2>(.*?)</h2>", html)]
    assert re.sub(r"<[^>]+>|¶", "", re.search(r"<h1>(.*?)</h1>", html).group(1)) == \
        "How our rules differ from TDA 2024"
    assert headings[:3] == ["Four-card flop: we follow Robert’s Rules of Poker",
                            "A later hole card exposed: our rule 3", "Deck changes: our rule 5"]
    assert "no reason given" not in html and "our text above" not in html


def test_a_choice_without_a_reason_shows_no_why_and_check_notes_it(kb, tmp_path, capsys):
    house = tmp_path / "ours.yaml"
    house.write_text("id: house.ours@2026\ntitle: Our Rules\nbase: tda@2024\nadopt:\n"
                     "  - topic: four-card-flop\n"
                     "    provisions: [rrop.holdem.four-card-flop, rrop.holdem.flop-redeal]\n",
                     encoding="utf-8")
    publish(kb, house, tmp_path / "site")
    html = (tmp_path / "site" / "differences.html").read_text(encoding="utf-8")
    assert "Why:" not in html and "no reason" not in html
    assert "Four-card flop: we follow Robert’s Rules of Poker" in html
    assert main(["rulebook", "check", str(house)]) == 0     # a note, not a problem
    out = capsys.readouterr().out.splitlines()
    assert out[0] == (f"{house}:5: note: the adopt of topic four-card-flop gives no reason, "
                      "so the published site says nothing about why (add a line "
                      "`reason: ...` saying why your room chose it)")
    assert out[1].endswith("no problems, 1 note")
    assert main(["rulebook", "check", str(house), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["ok"], report["problems"]) == (True, [])
    scenarios = (tmp_path / "site" / "scenarios.html").read_text(encoding="utf-8")
    assert "decided by the house: our rules Hold’em 3" not in scenarios   # adopted: RR's
    assert "house.ours" not in scenarios          # the id is the author's, not the room's
    assert [(n["file"], n["line"]) for n in report["notes"]] == [(str(house), 5)]


def test_check_json_lists_problems_and_exits_1(tmp_path, capsys):
    house = tmp_path / "ours.yaml"
    house.write_text("id: house.ours@2026\ntitle: Our Rules\nbase: tda@2024\nadopt:\n"
                     "  - topic: no-such-topic\n    provisions: [tda.deck-changes]\n"
                     "    reason: we like it\n", encoding="utf-8")
    assert main(["rulebook", "check", str(house), "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] is False and report["notes"] == []
    assert [p["line"] for p in report["problems"]] == [5]


def test_the_pdf_cover_names_the_base_by_its_title_not_an_id(casino):
    first = " ".join(PdfReader(casino[0] / "casino.pdf").pages[0].extract_text().split())
    assert "House rules on Robert’s Rules of Poker, Version 11" in first.replace("'", "’")
    assert "rrop@v11" not in first and "@" not in first
