"""Card notation and the standard deck.

A card is a two-character string: a rank ``A K Q J T 9 8 7 6 5 4 3 2`` and a suit
``s h d c``, or ``Jk`` for a joker.  Plain validated strings (rather than PokerKit's
``Card``) keep rulings JSON-ready and the package free of a dependency it would use only
for notation: the rules engine never evaluates hands.

>>> standard_deck()[:5]
('As', 'Ah', 'Ad', 'Ac', 'Ks')
>>> deck_from_spec("7h 2c")[:3]
('7h', '2c', 'As')
>>> len(deck_from_spec(["Jk"]))
53
"""

from __future__ import annotations

from collections.abc import Iterable

RANKS = "AKQJT98765432"
SUITS = "shdc"
JOKER = "Jk"


class CardError(ValueError):
    """A card or a deck specification that does not follow the notation."""


def is_card(text: object) -> bool:
    """Whether ``text`` is a card in the notation (a joker included).

    >>> is_card("Td"), is_card("10d"), is_card("Jk")
    (True, False, True)
    """
    return isinstance(text, str) and (
        text == JOKER or (len(text) == 2 and text[0] in RANKS and text[1] in SUITS))


def card(text: str) -> str:
    """Validate one card and return it; raises :class:`CardError` naming the bad text.

    >>> card("Qs")
    'Qs'
    """
    if not is_card(text):
        raise CardError(f"{text!r} is not a card (rank AKQJT98765432 then suit shdc, or Jk)")
    return text


def is_standard(text: str) -> bool:
    """Whether a card belongs to a standard 52-card deck (a joker does not).

    >>> is_standard("Td"), is_standard("Jk"), is_standard("10d")
    (True, False, False)
    """
    return text in _STANDARD


def split_standard(cards: Iterable[str]) -> tuple[list[str], list[str]]:
    """The cards of ``cards`` that belong to a standard deck and the others (jokers, text
    that is no card), each in the order given.  (One set lookup a card: a misdeal's gather
    splits every card of the deck.)

    >>> split_standard(["As", "Jk", "Kd"])
    (['As', 'Kd'], ['Jk'])
    """
    standard: list[str] = []
    others: list[str] = []
    for text in cards:
        (standard if text in _STANDARD else others).append(text)
    return standard, others


def standard_deck() -> tuple[str, ...]:
    """The 52 cards in the fixed order: rank A to 2, within a rank suits s h d c."""
    return tuple(rank + suit for rank in RANKS for suit in SUITS)


#: A set, not a test of rank and suit: a misdeal's gather asks it of every card.
_STANDARD = frozenset(standard_deck())


def deck_from_spec(spec: str | Iterable[str]) -> tuple[str, ...]:
    """The stub order at the start of a hand, top card first.

    ``spec`` lists the top of the deck (a space-separated string or a list of cards); the
    rest of the standard deck follows in :func:`standard_deck` order, skipping the cards
    listed.  A listed joker makes the deck 53 cards, and a card listed twice a deck with
    two copies of it: both are fouled decks, which a scenario must be able to deal.
    Raises :class:`CardError` for text that is not a card.

    >>> deck_from_spec("As Kd")[:4]
    ('As', 'Kd', 'Ah', 'Ad')
    >>> deck = deck_from_spec("As As")
    >>> deck[:3], len(deck)
    (('As', 'As', 'Ah'), 53)
    >>> deck_from_spec("Zz")
    Traceback (most recent call last):
    ...
    kb.hand.cards.CardError: 'Zz' is not a card (rank AKQJT98765432 then suit shdc, or Jk)
    """
    listed = spec.split() if isinstance(spec, str) else [str(item) for item in spec]
    for text in listed:
        card(text)
    seen = set(listed)
    return tuple(listed) + tuple(c for c in standard_deck() if c not in seen)
