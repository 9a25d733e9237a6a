"""The command line's doors: ``python -m kb``, ``floorbook schema``, ``check`` and ``build``
on broken data (located problems, never a traceback, never half a
site), and the all-or-nothing site build of :mod:`kb.handbook.sitebuild.site`."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from kb.cli import SCHEMA_KINDS, main
from kb.handbook.sitebuild.site import SiteError, build_site

PROJECT = Path(__file__).resolve().parent.parent
KB_SMALL = Path(__file__).parent / "data" / "kb-small"
#: The .buildinfo of an earlier site (Sphinx reads its config and tags lines).
EARLIER = "# Sphinx build info version 1\n# an earlier build\nconfig: 0\ntags: 0\n"
NO_DEAL = ("id: no-deal\ntitle: The flop comes before the deal\ngame: holdem\nseats: 2\n"
           "button: 1\nevents:\n  - flop: {}\n")


def floorbook(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(PROJECT), "NO_COLOR": "1"}
    return subprocess.run([sys.executable, "-m", "kb", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)


def _tree(folder: Path) -> dict[str, bytes | None]:
    """Every path under ``folder`` with its bytes (None for a folder)."""
    return {str(p.relative_to(folder)): None if p.is_dir() else p.read_bytes()
            for p in sorted(folder.rglob("*"))}


# --------------------------------------------------------------------------- python -m kb


def test_python_dash_m_kb_help_lists_every_command(tmp_path):
    result = floorbook("--help", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("usage: floorbook [-h] [--version]")
    for command in ("build", "check", "rule", "compare", "schema", "rulebook", "init"):
        assert f"\n    {command} " in result.stdout, command


# --------------------------------------------------------------------------- schema


@pytest.mark.parametrize("kind", SCHEMA_KINDS)
def test_schema_prints_the_absolute_path_of_the_installed_schema(kind, capsys):
    assert main(["schema", kind]) == 0
    printed = capsys.readouterr().out
    assert printed == f"{PROJECT / 'kb' / 'schemas' / f'{kind}.schema.json'}\n"
    assert Path(printed.strip()).is_absolute() and Path(printed.strip()).is_file()


@pytest.mark.parametrize("kind", SCHEMA_KINDS)
def test_schema_show_prints_the_schema_as_json(kind, capsys):
    assert main(["schema", kind, "--show"]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == f"https://floorbook.invalid/schemas/{kind}.schema.json"


def test_schema_of_an_unknown_kind_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["schema", "rulebook"])
    assert exit_.value.code == 2
    assert ("floorbook schema: error: argument KIND: invalid choice: 'rulebook' (choose "
            "from 'scenario', 'house', 'sources', 'provisions', 'topics', 'glossary', "
            "'errata', 'decision', 'diff', 'log-report', 'rebase', 'fairness')") in capsys.readouterr().err


# --------------------------------------------------------------------------- check


def _data_with_scenarios(tmp_path: Path, **scenarios: str) -> Path:
    data = tmp_path / "data"
    shutil.copytree(KB_SMALL, data)
    (data / "scenarios").mkdir()
    for name, text in scenarios.items():
        (data / "scenarios" / f"{name}.yaml").write_text(text, encoding="utf-8")
    return data


def test_check_reports_every_scenario_that_cannot_be_replayed_without_a_traceback(
        tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _data_with_scenarios(tmp_path, **{"a-no-deal": NO_DEAL,
                                      "b-no-deal": NO_DEAL.replace("no-deal", "no-deal-2")})
    assert main(["check", "--data", "data"]) == 1
    assert capsys.readouterr().err.splitlines() == [
        "data/scenarios/a-no-deal.yaml:7: the flop comes before the deal (add - deal: {})",
        "data/scenarios/b-no-deal.yaml:7: the flop comes before the deal (add - deal: {})"]


def test_check_rules_the_scenarios_of_the_data_folder(tmp_path, capsys):
    scenario = (PROJECT / "kb/data/scenarios/four-card-flop.yaml").read_text(encoding="utf-8")
    data = _data_with_scenarios(tmp_path, **{"four-card-flop": scenario})
    assert main(["check", "--data", str(data)]) == 0
    read, engine = scenario.count("read: text,"), scenario.count("read: engine")
    assert read + engine == 6                   # the file's six entries, each marked
    assert capsys.readouterr().out == (
        f"expectations: {read} read from the text, {engine} not yet read (read: engine), "
        f"0 that do not say\n{data}: 4 provisions, 2 topics, 2 terms, 1 errata: no problems\n")


# --------------------------------------------------------------------------- build


def test_build_of_data_that_does_not_load_prints_what_check_prints(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(KB_SMALL, data)
    (data / "topics.yaml").write_text("topics:\n  - id: ../../../etc/evil\n", encoding="utf-8")
    built = floorbook("build", "--data", "data", "-o", "out", cwd=tmp_path)
    checked = floorbook("check", "--data", "data", cwd=tmp_path)
    assert (built.returncode, checked.returncode) == (1, 1)
    assert built.stderr == checked.stderr
    assert built.stderr.startswith("data/topics.yaml:2: ")
    assert "Extension error" not in built.stderr and "Traceback" not in built.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data"]


def test_a_build_that_fails_in_sphinx_leaves_the_earlier_site_as_it_was(tmp_path):
    # the data loads, so Sphinx starts; a scenario that cannot be replayed stops it
    _data_with_scenarios(tmp_path, **{"no-deal": NO_DEAL})
    site = tmp_path / "out"
    site.mkdir()
    (site / ".buildinfo").write_text(EARLIER)
    (site / "index.html").write_text("<p>the earlier site</p>\n")
    before = _tree(tmp_path)
    result = floorbook("build", "--data", "data", "-o", "out", cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    assert result.stderr == ("data/scenarios/no-deal.yaml:7: the flop comes before the deal "
                             "(add - deal: {})\n")
    assert _tree(tmp_path) == before


# --------------------------------------------------------------------------- the site


def _project(tmp_path: Path, page: str) -> Path:
    """A one-page Sphinx project (no floorbook extension): conf.py and docs/index.rst."""
    project = tmp_path / "project"
    (project / "docs").mkdir(parents=True, exist_ok=True)
    (project / "conf.py").write_text("project = 'tiny'\n", encoding="utf-8")
    (project / "docs" / "index.rst").write_text(page, encoding="utf-8")
    return project


def test_build_site_creates_the_output_folder_and_its_parents(tmp_path):
    project = _project(tmp_path, "Tiny\n====\n\nFirst.\n")
    build_site(project / "docs", None, tmp_path / "a" / "b" / "site", conf=project)
    page = (tmp_path / "a" / "b" / "site" / "index.html").read_text(encoding="utf-8")
    assert "First." in page
    # the doctrees stay beside the site, hidden, for the next build
    assert sorted(p.name for p in (tmp_path / "a" / "b").iterdir()) == [".site.doctrees", "site"]


def test_build_site_replaces_an_earlier_site_and_leaves_nothing_beside_it(tmp_path):
    project = _project(tmp_path, "Tiny\n====\n\nFirst.\n")
    build_site(project / "docs", None, tmp_path / "site", conf=project)
    _project(tmp_path, "Tiny\n====\n\nSecond.\n")
    build_site(project / "docs", None, tmp_path / "site", conf=project)
    assert "Second." in (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert sorted(p.name for p in tmp_path.iterdir()) == [".site.doctrees", "project", "site"]


def test_build_site_that_warns_keeps_the_earlier_site(tmp_path, capsys):
    project = _project(tmp_path, "Tiny\n====\n\nFirst.\n")
    build_site(project / "docs", None, tmp_path / "site", conf=project)
    before = _tree(tmp_path / "site")
    _project(tmp_path, "Tiny\n====\n\nSee :doc:`nowhere`.\n")
    with pytest.raises(SiteError) as error:
        build_site(project / "docs", None, tmp_path / "site", conf=project)
    assert error.value.problems == ["floorbook build: Sphinx warned (above); warnings are "
                                    "errors, so the site was not written"]
    assert "unknown document: 'nowhere'" in capsys.readouterr().err
    assert _tree(tmp_path / "site") == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [".site.doctrees", "project", "site"]


def test_build_site_that_fails_removes_the_folders_it_created(tmp_path, capsys):
    project = _project(tmp_path, "See :doc:`nowhere`.\n")
    with pytest.raises(SiteError):
        build_site(project / "docs", None, tmp_path / "a" / "b" / "site", conf=project)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["project"]


def test_build_site_refuses_a_folder_with_files_that_is_not_a_site(tmp_path):
    project = _project(tmp_path, "Tiny\n====\n")
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "todo.txt").write_text("keep me\n")
    with pytest.raises(SiteError) as error:
        build_site(project / "docs", None, tmp_path / "notes", conf=project)
    assert error.value.problems == [f"{tmp_path / 'notes'}: has files in it and is not a "
                                    "built site (no .buildinfo); give a new or empty "
                                    "folder, which the build replaces"]
    assert (tmp_path / "notes" / "todo.txt").read_text() == "keep me\n"


@pytest.mark.parametrize("marker", [b"", b"config: 1\n", b"\xff\xfe not text"])
def test_build_refuses_a_folder_whose_buildinfo_is_not_sphinx_s(tmp_path, capsys, marker):
    """A .buildinfo Sphinx did not write made Sphinx fail with a traceback (an empty one)
    or warn (another), after the check had taken the folder for an earlier site."""
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / ".buildinfo").write_bytes(marker)
    (tmp_path / "site" / "important.txt").write_text("keep me\n")
    assert main(["build", "-q", "-o", str(tmp_path / "site")]) == 1
    err = capsys.readouterr().err
    assert err == (f"floorbook build: -o {tmp_path / 'site'}: has a .buildinfo that is not a "
                   "Sphinx build's; give a new or empty folder, which the build replaces\n")
    assert (tmp_path / "site" / "important.txt").read_text() == "keep me\n"


def test_build_refuses_a_site_inside_the_data_folder(tmp_path, capsys):
    # a site in data/provisions/x was built without a word (the fresh-user run)
    data = tmp_path / "data"
    shutil.copytree(Path(__file__).parent / "data" / "kb-small", data)
    assert main(["build", "-q", "--data", str(data), "-o", str(data / "provisions" / "x")]) == 1
    assert capsys.readouterr().err == (
        f"floorbook build: -o {data / 'provisions' / 'x'}: is inside the knowledge base "
        f"{data}, which would then hold a site; give a folder outside it (the folder beside "
        "it, such as site/)\n")
    assert not (data / "provisions" / "x").exists()


def test_build_site_refuses_the_folder_that_holds_the_data(tmp_path):
    project = _project(tmp_path, "Tiny\n====\n")
    (tmp_path / "out" / "data").mkdir(parents=True)
    (tmp_path / "out" / ".buildinfo").write_text(EARLIER)
    with pytest.raises(SiteError) as error:
        build_site(project, tmp_path / "out" / "data", tmp_path / "out")
    assert error.value.problems == [f"{tmp_path / 'out'}: holds the knowledge base "
                                    f"{tmp_path / 'out' / 'data'}, which a build would "
                                    "replace; give another folder for the site"]
