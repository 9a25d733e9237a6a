"""The knowledge base a build renders from, and its scenarios ruled under every published
rulebook: loaded once per build at ``builder-inited``.

The knowledge base is kept beside the environment, never in it: the pickled environment
must not carry a stale copy into the next build, which loads the data afresh.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from weakref import WeakKeyDictionary

import networkx as nx
from sphinx.errors import ExtensionError

from kb.knowledge.graph import build_graph
from kb.knowledge.load import LoadError, load_knowledge_base
from kb.knowledge.model import KnowledgeBase
from kb.rules.rulebook import RulebookError
from kb.hand.scenario import ScenarioError
from kb.handbook.rulings import RulingTable, build_table

_LOADED: WeakKeyDictionary = WeakKeyDictionary()


@dataclass
class Handbook:
    """The knowledge base of one build, its scenarios' rulings, and its graph (built on
    first use)."""

    kb: KnowledgeBase
    rulings: RulingTable = field(default_factory=RulingTable)

    @cached_property
    def graph(self) -> nx.MultiDiGraph:
        return build_graph(self.kb)


def data_dir(app) -> Path | None:
    """``floorbook_data_dir`` resolved against the config directory; None = bundled data."""
    value = app.config.floorbook_data_dir
    return (Path(app.confdir) / value).resolve() if value else None


def load(app) -> None:
    """Load the data for this build (``builder-inited``).

    Raises ExtensionError listing every problem with file and line if the data does not
    load, or naming the scenario file (and line) or house rulebook that cannot be ruled.
    """
    folder = data_dir(app)
    try:
        kb = load_knowledge_base(folder)
    except LoadError as error:
        lines = "\n".join(f"  {problem}" for problem in error.problems)
        raise ExtensionError(f"floorbook: the knowledge base did not load:\n{lines}") from error
    try:
        _LOADED[app.env] = Handbook(kb, build_table(kb, folder))
    except (ScenarioError, RulebookError) as error:
        raise ExtensionError(f"floorbook: the scenarios cannot be ruled:\n  {error}") from error


def handbook(env) -> Handbook:
    """The handbook data of the build that owns ``env``; KeyError before ``builder-inited``."""
    return _LOADED[env]
