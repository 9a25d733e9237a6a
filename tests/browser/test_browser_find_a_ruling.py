"""The "Find a ruling" page (docs/find-a-ruling.md; its DOM is described in
kb/handbook/finding/finder_page.py): choices narrow the scenarios to the counts they promised,
each result shows every published rulebook's remedy, its link lands on the scenario's row
of the topic's ruling matrix, and the page works opened from a file:// URL."""

from __future__ import annotations

from playwright.sync_api import expect

PAGE = "find-a-ruling.html"

#: A scenario with a boxed card, whose row is on the boxed-cards topic page.
SCENARIO = "boxed-card-during-deal"
ROW = f"topics/boxed-cards.html#ruling-{SCENARIO}"


def _shown(page) -> int:
    """The number the page says match, checked against the results it lists."""
    count = page.locator("#finder-count")
    expect(count).to_have_attribute("data-count", str(page.locator("li.finder-result").count()))
    return int(count.get_attribute("data-count"))


def _promised(page, facet: str, value: str) -> int:
    """How many scenarios the choice ``facet=value`` says it would match."""
    choice = page.locator(f"label.finder-choice:has(#finder-{facet}-{value})")
    return int(choice.locator(".finder-choice-count").inner_text().strip("() "))


def _open_finder(open_page, path: str = PAGE, **options):
    page = open_page(path, **options)
    expect(page.locator("li.finder-result").first).to_be_attached()
    return page


def test_each_choice_narrows_the_results_to_the_count_it_showed(open_page):
    page = _open_finder(open_page)
    everything = _shown(page)
    assert everything >= 100                      # every bundled scenario, before a choice
    boxed = _promised(page, "irregularity", "boxed")
    page.check("#finder-irregularity-boxed")
    assert _shown(page) == boxed and 0 < boxed < everything
    holdem = _promised(page, "game", "holdem")
    page.check("#finder-game-holdem")
    assert _shown(page) == holdem and 0 < holdem <= boxed
    page.click("#finder-reset")
    assert _shown(page) == everything
    assert page.is_checked("#finder-irregularity-any") and page.is_checked("#finder-game-any")


def test_the_address_holds_the_choices_so_a_link_opens_them(open_page):
    page = _open_finder(open_page, f"{PAGE}#irregularity=boxed&found=before-action")
    assert page.is_checked("#finder-irregularity-boxed")
    assert page.is_checked("#finder-found-before-action")
    scenarios = page.eval_on_selector_all("li.finder-result", "r => r.map(x => x.dataset.scenario)")
    assert SCENARIO in scenarios and len(scenarios) == _shown(page)


def test_a_result_shows_each_rulebooks_remedy_as_its_matrix_row_does(open_page):
    page = _open_finder(open_page, f"{PAGE}#irregularity=boxed")
    result = page.locator(f"li.finder-result[data-scenario={SCENARIO}]")
    assert result.locator("a.finder-result-link").get_attribute("href").endswith(ROW)
    remedies = result.locator("li.finder-remedy")
    books = remedies.evaluate_all("r => r.map(x => x.dataset.rulebook)")
    assert books[:2] == ["rrop@v11", "tda@2024"] and len(books) >= 5, books
    badges = result.locator("li.finder-remedy .finder-badge").all_inner_texts()
    assert badges == remedies.evaluate_all("r => r.map(x => x.dataset.remedy)")
    matrix = open_page(ROW)
    row = matrix.locator(f"tr#ruling-{SCENARIO}")
    assert row.locator(".floorbook-remedy").all_inner_texts() == badges
    # who decided (issue 22): the script unpacks the index's line as the matrix cell shows it
    decided = result.locator("li.finder-remedy .finder-decided").all_inner_texts()
    cells = row.locator(".floorbook-decided").all_inner_texts()
    assert [d.replace("’", "'") for d in decided] == \
        [f"({c})".replace("’", "'") for c in cells]
    assert decided[1] == "(decided by the floor)"     # TDA 2024 has no rule for one boxed card


def test_a_result_link_lands_on_the_scenario_row_of_the_topic_matrix(open_page):
    page = _open_finder(open_page, f"{PAGE}#irregularity=boxed")
    link = page.locator(f"li.finder-result[data-scenario={SCENARIO}] a.finder-result-link")
    title = link.inner_text().replace("’", "'")
    link.click()
    page.wait_for_url(f"**/{ROW}")
    row = page.locator(f"#ruling-{SCENARIO}")
    assert row.evaluate("r => r.tagName") == "TR"
    assert row.evaluate("r => !!r.closest('table.floorbook-matrix')")
    expect(row).to_be_in_viewport()
    assert row.inner_text().replace("’", "'").startswith(title)


def test_find_a_ruling_works_opened_from_a_file_url(open_page, site):
    page = _open_finder(open_page, (site / PAGE).as_uri())
    assert page.url.startswith("file://")
    boxed = _promised(page, "irregularity", "boxed")
    page.check("#finder-irregularity-boxed")
    assert _shown(page) == boxed > 0
    link = page.locator(f"li.finder-result[data-scenario={SCENARIO}] a.finder-result-link")
    link.click()
    page.wait_for_url(f"file://**/{ROW}")
    expect(page.locator(f"tr#ruling-{SCENARIO}")).to_be_in_viewport()


def test_find_a_ruling_filters_by_a_tap_on_a_phone(open_page):
    page = _open_finder(open_page, viewport={"width": 360, "height": 740},
                        is_mobile=True, has_touch=True)
    boxed = _promised(page, "irregularity", "boxed")
    page.tap("label.finder-choice:has(#finder-irregularity-boxed)")
    assert page.is_checked("#finder-irregularity-boxed")
    assert _shown(page) == boxed
    first = page.locator("li.finder-result").first
    assert first.bounding_box()["x"] + first.bounding_box()["width"] <= 360
