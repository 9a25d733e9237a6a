"""`floorbook rulebook check` on bad house rulebook files: one file per error under
tests/data/bad/house, each starting with ``# expect: <file>:<line>: <message>``."""

from pathlib import Path

import pytest

from kb.cli import main
from kb.house.compose import RULEBOOKS

BAD = Path(__file__).parent / "data" / "bad" / "house"
FILES = sorted(BAD.glob("*.yaml"))


def expected(path: Path) -> str:
    """The header's message with the file name replaced by the path the CLI is given."""
    header = path.read_text(encoding="utf-8").splitlines()[0]
    assert header.startswith("# expect: "), f"{path.name}: no '# expect:' header"
    text = header.removeprefix("# expect: ")
    assert text.startswith(path.name + ":")
    return str(path) + text.removeprefix(path.name)


def test_every_error_has_a_bad_file():
    names = {p.stem for p in FILES}
    assert names == {"unknown-id", "unknown-topic", "gap", "conflict", "override-cycle",
                     "stale-override", "malformed-yaml", "unknown-field", "bad-id",
                     "unknown-param", "topic-adopted-twice"}


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_rulebook_check_reports_bad_house_file(path, capsys):
    assert main(["rulebook", "check", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.splitlines() == [expected(path)]


def test_conflict_names_the_scenario_that_shows_it():
    assert "scenario 'case-c01-exposed-card-self-dealt'" in expected(BAD / "conflict.yaml")


def test_stale_override_tda_2024_35_a_7_is_2026_37_a_7():
    message = expected(BAD / "stale-override.yaml")
    assert "(35-A-7)" in message and "numbers it 37-A-7" in message


def test_oversized_house_file_is_refused(tmp_path, capsys):
    big = tmp_path / "big.yaml"
    big.write_text("id: house.big@1\ntitle: Big\nbase: \"tda@2024\"\n# "
                   + "x" * 2_100_000 + "\n", encoding="utf-8")
    assert main(["rulebook", "check", str(big)]) == 1
    assert capsys.readouterr().err.strip() == (
        f"{big}:1: the file is larger than 2,000,000 bytes (check that this is the right "
        "file; floorbook files are far smaller)")


@pytest.mark.parametrize("name", ["casino.yaml", "home-game.yaml"])
def test_example_rulebooks_check_clean(name, capsys):
    assert main(["rulebook", "check", str(RULEBOOKS / name)]) == 0
    assert capsys.readouterr().out.strip().endswith("no problems")
