"""The handbook on paper: what Sphinx's LaTeX builder (``floorbook build --pdf``) needs
beyond the nodes the site is made of.

Post-transforms that run for the ``latex`` builder only (the site's doctrees are not
touched; Sphinx applies post-transforms to a copy per builder):

:class:`PrintMatrix`
    a topic's ruling matrix (a column per rulebook, seven of them, too wide for a page)
    becomes, per scenario, its heading and events (moved up from below the matrix, the
    explanations left to the site: :mod:`kb.handbook.printing.onsite`) and its rulings
    one line per answer (:mod:`kb.handbook.printing.grouped`).
:class:`PrintBadges`
    every sphinx-design badge (a remedy, a confidence label, "books differ") becomes a
    :class:`badge` node, drawn by ``\\floorbookbadge`` in its colour.
:class:`LabelIds`
    ids on nodes the LaTeX writer gives no label (a scenario's heading paragraph, a matrix
    row, a rubric) get a target, so every link into a page lands in the PDF too.
:class:`PrintChapters`
    the root page's toctrees sit under its last heading ("The books"), so in print every
    page of the handbook was a section of that chapter; they move up beside it, and each
    page they list becomes a chapter (Topics, Editions, Disagreements ...).
:class:`PrintFinder`
    Find a ruling's choices are drawn by the site's script; on paper the page says where
    the same answers are instead of showing nothing under its instructions.

The LaTeX macros live in ``floorbook.sty`` beside this module (loaded by the preamble in
:mod:`kb.handbook.sitebuild.config`); sphinx-design's grids, cards and dropdowns need no transform:
the LaTeX writer wraps each class in a ``sphinxclass<name>`` environment, which the style
file defines for the classes that matter.

>>> colour(["sd-sphinx-override", "sd-badge", "sd-bg-danger", "sd-bg-text-danger"])
'danger'
>>> colour(["sd-badge", "sd-outline-secondary"])
'secondary'
"""

from __future__ import annotations

from docutils import nodes
from sphinx.transforms.post_transforms import SphinxPostTransform

from kb.handbook.data.store import handbook
from kb.handbook.finding.finder_page import finder_node
from kb.handbook.printing.grouped import LEGEND, groups, item
from kb.handbook.printing.onsite import on_paper, pages_of, scenario_nodes
from kb.handbook.views.cells import anchor, row_anchor, shown_seats
from kb.handbook.views.chooser import column_names

#: sphinx-design's colour names, each a colour ``floorbook<name>`` in floorbook.sty.
COLOURS = ("primary", "secondary", "success", "info", "warning", "danger", "light", "dark")
#: Node kinds whose LaTeX visitor drops their ids (see :class:`LabelIds`).
UNLABELLED = (nodes.paragraph, nodes.rubric, nodes.inline, nodes.strong, nodes.emphasis,
              nodes.container, nodes.row, nodes.entry, nodes.list_item, nodes.bullet_list,
              nodes.admonition)
class badge(nodes.inline):
    """A badge in print; ``node["colour"]`` is one of :data:`COLOURS`."""


def visit_badge_latex(self, node: badge) -> None:
    """LaTeX: ``\\floorbookbadge{danger}{...}`` around the badge's text."""
    self.body.append(rf"\floorbookbadge{{{node['colour']}}}{{")


def depart_badge_latex(self, node: badge) -> None:
    """LaTeX: close :func:`visit_badge_latex`."""
    self.body.append("}")


def colour(classes: list[str]) -> str:
    """The sphinx-design colour a badge's classes name (``secondary`` if none)."""
    for name in classes:
        for prefix in ("sd-bg-", "sd-outline-"):
            if name.startswith(prefix) and name[len(prefix):] in COLOURS:
                return name[len(prefix):]
    return "secondary"


class PrintBadges(SphinxPostTransform):
    """Badges (inline nodes of class ``sd-badge``, and sphinx-design's ``sd_badge``) as
    :class:`badge` nodes, which the LaTeX writer draws; its own visitor prints a badge as
    bare text run into its neighbours ("v11dead-hand")."""

    default_priority = 200
    builders = ("latex",)

    def run(self, **kwargs) -> None:
        for node in list(self.document.findall(nodes.inline)):
            if "sd-badge" in node["classes"] and not isinstance(node, badge):
                # text "" first: TextElement takes its second argument as text, and
                # made an element there into the text of its XML ("<emphasis>x</emphasis>")
                node.replace_self(badge("", "", *node.children, ids=list(node["ids"]),
                                        colour=colour(node["classes"])))


class LabelIds(SphinxPostTransform):
    """A target for the ids of every node in :data:`UNLABELLED`: before the node, or as
    the first child of a row's first entry, an entry, a list item or a container."""

    default_priority = 210
    builders = ("latex",)

    def run(self, **kwargs) -> None:
        for node in list(self.document.findall(nodes.Element)):
            ids = [i for i in node["ids"] if not i.startswith("index-")]
            if not ids or type(node) not in UNLABELLED:
                continue
            target = nodes.target("", "", ids=ids)
            if isinstance(node, nodes.row):
                _element(node[0]).insert(0, target)
            elif isinstance(node, (nodes.entry, nodes.list_item, nodes.container)):
                node.insert(0, target)
            elif node.parent is not None:
                node.parent.insert(node.parent.index(node), target)
            node["ids"] = [i for i in node["ids"] if i not in ids]


class PrintChapters(SphinxPostTransform):
    """The root page's toctrees (already replaced by the pages they list, as the LaTeX
    builder assembles one document) moved out of the heading they sit under, to follow
    it, so the pages they list are chapters beside the root page's own."""

    default_priority = 5
    builders = ("latex",)

    def run(self, **kwargs) -> None:
        if self.env.docname != self.config.root_doc:
            return
        moved = [wrapper for wrapper in self.document.findall(nodes.compound)
                 if "toctree-wrapper" in wrapper["classes"]
                 and isinstance(wrapper.parent, nodes.section)
                 and isinstance(wrapper.parent.parent, nodes.section)]
        for wrapper in reversed(moved):        # each right after its heading: order kept
            heading = wrapper.parent
            heading.remove(wrapper)
            heading.parent.insert(heading.parent.index(heading) + 1, wrapper)


class PrintFinder(SphinxPostTransform):
    """Each :class:`~kb.handbook.finding.finder_page.finder_node` as a paragraph saying where the
    printed handbook has what the site's finder shows."""

    default_priority = 200
    builders = ("latex",)

    def run(self, **kwargs) -> None:
        for node in list(self.document.findall(finder_node)):
            node.replace_self(nodes.paragraph("", FINDER_ON_PAPER))


#: What the printed Find a ruling page says in place of the choices.
FINDER_ON_PAPER = ("On paper there is nothing to pick: each topic's section ends with every "
                   "scenario that raises it, ruled by each rulebook, and the index lists the "
                   "scenarios by title. The site's page filters them as you choose.")


class PrintMatrix(SphinxPostTransform):
    """Each table of class ``floorbook-matrix`` (:func:`kb.handbook.views.matrix._matrix_table`)
    as, per scenario, a target with the row's id, the row's title paragraph and the
    scenario's rulings grouped by answer (:mod:`kb.handbook.printing.grouped`), from the
    build's ruling table.  Runs after cross-references resolve."""

    default_priority = 150
    builders = ("latex",)

    def run(self, **kwargs) -> None:
        hb = handbook(self.env)
        pages = pages_of(self.document, nodes.table)
        first = True
        for table in list(self.document.findall(nodes.table)):
            if "floorbook-matrix" in table["classes"] and table.parent is not None:
                section = table.parent
                if not first:       # the same words over every topic's rulings: once
                    _drop_introduction(section, table)
                table.replace_self(per_scenario(table, hb, pages.get(id(table), ""), first))
                _drop_empty_rubric(section, SCENARIOS)
                first = False


#: The rubric over a topic page's scenarios, which on paper stand under their rulings.
SCENARIOS = "The scenarios"


def per_scenario(matrix: nodes.table, hb, docname: str, legend: bool = True
                 ) -> list[nodes.Node]:
    """The nodes :class:`PrintMatrix` puts in place of ``matrix``, a matrix of the
    handbook data ``hb`` on the page ``docname``: :data:`~kb.handbook.printing.grouped.LEGEND`
    if ``legend``, then per scenario its heading and events
    (taken from where they stand below the matrix, the explanations left to the site:
    :func:`kb.handbook.printing.onsite.on_paper`), then its rulings grouped by answer."""
    # the shape kb.handbook.views.matrix gives it: one tgroup, a head row and a row per scenario
    group = matrix.next_node(nodes.tgroup)
    assert group is not None and matrix.parent is not None
    body = group.next_node(nodes.tbody)
    assert body is not None
    table, names, section = hb.rulings, column_names(hb), matrix.parent
    scenarios = {row_anchor(sid): sid for sid in table.scenarios}
    printed: list[nodes.Node] = [nodes.paragraph("", LEGEND, classes=["floorbook-legend"])
                                 ] if legend else []
    for row in map(_element, body.children):
        sid = next(scenarios[i] for i in row["ids"] if i in scenarios)
        rulings = table.row(sid)
        parts = scenario_nodes(section, anchor(sid))
        for part in parts:
            section.remove(part)
        printed.append(nodes.target("", "", ids=list(row["ids"])))
        printed.extend(on_paper(parts, docname) or
                       [child.deepcopy() for child in _entry(row.children[0]).children])
        answers = nodes.bullet_list(classes=["floorbook-printed-rulings"])
        answers += [item(g, names, lambda book, sid=sid: table.unread(sid, book))
                    for g in groups(rulings, shown_seats(rulings))]
        # in a smaller type than the prose, a hair between items
        printed.extend([nodes.raw("", "\\begingroup\\footnotesize\\begin{floorbooktight}\n",
                                  format="latex"), answers,
                        nodes.raw("", "\\end{floorbooktight}\\endgroup\n", format="latex")])
    return printed


def _drop_introduction(section: nodes.Element, matrix: nodes.table) -> None:
    """The paragraph that introduces the rulings (before ``matrix`` in ``section``, the
    same on every topic's page) removed: the first topic's says it for every topic."""
    for child in reversed(section.children[:section.index(matrix)]):
        if isinstance(child, nodes.rubric):
            return
        if isinstance(child, nodes.paragraph):
            section.remove(child)
            return


def _drop_empty_rubric(section: nodes.Element, title: str) -> None:
    """The rubric ``title`` of ``section`` removed when nothing but other rubrics or
    sections follows it (its scenarios moved under their rulings)."""
    for at, child in enumerate(section.children):
        if isinstance(child, nodes.rubric) and child.astext() == title:
            rest = section.children[at + 1:]
            if all(isinstance(n, (nodes.rubric, nodes.section)) for n in rest):
                section.remove(child)
            return


def _element(node: nodes.Node) -> nodes.Element:
    """``node``, which the table's structure makes an element (a row or an entry)."""
    assert isinstance(node, nodes.Element)
    return node


def _entry(node: nodes.Node) -> nodes.entry:
    """``node``, a cell of a matrix row (kb.handbook.views.matrix puts only entries in a row)."""
    assert isinstance(node, nodes.entry)
    return node
