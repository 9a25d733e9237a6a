"""Finding a rulebook by its id: the published editions of a knowledge base
(sources.yaml's ``rulebooks``, :attr:`kb.knowledge.model.KnowledgeBase.books`) and the
house rulebooks composed from them, which the house room composes and hands in (this
room imports nothing of it).

>>> from kb.knowledge.load import load_knowledge_base
>>> kb = load_knowledge_base()
>>> resolve_rulebook(kb, "tda@2026").citation_editions
('tda@2026',)
>>> [book.id for book in published_editions(kb)][:3]
['rrop@v11', 'tda@2024', 'tda@2026']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from kb.files import nearest_or
from kb.knowledge.model import KnowledgeBase
from kb.rules.rulebook import Rulebook, RulebookError, edition_rulebook


def resolve_rulebook(kb: KnowledgeBase, ident: str,
                     houses: Callable[[], Sequence[Rulebook]] = tuple) -> Rulebook:
    """The rulebook ``ident`` names: an edition ``kb`` publishes, else the house rulebook of
    that id among ``houses()`` (called only then: composing house books is the slow part,
    and their problems do not concern a published edition).

    Raises :class:`~kb.rules.rulebook.RulebookError` naming every rulebook there is.

    >>> from kb.knowledge.load import load_knowledge_base
    >>> resolve_rulebook(load_knowledge_base(), "tda@2204")
    Traceback (most recent call last):
    ...
    kb.rules.rulebook.RulebookError: unknown rulebook 'tda@2204' (did you mean 'tda@2024'?)
    >>> resolve_rulebook(load_knowledge_base(), "robert")
    Traceback (most recent call last):
    ...
    kb.rules.rulebook.RulebookError: unknown rulebook 'robert' (use one of: rrop@v11, ...)
    """
    if kb.books.rulable(ident) is not None:
        return edition_rulebook(kb, ident)
    books = houses()
    for book in books:
        if book.id == ident:
            return book
    known = [*kb.books.rulable_ids, *(b.id for b in books)]
    if not known:
        raise RulebookError(f"unknown rulebook {ident!r} (the knowledge base publishes no "
                            "rulebook: list its editions under rulebooks in sources.yaml, "
                            "or give a file path)")
    hint = nearest_or(ident, known, f"use one of: {', '.join(known)}, or a file path")
    raise RulebookError(f"unknown rulebook {ident!r} ({hint})")


def published_editions(kb: KnowledgeBase) -> list[Rulebook]:
    """The rulebook of every edition ``kb`` publishes, in column order.

    >>> from kb.knowledge.load import load_knowledge_base
    >>> [book.id for book in published_editions(load_knowledge_base())]
    ['rrop@v11', 'tda@2024', 'tda@2026', 'wsop@2024', 'wsop-live@2024']
    """
    return [edition_rulebook(kb, edition) for edition in kb.books.ids]


def regulator_editions(kb: KnowledgeBase) -> list[Rulebook]:
    """The rulebook of every regulator edition ``kb`` lists (sources.yaml's
    ``regulators``), each ruling alone.

    >>> from kb.knowledge.load import load_knowledge_base
    >>> [book.id for book in regulator_editions(load_knowledge_base())]
    ['sd@2026', 'pa@current', 'nj@2024']
    """
    return [edition_rulebook(kb, edition) for edition in kb.books.regulator_ids]


def earlier_editions(kb: KnowledgeBase) -> list[Rulebook]:
    """The rulebook of every earlier edition ``kb`` holds in full (sources.yaml's
    ``earlier``), in the file's order.

    >>> from kb.knowledge.load import load_knowledge_base
    >>> [book.id for book in earlier_editions(load_knowledge_base())]
    ['wsop@2023', 'wsop@2022', 'wsop-live@2023', 'wsop-live@2022']
    """
    return [edition_rulebook(kb, edition) for edition in kb.books.earlier_ids]
