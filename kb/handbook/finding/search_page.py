"""What the search page knows without fetching a page: each result's snippet, and which
pages are for contributors; and a search field a phone can see (``rule:search-box``).

Sphinx's search page fetches every result's page to cut its snippet from the page's HTML
(``html_show_search_summary``).  Opened from the folder (``file://``) Chromium refuses
those requests, so every result made a failed request and showed no snippet.  Instead the
build keeps, for each page, the first words of its first paragraph and of the first one
after each place a result can point at (:func:`collect`, at ``doctree-read``, kept in the
environment as the finder's pages are), and writes them into the site's
``_static/floorbook-search-pages.js`` (:func:`page_data`), which the search page alone
loads and ``static/floorbook-search.js`` reads; the summary fetch is turned off.  No
request is made for a snippet, from a server or from the folder.

Contributor pages are a page whose metadata says ``audience: contributors`` (MyST front
matter) and every page its toctrees reach: they rank below the readers' pages.

>>> snippet_text("  A   first\\nparagraph  ")
'A first paragraph'
>>> len(snippet_text("word " * 100)) <= SNIPPET + 1
True
"""

from __future__ import annotations

from docutils import nodes
from sphinx import addnodes
from sphinx.util.docutils import SphinxDirective

from kb.files.writing import replace_file
from kb.handbook.finding.finder import script_setting
from kb.handbook.running import compat

#: A snippet's most characters (Sphinx's own summaries are about 240).
SNIPPET = 160
#: The search page's script in the site's ``_static``.
PAGES_FILE = "floorbook-search-pages.js"
#: The metadata that marks the page heading the contributors' section.
AUDIENCE = "audience"


def snippet_text(text: str) -> str:
    """``text`` on one line, cut at a word to at most :data:`SNIPPET` characters (an
    ellipsis says it was cut)."""
    words = " ".join(text.split())
    if len(words) <= SNIPPET:
        return words
    return words[:SNIPPET].rsplit(" ", 1)[0] + "…"


def collect(app, doctree: nodes.document) -> None:
    """``doctree-read``: the page's snippets: its first paragraph's words, and for each
    place a result can point at (a section or an object such as a provision, by its
    first id; an index entry's target, ``index-N``) the first paragraph at or after it."""
    docname = app.env.docname
    found: dict[str, str] = {}
    waiting: list[str] = []
    kinds = (nodes.section, nodes.target, addnodes.desc_signature, nodes.paragraph)
    for node in doctree.findall(lambda n: isinstance(n, kinds)):
        assert isinstance(node, nodes.Element)
        if isinstance(node, nodes.paragraph):
            text = node.astext()
            if text.strip():
                words = snippet_text(text)
                found.setdefault(docname, words)
                for place in waiting:
                    found.setdefault(f"{docname}#{place}", words)
                waiting.clear()
        elif not isinstance(node, nodes.target) and node["ids"]:
            waiting.append(node["ids"][0])          # a section, an object (a provision)
        else:
            waiting.extend(i for i in node["ids"] if i.startswith("index-"))
    _snippets(app.env)[docname] = found


def _snippets(env) -> dict[str, dict[str, str]]:
    if not hasattr(env, "floorbook_snippets"):
        env.floorbook_snippets = {}
    return env.floorbook_snippets


def purge(app, env, docname: str) -> None:
    """``env-purge-doc``: a page read again gives its snippets again."""
    _snippets(env).pop(docname, None)


def merge(app, env, docnames, other) -> None:
    """``env-merge-info``: the snippets a parallel reader collected."""
    theirs = _snippets(other)
    _snippets(env).update({d: theirs[d] for d in docnames if d in theirs})


def contributor_pages(env) -> list[str]:
    """The docnames of the contributors' section: each page whose metadata has
    ``audience: contributors`` and every page its toctrees reach, sorted.  Part of the
    site's search ranking, and what a printed handbook for readers leaves out."""
    heads = [d for d, meta in env.metadata.items()
             if str(meta.get(AUDIENCE, "")).strip().lower() == "contributors"]
    found, todo = set(), list(heads)
    while todo:
        doc = todo.pop()
        if doc not in found:
            found.add(doc)
            todo.extend(env.toctree_includes.get(doc, ()))
    return sorted(found)


def page_data(env) -> str:
    """The search page's script: ``window.floorbookSearchPages`` = ``{"texts": [snippet,
    ...], "places": {"docname" or "docname#id": index into texts}, "contributors":
    [docname, ...]}`` (a snippet is written once: a provision's shows on its edition page
    and others), escaped as the finder's index is (:func:`~kb.handbook.finding.finder.
    script_setting`: no data text closes a script element).

    >>> from types import SimpleNamespace
    >>> env = SimpleNamespace(floorbook_snippets={"a": {"a": "x<", "a#s": "x<"}},
    ...                       metadata={}, toctree_includes={})
    >>> page_data(env).split(" = ")[1]
    '{"texts":["x\\\\u003c"],"places":{"a":0,"a#s":0},"contributors":[]};\\n'
    """
    texts: dict[str, int] = {}
    places = {key: texts.setdefault(text, len(texts))
              for page in sorted(_snippets(env)) for key, text in _snippets(env)[page].items()}
    return script_setting("floorbookSearchPages", {
        "texts": list(texts), "places": places, "contributors": contributor_pages(env)})


def write_page_data(app, env) -> list[str]:
    """``env-get-updated``: the search page's script written into the site's ``_static``
    (:data:`PAGES_FILE`; a file, not inline in search.html, so the search page stays small
    and the table is cached), through a new file renamed into place (never through a link
    an earlier site left).  Every build writes the search page, so no page is returned."""
    if app.builder.format != "html":
        return []
    target = app.builder.outdir / "_static" / PAGES_FILE
    target.parent.mkdir(parents=True, exist_ok=True)
    replace_file(target, page_data(env).encode("utf-8"))
    # Sphinx memoises each asset's checksum by path: a second build in this process into
    # the same folder would name the table it replaced (search.html then differed from a
    # build from nothing after an edit)
    compat.forget_asset_checksums()
    return []


def add_page_data(app, pagename: str, templatename: str, context: dict, doctree) -> None:
    """``html-page-context``: the search page loads its snippets and contributor pages."""
    if templatename == "search.html":
        app.add_js_file(PAGES_FILE)


def no_fetched_summaries(app, config) -> None:
    """``config-inited``: with the handbook's scorer, no result fetches its page (the
    snippets come with the search page)."""
    from kb.handbook.finding.search import SCORER

    if str(config.html_search_scorer) == str(SCORER):
        config.html_show_search_summary = False


class search_box(nodes.General, nodes.Element):
    """A search field of its own (a phone's sidebar, and its search, is hidden)."""


class SearchBoxDirective(SphinxDirective):
    """``{rule:search-box}``: a search field that opens the site's search page."""

    def run(self) -> list[nodes.Node]:
        return [search_box()]


def visit_search_box_html(self, node: search_box) -> None:
    """A GET form to search.html (``q``), labelled for screen readers."""
    action = compat.relative_uri(self.builder.get_target_uri(self.builder.current_docname),
                                 self.builder.get_target_uri("search"))
    self.body.append(
        f'<form class="floorbook-search-box" action="{action}" method="get" role="search">'
        '<label for="floorbook-search-box-q">Search the handbook</label>'
        '<input type="search" id="floorbook-search-box-q" name="q" '
        'placeholder="35-A, boxed card, misdeal" autocomplete="off">'
        '<button type="submit">Search</button></form>')
    raise nodes.SkipNode


def skip(self, node) -> None:
    """Other builders: no search field on paper."""
    raise nodes.SkipNode


def setup(app) -> None:
    """Register the directive, its node and the events (called by :mod:`kb.handbook`)."""
    app.add_directive_to_domain("rule", "search-box", SearchBoxDirective)
    app.add_node(search_box, html=(visit_search_box_html, None), latex=(skip, None),
                 text=(skip, None), man=(skip, None), texinfo=(skip, None))
    app.connect("config-inited", no_fetched_summaries, priority=600)
    app.connect("doctree-read", collect)
    app.connect("env-purge-doc", purge)
    app.connect("env-merge-info", merge)
    app.connect("env-get-updated", write_page_data)
    app.connect("html-page-context", add_page_data)
    app.add_css_file("floorbook-search.css")     # every page may hold a search field
