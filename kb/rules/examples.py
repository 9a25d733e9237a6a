"""The :class:`~kb.rules.situation.Case` a bundled scenario hands the deciders: what the
deciders' docstring examples rule on (kb/data/scenarios/<id>.yaml, under a published
rulebook of the bundled knowledge base)."""

from __future__ import annotations

from kb.hand.scenario_file import load_scenario
from kb.knowledge.load import load_knowledge_base
from kb.rules.books import published_editions
from kb.rules.engine import first_cases, rule
from kb.rules.rulebook import Rulebook
from kb.rules.ruling import Ruling
from kb.rules.situation import Case


def case(scenario_id: str, kind: str | None = None, book: str = "rrop") -> Case:
    """The Case of bundled scenario ``scenario_id`` at its first floor call, as the engine
    hands it to the deciders of the published edition ``book`` (an edition id such as
    ``tda@2026``, or the id before the ``@``: rrop, tda, wsop, wsop-live, for the first
    edition listed); ``kind``: the
    irregularity kind of the unit ruled on (None: the first unit).

    Raises FileNotFoundError for an unknown scenario, :class:`StopIteration` for an
    unknown book or a kind no unit has.

    >>> case("boxed-card-on-flop").irregularity.kind
    'boxed'
    >>> case("boxed-card-on-flop", book="tda").cutoff_rule
    'tda'
    >>> case("boxed-card-on-flop", book="wsop-live@2024").cutoff_rule
    'wsop-live'
    """
    cases = first_cases(*_bundled(scenario_id, book))
    return next(c for c in cases if kind is None or
                (c.irregularity is not None and c.irregularity.kind == kind))


def ruling(scenario_id: str, book: str = "rrop") -> Ruling:
    """The ruling of bundled scenario ``scenario_id`` under the published edition ``book``
    (named as for :func:`case`), seed 0: what the rules room's docstring examples show.

    >>> ruling("boxed-two-cards-during-deal").remedy
    'misdeal'
    """
    return rule(*_bundled(scenario_id, book))


def _bundled(scenario_id: str, book: str):
    """The bundled knowledge base, the edition ``book`` names and the scenario's hand."""
    kb = load_knowledge_base()
    rulebook: Rulebook = next(b for b in published_editions(kb)
                              if book in (b.id, b.id.split("@")[0]))
    return kb, rulebook, load_scenario(f"{kb.root}/scenarios/{scenario_id}.yaml")
