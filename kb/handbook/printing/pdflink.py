"""The site's front page links to the printed handbook when the site folder holds it.

``floorbook build`` sets the config value ``floorbook_pdf`` to the PDF's file name when
the build prints it (``--pdf``) or keeps an earlier one; the HTML builder then puts a
line under the front page's introduction linking to it, and says nothing of a PDF
otherwise.  The line is added when pages are written (:class:`PdfLink`), so switching it
on or off reads no page again: :func:`rewrite_front_page` only writes the front page anew.

A kept PDF printed from other pages or data than the site's (a plain build after an
edit) is out of date: the value is then the name and :data:`STALE` (``"floorbook.pdf
stale"``), and the line says the PDF is older than the pages.  What the PDF was printed
from is the digest :func:`record_printed` keeps beside the site (:func:`printed_from`).
"""

from __future__ import annotations

import os
from pathlib import Path

from docutils import nodes
from sphinx.transforms.post_transforms import SphinxPostTransform

from kb.files.writing import replace_file

#: The words before the link.
WORDS = "Printed: the whole handbook as one PDF for the binder on the podium, "
#: The mark after the file name of a PDF printed from other sources than the site's.
STALE = "stale"
#: The words after the link to such a PDF.
OUT_OF_DATE = (" (printed before the pages or data last changed, so it may not match "
               "them: floorbook build --pdf prints it again)")
#: The file beside the site (``.<site>.pdf-inputs``) holding what its PDF was printed from.
RECORD = ".{name}.pdf-inputs"


def record_path(site: Path) -> Path:
    """Where the digest of what the PDF in ``site`` was printed from is kept: beside the
    site, as its doctrees are (a build replaces the site folder, and removes a file of
    its own there).

    >>> record_path(Path("/tmp/x/site")).name
    '.site.pdf-inputs'
    """
    site = Path(os.path.abspath(site))
    return site.parent / RECORD.format(name=site.name)


def record_printed(site: Path, inputs: str) -> None:
    """Keep ``inputs`` (a digest of the pages, data and code,
    :func:`kb.handbook.data.uptodate.inputs_digest`) as what the PDF just printed into
    ``site`` was printed from."""
    replace_file(record_path(site), inputs.encode())


def printed_from(site: Path) -> str:
    """The digest :func:`record_printed` kept for ``site``'s PDF; ``""`` if none (a PDF
    printed before floorbook kept one, or a site copied without it: out of date, for
    all the build can tell)."""
    try:
        return record_path(site).read_text(encoding="utf-8")[:200]
    except (OSError, UnicodeDecodeError):
        return ""


class PdfLink(SphinxPostTransform):
    """On the root page, after the first paragraph: :data:`WORDS` and a link to the PDF
    named by ``floorbook_pdf`` (nothing when it is empty), and :data:`OUT_OF_DATE` when
    the name is followed by :data:`STALE`."""

    default_priority = 200
    formats = ("html",)

    def run(self, **kwargs) -> None:
        name, _, mark = self.config.floorbook_pdf.partition(" ")
        if not name or self.env.docname != self.config.root_doc:
            return
        first = next(self.document.findall(nodes.paragraph), None)
        if first is None or first.parent is None:
            return
        link = nodes.reference(name, name, refuri=name, classes=["floorbook-pdf"])
        line = nodes.paragraph("", "", nodes.Text(WORDS), link,
                               nodes.Text((OUT_OF_DATE if mark == STALE else "") + "."),
                               classes=["floorbook-pdf-line"])
        first.parent.insert(first.parent.index(first) + 1, line)


def rewrite_front_page(app, env) -> list[str]:
    """``env-updated``: the root page, when ``floorbook_pdf`` changed since the last
    build (kept in the environment), so that its line comes or goes."""
    if getattr(app.builder, "format", "") != "html":
        return []
    before = getattr(env, "floorbook_pdf_linked", None)
    env.floorbook_pdf_linked = app.config.floorbook_pdf
    return [app.config.root_doc] if before != app.config.floorbook_pdf else []


def setup(app) -> None:
    """The config value ``floorbook_pdf`` ("" : no PDF), :class:`PdfLink` and
    :func:`rewrite_front_page`."""
    app.add_config_value("floorbook_pdf", "", "", types=frozenset({str}))   # name [stale]
    app.add_post_transform(PdfLink)
    app.connect("env-updated", rewrite_front_page)
