"""The chapter "Where the books disagree" on paper: a scenario two books rule differently
as an item of a list, not as its heading, its events and both rulings drawn again side
by side.

Every book's ruling of every scenario is printed once, under its topic (Topics); the
site's disagreements pages draw the two rulings as cards because a reader there has no
page to turn to.  On paper, each scenario books rule differently is one item in the
footnote size, once per topic however many pairs of books differ on it: its title
(linking its rulings in the topic, with their page number) and how each pair differs.
The chapter was 77 of the handbook's 497 A4 pages.

:class:`CompactDisagreements` is a post-transform of the ``latex`` builder only.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.transforms.post_transforms import SphinxPostTransform

from kb.handbook.data.store import handbook
from kb.handbook.printing.compact import small
from kb.handbook.views.cells import row_anchor
from kb.handbook.views.chooser import column_names
from kb.handbook.views.events import reader_title
from kb.handbook.views.matrix import shown_anchor

#: The class of a paragraph that holds a scenario's events (after its heading).
EVENTS = "floorbook-events"
#: A sphinx-design grid's outer container: the two books' cards.
GRID = "sd-container-fluid"
#: The class of the list a compact disagreement is an item of.
LISTED = "floorbook-disagreed-list"


class CompactDisagreements(SphinxPostTransform):
    """Each computed disagreement the page shows, a heading drawn with both rulings or
    an item of a list of more (an element whose id is the
    :func:`~kb.handbook.views.matrix.shown_anchor` of one of the build's computed
    disagreements), as its pair's difference in one item per scenario and topic
    (:meth:`line`, the first where the scenario first stands): a scenario that several
    pairs of books rule differently is listed once.  Every such element's ids go to the
    item, so the links into the chapter land on it.  Runs after references resolve,
    before :class:`kb.handbook.printing.printed.LabelIds` gives the item's ids a target."""

    default_priority = 155
    builders = ("latex",)

    def run(self, **kwargs) -> None:
        hb = handbook(self.env)
        table = hb.rulings
        found = {shown_anchor(c.topic, c.scenario, c.pair, table.checked): c
                 for c in table.computed}
        topics = self.env.get_domain("rule").data["objects"]
        names = column_names(hb)
        items: dict[tuple[str, str], nodes.paragraph] = {}
        lists: dict[str, nodes.bullet_list] = {}    # a topic's one list, where it first stood
        paired: set[int] = set()                    # the items given a pair already
        for node in list(self.document.findall(nodes.Element)):
            c = next((found[i] for i in node["ids"] if i in found), None)
            place = _place(node) if c is not None else None
            if c is None or place is None or ("topic", c.topic) not in topics:
                continue
            if c.topic not in lists:
                lists[c.topic] = nodes.bullet_list(classes=[LISTED])
                at = place if isinstance(place, nodes.paragraph) else place.parent
                assert at is not None and at.parent is not None
                at.parent.insert(at.parent.index(at), lists[c.topic])
            assert place.parent is not None
            place.parent.remove(place)
            line = items.get((c.topic, c.scenario))
            if line is None:
                line = items[c.topic, c.scenario] = self.line(
                    c, topics["topic", c.topic][0], table)
                lists[c.topic] += nodes.list_item("", line)
            line += nodes.Text(("; " if id(line) in paired else ": ") + pair_words(c, names))
            paired.add(id(line))
            line["ids"] += [i for i in node["ids"] if i not in line["ids"]]
            node["ids"] = []
        _drop_emptied(self.document)
        _join_lists(self.document)
        declared_once(self.document, topics, [t.id for t in hb.kb.topics])

    @staticmethod
    def line(c, docname: str, table) -> nodes.paragraph:
        """The start of the item of ``c``'s scenario, whose row is on the page
        ``docname``: its title linking the row, and the row's page."""
        title = reader_title(table.scenarios[c.scenario].title)
        label = f"{docname}:{row_anchor(c.scenario)}"
        link = nodes.reference("", "", nodes.strong(title, title), internal=True,
                               refuri=f"%{docname}#{row_anchor(c.scenario)}")
        return nodes.paragraph("", "", link,
                               nodes.raw("", rf" (p.~\pageref{{\detokenize{{{label}}}}})",
                                         format="latex"),
                               classes=["floorbook-disagreed"])


def pair_words(c, names: dict[str, str]) -> str:
    """How the pair of books of ``c`` differ: ``"Robert's Rules v11 against TDA 2024:
    remedy continue against misdeal"``."""
    left, right = (names.get(book, book) for book in c.pair)
    return f"{left} against {right}: {c.difference}"


def _place(node: nodes.Element) -> nodes.Element | None:
    """Where the disagreement whose id ``node`` carries stands: a drawn heading (its
    events and cards after it removed), or the list item of a listed one; None if
    neither (or already removed)."""
    if isinstance(node, nodes.paragraph) and node.parent is not None:
        _drop_after(node)
        return node
    parent = node.parent
    while parent is not None and not isinstance(parent, nodes.list_item):
        parent = parent.parent
    return parent if parent is not None and parent.parent is not None else None


def declared_once(document: nodes.document, objects: dict, topic_ids: list[str]) -> None:
    """On each topic's disagreements page (a section ``disagreements-<topic>``), the list
    of the disagreements the books declare, which the topic's own page lists word for
    word ("The books disagree"), as how many there are and that page's number.
    ``objects``: the rule domain's objects ((kind, id) -> (docname, anchor, name))."""
    by_anchor = {f"disagreements-{nodes.make_id(t)}": t for t in topic_ids}
    for section in list(document.findall(nodes.section)):
        topic = next((by_anchor[i] for i in section["ids"] if i in by_anchor), None)
        if topic is None or ("topic", topic) not in objects:
            continue
        docname, anchor, _ = objects["topic", topic]
        for at, child in enumerate(section.children[:-1]):
            after = section.children[at + 1]
            if isinstance(child, nodes.paragraph) and child.astext() == "Declared:" \
                    and isinstance(after, nodes.bullet_list):
                count = len(after.children)
                section.remove(after)
                child += [nodes.Text(f" {count}, listed with the topic"),
                          nodes.raw("", rf" (p.~\pageref{{\detokenize{{{docname}:{anchor}}}}})",
                                    format="latex"), nodes.Text(".")]
                break


def _drop_emptied(document: nodes.document) -> None:
    """Lists left with no item (a pair's "more scenarios", each listed above), and the
    paragraph that introduced each, removed."""
    for items in list(document.findall(nodes.bullet_list)):
        parent = items.parent
        if items.children or parent is None or items not in parent.children:
            continue
        at = parent.index(items)
        parent.remove(items)
        before = parent.children[at - 1] if at else None
        if isinstance(before, nodes.paragraph) and before.next_node(nodes.strong) \
                and "more scenario" in before.astext():
            parent.remove(before)


def _drop_after(heading: nodes.paragraph) -> None:
    """The events paragraph and the grid of cards that follow ``heading``, removed."""
    parent = heading.parent
    assert parent is not None
    at = parent.index(heading) + 1
    for kind, cls in ((nodes.paragraph, EVENTS), (nodes.container, GRID)):
        if at < len(parent.children):
            after = parent.children[at]
            if isinstance(after, kind) and cls in after["classes"]:
                parent.remove(after)


def _join_lists(document: nodes.document) -> None:
    """Each run of :data:`LISTED` lists, one after the other in a page, as one list in
    the footnote size (a pair's scenarios read as one list)."""
    joined: set[int] = set()           # removed lists keep their parent
    for items in list(document.findall(nodes.bullet_list)):
        if LISTED not in items["classes"] or items.parent is None or id(items) in joined:
            continue
        parent = items.parent
        after = parent.index(items) + 1
        while after < len(parent.children):
            following = parent.children[after]
            if not isinstance(following, nodes.bullet_list) \
                    or LISTED not in following["classes"]:
                break
            items += following.children
            parent.remove(following)
            joined.add(id(following))
        items["classes"].remove(LISTED)
        small(items)


def setup(app) -> None:
    """Register :class:`CompactDisagreements`."""
    app.add_post_transform(CompactDisagreements)
