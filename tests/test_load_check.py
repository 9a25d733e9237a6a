"""The loader and the checks: the small test knowledge base, and one bad file per error.

Each file in tests/data/bad/*.yaml replaces (or adds) one file of a copy of
tests/data/kb-small: ``# target:`` names it, ``# expect:`` is one problem, word for word,
that loading and checking the copy must report."""

import shutil
from pathlib import Path

import pytest

from kb.cli import main
from kb.knowledge.checks import check_knowledge_base
from kb.knowledge.load import LoadError, load_knowledge_base

DATA = Path(__file__).parent / "data"
SMALL = DATA / "kb-small"
BAD = sorted((DATA / "bad").glob("*.yaml"))


def _header(path: Path, name: str) -> str:
    # bytes: some bad files are not UTF-8 or hold a NUL past their header
    for line in path.read_bytes().decode("utf-8", "replace").splitlines():
        if line.startswith(f"# {name}: "):
            return line.split(": ", 1)[1]
    raise AssertionError(f"{path} has no '# {name}:' header")


def _problems(root: Path) -> list[str]:
    try:
        kb = load_knowledge_base(root)
    except LoadError as error:
        return [str(p) for p in error.problems]
    return [str(p) for p in check_knowledge_base(kb)]


def test_small_knowledge_base_loads_with_its_numbers_and_relations():
    kb = load_knowledge_base(SMALL)
    flop = kb.provision("tda.four-card-flop")
    assert flop.number_in("tda@2024").number == "39-A"
    assert flop.number_in("tda@2026").number == "41-A"
    assert flop.number_in("tda@2026").confidence == "unconfirmed"
    assert flop.relations[0].kind == "differs-from"
    assert flop.relations[0].location.line == 15
    assert flop.games == ("flop-games",) and flop.settings == ("tournament",)
    assert kb.provision("rrop.misdeals.boxed-cards").settings == ("cash", "tournament")
    assert _problems(SMALL) == []


@pytest.mark.parametrize("bad", BAD, ids=[p.stem for p in BAD])
def test_each_bad_file_gives_its_message_with_file_and_line(bad, tmp_path):
    root = tmp_path / "kb"
    shutil.copytree(SMALL, root)
    shutil.copy(bad, root / _header(bad, "target"))
    expected = _header(bad, "expect")
    problems = _problems(root)
    assert expected in problems


def test_check_command_prints_file_line_message_and_exits_1(tmp_path, capsys):
    root = tmp_path / "kb"
    shutil.copytree(SMALL, root)
    shutil.copy(DATA / "bad" / "dangling-relation.yaml", root / "provisions" / "extra.yaml")
    assert main(["check", "--data", str(root)]) == 1
    err = capsys.readouterr().err
    assert (f"{root}/provisions/extra.yaml:13: tda.new: cites points to unknown provision "
            "'tda.no-such-rule' (fix the target or add the provision)") in err.splitlines()
    assert "Traceback" not in err


def test_check_command_exits_0_on_a_clean_knowledge_base(capsys):
    assert main(["check", "--data", str(SMALL)]) == 0
    assert "no problems" in capsys.readouterr().out
