"""The "Find a ruling" page: the ``rule:finder`` directive, its HTML, and the index
(:mod:`kb.handbook.finding.finder`) written into the site as ``_static/floorbook-finder-index.js``.

The page works with no server and no network, also opened from ``file://``: the index is
a script that sets ``window.floorbookFinderIndex`` (no ``fetch``), and
``_static/floorbook-finder.js`` draws the choices and the results from it with DOM nodes
and ``textContent`` only, so no text from a data file is ever parsed as HTML.  Both
scripts, and ``floorbook-finder.css``, are added to the pages that hold the directive only.

The DOM, for tests and styles (``<facet>`` is ``game``, ``irregularity`` or ``found``;
``<value>`` a facet value of :data:`kb.handbook.finding.finder.FACETS`):

``#floorbook-finder``
    the container; ``data-root`` is the relative path to the site's root.
``#finder-facet-<facet>``
    a ``fieldset.finder-facet`` (``data-facet``) of radio buttons named ``<facet>``, each
    ``input#finder-<facet>-<value>`` in a ``label.finder-choice`` with
    ``.finder-choice-label``, ``.finder-choice-count`` (how many scenarios that choice
    would match, the other facets' choices kept) and ``.finder-choice-meaning`` (what it
    means, shown: touch screens have no tooltips); the first value is ``any``; a finer
    choice (``exposed-first-two`` under ``exposed``) is a ``label.finder-choice-finer``.
``#finder-reset``
    the button that clears every choice.
``#finder-count``
    "N scenarios match" (``data-count`` holds N; ``aria-live``).
``#finder-results``
    an ``ol``; each ``li.finder-result`` (``data-scenario`` = the scenario id; a
    sphinx-design card, ``sd-card``, its content in ``.sd-card-body``) holds
    ``a.finder-result-link`` (to the scenario's row, ``<topic page>#ruling-<id>``),
    ``.finder-result-setting``, ``.finder-differ`` ("books differ", where the books
    agree on the remedy word but not on what the dealer does), ``ul.finder-remedies``
    with one ``li.finder-remedy`` per rulebook (``data-rulebook`` and ``data-book``, the
    book chooser's mark, both the rulebook id; ``data-remedy``) holding ``.finder-book``,
    ``.finder-answer`` (what the dealer does now, one sentence per floor call), the
    badge ``.finder-badge`` (sphinx-design's ``sd-badge`` classes), ``.finder-cite``,
    for a misdeal ``.finder-unknown`` (no cards of the new deal are shown) and
    ``.finder-decided``; then ``.finder-also`` with ``a.finder-topic-link`` to the other
    topics' rows.
``.floorbook-book-chooser``
    where the book chooser (``window.floorbookBooks``, floorbook-books.js) draws itself;
    a book it hides has its lines hidden.  Without it every book is shown.

The choices also live in the address (``#game=holdem&found=after-pot``), so a link can
open the page with choices made.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from kb.handbook.data.store import handbook
from kb.handbook.finding import finder
from kb.handbook.running import compat

logger = logging.getLogger(__name__)

INDEX_FILE = "floorbook-finder-index.js"
SCRIPT_FILE = "floorbook-finder.js"
STYLE_FILE = "floorbook-finder.css"


class finder_node(nodes.General, nodes.Element):
    """Where the finder's choices and results go (drawn by the page's script)."""


class FinderDirective(SphinxDirective):
    """``{rule:finder}``: the finder, then what each choice means."""

    def run(self) -> list[nodes.Node]:
        pages = _pages(self.env)
        pages.add(self.env.docname)
        return [finder_node(), *_meanings()]


def _meanings() -> list[nodes.Node]:
    """What each choice means, as a rubric and a definition list per facet (our text)."""
    found: list[nodes.Node] = []
    for facet, label, values in finder.FACETS:
        if facet == "game":
            continue
        found.append(nodes.rubric(label, label))
        terms = nodes.definition_list(classes=["finder-meanings"])
        for _, name, meaning in values:
            item = nodes.definition_list_item()
            item += nodes.term(name, name)
            item += nodes.definition("", nodes.paragraph(meaning, meaning))
            terms += item
        found.append(terms)
    return found


def _pages(env) -> set[str]:
    """The pages holding the finder, kept in the environment (so incremental builds and
    parallel reads know them: :func:`purge`, :func:`merge`)."""
    if not hasattr(env, "floorbook_finder_pages"):
        env.floorbook_finder_pages = set()
    return env.floorbook_finder_pages


def purge(app, env, docname: str) -> None:
    """``env-purge-doc``: a page read again declares its finder again."""
    _pages(env).discard(docname)


def merge(app, env, docnames, other) -> None:
    """``env-merge-info``: the finder pages a parallel reader found."""
    _pages(env).update(_pages(other) & set(docnames))


def visit_finder_html(self, node: finder_node) -> None:
    """The finder's frame: the choices and the results are drawn by the script; without
    scripts the reader is sent to the topic pages' matrices, which hold the same rulings."""
    root = compat.relative_uri(self.builder.get_target_uri(self.builder.current_docname), "")
    self.body.append(
        f'<div id="floorbook-finder" class="floorbook-finder" data-root="{root}">'
        # the book chooser (floorbook-books.js draws it): which books the results show
        '<div class="floorbook-book-chooser"></div>'
        '<form id="finder-form" class="finder-form" aria-label="What happened">'
        '<div id="finder-facets" class="finder-facets"></div>'
        '<button type="reset" id="finder-reset" class="finder-reset">Clear the choices'
        '</button></form>'
        '<p id="finder-count" class="finder-count" aria-live="polite"></p>'
        '<ol id="finder-results" class="finder-results"></ol>'
        '<noscript><p>This page needs JavaScript to filter. Every ruling shown here is '
        'also in the ruling matrix at the end of each topic page.</p></noscript></div>')
    raise nodes.SkipNode


def skip(self, node) -> None:
    """Builders other than HTML: nothing (the matrices are in the topic pages)."""
    raise nodes.SkipNode


def add_scripts(app, pagename: str, templatename: str, context: dict, doctree) -> None:
    """``html-page-context``: the finder's scripts and style on the pages that hold it."""
    if pagename in _pages(app.env):
        app.add_js_file(INDEX_FILE)
        app.add_js_file(SCRIPT_FILE)
        app.add_css_file(STYLE_FILE)


def write_index(app, env) -> list[str]:
    """``env-get-updated``: write the index into the site's ``_static`` (read from the
    ruling table, which every build loads afresh) before any page is written, because
    Sphinx puts a script's checksum (``?v=``) into a page as it writes it, from the file
    then in the folder: written later, the pages linked the earlier build's index.
    Returns the pages holding the finder when the index changed, so that they are
    written again with its new checksum."""
    if app.builder.format != "html" or not _pages(env):
        return []
    builder, hb = app.builder, handbook(env)
    from kb.handbook.views.matrix import column_names
    index = finder.finder_index(hb.rulings, topic_pages(env, builder), column_names(hb))
    text, target = finder.index_script(index), builder.outdir / "_static" / INDEX_FILE
    try:
        if target.read_text(encoding="utf-8") == text:
            return []
    except (OSError, UnicodeError):
        pass                                  # none yet, or not ours: written below
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")
    return sorted(_pages(env))


def topic_pages(env, builder) -> dict[str, list[str]]:
    """Topic id -> [title, the URI of its page from the site's root] for every topic that
    has a page."""
    kb, objects = handbook(env).kb, env.domains["rule"].objects
    return {topic.id: [topic.title, builder.get_target_uri(objects["topic", topic.id][0])]
            for topic in kb.topics if ("topic", topic.id) in objects}


def setup(app) -> None:
    """Register the directive, its node and the events (called by :mod:`kb.handbook`)."""
    app.add_directive_to_domain("rule", "finder", FinderDirective)
    app.add_node(finder_node, html=(visit_finder_html, None), latex=(skip, None),
                 text=(skip, None), man=(skip, None), texinfo=(skip, None))
    app.connect("env-purge-doc", purge)
    app.connect("env-merge-info", merge)
    app.connect("html-page-context", add_scripts)
    app.connect("env-get-updated", write_index)
