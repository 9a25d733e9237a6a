"""A data folder's own pages are input like its YAML: no raw HTML, no file from outside.

``floorbook build --data DIR`` renders the MyST pages of ``DIR/pages``, and a data folder
may come from anyone.  When the pages being built are the ``pages`` folder of the build's
data folder (``floorbook_data_dir``), this module

- turns off docutils' ``raw`` directive and file insertion (``include``,
  ``literalinclude``, ``csv-table :file:``): each is refused with a warning, which fails
  the build (warnings are errors);
- shows raw HTML that MyST passes through (an HTML block, inline ``<b>``) as text;
- refuses an image or a downloadable file outside the pages folder (``../../etc/passwd``
  would otherwise be copied into the site).

The bundled handbook's pages and floorbook's default pages are ours and are left alone.
"""

from __future__ import annotations

from pathlib import Path
from weakref import WeakKeyDictionary

from docutils import nodes
from sphinx import addnodes
from sphinx.transforms import SphinxTransform
from sphinx.util import logging

from kb.handbook.store import data_dir

logger = logging.getLogger(__name__)
#: Whether each build environment renders untrusted pages (decided at ``builder-inited``).
_UNTRUSTED: WeakKeyDictionary = WeakKeyDictionary()


def untrusted(app) -> bool:
    """Whether this build renders the pages of its data folder (``<data>/pages``)."""
    data = data_dir(app)
    return data is not None and Path(app.srcdir).resolve() == (data / "pages").resolve()


def restrict(app) -> None:
    """``builder-inited``: no raw directive and no file insertion in untrusted pages."""
    _UNTRUSTED[app.env] = untrusted(app)
    if _UNTRUSTED[app.env]:
        app.env.settings.update(raw_enabled=False, file_insertion_enabled=False)


class UntrustedPages(SphinxTransform):
    """Raw HTML as text; images and downloads only from inside the pages folder."""

    default_priority = 100          # before Sphinx collects images and downloads

    def apply(self, **kwargs) -> None:
        if not _UNTRUSTED.get(self.env, False):
            return
        for raw in list(self.document.findall(nodes.raw)):
            text = nodes.Text(raw.astext())
            inline = isinstance(raw.parent, nodes.TextElement)
            raw.replace_self(text if inline else nodes.paragraph("", "", text))
        pages = Path(self.env.srcdir).resolve()
        for node, target in self._files():
            if "://" in target or target.startswith("data:"):
                continue                          # not a file of this machine
            path = Path(self.env.relfn2path(target, self.env.docname)[1]).resolve()
            if path != pages and pages not in path.parents:
                logger.warning("floorbook: %r is outside the pages folder %s; keep images "
                               "and files in it", target, pages, location=node,
                               type="floorbook", subtype="outside-pages")
                node.replace_self(nodes.Text(target))

    def _files(self):
        for image in self.document.findall(nodes.image):
            yield image, image.get("uri", "")
        for download in self.document.findall(addnodes.download_reference):
            yield download, download.get("reftarget", "")


def setup(app) -> None:
    """Register the restriction (called by :func:`kb.handbook.setup`)."""
    app.connect("builder-inited", restrict)
    app.add_transform(UntrustedPages)
