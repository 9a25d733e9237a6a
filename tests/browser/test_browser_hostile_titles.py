"""Titles full of markup, loaded in Chromium: a data folder (``floorbook build --data``)
and a house file (``floorbook rulebook build``) whose every title, name, summary, point,
number and description ends in an attack (``<img onerror>``, ``<script>``, an attribute
break-out, ``</script>``, ``javascript:``, an ``<iframe srcdoc>``, a remote image).  Every
page of each site is opened, and the search page with queries that list the titles: no
attack may run (each calls a function the test exposes, or ``alert``), no page may ask
anything outside the site, no element may carry a handler or a ``javascript:`` address
from the data, and each attack must be on some page as text (so the test cannot pass by
leaving the titles out)."""

from __future__ import annotations

import contextlib
import io
import shutil
from pathlib import Path
from urllib.parse import quote

import pytest
import yaml

from browser.browser_probes import search_done
from browser.browser_serve import serving
from kb import DATA
from kb.cli import main

#: The function every attack calls when it runs; the test exposes it to each page.
CALLED = "floorbookInjected"

#: The attacks, each ending a text of the data; number n calls ``CALLED(n)`` (12: alert).
ATTACKS = (
    f"<img src=x onerror={CALLED}(1)>",
    f"<script>{CALLED}(2)</script>",
    f'"><svg onload={CALLED}(3)>',
    f"'><svg/onload={CALLED}(4)>",
    f"</script><script>{CALLED}(5)</script>",
    f'<a href="javascript:{CALLED}(6)">link</a> javascript:{CALLED}(6)',
    f'" onfocus={CALLED}(7) autofocus x="',
    f'<iframe srcdoc="<script>parent.{CALLED}(8)</script>"></iframe>',
    f"<img src=http://203.0.113.9/{CALLED}(9).png>",
    f"--></script><!--<script>{CALLED}(10)//",
    f"<style>@import 'http://203.0.113.9/{CALLED}(11).css';</style>",
    "<svg onload=alert(12)>",
)

#: The fields of a data folder's files and of a house file that are free text.
TEXTS = {"title", "publisher", "label", "covers", "question", "definition", "summary",
         "point", "claim", "correction", "note", "meaning", "number", "description",
         "reason", "text"}

#: Search queries whose results list the titles (Sphinx's search page shows them).
QUERIES = ("flop", "rules", "onerror", "script")

#: What an element may not carry (a probe run in each page): a handler that calls the
#: attack's function, a document of its own (``srcdoc``), or an address that runs script.
#: (An address holding the attack as text, as the index pages' ``#cap-<title>``, is fine.)
PROBE = """called => {
  const found = [];
  for (const el of document.querySelectorAll('*')) {
    for (const attr of el.attributes) {
      const name = attr.name.toLowerCase();
      const handler = name.startsWith('on') && attr.value.includes(called);
      const address = name === 'srcdoc' || (/^\\s*javascript:/i.test(attr.value)
        && /^(href|src|action|formaction|xlink:href|data)$/.test(name));
      if (handler || address)
        found.push(`<${el.tagName.toLowerCase()} ${name}="${attr.value.slice(0, 60)}">`);
    }
  }
  return found;
}"""


def hostile(data, attacks: dict):
    """``data`` (parsed YAML) with each free text ending in an attack; a text met twice
    (a rule number and a scenario's citation of it) gets the same one, so references
    still match."""
    if isinstance(data, list):
        return [hostile(item, attacks) for item in data]
    if not isinstance(data, dict):
        return data
    out = {}
    for key, value in data.items():
        if key in TEXTS and isinstance(value, str):
            out[key] = _attacked(value, attacks)
        elif key in ("numbers", "silent") and isinstance(value, dict):   # edition -> text
            out[key] = {edition: _attacked(text, attacks) if isinstance(text, str)
                        else hostile(text, attacks) for edition, text in value.items()}
        else:
            out[key] = hostile(value, attacks)
    return out


def _attacked(text: str, attacks: dict) -> str:
    if text not in attacks:
        attacks[text] = f"{text} {ATTACKS[len(attacks) % len(ATTACKS)]}"
    return attacks[text]


def _run(*argv: str) -> None:
    """``floorbook ARGV``; the test fails with its stderr unless it exits 0."""
    errors = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(errors):
        status = main(list(argv))
    if status != 0:
        pytest.fail(f"floorbook {' '.join(argv)} exited {status}:\n{errors.getvalue()}",
                    pytrace=False)


@pytest.fixture(scope="module")
def data_site(tmp_path_factory) -> Path:
    """The site of `floorbook init`'s data folder with every text attacked (its default
    pages: the folder has no ``pages``), built by ``floorbook build --data``."""
    root = tmp_path_factory.mktemp("hostile-data")
    _run("init", str(root / "project"))
    data = root / "project" / "data"
    shutil.rmtree(data / "pages")
    attacks: dict = {}
    for path in sorted(data.rglob("*.yaml")):
        document = yaml.safe_load(path.read_text(encoding="utf-8"))
        path.write_text(yaml.safe_dump(hostile(document, attacks), allow_unicode=True,
                                       sort_keys=False), encoding="utf-8")
    _run("build", "--data", str(data), "-o", str(root / "site"))
    return root / "site"


@pytest.fixture(scope="module")
def house_site(tmp_path_factory) -> Path:
    """The site of the bundled home-game house file with every text attacked (its own
    provisions' numbers too, and Markdown links to ``javascript:`` in their texts; the
    numbers it cites must stay the books'), built by ``floorbook rulebook build``."""
    root = tmp_path_factory.mktemp("hostile-house")
    original = yaml.safe_load((DATA / "rulebooks" / "home-game.yaml").read_text("utf-8"))
    document = hostile(original, {})
    for mine, theirs in zip(document["add"], original["add"], strict=True):
        for override, cited in zip(mine.get("overrides", []), theirs.get("overrides", []),
                                   strict=True):
            override["number"] = cited["number"]   # a book's number, checked against it
    for number, entry in enumerate(document.get("add", []), 1):
        entry["number"] = f"{number}<svg onload={CALLED}(13)>"
        entry["text"] += (f"\n\n[a link](javascript:{CALLED}(14)), "
                          f"<javascript:{CALLED}(15)>, [another](JaVaScRiPt:{CALLED}(16))")
    house = root / "ours.yaml"
    house.write_text(yaml.safe_dump(document, allow_unicode=True, sort_keys=False),
                     encoding="utf-8")
    _run("rulebook", "build", str(house), "-o", str(root / "site"))
    return root / "site"


def _visit(browser, base: str, path: str) -> tuple[list[str], str]:
    """Open ``base + path`` in a fresh context; returns what went wrong (an attack that
    ran, a request outside the site, an element the probe found) and the page's text."""
    wrong: list[str] = []
    context = browser.new_context()
    try:
        context.expose_binding(CALLED, lambda source, n: wrong.append(f"attack {n} ran"))
        context.route("**/*", lambda route: _only_the_site(route, base, wrong))
        page = context.new_page()
        page.on("dialog", lambda dialog: (wrong.append(f"a dialog: {dialog.message}"),
                                          dialog.dismiss()))
        page.goto(base + path, wait_until="load")
        if path.startswith("search.html?"):
            search_done(page)
        page.wait_for_load_state("networkidle")
        wrong += page.evaluate(PROBE, CALLED)
        return [f"{path}: {what}" for what in wrong], page.inner_text("body")
    finally:
        context.close()


def _only_the_site(route, base: str, wrong: list[str]) -> None:
    url = route.request.url
    if url.startswith(base):
        route.continue_()
    else:
        wrong.append(f"asked outside the site for {url}")
        route.abort()


def _every_page(browser, site: Path, searches: tuple[str, ...]) -> tuple[list[str], str]:
    """:func:`_visit` on each page of ``site`` and each search; (what went wrong, the
    text of every page)."""
    pages = sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html"))
    pages += [f"search.html?q={quote(query)}" for query in searches]
    wrong, texts = [], []
    with serving(site) as base:
        for path in pages:
            found, text = _visit(browser, base, path)
            wrong += found
            texts.append(text)
    return wrong, "\n".join(texts)


def test_no_title_of_a_data_folder_runs_as_script_on_any_page(browser, data_site):
    wrong, text = _every_page(browser, data_site, QUERIES)
    assert not wrong, "\n".join(wrong)
    shown = [n for n in range(1, 12) if f"{CALLED}({n})" in text] + \
        [12] * ("<svg onload=alert(12)>" in text)
    assert shown == list(range(1, 13)), f"attacks shown as text on no page: {shown}"


def test_no_text_of_a_house_file_runs_as_script_on_any_page(browser, house_site):
    wrong, text = _every_page(browser, house_site, ("flop",))
    assert not wrong, "\n".join(wrong)
    assert f"<svg onload={CALLED}(13)>" in text, "the house's numbers are on no page"
    assert f"<img src=x onerror={CALLED}(1)>" in text, "the house's title is on no page"
    assert f"<javascript:{CALLED}(15)>" in text, "the links are not shown as text"
