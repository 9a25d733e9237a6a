"""The knowledge base's words: confidence, kinds of source and relation, settings, games.

String enums and constant sets only, which the records of :mod:`kb.knowledge.model` and
every room above use to name things.

>>> Confidence("confirmed") is Confidence.CONFIRMED
True
>>> RelationKind.DIFFERS_FROM.inverse
'differed-from-by'
"""

from __future__ import annotations

from enum import StrEnum


class Confidence(StrEnum):
    """How sure we are of a provision or a number, as the fact sheet labels it."""

    CONFIRMED = "confirmed"      # read in a public copy of the book
    PARTIAL = "partial"          # part seen, or seen in a derivative or renumbered copy
    UNCONFIRMED = "unconfirmed"  # not seen in any copy: a seed's claim, kept to be checked


class SourceKind(StrEnum):
    """What kind of body publishes a source."""

    BOOK = "book"                # a general rulebook (Robert's Rules of Poker)
    TOURNAMENT = "tournament"    # a tournament association (Poker TDA)
    HOUSE = "house"              # a card room's or a home game's own rules
    REGULATOR = "regulator"      # a gaming regulator's code
    SECONDARY = "secondary"      # a page that summarises and cites other books


class Layer(StrEnum):
    """A book's place in an order of authority (issue 22): whose rules prevail over whose.
    The TDA 2024 preamble orders three of them: a gaming agency's rules prevail, and the
    TDA rules supplement the house's own (docs/house-rulebooks.md, "Stack")."""

    REGULATOR = "regulator"      # a gaming regulator's code (Pennsylvania, South Dakota)
    HOUSE = "house"              # a card room's own rules (the casino, WSOP Live Action)
    EVENT = "event"              # a series' or event's rules (WSOP Tournament, APT)
    STANDARD = "standard"        # a published standard rooms adopt (the TDA rules)
    REFERENCE = "reference"      # a reference book (Robert's Rules of Poker, pagat.com)


#: Each layer in a few words, for the handbook's book pages.
LAYER_MEANING = {
    Layer.REGULATOR: "a gaming regulator's code, which prevails over the house's rules",
    Layer.HOUSE: "a card room's own rules",
    Layer.EVENT: "a series' or event's own rules",
    Layer.STANDARD: "a standard that rooms adopt and supplement with their own rules",
    Layer.REFERENCE: "a reference book rooms borrow from",
}

#: The layer of a ruling no provision decided (``Ruling.decided_by``): the floor's.
FLOOR = "floor"

#: The layer a source without a stated ``layer`` is taken to be in, by its kind (a data
#: folder written before issue 22); a secondary page is in none.
LAYER_OF_KIND = {
    SourceKind.BOOK: Layer.REFERENCE, SourceKind.TOURNAMENT: Layer.EVENT,
    SourceKind.HOUSE: Layer.HOUSE, SourceKind.REGULATOR: Layer.REGULATOR,
}


class RelationKind(StrEnum):
    """Typed relations between provisions; each has the name of its inverse."""

    CITES = "cites"
    REFINES = "refines"
    EXCEPTION_TO = "exception-to"
    SAME_AS = "same-as"
    DIFFERS_FROM = "differs-from"
    OVERRIDES = "overrides"
    ADOPTS = "adopts"
    DEFINES = "defines"
    RENUMBERS = "renumbers"
    MISCITES = "miscites"
    REVISES = "revises"

    @property
    def inverse(self) -> str:
        """The relation's name read from its target: ``cited-by`` for ``cites``.

        >>> RelationKind.REFINES.inverse
        'refined-by'
        """
        return _INVERSES[self]

    @property
    def acyclic(self) -> bool:
        """True for the kinds where a cycle makes no sense (precedence and refinement).

        >>> RelationKind.OVERRIDES.acyclic, RelationKind.CITES.acyclic
        (True, False)
        """
        return self in (RelationKind.OVERRIDES, RelationKind.EXCEPTION_TO, RelationKind.REFINES)


_INVERSES = {
    RelationKind.CITES: "cited-by",
    RelationKind.REFINES: "refined-by",
    RelationKind.EXCEPTION_TO: "has-exception",
    RelationKind.SAME_AS: "same-as",
    RelationKind.DIFFERS_FROM: "differed-from-by",
    RelationKind.OVERRIDES: "overridden-by",
    RelationKind.ADOPTS: "adopted-by",
    RelationKind.DEFINES: "defined-by",
    RelationKind.RENUMBERS: "renumbered-by",
    RelationKind.MISCITES: "miscited-by",
    RelationKind.REVISES: "revised-by",
}


class Setting(StrEnum):
    CASH = "cash"
    TOURNAMENT = "tournament"


#: Games a provision or scenario may name; the group names stand for several games.
GAMES = frozenset({
    "holdem", "omaha", "omaha-hi-lo", "pot-limit-omaha", "stud", "razz", "stud-high-low",
    "draw-high", "lowball-a5", "lowball-27", "badugi",
})
GAME_GROUPS = {
    "all": GAMES,
    "flop-games": frozenset({"holdem", "omaha", "omaha-hi-lo", "pot-limit-omaha"}),
    "stud-games": frozenset({"stud", "razz", "stud-high-low"}),
    "draw-games": frozenset({"draw-high", "lowball-a5", "lowball-27", "badugi"}),
}
