"""`floorbook log export`: a decision log and the book's rulings in SQLite
(kb.decisions.export).  The rows are the sample log's; the output path is guarded (a link,
a folder, the log's own folder), and a refused or failed export writes nothing."""

import os
import re
import shutil
import sqlite3
from pathlib import Path

import pytest

from kb import DATA
from kb.cli import main
from kb.decisions.export import (
    SCHEMA,
    ExportError,
    database,
    output_refusal,
    write_database,
)
from kb.decisions.model import CheckedDecision, Decision, LogReport
from kb.rules.examples import ruling


class Hand:
    id, title = "boxed-two", "Two cards boxed in the deal"


def report(note: str = "") -> LogReport:
    """One made-up entry: the floor let play go on where Robert's Rules rule a misdeal."""
    book = ruling("boxed-two-cards-during-deal")
    entry = Decision("log/a.yaml", 1, "2026-03-14", "12", "Sam R.", "rrop@v11", Hand(),
                     ("continue",), said="Play on", note=note)
    checked = CheckedDecision(entry, book, False, ("holdem", "boxed", "deal"), "rrop@v11",
                              ("misdeal",), ("Misdeals 2(c)",), "Misdeal: reshuffle and redeal")
    return LogReport((checked,), ((checked.situation, (checked,)),))


def rows(path: Path, query: str) -> list[tuple]:
    with sqlite3.connect(path) as db:
        return db.execute(query).fetchall()


def test_the_tables_hold_the_decision_the_ruling_and_its_citations(tmp_path):
    out = tmp_path / "log.sqlite"
    write_database(out, database(report("<b>late</b>"), Path("log")), tmp_path / "log")
    assert rows(out, "SELECT file, date, table_name, floor, remedy, said, note, agrees "
                     "FROM decisions") == [("a.yaml", "2026-03-14", "12", "Sam R.", "continue",
                                            "Play on", "<b>late</b>", 0)]
    assert rows(out, "SELECT rulebook, remedy, answer, topic FROM rulings") == [
        ("rrop@v11", "misdeal", "Misdeal: reshuffle and redeal", "boxed-cards")]
    assert rows(out, "SELECT position, provision, number, edition FROM citations") == [
        (1, "rrop.misdeals.boxed-cards", "Misdeals 2(c)", "rrop@v11")]
    assert rows(out, "SELECT rulebook, game, irregularity, timing, inconsistent "
                     "FROM situations") == [("rrop@v11", "holdem", "boxed", "deal", 1)]
    assert rows(out, "SELECT floor, floor_remedy, book_remedy FROM departures") == [
        ("Sam R.", "continue", "misdeal")]
    assert rows(out, "PRAGMA foreign_key_check") == []


def test_the_indexes_serve_floor_situation_and_departures(tmp_path):
    out = tmp_path / "log.sqlite"
    write_database(out, database(report(), Path("log")), tmp_path / "log")
    names = {name for (name,) in rows(out, "SELECT name FROM sqlite_master WHERE type = "
                                           "'index' AND name NOT LIKE 'sqlite_%'")}
    assert names == {"decisions_floor", "decisions_situation", "decisions_departures",
                     "decisions_date", "citations_provision"}
    plan = " ".join(str(r) for r in rows(out, "EXPLAIN QUERY PLAN SELECT * FROM decisions "
                                              "WHERE floor = 'Sam R.'"))
    assert "decisions_floor" in plan
    assert "REFERENCES situations" in SCHEMA


def test_an_existing_file_is_replaced_whole(tmp_path):
    out = tmp_path / "log.sqlite"
    out.write_bytes(b"an earlier export")
    write_database(out, database(report(), Path("log")), tmp_path / "log")
    assert rows(out, "SELECT count(*) FROM decisions") == [(1,)]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["log.sqlite"]


@pytest.mark.parametrize("where", ["inside", "itself", "deeper"])
def test_an_output_inside_the_log_folder_is_refused(tmp_path, where):
    log = tmp_path / "log"
    (log / "sub").mkdir(parents=True)
    out = {"inside": log / "out.sqlite", "itself": log,
           "deeper": log / "sub" / "out.sqlite"}[where]
    with pytest.raises(ExportError) as error:
        write_database(out, database(report(), log), log)
    assert "log folder" in str(error.value) or "is a folder" in str(error.value)
    assert not (log / "out.sqlite").exists() and not (log / "sub" / "out.sqlite").exists()


def test_a_path_into_the_log_folder_through_a_linked_parent_is_refused(tmp_path):
    """``out/log.sqlite`` where ``out`` is a link to the log folder: the same folder."""
    log = tmp_path / "log"
    log.mkdir()
    (tmp_path / "out").symlink_to(log)
    assert "inside the log folder" in output_refusal(tmp_path / "out" / "x.sqlite", log)
    with pytest.raises(ExportError):
        write_database(tmp_path / "out" / "x.sqlite", b"", log)
    assert list(log.iterdir()) == []


@pytest.mark.parametrize("target", ["a file", "nothing", "an entry of the log"])
def test_an_output_that_is_a_link_is_refused_not_followed(tmp_path, target):
    log = tmp_path / "log"
    log.mkdir()
    entry = log / "a.yaml"
    entry.write_text("date: 2026-03-14\n")
    aim = {"a file": tmp_path / "other.sqlite", "nothing": tmp_path / "missing",
           "an entry of the log": entry}[target]
    if target == "a file":
        aim.write_bytes(b"kept")
    link = tmp_path / "out.sqlite"
    link.symlink_to(aim)
    with pytest.raises(ExportError, match="symbolic link"):
        write_database(link, database(report(), log), log)
    assert link.is_symlink() and entry.read_text() == "date: 2026-03-14\n"
    assert target != "a file" or aim.read_bytes() == b"kept"


def test_a_device_or_a_folder_is_refused(tmp_path):
    assert "not a regular file" in output_refusal(Path(os.devnull), tmp_path)
    assert "is a folder" in output_refusal(tmp_path, tmp_path / "log")
    assert "is not a folder" in output_refusal(tmp_path / "none" / "x.sqlite", tmp_path / "log")


def test_a_failed_write_leaves_the_earlier_file_and_no_temporary(tmp_path, monkeypatch):
    out = tmp_path / "log.sqlite"
    out.write_bytes(b"earlier")

    def full(*args):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "replace", full)
    with pytest.raises(OSError):
        write_database(out, database(report(), Path("log")), tmp_path / "log")
    assert out.read_bytes() == b"earlier"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["log.sqlite"]


# --------------------------------------------------------------------------- the command

SAMPLE = DATA / "logs" / "sample"


def export(capsys, *args) -> tuple[int, str, str]:
    status = main(["log", "export", *map(str, args)])
    out, err = capsys.readouterr()
    return status, out, err


def test_the_sample_log_exports_its_entries_and_departures(tmp_path, capsys):
    out = tmp_path / "log.sqlite"
    status, said, _ = export(capsys, SAMPLE, "-o", out)
    assert status == 0 and "16 decisions, 3 departing from the book" in said
    assert rows(out, "SELECT count(*) FROM decisions") == [(16,)]
    assert rows(out, "SELECT file, floor, floor_remedy, book_remedy, rulebook FROM departures "
                     "ORDER BY id") == [
        ("2026-03-19-t7-four-card-flop.yaml", "Alex K.", "misdeal", "continue",
         "house.casino@2026"),
        ("2026-03-21-t6-exposed-later-card.yaml", "Jordan P.", "misdeal", "continue",
         "house.casino@2026"),
        ("2026-05-14-t11-exposed-first-card-two-folds.yaml", "Dana L.", "continue", "misdeal",
         "tda@2024")]
    # the situation ruled two ways under one book, with each of its three rulings
    assert rows(out, "SELECT d.floor, d.remedy FROM situations AS s JOIN decisions AS d ON "
                     "d.situation_id = s.id WHERE s.inconsistent = 1 ORDER BY d.date") == [
        ("Sam R.", "continue"), ("Alex K.", "misdeal"), ("Jordan P.", "continue")]
    # the casino's own 13.1 decides; the base's provisions on the topic follow it
    assert rows(out, "SELECT number, edition FROM citations JOIN decisions AS d ON "
                     "d.id = decision_id WHERE d.file LIKE '2026-03-02-%' ORDER BY position") == [
        ("13.1", "house.casino@2026"), ("Hold'em 1", "rrop@v11"), ("Misdeals 2(a)", "rrop@v11"),
        ("Irregularities 13", "rrop@v11")]
    assert rows(out, "SELECT value FROM export WHERE key = 'format_version'") == [("1",)]


def test_the_docs_queries_run_on_the_sample(tmp_path, capsys):
    """The three queries of docs/decision-log-export.md, as printed there."""
    out = tmp_path / "log.sqlite"
    assert export(capsys, SAMPLE, "-o", out)[0] == 0
    text = (Path(__file__).parent.parent / "docs" / "decision-log-export.md").read_text()
    queries = re.findall(r"```sql\n(.*?)```", text, re.DOTALL)
    assert len(queries) == 3
    found = [rows(out, query) for query in queries]
    assert sorted(found[0]) == [("Alex K.", 1), ("Dana L.", 1), ("Jordan P.", 1)]
    assert [row[4] for row in found[1]] == ["Sam R.", "Alex K.", "Jordan P."]
    assert ("house.casino@2026", "13.2", 1) in found[2]


def test_bad_entries_and_a_bad_output_are_every_problem_and_nothing_written(tmp_path,
                                                                            capsys):
    log = tmp_path / "log"
    shutil.copytree(SAMPLE, log)
    first, second = sorted(log.glob("*.yaml"))[:2]
    first.write_text(first.read_text().replace("date: 2026-03-02", "date: 2026-02-30"))
    second.write_text(second.read_text() + "colour: red\n")
    out = log / "log.sqlite"
    status, _, err = export(capsys, log, "-o", out)
    assert status == 1
    assert f"{out}:1: is inside the log folder" in err
    assert f"{first}:" in err and f"{second}:" in err and "Traceback" not in err
    assert not out.exists()
    status, _, err = export(capsys, log, "-o", tmp_path / "log.sqlite")
    assert status == 1 and not (tmp_path / "log.sqlite").exists()


def test_a_link_as_output_is_refused_before_the_log_is_written_to(tmp_path, capsys):
    entry = sorted(SAMPLE.glob("*.yaml"))[0]
    log = tmp_path / "log"
    shutil.copytree(SAMPLE, log)
    link = tmp_path / "out.sqlite"
    link.symlink_to(log / entry.name)
    status, _, err = export(capsys, log, "-o", link)
    assert status == 1 and "symbolic link" in err
    assert (log / entry.name).read_text() == entry.read_text()


def test_rulebook_rules_every_entry_under_one_book(tmp_path, capsys):
    out = tmp_path / "log.sqlite"
    assert export(capsys, SAMPLE, "-o", out, "--rulebook", "tda@2024")[0] == 0
    assert rows(out, "SELECT DISTINCT rulebook FROM rulings") == [("tda@2024",)]
    # the entry's own rulebook in force is kept beside the book it was ruled under
    assert rows(out, "SELECT DISTINCT rulebook FROM decisions ORDER BY 1") == [
        ("house.casino@2026",), ("tda@2024",)]


def test_an_unknown_rulebook_is_a_usage_error_and_nothing_written(tmp_path, capsys):
    out = tmp_path / "log.sqlite"
    status, _, err = export(capsys, SAMPLE, "-o", out, "--rulebook", "tda@1999")
    assert status == 2 and "tda@1999" in err and not out.exists()
