"""Model -> display text: the names, numbers and citations every view of the knowledge
base prints the same way (the handbook's Sphinx extension and the CLI).

Plain strings only: no Sphinx, no docutils.  Text that came from the data is never
turned into markup here; :func:`escape_markdown` makes it safe to paste into Markdown.

>>> from kb.knowledge.model import Number, Confidence
>>> number_text(Number("tda@2026", "41-A", Confidence.UNCONFIRMED))
'41-A (unconfirmed)'
>>> print(escape_markdown("<b>  *y*"))
\\<b\\> \\*y\\*
"""

from __future__ import annotations

import re

from kb.knowledge.model import KnowledgeBase, Number, Provision
from kb.knowledge.vocabulary import Confidence

#: sphinx-design badge colour of each confidence label.
CONFIDENCE_COLOUR = {
    Confidence.CONFIRMED: "success",
    Confidence.PARTIAL: "warning",
    Confidence.UNCONFIRMED: "secondary",
}

#: What each confidence label means, as the handbook's front page explains it.
CONFIDENCE_MEANING = {
    Confidence.CONFIRMED: "read in a public copy of the book",
    Confidence.PARTIAL: "part seen, or seen in a derivative or renumbered copy",
    Confidence.UNCONFIRMED: "not seen in any copy: a secondary source's claim, kept to be checked",
}

_ASCII_PUNCTUATION = re.compile(r"([!-/:-@\[-`{-~])")


def escape_markdown(text: str) -> str:
    """Backslash every ASCII punctuation character and fold whitespace, so ``text``
    reads as itself in CommonMark/MyST (no markup, no HTML, no directive, no role).

    >>> print(escape_markdown("*bold*  <b>"))
    \\*bold\\* \\<b\\>
    """
    return _ASCII_PUNCTUATION.sub(r"\\\1", " ".join(text.split()))


def edition_short(kb: KnowledgeBase, edition_id: str) -> str:
    """A short name for an edition: ``"TDA 2024"``, ``"Robert's Rules v11"``, ``"House
    casino 2026"`` (the source's ``short`` name, else one made from its id).  KeyError if
    the edition is unknown.

    >>> from kb import load_knowledge_base
    >>> kb = load_knowledge_base()
    >>> edition_short(kb, "tda@2024"), edition_short(kb, "rrop@v11")
    ('TDA 2024', "Robert's Rules v11")
    """
    return f"{source_short(kb, kb.edition(edition_id).source)} {edition_id.partition('@')[2]}"


def source_short(kb: KnowledgeBase, source: str) -> str:
    """A short name for a book (a source), without its edition: its ``short`` name, else
    one made from its id.

    >>> from kb import load_knowledge_base
    >>> source_short(load_knowledge_base(), "wsop-live"), source_short(load_knowledge_base(), "house.pub")
    ('WSOP Live Action', 'House pub')
    """
    if kb.has("source", source) and kb.source(source).short:
        return kb.source(source).short
    if source.startswith("house."):
        return "House " + source.removeprefix("house.")
    return source.upper() if len(source) <= 5 and "." not in source else source


#: A house book's title longer than this is too long for a name in a line or a matrix
#: column's head: its id's words name it instead (seven columns fit 1280 px only with
#: short names).
SHORT_TITLE = 24


def book_name(kb: KnowledgeBase, rulebook_id: str, title: str = "") -> str:
    """The one name every view gives a book (a ruling's citation, ``compare``'s lines, a
    matrix column): its edition's short name (:func:`edition_short`); for an id ``kb`` does
    not hold (a house file's own book), its ``title`` when at most :data:`SHORT_TITLE`
    characters, else ``House <name> <version>`` from a ``house.`` id, else the id with
    ``@`` made a space.

    >>> from kb.knowledge.load import load_knowledge_base
    >>> kb = load_knowledge_base()
    >>> book_name(kb, "wsop-live@2024"), book_name(kb, "house.pub@2026", "The Pub's Rules")
    ('WSOP Live Action 2024', "The Pub's Rules")
    >>> book_name(kb, "house.thursday-home-game@2026", "Thursday Night Home Game Rules")
    'House thursday-home-game 2026'
    >>> book_name(kb, "house.pub@2026"), book_name(kb, "club@3")
    ('House pub 2026', 'club 3')
    """
    if kb.has("edition", rulebook_id):
        return edition_short(kb, rulebook_id)
    if title and len(title) <= SHORT_TITLE:
        return title
    if rulebook_id.startswith("house."):
        name, _, version = rulebook_id.removeprefix("house.").partition("@")
        return f"House {name} {version}".strip()
    return rulebook_id.replace("@", " ")


def edition_title(kb: KnowledgeBase, edition_id: str) -> str:
    """The full name of an edition: source title and edition label.  KeyError if the
    edition is unknown.

    >>> from kb import load_knowledge_base
    >>> edition_title(load_knowledge_base(), "tda@2024")
    'Poker TDA Rules: 2024 Rules, Version 1.0'
    """
    edition = kb.edition(edition_id)
    return f"{kb.source(edition.source).title}: {edition.label}"


def number_text(number: Number) -> str:
    """A number as printed, with its confidence when it is not confirmed.

    >>> number_text(Number("tda@2026", "41-A", Confidence.PARTIAL))
    '41-A (partial)'
    >>> number_text(Number("tda@2024", "39-A", Confidence.CONFIRMED))
    '39-A'
    """
    if number.confidence is Confidence.CONFIRMED:
        return number.number
    return f"{number.number} ({number.confidence.value})"


def citation(kb: KnowledgeBase, provision: Provision) -> str:
    """Every number of ``provision``: ``"TDA 2024 39-A; TDA 2026 41-A (partial)"``, or
    ``"no number"``.

    >>> from kb import load_knowledge_base
    >>> kb = load_knowledge_base()
    >>> citation(kb, kb.provision("tda.four-card-flop"))
    'TDA 2024 39-A; TDA 2026 41-A (partial)'
    """
    return "; ".join(f"{edition_short(kb, n.edition)} {number_text(n)}"
                     for n in provision.numbers) or "no number"


def display_name(kb: KnowledgeBase, provision: Provision) -> str:
    """The provision as a link shows it: its title and its first number.

    >>> from kb import load_knowledge_base
    >>> kb = load_knowledge_base()
    >>> display_name(kb, kb.provision("tda.four-card-flop"))
    'Four-card flop (TDA 2024 39-A)'
    """
    if not provision.numbers:
        return provision.title
    first = provision.numbers[0]
    return f"{provision.title} ({edition_short(kb, first.edition)} {first.number})"


def primary_edition(provision: Provision) -> str | None:
    """The edition whose page holds the provision's full entry: that of its first listed
    number (None if it has none).

    >>> from kb import load_knowledge_base
    >>> primary_edition(load_knowledge_base().provision("tda.four-card-flop"))
    'tda@2024'
    """
    return provision.numbers[0].edition if provision.numbers else None
