"""The browser tests' set-up: the real handbook built once per session, served on
127.0.0.1 by a thread, and Debian's Chromium driven by Playwright for Python.

Playwright's own browsers are never downloaded (the machines have no network but the
package registries): the tests launch the system's ``chromium``, which
``tools/install.sh test`` installs.  When a test fails, a screenshot and the HTML of each
page it opened are saved under ``test-artefacts/browser/`` at the top of the checkout
(``FLOORBOOK_ARTEFACTS`` names another folder), as ``<test name>-<n>.png`` and ``.html``.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from browser.browser_launch import chromium_executable, launch, sync_playwright
from browser.browser_serve import serving

#: A desktop window (px); the narrow-screen tests ask for a phone's 360 px.
DESKTOP = {"width": 1280, "height": 900}

#: Playwright waits this long (ms) for a page or an element before a test fails.
TIMEOUT_MS = 15_000


@pytest.fixture(scope="session")
def site(handbook) -> Path:
    """The handbook as `floorbook build -o <tmp>` builds it, built once for the session
    (tests/conftest.py); the folder holding index.html."""
    return handbook


@pytest.fixture(scope="session")
def base_url(site):
    """``http://127.0.0.1:<free port>/``, serving the built site from a daemon thread."""
    with serving(site) as url:
        yield url


@pytest.fixture(scope="session")
def browser():
    """One headless Chromium for the whole session."""
    start = sync_playwright()
    from playwright.sync_api import expect

    expect.set_options(timeout=TIMEOUT_MS)      # a loaded CI machine draws pages slowly
    chromium_executable()               # fail at once, before Playwright starts
    with start() as playwright:
        chromium = launch(playwright)
        yield chromium
        chromium.close()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    """Keep each phase's report on the item, so fixtures can tell a failed test."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


@pytest.fixture(scope="session")
def artefacts(pytestconfig) -> Path:
    """The folder for failure screenshots, emptied of an earlier run's (so what is there
    after a run is that run's failures): $FLOORBOOK_ARTEFACTS or test-artefacts/browser
    at the top of the checkout."""
    named = os.environ.get("FLOORBOOK_ARTEFACTS")
    folder = Path(named) if named else pytestconfig.rootpath / "test-artefacts" / "browser"
    for old in folder.glob("test_*-*.*"):
        if old.suffix in (".png", ".html", ".txt"):
            old.unlink()
    return folder


@pytest.fixture
def open_page(browser, base_url, artefacts, request):
    """``open_page(path, **context_options) -> Page``: a new context and page at
    ``base_url + path`` (a ``file://`` or ``http`` URL is opened as it is).

    ``context_options`` go to ``browser.new_context`` (``viewport``, ``color_scheme`` ...;
    the default viewport is :data:`DESKTOP`).  Every page opened is closed after the test;
    if the test failed, its screenshot and HTML are saved first (:func:`_save_artefacts`).
    """
    opened = []

    def open_(path: str = "", **options):
        options.setdefault("viewport", DESKTOP)
        context = browser.new_context(**options)
        context.set_default_timeout(TIMEOUT_MS)
        page = context.new_page()
        opened.append(page)
        url = path if re.match(r"(https?|file):", path) else base_url + path
        response = page.goto(url)
        if response is not None and not response.ok:      # file:// URLs have none
            pytest.fail(f"{url}: HTTP {response.status}: the site has no such page",
                        pytrace=False)
        return page

    yield open_
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        _save_artefacts(artefacts, request.node.name, opened)
    for page in opened:
        page.context.close()


def _save_artefacts(folder: Path, test: str, pages) -> None:
    """A full-page screenshot and the current HTML of each page, in ``folder`` as
    ``<test>-<n>.png`` and ``.html`` (``.txt`` saying why when a page cannot be saved)."""
    from playwright.sync_api import Error as PlaywrightError

    folder.mkdir(parents=True, exist_ok=True)
    stem = re.sub(r"[^\w-]+", "_", test)      # parameters may hold "/" and "."
    for number, page in enumerate(pages, 1):
        if page.is_closed():
            continue
        base = f"{stem}-{number}"
        try:
            page.screenshot(path=str(folder / f"{base}.png"), full_page=True)
            (folder / f"{base}.html").write_text(page.content(), encoding="utf-8")
        except (PlaywrightError, OSError) as error:  # never hide the test's own failure
            (folder / f"{base}.txt").write_text(f"no screenshot: {error}\n", encoding="utf-8")
