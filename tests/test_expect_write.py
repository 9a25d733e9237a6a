"""``floorbook expect write BOOK@EDITION FILE...`` (kb/house/expect_write.py): a book's
``expect`` entry written into each scenario file named, from the engine's ruling, marked
``read: engine``; comments, order and every other line kept; a file that already has an
entry for the book, or any problem in any named file, writes nothing; the pytest plugin
marks and counts the unread entries."""

from __future__ import annotations

import os
import re
from pathlib import Path

from test_plugin import project, pytest_in

from kb import DATA
from kb.cli import main
from kb.hand.scenario_file import load_scenario
from kb.house.expectations import Expectations

FLOP = DATA / "scenarios" / "four-card-flop.yaml"
#: four-card-flop's WSOP Live Action entry (one line, whoever read it), and the one the
#: engine writes for it.
LIVE = next(line + "\n" for line in FLOP.read_text().splitlines()
            if line.startswith('  "wsop-live@2024": {remedy: continue, citations: [{source: '
                               'wsop-live, edition: "2024", number: "163"}]'))
WRITTEN = ('  "wsop-live@2024": {remedy: "continue", random: true, citations: [{source: '
           '"wsop-live", edition: "2024", number: "163"}], read: "engine"}\n')


def _without_live(tmp_path: Path, name: str = "flop.yaml") -> tuple[Path, str]:
    text = FLOP.read_text()
    assert LIVE in text
    path = tmp_path / name
    path.write_text(text.replace(LIVE, ""))
    return path, text


def test_the_entry_is_written_where_the_others_are_and_nothing_else_changes(tmp_path, capsys):
    path, original = _without_live(tmp_path)
    assert main(["expect", "write", "wsop-live@2024", str(path)]) == 0
    assert path.read_text() == original.replace(LIVE, WRITTEN)
    assert capsys.readouterr().out == (f"wrote {path}: expect wsop-live@2024: continue "
                                       "(read: engine)\n")
    scenario = load_scenario(path)
    assert scenario.expect["wsop-live@2024"]["read"] == "engine"
    assert Expectations().check_scenario(scenario) == []      # it holds: the engine ruled it
    assert sorted(p.name for p in tmp_path.iterdir()) == ["flop.yaml"]   # no temporary left


def test_comments_and_keys_after_expect_stay_and_the_entry_goes_in_the_expect_block(tmp_path):
    text = FLOP.read_text().replace(LIVE, "")
    head, expect = text.split("expect:\n")
    events = head[head.index("events:"):]
    head = head.replace(events, "")
    moved = (head + "expect:\n" + expect.rstrip("\n") + "  # the last entry\n"
             + "  # a comment that ends the block\n\n# about the events\n" + events)
    path = tmp_path / "moved.yaml"
    path.write_text(moved)
    assert main(["expect", "write", "wsop-live@2024", str(path)]) == 0
    assert path.read_text() == moved.replace(
        "  # the last entry\n", "  # the last entry\n" + WRITTEN)


def test_a_file_without_expect_gets_one_at_its_end(tmp_path):
    text = FLOP.read_text()
    path = tmp_path / "bare.yaml"
    path.write_text(text[:text.index("expect:")].rstrip("\n"))    # no final line break
    assert main(["expect", "write", "wsop-live@2024", str(path)]) == 0
    assert path.read_text() == text[:text.index("expect:")] + "expect:\n" + WRITTEN


def test_an_existing_entry_for_the_book_is_refused_and_no_named_file_is_written(tmp_path,
                                                                                capsys):
    fresh, _ = _without_live(tmp_path, "fresh.yaml")
    before = fresh.read_bytes()
    kept = tmp_path / "kept.yaml"
    kept.write_text(FLOP.read_text())
    assert main(["expect", "write", "wsop-live@2024", str(fresh), str(kept)]) == 1
    line = FLOP.read_text().splitlines().index(LIVE.rstrip("\n")) + 1
    assert capsys.readouterr().err.splitlines() == [
        f"{kept}:{line}: expect already has an entry for wsop-live@2024 (leave it, or "
        "remove it to have it written again)"]
    assert fresh.read_bytes() == before and kept.read_text() == FLOP.read_text()


def test_an_expect_on_one_line_a_link_an_unknown_book_and_a_bad_file_are_problems(
        tmp_path, capsys):
    text = FLOP.read_text()
    flow = tmp_path / "flow.yaml"
    flow.write_text(text[:text.index("expect:")] + "expect: {}\n")
    link = tmp_path / "link.yaml"
    os.symlink(FLOP, link)
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: x\n")
    assert main(["expect", "write", "wsop-live@2024", str(flow), str(link), str(bad)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[0] == (f"{flow}:{text[:text.index('expect:')].count(chr(10)) + 1}: expect is "
                      "not written one rulebook a line (write each entry on its own line "
                      "under expect:, then run again)")
    assert err[1] == f"{link}:1: is a link (name the scenario file it points to)"
    assert err[2].startswith(f"{bad}:1: ") and len(err) > 3
    assert flow.read_text().endswith("expect: {}\n") and link.is_symlink()
    path, _ = _without_live(tmp_path)
    assert main(["expect", "write", "tda@2019", str(path)]) == 1
    assert "unknown rulebook 'tda@2019' (did you mean 'tda@2026'?)" in capsys.readouterr().err


def test_pytest_marks_and_counts_the_unread_entries(tmp_path):
    path, _ = _without_live(tmp_path)
    read = re.sub(r"read: engine|read: text, why: .*(?=}$)", 'read: text, why: "read"',
                  path.read_text(), flags=re.M)    # the other five entries were read
    path.write_text(read)
    assert main(["expect", "write", "wsop-live@2024", str(path)]) == 0
    root = project(tmp_path, "floorbook_scenarios = scenarios\n",
                   **{"scenarios__flop.yaml": path.read_text()})
    result = pytest_in(root, "-m", "unread", "--strict-markers")
    assert result.returncode == 0, result.stdout
    assert "1 passed, 5 deselected" in result.stdout
    assert ("floorbook: 1 expectation(s) written by the engine, not yet read against the "
            "book's text (read: engine; pytest -m unread selects them)") in result.stdout


def test_an_expect_that_a_line_cannot_be_added_to_is_refused_by_reading_it_back(tmp_path,
                                                                              capsys):
    """A flow mapping over several lines: the line inserted after its last entry would
    break the file, so reading the new text back refuses it and nothing is written."""
    text = FLOP.read_text()
    flow = text[:text.index("expect:")] + ('expect: {\n  "rrop@v11": {remedy: continue},\n'
                                           '  "tda@2024": {remedy: continue}}\n')
    path = tmp_path / "flow.yaml"
    path.write_text(flow)
    assert main(["expect", "write", "wsop-live@2024", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{path}:") and "(the entry written would break the file: add it " \
        "by hand)" in err
    assert path.read_text() == flow


def test_a_new_books_entries_are_written_from_a_data_folder(tmp_path, capsys):
    """The Club's book of tests/test_books_as_data.py, added from data alone: its entry
    written from the engine's ruling cites its own rule 7, and the folder's expectations
    hold with it."""
    from test_books_as_data import _club_folder
    data = _club_folder(tmp_path)
    path = data / "scenarios" / "four-card-flop.yaml"
    text = path.read_text()
    club = text[text.index('  "club@2026"'):]
    path.write_text(text.replace(club, ""))
    assert main(["expect", "write", "club@2026", str(path), "--data", str(data)]) == 0
    assert path.read_text() == text.replace(club, (
        '  "club@2026": {remedy: "continue", random: true, citations: [{source: "club", '
        'edition: "2026", number: "7"}], read: "engine"}\n'))
    assert capsys.readouterr().out == (f"wrote {path}: expect club@2026: continue (read: "
                                       "engine)\n")
    assert Expectations(data).check_scenario(load_scenario(path)) == []
