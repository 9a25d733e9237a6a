"""How the browser tests start Chromium: Debian's ``chromium`` found on PATH, driven by
Playwright for Python, never a browser Playwright would download (the machines have no
network but the package registries).  What is missing fails the tests, saying to run
:data:`INSTALL`; it never skips them, which would hide the missing browser."""

from __future__ import annotations

import shutil

import pytest

#: The command that installs what these tests need; failures name it.
INSTALL = "tools/install.sh test"

#: Chromium's switches for a headless run as root in a container, with nothing that
#: reaches out to the network (updates, sync, safe browsing lists, first-run pages).
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]


def chromium_executable() -> str:
    """The path of the system's Chromium (``chromium``, else ``chromium-browser``).

    Raises pytest's ``Failed`` (the test fails) with what to run when neither is on PATH.
    """
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    pytest.fail(f"Chromium is not installed (no 'chromium' or 'chromium-browser' on PATH); "
                f"run `{INSTALL}`, which installs Debian's chromium package", pytrace=False)


def sync_playwright():
    """Playwright's ``sync_playwright``; raises pytest's ``Failed`` saying how to install
    the package when it is missing."""
    try:
        from playwright.sync_api import sync_playwright as start
    except ImportError:
        pytest.fail(f"the Python package playwright is not installed; run `{INSTALL}`",
                    pytrace=False)
    return start


def launch(playwright):
    """A headless Chromium from ``playwright`` (a started ``sync_playwright()``)."""
    return playwright.chromium.launch(executable_path=chromium_executable(),
                                      args=CHROMIUM_ARGS, headless=True)
