"""`floorbook log export`: a decision log and the book's rulings in SQLite
(kb.decisions.export).  The rows are the sample log's; the output path is guarded (a link,
a folder, the log's own folder), and a refused or failed export writes nothing."""

import os
import sqlite3
from pathlib import Path

import pytest

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
    assert rows(out, "SELECT game, irregularity, timing, inconsistent FROM situations") == [
        ("holdem", "boxed", "deal", 1)]
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
