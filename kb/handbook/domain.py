"""The ``rule`` domain: provisions, topics and editions as objects, their roles, and the
domain data every page adds to (objects, declared disagreements shown, the computed
disagreements the disagreements page shows, and the views each page
rendered, which :mod:`kb.handbook.uses` compares with the data to find stale pages)."""

from __future__ import annotations

from docutils import nodes
from sphinx.domains import Domain, ObjType
from sphinx.roles import XRefRole
from sphinx.util.nodes import make_refnode

from kb.handbook import directives, indices, uses

#: role name -> object type


class RuleRole(XRefRole):
    """``{rule:prov}`tda.four-card-flop``` and friends: link by id; the page notes the
    link so a changed title re-renders it."""

    def result_nodes(self, document, env, node, is_ref):
        uses.note_reference(env, self.reftype, self.target)
        return [node], []


class RuleDomain(Domain):
    """Provisions, topics and editions of the knowledge base."""

    name = "rule"
    label = "Poker rules"
    object_types = {
        "provision": ObjType("provision", "prov"),
        "topic": ObjType("topic", "topic"),
        "edition": ObjType("edition", "edition"),
    }
    roles = {name: RuleRole(innernodeclass=nodes.inline, warn_dangling=True)
             for name in uses.ROLE_TYPES}
    directives = {
        "provision": directives.ProvisionDirective,
        "topic": directives.TopicDirective,
        "edition": directives.EditionDirective,
        "errata": directives.ErrataDirective,
        "disagreements": directives.DisagreementsDirective,
        "text-disagreements": directives.TextDisagreementsDirective,
        "glossary": directives.GlossaryDirective,
        "topics": directives.TopicsTableDirective,
        "editions": directives.EditionsTableDirective,
        "confidence-labels": directives.ConfidenceDirective,
    }
    indices = [indices.ProvisionIndex, indices.DisagreementIndex]
    initial_data = {
        "objects": {},        # (objtype, name) -> (docname, anchor, display name)
        "disagreements": {},  # (topic, left, right) -> (docname, anchor, point)
        "shown": {},          # (topic, scenario, book, book) -> (docname, anchor, title, difference)
        "uses": {},           # docname -> {view key: digest}
    }
    data_version = 3

    @property
    def objects(self) -> dict:
        return self.data["objects"]

    def note_object(self, objtype: str, name: str, anchor: str, display: str, location) -> None:
        """Register the one entry of an object; a second page declaring it is warned about."""
        key = (objtype, name)
        if key in self.objects and self.objects[key][0] != self.env.docname:
            from sphinx.util import logging
            logging.getLogger(__name__).warning(
                "%s %s is already shown in full on %s", objtype, name, self.objects[key][0],
                location=location, type="floorbook", subtype="duplicate")
            return
        self.objects[key] = (self.env.docname, anchor, display)

    def clear_doc(self, docname: str) -> None:
        for table in ("objects", "disagreements", "shown"):
            for key, value in list(self.data[table].items()):
                if value[0] == docname:
                    del self.data[table][key]
        self.data["uses"].pop(docname, None)

    def merge_domaindata(self, docnames, otherdata: dict) -> None:
        for table in ("objects", "disagreements", "shown"):
            for key, value in otherdata[table].items():
                if value[0] in docnames:
                    self.data[table][key] = value
        for docname, used in otherdata["uses"].items():
            if docname in docnames:
                self.data["uses"][docname] = used

    def relative_uri(self, builder, fromdocname: str, objtype: str, name: str) -> str | None:
        """The link from ``fromdocname`` to an object's entry, or None if it has none."""
        if (objtype, name) not in self.objects:
            return None
        docname, anchor, _ = self.objects[objtype, name]
        return builder.get_relative_uri(fromdocname, docname) + "#" + anchor

    def resolve_xref(self, env, fromdocname, builder, typ, target, node, contnode):
        key = (uses.ROLE_TYPES.get(typ, typ), target)
        if key not in self.objects:
            return None
        docname, anchor, display = self.objects[key]
        if not node.get("refexplicit"):
            contnode = nodes.inline(display, display, classes=contnode["classes"])
        return make_refnode(builder, fromdocname, docname, anchor, contnode, display)

    def resolve_any_xref(self, env, fromdocname, builder, target, node, contnode):
        results = []
        for role, objtype in uses.ROLE_TYPES.items():
            ref = self.resolve_xref(env, fromdocname, builder, role, target, node, contnode)
            if ref is not None:
                results.append((f"rule:{role}", ref))
        return results

    def get_objects(self):
        for (objtype, name), (docname, anchor, display) in self.objects.items():
            # a topic page is the first answer to a search for its situation
            yield name, display, objtype, docname, anchor, 0 if objtype == "topic" else 1
        yield from self._numbers()

    def _numbers(self):
        """Extra names "TDA 2026 37-A-1" for a provision's number in each edition beyond the
        first (Sphinx's search matches the display name, which already carries the first
        edition's number), so searching any edition's number finds the rule's own entry."""
        from kb.handbook.store import handbook
        from kb.knowledge.names import edition_short
        try:
            kb = handbook(self.env).kb
        except KeyError:
            return
        for (objtype, name), (docname, anchor, display) in self.objects.items():
            if objtype == "provision" and kb.has("provision", name):
                title = display.rsplit(" (", 1)[0]
                for number in kb.provision(name).numbers:
                    label = f"{edition_short(kb, number.edition)} {number.number}"
                    if label not in display:      # the first edition's is in the display
                        yield label, f"{title} ({label})", objtype, docname, anchor, 1
