"""Sphinx extension of the floorbook handbook: the ``rule`` domain and its pages.

Add ``"kb.handbook"`` to ``extensions`` (with ``myst_parser``, ``sphinx_design`` and
``sphinx.ext.graphviz``).  Config values:

``floorbook_data_dir``
    the knowledge base's folder (relative to the config directory); default: kb/data.
``floorbook_graph_radius``
    how many relation steps each topic's picture reaches beyond its provisions (1).
``floorbook_example_books``
    whether the bundled example house books are among the books ruled (True; the PDF
    sets False unless ``--with-examples``).
``floorbook_fairness``
    whether the fairness records are worked out (True; False: every note says "not
    computed").
``floorbook_scheduler``
    the address of a Dask scheduler that works the fairness records out (""; the local
    cores).

Shaped like ``sphinx.ext.todo``: directives build nodes and fill the domain's data,
placeholders are resolved at ``doctree-resolved``; ``setup`` only registers.

The handbook's rooms (sub-packages), each importing only from the rooms after it in this
list (and from kb's rooms below the handbook), never before it; this package's ``setup``
imports them all.  docs/dev/architecture.md draws them and tests/test_rooms.py keeps the
drawing true:

``printing``   the printed handbook (``floorbook build --pdf``)
``sitebuild``  the site build (``floorbook build``) and what makes it incremental and fast
``house``      a house rulebook's site: its extension (``kb.handbook.house.site``), publication
``domain``     the ``rule`` domain, its directives, which pages show which data
``finding``    Find a ruling and the site's search
``views``      what the pages show: topics, matrices and cells, disagreements, editions
``guard``      a data folder's own pages as untrusted input
``data``       what a build reads: the knowledge base loaded and ruled once per build
``running``    Sphinx driven from one place (``run``), the libraries' internals (``compat``)
"""

from __future__ import annotations

from pathlib import Path

_STATIC = Path(__file__).parent / "static"


def setup(app) -> dict:
    # imported here, not above: the command line imports kb.handbook's light modules
    # (kb.handbook.data.uptodate) without Sphinx's and the extension's
    from kb.handbook.running import compat

    compat.check()          # every library internal used, before any module needs one
    from kb.handbook import printing
    from kb.handbook.data import store
    from kb.handbook.data.export import write_export
    from kb.handbook.domain import consistency, indices, uses
    from kb.handbook.domain.datafile import DataFile
    from kb.handbook.domain.domain import RuleDomain
    from kb.handbook.finding import finder_page, search, search_page
    from kb.handbook.guard.bounded_lines import setup as bounded_lines
    from kb.handbook.guard.untrusted import setup as untrusted_pages
    from kb.handbook.guard.untrusted_graphviz import setup as untrusted_graphviz
    from kb.handbook.guard.untrusted_links import setup as untrusted_links
    from kb.handbook.printing import printed
    from kb.handbook.sitebuild import quotes
    from kb.handbook.views import cards, cellnode, chooser, contents, fairness_pages, pictures

    app.add_config_value("floorbook_data_dir", None, "env", types=frozenset({str, type(None)}))
    app.add_config_value("floorbook_graph_radius", 1, "env", types=frozenset({int}))
    # the site holds the example house books (its chooser hides them); the PDF leaves them
    # out unless --with-examples: an "env" value, so a PDF build that differs from the
    # site in it reads every page again rather than reuse pages made with other books
    app.add_config_value("floorbook_example_books", True, "env", types=frozenset({bool}))
    # the fairness records (issue 25): False leaves them out, every note saying "not
    # computed" (the reference build of tools/bench_fairness.py); the scheduler is where
    # they are worked out (a Dask scheduler's address; "": the local cores), which
    # changes no page
    app.add_config_value("floorbook_fairness", True, "env", types=frozenset({bool}))
    app.add_config_value("floorbook_scheduler", "", "", types=frozenset({str}))
    app.add_domain(RuleDomain)
    app.connect("html-page-context", indices.escape_keys)   # titles from the data
    app.add_directive_to_domain("rule", "data-file", DataFile)
    bounded_lines(app)                         # no line list of a billion numbers
    untrusted_pages(app)                       # a data folder's own pages are input
    untrusted_links(app)
    untrusted_graphviz(app)
    app.add_node(pictures.neighbourhood, html=(pictures.skip, None),
                 latex=(pictures.skip, None), text=(pictures.skip, None))
    app.add_node(cards.card, html=(cards.visit_card_html, cards.depart_card_html),
                 latex=(cards.visit_card_latex, None))
    app.add_node(cellnode.cell, html=(cellnode.visit_cell_html, None))
    app.add_node(cellnode.why, html=(cellnode.visit_why_html, None))
    app.add_post_transform(cellnode.ExpandCells)   # every format but HTML
    app.add_node(fairness_pages.fair)
    app.add_post_transform(fairness_pages.LeaveOut)   # the site's alone: every format but HTML
    app.add_node(printed.badge, latex=(printed.visit_badge_latex, printed.depart_badge_latex))
    for transform in (printed.PrintChapters, printed.PrintMatrix, printed.PrintBadges,
                      printed.PrintFinder, printed.LabelIds):
        app.add_post_transform(transform)      # for the latex builder only
    printing.setup(app)                        # the binder: what it holds, index, cover
    quotes.setup(app)
    app.add_search_language(search.SearchRuleNumbers)
    app.connect("config-inited", search.use_by_default)
    app.connect("config-inited", search.use_scorer)
    app.connect("builder-inited", store.load)
    chooser.setup(app)                         # after the data's loader: it reads the books
    app.connect("env-get-outdated", uses.outdated)
    app.connect("env-check-consistency", consistency.every_record_has_a_page)
    app.connect("doctree-read", pictures.note_pictures)
    app.connect("doctree-resolved", pictures.resolve)
    app.connect("build-finished", write_export)    # floorbook.json beside the site
    app.connect("env-before-read-docs", uses.before_reading)
    app.connect("write-started", uses.unchanged_parents)
    app.connect("build-finished", uses.restore_parents)
    app.connect("config-inited", _add_static)
    app.connect("config-inited", _default_icon)
    app.add_css_file("floorbook.css")
    app.add_css_file("floorbook-pages.css")   # the list pages on a phone
    app.connect("html-page-context", contents.add_script)   # the disagreements index
    finder_page.setup(app)
    search_page.setup(app)                     # snippets without fetching pages
    app.setup_extension("kb.handbook.sitebuild.navigation")  # furo's tree once per build
    app.setup_extension("kb.handbook.sitebuild.index_entries")  # sphinx-doc/sphinx#12599
    return {"version": "0.1", "env_version": 3,
            "parallel_read_safe": True, "parallel_write_safe": True}


def _add_static(app, config) -> None:
    config.html_static_path = [*config.html_static_path, str(_STATIC)]


def _default_icon(app, config) -> None:
    """A handbook that names no ``html_favicon`` gets floorbook's: without one, Chromium
    asks every served page's ``/favicon.ico``, a failed request (404) on each page."""
    if not config.html_favicon:
        config.html_favicon = str(_STATIC / "floorbook-icon.svg")
