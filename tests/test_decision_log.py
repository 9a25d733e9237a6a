"""The decision log (docs/decision-log.md): the sample log's departures and its situation
ruled two ways, read from the rule texts (each entry's note names the rule); the reader's
every problem at once, located in the log's files; hostile folders and files refused at
their names, within bounds (counts asserted, never times); `floorbook log check`'s exit
statuses and its JSON against its schema."""

from __future__ import annotations

import json
import os
import tracemalloc
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from kb import DATA
from kb.cli import main
from kb.decisions import reader
from kb.decisions.check import check_log
from kb.decisions.reader import read_log
from kb.files import InputError
from kb.house.compose import house_rulebooks

SAMPLE = DATA / "logs" / "sample"
SCHEMA = Path(__file__).resolve().parent.parent / "kb" / "schemas" / "log-report.schema.json"

ENTRY = """\
date: 2026-03-02
table: 4
floor: Sam R.
rulebook: "tda@2024"
hand:
  id: exposed-first-card
  title: First card exposed
  game: holdem
  seats: 6
  button: 6
  events:
    - deal: {exposed: [1]}
ruling:
  remedy: misdeal
"""


@pytest.fixture(scope="module")
def report(kb):
    return check_log(kb, read_log(SAMPLE), houses=lambda: house_rulebooks(kb))


@pytest.fixture(scope="module")
def kb():
    from kb.knowledge.load import load_knowledge_base
    return load_knowledge_base()


def _log(tmp_path: Path, **files: str) -> Path:
    folder = tmp_path / "log"
    folder.mkdir(exist_ok=True)
    for name, text in files.items():
        (folder / f"{name}.yaml").write_text(text, encoding="utf-8")
    return folder


def _problems(folder: Path, rulebooks=None) -> list[str]:
    with pytest.raises(InputError) as error:
        read_log(folder, rulebooks)
    return [str(p).replace(str(folder) + "/", "") for p in error.value.problems]


# --------------------------------------------------------------------------- the sample log


def test_the_sample_log_departs_where_the_rule_texts_say(report):
    departed = {Path(e.decision.file).name: (e.decision.remedies, e.book_remedies, e.rulebook)
                for e in report.departures}
    assert departed == {
        # casino 13.5 with 13.8: the flop alone is dealt again
        "2026-03-19-t7-four-card-flop.yaml": (("misdeal",), ("continue",), "house.casino@2026"),
        # casino 13.2: one later exposed hole card becomes the burn and is replaced
        "2026-03-21-t6-exposed-later-card.yaml": (("misdeal",), ("continue",),
                                                  "house.casino@2026"),
        # TDA 35-A-7 with 36: two folds are not substantial action, so still a misdeal
        "2026-05-14-t11-exposed-first-card-two-folds.yaml": (("continue",), ("misdeal",),
                                                             "tda@2024"),
    }
    assert len(report.entries) == 16


def test_the_book_cites_the_rule_each_departure_note_names(report):
    cited = {Path(e.decision.file).name: e.citations for e in report.departures}
    assert cited["2026-03-19-t7-four-card-flop.yaml"] == ("13.5 (house.casino@2026)",
                                                         "13.8 (house.casino@2026)")
    assert cited["2026-03-21-t6-exposed-later-card.yaml"][0] == "13.2 (house.casino@2026)"
    assert cited["2026-05-14-t11-exposed-first-card-two-folds.yaml"] == ("35-A-7 (tda@2024)",)


def test_one_situation_is_ruled_two_ways_by_two_floor_people(report):
    assert [(situation, [(e.decision.floor, e.decision.remedy) for e in entries])
            for situation, entries in report.inconsistent] == [
        (("holdem", "four-card-flop", "flop, no action"),
         [("Sam R.", "continue"), ("Alex K.", "misdeal"), ("Jordan P.", "continue")])]


def test_a_book_that_leaves_the_call_to_the_floor_is_not_departed_from(report):
    boxed = next(e for e in report.entries if e.decision.file.endswith("t12-boxed-card.yaml"))
    assert (boxed.book_remedies, boxed.decision.remedies, boxed.agrees) == (
        ("floor-decision",), ("continue",), True)


def test_one_boxed_card_and_two_are_different_situations(report):
    situations = {Path(e.decision.file).name: e.situation for e in report.entries}
    assert situations["2026-05-24-t12-boxed-card.yaml"] == ("holdem", "boxed-cards",
                                                          "deal, no action")
    assert situations["2026-05-20-t15-two-boxed-cards.yaml"] == ("holdem", "boxed-cards x2",
                                                               "deal, no action")
    assert situations["2026-05-14-t11-exposed-first-card-two-folds.yaml"][2] == "deal, action"


def test_checked_against_one_book_the_casino_calls_depart_from_the_tda(kb):
    from kb.rules.books import resolve_rulebook
    found = check_log(kb, read_log(SAMPLE), resolve_rulebook(kb, "tda@2024"))
    assert found.rulebook == "tda@2024"
    # TDA 35-A-5: one extra card to a player is a misdeal (casino 13.3 burns it)
    extra = next(e for e in found.entries if e.decision.file.endswith("extra-card.yaml"))
    assert (extra.book_remedies, extra.agrees) == (("misdeal",), False)


# --------------------------------------------------------------------------- the command


def test_log_check_prints_departures_and_the_situation_and_exits_0(capsys):
    assert main(["log", "check", str(SAMPLE)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == (f"{SAMPLE}: 16 entries checked: 3 ruled otherwise than "
                                   "the book; 1 situation ruled two ways")
    assert "    book:  misdeal (tda@2024): Misdeal: reshuffle and redeal; cites 35-A-7 " \
           "(tda@2024)" in out
    assert "  holdem, four-card-flop, flop, no action, under house.casino@2026:" in out


def test_log_check_strict_exits_3_on_a_departure(tmp_path, capsys):
    assert main(["log", "check", str(SAMPLE), "--strict"]) == 3
    agreeing = _log(tmp_path, a=ENTRY)
    assert main(["log", "check", str(agreeing), "--strict"]) == 0


def test_log_check_json_follows_its_schema(capsys):
    assert main(["log", "check", str(SAMPLE), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    assert list(Draft202012Validator(schema).iter_errors(data)) == []
    assert (data["format_version"], data["departures"], len(data["entries"]),
            len(data["inconsistent"])) == (1, 3, 16, 1)


def test_an_unknown_rulebook_option_exits_2(capsys):
    assert main(["log", "check", str(SAMPLE), "--rulebook", "tda@2204"]) == 2
    assert capsys.readouterr().err == ("floorbook log: unknown rulebook 'tda@2204' (did you "
                                       "mean 'tda@2024'?)\n")


def test_schema_decision_is_served():
    assert main(["schema", "decision"]) == 0


# --------------------------------------------------------------------------- every problem


def test_every_problem_of_every_file_at_once(tmp_path, capsys):
    folder = _log(
        tmp_path,
        a=ENTRY.replace("remedy: misdeal", "remedy: misdeel"),
        b=ENTRY.replace("date: 2026-03-02", "date: 2026-02-30")
               .replace('"tda@2024"', '"tda@2204"'),
        c="date: [\n",
        d=ENTRY.replace("    - deal: {exposed: [1]}", "    - deal: {exposed: [1]}\n"
                        "    - flop: {cards: 9}"),
        e=ENTRY.replace("  game: holdem\n", "  game: chess\n").replace("floor: Sam R.\n", ""))
    assert main(["log", "check", str(folder)]) == 1
    err = capsys.readouterr().err.replace(str(folder) + "/", "")
    assert err.splitlines() == [
        "a.yaml:14: ruling.remedy is 'misdeel' (did you mean 'misdeal'?)",
        "b.yaml:1: 2026-02-30 is not a day of the calendar (write the date as YYYY-MM-DD, "
        "e.g. 2026-03-14)",
        "b.yaml:4: unknown rulebook 'tda@2204' (did you mean 'tda@2024'?)",
        "c.yaml:2: not valid YAML: expected the node content, but "
        "found '<stream end>' (fix the YAML syntax)",
        "d.yaml:13: events.flop.cards is 9 (use a number from 1 to 5)",
        "e.yaml:1: the file has no 'floor' (add it)",
        "e.yaml:7: game is 'chess' (use one of: holdem, omaha, omaha-hi-lo, pot-limit-omaha, "
        "stud, razz, stud-high-low, draw-high, lowball-a5, lowball-27, badugi)",
    ]


def test_a_hand_that_does_not_replay_is_located_in_the_log_file(tmp_path, kb):
    folder = _log(tmp_path, a=ENTRY.replace("    - deal: {exposed: [1]}",
                                            "    - deal: {exposed: [30]}"),
                  b=ENTRY.replace("    - deal: {exposed: [1]}",
                                  "    - deal: {}\n    - flop: {}\n    - flop: {}"))
    with pytest.raises(InputError) as error:
        check_log(kb, read_log(folder))
    where = [(Path(p.file).name, p.line) for p in error.value.problems]
    assert where == [("a.yaml", 12), ("b.yaml", 14)]


def test_remedies_must_match_the_floor_calls(tmp_path, kb):
    two_calls = ENTRY.replace("  button: 6\n", "  button: 6\n  deck: Ah 8s 4d As 7h 5s 3d 9c Jh Kd 6d 2h Tc 2d 9s Kh Qc 5c\n").replace(
        "    - deal: {exposed: [1]}", "    - deal: {}\n    - act: [call, call, call, call, call, check]\n"
        "    - flop: {cards: 4}\n    - floor: {}\n    - act: [check, check, check, check, check, check]\n    - turn: {}")
    folder = _log(tmp_path, a=two_calls)
    with pytest.raises(InputError) as error:
        check_log(kb, read_log(folder))
    assert [str(p).split(": ", 1)[1] for p in error.value.problems] == [
        "the hand has 2 floor calls but the ruling gives 1 remedy (write remedies: [..], one "
        "per floor call, in order)"]
    fixed = _log(tmp_path, a=two_calls.replace("  remedy: misdeal",
                                               "  remedies: [misdeal, continue]"))
    entry = check_log(kb, read_log(fixed)).entries[0]
    # the four-card flop is redealt (TDA 39-A), then the turn is dealt: two calls, neither
    # a misdeal, so the floor's first call departs
    assert (entry.decision.remedies, entry.book_remedies, entry.agrees) == (
        ("misdeal", "continue"), ("continue", "continue"), False)


def test_a_logged_hand_has_no_expect_and_one_remedy_field(tmp_path):
    folder = _log(tmp_path, a=ENTRY.replace("  button: 6\n", "  button: 6\n  expect: {}\n")
                  .replace("  remedy: misdeal", "  remedy: misdeal\n  remedies: [misdeal]"))
    assert _problems(folder) == [
        "a.yaml:11: a logged hand has no expect (remove it: the check works out the book's "
        "ruling; write the floor's under ruling:)",
        "a.yaml:15: the ruling has both remedy and remedies (write remedy: WORD for one floor "
        "call, or remedies: [WORD, ...] for a hand of several, one per call)"]


# --------------------------------------------------------------------------- hostile input


def test_links_fifos_folders_and_huge_files_are_refused_at_their_names(tmp_path):
    folder = _log(tmp_path, good=ENTRY)
    (folder / "link.yaml").symlink_to("/dev/zero")
    (folder / "inside.yaml").symlink_to(folder / "good.yaml")
    os.mkfifo(folder / "fifo.yaml")
    (folder / "folder.yaml").mkdir()
    (folder / "sub").mkdir()
    (folder / "sub" / "below.yaml").write_text("not: read\n", encoding="utf-8")
    (folder / "notes.txt").write_text("not read\n", encoding="utf-8")
    with open(folder / "huge.yaml", "wb") as huge:       # sparse: 1 GB that reads as zeros
        huge.truncate(1_000_000_000)
    assert _problems(folder) == [
        "fifo.yaml:1: this is a FIFO, not a file (give a YAML file)",
        "folder.yaml:1: this is a folder, not a file (give a YAML file)",
        f"huge.yaml:1: the file is larger than {reader.MAX_ENTRY_BYTES:,} bytes (check that "
        "this is the right file; floorbook files are far smaller)",
        "inside.yaml:1: this is a symbolic link, and a decision log is read without following "
        "links (copy the file into the folder instead)",
        "link.yaml:1: this is a symbolic link, and a decision log is read without following "
        "links (copy the file into the folder instead)",
    ]


def test_a_missing_folder_or_a_file_is_one_problem(tmp_path):
    assert _problems(tmp_path / "nowhere") == [
        f"{tmp_path}/nowhere:1: no such folder (give the folder of the log's YAML files)"]
    (tmp_path / "one.yaml").write_text(ENTRY, encoding="utf-8")
    assert _problems(tmp_path / "one.yaml") == [
        f"{tmp_path}/one.yaml:1: this is not a folder (give the folder of the log's YAML "
        "files, one file per call)"]


def test_a_folder_of_5000_tiny_files_reads_each_once_within_bounded_memory(tmp_path):
    folder = _log(tmp_path, **{f"e{n:04}": "" for n in range(5000)})
    tracemalloc.start()
    try:
        problems = _problems(folder)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(problems) == 5000
    assert problems[0] == "e0000.yaml:1: the file is empty (write one floor call: see " \
                          "docs/decision-log.md)"
    assert peak < 50_000_000


def test_past_the_bound_on_files_nothing_is_read(tmp_path, monkeypatch):
    folder = _log(tmp_path, **{f"e{n:04}": ENTRY for n in range(30)})
    monkeypatch.setattr(reader, "MAX_FILES", 20)
    assert _problems(folder) == [
        f"{folder}:1: the folder holds more than 20 YAML files or 100,000 entries (split the "
        "log into folders, by year)"]


def test_past_the_bound_on_characters_reading_stops(tmp_path, monkeypatch):
    folder = _log(tmp_path, **{f"e{n:02}": ENTRY for n in range(10)})
    monkeypatch.setattr(reader, "MAX_LOG_CHARS", 3 * len(ENTRY))
    assert _problems(folder) == [
        f"e03.yaml:1: the log holds more than {3 * len(ENTRY):,} characters: reading stopped "
        "here (split the log into folders, by year)"]


def test_a_billion_laughs_and_a_tag_are_refused(tmp_path):
    folder = _log(tmp_path, a="a: &a [x, x]\nb: &b [*a, *a]\nc: [*b, *b]\n",
                  b="date: !!python/object:os.system echo\n")
    problems = _problems(folder)
    assert [p.split(":")[0] for p in problems] == ["a.yaml", "b.yaml"]
    assert "aliases" in problems[0] and "tag" in problems[1]


def test_the_schemas_remedy_words_are_the_rulings():
    from kb.rules.outcomes import Remedy
    schema = json.loads((SCHEMA.parent / "decision.schema.json").read_text(encoding="utf-8"))
    report = json.loads(SCHEMA.read_text(encoding="utf-8"))
    words = [r.value for r in Remedy]
    Draft202012Validator.check_schema(schema)
    Draft202012Validator.check_schema(report)
    assert schema["$defs"]["remedy"]["enum"] == words
    assert report["$defs"]["remedies"]["items"]["enum"] == words


def test_a_hand_dealt_again_after_a_misdeal_is_one_entry_of_two_calls(tmp_path, kb):
    # TDA 2024 35-A-7: the first card exposed is a misdeal; on the new deal one card that
    # is not among the first two is not, and the TDA gives no replacement: play on
    folder = _log(tmp_path, a=ENTRY.replace("  seats: 6\n  button: 6\n",
                                            "  seats: 5\n  button: 5\n")
                  .replace("    - deal: {exposed: [1]}",
                           "    - deal: {exposed: [1]}\n    - floor: {}\n"
                           "    - deal: {exposed: [8]}")
                  .replace("  remedy: misdeal", "  remedies: [misdeal, misdeal]"))
    entry = check_log(kb, read_log(folder)).entries[0]
    assert (entry.book_remedies, entry.agrees, entry.situation) == (
        ("misdeal", "continue"), False, ("holdem", "exposed-first-two-cards", "deal, no action"))


def test_an_unknown_rulebook_in_an_entry_is_located_when_the_reader_was_not_told_the_ids(
        tmp_path, kb):
    folder = _log(tmp_path, a=ENTRY.replace('"tda@2024"', '"tda@2204"'))
    with pytest.raises(InputError) as error:
        check_log(kb, read_log(folder))
    assert [str(p).replace(str(folder) + "/", "") for p in error.value.problems] == [
        "a.yaml:4: unknown rulebook 'tda@2204' (did you mean 'tda@2024'?)"]


def test_check_log_takes_a_rulebook_id_and_refuses_an_unknown_one(kb):
    from kb.rules.rulebook import RulebookError
    assert check_log(kb, read_log(SAMPLE), "rrop@v11").rulebook == "rrop@v11"
    with pytest.raises(RulebookError, match="did you mean 'rrop@v11'"):
        check_log(kb, read_log(SAMPLE), "rrop@v1")


def test_exactly_as_many_files_as_the_bound_are_read(tmp_path, monkeypatch):
    folder = _log(tmp_path, **{f"e{n:02}": ENTRY for n in range(5)})
    (folder / "notes.txt").write_text("x", encoding="utf-8")
    monkeypatch.setattr(reader, "MAX_FILES", 5)
    assert len(read_log(folder)) == 5


def test_a_broken_house_book_of_the_data_folder_is_a_problem(tmp_path, capsys):
    import shutil
    data = tmp_path / "data"
    shutil.copytree(DATA, data)
    (data / "rulebooks" / "broken.yaml").write_text("id: house.broken@2026\n",
                                                      encoding="utf-8")
    assert main(["log", "check", str(SAMPLE), "--data", str(data)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{data}/rulebooks/broken.yaml:1: ")
    assert "'title'" in err
