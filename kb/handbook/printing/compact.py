"""A ruling and a provision printed in few lines: the site draws each part of a ruling
cell on a line of its own (the remedy, the numbers, who decided, a line per seat's
cards), which on paper ran one table of seven books to several pages.  In print, the
words of a floor call run in on one line and the card lines on another
(:func:`split`, :func:`run_in`); :class:`PrintCells` does so for a ruling cell left in
a page (the matrices are printed by :mod:`kb.handbook.printing.grouped`).
:class:`SmallFacts` sets a provision's facts and note in the footnote size, its numbers
run in after its summary and a relation's point once.  LaTeX only.
"""

from __future__ import annotations

from docutils import nodes
from sphinx import addnodes
from sphinx.transforms.post_transforms import SphinxPostTransform

from kb.knowledge.vocabulary import RelationKind

#: The class of a ruling cell (:mod:`kb.handbook.views.cellnode`), of its card lines, of
#: a floor call's first line, and of the book's name the narrow-screen site shows.
CELL, LINE, CALL, BOOK = ("floorbook-cell", "floorbook-line", "floorbook-call",
                          "floorbook-cell-book")
#: The class of the explanations' dropdown under a matrix.
WHY = "floorbook-why"


def split(cell: nodes.Element) -> tuple[list[nodes.paragraph], nodes.paragraph]:
    """A ruling cell's paragraphs, without the rulebook's name: (the remedy, numbers and
    who decided, run in, a paragraph per floor call; the card lines run in, as one
    paragraph).  ``cell``: a matrix entry or a cell's container."""
    ruling: list[nodes.paragraph] = []
    after: list[nodes.Element] = []
    for child in _parts(cell):
        copy = child.deepcopy()
        for name in list(copy.findall(nodes.inline)):
            if BOOK in name["classes"] and name.parent is not None:
                name.parent.remove(name)
        classes = copy.get("classes", ())
        if LINE in classes:
            after.append(copy)
        elif ruling and CALL not in classes:
            ruling[-1] += [gap(), *copy.children]      # a call's words run in
        else:
            ruling.append(nodes.paragraph("", "", *copy.children))
    return ruling or [nodes.paragraph()], run_in(after)


def _parts(cell: nodes.Element) -> list[nodes.Element]:
    """The paragraphs (and other elements) of a cell, one container deep at most."""
    found = []
    for child in cell.children:
        inner = child.children if isinstance(child, nodes.container) \
            and CELL in child["classes"] else [child]
        found += [node for node in inner if isinstance(node, nodes.Element)]
    return found


def gap() -> nodes.raw:
    """The space between run-in pieces of a printed cell."""
    return nodes.raw("", r"\enspace{}", format="latex")


def run_in(lines: list[nodes.Element]) -> nodes.paragraph:
    """The card lines of a cell (a seat's cards, the board, the next card) as one
    paragraph, a space apart."""
    joined = nodes.paragraph(classes=[LINE])
    for number, line in enumerate(lines):
        if number:
            joined += nodes.raw("", r"\quad{}", format="latex")
        joined += [child.deepcopy() for child in line.children]
    return joined


class PrintCells(SphinxPostTransform):
    """Each ruling cell left after the matrices are printed (a container of class
    :data:`CELL`) as its run-in paragraphs (:func:`split`)."""

    default_priority = 160          # after PrintMatrix, which prints its own cells
    builders = ("latex",)

    def run(self, **kwargs) -> None:
        for cell in list(self.document.findall(nodes.container)):
            if CELL in cell["classes"] and cell.parent is not None:
                ruling, after = split(cell)
                box = nodes.container(classes=list(cell["classes"]))
                box += [*ruling, *([after] if after.children else [])]
                cell.replace_self(box)


def within(node: nodes.Element, environment: str) -> None:
    """``node`` in the LaTeX ``environment`` of floorbook.sty (``floorbooktight``: tight
    items), inside any
    :func:`small` already around it (which sets its own spacing of lists)."""
    assert node.parent is not None
    node.parent.insert(node.parent.index(node),
                       nodes.raw("", f"\\begin{{{environment}}}\n", format="latex"))
    node.parent.insert(node.parent.index(node) + 1,
                       nodes.raw("", f"\\end{{{environment}}}\n", format="latex"))


class SmallFacts(SphinxPostTransform):
    """A provision's list of facts (topics, games, relations, the copy checked: the
    bullet list of a ``rule`` domain object) in the footnote size, its items a hair apart,
    its summary above it in the body's size with its numbers run in
    (:func:`run_in_line`), its note after it in the footnote size: the summary is what
    a reader looks for, the note how it was read."""

    default_priority = 200
    builders = ("latex",)

    def run(self, **kwargs) -> None:
        for desc in list(self.document.findall(addnodes.desc)):
            if desc.get("domain") == "rule":
                content = desc.next_node(addnodes.desc_content)
                for facts in [n for n in content.children if isinstance(n, nodes.bullet_list)] \
                        if content is not None else []:
                    run_in_line(facts)
                    point_once(facts)
                    small(facts)
                    within(facts, "floorbooktight")
                for note in [n for n in content.children if isinstance(n, nodes.paragraph)
                             and _note(n)] if content else []:
                    small(note)


def _note(node: nodes.Node) -> bool:
    """Whether ``node`` is a provision's note (a paragraph led by *Note:*)."""
    return isinstance(node, nodes.paragraph) and bool(node.children) \
        and isinstance(node[0], nodes.emphasis) and node[0].astext() == "Note:"


def run_in_line(facts: nodes.bullet_list) -> None:
    """The paragraph before a provision's ``facts`` (its confidence badge and numbers)
    run in at the end of the paragraph before it (the summary), a space apart: a line and
    a paragraph's space less on each of some 320 entries."""
    parent = facts.parent
    assert parent is not None
    at = parent.index(facts)
    line, summary = (parent.children[at - 1] if at > 0 else None,
                     parent.children[at - 2] if at > 1 else None)
    if isinstance(line, nodes.paragraph) and isinstance(summary, nodes.paragraph):
        summary += [gap(), *line.children]
        parent.remove(line)


#: The names a relation has seen from its target ("differed-from-by"), where the
#: relation is not its own inverse (as "same-as" is).
INVERSES = frozenset(kind.inverse for kind in RelationKind if kind.inverse != kind.value)


def point_once(facts: nodes.bullet_list) -> None:
    """Each fact of ``facts`` that is a relation seen from its target (its first word in
    italics one of :data:`INVERSES`: "*differed-from-by* Two identical cards (Robert's
    Rules v11 Irregularities 4): Both void the hand...") without the relation's point
    after the provision named: the same words are printed under that provision, where
    the relation is declared ("*differs-from* ..."), and were a fifth of the chapter
    Books and editions a second time."""
    for entry in facts.children:
        para = entry.children[0] if isinstance(entry, nodes.list_item) and entry.children \
            else None
        if not isinstance(para, nodes.paragraph) or not para.children \
                or not isinstance(para[0], nodes.emphasis) or para[0].astext() not in INVERSES:
            continue
        named = next((n for n, child in enumerate(para.children)
                      if isinstance(child, (nodes.reference, addnodes.pending_xref))), None)
        if named is not None:
            del para.children[named + 1:]


def small(node: nodes.Element) -> None:
    """``node`` between ``\\begingroup\\footnotesize`` and ``\\endgroup``."""
    assert node.parent is not None
    node.parent.insert(node.parent.index(node),
                       nodes.raw("", "\\begingroup\\footnotesize\n", format="latex"))
    node.parent.insert(node.parent.index(node) + 1, nodes.raw("", "\\endgroup\n", format="latex"))


def setup(app) -> None:
    """Register :class:`PrintCells` and :class:`SmallFacts`."""
    for transform in (PrintCells, SmallFacts):
        app.add_post_transform(transform)
