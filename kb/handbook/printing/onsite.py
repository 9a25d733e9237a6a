"""What the printed handbook leaves to the site: each scenario's explanations ("Why each
rulebook rules so", the dropdown under its heading), about 420,000 characters that were
half of the Topics chapter.  They do not repeat well: even with card codes and rule
numbers taken out, 500 of the 1,244 explanations of the bundled handbook differ, so
printing each once would still fill some 200,000 characters.  On paper each scenario
keeps its table (every book's answer, remedy, numbers and who decided: the ruling) and
its heading, and one line names where its explanations are on the site: the page and
the anchor of the scenario's heading there (``topics/four-card-flop.html#scenario-...``,
the same address as long as the scenario's id stays).

:class:`kb.handbook.printing.printed.PrintMatrix` prints each scenario's heading and
events with its table (:func:`scenario_nodes`, :func:`on_paper`).
"""

from __future__ import annotations

from docutils import nodes
from sphinx import addnodes

from kb.handbook.printing.compact import WHY

#: The class of a scenario's heading paragraph (:func:`kb.handbook.views.cells.scenario_heading`).
HEADING = "floorbook-scenario"
#: The words before a scenario's address on the site.
WORDS = "Why: "


def pages_of(document: nodes.document, kind: type[nodes.Element]) -> dict[int, str]:
    """``id()`` of each node of ``kind`` in the LaTeX builder's one document -> the
    docname of the page that holds it (the innermost ``start_of_file`` around it).  Found
    from the pages down: Sphinx puts a page's nodes into its ``start_of_file`` without
    setting their ``parent``, so walking up from a node never reaches it."""
    found: dict[int, str] = {}
    for page in document.findall(addnodes.start_of_file):    # outer pages first
        found.update((id(node), page["docname"]) for node in page.findall(kind))
    return found


def address(docname: str, anchor: str) -> str:
    """The site's address of ``anchor`` on the page ``docname``, relative to the site's
    folder.

    >>> address("topics/four-card-flop", "scenario-case-c27")
    'topics/four-card-flop.html#scenario-case-c27'
    """
    return f"{docname}.html#{anchor}"


def scenario_nodes(section: nodes.Element, anchor: str) -> list[nodes.Element]:
    """The scenario's heading paragraph (:data:`HEADING`, with the id ``anchor``) among
    the children of ``section`` and the nodes after it that belong to it (its events, its
    explanations' dropdown), up to the next heading or rubric; ``[]`` if it has none."""
    found: list[nodes.Element] = []
    for child in section.children:
        if not isinstance(child, nodes.Element):
            continue
        heading = isinstance(child, nodes.paragraph) and HEADING in child["classes"]
        if found and (heading or isinstance(child, (nodes.rubric, nodes.section))):
            break
        if found or (heading and anchor in child["ids"]):
            found.append(child)
    return found


def on_paper(parts: list[nodes.Element], docname: str) -> list[nodes.Element]:
    """A scenario's nodes (:func:`scenario_nodes`) as printed: the heading, with the
    events run in after it in the footnote size (the title is what a reader looks for),
    then :data:`WORDS` and the address of the heading on the site (the page
    ``docname``); the explanations' dropdown (class
    :data:`~kb.handbook.printing.compact.WHY`) left out."""
    if not parts:
        return []
    heading, *rest = parts
    kept = [node for node in rest
            if WHY not in [*node["classes"], *node.get("container_classes", ())]]
    where = address(docname, heading["ids"][0])
    events = kept.pop(0).children if kept and isinstance(kept[0], nodes.paragraph) else []
    heading += [nodes.Text(" "), nodes.raw("", r"{\footnotesize{}", format="latex"),
                *(child.deepcopy() for child in events), nodes.Text(" "),
                nodes.emphasis(WORDS, WORDS), nodes.literal(where, where), nodes.Text("."),
                nodes.raw("", "}", format="latex")]
    return [heading, *kept]
