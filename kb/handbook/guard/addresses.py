r"""How a browser reads an address in a page: its scheme, whether a link may stay in an
untrusted page (:mod:`kb.handbook.guard.untrusted_links`) and whether an image or file is
fetched from elsewhere or is a path of this machine (:mod:`kb.handbook.guard.untrusted`).

>>> [safe_link(t) for t in ("https://x.org", "../a.html#b", "mailto:a@b.org", "#top")]
[True, True, True, True]
>>> [safe_link(t) for t in (" JaVaScRiPt:alert(1)", "java\tscript:x", "data:text/html,x",
...                         "vbscript:x", "javascript&colon;x", "ftp://x.org")]
[False, False, False, False, False, False]
>>> [remote(t) for t in ("https://x.org/a.png", "//x.org/a.png", "\\\\x.org\\\\a.png",
...                      "pictures/a.png", "data:image/png;base64,AA==")]
[True, True, True, False, False]
"""

from __future__ import annotations

import html
import re

#: What a browser ignores in a URL (ASCII controls and spaces: it strips them at the
#: ends and drops tabs and newlines anywhere); all are dropped before the scheme is read.
_IGNORED = re.compile(r"[\x00-\x20\x7f]+")
_SCHEME = re.compile(r"([a-z][a-z0-9+.-]*):")
#: The schemes a link of an untrusted page may have ("" is a relative link).
LINK_SCHEMES = frozenset({"", "http", "https", "mailto"})


def _normal(target: str) -> str:
    """``target`` as a browser reads an attribute's value: entities decoded, the
    characters it ignores dropped, lower case."""
    return _IGNORED.sub("", html.unescape(target)).lower()


def scheme(target: str) -> str:
    r"""The scheme of the URL ``target`` as a browser reads it ("" if it has none).

    >>> scheme(" Java\nScript:x"), scheme("a/b:c"), scheme("HTTPS://x")
    ('javascript', '', 'https')
    """
    found = _SCHEME.match(_normal(target))
    return found.group(1) if found else ""


def safe_link(target: str) -> bool:
    """Whether ``target`` is an http, https, mailto or relative link."""
    return scheme(target) in LINK_SCHEMES


def remote(target: str) -> bool:
    r"""Whether the image ``target`` is fetched from elsewhere than the site (a scheme
    other than ``data:``, or a host: ``//host``, ``\\host``)."""
    normal = _normal(target).replace("\\", "/")
    return normal.startswith("//") or scheme(target) not in ("", "data")
