"""The knowledge base's records: sources, editions, provisions, topics, terms, errata.

Frozen dataclasses and string enums only: no I/O, no Sphinx, no networkx.  Every record
that comes from a YAML file carries a :class:`Location` so that problems found later (by
the graph checks, the composer or the engine) can point at ``file:line``.

Its words (confidence, kinds of source and relation, settings, games) are in
:mod:`kb.knowledge.vocabulary`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kb.knowledge.location import NOWHERE, Located, Location
from kb.knowledge.published import Books
from kb.knowledge.vocabulary import (
    LAYER_OF_KIND,
    Confidence,
    RelationKind,
    Setting,
    SourceKind,
)


@dataclass(frozen=True)
class SourceCopy(Located):
    """A public copy of a book that provisions were checked against (sources.md's table)."""

    id: str
    title: str
    covers: str
    editions: tuple[str, ...] = ()
    urls: tuple[str, ...] = ()
    location: Location = NOWHERE
    lines: dict = field(default_factory=dict, compare=False, hash=False, repr=False)


@dataclass(frozen=True)
class Edition(Located):
    """One edition of a source, e.g. ``tda@2024``.

    ``sections`` lists the book's sections in its own order; a provision number starts with
    one of them ("Hold'em 1", "RP-5-A"), which is how provisions sort in book order.
    """

    id: str
    source: str
    label: str
    year: int | None
    confidence: Confidence
    note: str = ""
    sections: tuple[str, ...] = ()
    location: Location = NOWHERE
    lines: dict = field(default_factory=dict, compare=False, hash=False, repr=False)


@dataclass(frozen=True)
class Source(Located):
    id: str
    title: str
    kind: SourceKind
    publisher: str
    editions: tuple[Edition, ...]
    url: str = ""
    note: str = ""
    short: str = ""              # the name a busy page uses: "Robert's Rules", "TDA"
    location: Location = NOWHERE
    lines: dict = field(default_factory=dict, compare=False, hash=False, repr=False)
    #: its layer (:class:`~kb.knowledge.vocabulary.Layer`) as sources.yaml states it; ""
    #: none stated (a secondary page, a data folder written before layers)
    layer: str = ""

    @property
    def authority(self) -> str:
        """Its layer: the stated one, else the one its kind implies ("" for a secondary
        page).

        >>> from kb import load_knowledge_base
        >>> kb = load_knowledge_base()
        >>> kb.source("tda").authority, kb.source("wsop-live").authority
        ('standard', 'house')
        """
        return self.layer or str(LAYER_OF_KIND.get(self.kind, ""))


@dataclass(frozen=True)
class Number:
    """A provision's number in one edition, exactly as that edition prints it."""

    edition: str
    number: str
    confidence: Confidence = Confidence.CONFIRMED
    note: str = ""


@dataclass(frozen=True)
class Relation(Located):
    """A typed edge from the provision that declares it to ``target`` (a provision id,
    or a glossary term for ``defines``).  ``point`` is the one-sentence point of difference
    for ``differs-from``, or what is wrong for ``miscites``."""

    kind: RelationKind
    target: str
    point: str = ""
    topic: str = ""
    location: Location = NOWHERE
    lines: dict = field(default_factory=dict, compare=False, hash=False, repr=False)


@dataclass(frozen=True)
class Param:
    """A value a house rulebook may change, with the value the provision's text gives."""

    name: str
    default: int | str | bool
    meaning: str


@dataclass(frozen=True)
class Requirement(Located):
    """A point every house rulebook under the provision's book must state (a regulator's
    list, e.g. whether a cut card is used): ``point`` is the id a house file's ``states``
    entry names, ``title`` says what must be stated."""

    point: str
    title: str
    location: Location = NOWHERE
    lines: dict = field(default_factory=dict, compare=False, hash=False, repr=False)


@dataclass(frozen=True)
class Provision(Located):
    """One rule (or one lettered part of a rule) of one source, in our own words.
    ``requires``: the points it says every house rulebook under its book must state."""

    id: str
    source: str
    title: str
    summary: str
    numbers: tuple[Number, ...]
    topics: tuple[str, ...]
    confidence: Confidence
    checked_against: tuple[str, ...] = ()
    games: tuple[str, ...] = ("all",)
    settings: tuple[Setting, ...] = (Setting.CASH, Setting.TOURNAMENT)
    params: tuple[Param, ...] = ()
    relations: tuple[Relation, ...] = ()
    note: str = ""
    location: Location = NOWHERE
    lines: dict = field(default_factory=dict, compare=False, hash=False, repr=False)
    requires: tuple[Requirement, ...] = ()

    def number_in(self, edition: str) -> Number | None:
        """The number this provision has in ``edition``, or None if it is not in it.

        >>> from kb import load_knowledge_base
        >>> kb = load_knowledge_base()
        >>> kb.provision("tda.four-card-flop").number_in("tda@2024").number
        '39-A'
        >>> kb.provision("tda.four-card-flop").number_in("rrop@v11") is None
        True
        """
        return next((n for n in self.numbers if n.edition == edition), None)

    @property
    def editions(self) -> tuple[str, ...]:
        """The ids of the editions that number this provision, in the order listed.

        >>> from kb import load_knowledge_base
        >>> load_knowledge_base().provision("tda.four-card-flop").editions
        ('tda@2024', 'tda@2026')
        """
        return tuple(n.edition for n in self.numbers)


@dataclass(frozen=True)
class Topic(Located):
    """A situation a floorperson rules on.  ``silent`` maps an edition id to what that
    book does not cover; the provisions answering the topic are those that list it."""

    id: str
    title: str
    question: str
    silent: tuple[tuple[str, str], ...] = ()
    see_also: tuple[str, ...] = ()
    note: str = ""
    location: Location = NOWHERE
    lines: dict = field(default_factory=dict, compare=False, hash=False, repr=False)


@dataclass(frozen=True)
class Term(Located):
    """A glossary entry; ``defined_by`` are the provisions whose text defines it."""

    term: str
    definition: str
    defined_by: tuple[str, ...] = ()
    see: tuple[str, ...] = ()
    location: Location = NOWHERE
    lines: dict = field(default_factory=dict, compare=False, hash=False, repr=False)


@dataclass(frozen=True)
class Erratum(Located):
    """A correction to a seed or secondary source: who claims what, and what the
    confirmed text says (sources.md section 14)."""

    id: str
    claimed_by: tuple[str, ...]
    claim: str
    correction: str
    provisions: tuple[str, ...]
    confidence: Confidence
    location: Location = NOWHERE
    lines: dict = field(default_factory=dict, compare=False, hash=False, repr=False)


@dataclass(frozen=True)
class KnowledgeBase:
    """Everything under kb/data, as loaded; ``root`` is the data folder's path."""

    root: str
    sources: tuple[Source, ...]
    copies: tuple[SourceCopy, ...]
    provisions: tuple[Provision, ...]
    topics: tuple[Topic, ...]
    terms: tuple[Term, ...]
    errata: tuple[Erratum, ...]
    books: Books = field(default_factory=Books)
    _index: dict = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        index = self._index
        for kind, records in (("source", self.sources), ("provision", self.provisions),
                              ("topic", self.topics), ("copy", self.copies)):
            index[kind] = {r.id: r for r in records}
        index["edition"] = {e.id: e for s in self.sources for e in s.editions}
        index["term"] = {t.term: t for t in self.terms}

    def provision(self, pid: str) -> Provision:
        """The provision with id ``pid``; raises KeyError if there is none.

        >>> from kb import load_knowledge_base
        >>> kb = load_knowledge_base()
        >>> kb.provision("tda.four-card-flop").title
        'Four-card flop'
        """
        return self._index["provision"][pid]

    def topic(self, tid: str) -> Topic:
        """The topic with id ``tid``; raises KeyError if there is none.

        >>> from kb import load_knowledge_base
        >>> kb = load_knowledge_base()
        >>> kb.topic("four-card-flop").title
        'Four-card flop'
        """
        return self._index["topic"][tid]

    def edition(self, eid: str) -> Edition:
        """The edition with id ``eid`` (``source@label``); raises KeyError if there is none.

        >>> from kb import load_knowledge_base
        >>> kb = load_knowledge_base()
        >>> kb.edition("tda@2024").label
        '2024 Rules, Version 1.0'
        """
        return self._index["edition"][eid]

    def source(self, sid: str) -> Source:
        """The source (a book, a house's rules) with id ``sid``; raises KeyError if there
        is none.

        >>> from kb import load_knowledge_base
        >>> kb = load_knowledge_base()
        >>> kb.source("tda").title
        'Poker TDA Rules'
        """
        return self._index["source"][sid]

    @property
    def editions(self) -> tuple[Edition, ...]:
        """Every edition of every source, in the order of the sources.

        >>> from kb import load_knowledge_base
        >>> kb = load_knowledge_base()
        >>> "tda@2024" in [edition.id for edition in kb.editions]
        True
        """
        return tuple(self._index["edition"].values())

    def has(self, kind: str, key: str) -> bool:
        """Whether a record of ``kind`` (provision, topic, edition, source, copy, term) exists.

        >>> from kb import load_knowledge_base
        >>> kb = load_knowledge_base()
        >>> kb.has("provision", "tda.four-card-flop"), kb.has("topic", "no-such-topic")
        (True, False)
        """
        return key in self._index[kind]
