"""The handbook loads nothing from the network: every request a page makes while it loads
and runs its scripts goes to the site itself (here 127.0.0.1) or is inline data."""

from __future__ import annotations

import pytest

#: A page of each kind, with the scripts each runs (search, Find a ruling, furo's).
PAGES = ["index.html", "topics/four-card-flop.html", "find-a-ruling.html",
         "search.html?q=misdeal", "disagreements.html"]


@pytest.mark.parametrize("path", PAGES)
def test_page_requests_only_the_sites_own_files(open_page, base_url, path):
    page = open_page(path)
    requested = []
    page.context.on("request", lambda request: requested.append(request.url))
    page.reload(wait_until="networkidle")
    assert requested, "the reload made no request at all"
    elsewhere = [url for url in requested
                 if not url.startswith((base_url, "data:", "blob:", "about:"))]
    assert not elsewhere, f"{path} asked outside the site for: {elsewhere[:5]}"
