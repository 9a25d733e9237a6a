r"""A data folder's own pages are input like its YAML: no raw HTML, no file from outside.

``floorbook build --data DIR`` renders the MyST pages of ``DIR/pages``, and a data folder
may come from anyone.  When the pages being built are the ``pages`` folder of the build's
data folder (``floorbook_data_dir``), this module

- turns off docutils' ``raw`` directive and file insertion (``include``,
  ``literalinclude``, ``csv-table :file:``): each is refused with a warning, which fails
  the build (warnings are errors);
- reads no docutils configuration file (a ``docutils.conf`` in the pages folder, which
  is refused, ``~/.docutils``, ``$DOCUTILSCONFIG``): one would apply after these settings
  and turn file insertion back on;
- refuses a page larger than :data:`PAGE_CAP` before it is read, and front matter that
  changes how MyST reads a page (``myst:``, ``html_meta``, ``substitutions``: the
  ``substitution`` extension runs Jinja templates, which can run any code);
- shows raw HTML that MyST passes through (an HTML block, inline ``<b>``) as text;
- refuses an image or a downloadable file outside the pages folder (``../../etc/passwd``
  would otherwise be copied into the site), and an image whose file name holds what
  LaTeX would read (``a}\input{b}{.png``: the PDF writes the name as it is), and an
  image or download of a kind not listed (:data:`PICTURES`, :data:`DOWNLOADS`; a browser
  runs script in SVG, HTML ...):
  opened from the site, as a scaled image's link does, it would run in its origin.

:mod:`kb.handbook.guard.untrusted_links` and :mod:`kb.handbook.guard.untrusted_graphviz` hold the
rest (links, remote images, math, meta tags, Graphviz).  The bundled handbook's pages and
floorbook's default pages are ours and are left alone.
"""

from __future__ import annotations

import re
from pathlib import Path
from weakref import WeakKeyDictionary

from docutils import nodes
from sphinx import addnodes
from sphinx.transforms import SphinxTransform
from sphinx.util import logging

from kb.handbook.data.store import data_dir
from kb.handbook.guard.addresses import remote, scheme
from kb.handbook.running import compat

logger = logging.getLogger(__name__)
#: Whether each build environment renders untrusted pages (decided at ``builder-inited``).
_UNTRUSTED: WeakKeyDictionary = WeakKeyDictionary()
#: The largest page (bytes) of a data folder that the build reads: a 20 MB page took
#: Sphinx 31 s and 957 MB before it failed.  floorbook's largest page is under 40 kB.
PAGE_CAP = 2**20
#: What an image's file name may hold: the printed handbook writes it into LaTeX as it is
#: (``\sphinxincludegraphics{{NAME}.png}``), where ``}``, ``{`` or ``\`` would be LaTeX.
IMAGE_NAME = re.compile(r"[\w .,+=@()*/-]+")
#: The kinds of file an untrusted page may publish as an image or a download: a list of
#: those allowed, not of those refused, since a browser runs script in more kinds than
#: any list of them names (.svg, .html, .shtm, .ehtml, .xht, .mhtml ...).
PICTURES = frozenset({".png", ".jpg", ".jpeg", ".gif", ".webp", ".avif", ".bmp", ".ico",
                      ".pdf"})
DOWNLOADS = PICTURES | frozenset({".txt", ".csv", ".tsv", ".yaml", ".yml", ".json", ".md",
                                  ".zip", ".gz", ".tgz", ".bz2", ".xz", ".odt", ".ods",
                                  ".docx", ".xlsx", ".epub"})
#: Front-matter keys that change how MyST reads the page (its settings, extensions).
FILE_SETTINGS = ("myst", "html_meta", "substitutions")


def untrusted(app) -> bool:
    """Whether this build renders the pages of its data folder (``<data>/pages``)."""
    data = data_dir(app)
    return data is not None and Path(app.srcdir).resolve() == (data / "pages").resolve()


def restricted(env) -> bool:
    """Whether the build environment ``env`` renders untrusted pages (known from its
    ``builder-inited``; False before).

    >>> class Environment: ...
    >>> restricted(Environment())
    False
    """
    return _UNTRUSTED.get(env, False)


def refuse(where, message: str, *args, subtype: str) -> None:
    """A floorbook warning at ``where`` (a node, ``(docname, line)`` or ``"file:line"``),
    which fails the build: ``message % args`` says what to do."""
    logger.warning("floorbook: " + message, *args, location=where, type="floorbook",
                   subtype=subtype)


def restrict(app) -> None:
    """``builder-inited``: no raw directive, no file insertion and no docutils
    configuration file in untrusted pages."""
    _UNTRUSTED[app.env] = untrusted(app)
    if _UNTRUSTED[app.env]:
        # docutils applies the config files it finds after these settings, so one in
        # the pages (Sphinx names <confdir>/docutils.conf) would turn file insertion on
        app.env.settings.update(raw_enabled=False, file_insertion_enabled=False,
                                _disable_config=True)
        conf = Path(app.srcdir) / "docutils.conf"
        if conf.exists() or conf.is_symlink():
            refuse(f"{conf}:1", "a docutils configuration file is not read in a data "
                   "folder's pages; remove it", subtype="docutils-conf")


def cap_pages(app, env, docnames: list[str]) -> None:
    """``env-before-read-docs``: refuse, unread, a page larger than :data:`PAGE_CAP`."""
    if not restricted(env):
        return
    for docname in list(docnames):
        size = Path(env.doc2path(docname)).stat().st_size
        if size > PAGE_CAP:
            refuse((docname, 1), "the page is %d bytes, more than the %d a page may have; "
                   "split it into pages", size, PAGE_CAP, subtype="page-size")
            docnames.remove(docname)
            env.found_docs.discard(docname)


def front_matter(app, docname: str, source: list[str]) -> None:
    """``source-read``: refuse the front-matter keys of :data:`FILE_SETTINGS` in an
    untrusted MyST page, and read the page without its front matter."""
    if not restricted(app.env) or Path(app.env.doc2path(docname)).suffix != ".md":
        return
    matter = compat.front_matter(source[0])   # {} if unreadable: MyST reports it
    keys = [key for key in matter if key in FILE_SETTINGS]
    if not keys:
        return
    lines = source[0].split("\n")
    end = next((n for n, line in enumerate(lines[1:], 1)
                if line.startswith(("---", "..."))), len(lines) - 1)
    for key in keys:
        line = next((n for n, text in enumerate(lines[:end], 1)
                     if text.startswith(f"{key}:")), 1)
        refuse((docname, line), "the front matter's %r would change how the page is read "
               "(MyST's settings and extensions); a data folder's pages are read with "
               "floorbook's: remove it", key, subtype="front-matter")
    source[0] = "\n" * (end + 1) + "\n".join(lines[end + 1:])


class UntrustedPages(SphinxTransform):
    """Raw HTML as text; images and downloads only from inside the pages folder."""

    default_priority = 100          # before Sphinx collects images and downloads

    def apply(self, **kwargs) -> None:
        if not restricted(self.env):
            return
        raws, files = self._found()
        for raw in raws:
            text = nodes.Text(raw.astext())
            inline = isinstance(raw.parent, nodes.TextElement)
            raw.replace_self(text if inline else nodes.paragraph("", "", text))
        for node, target in files:
            if remote(target) or scheme(target):
                continue              # not a file of this machine: untrusted_links' work
            # anything else is a path, "sub/a:b/../../etc/passwd" included
            problem = self._problem(node, target)
            if problem:
                refuse(node, "%r %s", target, problem[0], subtype=problem[1])
                node.replace_self(nodes.inline(target, target))  # keeps its classes

    def _problem(self, node: nodes.Node, target: str) -> tuple[str, str] | None:
        """Why the image or download ``target`` of ``node`` is refused (the warning's
        words and subtype), or None."""
        pages = Path(self.env.srcdir).resolve()
        path = Path(self.env.relfn2path(target, self.env.docname)[1]).resolve()
        if path != pages and pages not in path.parents:
            return (f"is outside the pages folder {pages}; keep images and files in it",
                    "outside-pages")
        if isinstance(node, nodes.image) and not IMAGE_NAME.fullmatch(target):
            return ("has a name the printed handbook would read as LaTeX; rename it with "
                    "letters, digits, spaces and . , + = @ ( ) - _", "image-name")
        # pic.* is whichever pic.<type> Sphinx finds: SVG first for HTML
        found = path.parent.glob(path.name) if "*" in path.name else [path]
        allowed = PICTURES if isinstance(node, nodes.image) else DOWNLOADS
        if any(file.suffix.lower() not in allowed for file in found):
            return ("is not a kind of file a data folder's pages may publish (a browser "
                    "runs script in SVG, HTML, XML and more, in the site's origin): use "
                    f"one of {' '.join(sorted(allowed))}", "active-file")
        return None

    def _found(self) -> tuple[list[nodes.raw], list[tuple[nodes.Element, str]]]:
        """The page's raw nodes, and its images then its downloads with their targets,
        each in the page's order: one walk of the page, not three (a walk of an edition
        page's 4,000 nodes is about 2 ms, and a rebuild's every transform walks it)."""
        raws: list[nodes.raw] = []
        images: list[tuple[nodes.Element, str]] = []
        downloads: list[tuple[nodes.Element, str]] = []
        for node in self.document.findall(nodes.Element):
            if isinstance(node, nodes.raw):
                raws.append(node)
            elif isinstance(node, nodes.image):
                images.append((node, node.get("uri", "")))
            elif isinstance(node, addnodes.download_reference):
                downloads.append((node, node.get("reftarget", "")))
        return raws, images + downloads


def setup(app) -> None:
    """Register the restriction (called by :func:`kb.handbook.setup`)."""
    app.connect("builder-inited", restrict)
    app.connect("env-before-read-docs", cap_pages)
    app.connect("source-read", front_matter)
    app.add_transform(UntrustedPages)
