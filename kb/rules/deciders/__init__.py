"""Deciders: one small pure function per provision that decides something.

Each module covers one group of topics; each function takes a :class:`~kb.hand.situation.Case`
and returns a :class:`~kb.rules.remedies.Decision`, or None when its provision does not decide
the case (another provision, or the misdeal cutoff, then gets its turn).  Functions are
registered against provision ids with :func:`decides`.

>>> load_deciders()["tda.four-card-flop"].__name__
'tda_four_card_flop'
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from functools import cache

DECIDERS: dict[str, Callable] = {}


def decides(*provision_ids: str) -> Callable:
    """Register the decorated function as the decider of ``provision_ids``."""
    def register(function: Callable) -> Callable:
        for pid in provision_ids:
            if pid in DECIDERS:
                raise ValueError(f"{pid} already has a decider: {DECIDERS[pid].__name__}")
            DECIDERS[pid] = function
        return function
    return register


@cache
def load_deciders() -> dict[str, Callable]:
    """Import every decider module once; returns provision id -> decider."""
    for module in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{module.name}")
    return DECIDERS
