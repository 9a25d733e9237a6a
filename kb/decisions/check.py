"""A decision log checked against its rulebooks: each entry's hand ruled under the book in
force (the entry's own ``rulebook``, or one book for all), the floor's remedies set beside
the book's, and the entries grouped by situation (:mod:`kb.decisions.situation`) to find
the situations ruled with different remedies.

A departure (the floor ruled otherwise than the book: another remedy, where the book
does not leave the call to the floor's decision) is a finding, not an error: only a
hand that does not replay, or an entry whose remedies do not match its hand's floor calls,
is bad input (:class:`~kb.files.InputError`, every problem of every entry at once).

A situation is compared within one rulebook: under two books the same hand may rightly be
ruled two ways, so an inconsistency is a situation that entries checked under the same
book ruled with two or more different remedies.

>>> from kb import DATA
>>> from kb.decisions.reader import read_log
>>> from kb.house.compose import house_rulebooks
>>> from kb.knowledge.load import load_knowledge_base
>>> kb = load_knowledge_base()
>>> report = check_log(kb, read_log(DATA / "logs" / "sample"), houses=lambda: house_rulebooks(kb))
>>> first = report.entries[0]
>>> first.agrees, first.book_remedies, first.citations[0], first.situation[1]
(True, ('misdeal',), '13.1 (house.casino@2026)', 'exposed-first-two-cards')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache

from kb.decisions.model import CheckedDecision, Decision, LogReport, Situation
from kb.decisions.situation import situation_of
from kb.files import InputError, Problem
from kb.hand.scenario import ScenarioError
from kb.knowledge.model import KnowledgeBase
from kb.rules.answer import answer
from kb.rules.books import resolve_rulebook
from kb.rules.engine import rule
from kb.rules.outcomes import Remedy
from kb.rules.rulebook import Rulebook, RulebookError
from kb.rules.ruling import Ruling


def check_log(kb: KnowledgeBase, decisions: Sequence[Decision],
              rulebook: Rulebook | str | None = None,
              houses: Callable[[], Sequence[Rulebook]] = tuple,
              found: Sequence[Problem] = ()) -> LogReport:
    """Every decision of ``decisions`` ruled under ``rulebook`` (a rulebook or its id;
    default: each under its own ``rulebook``), found among ``kb``'s editions, else among
    ``houses()`` (the data folder's house books, called once at most), and compared with
    the floor's remedies.

    Raises :class:`~kb.rules.rulebook.RulebookError` for an unknown ``rulebook`` id (a
    usage error), and :class:`~kb.files.InputError` with every problem of every entry:
    an unknown rulebook id, a hand that does not replay, a count of remedies that is not
    the hand's count of floor calls; with them ``found``, the problems of the log's files
    that did not read (:func:`kb.decisions.reader.read_entries`), in file order, so that
    one run reports every problem of the log."""
    find = _finder(kb, houses)
    if isinstance(rulebook, str):
        rulebook = find(rulebook)
    entries: list[CheckedDecision] = []
    problems: list[Problem] = list(found)
    for decision in decisions:
        try:
            book = rulebook if rulebook is not None else find(decision.rulebook)
            entries.append(_checked(kb, book, decision))
        except RulebookError as error:      # a house file's own problems, or an unknown id
            problems += getattr(error, "problems", None) or [Problem(
                decision.file, decision.lines.get("rulebook", decision.line), str(error))]
        except InputError as error:         # a hand that does not replay (ScenarioError)
            problems += error.problems
    if problems:        # each file's problems together, the files in the log's order
        raise InputError(sorted(problems, key=lambda problem: problem.file))
    return LogReport(entries=tuple(entries), inconsistent=inconsistent(entries),
                     rulebook=rulebook.id if rulebook else None)


def rulebook_ids(kb: KnowledgeBase, houses: Iterable[str] = ()) -> list[str]:
    """Every rulebook id a log entry may name as its rulebook in force, for
    :func:`kb.decisions.reader.read_log`: ``kb``'s editions (published, regulators,
    earlier: :attr:`kb.knowledge.published.Books.rulable_ids`) and the house ids
    ``houses`` (the data folder's house books for ``log check``; the book published for a
    house site's Precedents page).

    >>> from kb.knowledge.load import load_knowledge_base
    >>> ids = rulebook_ids(load_knowledge_base(), ["house.casino@2026"])
    >>> ids[0], "wsop@2023" in ids, ids[-1]
    ('rrop@v11', True, 'house.casino@2026')
    """
    return [*kb.books.rulable_ids, *houses]


def _finder(kb: KnowledgeBase, houses: Callable[[], Sequence[Rulebook]]
            ) -> Callable[[str], Rulebook]:
    """A rulebook by id, each composed once: composing house books is the slow part."""
    composed = cache(houses)
    return cache(lambda ident: resolve_rulebook(kb, ident, composed))


def _checked(kb: KnowledgeBase, book: Rulebook, decision: Decision) -> CheckedDecision:
    assert decision.scenario is not None     # the reader returns decisions with their hand
    ruling = rule(kb, book, decision.scenario)
    calls = ruling.every_call
    if len(calls) != len(decision.remedies):
        raise ScenarioError(decision.file, decision.lines.get("ruling", decision.line),
                            f"the hand has {_count(len(calls), 'floor call', 'floor calls')} "
                            f"but the ruling gives "
                            f"{_count(len(decision.remedies), 'remedy', 'remedies')}",
                            "write remedies: [..], one per floor call, in order")
    remedies = tuple(call.remedy for call in calls)
    return CheckedDecision(
        decision=decision, ruling=ruling, agrees=agrees(decision.remedies, remedies),
        situation=situation_of(kb, book, decision.scenario), rulebook=book.id,
        book_remedies=remedies, citations=citations(ruling),
        answer="; then ".join(answer(call) for call in calls))


def _count(number: int, one: str, many: str) -> str:
    return f"{number} {one if number == 1 else many}"


def agrees(floor: Sequence[str], book: Sequence[str]) -> bool:
    """Whether the floor's remedies are the book's, call by call; where the book leaves the
    call to the floor (``floor-decision``: it is silent, or says the floor decides), any
    remedy the floor gave is within the book.

    >>> agrees(["continue"], ["floor-decision"]), agrees(["continue"], ["misdeal"])
    (True, False)
    """
    return len(floor) == len(book) and all(
        ours == theirs or theirs == Remedy.FLOOR_DECISION for ours, theirs in zip(floor, book, strict=False))


def citations(ruling: Ruling) -> tuple[str, ...]:
    """The numbers every call of ``ruling`` cites, each once, with its edition:
    ``13.1 (house.casino@2026)``."""
    return tuple(dict.fromkeys(f"{c.number} ({c.source}@{c.edition})"
                               for call in ruling.every_call for c in call.citations))


def inconsistent(entries: Iterable[CheckedDecision]
                 ) -> tuple[tuple[Situation, tuple[CheckedDecision, ...]], ...]:
    """Each situation that entries checked under one rulebook ruled with two or more
    different remedies, with those entries (in log order); situations in the order their
    first entry comes in the log."""
    groups: dict[tuple[str, Situation], list[CheckedDecision]] = {}
    for entry in entries:
        groups.setdefault((entry.rulebook, entry.situation), []).append(entry)
    return tuple((situation, tuple(group)) for (_, situation), group in groups.items()
                 if len({entry.decision.remedies for entry in group}) > 1)
