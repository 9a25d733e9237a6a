"""What the printed handbook leaves out and where its pages break: the binder on the
podium holds the readers' chapters, each topic from the top of a page, and no text that
only means something on the web.

Post-transforms of the ``latex`` builder only, run on the one document it assembles from
every page (the site's doctrees are not touched):

:class:`ReadersOnly`
    the pages written for contributors (:data:`CONTRIBUTORS`: ``dev/*``, ``benchmarks``),
    the reference pages an author reads at a desk (:data:`AUTHORS`: file formats and
    commands) and the pages only a browser can use (those holding Find a ruling's choices, drawn by
    a script) are left out, found by their names and contents wherever the toctrees put
    them.
:class:`TopicPages`
    each topic page (``topics/<id>``) starts on a new page.
:class:`NoExamples`
    the example house books a build leaves out (``hb.left_out``, without
    ``--with-examples``) are left out of each topic's "What each book says" (their
    source's card) and of its picture (their provisions and the lines to them) too, as
    they are of its rulings.
:class:`IndexNames`
    a reference to a generated index (``genindex``, a domain's ``rule-provisions``) prints
    that index's title, not its internal name: the LaTeX builder knows no such label.

>>> contributors("dev/architecture"), contributors("benchmarks"), contributors("glossary")
(True, True, False)
>>> left_to_the_site("diff"), left_to_the_site("fairness"), left_to_the_site("errata")
(True, False, False)
"""

from __future__ import annotations

from docutils import nodes
from sphinx import addnodes
from sphinx.transforms.post_transforms import SphinxPostTransform

from kb.handbook.data.store import handbook
from kb.handbook.finding.finder_page import finder_node
from kb.handbook.views.pictures import neighbourhood, quote

#: The pages for contributors, by docname: a folder (ending in ``/``) or a page.
CONTRIBUTORS = ("dev/", "benchmarks")
#: The reference pages for authors (the handbook's "Reference" toctree): file formats and
#: commands, read at a desk beside the site, not on the podium. Leaving them to the site
#: keeps the binder to the rulings and what explains them (under 300 pages, issue 23).
AUTHORS = ("scenario-format", "house-rulebooks", "decision-log", "decision-log-export",
           "export", "own-knowledge-base", "diff")
#: The title the index of all entries has in print (LaTeX's ``\indexname``).
GENERAL_INDEX = "Index"


def contributors(docname: str) -> bool:
    """Whether the page ``docname`` is written for contributors (:data:`CONTRIBUTORS`)."""
    return any(docname.startswith(name) if name.endswith("/") else docname == name
               or docname.endswith("/" + name) for name in CONTRIBUTORS)


def left_to_the_site(docname: str) -> bool:
    """Whether the page ``docname`` is not printed: a contributors' page, or a reference
    page for authors (:data:`AUTHORS`, by its name at the top of the docs folder)."""
    return contributors(docname) or docname in AUTHORS


class ReadersOnly(SphinxPostTransform):
    """Every included page (``start_of_file``) for contributors or holding a
    :class:`~kb.handbook.finding.finder_page.finder_node` removed, with a toctree wrapper
    left empty.  Runs before references resolve, so a link to a left-out page prints as
    its words."""

    default_priority = 4
    builders = ("latex",)

    def run(self, **kwargs) -> None:
        for page in list(self.document.findall(addnodes.start_of_file)):
            if page.parent is None:                 # inside a page already removed
                continue
            if left_to_the_site(page["docname"]) or next(page.findall(finder_node), None):
                wrapper = page.parent
                wrapper.remove(page)
                if isinstance(wrapper, nodes.compound) and not wrapper.children \
                        and wrapper.parent is not None:
                    wrapper.parent.remove(wrapper)


class TopicPages(SphinxPostTransform):
    """A ``\\clearpage`` before each topic page (``topics/<id>``, not ``topics/index``)."""

    default_priority = 6
    builders = ("latex",)

    def run(self, **kwargs) -> None:
        for page in list(self.document.findall(addnodes.start_of_file)):
            name = page["docname"]
            if name.startswith("topics/") and name != "topics/index" and page.parent:
                page.parent.insert(page.parent.index(page),
                                   nodes.raw("", "\\clearpage\n", format="latex"))


class IndexNames(SphinxPostTransform):
    """A ``ref`` to ``genindex`` or to a domain's index (``<domain>-<name>``) as the
    index's title in italics: in print the indices are chapters at the end."""

    default_priority = 5
    builders = ("latex",)

    def run(self, **kwargs) -> None:
        titles = index_titles(self.env)
        for ref in list(self.document.findall(addnodes.pending_xref)):
            title = titles.get(ref.get("reftarget", "")) if ref.get("reftype") == "ref" \
                else None
            if title:
                ref.replace_self(nodes.emphasis(title, title))


def index_titles(env) -> dict[str, str]:
    """The label of every generated index -> its title (``genindex`` -> ``Index``)."""
    titles = {"genindex": GENERAL_INDEX}
    for domain in env.domains.sorted():
        for index in domain.indices:
            titles[f"{domain.name}-{index.name}"] = str(index.localname)
    return titles


class NoExamples(SphinxPostTransform):
    """Each card (sphinx-design's ``sd-card``, in its grid column) titled as a source of
    a left-out example book, and each of its provisions in a topic's picture
    (:class:`kb.handbook.views.pictures.neighbourhood`: the node's line and every line to
    it), removed; nothing when the build prints every book."""

    default_priority = 7
    builders = ("latex",)

    def run(self, **kwargs) -> None:
        hb = handbook(self.env)
        left = {b.id for b in hb.left_out}
        sources = [s for s in hb.kb.sources if any(e.id in left for e in s.editions)]
        if not sources:
            return
        titles = {s.title for s in sources}
        for card in list(self.document.findall(nodes.container)):
            title = next((n for n in card.findall(nodes.Element)
                          if "sd-card-title" in n.get("classes", ())), None)
            # the title as printed: SmartQuotes made its apostrophes curly
            if "sd-card" in card["classes"] and title is not None \
                    and title.astext().strip().replace("\u2019", "'") in titles:
                column = card.parent
                drop = column if isinstance(column, nodes.container) \
                    and len(column.children) == 1 else card
                if drop.parent is not None:
                    drop.parent.remove(drop)
        ids = {s.id for s in sources}
        gone = {quote(p.id) for p in hb.kb.provisions if p.source in ids}
        for picture in self.document.findall(neighbourhood):
            picture["statements"] = [line for line in picture["statements"]
                                     if not drawn(line, gone)]
            picture["links"] = {k: v for k, v in picture["links"].items()
                                if quote(k) not in gone}


def drawn(line: str, nodes_drawn: set[str]) -> bool:
    """Whether the DOT ``line`` (a node's or a relation's) draws one of ``nodes_drawn``
    (quoted ids).

    >>> drawn('"a" -> "b" [color=red]', {'"b"'}), drawn('"a" [label="b"]', {'"b"'})
    (True, False)
    """
    head, _, rest = line.partition(" ")
    return head in nodes_drawn or (rest.startswith("-> ") and rest[3:].partition(" ")[0]
                                   in nodes_drawn)


def setup(app) -> None:
    """Register the transforms (the LaTeX builder runs them; no other builder does)."""
    for transform in (ReadersOnly, TopicPages, NoExamples, IndexNames):
        app.add_post_transform(transform)
