"""Deciders: one small pure function per provision that decides something.

Each module covers one group of topics; each function is a :data:`Decider`: it takes a
:class:`~kb.rules.situation.Case` and returns a :class:`~kb.rules.remedies.Decision`, or
None when its provision does not decide the case (another provision, or the misdeal
cutoff, then gets its turn).  Functions are registered against provision ids with
:func:`decides`.  What deciders of several modules share is in the helper modules
(:mod:`.helpers_deal`, :mod:`.helpers_board`, :mod:`.helpers_games`, :mod:`.end_of_hand`),
never in another decider module's private names.

>>> load_deciders()["tda.four-card-flop"].__name__
'tda_four_card_flop'
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from functools import cache

from kb.hand.table import Irregularity
from kb.rules.remedies import Decision
from kb.rules.situation import Case

#: A decider: the decision of its provision on a case, or None where the provision does
#: not decide it.
Decider = Callable[[Case], Decision | None]

DECIDERS: dict[str, Decider] = {}


def decides(*provision_ids: str) -> Callable[[Decider], Decider]:
    """Register the decorated function as the decider of ``provision_ids``; raises
    ValueError when one of them already has a decider.

    >>> @decides("example.provision")
    ... def example(case):
    ...     return None
    >>> DECIDERS.pop("example.provision") is example
    True
    """
    def register(function: Decider) -> Decider:
        for pid in provision_ids:
            if pid in DECIDERS:
                raise ValueError(f"{pid} already has a decider: {DECIDERS[pid].__name__}")
            DECIDERS[pid] = function
        return function
    return register


@cache
def load_deciders() -> dict[str, Decider]:
    """Import every decider module once; returns provision id -> decider.

    >>> load_deciders()["rrop.irregularities.boxed-card"].__name__
    'rrop_boxed_card'
    """
    for module in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{module.name}")
    return DECIDERS


def ruled_on(case: Case) -> Irregularity:
    """The irregularity ``case`` is ruled on.  The engine asks a decider only about a case
    with one; raises ValueError for a case without (a caller's mistake).

    >>> from types import SimpleNamespace as NS
    >>> ruled_on(NS(irregularity=Irregularity("boxed", 3, 0))).kind
    'boxed'
    """
    if case.irregularity is None:
        raise ValueError("a decider was asked about a case with no irregularity")
    return case.irregularity
