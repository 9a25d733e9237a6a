"""floorbook installed from its wheel, away from any checkout: the wheel's contents, and
every command run from another folder by the console script of a fresh virtual
environment (the handbook build, ``init`` and its starter project included).

The environment is made offline: ``python -m venv --without-pip``, the wheel installed by
this environment's pip with ``--no-deps --no-index``, and the dependencies seen through a
path line to links to this environment's installed distributions, floorbook's own (the
editable install of the checkout) left out; a plain line, so no .pth file there runs.
One test asserts that ``kb`` is imported from the fresh environment, not the checkout.
"""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from importlib import metadata
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parent.parent
SCENARIO = PROJECT / "kb" / "data" / "scenarios" / "four-card-flop.yaml"


def build_wheel(folder: Path) -> Path:
    """The wheel of the checkout's kb/ and docs/, built offline from a copy in ``folder``
    (so the checkout gets no build/ or egg-info folder)."""
    source = folder / "src"
    for name in ("kb", "docs"):
        shutil.copytree(PROJECT / name, source / name,
                        ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(PROJECT / name, source / name)
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps",
                           "--no-build-isolation", "-q", "-w", str(folder / "dist"),
                           str(source)], check=True, capture_output=True, text=True,
                          timeout=300)
    # setuptools warns of nothing (pyproject.toml; pip's own notices may come)
    assert [line for line in done.stderr.splitlines() if "Warning" in line] == [], done.stderr
    [wheel] = (folder / "dist").glob("floorbook-*.whl")
    return wheel


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    return build_wheel(tmp_path_factory.mktemp("wheel"))


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Path:
    """The bin folder of a fresh virtual environment holding the wheel."""
    venv = tmp_path_factory.mktemp("venv") / "env"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True,
                   timeout=120)
    python = venv / "bin" / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q",
                    "--no-deps", "--no-index", str(wheel)], check=True, capture_output=True,
                   timeout=300)
    site = subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                          check=True, capture_output=True, text=True).stdout.strip()
    Path(site, "zz-dependencies.pth").write_text(f"{dependencies(venv.parent / 'deps')}\n")
    return venv / "bin"


def dependencies(folder: Path) -> Path:
    """A folder of links to this environment's installed distributions, floorbook's own
    (the checkout's editable install) left out."""
    folder.mkdir()
    for entry in Path(sysconfig.get_path("purelib")).iterdir():
        if not entry.name.lower().startswith(("floorbook", "__editable__", "kb")):
            (folder / entry.name).symlink_to(entry)
    return folder


@pytest.fixture
def elsewhere(tmp_path) -> Path:
    """A folder outside the checkout, the current folder of every command."""
    assert PROJECT not in tmp_path.parents
    return tmp_path


def run(bin_: Path, *args: str, cwd: Path, program: str = "floorbook",
        timeout: int = 300) -> subprocess.CompletedProcess:
    env = {key: value for key, value in os.environ.items()
           if key not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env.update(NO_COLOR="1", PATH=f"{bin_}{os.pathsep}{env.get('PATH', '')}")
    return subprocess.run([str(bin_ / program), *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=timeout)


# --------------------------------------------------------------------------- the wheel


def test_the_wheel_holds_every_module_schema_static_file_page_and_starter_file(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    modules = {str(p.relative_to(PROJECT)) for p in (PROJECT / "kb").rglob("*.py")
               if "__pycache__" not in p.parts}
    pages = {f"kb/docs/{p.relative_to(PROJECT / 'docs')}" for p in (PROJECT / "docs").rglob("*.md")}
    starter = {str(p.relative_to(PROJECT))
               for p in (PROJECT / "kb/handbook/sitebuild/starter").rglob("*.yaml")}
    schemas = {str(p.relative_to(PROJECT)) for p in (PROJECT / "kb/schemas").glob("*.json")}
    static = {"kb/handbook/static/floorbook.css", "kb/handbook/static/floorbook-house.css"}
    assert "kb/docs/scenario-format.md" in pages and "kb/docs/house-rulebooks.md" in pages
    assert len(starter) == 7 and "kb/schemas/scenario.schema.json" in schemas
    for group in (modules, pages, starter, schemas, static):
        assert group <= names, sorted(group - names)
    assert {n for n in names if n.startswith("kb/schemas/")} == schemas


# --------------------------------------------------------------------------- the commands


def test_installed_kb_is_the_wheels_not_the_checkouts(installed, elsewhere):
    where = run(installed, "-c", "import kb; print(kb.__file__, kb.DOCS)", cwd=elsewhere,
                program="python")
    module, docs = where.stdout.split()
    assert Path(module).is_relative_to(installed.parent), where
    assert Path(docs) == Path(module).parent / "docs" and (Path(docs) / "index.md").is_file()


def test_version_check_rule_and_compare_work_from_another_folder(installed, elsewhere):
    shutil.copy(SCENARIO, elsewhere / "hand.yaml")
    version = run(installed, "--version", cwd=elsewhere)
    assert version.stdout == "floorbook 0.1.0\n", version.stderr
    check = run(installed, "check", cwd=elsewhere)
    assert check.returncode == 0 and check.stdout.endswith(": no problems\n"), check.stderr
    ruled = run(installed, "rule", "hand.yaml", "--rulebook", "tda@2024", cwd=elsewhere)
    assert ruled.returncode == 0, ruled.stderr
    assert ruled.stdout.startswith("four-card-flop under tda@2024: Scramble the four flop "
                                   "cards face down; one at random becomes the burn card for "
                                   "the turn\n  remedy: continue")
    compared = run(installed, "compare", "hand.yaml", "--json", cwd=elsewhere)
    assert compared.returncode == 0, compared.stderr
    assert compared.stdout.count('"rulebook": ') >= 5


def test_export_writes_the_knowledge_base_with_the_installed_version(installed, elsewhere):
    exported = run(installed, "export", "-o", "kb.json", cwd=elsewhere)
    assert exported.returncode == 0, exported.stderr
    document = json.loads((elsewhere / "kb.json").read_text(encoding="utf-8"))
    assert (document["format_version"], document["floorbook_version"]) == (1, "0.1.0")
    assert len(document["provisions"]) > 100
    site = run(installed, "-c", "import kb.files; print(kb.files.SCHEMAS)", cwd=elsewhere,
               program="python").stdout.strip()
    assert Path(site).is_relative_to(installed.parent)
    assert (Path(site) / "export.schema.json").is_file()


def test_house_rulebook_new_points_at_an_installed_page_and_checks(installed, elsewhere):
    new = run(installed, "rulebook", "new", "-o", "ours.yaml", cwd=elsewhere)
    assert new.returncode == 0, new.stderr
    [pointer] = [line for line in (elsewhere / "ours.yaml").read_text().splitlines()
                 if line.startswith("# The format: ")]
    page = Path(pointer.removeprefix("# The format: ").partition(" (")[0])
    assert page.is_relative_to(installed.parent) and page.name == "house-rulebooks.md"
    assert page.read_text(encoding="utf-8").startswith("# ")
    checked = run(installed, "rulebook", "check", "ours.yaml", cwd=elsewhere)
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout == "ours.yaml: house.my-room@2026 (Our House Rules) on tda@2024: " \
                             "no problems\n"
    built = run(installed, "rulebook", "build", "ours.yaml", "-o", "our-site", cwd=elsewhere)
    assert built.returncode == 0, built.stderr
    assert "Our House Rules" in (elsewhere / "our-site" / "index.html").read_text(
        encoding="utf-8")


def test_build_of_the_bundled_handbook_into_another_folder(installed, elsewhere):
    built = run(installed, "build", "-o", "site", cwd=elsewhere, timeout=600)
    assert built.returncode == 0, built.stderr
    assert built.stdout.endswith("handbook built: site/index.html\n")
    for page in ("index", "scenario-format", "house-rulebooks", "topics/four-card-flop",
                 "editions/tda-2024"):
        assert (elsewhere / "site" / f"{page}.html").is_file(), page
    # the site, and Sphinx's environment beside it (kb.handbook.sitebuild.site.doctrees_folder)
    assert {p.name for p in elsewhere.iterdir()} - {".site.doctrees"} == {"site"}


def test_init_writes_a_project_that_checks_builds_and_tests(installed, elsewhere):
    init = run(installed, "init", "proj", cwd=elsewhere)
    assert init.returncode == 0, init.stderr
    project = elsewhere / "proj"
    checked = run(installed, "check", "--data", "data", cwd=project)
    assert checked.stdout == ("expectations: 2 read from the text, 0 not yet read (read: "
                              "engine), 0 that do not say\n"
                              "data: 2 provisions, 1 topic, 1 term, 0 errata: no problems\n"
                              ), checked.stderr
    built = run(installed, "build", "--data", "data", "-o", "site", cwd=project)
    assert built.returncode == 0, built.stderr
    topic = (project / "site" / "topics" / "four-card-flop.html").read_text(encoding="utf-8")
    assert "Four-card flop" in topic and "39-A" in topic
    tested = run(installed, "-m", "pytest", "-q", "-p", "no:cacheprovider", cwd=project,
                 program="python")
    assert tested.returncode == 0, tested.stdout + tested.stderr
    assert "2 passed" in tested.stdout, tested.stdout      # a scenario x two rulebooks
    again = run(installed, "init", "proj", cwd=elsewhere)
    assert again.returncode == 1
    assert again.stderr == ("floorbook init: proj: has files in it; give a new or empty folder "
                            "(init never overwrites a file)\n")


def test_sphinx_build_with_the_starter_conf_py(installed, elsewhere):
    assert run(installed, "init", "proj", cwd=elsewhere).returncode == 0
    built = run(installed, "-m", "sphinx", "-W", "-q", "-c", ".", "data/pages", "_build/html",
                cwd=elsewhere / "proj", program="python")
    assert built.returncode == 0, built.stderr
    assert (elsewhere / "proj" / "_build" / "html" / "topics" / "four-card-flop.html").is_file()


# --------------------------------------------------------------------------- dependencies


def _imported_modules() -> dict[str, set[str]]:
    """Top-level module -> the kb files that import it (imports inside functions too)."""
    found: dict[str, set[str]] = {}
    for path in (PROJECT / "kb").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else \
                [node.module] if isinstance(node, ast.ImportFrom) and node.level == 0 \
                and node.module else []
            for name in names:
                found.setdefault(name.split(".")[0], set()).add(path.name)
    return found


def test_every_third_party_import_and_sphinx_extension_is_a_declared_dependency():
    from kb.handbook.sitebuild import config

    project = tomllib.loads((PROJECT / "pyproject.toml").read_text(encoding="utf-8"))[
        "project"]
    # the extra `cluster` too: kb.fairness.batch imports Dask only for --scheduler, and
    # says to install floorbook[cluster] when it is missing
    declared = {re.split(r"[<>=!~ \[;]", requirement)[0].lower().replace("_", "-")
                for requirement in (*project["dependencies"],
                                    *project["optional-dependencies"]["cluster"])}
    modules = {name: files for name, files in _imported_modules().items()
               if name not in sys.stdlib_module_names and name != "kb"}
    modules["pytest"] = modules.get("pytest", set()) - {"pytest_plugin.py"}  # pytest loads it
    used = {name for name, files in modules.items() if files}
    used |= {name.split(".")[0] for name in config.extensions if not name.startswith("kb")}
    used |= {config.html_theme}
    distributions = metadata.packages_distributions()
    missing = {name: distributions.get(name) for name in used
               if not {d.lower().replace("_", "-") for d in distributions.get(name, [])}
               & declared}
    assert missing == {}
    assert {"sphinx", "yaml", "markdown_it", "shtab", "myst_parser", "furo"} <= used
