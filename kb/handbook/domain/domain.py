"""The ``rule`` domain: provisions, topics and editions as objects, their roles, and the
domain data every page adds to (objects, declared disagreements shown, the computed
disagreements the disagreements page shows, and the views each page
rendered, which :mod:`kb.handbook.domain.uses` compares with the data to find stale pages)."""

from __future__ import annotations

from docutils import nodes
from sphinx.domains import Domain, ObjType
from sphinx.roles import XRefRole
from sphinx.util.nodes import make_refnode

from kb.handbook.domain import consecutive, directives, indices, uses
from kb.handbook.running import compat
from kb.handbook.views.cells import row_anchor

#: role name -> object type


class RuleRole(XRefRole):
    """``{rule:prov}`tda.four-card-flop``` and friends: link by id; the page notes the
    link so a changed title re-renders it."""

    def result_nodes(self, document, env, node, is_ref):
        from kb.handbook.data.store import handbook
        try:
            handbook(env)
        except KeyError:      # the domain alone (setup below): links go to intersphinx
            return [node], []
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
    # {rule:file}`floorbook.json`: a file the build writes into the site's root
    roles["file"] = XRefRole(innernodeclass=nodes.literal, warn_dangling=True)
    directives = {
        "provision": directives.ProvisionDirective,
        "topic": directives.TopicDirective,
        "edition": directives.EditionDirective,
        "errata": directives.ErrataDirective,
        "disagreements": directives.DisagreementsDirective,
        "text-disagreements": directives.TextDisagreementsDirective,
        "edition-disagreements": consecutive.EditionDisagreementsDirective,
        "glossary": directives.GlossaryDirective,
        "topics": directives.TopicsTableDirective,
        "editions": directives.EditionsTableDirective,
        "confidence-labels": directives.ConfidenceDirective,
    }
    indices = [indices.ProvisionIndex, indices.DisagreementIndex]
    initial_data = {
        "objects": {},        # (objtype, name) -> (docname, anchor, display name)
        "disagreements": {},  # (topic, left, right) -> (docname, anchor, point)
        "shown": {},          # (topic, scenario, book, book) -> (docname, anchor, title,
                              #                                 difference)
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
        if typ == "file":
            return self._site_file(fromdocname, builder, target, contnode)
        if typ == "row":
            return self._matrix_row(fromdocname, builder, target, contnode)
        key = (uses.ROLE_TYPES.get(typ, typ), target)
        if key not in self.objects:
            return None
        docname, anchor, display = self.objects[key]
        if not node.get("refexplicit"):
            contnode = nodes.inline(display, display, classes=contnode["classes"])
        return make_refnode(builder, fromdocname, docname, anchor, contnode, display)

    def _matrix_row(self, fromdocname, builder, target, contnode):
        """A link to a scenario's row in a topic's ruling matrix, ``target`` being
        ``"<topic> <scenario id>"`` (:mod:`kb.handbook.views.listed`); None without the topic."""
        topic, _, scenario = target.partition(" ")
        if ("topic", topic) not in self.objects:
            return None
        docname = self.objects["topic", topic][0]
        return make_refnode(builder, fromdocname, docname, row_anchor(scenario), contnode)

    def _site_file(self, fromdocname, builder, target, contnode):
        """A link to one of the files :mod:`kb.handbook.data.export` writes into the site's root
        (None for another name: a dangling reference, warned about); a format without
        links (LaTeX) shows the name as text."""
        from kb.handbook.data.export import SITE_FILES
        if target not in SITE_FILES:
            return None
        if builder.format != "html":
            return contnode
        uri = compat.relative_uri(builder.get_target_uri(fromdocname), target)
        return nodes.reference("", "", contnode, internal=False, refuri=uri)

    def resolve_any_xref(self, env, fromdocname, builder, target, node, contnode):
        results = []
        for role in uses.ROLE_TYPES:
            ref = self.resolve_xref(env, fromdocname, builder, role, target, node, contnode)
            if ref is not None:
                results.append((f"rule:{role}", ref))
        return results

    def get_objects(self):
        """Each provision, topic and edition once, under its id (what the roles and
        intersphinx look up) and shown as the handbook's links show it: "Four-card flop
        (TDA 2024 39-A)".  objects.inv and the search index list exactly these.

        A provision is not listed again under its other editions' citations ("TDA 2026
        28"): Sphinx's inventory reader drops a name with a space before a whole number
        (it reads "TDA 2026 28 rule:provision" as type "2026"), so such names would be
        lost to every reader; search finds those numbers by the index entries each
        provision adds ("28; TDA 2026").

        The shown text is on one line: objects.inv is a line per object, and Sphinx writes
        the text as it is, so a title from the data holding a line break would add an
        object of its own making (any name, any address) to every reader's inventory."""
        for (objtype, name), (docname, anchor, display) in self.objects.items():
            # a topic page is the first answer to a search for its situation
            yield (name, " ".join(display.split()), objtype, docname, anchor,
                   0 if objtype == "topic" else 1)

