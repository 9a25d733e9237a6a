r"""What in an untrusted page would run script or make a request that leaves the site.

In the pages of a data folder (:func:`kb.handbook.guard.untrusted.restricted`), a transform
refuses, each with a warning that fails the build, and takes out of the page:

- a link whose target is not http, https, mailto or relative (``javascript:``,
  ``data:``, ``vbscript:`` ... however written: ``JaVaScRiPt:``, ``java&#9;script:``):
  the ``refuri`` of every reference and target (RST references, sphinx-design buttons
  and cards, a figure's ``:target:``), a toctree's entries and a download;
- an image from outside the site (``https://...``, ``//host/...``);
- math (``{math}``, ``.. math::``, ``$...$``): it goes to LaTeX verbatim (``\input``
  reads any file into the PDF) and makes Sphinx load MathJax from a CDN;
- ``.. tabularcolumns::``, whose argument goes to LaTeX verbatim too;
- a ``<meta>`` tag other than ``name``/``content`` (``http-equiv="refresh"`` sends the
  reader elsewhere), from ``.. meta::`` or MyST's ``html_meta``.
"""

from __future__ import annotations

import re

from docutils import nodes
from sphinx import addnodes
from sphinx.transforms import SphinxTransform

from kb.handbook.guard.addresses import remote, safe_link, scheme  # also this module's names
from kb.handbook.guard.untrusted import refuse, restricted

#: What a refused link's warning says to do.
LINKS_ONLY = "a data folder's pages may link to http, https, mailto and relative addresses only"


class UntrustedLinks(SphinxTransform):
    """Refuse and take out the links, images, math and meta tags of the module's list."""

    # after docutils gives references their targets' URIs (ExternalTargets, 640), before
    # Sphinx's doctree-read (880) collects images and tables of contents
    default_priority = 870

    def apply(self, **kwargs) -> None:
        if not restricted(self.env):
            return
        self.refused: set[tuple[int, str]] = set()   # an embedded URI is a reference and a target
        self.line = 0
        for node in list(self.document.findall(nodes.Element)):
            # a node without a line (sphinx-design's card image) is placed at the last
            # line seen before it
            self.line = node.line or self.line
            where = node if node.line else (self.env.docname, self.line)
            if isinstance(node, addnodes.download_reference):   # a reference too
                self._download(node, where)
            elif "refuri" in node.attributes:   # a reference, a target, any other
                self._link(node, where)
            elif isinstance(node, nodes.image):
                self._image(node, where)
            elif isinstance(node, addnodes.toctree):
                self._toctree(node, where)
            elif isinstance(node, (nodes.math, nodes.math_block)):
                refuse(where, "math is not allowed in a data folder's pages (it goes to "
                       "LaTeX as written and loads MathJax from elsewhere); write it as "
                       "text or code", subtype="math")
                node.replace_self(nodes.literal(node.astext(), node.astext()))
            elif isinstance(node, addnodes.tabular_col_spec):
                refuse(where, "tabularcolumns is not allowed in a data folder's pages (it "
                       "goes to LaTeX as written); remove it", subtype="latex")
                node.parent.remove(node)
            elif isinstance(node, nodes.meta):
                self._meta(node, where)

    def _link(self, node: nodes.Element, where) -> None:
        target = node.get("refuri", "")
        if target and not safe_link(target):
            if (self.line, target) not in self.refused:
                self.refused.add((self.line, target))
                refuse(where, "the link %r is refused: %s", target, LINKS_ONLY,
                       subtype="link")
            del node["refuri"]
            if isinstance(node, nodes.reference):
                node.replace_self(nodes.inline("", "", *node.children))

    def _download(self, node: nodes.Element, where) -> None:
        target = node.get("reftarget", "")
        if scheme(target) and not safe_link(target):
            refuse(where, "the link %r is refused: %s", target, LINKS_ONLY,
                   subtype="link")
            node.replace_self(nodes.inline("", "", *node.children))

    def _image(self, node: nodes.Element, where) -> None:
        target = node.get("uri", "")
        if remote(target):
            refuse(where, "the image %r is refused: a data folder's pages show images "
                   "from their own folder only (a remote one is a request to another "
                   "site); copy it into the pages folder", target, subtype="remote-image")
            node.replace_self(nodes.inline(target, target))

    def _toctree(self, node: nodes.Element, where) -> None:
        kept: list[tuple[str | None, str]] = []
        entries: list[tuple[str | None, str]] = node.get("entries", [])
        for title, ref in entries:
            if safe_link(ref):
                kept.append((title, ref))
            else:
                refuse(where, "the toctree entry %r is refused: %s", ref, LINKS_ONLY,
                       subtype="link")
        entries[:] = kept        # in place: the page's table of contents shares the list

    def _meta(self, node: nodes.Element, where) -> None:
        extra = sorted(set(node.non_default_attributes()) - {"name", "content"})
        if extra:
            refuse(where, "a meta tag with %s is refused in a data folder's pages "
                   "(http-equiv=\"refresh\" sends the reader elsewhere); keep name and "
                   "content only", ", ".join(extra), subtype="meta")
            node.parent.remove(node)


#: An address in written HTML: the attribute's name and its value (quoted, as Sphinx
#: writes them).
_HTML_ADDRESS = re.compile(r"""\s(href|src|xlink:href|action|formaction|poster|data)\s*=\s*"""
                           r"""(?:"([^"]*)"|'([^']*)')""", re.I)


def unsafe_addresses(html_text: str) -> list[str]:
    """The addresses of the HTML ``html_text`` that an untrusted page may not hold: a
    link that is not http, https, mailto or relative, a source from another site.

    >>> unsafe_addresses('<a href="a.html">x</a><img src="https://x.org/a.png"/>'
    ...                  '<a href="JAVA&#x0A;SCRIPT:x">y</a>')
    ['https://x.org/a.png', 'JAVA&#x0A;SCRIPT:x']
    """
    found = []
    for name, double, single in _HTML_ADDRESS.findall(html_text):
        address = double or single
        source = name.lower() not in ("href", "xlink:href")
        if (remote(address) if source else not safe_link(address)):
            found.append(address)
    return found


def check_written_page(app, pagename: str, templatename: str, context: dict,
                       doctree) -> None:
    """``html-page-context``: the body of an untrusted page, as written, holds no unsafe
    address (what the transforms take out; whatever they missed fails the build here)."""
    if not restricted(app.env) or doctree is None:
        return
    for address in unsafe_addresses(context.get("body", "")):
        refuse(pagename, "the written page holds the address %r: %s", address, LINKS_ONLY,
               subtype="link")
    if "http-equiv" in context.get("metatags", "").lower():
        refuse(pagename, "the written page holds a meta tag with http-equiv; keep name "
               "and content only", subtype="meta")


def setup(app) -> None:
    """Register the transform (called by :func:`kb.handbook.setup`)."""
    app.add_transform(UntrustedLinks)
    app.connect("html-page-context", check_written_page)
