"""A house rulebook's site (`floorbook rulebook build`) in Chromium, as floor staff use it:
on a phone (360 px) and at a desk (1280 px), light and dark, opened from the folder and
from a local server, with no failed request.

- "Our rules on every scenario" is the handbook's matrix: on a phone each scenario is a
  card (the column headers hidden, each cell named) and nothing is wider than the screen;
- each ruling leads with its answer (what the dealer does), and a misdeal draws no redeal;
- Find a ruling works: choosing narrows the results, and a result opens its scenario's row.

The home game bundled with floorbook is built once per session (about 8 seconds).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from browser.browser_probes import luminance, sideways_overflow, widest_elements
from browser.browser_serve import serving
from kb.handbook.house.publish import publish
from kb.house.compose import RULEBOOKS
from kb.knowledge.load import load_knowledge_base
from kb.rules.disagreements import load_scenarios

PHONE, DESK = {"width": 360, "height": 740}, {"width": 1280, "height": 900}
#: A Hold'em four-card flop: the home game redeals the flop, its base (TDA 2024) scrambles.
FLOP = "four-card-flop"
#: A misdeal under both books: its cell says the answer and draws no redeal.
MISDEAL = "boxed-two-cards-during-deal"


@pytest.fixture(scope="session")
def house_site(tmp_path_factory) -> Path:
    """The home game's site, built once."""
    out = tmp_path_factory.mktemp("house-site") / "site"
    publish(load_knowledge_base(), RULEBOOKS / "home-game.yaml", out)
    return out


@pytest.fixture(scope="session")
def house_url(house_site):
    with serving(house_site) as url:
        yield url


@pytest.fixture(params=["file", "server"])
def root(request, house_site) -> str:
    """The site's root URL: the folder (file://) or the local server."""
    if request.param == "file":
        return house_site.as_uri() + "/"
    return request.getfixturevalue("house_url")


@pytest.fixture
def visit(browser, root):
    """``visit(page name, width, scheme) -> (page, failed)``: ``failed`` collects every
    request that failed or answered 400 or more, from the first one."""
    contexts = []

    def open_(name: str, viewport: dict, scheme: str):
        context = browser.new_context(viewport=viewport, color_scheme=scheme)
        contexts.append(context)
        page = context.new_page()
        failed: list[str] = []
        page.on("requestfailed", lambda r: failed.append(f"{r.url}: {r.failure}"))
        page.on("response", lambda r: failed.append(f"{r.url}: HTTP {r.status}")
                if r.status >= 400 else None)
        page.goto(root + name)
        page.wait_for_load_state("load")
        return page, failed

    yield open_
    for context in contexts:
        context.close()


SIZES = [pytest.param(PHONE, id="360px"), pytest.param(DESK, id="1280px")]
SCHEMES = ["light", "dark"]


def _assert_fits(page, name: str) -> None:
    overflow = sideways_overflow(page)
    assert overflow == 0, f"{name}: {overflow} px too wide; widest: {widest_elements(page)}"


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("size", SIZES)
def test_scenario_table_fits_and_each_ruling_leads_with_its_answer(visit, size, scheme):
    page, failed = visit("scenarios.html", size, scheme)
    _assert_fits(page, "scenarios.html")
    rows = page.locator("table.floorbook-house-scenarios tbody tr")
    assert rows.count() == len(load_scenarios())
    row = page.locator(f"#ruling-{FLOP}")
    shape = row.evaluate("r => [getComputedStyle(r).display, r.getBoundingClientRect().right,"
                         " getComputedStyle(r.closest('table').tHead).display]")
    if size is PHONE:        # a card: a block as wide as the screen at most, no header row
        assert shape[0] == "block" and shape[1] <= PHONE["width"] and shape[2] == "none"
        assert row.locator(".floorbook-cell-book").first.is_visible()
    else:
        assert shape[0] == "table-row" and shape[2] != "none"
        assert not row.locator(".floorbook-cell-book").first.is_visible()
    answer = row.locator(".floorbook-answer").first
    assert answer.is_visible() and answer.inner_text().startswith("Redeal the flop")
    ink = luminance(answer.evaluate("e => getComputedStyle(e).color"))
    assert (ink > 0.5) if scheme == "dark" else (ink < 0.2)
    misdeal = page.locator(f"#ruling-{MISDEAL}")
    assert misdeal.locator(".floorbook-answer").first.inner_text() == \
        "Misdeal: reshuffle and redeal."
    assert misdeal.locator(".floorbook-card").count() == 0
    assert "not known until it is dealt" in misdeal.inner_text()
    assert failed == []


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("size", SIZES)
def test_find_a_ruling_narrows_and_opens_the_scenario_row(visit, size, scheme):
    page, failed = visit("find.html", size, scheme)
    count = page.locator("#finder-count")
    assert count.get_attribute("data-count") == str(len(load_scenarios()))
    first = page.locator("li.finder-result").first
    books = first.locator("li.finder-remedy").evaluate_all(
        "items => items.map(i => i.dataset.rulebook)")
    assert books == ["house.thursday-home-game@2026", "tda@2024"]
    page.locator("#finder-irregularity-board-count").check(force=True)
    shown = int(count.get_attribute("data-count"))
    assert 0 < shown < len(load_scenarios())
    _assert_fits(page, "find.html")
    result = page.locator(f'li.finder-result[data-scenario="{FLOP}"]')
    # the book our rules adopt is cited by its short name, never an id
    assert "Rules v11 Hold" in result.inner_text() and "rrop" not in result.inner_text()
    link = result.locator("a.finder-result-link")
    assert link.get_attribute("href").endswith(f"scenarios.html#ruling-{FLOP}")
    link.click()
    page.wait_for_url(f"**/scenarios.html#ruling-{FLOP}")
    assert page.locator(f"#ruling-{FLOP}").evaluate("r => r.matches(':target')")
    assert page.locator(f"#ruling-{FLOP} .floorbook-answer").first.is_visible()
    assert failed == []
