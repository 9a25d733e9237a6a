"""The site's front page links to the printed handbook when the site folder holds it.

``floorbook build`` sets the config value ``floorbook_pdf`` to the PDF's file name when
the build prints it (``--pdf``) or keeps an earlier one; the HTML builder then puts a
line under the front page's introduction linking to it, and says nothing of a PDF
otherwise.  The line is added when pages are written (:class:`PdfLink`), so switching it
on or off reads no page again: :func:`rewrite_front_page` only writes the front page anew.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.transforms.post_transforms import SphinxPostTransform

#: The words before the link.
WORDS = "Printed: the whole handbook as one PDF for the binder on the podium, "


class PdfLink(SphinxPostTransform):
    """On the root page, after the first paragraph: :data:`WORDS` and a link to the PDF
    named by ``floorbook_pdf`` (nothing when it is empty)."""

    default_priority = 200
    formats = ("html",)

    def run(self, **kwargs) -> None:
        name = self.config.floorbook_pdf
        if not name or self.env.docname != self.config.root_doc:
            return
        first = next(self.document.findall(nodes.paragraph), None)
        if first is None or first.parent is None:
            return
        link = nodes.reference(name, name, refuri=name, classes=["floorbook-pdf"])
        line = nodes.paragraph("", "", nodes.Text(WORDS), link, nodes.Text("."),
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
    app.add_config_value("floorbook_pdf", "", "", types=frozenset({str}))
    app.add_post_transform(PdfLink)
    app.connect("env-updated", rewrite_front_page)
