"""The domain's indices: every provision by source, and every declared disagreement."""

from __future__ import annotations

from sphinx.domains import Index, IndexEntry

from kb.knowledge.graph import number_key


class ProvisionIndex(Index):
    """Provisions grouped by source, each source in its book's order."""

    name = "provisions"
    localname = "Index of provisions"
    shortname = "provisions"

    def generate(self, docnames=None):
        from kb.handbook.store import handbook
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

        for (topic, scenario, *pair), (docname, anchor, title, difference) in sorted(
                self.domain.data["shown"].items()):
            add(topic, IndexEntry(title, 0, docname, anchor, scenario,
                                  " / ".join(pair) + " differ", difference))
        for (topic, left, right), (docname, anchor, point) in sorted(
                self.domain.data["disagreements"].items()):
            add(topic, IndexEntry(f"{left} / {right}", 0, docname, anchor, "", "declared",
                                  point))
        return sorted(groups.items()), False
