"""The browser tests' own set-up: a missing Chromium fails them with what to run, the
Chromium they drive is the system's, not one Playwright downloaded, and a failing test
leaves its screenshot."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from browser.browser_launch import INSTALL, chromium_executable


def test_a_missing_chromium_fails_the_tests_saying_to_run_install_sh_test(monkeypatch):
    monkeypatch.setattr(shutil, "which", lambda name: None)
    with pytest.raises(pytest.fail.Exception) as failure:
        chromium_executable()
    assert INSTALL == "tools/install.sh test"
    assert f"run `{INSTALL}`" in str(failure.value)


def test_the_browser_driven_is_the_system_chromium(browser):
    assert chromium_executable() in (shutil.which("chromium"), shutil.which("chromium-browser"))
    assert browser.browser_type.name == "chromium"
    assert int(browser.version.split(".")[0]) >= 100, browser.version


_FAILING_TEST = '''
import pytest

@pytest.fixture(scope="session")
def site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("site")
    (folder / "index.html").write_text("<h1>Boxed cards</h1>", encoding="utf-8")
    return folder

def test_heading_reads_misdeal(open_page):
    page = open_page("index.html")
    assert page.inner_text("h1") == "Misdeal"
'''


def test_a_failing_browser_test_leaves_a_screenshot_and_the_html(tmp_path):
    """The conftest's hook, in a pytest run of its own on a one-page site."""
    here, package = Path(__file__).parent, tmp_path / "browser"   # the conftest's imports
    package.mkdir()
    for name in ("__init__.py", "conftest.py", "browser_launch.py", "browser_serve.py"):
        shutil.copy(here / name, package / name)
    (package / "test_inner.py").write_text(_FAILING_TEST, encoding="utf-8")
    artefacts = tmp_path / "artefacts"
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(tmp_path)],
        check=False, cwd=tmp_path, capture_output=True, text=True, timeout=120,
        env={**os.environ, "FLOORBOOK_ARTEFACTS": str(artefacts)})
    assert run.returncode == 1 and "1 failed" in run.stdout, run.stdout + run.stderr
    png = artefacts / "test_heading_reads_misdeal-1.png"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    html = (artefacts / "test_heading_reads_misdeal-1.html").read_text(encoding="utf-8")
    assert "<h1>Boxed cards</h1>" in html
