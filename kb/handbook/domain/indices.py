"""The domain's indices: every provision by source, and every declared disagreement.

Each index groups its entries under a book's or a topic's title, which comes from the
data folder; Sphinx's ``domainindex.html`` template (basic's and furo's alike) prints a
group's key and an entry's anchor as they are, unescaped, where it escapes every other
field.  :func:`escape_keys` escapes them for the HTML pages, of every domain's index, so a
title like ``Robert <img src=x onerror=...>`` shows as text.  The keys stay text in
:meth:`generate`: the LaTeX writer escapes them for LaTeX itself.
"""

from __future__ import annotations

from html import escape

from sphinx.domains import Index, IndexEntry

from kb.knowledge.graph import number_key


def indexed_numbers(kb, p) -> list:
    """The numbers of provision ``p`` the general index lists, in ``p``'s order: those of
    the published books and regulators, not an earlier edition's (sources.yaml's
    ``earlier``).  An earlier edition's page, and a provision only an earlier edition
    numbers, add nothing to the general index (the index of provisions lists them, and
    search reads their pages' text).  Each page showing a provision adds its entries: the
    WSOP Tournament and Live Action 2023 and 2022 rules, indexed as a published book is,
    took genindex from 299 to 492 KB; with the earlier numbers on their own pages only,
    and only where no later edition printed them alike, to 310 KB; with their pages'
    titles only, 301 KB: over the 300 KB a reader's page may weigh either way (the index
    had 1.3 KB to spare).

    >>> from kb.knowledge.load import load_knowledge_base
    >>> kb = load_knowledge_base()
    >>> [n.edition for n in indexed_numbers(kb, kb.provision("wsop.misdeal.dealt-out"))]
    ['wsop@2024']
    """
    earlier = set(kb.books.earlier_ids)
    return [n for n in p.numbers if n.edition not in earlier]


class ProvisionIndex(Index):
    """Provisions grouped by source, each source in its book's order."""

    name = "provisions"
    localname = "Index of provisions"
    shortname = "provisions"

    def generate(self, docnames=None):
        from kb.handbook.data.store import handbook
        try:
            kb = handbook(self.domain.env).kb
        except KeyError:      # the domain alone (kb.handbook.domain): no data, no index
            return [], True
        objects = self.domain.data["objects"]
        groups: dict[str, list] = {}
        for p in kb.provisions:
            if ("provision", p.id) not in objects:
                continue
            docname, anchor, _ = objects["provision", p.id]
            if docnames and docname not in docnames:
                continue
            first = p.numbers[0] if p.numbers else None
            extra = f"{first.number}" if first else ""
            order = number_key(first.number, kb.edition(first.edition).sections) if first else ()
            groups.setdefault(kb.source(p.source).title, []).append(
                (order, IndexEntry(p.title, 0, docname, anchor, extra, p.id, "")))
        content = [(title, [entry for _, entry in sorted(entries, key=lambda e: e[0])])
                   for title, entries in groups.items()]
        return content, True


class DisagreementIndex(Index):
    """Disagreements grouped by topic: the scenarios whose rulings differ (computed,
    linking their side-by-side outcomes) and the declared differs-from pairs (linking the
    topic page's box)."""

    name = "disagreements"
    localname = "Index of disagreements"
    shortname = "disagreements"

    def generate(self, docnames=None):
        groups: dict[str, list] = {}
        topics = self.domain.data["objects"]

        def add(topic, entry):
            if not docnames or entry.docname in docnames:
                title = topics.get(("topic", topic), (None, None, topic))[2]
                groups.setdefault(title, []).append(entry)

        for (topic, _, difference), shown in _alike(self.domain.data["shown"]).items():
            (docname, anchor, title, _), pairs = shown[0][1], [pair for pair, _ in shown]
            add(topic, IndexEntry(title, 0, docname, anchor, "",
                                  ", ".join(" / ".join(p) for p in pairs) + " differ",
                                  difference))
        for (topic, left, right), (docname, anchor, point) in sorted(
                self.domain.data["disagreements"].items()):
            add(topic, IndexEntry(f"{left} / {right}", 0, docname, anchor, "", "declared",
                                  point))
        return sorted(groups.items()), False


def _alike(shown: dict) -> dict[tuple, list]:
    """The computed disagreements (the domain's ``shown`` table) by topic, scenario and
    difference, in order: one index line for the pairs of books a scenario sets apart the
    same way, linking the first pair's outcomes (the index had a line per pair, with the
    scenario's id: 327 KB of HTML, over the 300 KB a reader's page may weigh).

    >>> shown = {("t", "s", "a", "b"): ("d", "x", "S", "remedy"),
    ...          ("t", "s", "a", "c"): ("d", "y", "S", "remedy")}
    >>> [(key, [pair for pair, _ in found]) for key, found in _alike(shown).items()]
    [(('t', 's', 'remedy'), [('a', 'b'), ('a', 'c')])]
    """
    alike: dict[tuple, list] = {}
    for (topic, scenario, *pair), value in sorted(shown.items()):
        alike.setdefault((topic, scenario, value[3]), []).append((tuple(pair), value))
    return alike


def escape_keys(app, pagename: str, templatename: str, context: dict, doctree) -> None:
    """``html-page-context``: on a domain index's page, each group's key and each entry's
    anchor escaped for HTML (the template prints both as they are, in text and in
    attributes); every other page, and every other field, is left as it is.

    >>> context = {"content": [("A <b>", [IndexEntry("x", 0, "d", '"a', "", "", "")])]}
    >>> escape_keys(None, "rule-provisions", "domainindex.html", context, None)
    >>> context["content"]
    [('A &lt;b&gt;', [IndexEntry(name='x', subtype=0, docname='d', anchor='&quot;a', \
extra='', qualifier='', descr='')])]
    """
    if templatename != "domainindex.html":
        return
    context["content"] = [
        (escape(key), [IndexEntry(*entry)._replace(anchor=escape(entry[3]))
                       for entry in entries])
        for key, entries in context.get("content", ())]
