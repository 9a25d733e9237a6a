"""Sphinx extension of a published house rulebook (``floorbook rulebook build``).

Add ``"kb.sphinxext.house"`` to ``extensions`` (with ``myst_parser``); :mod:`kb.housesite`
writes such a project.  Config values:

``floorbook_house_file``
    the absolute path of the house rulebook file (required).
``floorbook_house_pdf``
    the file name of the printable PDF beside the pages (a validated slug + ``.pdf``), or
    empty when none is built.

At ``config-inited`` the house's title becomes ``project``, ``html_title`` and the PDF's
title (``rinoh_documents``), so house text never enters conf.py; at ``builder-inited`` the
rulebook is composed once.  The pages are MyST shells around the directives
``house:front``, ``house:rules``, ``house:differences`` and ``house:scenarios``, which
build docutils nodes directly: house text never passes through MyST.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from pathlib import Path
from weakref import WeakKeyDictionary

from docutils import nodes
from sphinx.domains import Domain
from sphinx.errors import ConfigError, ExtensionError
from sphinx.util.docutils import SphinxDirective

from kb.compose import compose
from kb.disagreements import load_scenarios
from kb.house import HouseError, HouseSpec, read_house_file
from kb.load import LoadError, load_knowledge_base
from kb.model import KnowledgeBase
from kb.rulebook import Rulebook
from kb.safe_markdown import markdown_nodes
from kb.sphinxext import cards
from kb.sphinxext import house_nodes as hn
from kb.sphinxext.house_view import rule_sections

_STATIC = Path(__file__).parent / "static"
_PDF_NAME = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*\.pdf$")
_LOADED: WeakKeyDictionary = WeakKeyDictionary()


@dataclass
class Published:
    """The composed house rulebook of one build."""

    kb: KnowledgeBase
    spec: HouseSpec
    book: Rulebook
    scenarios: tuple
    printed: bool = False  # built for print (rinohtype's PDF), not for the screen


def published(env) -> Published:
    """The house rulebook of the build that owns ``env``; KeyError before builder-inited."""
    return _LOADED[env]


def configure(app, config) -> None:
    """``config-inited``: titles from the house file; raises ConfigError if unreadable."""
    path, pdf = config.floorbook_house_file, config.floorbook_house_pdf
    if not path or not Path(path).is_absolute():
        raise ConfigError("floorbook_house_file must be the absolute path of a house file")
    if pdf and not _PDF_NAME.match(pdf):
        raise ConfigError(f"floorbook_house_pdf {pdf!r} is not a plain name like ours.pdf")
    try:
        spec = read_house_file(Path(path))
    except HouseError as error:
        raise ConfigError(str(error)) from None
    # themes print html_title and project as HTML (furo's brand does): escape them
    config.project = config.html_title = html.escape(spec.title)
    config.rinoh_documents = [dict(doc="index", target=(pdf or "house.pdf")[:-4],
                                   title=spec.title, subtitle=f"House rules on {spec.base}",
                                   author="Published with floorbook")]
    config.html_static_path = [*config.html_static_path, str(_STATIC)]


def load(app) -> None:
    """``builder-inited``: compose the rulebook; ExtensionError listing its problems."""
    path = Path(app.config.floorbook_house_file)
    app.env.note_dependency(str(path))
    try:
        kb, spec = load_knowledge_base(), read_house_file(path)
    except (LoadError, HouseError) as error:
        raise ExtensionError(f"floorbook: cannot read {path}: {error}") from None
    book, problems = compose(kb, spec)
    if problems or book is None:
        raise ExtensionError("floorbook: the house rulebook has problems:\n"
                             + "\n".join(f"  {p}" for p in problems))
    _LOADED[app.env] = Published(kb, spec, book, load_scenarios(),
                                 printed=app.builder.name == "rinoh")


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
        if pdf:
            link = nodes.reference("", "the printable PDF", refuri=pdf)
            body.append(hn.para("Print them: ", link, "."))
        return [hn.section("house-front", house.spec.title, *body)]


def _base_title(house: Published) -> str:
    from kb.rulebook import edition_rulebook
    return edition_rulebook(house.kb, house.book.base).title


class RulesDirective(SphinxDirective):
    """``{house:rules}``: the page of our rules, one section per topic in floor order,
    each governing provision with its number as we cite it, title and text."""

    def run(self) -> list[nodes.Node]:
        house = published(self.env)
        intro = hn.para("Each topic lists the rules that govern it, the first taking "
                        "precedence. Rules we wrote ourselves show our text; rules we take "
                        "from a book show its number there and a summary in our words.")
        page = hn.section("our-rules", "Our rules", intro)
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
    from kb.sphinxext.house_differences import DifferencesDirective
    from kb.sphinxext.house_scenarios import ScenariosDirective

    HouseDomain.directives = {"front": FrontDirective, "rules": RulesDirective,
                              "differences": DifferencesDirective,
                              "scenarios": ScenariosDirective}
    app.add_config_value("floorbook_house_file", "", "env", types=frozenset({str}))
    app.add_config_value("floorbook_house_pdf", "", "env", types=frozenset({str}))
    app.connect("config-inited", configure)
    app.connect("builder-inited", load)
    app.add_domain(HouseDomain)
    app.add_node(cards.card, html=(cards.visit_card_html, cards.depart_card_html))
    app.add_css_file("floorbook.css")
    app.add_css_file("floorbook-house.css")
    return {"version": "0.1", "env_version": 1,
            "parallel_read_safe": True, "parallel_write_safe": True}
