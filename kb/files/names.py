"""What to tell an author who wrote a name floorbook does not know (a field, an event, a
provision, a topic, a rulebook): the nearest known name, found with :mod:`difflib`, rather
than the whole list, which for events or rulebooks runs to a dozen names or more.

>>> did_you_mean("exposd", ["boxed", "exposed", "extra"])
"did you mean 'exposed'?"
>>> did_you_mean("colour", ["cards", "burns"])
'use one of: burns, cards'
>>> did_you_mean("zzz", [f"name-{n}" for n in range(20)], elsewhere="see the docs")
'see the docs'
"""

from __future__ import annotations

from collections.abc import Iterable
from difflib import get_close_matches

#: How near a known name must be to be offered (difflib's ratio): 0.7 takes ``exposd`` for
#: ``exposed``, ``burn`` for ``burns`` and ``tda@2204`` for ``tda@2024``, but not ``stub
#: card`` for ``burn card`` (0.67), which 0.6, difflib's default, would offer.
CUTOFF = 0.7
#: The longest list of known names still worth printing when none is near.
SHORT = 15


def nearest(name, known: Iterable) -> str | None:
    """The known name nearest to ``name`` (text), or None when none is near enough.

    >>> nearest("tda@2204", ["rrop@v11", "tda@2024", "tda@2026"]), nearest(3, ["a"])
    ('tda@2024', None)
    """
    if not isinstance(name, str):
        return None
    close = get_close_matches(name, [str(k) for k in known], n=1, cutoff=CUTOFF)
    return close[0] if close else None


def nearest_or(name, known: Iterable, otherwise: str) -> str:
    """``did you mean 'x'?`` for the nearest of ``known`` to ``name``, else ``otherwise``.

    >>> nearest_or("tda.four-card-flops", ["tda.four-card-flop"], "check the id")
    "did you mean 'tda.four-card-flop'?"
    """
    close = nearest(name, known)
    return f"did you mean {close!r}?" if close is not None else otherwise


def did_you_mean(name, known: Iterable, listed: str = "use one of: ",
                 elsewhere: str = "") -> str:
    """What to do about the unknown ``name``: ``did you mean 'x'?`` for the nearest of
    ``known``; else, for a list of at most :data:`SHORT` names (or with no ``elsewhere``),
    ``listed`` followed by the names, sorted; else ``elsewhere`` (where the list is)."""
    names = sorted({str(k) for k in known})
    if names and (len(names) <= SHORT or not elsewhere):
        return nearest_or(name, names, listed + ", ".join(names))
    return nearest_or(name, names, elsewhere)
