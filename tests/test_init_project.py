"""The project ``floorbook init`` writes (issue 23, section 5): its pytest settings
require floorbook's plugin, so a pytest without it stops saying so instead of collecting
nothing, and its front page speaks of the project's own pages, not of floorbook's
defaults."""

from __future__ import annotations

import os
import subprocess
import sys
from importlib.metadata import distribution

from kb.cli import main


def init(tmp_path, capsys):
    assert main(["init", str(tmp_path / "proj")]) == 0
    capsys.readouterr()
    return tmp_path / "proj"


def run_pytest(folder, *args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTEST_ADDOPTS", "PYTEST_PLUGINS")}
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           *args], cwd=folder, env=env, capture_output=True, text=True,
                          timeout=300)


def test_the_pytest_settings_require_the_distribution_that_provides_the_plugin(tmp_path,
                                                                              capsys):
    ini = (init(tmp_path, capsys) / "pytest.ini").read_text(encoding="utf-8")
    assert "\nrequired_plugins = floorbook\n" in ini
    # required_plugins names distributions: floorbook is the one whose pytest11 entry
    # point is the plugin
    plugins = distribution("floorbook").entry_points.select(group="pytest11")
    assert [entry.value for entry in plugins] == ["kb.pytest_plugin"]


def test_a_pytest_without_the_plugin_says_it_is_missing(tmp_path, capsys):
    project = init(tmp_path, capsys)
    without = run_pytest(project, "-p", "no:kb.pytest_plugin")
    assert without.returncode != 0
    assert "Missing required plugins: floorbook" in without.stdout + without.stderr
    with_it = run_pytest(project)
    assert with_it.returncode == 0 and "2 passed" in with_it.stdout, with_it.stdout


def test_the_front_page_speaks_of_the_project_s_own_pages(tmp_path, capsys):
    index = (init(tmp_path, capsys) / "data" / "pages" / "index.md").read_text(
        encoding="utf-8")
    assert "default pages" not in index and "`floorbook init` writes" not in index
    assert "These pages are this knowledge base's own: edit them" in index
    assert "```{toctree}" in index
