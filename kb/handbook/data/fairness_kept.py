"""The build's fairness records kept in the user's cache (:mod:`kb.files.cache`) between
builds, one entry per cell of the ruling table, so that a build works out again only the
cells whose scenario file, rulebooks or knowledge base (as rulings read it) changed.

A store keeps plain data (:mod:`kb.files.plain`), which has no fractions: each
:class:`~fractions.Fraction` of a record is kept as a :class:`Ratio`.  What is read back
may be anything a damaged or planted file holds: a record is taken only when every field
has the type its class declares (:func:`shaped`), else it is worked out again.

>>> from fractions import Fraction
>>> from kb.fairness.report import SeatChances
>>> kept = as_kept(SeatChances(3, Fraction(1, 4), Fraction(0), True, 0.0))
>>> kept.win, from_kept(kept) == SeatChances(3, Fraction(1, 4), Fraction(0), True, 0.0)
(Ratio(numerator=1, denominator=4), True)
"""

from __future__ import annotations

import dataclasses
import types
import typing
from dataclasses import dataclass
from fractions import Fraction
from importlib import metadata
from pathlib import Path
from typing import Any

from kb import DATA
from kb.fairness.report import Fairness
from kb.files.cache import digest
from kb.handbook.data.rulings import rulings_digest
from kb.house.datafolder import house_files_digest
from kb.knowledge.model import KnowledgeBase

#: The hand evaluators the chances are computed with (kb.fairness.showdown): a record is
#: kept for the releases that computed it.
EVALUATORS = ("eval7", "pokerkit")
#: What a cell the analysis left out (a hand that cannot be replayed) is kept as: a store
#: never keeps None.
LEFT_OUT = "left out"


@dataclass(frozen=True)
class Ratio:
    """A :class:`~fractions.Fraction` as the cache keeps it."""

    numerator: int
    denominator: int


def base_key(kb: KnowledgeBase, data_dir: Path | None) -> str | None:
    """What every cell's key of a build starts with: the knowledge base as rulings read
    it (:func:`kb.handbook.data.rulings.rulings_digest`), which rulebooks (the bundled
    set, or a data folder's), the house files' bytes and the evaluators' versions (the
    code's is the store's own: :func:`kb.files.cache.code_version`); None when a house
    file cannot be read (then nothing is kept)."""
    houses = house_files_digest((data_dir or DATA) / "rulebooks")
    if houses is None:
        return None
    versions = [f"{name} {_version(name)}" for name in EVALUATORS]
    return digest("\n".join([rulings_digest(kb), "bundled" if data_dir is None else
                              "folder", houses, *versions]).encode())


def cell_key(base: str, scenario_id: str, file_digest: str, rulebook_id: str) -> str:
    """The key of one cell's record: :func:`base_key`, the scenario, its file's digest
    and the rulebook (an edited scenario changes its own cells' keys only).

    >>> cell_key("b", "s", "f", "tda@2024") == cell_key("b", "s", "f", "tda@2024")
    True
    >>> cell_key("b", "s", "f", "tda@2024") == cell_key("b", "s", "g", "tda@2024")
    False
    """
    return "fairness\0" + digest(f"{base}\0{scenario_id}\0{file_digest}\0{rulebook_id}"
                                  .encode())


def _version(name: str) -> str:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "none"


def as_kept(value: Any) -> Any:
    """``value`` (a record, a tuple of them, a field) with each Fraction a :class:`Ratio`."""
    return _mapped(value, lambda v: Ratio(v.numerator, v.denominator)
                   if isinstance(v, Fraction) else v)


def from_kept(value: Any) -> Any:
    """:func:`as_kept` undone: each :class:`Ratio` a Fraction again (ValueError or
    ZeroDivisionError for a ratio no Fraction makes)."""
    return _mapped(value, lambda v: _fraction(v) if isinstance(v, Ratio) else v)


def _fraction(ratio: Ratio) -> Fraction:
    if type(ratio.numerator) is not int or type(ratio.denominator) is not int:
        raise ValueError("not a ratio of whole numbers")
    return Fraction(ratio.numerator, ratio.denominator)


def _mapped(value: Any, leaf) -> Any:
    """``value`` with ``leaf`` applied to every value inside its tuples and dataclasses
    (a Ratio is a leaf, not walked into)."""
    if isinstance(value, tuple):
        return tuple(_mapped(v, leaf) for v in value)
    if (dataclasses.is_dataclass(value) and not isinstance(value, (type, Ratio))):
        return dataclasses.replace(value, **{f.name: _mapped(getattr(value, f.name), leaf)
                                             for f in dataclasses.fields(value) if f.init})
    return leaf(value)


def unkept(value: Any, scenario_id: str,
           rulebook_id: str) -> tuple[bool, Fairness | None]:
    """``(found, record)``: the record a store's entry holds for the cell
    (``scenario_id``, ``rulebook_id``), a :class:`~kb.fairness.report.Fairness` or None
    for a cell kept as left out; ``found`` false when the entry is missing, damaged,
    another cell's or not of the record's shape (then the cell is worked out again).

    >>> unkept(LEFT_OUT, "s", "b"), unkept(("not", "a record"), "s", "b")
    ((True, None), (False, None))
    """
    if value == LEFT_OUT:
        return True, None
    try:
        record = from_kept(value)
    except (ValueError, TypeError, ZeroDivisionError):
        return False, None
    if not (isinstance(record, Fairness) and shaped(record)
            and (record.scenario, record.rulebook) == (scenario_id, rulebook_id)):
        return False, None
    return True, record


def shaped(value: Any, kind: Any = Fairness) -> bool:
    """Whether ``value`` is of the type ``kind`` as the record classes declare their
    fields (a dataclass of :mod:`kb.fairness.report`, a variadic tuple, a union, a
    scalar), field by field (what plain data read back holds need not be).

    >>> from kb.fairness.report import SeenCard
    >>> shaped(SeenCard("As", (1,), "burn", Fraction(0), Fraction(1, 3), False), SeenCard)
    True
    >>> shaped(SeenCard("As", ("1",), "burn", Fraction(0), Fraction(1, 3), False), SeenCard)
    False
    """
    origin = typing.get_origin(kind)
    if origin in (typing.Union, types.UnionType):
        return any(shaped(value, k) for k in typing.get_args(kind))
    if origin is tuple:
        item = typing.get_args(kind)[0]
        return type(value) is tuple and all(shaped(v, item) for v in value)
    if dataclasses.is_dataclass(kind):
        return type(value) is kind and all(
            shaped(getattr(value, name, None), field)
            for name, field in _hints(kind).items())
    if kind is float:
        return type(value) is float
    return type(value) is kind


def _hints(kind: Any) -> dict[str, Any]:
    """The declared types of a record class's fields (its annotations resolved, once)."""
    if kind not in _HINTS:
        names = {f.name for f in dataclasses.fields(kind)}
        _HINTS[kind] = {name: hint for name, hint in typing.get_type_hints(kind).items()
                        if name in names}
    return _HINTS[kind]


_HINTS: dict[type, dict[str, Any]] = {}
