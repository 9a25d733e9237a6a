"""The records of a decision log: one floor call as read (:class:`Decision`), as checked
against its rulebook (:class:`CheckedDecision`), and the log's report (:class:`LogReport`).

They are frozen dataclasses holding plain values and the hand room's and rules room's own
records (a :class:`~kb.hand.scenario.Scenario`, a :class:`~kb.rules.ruling.Ruling`), so
that every view of a log (the text, the JSON, SQLite, a Precedents page) reads the same
records.

>>> d = Decision(file="log/a.yaml", line=1, date="2026-03-14", table="12", floor="Sam R.",
...              rulebook="tda@2024", scenario=None, remedies=("misdeal",))
>>> d.location, d.remedy
('log/a.yaml:1', 'misdeal')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # records of rooms below, named for the type checker only
    from kb.hand.scenario import Scenario
    from kb.rules.ruling import Ruling

#: A situation: (game, irregularity, timing), e.g. ("holdem", "flop-too-many-cards",
#: "flop, before substantial action").
Situation = tuple[str, str, str]


@dataclass(frozen=True)
class Decision:
    """One floor call of the log, as its file says.

    ``date`` is ISO text (2026-03-14, checked to be a real date); ``table`` is text (a
    number is written as text: 12 -> "12"); ``remedies`` holds one remedy per floor call
    of the hand (one, unless the file wrote ``remedies: [..]``); ``lines`` maps each
    top-level key of the file to the line of its value (for a message that points at it).
    """

    file: str
    line: int
    date: str
    table: str
    floor: str
    rulebook: str
    scenario: Scenario | None
    remedies: tuple[str, ...]
    said: str = ""
    note: str = ""
    lines: dict[str, int] = field(default_factory=dict, compare=False, hash=False)

    @property
    def location(self) -> str:
        """``file:line`` of the entry (its first line)."""
        return f"{self.file}:{self.line}"

    @property
    def remedy(self) -> str:
        """The remedies joined as a ruling's calls are: ``"floor-decision, then continue"``."""
        return ", then ".join(self.remedies)


@dataclass(frozen=True)
class CheckedDecision:
    """A decision beside the book's ruling of its hand.

    ``rulebook`` is the book it was checked under (the entry's own, or the one the check
    was asked for); ``book_remedies`` the book's remedy for each floor call, in order;
    ``agrees`` whether they are the floor's remedies; ``situation`` its
    (game, irregularity, timing); ``citations`` the numbers the book's ruling cites, as
    the book prints them; ``answer`` the book's answer in floor words."""

    decision: Decision
    ruling: Ruling
    agrees: bool
    situation: Situation
    rulebook: str = ""
    book_remedies: tuple[str, ...] = ()
    citations: tuple[str, ...] = ()
    answer: str = ""

    @property
    def book_remedy(self) -> str:
        """The book's remedies joined as :attr:`Decision.remedy` joins the floor's."""
        return ", then ".join(self.book_remedies)


@dataclass(frozen=True)
class LogReport:
    """The log checked: every entry in the log's order (file names sorted), and each
    situation ruled with two or more different remedies, with its entries.

    ``departures`` are the entries where the floor ruled otherwise than the book."""

    entries: tuple[CheckedDecision, ...]
    inconsistent: tuple[tuple[Situation, tuple[CheckedDecision, ...]], ...]
    rulebook: str | None = None

    @property
    def departures(self) -> tuple[CheckedDecision, ...]:
        """The entries whose floor remedies are not the book's."""
        return tuple(entry for entry in self.entries if not entry.agrees)
