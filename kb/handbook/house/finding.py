"""``{house:finder}``: "Find a ruling" on a house rulebook's site, the handbook's finder
(:mod:`kb.handbook.finding`) over two columns, our rulebook and its base edition.

The handbook's finder reads its index from the build's ruling table; a house site has none,
so :func:`house_table` makes one (a :class:`~kb.handbook.data.rulings.RulingTable`) of the
rulings the scenario page shows (:func:`kb.handbook.house.view.rerulings`, seed 0), and the
finder's public functions do the rest: :func:`~kb.handbook.finding.finder.finder_index`
and :func:`~kb.handbook.finding.finder.index_script`.  Every topic's "page" is the scenario
page, whose rows carry the ids a result links to (``ruling-<scenario id>``).

The index goes into the finder page itself, as an inline script before the finder's
``floorbook-finder.js`` (no file to fetch, so the page works from ``file://``, and no
checksum of a file written late); its text is escaped by ``index_script`` so no data text
can close the script element.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from kb.handbook.data.rulings import RulingTable
from kb.handbook.finding import finder, finder_page
from kb.handbook.house import nodes as hn
from kb.handbook.house.store import STATIC, published
from kb.handbook.house.view import rerulings
from kb.knowledge.names import book_name
from kb.rules.rulebook import edition_rulebook

#: The finder's page (a MyST shell of :data:`kb.handbook.house.publish.PAGES`), and the
#: page its results link to.
PAGE, SCENARIOS = "find", "scenarios"


class HouseFinderDirective(SphinxDirective):
    """``{house:finder}``: the finder's frame (drawn by the handbook's script)."""

    def run(self) -> list[nodes.Node]:
        house = published(self.env)
        base = edition_rulebook(house.kb, house.spec.base).title
        intro = hn.para("Choose what happened: each scenario that matches shows what our "
                        f"rules and {base} rule, and links to its row in ",
                        nodes.reference("", "our rules on every scenario",
                                        refuri=f"{SCENARIOS}.html"), ".")
        if house.printed:                       # a page of choices means nothing on paper
            return []
        return [hn.section("find-a-ruling", "Find a ruling", intro,
                           finder_page.finder_node())]


def house_table(house) -> RulingTable:
    """The ruling table of a house site: every scenario of ``house``
    (:class:`~kb.handbook.house.store.Published`), its rulings under our rulebook and
    under the base edition (columns in that order, seed 0)."""
    base = edition_rulebook(house.kb, house.spec.base)
    table = RulingTable(scenarios={s.id: s for s in house.scenarios},
                        rulebooks=(house.book, base))
    for found in rerulings(house.kb, house.book, house.scenarios):
        table.rulings[found.house.scenario, house.book.id] = found.house
        table.rulings[found.base.scenario, base.id] = found.base
    return table


def house_index(house) -> dict:
    """The finder's index (:func:`kb.handbook.finding.finder.finder_index`) of a house site:
    columns "Our rules" and the base's short name ("TDA 2024"), as are the books cited; every
    topic's page is the scenario page."""
    table = house_table(house)
    # every edition by its short name: a citation of an adopted book names it too
    names = {e.id: book_name(house.kb, e.id) for e in house.kb.editions}
    names[house.book.id] = "Our rules"
    topics = {t.id: [t.title, f"{SCENARIOS}.html"] for t in house.kb.topics}
    return finder.finder_index(table, topics, names)


def add_scripts(app, pagename: str, templatename: str, context: dict, doctree) -> None:
    """``html-page-context``: on the finder's page, the index (inline), the book chooser
    when the handbook ships one, the finder's script and style."""
    if pagename != PAGE:
        return
    app.add_js_file(None, body=finder.index_script(house_index(published(app.env))))
    if (STATIC / "floorbook-books.js").is_file():     # the book chooser, where present
        app.add_js_file("floorbook-books.js")
    app.add_js_file(finder_page.SCRIPT_FILE)
    app.add_css_file(finder_page.STYLE_FILE)


def setup(app) -> None:
    """Register the finder's node (drawn by the handbook's visitor) and the scripts."""
    app.add_node(finder_page.finder_node, html=(finder_page.visit_finder_html, None),
                 latex=(finder_page.skip, None), text=(finder_page.skip, None))
    app.connect("html-page-context", add_scripts)
