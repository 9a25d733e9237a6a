"""A site built from a data folder whose pages attack the reader runs none of their script
and asks nothing of another site.  The folder's pages hold every such attack of
tests/test_hostile_pages.py at once (``javascript:``/``vbscript:``/``data:`` links, a meta
refresh from ``.. meta::`` and from front matter, remote images, math that would load
MathJax from a CDN, a Graphviz ``URL=javascript:``); ``floorbook build`` refuses them and
writes nothing, so the site here is built leniently (warnings not errors, as
``sphinx-build`` without ``-W``) to show that what is refused is also out of the pages.
Chromium opens each page, follows every link of its text, and records every request and
every dialog the payloads' ``alert`` would open."""

from __future__ import annotations

import pytest
from hostile_pages import LINKS, REMOTE, hostile_data, lenient_build, picture

from browser.browser_serve import serving

#: The attacks besides LINKS and REMOTE: each would run script or fetch from elsewhere.
MORE = """
```{eval-rst}
.. meta::
   :http-equiv=refresh: 0; url=https://evil.example/refreshed

.. math::

   e^{i\\pi} + 1 = 0
```

```{graphviz}
digraph { a [URL="javascript:alert(10)"]; b [href="JaVaScRiPt:alert(11)"] }
```
"""
FRONT = "html_meta:\n  http-equiv=refresh: 0; url=https://evil.example/front\n"
#: The pages opened: the hostile one, and one that only links to it.
PAGES = ["errata.html", "index.html"]


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory):
    """The URL of a site built leniently from the hostile pages, served on 127.0.0.1."""
    folder = tmp_path_factory.mktemp("hostile-pages")
    data = hostile_data(folder, LINKS + REMOTE + MORE, front=FRONT)
    picture(data)
    lenient_build(data, folder / "site")
    with serving(folder / "site") as url:
        yield url


#: Every link of a page (HTML and SVG ``<a>``, ``<area>``) with the scheme the browser
#: reads in it.
_LINKS = """() => [...document.querySelectorAll('a, area')].map(a => {
    const href = a.getAttribute('href') ?? a.getAttribute('xlink:href') ?? '';
    return [href, new URL(href, document.baseURI).protocol];
})"""


#: The links of a page's text that stay in the site (a link to another site is never
#: followed: the route would refuse it anyway).
_TEXT_LINKS = ("article a:visible:not([href^='http:']):not([href^='https:'])"
               ":not([href^='mailto:'])")


@pytest.mark.parametrize("path", PAGES)
def test_a_site_from_hostile_pages_runs_no_script_and_requests_only_its_own_files(
        browser, hostile_site, path):
    context = browser.new_context()
    requested, dialogs = [], []
    context.on("request", lambda request: requested.append(request.url))
    context.route("**/*", lambda route: route.continue_()
                  if route.request.url.startswith(hostile_site) else route.abort())
    try:
        page = context.new_page()
        page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
        page.goto(hostile_site + path, wait_until="networkidle")
        assert page.url == hostile_site + path          # no refresh took the reader away
        links = page.evaluate(_LINKS)
        assert links, "the page has no link at all"
        schemes = {scheme for _, scheme in links}
        assert schemes <= {"http:", "https:", "mailto:"}, [
            link for link in links if link[1] not in ("http:", "https:", "mailto:")]
        for number in range(page.locator(_TEXT_LINKS).count()):   # follow each one
            page.goto(hostile_site + path, wait_until="networkidle")
            page.locator(_TEXT_LINKS).nth(number).click()
            page.wait_for_load_state("networkidle")
    finally:
        context.close()
    assert dialogs == [], f"script ran: {dialogs}"
    elsewhere = [url for url in requested
                 if not url.startswith((hostile_site, "data:", "blob:", "about:"))]
    assert not elsewhere, f"{path} asked outside the site for: {elsewhere[:5]}"
