"""Directives that render the knowledge base into pages.

Each one computes its view through :func:`kb.handbook.domain.uses.use` (which records what the
page shows), parses the view's MyST skeleton and fills its slots with the data.
"""

from __future__ import annotations

from typing import Any, Protocol, cast
from weakref import WeakKeyDictionary

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.directives import ObjectDescription
from sphinx.environment import BuildEnvironment
from sphinx.util import docname_join, logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.parsing import nested_parse_to_nodes

from kb.handbook.data.store import handbook
from kb.handbook.domain import uses
from kb.handbook.domain.indices import indexed_numbers
from kb.handbook.guard.untrusted import restricted
from kb.handbook.running import compat
from kb.handbook.views import pictures
from kb.handbook.views.contents import page_of
from kb.handbook.views.events import reader_title
from kb.handbook.views.fragment import Fragment, fill
from kb.knowledge import names

logger = logging.getLogger(__name__)

#: Per build (its environment): a short skeleton's parsed nodes, to copy.
_SKELETONS: WeakKeyDictionary = WeakKeyDictionary()
#: The longest skeleton kept, in characters (a page's own skeleton is parsed where it is).
_SHORT = 1000


#: How many of floorbook's views a data folder's page may show: each may be a whole
#: table of the knowledge base, so 37,800 one-line directives (a page under its 1 MB cap)
#: made a 46 MB page in 4 minutes and 2.1 GB; a page of the handbook shows a few.  Only
#: the views the page's author wrote count: those floorbook's own views hold (an edition's
#: provisions, one view each) grow with the data, which has bounds of its own, and a 10x
#: knowledge base's edition page holds about 2,000.
VIEWS_CAP = 200


def too_many_views(directive: SphinxDirective) -> bool:
    """Whether ``directive``, in an untrusted page (:func:`kb.handbook.guard.untrusted.restricted`),
    is past the page's :data:`VIEWS_CAP` views; the first one past says so in a warning."""
    if not restricted(directive.env) or directive.env.temp_data.get("floorbook_inside"):
        return False
    shown = int(directive.env.temp_data.get("floorbook_views") or 0) + 1
    directive.env.temp_data["floorbook_views"] = shown
    if shown == VIEWS_CAP + 1:
        logger.warning("floorbook: a data folder's page may show at most %d of floorbook's "
                       "views (rule: directives); split the page", VIEWS_CAP,
                       location=directive.get_location(), type="floorbook",
                       subtype="too-many-views")
    return shown > VIEWS_CAP


class FragmentMixin(SphinxDirective):
    """Parse a :class:`Fragment` in the current (MyST) document and fill its slots (a
    directive's mixin: a SphinxDirective, so its ``env`` and ``state`` are typed)."""

    def render(self, fragment: Fragment) -> list[nodes.Node]:
        if too_many_views(self):
            return []
        for slot in fragment.slots:
            if slot[0] == "xref" and slot[1] == "rule":
                uses.note_reference(self.env, slot[2], slot[3])
        root = nodes.container()
        inside = self.env.temp_data.get("floorbook_inside") or 0
        self.env.temp_data["floorbook_inside"] = inside + 1     # views of our own, uncounted
        try:
            root.extend(self._parsed(fragment.source))
        finally:
            self.env.temp_data["floorbook_inside"] = inside
        fill(root, fragment, self.env.docname)
        return list(root.children)

    def _parsed(self, skeleton: str) -> list[nodes.Node]:
        """The nodes of ``skeleton`` parsed as MyST here.  A short skeleton is parsed once
        per build and copied after: the provision entries' skeletons (a build renders
        about 700) come in a few shapes, and the data never is in them (it fills the
        slots after, :func:`kb.handbook.views.fragment.fill`)."""
        source = self.get_source_info()[0]
        parsed = _SKELETONS.setdefault(self.env, {})
        if len(skeleton) > _SHORT or skeleton not in parsed:
            made = nested_parse_to_nodes(self.state, skeleton, source=source,
                                         offset=self.content_offset)
            if len(skeleton) > _SHORT:
                return made
            for node in made:           # kept across pages: no tie to this page's tree
                node.parent = None
                for part in node.findall():
                    compat.forget_document(part)
            parsed[skeleton] = made
        copies = [node.deepcopy() for node in parsed[skeleton]]
        for copy in copies:
            for node in copy.findall(nodes.Element):
                node.source = source
        return copies

    def view(self, *key):
        """The view ``key`` for this page, or None after a warning if an id is unknown."""
        try:
            return uses.use(self.env, key)
        except (KeyError, ValueError) as error:
            logger.warning("floorbook: cannot show %s %s: unknown id %s", key[0],
                           " ".join(map(str, key[1:])), error, location=self.get_location(),
                           type="floorbook", subtype="unknown-id")
            return None


class _Objects(Protocol):
    """What the pages ask of the rule domain (:class:`kb.handbook.domain.domain.RuleDomain`, which
    imports this module, so it is named here by what it does)."""

    def note_object(self, objtype: str, name: str, anchor: str, display: str,
                    location: Any) -> None: ...


def _objects(env: BuildEnvironment) -> _Objects:
    """The rule domain, which kb.handbook.domain.domain registers as ``rule``."""
    return cast(_Objects, env.domains["rule"])


class PageDirective(FragmentMixin, SphinxDirective):
    """A page about one record: a section titled by the record, then its view."""

    required_arguments = 1
    objtype = ""

    def section(self, name: str, title: str, anchor: str, display: str) -> nodes.section:
        section = nodes.section(ids=[anchor], names=[nodes.fully_normalize_name(anchor)])
        section += nodes.title(title, title)
        _objects(self.env).note_object(self.objtype, name, anchor, display,
                                       self.get_location())
        return section


class TopicDirective(PageDirective):
    """``{rule:topic} four-card-flop``: the topic's whole page (title included)."""

    objtype = "topic"

    def run(self) -> list[nodes.Node]:
        tid = self.arguments[0]
        fragment = self.view("topic", tid)
        if fragment is None:
            return []
        title = handbook(self.env).kb.topic(tid).title
        # not "topic-<id>": Sphinx's search rebuilds such an anchor from the display name
        section = self.section(tid, title, f"the-topic-{nodes.make_id(tid)}", title)
        section.extend(self.render(fragment))
        self._note_disagreements(section, tid)
        section += self.picture(tid)
        matrix = self.view("matrix", tid)
        if matrix is not None:
            section.extend(self.render(matrix))
        return [section]

    def _note_disagreements(self, section: nodes.section, tid: str) -> None:
        from kb.knowledge.graph import disagreements
        for box in section.findall(nodes.admonition):
            if "floorbook-disagreement" in box["classes"]:
                box["ids"].append("disagreements")
                for d in disagreements(handbook(self.env).kb):
                    if d.topic == tid:
                        self.env.domains["rule"].data["disagreements"][tid, d.left, d.right] = (
                            self.env.docname, "disagreements", d.point)

    def picture(self, tid: str) -> list[nodes.Node]:
        radius = self.config.floorbook_graph_radius
        if self.view("picture", tid, radius) is None:
            return []
        rubric = nodes.rubric("Where it sits in the graph", "Where it sits in the graph")
        return [rubric, pictures.topic_picture(handbook(self.env), tid, radius)]


class EditionDirective(PageDirective):
    """``{rule:edition} tda@2024``: the edition's page, its provisions in book order."""

    objtype = "edition"

    def run(self) -> list[nodes.Node]:
        eid = self.arguments[0]
        fragment = self.view("edition", eid)
        if fragment is None:
            return []
        kb = handbook(self.env).kb
        title = names.edition_title(kb, eid)
        section = self.section(eid, title, f"edition-{nodes.make_id(eid)}", title)
        section.extend(self.render(fragment))
        return [section]


class ProvisionDirective(FragmentMixin, ObjectDescription):
    """``{rule:provision} tda.four-card-flop`` with ``:edition:`` (the full entry; the
    provision's first edition holds its link target) or ``:topic:`` (a brief entry)."""

    option_spec = {**ObjectDescription.option_spec, "edition": directives.unchanged,
                   "topic": directives.unchanged}

    def handle_signature(self, sig: str, signode: addnodes.desc_signature) -> str:
        kb = handbook(self.env).kb
        p = kb.provision(sig) if kb.has("provision", sig) else None
        if p is None:
            logger.warning("floorbook: unknown provision %s", sig, location=self.get_location(),
                           type="floorbook", subtype="unknown-id")
            raise ValueError(sig)
        number = p.number_in(self.options.get("edition", "")) if "edition" in self.options else None
        if number:
            signode += addnodes.desc_addname(number.number + " ", number.number + " ")
        signode += addnodes.desc_name(p.title, p.title)
        return sig

    def add_target_and_index(self, name: str, sig: str, signode) -> None:
        kb = handbook(self.env).kb
        p = kb.provision(name)
        anchor = nodes.make_id(name)
        signode["ids"].append(anchor)
        canonical = self.options.get("edition", "") == names.primary_edition(p)
        if canonical or (not p.numbers and "topic" in self.options
                         and p.topics and p.topics[0] == self.options["topic"]):
            _objects(self.env).note_object("provision", name, anchor,
                                           names.display_name(kb, p), self.get_location())
        main = "main" if canonical else ""
        # an earlier edition's page, and a rule only an earlier edition has, add nothing to
        # the general index (indexed_numbers says why); the index of provisions lists them
        if {self.options.get("edition", ""), names.primary_edition(p)} & set(
                kb.books.earlier_ids):
            return
        self.indexnode["entries"].extend(
            ("pair", f"{n.number}; {names.edition_short(kb, n.edition)}", anchor, main, None)
            for n in indexed_numbers(kb, p))
        self.indexnode["entries"].append(("single", f"{p.title}; {p.id}", anchor, main, None))

    def _toc_entry_name(self, sig_node) -> str:
        return sig_node.astext() if "edition" in self.options else ""

    def transform_content(self, content_node: addnodes.desc_content) -> None:
        if not self.names:
            return
        fragment = self.view("provision", self.names[0], "edition" not in self.options)
        if fragment is not None:
            content_node.extend(self.render(fragment))


class ListDirective(FragmentMixin, SphinxDirective):
    """A directive with no argument that shows one whole-knowledge-base view."""

    view_name = ""

    def run(self) -> list[nodes.Node]:
        fragment = self.view(self.view_name)
        return self.render(fragment) if fragment is not None else []


class ErrataDirective(ListDirective):
    """``{rule:errata}``: every erratum."""

    view_name = "errata"


class DisagreementsDirective(ListDirective):
    """``{rule:disagreements}``: the index of the disagreements the scenarios' rulings
    show (a line per topic, :mod:`kb.handbook.views.contents`), then, by topic, those of
    the topics with no page of their own; ``{rule:disagreements} <topic id>``: one
    topic's, as the page ``disagreements/<topic id>`` beside the index shows them.  Each
    disagreement shown is noted for the disagreements index."""

    optional_arguments = 1

    def run(self) -> list[nodes.Node]:
        hb = handbook(self.env)
        if self.arguments:
            topic = self.arguments[0]
            result, drawn = self._topic_page(topic), {topic}
        else:
            split = tuple(t.id for t in hb.kb.topics
                          if docname_join(self.env.docname, page_of(t.id)) in self.env.found_docs)
            result = [node for key in (("disagreements-index", *split), ("disagreements", *split))
                      for node in self._shown(key)]
            drawn = {t.id for t in hb.kb.topics} - set(split)
        self._note_shown(drawn)
        return result

    def _shown(self, key: tuple) -> list[nodes.Node]:
        fragment = self.view(*key)
        return self.render(fragment) if fragment is not None else []

    def _topic_page(self, topic: str) -> list[nodes.Node]:
        fragment = self.view("disagreements-topic", topic)
        if fragment is None:
            return []
        # not the topic's title alone: search and the navigation list the topic's page too
        title = f"{handbook(self.env).kb.topic(topic).title}: where the books disagree"
        anchor = f"disagreements-{nodes.make_id(topic)}"
        section = nodes.section(ids=[anchor], names=[nodes.fully_normalize_name(anchor)])
        section += nodes.title(title, title)
        section.extend(self.render(fragment))
        return [section]

    def _note_shown(self, topics: set[str]) -> None:
        from kb.handbook.views.matrix import shown_anchor
        table = handbook(self.env).rulings
        shown = self.env.domains["rule"].data["shown"]
        for c in table.computed:
            if c.topic in topics:
                shown[(c.topic, c.scenario, *c.pair)] = (
                    self.env.docname, shown_anchor(c.topic, c.scenario, c.pair, table.checked),
                    reader_title(table.scenarios[c.scenario].title), c.difference)


class TextDisagreementsDirective(ListDirective):
    """``{rule:text-disagreements}``: declared disagreements on topics no scenario
    exercises, by topic."""

    view_name = "text-disagreements"


class TopicsTableDirective(ListDirective):
    """``{rule:topics}``: a table of the topics."""

    view_name = "topics"


class EditionsTableDirective(ListDirective):
    """``{rule:editions}``: a table of the editions."""

    view_name = "editions"


class ConfidenceDirective(FragmentMixin, SphinxDirective):
    """``{rule:confidence-labels}``: what the confidence badges mean."""

    def run(self) -> list[nodes.Node]:
        from kb.handbook.views.texts import confidence_legend
        return self.render(confidence_legend())


class GlossaryDirective(SphinxDirective):
    """``{rule:glossary}``: the data's terms as a real Sphinx glossary ({term} links work)."""

    def run(self) -> list[nodes.Node]:
        if too_many_views(self):
            return []
        terms = uses.use(self.env, ("glossary",))
        source, line = self.get_source_info()
        items = []
        for term in sorted(terms, key=lambda t: t.term.lower()):
            term_node = compat.make_glossary_term(self.env, [nodes.Text(term.term)], None, source, line,
                                           None, self.state.document)
            definition = nodes.definition("", *self._definition(term))
            items.append(nodes.definition_list_item("", term_node, definition))
        glossary = addnodes.glossary(sorted=True)
        glossary += nodes.definition_list("", *items, classes=["glossary"])
        return [glossary]

    def _definition(self, term) -> list[nodes.Node]:
        from kb.handbook.views.markdown import markdown_nodes
        body = markdown_nodes(term.definition)
        if term.defined_by:
            body.append(self._links("Defined by: ", "rule", "prov", term.defined_by))
        if term.see:
            body.append(self._links("See also: ", "std", "term", term.see))
        return body

    def _links(self, label: str, domain: str, reftype: str, targets) -> nodes.paragraph:
        paragraph = nodes.paragraph("", label)
        for i, target in enumerate(targets):
            if domain == "rule":
                uses.note_reference(self.env, reftype, target)
            ref = target.lower() if reftype == "term" else target
            paragraph += addnodes.pending_xref("", nodes.inline(target, target), refdomain=domain,
                                               reftype=reftype, reftarget=ref, refexplicit=False,
                                               refwarn=True, refdoc=self.env.docname)
            if i < len(targets) - 1:
                paragraph += nodes.Text(", ")
        return paragraph
