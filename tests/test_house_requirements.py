"""A regulator's list of what every house rulebook must state (issue 22, section 2): the
provision's ``requires``, the house file's ``states``, and ``rulebook check`` holding one
against the other.  The regulator is a test copy (tests/data/regulator) put into a copy of
tests/data/kb-small, cited as South Dakota cites its rules."""

import re
import shutil
from pathlib import Path

import pytest

from kb.cli import main
from kb.files import schema
from kb.handbook.data import store as handbook_store
from kb.handbook.house import store
from kb.handbook.house.publish import publish
from kb.handbook.views.texts import provision_entry
from kb.house import check
from kb.house.export import export
from kb.house.spec import read_house
from kb.knowledge import load

DATA = Path(__file__).parent / "data"
CITED = "South Dakota 20:18:16:38"


def small_with_regulator(folder: Path, provisions: str | None = None) -> Path:
    """kb-small with the test regulator under ``folder`` (its provisions file replaced by
    ``provisions`` when given); returns the data folder."""
    data = folder / "data"
    shutil.copytree(DATA / "kb-small", data)
    entry = (DATA / "regulator" / "source.yaml").read_text()
    # Layers (issue 22, another part) add a source's layer and the list of regulator
    # editions a stack may name: the test regulator is one where the schema knows them.
    known = schema("sources").schema
    if "layer" in known["$defs"].get("source", {}).get("properties", {}):
        entry = entry.replace("    kind: regulator\n",
                              "    kind: regulator\n    layer: regulator\n")
    sources = data / "sources.yaml"
    text = sources.read_text().replace("sources:\n", "sources:\n" + entry, 1)
    if "regulators" in known["properties"]:
        text += '\nregulators:\n  - edition: "sdtest@2026"\n'
    sources.write_text(text)
    text = provisions or (DATA / "regulator" / "provisions" / "sdtest.yaml").read_text()
    (data / "provisions" / "sdtest.yaml").write_text(text)
    return data


@pytest.fixture
def regulated(tmp_path, monkeypatch):
    """`rulebook check` against kb-small with the test regulator, ruling no scenario (the
    required points need none); returns the folder to write house files in."""
    kb = load.load_knowledge_base(small_with_regulator(tmp_path))
    monkeypatch.setattr(load, "load_knowledge_base", lambda *a, **k: kb)
    monkeypatch.setattr(check, "load_scenarios", lambda: [])
    return tmp_path


HEAD = """id: house.deadwood@2026
title: Deadwood Card Room
base: "tda@2024"
stack:
  - "sdtest@2026"
  - house
  - "tda@2024"
"""


def run_check(path: Path, capsys) -> tuple[int, list[str], str]:
    status = main(["rulebook", "check", str(path)])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return status, err.splitlines(), out


def test_each_missing_point_is_reported_at_the_regulators_stack_line_citing_its_rule(
        regulated, capsys):
    path = regulated / "ours.yaml"
    path.write_text(HEAD + "states:\n  - {point: deck, says: One 52-card deck per table.}\n")
    status, err, out = run_check(path, capsys)
    assert status == 1 and out == ""
    assert err == [
        f"{path}:5: The rake taken is not stated: {CITED} requires every house rulebook to "
        "state it (add a `states` entry with point: rake)",
        f"{path}:5: Whether a cut card is used is not stated: {CITED} requires every house "
        "rulebook to state it (add a `states` entry with point: cut-card)"]


def test_a_book_stating_every_point_passes(regulated, capsys):
    path = regulated / "ours.yaml"
    path.write_text(HEAD + "states:\n"
                    "  - {point: deck, says: One 52-card deck per table.}\n"
                    "  - {point: cut-card, says: The dealer uses a cut card.}\n"
                    "  - {point: rake, says: 10 percent up to 5 dollars.}\n")
    status, err, out = run_check(path, capsys)
    assert (status, err) == (0, [])
    assert out == f"{path}: house.deadwood@2026 (Deadwood Card Room) on tda@2024: no problems\n"


def test_a_book_under_no_regulator_states_nothing(regulated, capsys):
    path = regulated / "ours.yaml"
    path.write_text('id: house.pub@2026\ntitle: Pub\nbase: "tda@2024"\n'
                    "states:\n  - {point: deck, says: One deck.}\n")
    status, err, _ = run_check(path, capsys)
    assert status == 1
    assert err == [f"{path}:5: states: no book in your stack requires the point 'deck' "
                   "(remove the entry, or add the regulator that requires it to `stack`)"]


def test_bad_states_are_all_reported_at_their_lines(regulated, capsys):
    path = regulated / "ours.yaml"
    path.write_text(HEAD + "states:\n"                                           # line 8
                    "  - {point: deck, says: One deck.}\n"                       # 9
                    "  - {point: deck, says: Two decks.}\n"                      # 10: twice
                    "  - {point: Cut Card, says: Yes.}\n"                        # 11: bad id
                    "  - {point: rakes, says: Ten percent.}\n"                   # 12: unknown
                    "  - point: cut-card\n"                                      # 13
                    '    says: "We cut.\\nThen we deal."\n'                      # 14: 2 lines
                    "  - {point: rake}\n")                                       # 15: no says
    status, err, _ = run_check(path, capsys)
    assert status == 1      # an entry whose says is refused still states its point
    assert err == [
        f"{path}:10: states: the point 'deck' is stated twice (also at line 9) (keep one "
        "entry per point)",
        f"{path}:11: states.point 'Cut Card' is not of the right form (write the point's "
        "id as your regulator's rule lists it, e.g. cut-card: lowercase words joined by "
        "single hyphens)",
        f"{path}:12: states: no book in your stack requires the point 'rakes' (did you mean "
        "'rake'?)",
        f"{path}:14: states.says 'We cut.\\nThen we deal.' is not of the right form "
        "(write what your rules say on one line, as plain text, 300 characters at most)",
        f"{path}:15: states item has no 'says' (add it)"]


BAD_REQUIRES = """source: sdtest
provisions:
  - id: sdtest.house-rules-state
    title: What every house rulebook must state
    numbers: {"sdtest@2026": "20:18:16:38"}
    summary: A licensee's posted house rules must state how it runs the game on each point.
    topics: []
    confidence: confirmed
    requires:
      - {point: deck, title: The deck used}
      - {point: rake, title: The rake taken}
      - {point: deck, title: The deck again}
  - id: sdtest.second-list
    title: A second list
    numbers: {"sdtest@2026": "20:18:16:39"}
    summary: Another list.
    topics: []
    confidence: confirmed
    requires:
      - {point: Cut Card, title: Whether a cut card is used}
      - point: ante
        title: "The ante\\nand the blinds"
      - {point: blind-bets}
"""


def test_bad_requires_are_all_reported_at_their_lines(tmp_path, capsys):
    data = small_with_regulator(tmp_path, BAD_REQUIRES)
    assert main(["check", "--data", str(data), "--no-cache"]) == 1
    out, err = capsys.readouterr()
    assert "Traceback" not in err and out == ""
    name = data / "provisions" / "sdtest.yaml"
    assert err.splitlines() == [
        f"{name}:12: duplicate required point 'deck' (also at provisions/sdtest.yaml:10; "
        "rename one of them)",
        f"{name}:20: provisions.requires.point 'Cut Card' is not of the right form (a "
        "point id is lower-case letters and digits in words joined by '-', e.g. cut-card; "
        "no spaces)",
        f"{name}:22: provisions.requires.title 'The ante\\nand the blinds' is not of "
        "the right form (write the title on one line, as plain text, 200 characters at most)",
        f"{name}:23: provisions.requires item has no 'title' (add it)"]


def test_required_points_are_read_with_their_lines(tmp_path):
    kb = load.load_knowledge_base(small_with_regulator(tmp_path))
    provision = kb.provision("sdtest.house-rules-state")
    assert [(r.point, r.title, r.at("point").line, r.at("title").line)
            for r in provision.requires] == [
        ("deck", "The deck used", 12, 13), ("cut-card", "Whether a cut card is used", 14, 15),
        ("rake", "The rake taken", 16, 17)]
    assert kb.provision("tda.four-card-flop").requires == ()


def test_too_many_required_points_are_refused(tmp_path, capsys):
    many = "".join(f"      - {{point: p{i}, title: Point {i}}}\n" for i in range(41))
    text = BAD_REQUIRES.split("      - {point: deck, title: The deck used}")[0] + many
    data = small_with_regulator(tmp_path, text)
    assert main(["check", "--data", str(data), "--no-cache"]) == 1
    assert capsys.readouterr().err.splitlines() == [
        f"{data / 'provisions' / 'sdtest.yaml'}:10: provisions.requires has 41 items "
        "(give at most 40)"]


def test_the_export_holds_required_points_and_what_a_house_states(tmp_path):
    kb = load.load_knowledge_base(small_with_regulator(tmp_path))
    path = tmp_path / "ours.yaml"
    path.write_text(HEAD + "states:\n  - {point: deck, says: One <b>deck</b>.}\n")
    spec, _ = read_house(path)
    data = export(kb, [], [spec])
    schema("export").validate(data)
    provision = next(p for p in data["provisions"] if p["id"] == "sdtest.house-rules-state")
    assert [(r["point"], r["at"]) for r in provision["requires"]] == [
        ("deck", "provisions/sdtest.yaml:12"), ("cut-card", "provisions/sdtest.yaml:14"),
        ("rake", "provisions/sdtest.yaml:16")]
    assert data["house_rulebooks"][0]["states"] == [{"point": "deck", "says": "One <b>deck</b>."}]


def test_the_rules_page_shows_each_required_point_what_we_say_and_the_rule(
        tmp_path, monkeypatch):
    kb = load.load_knowledge_base(small_with_regulator(tmp_path))
    monkeypatch.setattr(store, "load_knowledge_base", lambda *a, **k: kb)
    monkeypatch.setattr(store, "load_scenarios", lambda: ())
    path = tmp_path / "ours.yaml"
    path.write_text(HEAD + "states:\n"
                    "  - {point: deck, says: 'One <script>alert(1)</script> deck {raw}`x`'}\n"
                    "  - {point: rake, says: 10 percent up to 5 dollars.}\n")
    publish(kb, path, tmp_path / "site")
    html = (tmp_path / "site" / "rules.html").read_text(encoding="utf-8")
    section = html[html.index('<section id="regulator-requires">'):]
    section = section[:section.index("<section id=", 1)]
    assert "What our regulator requires us to state" in section
    items = re.findall(r"<li>(.*?)</li>", section, re.DOTALL)
    assert [re.sub(r"<[^>]+>", "", item).split() for item in items] == [
        "The deck used: One &lt;script&gt;alert(1)&lt;/script&gt; deck {raw}`x` Required by "
        "South Dakota 20:18:16:38.".split(),
        "Whether a cut card is used: Not stated in our rules yet. Required by South Dakota "
        "20:18:16:38.".split(),
        "The rake taken: 10 percent up to 5 dollars. Required by South Dakota "
        "20:18:16:38.".split()]
    assert not re.search(r"<script[^>]*>\s*alert", html)


def test_a_book_under_no_regulator_has_no_required_section(tmp_path, monkeypatch):
    kb = load.load_knowledge_base(small_with_regulator(tmp_path))
    monkeypatch.setattr(store, "load_knowledge_base", lambda *a, **k: kb)
    monkeypatch.setattr(store, "load_scenarios", lambda: ())
    path = tmp_path / "ours.yaml"
    path.write_text('id: house.pub@2026\ntitle: Pub\nbase: "tda@2024"\n')
    publish(kb, path, tmp_path / "site")
    html = (tmp_path / "site" / "rules.html").read_text(encoding="utf-8")
    assert "regulator-requires" not in html and "Four-card flop" in html


def test_rulebook_build_publishes_nothing_while_a_point_is_not_stated(regulated, capsys):
    path = regulated / "ours.yaml"
    path.write_text(HEAD + "states:\n  - {point: deck, says: One deck.}\n"
                    "  - {point: rake, says: Ten percent.}\n")
    site = regulated / "site"
    assert main(["rulebook", "build", str(path), "-o", str(site)]) == 1
    assert capsys.readouterr().err.splitlines() == [
        f"{path}:5: Whether a cut card is used is not stated: {CITED} requires every house "
        "rulebook to state it (add a `states` entry with point: cut-card)"]
    assert not site.exists()


def test_a_regulator_named_twice_asks_once_at_its_first_line(regulated, capsys):
    path = regulated / "ours.yaml"
    path.write_text(HEAD.replace('  - house\n', '  - house\n  - "sdtest@2026"\n')
                    + "states:\n  - {point: deck, says: One deck.}\n"
                    "  - {point: cut-card, says: Yes.}\n")
    status, err, _ = run_check(path, capsys)
    assert status == 1
    assert [line for line in err if "is not stated" in line] == [
        f"{path}:5: The rake taken is not stated: {CITED} requires every house rulebook to "
        "state it (add a `states` entry with point: rake)"]


@pytest.mark.parametrize(("states", "expected"), [
    ("".join(f"  - {{point: p{i}, says: x}}\n" for i in range(101)),
     ":9: states has 101 items (give at most 100)"),
    (f"  - {{point: deck, says: {'x' * 301}}}\n",
     ":9: states.says is 301 characters long (write what your rules say on one line, as "
     "plain text, 300 characters at most)"),
    (f"  - {{point: {'p' * 61}, says: x}}\n",
     ":9: states.point is 61 characters long (write the point's id as your regulator's "
     "rule lists it, e.g. cut-card: lowercase words joined by single hyphens)"),
    ("  - {point: deck, says: '   '}\n",
     ":9: states.says '   ' is not of the right form (write what your rules say on one "
     "line, as plain text, 300 characters at most)"),
], ids=["101-entries", "says-301-characters", "point-61-characters", "says-blank"])
def test_states_are_bounded(regulated, capsys, states, expected):
    path = regulated / "ours.yaml"
    path.write_text(HEAD + "states:\n" + states)
    status, err, _ = run_check(path, capsys)
    assert status == 1      # a refused entry or list still names its points: not "missing"
    assert [line for line in err if "is not stated" not in line] == [f"{path}{expected}"]


def test_a_refused_states_list_still_names_its_points(regulated, capsys):
    path = regulated / "ours.yaml"
    entries = ["deck", "cut-card", "rake"] + [f"p{i}" for i in range(98)]
    path.write_text(HEAD + "states:\n" + "".join(f"  - {{point: {p}, says: x}}\n"
                                                 for p in entries))
    status, err, _ = run_check(path, capsys)
    assert (status, err) == (1, [f"{path}:9: states has 101 items (give at most 100)"])


def test_the_provisions_full_entry_lists_its_required_points(tmp_path):
    hb = handbook_store.read(small_with_regulator(tmp_path))
    entry = provision_entry(hb, "sdtest.house-rules-state", brief=False)
    shown = [line for line in entry.lines if "must state" in line]
    slots = [value for kind, value in entry.slots if kind == "text"]
    assert len(shown) == 3
    assert [("The deck used", "deck"), ("Whether a cut card is used", "cut-card"),
            ("The rake taken", "rake")] == [(t, p) for t, p in zip(slots[-6::2], slots[-5::2],
                                                                      strict=True)]
    assert "must state" not in "\n".join(provision_entry(hb, "tda.four-card-flop", False).lines)


def test_floorbook_check_of_a_data_folder_reports_its_house_books_unstated_points(
        tmp_path, capsys):
    data = small_with_regulator(tmp_path)
    (data / "rulebooks").mkdir()
    ours = data / "rulebooks" / "ours.yaml"
    ours.write_text(HEAD + "states:\n  - {point: deck, says: One deck.}\n"
                    "  - {point: cut-card, says: Yes.}\n  - {point: rakes, says: Ten.}\n")
    assert main(["check", "--data", str(data), "--no-cache"]) == 1
    err = capsys.readouterr().err.splitlines()
    assert [line for line in err if line.startswith(str(ours))] == [
        f"{ours}:5: The rake taken is not stated: {CITED} requires every house rulebook to "
        "state it (add a `states` entry with point: rake)",
        f"{ours}:11: states: no book in your stack requires the point 'rakes' (did you mean "
        "'rake'?)"]


@pytest.mark.parametrize(("stack", "missing"), [
    ("".join('  - "sdtest@2026"\n' for _ in range(11000)), False),   # refused: over 10 items
    ('  - "sdtest@2026"\n  - house\n  - {edition: "tda@2024"}\n', True),    # an item refused
    ('  - "sdtest@2026"\n  - house\n  - "nosuch@2026"\n  - "tda@2024"\n', True),  # unknown
], ids=["11000-items", "item-not-text", "unknown-book"])
def test_a_stack_whose_books_are_not_known_calls_no_statement_unrequired(
        regulated, capsys, stack, missing):
    """The stack's own problems are the schema's and layers'; the statements are not called
    unrequired while a book of it is unknown, and a refused list asks for nothing."""
    path = regulated / "ours.yaml"
    path.write_text('id: house.deadwood@2026\ntitle: Deadwood\nbase: "tda@2024"\nstack:\n'
                    + stack + "states:\n  - {point: rakes, says: Ten percent.}\n")
    status, err, _ = run_check(path, capsys)
    assert status == 1 and not any("states:" in line for line in err)
    assert [line.split(": ")[1] for line in err if "is not stated" in line] == (
        ["The deck used is not stated", "The rake taken is not stated",
         "Whether a cut card is used is not stated"] if missing else [])
