"""The earlier editions' pages in print (the WSOP's 2022 and 2023 books: the ``earlier``
of sources.yaml, which no printed rulebook rules with): what changed is kept, the rulings
that changed are left to the site.

Each page of an earlier edition opens with what changed from its previous edition; the
2023 pages then draw a table of every scenario ruled otherwise under the two years, each
side's answer, remedy, cards and deciding rule: some 48,000 characters a page, a tenth of
the chapter Books and editions, about rulings no printed rulebook gives (the matrices
print the 2024 books').  On paper the page keeps its counts, its revised, added, removed
and renumbered rules, the rulings that keep the same outcome and every provision in the
book's order; the table is one line with the section's address on the site
(``editions/wsop-2023.html#rulings-changed``).  The latest editions' pages (the 2024
books: what a printed rulebook rules with) keep their tables.  An earlier edition's rules
are nearly all the 2024 books' under their earlier numbers, each a line of its number,
title and the page of its full entry (:mod:`kb.handbook.printing.briefs`); on these pages
those lines run in, one paragraph a run, a semicolon apart.

:class:`EarlierRulings` and :class:`EarlierBriefs` are post-transforms of the ``latex``
builder only.
"""

from __future__ import annotations

from docutils import nodes
from sphinx import addnodes
from sphinx.transforms.post_transforms import SphinxPostTransform

from kb.handbook.data.store import handbook
from kb.handbook.printing.onsite import address, pages_of
from kb.handbook.views.rulingchanges import ANCHOR

#: The class of a brief entry's paragraph (:func:`kb.handbook.printing.briefs.brief`).
BRIEF = "floorbook-brief"
#: The words of the line that stands for an earlier edition's table of changed rulings,
#: before the table's address on the site.
WORDS = ("What the dealer does under each edition for each ruling that changes, the cards "
         "and the provisions that decide it: on the site, at ")


class EarlierRulings(SphinxPostTransform):
    """The table under "Rulings that changed" (the rubric :data:`ANCHOR`) of each earlier
    edition's page as one paragraph: :data:`WORDS` and the rubric's address on the site."""

    default_priority = 8
    builders = ("latex",)

    def run(self, **kwargs) -> None:
        earlier = {f"edition-{nodes.make_id(e)}" for e in handbook(self.env).kb.books.earlier_ids}
        pages = pages_of(self.document, nodes.section)
        for section in list(self.document.findall(nodes.section)):
            if earlier.isdisjoint(section["ids"]):
                continue
            for rubric in [r for r in section.findall(nodes.rubric) if ANCHOR in r["ids"]]:
                table = changed_table(rubric)
                if table is not None:
                    where = address(pages.get(id(section), ""), ANCHOR)
                    table.replace_self(nodes.paragraph(
                        "", "", nodes.Text(WORDS), nodes.literal(where, where),
                        nodes.Text(".")))


class EarlierBriefs(SphinxPostTransform):
    """Each run of brief entries (:class:`~kb.handbook.printing.briefs.BriefOnce`'s
    paragraphs of class :data:`BRIEF`, each with the ``\\par`` after it) on an earlier
    edition's page as one paragraph, the entries a semicolon apart, each entry's ids a
    label where it starts (a link to it lands there)."""

    default_priority = 145          # after BriefOnce (140) has made the brief entries
    builders = ("latex",)

    def run(self, **kwargs) -> None:
        earlier = {f"edition-{nodes.make_id(e)}" for e in handbook(self.env).kb.books.earlier_ids}
        pages = pages_of(self.document, nodes.section)
        for section in list(self.document.findall(nodes.section)):
            if not earlier.isdisjoint(section["ids"]):
                for run in runs(section):
                    run_in_briefs(run, pages.get(id(section), ""))


def runs(parent: nodes.Element) -> list[list[nodes.Node]]:
    """The runs of brief entries among the children of ``parent`` (two or more entries,
    with the raw ``\\par`` nodes between and after them)."""
    found: list[list[nodes.Node]] = [[]]
    for child in parent.children:
        if _brief(child) or (found[-1] and _between(child)):
            found[-1].append(child)
        elif found[-1]:
            found.append([])
    return [run for run in found if sum(map(_brief, run)) > 1]


def _between(node: nodes.Node) -> bool:
    """Whether ``node`` may stand between two brief entries of a run: the ``\\par``
    after an entry, or an entry's index node without entries (an earlier edition's rules
    add none to the index: kb.handbook.domain.directives)."""
    return (isinstance(node, nodes.raw) and node.astext().strip() == "\\par") or (
        isinstance(node, addnodes.index) and not node["entries"])


def _brief(node: nodes.Node) -> bool:
    return isinstance(node, nodes.paragraph) and BRIEF in node["classes"]


def run_in_briefs(run: list[nodes.Node], docname: str) -> None:
    """The brief entries of ``run`` (siblings) replaced by one paragraph, a semicolon
    apart; each entry's ids a LaTeX label (of the page ``docname``) before its words."""
    joined = nodes.paragraph(classes=[BRIEF])
    for number, entry in enumerate(node for node in run if _brief(node)):
        assert isinstance(entry, nodes.Element)
        if number:
            joined += nodes.Text("; ")
        joined += [nodes.raw("", rf"\phantomsection\label{{\detokenize{{{docname}:{i}}}}}",
                             format="latex") for i in entry["ids"]]
        joined += [child.deepcopy() for child in entry.children]
    first = run[0]
    assert first.parent is not None
    first.parent.replace(first, [joined, nodes.raw("", "\\par\n", format="latex")])
    for node in run[1:]:
        if node.parent is not None:
            node.parent.remove(node)


def changed_table(rubric: nodes.rubric) -> nodes.table | None:
    """The first table after ``rubric`` among its siblings, before the next rubric or
    section (None: no ruling changed, or none was compared)."""
    parent = rubric.parent
    if parent is None:
        return None
    for node in parent.children[parent.index(rubric) + 1:]:
        if isinstance(node, (nodes.rubric, nodes.section)):
            return None
        if isinstance(node, nodes.table):
            return node
    return None


def setup(app) -> None:
    """Register :class:`EarlierRulings` and :class:`EarlierBriefs`."""
    app.add_post_transform(EarlierRulings)
    app.add_post_transform(EarlierBriefs)
