"""A page opened as issue 23's "Done when" asks: at a phone's 360 px or a desk's 1280 px,
light or dark, from the folder (``file://``) or from a local server, with every failed
request and console error recorded (a page must make none)."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

import pytest

#: (width px, height px) of a phone and of a desk's window.
SIZES = {360: 740, 1280: 900}

#: Every way the issue asks a page to be tried: (width, colour scheme, origin).
WAYS = [pytest.param(width, scheme, origin, id=f"{width}-{scheme}-{origin}")
        for width, scheme, origin in itertools.product(SIZES, ("light", "dark"),
                                                        ("folder", "server"))]


@dataclass
class Watched:
    """A page and what went wrong while it loaded and ran."""

    page: object
    failed: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def clean(self) -> None:
        """Fail the test if a request failed or the console printed an error."""
        assert not self.failed, f"{self.page.url}: failed requests: {self.failed[:5]}"
        assert not self.errors, f"{self.page.url}: console errors: {self.errors[:5]}"


def watched(open_page, site, base_url, path: str, width: int, scheme: str,
            origin: str, init_script: str | None = None) -> Watched:
    """``path`` of the handbook (``index.html``, ``search.html?q=35-A``, with a ``#``
    part if wanted) opened at ``width`` in ``scheme`` from ``origin`` (``folder``: the
    built site's file:// URL; ``server``: the local server), then loaded again with every
    request failure (an error status too) and console error recorded, until the network
    is idle (the first load opens the context; ``init_script`` runs before the page's
    scripts on the second)."""
    url = f"{site.as_uri()}/{path}" if origin == "folder" else base_url + path
    page = open_page(url, viewport={"width": width, "height": SIZES[width]},
                     color_scheme=scheme)
    # the first load's late requests (the icon) end before the watch starts: a reload
    # would abort them, which is no failure of the page's
    page.wait_for_load_state("networkidle")
    seen = Watched(page)
    page.on("requestfailed", lambda r: None if _cancelled_icon(r)
            else seen.failed.append(f"{r.url}: {r.failure}"))
    page.on("response", lambda r: seen.failed.append(f"{r.url}: HTTP {r.status}")
            if r.status >= 400 else None)
    page.on("console", lambda m: seen.errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: seen.errors.append(str(error)))
    if init_script:
        page.add_init_script(init_script)
    page.reload(wait_until="networkidle")
    return seen


def _cancelled_icon(request) -> bool:
    """Chromium itself now and then cancels a page's icon download (``ERR_ABORTED``) when
    a page is loaded again; the icon is there (a missing one is an error status, which
    :func:`watched` records), and no page needs it."""
    return request.url.split("?")[0].endswith("/_static/floorbook-icon.svg") \
        and "ERR_ABORTED" in (request.failure or "")
