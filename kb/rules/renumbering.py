"""The renumbering of deciders' explanations for a rulebook of another edition than the one
its deciders number rules by (:class:`Renumbering`): TDA 2026 takes 2026's numbers for
2024's, and an earlier WSOP edition takes each book's earlier numbers, the Tournament
rules' and the Live Action rules' (to which Rule 129 falls back) each by its own map.

>>> from kb.knowledge.load import load_knowledge_base
>>> kb = load_knowledge_base()
>>> Renumbering(kb, "wsop@2022", ("wsop@2022", "wsop-live@2022")).renumber(
...     "Rule 129 sends it to Live Action Rule 119; 88.a.7", "wsop")
'Rule 129 sends it to Live Action Rule 118; 88.a.6'
"""

from __future__ import annotations

import re

from kb.knowledge.model import KnowledgeBase
from kb.knowledge.vocabulary import RelationKind

#: How explanations name another book before its numbers -> that book's source.
_NAMED = {"Live Action": "wsop-live", "Tournament": "wsop", "TDA": "tda",
          "Robert's Rules": "rrop"}


class Renumbering:
    """The numbers of one rulebook (``rulebook_id``, citing ``citation_editions`` in
    order) for those its deciders' explanations use, per source; nothing for a house book
    (its explanations keep the deciders' numbers) or a book deciding as itself."""

    def __init__(self, kb: KnowledgeBase, rulebook_id: str,
                 citation_editions: tuple[str, ...]) -> None:
        self.rulebook_id = rulebook_id
        #: source -> (numbers of the edition its deciders number rules by -> the book's)
        self.maps = _renumbering(kb, rulebook_id, citation_editions)
        numbers = {n for pairs in self.maps.values() for n in pairs}
        # the lookahead of the numbers' first characters only rules out, cheaply, the
        # places no number starts; without it every place of the text tried them all
        one = ("(?=[" + "".join(sorted({re.escape(n[0]) for n in numbers})) + r"])(?<![\w-])(?:"
               + "|".join(re.escape(n) for n in sorted(numbers, key=len, reverse=True))
               + r")(?![\w-])")
        # a run of numbers and the book named before it ("Live Action 107", "Tournament 109
        # and 110"): each number is renumbered in that book's edition, not the decider's
        self._pattern = re.compile(
            r"(?:\b(" + "|".join(_NAMED) + r")(?: [Rr]ules?)? )?(" + one
            + r"(?:(?:, and |, | and | or | to )" + one + r")*)") if numbers else None
        self._one = re.compile(one) if numbers else None

    def renumber(self, text: str, source: str | None = None) -> str:
        """Deciders' explanations name rules by their number in the edition the deciders
        number rules by (TDA 2024); a rulebook of another edition (tda@2026) gets that
        edition's numbers, a revised rule the number of the provision that revises it (2024
        35-E is 2026 37-E).  A number is the book's named before it ("Live Action 118"),
        else ``source``'s (the deciding provision's book; the rulebook's own by default):
        WSOP 2022 takes the 2022 Tournament and the 2022 Live Action numbers, each its own
        book's.  A number the book's edition lacks is said with the decider's edition."""
        if self._pattern is None or self._one is None:
            return text
        default = source or self.rulebook_id.partition("@")[0]
        one = self._one

        def run(match: re.Match) -> str:
            pairs = self.maps.get(_NAMED.get(match.group(1) or "", default), {})
            numbers = one.sub(lambda m: pairs.get(m.group(0), m.group(0)), match.group(2))
            return match.group(0)[:match.start(2) - match.start(0)] + numbers

        return self._pattern.sub(run, text)


def _renumbering(kb: KnowledgeBase, rulebook_id: str,
                 citation_editions: tuple[str, ...]) -> dict[str, dict[str, str]]:
    """Source -> the numbers of the edition its deciders number rules by -> the rulebook's
    numbers, for the rulebook's edition and each it falls back to (WSOP 2022: Tournament
    2024 -> 2022 and Live Action 2024 -> 2022); no entry where the two are one edition."""
    maps: dict[str, dict[str, str]] = {}
    if kb.books.edition_book(rulebook_id) is None:
        return maps     # a house book's explanations keep the deciders' numbers, as before
    for cited in citation_editions:
        book = kb.books.edition_book(cited)
        rules = book.deciders if book else cited
        source = cited.partition("@")[0]
        if cited != rules and source not in maps:
            maps[source] = _edition_pairs(kb, cited, rules)
    return {source: pairs for source, pairs in maps.items() if pairs}


def _edition_pairs(kb: KnowledgeBase, cited: str, rules: str) -> dict[str, str]:
    """``rules``' numbers -> ``cited``'s, of one source's two editions.  For an earlier
    edition (WSOP 2022), a number of ``rules`` it has no rule for is said with the later
    edition (Live Action 2024's 167 is another rule in 2022): "167 of the 2024 edition"."""
    pairs: dict[str, str] = {}
    for provision in kb.provisions:
        new = provision.number_in(cited)
        if new is None:
            continue
        for old in _earlier_numbers(kb, provision, rules):
            if old.number != new.number:
                pairs[old.number] = new.number
    if cited in kb.books.earlier_ids:
        # a number two later rules share, one of which the earlier edition lacks (Live
        # Action 2024's 167, premature flop and turn; 2022 has only a turn rule, 166) is
        # the later edition's: no earlier number says what the explanation means
        year = rules.partition("@")[2]
        for provision in kb.provisions:
            old = provision.number_in(rules)
            if old is not None and not _held(kb, provision, cited):
                pairs[old.number] = f"{old.number} of the {year} edition"
    return pairs


def _held(kb: KnowledgeBase, provision, cited: str) -> bool:
    """Whether edition ``cited`` holds ``provision``: numbers it, or a provision it revises
    or that revises it."""
    if provision.number_in(cited) is not None:
        return True
    linked = [kb.provision(r.target) for r in provision.relations
              if r.kind == RelationKind.REVISES and kb.has("provision", r.target)]
    linked += [p for p in kb.provisions if any(
        r.kind == RelationKind.REVISES and r.target == provision.id for r in p.relations)]
    return any(p.number_in(cited) is not None for p in linked)


def _earlier_numbers(kb: KnowledgeBase, provision, rules: str) -> list:
    """The number ``rules`` gives ``provision``, or else the first provision it revises
    (TDA 2026 37-E revises 35-E first, then 35-A-6, whose number stays 2024's), or else,
    for an earlier edition deciding as a later one, the first provision that revises it
    (WSOP 2022 88.a.5 is revised by 2024's 88.a.6, whose decider's number it takes)."""
    own = provision.number_in(rules)
    if own is not None:
        return [own]
    revised = [kb.provision(r.target) for r in provision.relations
               if r.kind == RelationKind.REVISES and kb.has("provision", r.target)]
    revised = revised or [p for p in kb.provisions if any(
        r.kind == RelationKind.REVISES and r.target == provision.id for r in p.relations)]
    number = revised[0].number_in(rules) if revised else None
    return [number] if number is not None else []
