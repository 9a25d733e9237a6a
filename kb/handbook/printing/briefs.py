"""A provision's brief entry (a topic page's "What each book says"), and its entry on the
page of an edition other than the one that holds it in full, on paper: its title, its
numbers and the page of its full entry, where its summary and facts are printed.

On the site a topic page repeats each provision's summary so that a reader need not
follow a link; on paper that printed every summary twice or more (a provision answers
one to four topics, and its edition page gives it in full with its facts): 140,000
characters, a quarter of the Topics chapter.  Each summary is printed once, in its full
entry under Books and editions; the topic page lists the books' provisions by title and
number with that page, and its rulings (every book's answer, remedy, numbers and who
decided) stay whole.  So with the editions: a rule two editions share (TDA 2024 and
2026, the WSOP's years) is printed in full once, under its first edition (the domain's
object), and the other edition's page lists it by its number there, its title and that
page.  A provision whose only entry is the brief one (no edition numbers it) keeps its
summary.

:class:`BriefOnce` is a post-transform of the ``latex`` builder only.
"""

from __future__ import annotations

from docutils import nodes
from sphinx import addnodes
from sphinx.transforms.post_transforms import SphinxPostTransform

from kb.handbook.data.store import handbook
from kb.handbook.printing.onsite import pages_of


class BriefOnce(SphinxPostTransform):
    """Each ``rule`` domain provision entry whose full entry is on another page (the
    domain's object for the provision) as one paragraph: the signature (number and
    title) in bold, then, for a topic's brief entry, the entry's paragraph of its
    confidence badge and numbers (:func:`badge_line`) with its link to the full entry
    printed as that entry's page number; for an edition's entry (a number in its
    signature), that page alone.  The entry's ids go to the paragraph, so
    a link to it lands there.  Runs after references resolve (the link is a reference
    to the full entry by then)."""

    default_priority = 140
    builders = ("latex",)

    def run(self, **kwargs) -> None:
        objects = self.env.get_domain("rule").data["objects"]
        ids = {nodes.make_id(p.id): p.id for p in handbook(self.env).kb.provisions}
        pages = pages_of(self.document, addnodes.desc)
        for desc in list(self.document.findall(addnodes.desc)):
            signature = desc.next_node(addnodes.desc_signature)
            content = desc.next_node(addnodes.desc_content)
            if desc.get("domain") != "rule" or signature is None or content is None \
                    or desc.parent is None:
                continue
            pid = next((ids[i] for i in signature["ids"] if i in ids), None)
            full = objects.get(("provision", pid))
            if full is None or full[0] == pages.get(id(desc)) or not content.children:
                continue
            # an edition's entry (its number in the signature) of a rule printed in full
            # under another edition: the number, the title and that page are enough
            numbered = signature.next_node(addnodes.desc_addname) is not None
            line = nodes.paragraph() if numbered else badge_line(content)
            if line is None:
                continue
            # the paragraph ends before the next entry's index marks, which LaTeX would
            # run into it (the writer puts them on the paragraph's last line)
            desc.replace_self([brief(signature, line, f"{full[0]}:{full[1]}"),
                               nodes.raw("", "\\par\n", format="latex")])


def badge_line(content: addnodes.desc_content) -> nodes.paragraph | None:
    """The paragraph of an entry's ``content`` that gives its confidence and numbers
    (the last one that starts with a badge), or None."""
    for child in reversed(content.children):
        if isinstance(child, nodes.paragraph) and child.children \
                and isinstance(child[0], nodes.inline) and "sd-badge" in child[0]["classes"]:
            return child
    return None


def brief(signature: addnodes.desc_signature, line: nodes.paragraph,
          label: str) -> nodes.paragraph:
    """The paragraph of a brief entry: the title of ``signature`` in bold, then the
    children of its last paragraph ``line`` with its reference (the link to the full
    entry) as the page of the LaTeX ``label`` of that entry."""
    title = signature.astext()
    printed = nodes.paragraph("", "", nodes.strong(title, title), nodes.Text(" "),
                              ids=list(signature["ids"]), classes=["floorbook-brief"])
    page = rf"p.~\pageref{{\detokenize{{{label}}}}}"
    linked = False
    for child in line.children:
        if isinstance(child, nodes.reference):
            printed += nodes.raw("", page, format="latex")
            linked = True
        else:
            printed += child.deepcopy()
    if not linked:              # a full entry of another edition's page: no link to it
        printed += nodes.raw("", f" ({page})", format="latex")
    return printed


def setup(app) -> None:
    """Register :class:`BriefOnce`."""
    app.add_post_transform(BriefOnce)
