"""The rebase preview of a house rulebook: what changes for a room when the new edition of
its base arrives (``floorbook rulebook check FILE --against EDITION``).

The house file is composed as written, and once more with the same ``adopt``, ``add``,
``omit`` and ``params`` entries over the new base (its ``stack`` naming the new edition
where it named the old); every scenario is ruled under both
(:func:`kb.rules.ruling_diff.diff_rulings`).  The file itself is not changed.

Beside the rulings, the entries that go stale (:class:`StaleEntry`): an entry that names a
provision of the old base which the new edition renumbers, revises or drops
(:func:`kb.knowledge.diff.edition_diff`), and an entry whose words (a reason, an added
rule's text) cite by number a rule that moved.

>>> from kb.knowledge.load import load_knowledge_base
>>> from kb.house.compose import RULEBOOKS
>>> from kb.rules.disagreements import load_scenarios
>>> kb = load_knowledge_base()
>>> preview = rebase_preview(kb, RULEBOOKS / "home-game.yaml", "tda@2026", load_scenarios())
>>> [(s.line, s.change, s.earlier, s.later) for s in preview.stale]
[(25, 'cited', '35-A-7', '37-A-6'), (33, 'renumbered', '35-A-7', '37-A-6'), (41, 'renumbered', '26', '28')]
>>> preview.diff.later, preview.labels, len(preview.diff.changed) > 0
('house.thursday-home-game@2026', ('on tda@2024', 'on tda@2026'), True)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from kb.files import Problem, nearest_or
from kb.hand.scenario import Scenario
from kb.house.compose import HouseFileError, compose, compose_file
from kb.house.spec import HouseSpec
from kb.knowledge.diff import edition_diff
from kb.knowledge.model import KnowledgeBase
from kb.knowledge.vocabulary import RelationKind
from kb.rules.rulebook import RulebookError
from kb.rules.ruling_diff import RulingsDiff, diff_rulings

#: The kinds of stale entry: the provision it names moved number, was rewritten, is not in
#: the new edition; or its words cite a number that moved.
CHANGES = ("renumbered", "revised", "dropped", "cited")


@dataclass(frozen=True)
class StaleEntry:
    """A house entry the new edition leaves stale: at ``line`` of ``file``, the ``entry``
    (``adopt four-card-flop``, ``add house.x.y``, ``omit``, ``params``) names or cites
    ``provision``, which ``change`` (one of :data:`CHANGES`) made stale: numbered
    ``earlier`` in the old base and ``later`` in the new ("" when dropped), with what to do
    (``hint``) and, for a revision, its ``point``."""

    file: str
    line: int
    entry: str
    provision: str
    change: str
    earlier: str
    later: str
    hint: str
    point: str = ""
    #: the new edition ("" reads "the new edition")
    edition: str = ""

    def __str__(self) -> str:
        return str(Problem(self.file, self.line, self.message, self.hint))

    @property
    def message(self) -> str:
        """The stale entry in words, without its place and what to do."""
        new = self.edition or "the new edition"
        what = {"renumbered": f"is {self.later} in {new}",
                "revised": f"is revised by {self.later} in {new}"
                           + (f" ({self.point.strip().rstrip('.')})" if self.point else ""),
                "dropped": f"is not in {new}",
                "cited": f"is {self.later} in {new}"}[self.change]
        how = "cites" if self.change == "cited" else "names"
        return f"{self.entry} {how} {self.earlier} ({self.provision}), which {what}"

    def to_json(self) -> dict:
        return {"file": self.file, "line": self.line, "entry": self.entry,
                "provision": self.provision, "change": self.change, "earlier": self.earlier,
                "later": self.later, "edition": self.edition, "point": self.point,
                "hint": self.hint,
                "text": str(self)}


@dataclass(frozen=True)
class RebasePreview:
    """What moving house book ``house`` (file ``file``) from base ``base`` to ``against``
    changes: the rulings (``diff``, both its rulebooks the id ``house``, on each base;
    None when the rebased book does not compose), the entries that go stale, and the
    problems the file would have on the new base (as lines, ``file:line: message (what
    to do)``).  JSON: ``kb/schemas/rebase.schema.json`` (``floorbook schema rebase``)."""

    file: str
    house: str
    base: str
    against: str
    diff: RulingsDiff | None
    stale: tuple[StaleEntry, ...]
    problems: tuple[str, ...]
    #: why ``against`` is probably not the edition meant (:func:`against_warning`), or ""
    warning: str = ""

    @property
    def labels(self) -> tuple[str, str]:
        """How the two sides of :attr:`diff` are named to a reader, the house id being
        both: ``("on tda@2024", "on tda@2026")``."""
        return f"on {self.base}", f"on {self.against}"

    def to_json(self) -> dict:
        earlier, later = self.labels
        return {"format_version": 1, "file": self.file, "id": self.house, "base": self.base,
                "against": self.against,
                "rulings": self.diff.to_json() if self.diff is not None else None,
                "labels": {"earlier": earlier, "later": later},
                "stale": [s.to_json() for s in self.stale], "problems": list(self.problems),
                "warning": self.warning}


def rebase_preview(kb: KnowledgeBase, path: Path, against: str,
                   scenarios: Sequence[Scenario], seed: int = 0) -> RebasePreview:
    """The :class:`RebasePreview` of the house file at ``path`` moved onto the published
    edition ``against``, ruling ``scenarios`` with ``seed``.

    Raises :class:`~kb.house.compose.HouseFileError` with every problem of the file as it
    is written, and :class:`~kb.rules.rulebook.RulebookError` when ``against`` is no
    published edition (with the nearest ids)."""
    spec, book, problems = compose_file(kb, path)
    if problems or spec is None or book is None:
        raise HouseFileError(problems)
    if kb.books.get(against) is None:
        raise RulebookError(f"--against {against!r} is not a published edition (" + nearest_or(
            against, kb.books.ids, "use one of: " + ", ".join(kb.books.ids)) + ")")
    moved, more = compose(kb, rebased(spec, against))
    diff = None
    if moved is not None and not more:       # both sides are the house id: labels name them
        diff = diff_rulings(kb, book, moved, scenarios, seed)
    return RebasePreview(spec.file, spec.id, spec.base, against, diff,
                         stale_entries(kb, spec, against), tuple(str(p) for p in more),
                         against_warning(kb, spec.base, against))


def against_warning(kb: KnowledgeBase, base: str, against: str) -> str:
    """Why moving a house book from edition ``base`` to ``against`` is probably not what
    was meant, or "": ``against`` is the base itself, an earlier edition of its source, or
    an edition of another source (every entry naming a rule of the base then shows as
    dropped).  A rebase preview is of a later edition of the base's source.

    >>> from kb.knowledge.load import load_knowledge_base
    >>> kb = load_knowledge_base()
    >>> against_warning(kb, "tda@2024", "tda@2026")
    ''
    >>> against_warning(kb, "tda@2026", "tda@2024")
    'tda@2024 is an earlier edition than the base tda@2026: the preview shows the rulings going back'
    """
    source, other = kb.edition(base).source, kb.edition(against).source
    if source != other:
        return (f"{against} is not an edition of {source}, the base {base}'s source: every "
                "entry naming one of its rules shows as dropped (give a later edition of "
                f"{source} to preview a new edition)")
    order = kb.books.sequence
    if against == base:
        return f"{against} is the base itself: no entry goes stale and no ruling changes"
    if base in order and against in order and order.index(against) < order.index(base):
        return (f"{against} is an earlier edition than the base {base}: the preview shows "
                "the rulings going back")
    return ""


def rebased(spec: HouseSpec, against: str) -> HouseSpec:
    """``spec`` with base ``against``: its stack names ``against`` where it named the old
    base; the numbers its ``add`` entries give the provisions they override are left out,
    being the old base's (:func:`stale_entries` reports those that moved)."""
    stack = tuple(against if item == spec.base else item for item in spec.stack)
    add = tuple(replace(own, overridden_numbers=()) for own in spec.add)
    return replace(spec, base=against, stack=stack, add=add)


def stale_entries(kb: KnowledgeBase, spec: HouseSpec, against: str) -> tuple[StaleEntry, ...]:
    """The entries of ``spec`` that edition ``against`` leaves stale, by line (see the
    module): those naming a provision of the base that it renumbers, revises or drops,
    then those whose words cite a number of the base that moved."""
    moves = _moves(kb, spec.base, against)
    found: list[StaleEntry] = []
    for entry, line, pid in _named(spec):
        if pid in moves:
            change, old, new, point = moves[pid]
            found.append(StaleEntry(spec.file, line, entry, pid, change, old, new,
                                    _HINTS[change], point, against))
    # a list, not a map by the old number: two provisions may share one (WSOP Live Action
    # 2024's 167 is the premature flop and the premature turn)
    numbers = [(old, pid, new) for pid, (change, old, new, _) in moves.items()
               if change != "dropped"]
    for entry, line, words in _words(spec):
        for old, pid, new in numbers:
            if _cites(words, old):
                found.append(StaleEntry(spec.file, line, entry, pid, "cited", old, new,
                                        _HINTS["cited"], edition=against))
    return tuple(sorted(found, key=lambda s: (s.line, s.earlier)))


_HINTS = {"renumbered": "check its text in the new edition and update the number",
          "revised": "read the revised rule and decide whether the entry still says what "
                     "you want",
          "dropped": "remove the entry, or name the rule that takes its place",
          "cited": "update the number in these words"}


def _moves(kb: KnowledgeBase, base: str, against: str) -> dict[str, tuple[str, str, str, str]]:
    """Provision id of ``base`` -> (change, number in ``base``, number in ``against``, the
    point of a revision) for each that ``against`` renumbers, revises or drops.  Editions
    of two sources: every provision of ``base`` that ``against`` does not number is
    dropped."""
    try:
        diff = edition_diff(kb, base, against)
    except ValueError:
        return {p.id: ("dropped", number.number, "", "") for p in kb.provisions
                if (number := p.number_in(base)) and not p.number_in(against)}
    moves = {c.earlier[0][0]: ("renumbered", c.earlier[0][1], c.later[1], "")
             for c in diff.renumbered if c.later}
    moves |= {pid: ("revised", old, c.later[1], _point(kb, c.later[0], pid))
              for c in diff.revised if c.later for pid, old in c.earlier}
    moves |= {c.earlier[0][0]: ("dropped", c.earlier[0][1], "", "") for c in diff.removed}
    return moves


def _point(kb: KnowledgeBase, later: str, earlier: str) -> str:
    """What provision ``later`` changed of ``earlier``, the provision it revises."""
    return " ".join(r.point for r in kb.provision(later).relations
                    if r.kind == RelationKind.REVISES and r.target == earlier)


def _named(spec: HouseSpec):
    """(entry, line, provision id) of every provision an entry of ``spec`` names."""
    for adopt in spec.adopt:
        for index, pid in enumerate(adopt.provisions):
            yield f"adopt {adopt.topic}", adopt.line("provisions", index), pid
    for own in spec.add:
        for index, pid in enumerate(own.overrides):
            yield f"add {own.id}", own.line("overrides", index, "number"), pid
        for index, pid in enumerate(own.rules_as):
            yield f"add {own.id} (rules-as)", own.line("rules-as", index), pid
    for omit in spec.omit:
        yield "omit", omit.line("provision"), omit.provision
    for change in spec.params:
        yield f"params {change.name}", change.line("provision"), change.provision


def _words(spec: HouseSpec):
    """(entry, line, words) of every reason and added rule's text of ``spec``."""
    for adopt in spec.adopt:
        yield f"the reason of adopt {adopt.topic}", adopt.line("reason"), adopt.reason
    for own in spec.add:
        yield f"the text of add {own.id}", own.line("text"), own.text
    for omit in spec.omit:
        yield f"the reason of omit {omit.provision}", omit.line("reason"), omit.reason
    for change in spec.params:
        yield f"the reason of params {change.name}", change.line("reason"), change.reason


def _cites(words: str, number: str) -> bool:
    """Whether ``words`` cite rule ``number``: the number alone (not inside another, 35-A
    is not in 35-A-7, 88.a.7 not in 88.a.7.i, 88 not in 88.a.7); a number of digits only
    (22) only after "rule" or "TDA", where it cannot be a count.

    >>> _cites("as 35-A-7 says", "35-A-7"), _cites("as 35-A-7 says", "35-A")
    (True, False)
    >>> _cites("Rule 22 limits it", "22"), _cites("our 22 players", "22")
    (True, False)
    >>> _cites("see 88.a.7.i.", "88.a.7"), _cites("see 88.a.7.", "88.a.7")
    (False, True)
    """
    escaped = re.escape(number)
    # a number ends where no word character, hyphen or ".part" follows (a full stop may)
    end = r"(?![\w-])(?!\.\w)"
    if number.isdigit():
        pattern = rf"\b(?:rules?|tda)\s+{escaped}{end}"
    else:
        pattern = rf"(?<![\w-])(?<!\w\.){escaped}{end}"
    return re.search(pattern, words or "", re.IGNORECASE) is not None
