"""The knowledge base a build renders from, and its scenarios ruled under every published
rulebook: loaded once per build at ``builder-inited``.

The knowledge base is kept beside the environment, never in it: the pickled environment
must not carry a stale copy into the next build, which loads the data afresh.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from weakref import WeakKeyDictionary

import networkx as nx
from sphinx.errors import SphinxError

from kb import DATA
from kb.fairness.batch import ClusterError
from kb.files import InputError, confined
from kb.files.cache import Cache, digest
from kb.handbook.data.editions import EditionRulings, edition_rulings
from kb.handbook.data.fairness import FairnessTable, Figures, fairness_table
from kb.handbook.data.rulings import RulingTable, build_table, kept_table, view_state
from kb.knowledge.graph import build_graph
from kb.knowledge.load import LoadError, load_knowledge_base
from kb.knowledge.model import KnowledgeBase
from kb.rules.rulebook import RulebookError

_LOADED: WeakKeyDictionary = WeakKeyDictionary()


class DataError(SphinxError):
    """The data of a build cannot be used: ``problems`` holds one ``file:line: message``
    line per problem.  A SphinxError, so Sphinx passes it out of the event unwrapped and
    ``floorbook build`` prints the problems alone, not as an extension's crash."""

    category = "floorbook: the data of the handbook cannot be used"

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("\n".join(problems))


@dataclass
class Handbook:
    """The knowledge base of one build, its scenarios' rulings, and its graph and its
    rulings compared across editions (both worked out on first use).  ``state``: what the
    views are made of but the provisions' summaries
    (:func:`kb.handbook.data.rulings.view_state`), ``""`` when unknown."""

    kb: KnowledgeBase
    rulings: RulingTable = field(default_factory=RulingTable)
    state: str = ""
    #: the rulebooks of the data this build leaves out (:func:`without_examples`)
    left_out: tuple = ()
    #: how the fairness records are worked out and kept (:attr:`fairness`)
    figures: Figures = field(default_factory=lambda: Figures(workers=1), compare=False)

    @cached_property
    def graph(self) -> nx.MultiDiGraph:
        return build_graph(self.kb)

    @cached_property
    def editions(self) -> EditionRulings:
        """The rulings compared between consecutive editions (worked out on first use: only
        the edition pages and the disagreements page read them)."""
        return edition_rulings(self.kb, self.rulings)

    @cached_property
    def fairness(self) -> FairnessTable:
        """The fairness of every cell of :attr:`rulings`, as :attr:`figures` says (a
        build works it out as it loads its data, :func:`load`; elsewhere on first use)."""
        return fairness_table(self.kb, self.rulings, self.figures)


def data_dir(app) -> Path | None:
    """``floorbook_data_dir`` resolved against the config directory; None = bundled data."""
    value = app.config.floorbook_data_dir
    return (Path(app.confdir) / value).resolve() if value else None


def load(app) -> None:
    """Load the data for this build (``builder-inited``).

    Raises :class:`DataError` listing every problem with file and line if the data does
    not load, or naming the scenario file (and line) or house rulebook that cannot be ruled,
    or the Dask scheduler of ``floorbook_scheduler`` that cannot be used.  A site's build
    works its fairness records out here (:attr:`Handbook.fairness`).
    """
    found = read(data_dir(app))
    hb = found if app.config.floorbook_example_books else without_examples(found)
    # the site alone shows the figures: a printed build would work every one out, then
    # drop it (and reads no cache)
    shown = app.config.floorbook_fairness and app.builder.format == "html"
    hb.figures = replace(hb.figures, on=shown, workers=None,
                         scheduler=app.config.floorbook_scheduler)
    try:
        # now, before Sphinx forks its writers: each would work the records out again
        # (the site only: no other format shows them, and the PDF's build reads no cache)
        if app.builder.format == "html":
            hb.fairness                                 # noqa: B018
    except ClusterError as error:
        raise DataError([f"floorbook build: {error}"]) from None
    _LOADED[app.env] = hb


def without_examples(hb: Handbook) -> Handbook:
    """``hb`` without the bundled example rulebooks (:attr:`kb.rules.rulebook.Rulebook.example`:
    the two house books a data folder holds to show how one is written) in its columns,
    its rulings and its disagreements, named in ``left_out``; every ruling of every other
    book stays.  The printed handbook's default (``floorbook build --pdf`` without
    ``--with-examples``): a card room's binder holds the books it rules with.

    >>> from kb.house.compose import resolve_rulebook
    >>> kb = load_knowledge_base()
    >>> books = tuple(resolve_rulebook(kb, b) for b in ("tda@2024", "house.casino@2026"))
    >>> hb = without_examples(Handbook(kb, RulingTable(rulebooks=books)))
    >>> [b.id for b in hb.left_out], [b.id for b in hb.rulings.rulebooks]
    (['house.casino@2026'], ['tda@2024'])
    """
    left = tuple(b for b in hb.rulings.rulebooks if b.example)
    if not left:
        return hb
    kept = tuple(b for b in hb.rulings.rulebooks if not b.example)
    state = digest(f"{hb.state} without {[b.id for b in left]}".encode()) if hb.state else ""
    return Handbook(hb.kb, hb.rulings.only(kept), state, left, hb.figures)


#: What the command line read and checked just before the build: resolved data folder ->
#: (knowledge base, scenarios, their files' digests by name, the cache or None); taken by
#: the next read.
_OFFERED: dict[Path, tuple] = {}


def offer(folder: Path | None, kb: KnowledgeBase, scenarios: tuple, digests: dict,
          cache: Cache | None = None) -> None:
    """Let the next :func:`read` of ``folder`` (None: the bundled data) in this process use
    ``kb`` and ``scenarios`` (as :func:`kb.house.datafolder.read_folder` read them, without
    a problem) instead of reading the files again: ``floorbook build`` checks the data
    folder first, and reading it twice was a fifth of a one-page rebuild.  With a
    ``cache`` (:class:`kb.files.cache.Cache`), the ruling table an earlier build of the
    folder kept there is used when nothing it was ruled from changed
    (:func:`kb.handbook.data.rulings.kept_table`), and this build's is kept."""
    _OFFERED[(folder or DATA).resolve()] = (kb, scenarios, digests, cache)


def read(folder: Path | None) -> Handbook:
    """The knowledge base in ``folder`` (None: the bundled kb/data) with its scenarios
    ruled under every rulebook (what :func:`offer` offered, if anything).  Raises
    :class:`DataError`.

    >>> read(Path("/nowhere"))
    Traceback (most recent call last):
    ...
    kb.handbook.data.store.DataError: /nowhere...:1: ...
    """
    root = folder or DATA
    with confined(root):                # no file is read through a link (kb.files)
        return _read(folder, root)


def _read(folder: Path | None, root: Path) -> Handbook:
    """:func:`read` of the data folder ``root`` (``folder``, None: the bundled data)."""
    offered = _OFFERED.pop(root.resolve(), None)
    try:
        kb = offered[0] if offered else load_knowledge_base(folder)
    except LoadError as error:
        raise DataError([f"{root / p.location.file}:{p.location.line}: {p.message}"
                         for p in error.problems]) from None
    try:
        table = _table(kb, folder, *offered[1:]) if offered else build_table(kb, folder)
    except (InputError, RulebookError) as error:   # a scenario or house rulebook file
        raise DataError(str(error).splitlines()) from None
    figures = Figures(workers=1, cache=offered[3] if offered else None, data_dir=folder)
    return Handbook(kb, table, view_state(kb, table, folder), figures=figures)


def _table(kb: KnowledgeBase, folder: Path | None, scenarios: tuple, digests: dict,
           cache: Cache | None) -> RulingTable:
    """The ruling table of what the command line offered, kept in ``cache`` if any."""
    if cache is None:
        return build_table(kb, folder, scenarios, digests)
    with cache.store("table", str((folder or DATA).resolve())) as store:
        return kept_table(kb, folder, scenarios, digests, store)


def handbook(env) -> Handbook:
    """The handbook data of the build that owns ``env``; KeyError before ``builder-inited``."""
    return _LOADED[env]
