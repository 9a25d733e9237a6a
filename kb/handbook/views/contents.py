"""The disagreements index: a line per topic the books disagree on, with its counts.

The disagreements were one page: 2.0 MB of HTML for the bundled handbook, 333 phone
screens with no way to a topic but scrolling.  Now each topic's disagreements may have a
page of its own (``disagreements/<topic id>`` beside the index page, holding
``{rule:disagreements} <topic id>``); the index lists every disputed topic with how many
scenarios the books rule differently and how many differences are declared, linking the
topic's page, and draws below itself the topics that have no page (so a project whose
pages predate the split, or that wants one page, still shows every disagreement).
"""

from __future__ import annotations

from docutils import nodes
from sphinx import addnodes

from kb.handbook.views.fragment import Fragment
from kb.handbook.views.matrix import computed_by_topic, declared_by_topic, disputed_topics

#: The folder of the topics' pages, beside the index page.
FOLDER = "disagreements"

#: The index page's script: a link to a disagreement from before the split goes on to
#: the topic's page (kb/handbook/static).
SCRIPT_FILE = "floorbook-pages.js"


def page_of(topic: str) -> str:
    """The document name of ``topic``'s disagreements page, relative to the index page's
    folder.

    >>> page_of("four-card-flop")
    'disagreements/four-card-flop'
    """
    return f"{FOLDER}/{topic}"


def index_table(hb, *split: str) -> Fragment:
    """The index of disagreements: a row per disputed topic (its title, linking its page
    when ``split`` names it, else marked as drawn below; the number of scenarios the
    rulings differ on; the number of declared differences).
    Empty when no topic is disputed."""
    topics = disputed_topics(hb)
    f = Fragment()
    if not topics:
        return f
    computed, declared = computed_by_topic(hb.rulings), declared_by_topic(hb)
    group = nodes.tgroup(cols=3)
    group += [nodes.colspec(colwidth=w) for w in (6, 2, 2)]
    group += nodes.thead("", _row("Topic", "Scenarios ruled differently", "Declared"))
    body = nodes.tbody()
    for topic in topics:
        found = computed.get(topic, [])
        body += _row(_title(hb, topic, topic in split),
                     str(len({c.scenario for c in found})), str(len(declared.get(topic, []))))
    group += body
    table = nodes.table("", group, classes=["floorbook-listed", "floorbook-disagreement-index"])
    f.add(f.node(table), "")
    f.fingerprint.append((topics, sorted(split)))
    return f


def _title(hb, topic: str, split: bool) -> nodes.Node:
    title = hb.kb.topic(topic).title
    if not split:
        return nodes.inline("", f"{title} (below)")
    return addnodes.pending_xref("", nodes.inline(title, title), refdomain="std",
                                 reftype="doc", reftarget=page_of(topic),
                                 refexplicit=True, refwarn=True)


def _row(*cells: str | nodes.Node) -> nodes.row:
    row = nodes.row()
    for cell in cells:
        row += nodes.entry("", nodes.paragraph("", "", nodes.Text(cell)
                                               if isinstance(cell, str) else cell))
    return row


def add_script(app, pagename: str, templatename: str, context: dict, doctree) -> None:
    """``html-page-context``: :data:`SCRIPT_FILE` on the pages holding the index table
    (only there: every other page is left as it was)."""
    if doctree is not None and any("floorbook-disagreement-index" in table["classes"]
                                   for table in doctree.findall(nodes.table)):
        app.add_js_file(SCRIPT_FILE)
