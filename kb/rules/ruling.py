"""Rulings and their JSON form (docs/scenario-format.md, "Ruling").

A :class:`Ruling` is what one rulebook says the floor does about one scenario; its
:meth:`Ruling.to_json` gives exactly the exchange format's fields (plus ``topic`` and
``table.set_aside``, documented additions).

>>> step = Step("replace", {"seat": 5, "out": "8s", "in": "Ah"})
>>> step.to_json()
{'do': 'replace', 'seat': 5, 'out': '8s', 'in': 'Ah'}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from kb.hand.scenario import Citation  # a scenario's expect cites as rulings do
from kb.rules.outcomes import Remedy, StepKind

# The records are frozen dataclasses with slots: a ruling is shared once made (a kept
# ruling table, a call placed at its floor event keeps its steps and table), so no field
# may change after it is built.  (They had hand-written ``__init__``s filling the
# instance's dict for speed until issue 20: tools/bench_rulings.py measured the generated
# ones within the goals, docs/benchmarks.md.)

REMEDIES = tuple(Remedy)
STEP_KINDS = tuple(StepKind)
#: How many stub cards a ruling's JSON shows (``stub_top``); expectations compare a prefix.
STUB_SHOWN = 1
#: The version of the exchange format a ruling's JSON follows (its ``format_version``):
#: /work/shared/spec's version 1, with additions only (docs/scenario-format.md).
FORMAT_VERSION = 1
TABLE_FIELDS = ("hands", "board", "burns", "muck", "dead", "stub_top", "set_aside")


@dataclass(frozen=True, slots=True)
class Step:
    """One thing the dealer or floor does: ``do`` (a :data:`STEP_KINDS` name) and details.

    >>> Step("burn", {"card": "As"}).to_json()
    {'do': 'burn', 'card': 'As'}
    """

    do: str
    details: dict = field(default_factory=dict, compare=False, hash=False)

    def to_json(self) -> dict:
        return {"do": self.do, **self.details}


@dataclass(frozen=True, slots=True)
class TableView:
    """The cards after the remedy: hands by seat, board, burns, muck, dead seats, set-aside
    cards and the stub (top first; the JSON shows its first :data:`STUB_SHOWN` cards).

    >>> TableView({1: ("As", "Kd")}, (), (), (), (), ()).to_json()["hands"]
    {...}
    """

    hands: dict
    board: tuple[str, ...]
    burns: tuple[str, ...]
    muck: tuple[str, ...]
    dead: tuple[int, ...]
    stub_top: tuple[str, ...]
    set_aside: tuple[str, ...] = ()

    def to_json(self) -> dict:
        return {"hands": {str(seat): list(cards) for seat, cards in sorted(self.hands.items())},
                "board": list(self.board), "burns": list(self.burns), "muck": list(self.muck),
                "dead": list(self.dead), "stub_top": list(self.stub_top[:STUB_SHOWN]),
                "set_aside": list(self.set_aside)}


class Cited(NamedTuple):
    """A provision a ruling cites, with its number as the rulebook's edition prints it.

    A ruling holds its citations only in these pairs, so that its JSON's ``citations`` and
    ``provisions`` are parallel by construction: two provisions may share a number (both of
    Robert's Rules' stud rules on exposed down cards are "Seven-Card Stud 5"), and each is
    listed with it.

    >>> Cited(Citation("rrop", "v11", "Hold'em 1"), "rrop.holdem.exposed-hole-card").citation
    Citation(source='rrop', edition='v11', number="Hold'em 1")
    """

    citation: Citation
    provision: str


class SetAside(NamedTuple):
    """A provision of a lower layer on the ruling's topic that did not decide: its id, the
    book (edition id) it is in, and its number there.

    >>> SetAside("tda.four-card-flop", "tda@2024", "39-A").to_json()["number"]
    '39-A'
    """

    provision: str
    book: str
    number: str

    def to_json(self) -> dict:
        return {"provision": self.provision, "book": self.book, "number": self.number}


@dataclass(frozen=True, slots=True)
class DecidedBy:
    """Who decided a ruling: the ``layer`` (regulator, house, event, standard, reference,
    or ``floor`` when no provision decided), the ``book`` whose layer it is (an edition id,
    or a house book's id), the ``provision`` that decided ("" for the floor) with its
    ``number`` as the ruling cites it, and what it ``set_aside`` from lower layers
    (:mod:`kb.rules.deciding` works it out).

    >>> DecidedBy("standard", "tda@2024", "tda.misdeal.exposed-downcards", "35-A-7").to_json()
    {'layer': 'standard', 'book': 'tda@2024', 'provision': 'tda.misdeal.exposed-downcards', 'number': '35-A-7', 'set_aside': []}
    """

    layer: str
    book: str
    provision: str = ""
    number: str = ""
    set_aside: tuple[SetAside, ...] = ()

    def to_json(self) -> dict:
        return {"layer": self.layer, "book": self.book, "provision": self.provision,
                "number": self.number, "set_aside": [s.to_json() for s in self.set_aside]}


@dataclass(frozen=True, slots=True)
class Ruling:
    """One rulebook's ruling on one scenario; ``cited``: the provisions it cites, in
    order, each with its number (:class:`Cited`).

    >>> from kb.rules.examples import ruling
    >>> found = ruling("boxed-two-cards-during-deal")
    >>> found.remedy, found.to_json()["remedy"]
    ('misdeal', 'misdeal')
    """

    scenario: str
    rulebook: str
    remedy: str
    cited: tuple[Cited, ...]
    steps: tuple[Step, ...]
    random: bool
    table: TableView
    explanation: str
    topic: str | None = None
    #: the irregularities this call answered, each ``{"kind": ..., "line": ...}``
    irregularities: tuple[dict, ...] = ()
    #: the line of the ``floor`` event of this call; None: called after the last event
    floor: int | None = None
    #: the earlier floor calls of the hand, each a ruling of its own, in order
    calls: tuple[Ruling, ...] = ()
    #: who decided (:class:`DecidedBy`); None only for a ruling made without a rulebook
    decided_by: DecidedBy | None = None

    def to_json(self) -> dict:
        """The exchange format's JSON object (a dict ready for :func:`json.dumps`): its
        ``format_version`` (:data:`FORMAT_VERSION`), version 1's fields for the last floor
        call, and the earlier calls in ``calls``."""
        return {"format_version": FORMAT_VERSION, **self._call_json(), "calls": [
            {"floor": call.floor, **call._call_json()} for call in self.calls]}

    def _call_json(self) -> dict:
        return {"scenario": self.scenario, "rulebook": self.rulebook, "remedy": self.remedy,
                "citations": [c.citation.to_json() for c in self.cited],
                "provisions": [c.provision for c in self.cited],
                "steps": [s.to_json() for s in self.steps], "random": self.random,
                "table": self.table.to_json(), "explanation": self.explanation,
                "topic": self.topic, "irregularities": [dict(i) for i in self.irregularities],
                "decided_by": self.decided_by.to_json() if self.decided_by else None}

    @property
    def citations(self) -> tuple[Citation, ...]:
        """The numbers cited, each once, in order (what a page shows).  Two provisions may
        share a number, so these are not one for one with :attr:`provisions`: pair them
        with :attr:`cited`, as the JSON's parallel ``citations`` and ``provisions`` do."""
        return tuple(dict.fromkeys(c.citation for c in self.cited))

    @property
    def provisions(self) -> tuple[str, ...]:
        """The ids of the provisions cited, in order."""
        return tuple(c.provision for c in self.cited)

    @property
    def every_call(self) -> tuple[Ruling, ...]:
        """The earlier calls and this last one, in order."""
        return (*self.calls, self)


# --------------------------------------------------------------------------- expectations


def compare_expectation(expected: dict, ruling: Ruling) -> list[str]:
    """The differences between an ``expect`` entry and a ruling, as readable lines
    (empty when every listed field matches).  Each expected citation must be among the
    ruling's; an empty ``citations`` says the ruling cites none.

    >>> view = TableView({5: ("2s", "Ah")}, (), ("8s",), (), (), ())
    >>> ruling = Ruling("x", "rrop@v11", "continue", (), (), False, view, "")
    >>> compare_expectation({"remedy": "misdeal", "hands": {5: ("2s", "Ah")}}, ruling)
    ["remedy: expected 'misdeal', got 'continue'"]
    """
    problems = []
    for key, want in expected.items():
        if key == "calls":
            problems += _compare_calls(want, ruling.calls)
            continue
        if key == "read":           # who read the entry, not a field of the ruling
            continue
        if key in ("remedy", "random"):
            got = getattr(ruling, key)
        elif key == "citations":
            missing = [c for c in want if c not in ruling.citations]
            have = ", ".join(f"{c.edition} {c.number}" for c in ruling.citations) or "none"
            if not want and ruling.citations:   # `[]`: a call that rules nothing cites nothing
                problems.append(f"citations: expected none, got {have}")
            if missing:
                problems.append("citations: missing " + ", ".join(
                    f"{c.edition} {c.number}" for c in missing) + f" (ruling cites {have})")
            continue
        elif key == "hands":
            got = {seat: tuple(ruling.table.hands.get(seat, ())) for seat in want}
        elif key == "stub_top":
            got = tuple(ruling.table.stub_top[:len(want)])
        else:
            got = tuple(getattr(ruling.table, key))
        if key == "hands":
            want = {seat: tuple(cards) for seat, cards in want.items()}
        if got != want:
            problems.append(f"{key}: expected {_show(want)}, got {_show(got)}")
    return problems


def _compare_calls(wanted, calls) -> list[str]:
    """An ``expect`` entry's ``calls``: the earlier floor calls, in order, each compared
    like an entry; a different number of calls is a difference too."""
    problems = []
    if len(wanted) != len(calls):
        problems.append(f"calls: expected {len(wanted)} earlier floor calls, got {len(calls)}")
    for number, (want, call) in enumerate(zip(wanted, calls, strict=False), 1):
        problems += [f"call {number}: {p}" for p in compare_expectation(want, call)]
    return problems


def _show(value) -> str:
    if isinstance(value, tuple):
        return "[" + ", ".join(str(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_show(v)}" for k, v in value.items()) + "}"
    return repr(value)
