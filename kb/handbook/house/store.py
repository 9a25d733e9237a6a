"""The composed house rulebook of one build: read at ``config-inited`` and
``builder-inited``, kept per build environment, read by every house directive.

A house file is untrusted: an unreadable one stops the build with its ``file:line``
problems (ConfigError or ExtensionError), before any page is written.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from pathlib import Path
from weakref import WeakKeyDictionary

from sphinx.errors import ConfigError, ExtensionError

from kb.decisions.model import LogReport
from kb.handbook.house.logged import site_log
from kb.house.compose import compose_file
from kb.house.spec import HouseError, HouseSpec, read_house_file
from kb.knowledge.load import LoadError, load_knowledge_base
from kb.knowledge.model import KnowledgeBase
from kb.rules.disagreements import load_scenarios
from kb.rules.rulebook import Rulebook, edition_rulebook

STATIC = Path(__file__).parent.parent / "static"
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
    log: LogReport | None = None    # the decision log checked, for the Precedents page


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
    # rinohtype's "article" prints page after page; its "book" started each chapter on a
    # right-hand page, leaving a blank page whose footer said "Chapter .".  The project
    # kb.handbook.house.publish writes holds it with a style sheet (house.rtt, house.rts).
    template = "house.rtt" if (Path(app.confdir) / "house.rtt").is_file() else "article"
    config.rinoh_documents = [dict(doc="index", target=(pdf or "house.pdf")[:-4],
                                   template=template, title=spec.title,
                                   subtitle="House rules",   # the base's title: load()
                                   author="Published with floorbook")]
    config.html_static_path = [*config.html_static_path, str(STATIC)]


def load(app) -> None:
    """``builder-inited``: compose the rulebook; ExtensionError listing its problems."""
    path = Path(app.config.floorbook_house_file)
    app.env.note_dependency(str(path))
    try:
        kb = load_knowledge_base()
    except LoadError as error:
        raise ExtensionError(f"floorbook: cannot read the knowledge base: {error}") from None
    spec, book, problems = compose_file(kb, path)
    if problems or spec is None or book is None:
        raise ExtensionError("floorbook: the house rulebook has problems:\n"
                             + "\n".join(f"  {p}" for p in problems))
    # the cover names the base by its title, never its id (known once the kb is read)
    base = edition_rulebook(kb, spec.base).title
    for document in app.config.rinoh_documents:
        document["subtitle"] = f"House rules on {base}"
    log = app.config.floorbook_house_log
    _LOADED[app.env] = Published(kb, spec, book, load_scenarios(),
                                 printed=app.builder.name == "rinoh",
                                 log=_log(kb, book, Path(log)) if log else None)


def _log(kb: KnowledgeBase, book: Rulebook, folder: Path) -> LogReport:
    """The decision log in ``folder`` checked: the report ``floorbook rulebook build``
    handed down, read and checked before the build (:func:`kb.handbook.house.logged.site_log`),
    else the folder read and checked now; ExtensionError listing its problems."""
    report, problems = site_log(kb, book, folder)
    if problems or report is None:
        raise ExtensionError("floorbook: the decision log has problems:\n"
                             + "\n".join(f"  {p}" for p in problems))
    return report
