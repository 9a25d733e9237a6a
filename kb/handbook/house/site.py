"""Sphinx extension of a published house rulebook (``floorbook rulebook build``).

Add ``"kb.handbook.house.site"`` to ``extensions`` (with ``myst_parser``), as the settings of
:func:`kb.handbook.house.publish.settings` do.  Config values:

``floorbook_house_file``
    the absolute path of the house rulebook file (required).
``floorbook_house_pdf``
    the file name of the printable PDF beside the pages (a validated slug + ``.pdf``), or
    empty when none is built.
``floorbook_house_log``
    the absolute path of a decision log's folder, for the page "Precedents"
    (``house:precedents``, :mod:`kb.handbook.house.precedents`), or empty; read and
    checked at ``builder-inited`` unless ``floorbook rulebook build`` handed down the
    report it checked (:func:`kb.handbook.house.logged.handed`).
``floorbook_house_names``
    false to leave the floor people's names out of the Precedents page.

At ``config-inited`` the house's title becomes ``project``, ``html_title`` and the PDF's
title (``rinoh_documents``), so house text never enters the settings; at ``builder-inited`` the
rulebook is composed once.  The pages are MyST shells around the directives
``house:front``, ``house:rules``, ``house:differences`` and ``house:scenarios``, which
build docutils nodes directly: house text never passes through MyST.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.domains import Domain
from sphinx.util.docutils import SphinxDirective

from kb.handbook.house import finding
from kb.handbook.house import nodes as hn
from kb.handbook.house.differences import DifferencesDirective
from kb.handbook.house.finding import HouseFinderDirective
from kb.handbook.house.precedents import PrecedentsDirective
from kb.handbook.house.required import required_section
from kb.handbook.house.scenarios import ScenariosDirective
from kb.handbook.house.store import Published, configure, load, published
from kb.handbook.house.view import rule_sections
from kb.handbook.running import compat
from kb.handbook.views import cards
from kb.handbook.views.markdown import markdown_nodes
from kb.rules.rulebook import edition_rulebook


class FrontDirective(SphinxDirective):
    """``{house:front}``: the title page: the house's title, description, base and PDF."""

    def run(self) -> list[nodes.Node]:
        house = published(self.env)
        pdf = self.config.floorbook_house_pdf
        body = markdown_nodes(house.spec.description)
        body.append(hn.para("These are our rules for dealing errors. They build on ",
                            hn.strong(_base_title(house)), "; where our rules say nothing, "
                            "that book governs. Our rulebook's id is ",
                            nodes.literal(house.book.id, house.book.id), "."))
        if pdf and not house.printed:     # the PDF itself does not link to itself
            link = nodes.reference("", "the printable PDF", refuri=pdf)
            body.append(hn.para("Print them: ", link, "."))
        return [hn.section("house-front", house.spec.title, *body)]


def _base_title(house: Published) -> str:
    return edition_rulebook(house.kb, house.spec.base).title


class RulesDirective(SphinxDirective):
    """``{house:rules}``: the page of our rules: what our regulator requires us to state
    (when a book in the stack requires it), then one section per topic in floor order,
    each governing provision with its number as we cite it, title and text."""

    def run(self) -> list[nodes.Node]:
        house = published(self.env)
        intro = hn.para("Each topic lists the rules that govern it, the first taking "
                        "precedence. Rules we wrote ourselves show our text; rules we take "
                        "from a book show its number there and a summary in our words.")
        page = hn.section("our-rules", "Our rules", intro)
        page.extend(required_section(house.kb, house.spec))    # none: no regulator asks
        for topic, provisions in rule_sections(house.kb, house.book, house.spec):
            part = hn.section(f"topic-{topic.id}", topic.title,
                              hn.para(nodes.emphasis(topic.question, topic.question)))
            for provision in provisions:
                block = nodes.container(classes=["floorbook-house-rule"],
                                        ids=[f"rule-{provision.pid}"])
                block.extend(hn.provision_body(provision))
                part += block
            page += part
        return [page]


class HouseDomain(Domain):
    """The ``house`` domain: only a namespace for the page directives (it has no objects)."""

    name, label = "house", "House rulebook"

    def merge_domaindata(self, docnames, otherdata) -> None:
        """Nothing to merge: the domain keeps no data."""


def setup(app) -> dict:
    compat.check()          # every library internal used, before anything is registered
    HouseDomain.directives = {"front": FrontDirective, "rules": RulesDirective,
                              "differences": DifferencesDirective,
                              "scenarios": ScenariosDirective,
                              "finder": HouseFinderDirective,
                              "precedents": PrecedentsDirective}
    app.add_config_value("floorbook_house_file", "", "env", types=frozenset({str}))
    app.add_config_value("floorbook_house_pdf", "", "env", types=frozenset({str}))
    # the decision log's folder (absolute, or "" for none) and whether floor people are named
    app.add_config_value("floorbook_house_log", "", "env", types=frozenset({str}))
    app.add_config_value("floorbook_house_names", True, "env", types=frozenset({bool}))
    app.connect("config-inited", configure)
    app.connect("builder-inited", load)
    app.add_domain(HouseDomain)
    finding.setup(app)
    app.add_node(cards.card, html=(cards.visit_card_html, cards.depart_card_html))
    app.add_css_file("floorbook.css")
    app.add_css_file("floorbook-house.css")
    return {"version": "0.1", "env_version": 1,
            "parallel_read_safe": True, "parallel_write_safe": True}
