"""Dark mode, both ways a reader gets it (the system's dark colour scheme, which furo's
"auto" follows, and furo's theme toggle): no picture, table or card sits in a white panel."""

from __future__ import annotations

import pytest

from browser.browser_probes import luminance, panel_colours

#: Pages with a graph picture, a ruling matrix, the side-by-side tables and cards.
PAGES = ["topics/boxed-cards.html", "disagreements.html", "disagreements/boxed-cards.html",
         "editions/tda-2026.html",
         "find-a-ruling.html", "index.html"]

#: Luminance above which a background reads as a light panel on furo's dark page
#: (furo's dark background is about 0.01, a mid grey 0.2, white 1).
LIGHT = 0.2


def _light_panels(page) -> list[tuple[str, str]]:
    """The light backgrounds behind the page's pictures, tables and cards (each page of
    :data:`PAGES` has some, so the test cannot pass by finding nothing to look at)."""
    panels = panel_colours(page)
    assert panels, f"{page.url}: no picture, table or card found"
    return [(what, colour) for what, colour in panels if luminance(colour) > LIGHT]


def _toggle_to_dark(page) -> None:
    """Click furo's theme button until the page is dark (it cycles auto, dark, light)."""
    for _ in range(3):
        if page.evaluate("document.body.dataset.theme") == "dark":
            return
        page.locator("button.theme-toggle:visible").first.click()
    assert page.evaluate("document.body.dataset.theme") == "dark"


@pytest.mark.parametrize("path", PAGES)
def test_dark_colour_scheme_leaves_no_picture_or_table_on_a_white_panel(open_page, path):
    page = open_page(path, color_scheme="dark")
    assert luminance(page.evaluate("getComputedStyle(document.body).backgroundColor")) < 0.05
    light = _light_panels(page)
    assert not light, f"{path}: light panels in dark mode: {light[:6]}"


@pytest.mark.parametrize("path", PAGES)
def test_furo_theme_toggle_to_dark_leaves_no_picture_or_table_on_a_white_panel(open_page, path):
    page = open_page(path, color_scheme="light")
    _toggle_to_dark(page)
    assert luminance(page.evaluate("getComputedStyle(document.body).backgroundColor")) < 0.05
    light = _light_panels(page)
    assert not light, f"{path}: light panels after the theme toggle: {light[:6]}"
