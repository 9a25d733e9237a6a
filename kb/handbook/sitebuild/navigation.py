"""furo's navigation tree computed once per build instead of once per page.

furo draws the whole site's table of contents in every page's sidebar: for each page it
asks Sphinx for the global toctree relative to that page (Sphinx copies and resolves every
page's toctree entries, provisions included, before pruning them to titles) and reworks
the HTML with BeautifulSoup.  That cost grows with the number of pages for every page, so
the build was quadratic in pages (at 10 times the data, most of the write phase).  The
tree differs from page to page only in its links, which are relative to the page, and in
the branch leading to the page, which is marked current (and its checkboxes checked).

So the tree is computed once, furo's way, for the root page (where nothing is current),
cut into its tags, and each page gets it with its links made relative to it and its
branch marked exactly as Sphinx and furo mark it.  Where the tree is not of the shape
expected (an entry of the root page itself, a link this module cannot map back to a
page), furo computes every page's tree itself, as before.  tests/test_navigation.py
compares the result with furo's own on every page of a built handbook.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from html import unescape

from sphinx.util import logging

from kb.handbook.running import compat

logger = logging.getLogger(__name__)

#: The keyword arguments furo passes to the page's ``toctree`` for its navigation tree.
FURO_CALL = {"collapse": False, "titles_only": True, "maxdepth": -1, "includehidden": True}

_TAG = re.compile(r'<(/?)(ul|li|a|input)\b([^>]*)>')
_CLASS = re.compile(r'\bclass="([^"]*)"')
_HREF = re.compile(r'\bhref="([^"]*)"')
_CURRENT = re.compile(r'\bclass="[^"]*\bcurrent\b')


@dataclass
class Tree:
    """The navigation tree as literal text and tags; ``lis`` maps each list item's tag
    index to (its parent item or None, the index of its list's ``<ul>``, of its link and
    of its checkbox or None); ``links`` maps a link's tag index to (docname, anchor)."""

    parts: list = field(default_factory=list)
    lis: dict[int, list] = field(default_factory=dict)
    links: dict[int, tuple[str, str]] = field(default_factory=dict)
    by_doc: dict[str, list[int]] = field(default_factory=dict)


def parse(html: str, docnames: dict[str, str]) -> Tree | None:
    """``html`` (furo's tree for the root page; ``docnames`` maps a page's URI from the
    root to its docname) cut into a :class:`Tree`; None if it is not of the shape
    this module can redraw."""
    if _CURRENT.search(html):
        return None
    tree, at = Tree(), 0
    stack: list[int] = []
    lists: list[int] = []
    for match in _TAG.finditer(html):
        tree.parts.append(html[at:match.start()])
        at, index = match.end(), len(tree.parts)
        closing, name, attributes = match.groups()
        tree.parts.append(match.group(0))
        if not _tag(tree, index, closing, name, attributes, stack, lists, docnames):
            return None
    tree.parts.append(html[at:])
    return tree if not stack else None


def _tag(tree: Tree, index: int, closing: str, name: str, attributes: str,
         stack: list, lists: list, docnames: dict[str, str]) -> bool:
    if name == "ul":
        lists.pop() if closing else lists.append(index)
    elif name == "li" and closing:
        stack.pop()
    elif name == "li":
        tree.lis[index] = [stack[-1] if stack else None, lists[-1] if lists else None,
                           None, None]
        stack.append(index)
    elif name == "a" and not closing:
        if not stack or tree.lis[stack[-1]][2] is not None:
            return False                            # a link outside an item's own
        href = _HREF.search(attributes)
        if href is None or not _link(tree, index, href.group(1), docnames):
            return False
        tree.lis[stack[-1]][2] = index
    elif name == "input" and stack:
        tree.lis[stack[-1]][3] = index
    return True


def _link(tree: Tree, index: int, href: str, docnames: dict[str, str]) -> bool:
    if "://" in href or href.startswith("mailto:"):
        return True                                 # an external link is the same anywhere
    if "&" in href:
        return False                                # an escaped name: not redrawn here
    uri, _, anchor = unescape(href).partition("#")
    if uri not in docnames:
        return False
    tree.links[index] = (docnames[uri], f"#{anchor}" if anchor else "")
    tree.by_doc.setdefault(docnames[uri], []).append(index)
    return True


def draw(tree: Tree, page: str, relative) -> str:
    """The tree as furo draws it on ``page``: links relative to it (``relative(page,
    docname)`` is the builder's ``get_relative_uri``), the items leading to the page
    marked ``current`` with their lists and checkboxes, the deepest ``current-page``."""
    items = [li for li, (_, _, link, _) in tree.lis.items()
             if link in tree.links and tree.links[link] == (page, "")]
    branch: set[int] = set()
    for li in items:
        while li is not None and li not in branch:
            branch.add(li)
            li = tree.lis[li][0]
    lists = {tree.lis[li][1] for li in branch}
    checkboxes = {tree.lis[li][3] for li in branch}
    here = {tree.lis[li][2] for li in items}
    deepest = max(branch) if branch else None
    parts = list(tree.parts)
    for index, (docname, anchor) in tree.links.items():
        href = _escape((relative(page, docname) + anchor) or "#")
        current = "current " if index in here else ""
        tag = _HREF.sub(lambda _: f'href="{href}"', parts[index], 1)   # noqa: B023 (used now)
        parts[index] = _set_class(tag, lambda words: current + words)  # noqa: B023
    for li in branch:
        parts[li] = _set_class(parts[li], lambda words: _current(words, li == deepest))  # noqa: B023
    for ul in lists - {None}:
        parts[ul] = (_set_class(parts[ul], lambda words: f"{words} current")
                     if _CLASS.search(parts[ul]) else '<ul class="current">')
    for box in checkboxes - {None}:
        parts[box] = parts[box].replace(' class="', ' checked="" class="', 1)
    return "".join(parts)


def _set_class(tag: str, change: Callable[[str], str]) -> str:
    """``tag`` with its class attribute's words replaced by ``change(words)``."""
    return _CLASS.sub(lambda match: f'class="{change(match.group(1))}"', tag, 1)


def _current(classes: str, deepest: bool) -> str:
    """An item's classes on the current branch: Sphinx's ``current`` after its own
    classes and before furo's ``has-children``; furo's ``current-page`` last."""
    words = classes.split()
    at = words.index("has-children") if "has-children" in words else len(words)
    words.insert(at, "current")
    return " ".join(words + (["current-page"] if deepest else []))


def _escape(href: str) -> str:
    return href.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")


def setup(app) -> dict:
    """An extension of its own (``kb.handbook`` sets it up): before furo's
    ``html-page-context`` handler (priority 500) the page's ``toctree`` answers furo's
    call with nothing (so furo does no work), and after it the page's tree is put in
    ``furo_navigation_tree``."""
    app.connect("builder-inited", _reset)
    app.connect("html-page-context", _before_furo, priority=400)
    app.connect("html-page-context", _after_furo, priority=600)
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True}


def _reset(app) -> None:
    app.builder._floorbook_navigation = None


def _base(app) -> Tree | None:
    """The tree of this build (computed on the first page), or None: furo draws it."""
    builder = app.builder
    cached = getattr(builder, "_floorbook_navigation", None)
    if cached is None:
        cached = False                               # tried: furo draws it
        try:
            root = app.config.root_doc
            html = compat.furo_navigation_tree(compat.local_toctree(builder, root, **FURO_CALL))
            docnames = {builder.get_target_uri(d): d for d in app.env.all_docs}
            cached = parse(html, docnames) or False
        except (ImportError, AttributeError, TypeError) as error:  # another furo or Sphinx
            logger.info("floorbook: furo draws the navigation itself (%s)", error)
        builder._floorbook_navigation = cached
    return cached if isinstance(cached, Tree) else None


def _before_furo(app, pagename, templatename, context, doctree) -> None:
    if "toctree" not in context or _base(app) is None:
        return
    own = context["toctree"]

    def toctree(**kwargs):
        return "" if kwargs == FURO_CALL else own(**kwargs)
    context["toctree"] = toctree
    context["_floorbook_navigation"] = True


def _after_furo(app, pagename, templatename, context, doctree) -> None:
    tree = _base(app)
    if context.pop("_floorbook_navigation", False) and tree is not None:
        context["furo_navigation_tree"] = draw(tree, pagename, app.builder.get_relative_uri)
