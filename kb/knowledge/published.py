"""The books sources.yaml publishes, lists as regulators, or holds as earlier editions
(:class:`Books`, each a :class:`PublishedBook`): which editions rule, with whose deciders,
falling back to what, and which edition of a source comes before another.

Records only, like :mod:`kb.knowledge.model` (which holds them in the knowledge base);
:mod:`kb.knowledge.books` reads and checks them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kb.knowledge.location import NOWHERE, Located, Location


@dataclass(frozen=True)
class PublishedBook(Located):
    """An edition published as a rulebook (sources.yaml's ``rulebooks``): a column of every
    ruling matrix and an ``expect`` entry of every scenario.  ``decides_as``: the published
    edition whose deciders' explanations (renumbered) and ``silent`` notes it takes over, ""
    for itself (``tda@2026`` decides as ``tda@2024``).  ``falls_back_to``: the editions whose
    provisions follow its own, in order (WSOP Tournament Rule 129 sends what the tournament
    rules leave open to the Live Action rules).  ``primary``: every topic must be answered
    by it or marked silent in it (``floorbook check``).  A regulator edition or an earlier
    edition (sources.yaml's ``regulators``, ``earlier``) is the same record."""

    edition: str
    decides_as: str = ""
    falls_back_to: tuple[str, ...] = ()
    primary: bool = False
    location: Location = NOWHERE
    lines: dict = field(default_factory=dict, compare=False, hash=False, repr=False)

    @property
    def deciders(self) -> str:
        """The edition its deciders number rules by: ``decides_as``, else its own."""
        return self.decides_as or self.edition


@dataclass(frozen=True)
class Books:
    """Which books the knowledge base publishes and compares (sources.yaml's ``rulebooks``
    and ``compared``).  ``compared``: pairs of rulebook ids whose rulings are compared for
    disagreements; the first is the pair ``floorbook check`` holds the declared
    ``differs-from`` relations against, and the pair the matrices set side by side.

    >>> books = Books((PublishedBook("rrop@v11", primary=True), PublishedBook("tda@2024")),
    ...               (("rrop@v11", "tda@2024"),))
    >>> books.ids, books.primary, books.checked, books.get("tda@2024").deciders
    (('rrop@v11', 'tda@2024'), ('rrop@v11',), ('rrop@v11', 'tda@2024'), 'tda@2024')
    """

    rulebooks: tuple[PublishedBook, ...] = ()
    compared: tuple[tuple[str, str], ...] = ()
    location: Location = NOWHERE
    #: the regulator editions (sources.yaml's ``regulators``): rulebooks a house book can
    #: stack and ``floorbook rule`` and ``compare`` rule alone, but no matrix column
    regulators: tuple[PublishedBook, ...] = ()
    #: the earlier editions held in full (sources.yaml's ``earlier``): ruled by ``rule``,
    #: ``compare`` (under "Earlier editions") and the edition pages, but no matrix column
    #: and no ``expect`` entry required
    earlier: tuple[PublishedBook, ...] = ()
    #: every edition of the file, each source's in order of year (file order where an
    #: edition has none): what :meth:`previous` walks
    sequence: tuple[str, ...] = ()

    @property
    def regulator_ids(self) -> tuple[str, ...]:
        """The regulator editions' ids, in sources.yaml's order."""
        return tuple(book.edition for book in self.regulators)

    @property
    def earlier_ids(self) -> tuple[str, ...]:
        """The earlier editions' ids, in sources.yaml's order."""
        return tuple(book.edition for book in self.earlier)

    @property
    def rulable_ids(self) -> tuple[str, ...]:
        """Every id :meth:`rulable` finds: the published books', the regulator editions',
        then the earlier editions' (what an unknown id's "did you mean" is drawn from).

        >>> Books((PublishedBook("b@2024"),), regulators=(PublishedBook("r@1"),),
        ...       earlier=(PublishedBook("b@2023"),)).rulable_ids
        ('b@2024', 'r@1', 'b@2023')
        """
        return (*self.ids, *self.regulator_ids, *self.earlier_ids)

    def rulable(self, rulebook_id: str) -> PublishedBook | None:
        """The published book, regulator edition or earlier edition ``rulebook_id``, or
        None."""
        return self.edition_book(rulebook_id) or next(
            (b for b in self.regulators if b.edition == rulebook_id), None)

    def edition_book(self, rulebook_id: str) -> PublishedBook | None:
        """The published book or earlier edition ``rulebook_id`` (a book's edition, which
        may decide as another and borrow its numbers; a regulator is neither), or None."""
        return self.get(rulebook_id) or next(
            (b for b in self.earlier if b.edition == rulebook_id), None)

    def previous(self, edition: str) -> str | None:
        """The edition of ``edition``'s source just before it (by year) among the
        published books and earlier editions, or None.

        >>> books = Books((PublishedBook("a@2024"),), earlier=(PublishedBook("a@2023"),),
        ...               sequence=("a@2022", "a@2023", "a@2024", "b@2024"))
        >>> books.previous("a@2024"), books.previous("a@2023"), books.previous("b@2024")
        ('a@2023', None, None)
        """
        if edition not in self.sequence:
            return None
        source = edition.partition("@")[0]
        held = {*self.ids, *self.earlier_ids}
        before = [e for e in self.sequence[:self.sequence.index(edition)]
                  if e in held and e.partition("@")[0] == source]
        return before[-1] if before else None

    @property
    def ids(self) -> tuple[str, ...]:
        """The published rulebook ids, in column order."""
        return tuple(book.edition for book in self.rulebooks)

    @property
    def primary(self) -> tuple[str, ...]:
        """The editions every topic must answer or be marked silent in."""
        return tuple(book.edition for book in self.rulebooks if book.primary)

    @property
    def checked(self) -> tuple[str, ...]:
        """The first compared pair (empty when nothing is compared)."""
        return self.compared[0] if self.compared else ()

    def get(self, rulebook_id: str) -> PublishedBook | None:
        """The published book ``rulebook_id``, or None if it is not published."""
        return next((b for b in self.rulebooks if b.edition == rulebook_id), None)
