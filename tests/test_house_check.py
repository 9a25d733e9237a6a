"""`floorbook rulebook check` on bad house rulebook files: one file per error under
tests/data/bad/house, each starting with one ``# expect: <file>:<line>: <message> (<what
to do>)`` line per problem the check must print, in order (a file with several problems
has several lines)."""

import subprocess
import sys
import time
from functools import cache
from pathlib import Path

import pytest

from kb.cli import main
from kb.house.compose import RULEBOOKS
from kb.knowledge import load

BAD = Path(__file__).parent / "data" / "bad" / "house"
FILES = sorted(BAD.glob("*.yaml"))
HEADER = b"# expect: "
_LOADED = cache(load.load_knowledge_base)


@pytest.fixture(autouse=True)
def one_knowledge_base(monkeypatch):
    """The CLI loads the knowledge base for each command; these tests load it once."""
    monkeypatch.setattr(load, "load_knowledge_base", _LOADED)


def expected(path: Path) -> list[str]:
    """The header's lines with the file name replaced by the path the CLI is given (the
    header is read as bytes: some files are deliberately not UTF-8 after it)."""
    lines = []
    for raw in path.read_bytes().split(b"\n"):
        if not raw.startswith(HEADER):
            break
        text = raw.removeprefix(HEADER).decode("utf-8")
        assert text.startswith(path.name + ":"), f"{path.name}: header names another file"
        lines.append(str(path) + text.removeprefix(path.name))
    assert lines, f"{path.name}: no '# expect:' header"
    return lines


def test_the_corpus_has_a_bad_file_for_every_error():
    names = {p.stem for p in FILES}
    assert len(names) >= 30
    assert {"unknown-field", "unknown-top-field", "missing-base", "missing-id",
            "missing-title", "bad-id", "id-with-dot-dot", "add-id-with-slash", "unknown-base",
            "unknown-id", "adopt-provision-twice", "topic-adopted-twice", "duplicate-add-id",
            "conflict", "add-overrides-unknown", "override-cycle", "param-out-of-range",
            "param-negative-count", "param-wrong-type", "true-as-number", "omit-unknown",
            "omit-twice", "yaml-alias", "yaml-tag", "not-utf8", "empty", "top-level-list",
            "several-problems"} <= names


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_rulebook_check_reports_bad_house_file(path, capsys):
    assert main(["rulebook", "check", str(path)]) == 1
    out, err = capsys.readouterr()
    assert err.splitlines() == expected(path)
    assert out == "" and "Traceback" not in err


def test_several_problems_are_all_reported_in_one_run_sorted_by_line():
    lines = expected(BAD / "several-problems.yaml")
    assert len(lines) == 6
    numbers = [int(line.split(":")[1]) for line in lines]
    assert numbers == sorted(numbers)
    assert any("unknown field 'colour'" in x for x in lines)          # schema
    assert any("unknown provision 'rrop.holdem.five-card-flop'" in x for x in lines)
    assert any("omitted twice" in x for x in lines)                    # across entries
    assert any("override cycle" in x for x in lines)                   # composition


def test_conflict_names_the_scenario_that_shows_it():
    assert "scenario 'case-c01-exposed-card-self-dealt'" in expected(BAD / "conflict.yaml")[0]


def test_stale_override_tda_2024_35_a_7_is_2026_37_a_7():
    message = expected(BAD / "stale-override.yaml")[0]
    assert "(35-A-7)" in message and "numbers it 37-A-6" in message


def test_oversized_house_file_is_refused(tmp_path, capsys):
    big = tmp_path / "big.yaml"
    big.write_text("id: house.big@1\ntitle: Big\nbase: \"tda@2024\"\n# "
                   + "x" * 300_000 + "\n", encoding="utf-8")
    assert main(["rulebook", "check", str(big)]) == 1
    assert capsys.readouterr().err.strip() == (
        f"{big}:1: the file is larger than 256,000 bytes (check that this is the right "
        "file; floorbook files are far smaller)")


@pytest.mark.parametrize("name", ["casino.yaml", "home-game.yaml"])
def test_example_rulebooks_check_clean(name, capsys):
    assert main(["rulebook", "check", str(RULEBOOKS / name)]) == 0
    assert capsys.readouterr().out.strip().endswith("no problems")


# --------------------------------------------------------------------------- generated


def _adds(n: int, overrides_each_other: bool = True, topics: str = "deck-changes",
          rules_as=()) -> str:
    """A house file adding ``n`` provisions on ``topics``; each overrides all the others
    (or none), and the i-th rules as ``rules_as[i]`` if given."""
    ids = [f"house.bad.rule-{i:02}" for i in range(n)]
    body = "".join(
        f"  - id: {pid}\n    number: \"{i}\"\n    title: Rule {i}\n"
        f"    topics: [{topics}]\n    text: Rule {i}.\n"
        f"    overrides: [{', '.join(o for o in ids if o != pid and overrides_each_other)}]\n"
        + (f"    rules-as: [{rules_as[i]}]\n" if rules_as else "")
        for i, pid in enumerate(ids))
    return f'id: house.bad@1\ntitle: Many rules\nbase: "tda@2024"\nadd:\n{body}'


def _capped_check(path: Path) -> tuple[subprocess.CompletedProcess, float]:
    """`floorbook rulebook check` in a child process capped at 500 MB and 20 s (the caps
    catch a hang or a blow-up; how fast the check runs is a benchmark's business, not a
    test's, since a loaded machine makes a timed test flaky)."""
    def cap():
        import resource
        resource.setrlimit(resource.RLIMIT_AS, (500 * 2**20, 500 * 2**20))
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "kb", "rulebook", "check", str(path)],
                          capture_output=True, text=True, timeout=20, preexec_fn=cap,
                          check=False)
    return done, time.perf_counter() - start


def test_twelve_provisions_overriding_each_other_are_one_cycle_group_within_the_caps(
        tmp_path):
    """12 provisions that all override each other hold billions of simple cycles: the
    check reports the one strongly connected group once, quickly, in little memory."""
    path = tmp_path / "twelve.yaml"
    path.write_text(_adds(12), encoding="utf-8")
    assert len(path.read_bytes()) < 6_000
    done, _ = _capped_check(path)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"{path}:10: override cycle: house.bad.rule-00 -> ")
    assert "(one of the cycles among 12 added provisions: house.bad.rule-00, " in lines[0]
    assert lines[0].endswith(", ...) (remove one override, so that precedence runs one way)")


def test_two_separate_override_cycles_are_two_lines(tmp_path, capsys):
    text = _adds(0) + "".join(
        f"  - {{id: house.bad.{a}, number: \"1\", title: T, topics: [deck-changes], "
        f"text: t, overrides: [house.bad.{b}]}}\n"
        for a, b in (("a", "b"), ("b", "a"), ("c", "d"), ("d", "c")))
    path = tmp_path / "two.yaml"
    path.write_text(text.replace("add:\n", "add:\n", 1), encoding="utf-8")
    assert main(["rulebook", "check", str(path)]) == 1
    assert capsys.readouterr().err.splitlines() == [
        (f"{path}:5: override cycle: house.bad.a -> house.bad.b -> house.bad.a (remove one "
        "override, so that precedence runs one way)"),
        (f"{path}:7: override cycle: house.bad.c -> house.bad.d -> house.bad.c (remove one "
        "override, so that precedence runs one way)")]


def test_more_added_provisions_than_the_schema_allows_are_refused_at_once(tmp_path, capsys):
    path = tmp_path / "many.yaml"
    path.write_text(_adds(31, overrides_each_other=False), encoding="utf-8")
    assert main(["rulebook", "check", str(path)]) == 1
    assert capsys.readouterr().err.splitlines() == [
        f"{path}:5: add has 31 items (give at most 30)"]


def test_thirty_added_provisions_on_the_busiest_topics_are_checked_for_conflicts_within_the_caps(
        tmp_path):
    """The conflict search rules each added provision alone on every scenario of its
    topics: the schema's bounds (30 added provisions, 5 topics each) keep the worst file
    well inside the limits."""
    busy = ("misdeal-cutoff, exposed-later-hole-card, wrong-count-after-action, "
            "misdeal-causes, exposed-first-two-cards")
    deciders = [p.id for p in load.load_knowledge_base().provisions   # rules-as answers
                if set(p.topics) & set(busy.split(", "))][:30]          # one of the topics
    path = tmp_path / "busy.yaml"
    path.write_text(_adds(30, False, busy, deciders), encoding="utf-8")
    done, _ = _capped_check(path)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert lines and all(line.startswith(f"{path}:") and ": conflict on '" in line
                         for line in lines)
