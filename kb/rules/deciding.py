"""Who decided a ruling (issue 22): the layer of the rulebook's stack whose provision
ruled, the book and number, and what that set aside from lower layers
(:class:`~kb.rules.ruling.DecidedBy`).

A rulebook's :attr:`~kb.rules.rulebook.Rulebook.stack` orders its layers, highest
authority first: a published edition is itself, then the editions it falls back to (WSOP
Tournament Rule 129: the Live Action rules, the WSOP rooms' own house rules); a house
rulebook is the stack its file states, or the TDA 2024 preamble's (the house's own rules,
then its base: :mod:`kb.house.stack`).  Each governing provision belongs to one item of
the stack (:attr:`~kb.rules.rulebook.Rulebook.origin`); an item is the house book itself
(layer ``house``) or an edition, whose layer is its source's
(:attr:`kb.knowledge.model.Source.authority`).

What the decision set aside is every provision on the ruling's topic from a layer below
the one that decided: those still governing after it, and those the composition took off
the topic (a house's ``instead`` adoption or ``omit``).  Worked out once per rulebook,
provision and topic (:class:`~kb.rules.rulebook.Lookups`' memo).

>>> from kb.rules.examples import ruling
>>> ruling("boxed-two-cards-during-deal").decided_by.layer
'reference'
"""

from __future__ import annotations

from kb.knowledge.model import KnowledgeBase
from kb.knowledge.vocabulary import FLOOR, Layer
from kb.rules.rulebook import Lookups, Rulebook
from kb.rules.ruling import DecidedBy, SetAside


def decided_by(book: Lookups, pid: str | None, topic: str | None) -> DecidedBy:
    """Who decided a ruling of ``book``'s rulebook by provision ``pid`` (None: no provision
    decided, the floor did) on ``topic``, once per rulebook, provision and topic.

    >>> from kb.knowledge.load import load_knowledge_base
    >>> from kb.rules.rulebook import edition_rulebook, lookups
    >>> kb = load_knowledge_base()
    >>> wsop = lookups(kb, edition_rulebook(kb, "wsop@2024"))
    >>> who = decided_by(wsop, "wsop-live.boxed-card", "boxed-cards")
    >>> who.layer, who.book, who.number
    ('house', 'wsop-live@2024', '21')
    >>> decided_by(wsop, None, "boxed-cards").layer
    'floor'
    """
    return book.remember("decided", f"{pid or ''}\0{topic or ''}",
                         lambda: _decided(book, pid, topic))


def _decided(book: Lookups, pid: str | None, topic: str | None) -> DecidedBy:
    rulebook, kb = book.rulebook, book.kb
    cited = book.cite(pid) if pid else None
    if pid is None or cited is None:
        return DecidedBy(FLOOR, rulebook.id)
    item = layer_item(kb, rulebook, pid)
    rank = _rank(rulebook, item)
    lower = [(other, layer_item(kb, rulebook, other)) for other in
             rulebook.governing(topic or "") if other != pid]
    lower = [(other, at) for other, at in lower if _rank(rulebook, at) > rank]
    lower += [(other, at) for other, at in rulebook.set_aside.get(topic or "", ())
              if _rank(rulebook, at) > rank]
    aside = tuple(SetAside(other, at, _number(kb, book, other, at))
                  for other, at in dict.fromkeys(lower))
    return DecidedBy(layer_of(kb, rulebook, item), item, pid, cited.number, aside)


def layer_item(kb: KnowledgeBase, rulebook: Rulebook, pid: str) -> str:
    """The item of ``rulebook``'s stack that provision ``pid`` governs as: where the book's
    composition put it, else the first edition of the stack that numbers it (a time
    limit's provision, which governs no topic of its own), else the book itself."""
    found = rulebook.origin.get(pid)
    if found:
        return found
    if kb.has("provision", pid):
        provision = kb.provision(pid)
        for item in rulebook.stack:
            if provision.number_in(item) is not None:
                return item
    return rulebook.id


def layer_of(kb: KnowledgeBase, rulebook: Rulebook, item: str) -> str:
    """The layer of one item of ``rulebook``'s stack: a house book's own rules are the
    house layer; an edition is in its source's layer.

    >>> from kb.knowledge.load import load_knowledge_base
    >>> from kb.rules.rulebook import edition_rulebook
    >>> kb = load_knowledge_base()
    >>> layer_of(kb, edition_rulebook(kb, "tda@2024"), "tda@2024")
    'standard'
    """
    if item == rulebook.id and rulebook.base is not None:
        return str(Layer.HOUSE)
    if kb.has("edition", item):
        source = kb.edition(item).source
        if kb.has("source", source) and kb.source(source).authority:
            return kb.source(source).authority
    return str(Layer.HOUSE) if rulebook.base is not None else str(Layer.REFERENCE)


def _rank(rulebook: Rulebook, item: str) -> int:
    """How far down the stack ``item`` is (0: the top); an item not in it is below all."""
    return rulebook.stack.index(item) if item in rulebook.stack else len(rulebook.stack)


def _number(kb: KnowledgeBase, book: Lookups, pid: str, item: str) -> str:
    """``pid``'s number in ``item`` (an edition), else as the rulebook cites it."""
    if kb.has("provision", pid):
        number = kb.provision(pid).number_in(item)
        if number is not None:
            return number.number
    cited = book.cite(pid)
    return cited.number if cited else ""
