"""A ruling printed in few lines: the site draws each part of a ruling cell on a line of
its own (the remedy, the numbers, who decided, a line per seat's cards), which on paper
ran one table of seven books to several pages.  In print, the words of a floor call run
in on one line and the card lines on another; the explanations under a matrix print in
a smaller type.

:func:`split` serves the matrix's tables (:class:`kb.handbook.printing.printed.PrintMatrix`);
:class:`PrintCells` does the same for a ruling cell anywhere else (the disagreements'
cards side by side); :class:`SmallExplanations` sets each "why" dropdown (class
``floorbook-why``) in the footnote size.  LaTeX only.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.transforms.post_transforms import SphinxPostTransform

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


class SmallExplanations(SphinxPostTransform):
    """The explanations' dropdown (:data:`WHY`, sphinx-design keeps a dropdown's classes
    in ``container_classes``) between ``\\begingroup\\footnotesize`` and ``\\endgroup``."""

    default_priority = 200
    builders = ("latex",)

    def run(self, **kwargs) -> None:
        for box in list(self.document.findall(nodes.container)):
            if WHY in [*box["classes"], *box.get("container_classes", ())] and box.parent:
                box.parent.insert(box.parent.index(box),
                                  nodes.raw("", "\\begingroup\\footnotesize\n", format="latex"))
                box.parent.insert(box.parent.index(box) + 1,
                                  nodes.raw("", "\\endgroup\n", format="latex"))


def setup(app) -> None:
    """Register :class:`PrintCells` and :class:`SmallExplanations`."""
    app.add_post_transform(PrintCells)
    app.add_post_transform(SmallExplanations)
