"""The ruling record of one decision: the provisions and citations it gives, its
explanation (renumbered for the rulebook's edition, with what is uncertain about the rules
it cites) and the table it leaves (:func:`ruling`, which the engine calls for every unit
of every floor call).

What a ruling cites depends only on the rulebook, the provision that decided and the
further provisions the decision names, so it is worked out once per rulebook and kept in
its :class:`~kb.rules.rulebook.Lookups` (:func:`_cited`); the table, the steps and the
explanation's text are the case's own and are built for every ruling.
"""

from __future__ import annotations

import re

from kb.knowledge.model import KnowledgeBase
from kb.knowledge.names import book_name
from kb.knowledge.vocabulary import Confidence, RelationKind
from kb.rules.combine import answered
from kb.rules.deciders import load_deciders
from kb.rules.deciding import decided_by
from kb.rules.remedies import Decision
from kb.rules.rulebook import Lookups, Rulebook, citation
from kb.rules.ruling import Cited, Ruling, TableView
from kb.rules.situation import Case


def ruling(book: Lookups, case: Case, decision: Decision, pid: str | None,
           topic: str | None, unit=()) -> Ruling:
    """The ruling of ``book``'s rulebook that ``decision`` (by provision ``pid``, on
    ``topic``; None for both when no provision decided) makes on ``case``, answering the
    irregularities of ``unit``.

    >>> from kb.hand.scenario_file import load_scenario
    >>> from kb.knowledge.load import load_knowledge_base
    >>> from kb.rules.books import published_editions
    >>> kb = load_knowledge_base()
    >>> rrop = published_editions(kb)[0]
    >>> from kb.rules.examples import case
    >>> from kb.rules.remedies import carry_on
    >>> from kb.rules.rulebook import lookups
    >>> found = case("boxed-card-during-deal")
    >>> ruling(lookups(kb, rrop), found, carry_on("Go on."), None, None).remedy
    'continue'
    """
    cited, notes, omaha, borrowed = _cited(book, pid, tuple(decision.provisions))
    source = book.kb.provision(pid).source if pid and book.kb.has("provision", pid) else None
    explanation = book.renumber(decision.explanation, source)
    for theirs, pattern, number in borrowed:
        if theirs in explanation:       # the pattern holds it: a cheap test first
            explanation = pattern.sub(lambda _, n=number: n, explanation)
    if omaha and case.game in _OMAHA:
        explanation += _OMAHA[case.game]
    if case.scenario.bomb_pot and unit:
        explanation += bomb_pot_note(book.kb, book.rulebook.id, case.cutoff_rule)
    # positional: Ruling's fields in order (scenario, rulebook, remedy, cited, steps,
    # random, table, explanation, topic, irregularities)
    return Ruling(case.scenario.id, book.rulebook.id, decision.remedy, cited,
                  tuple(decision.steps), decision.random, view(decision.table or case.table),
                  explanation + notes, topic, answered(unit),
                  decided_by=decided_by(book, pid, topic))


def _cited(book: Lookups, pid: str | None, extra: tuple[str, ...]):
    """(the provisions cited, each with its number (:class:`Cited`), the doubt notes to
    append, whether Robert's Rules' hold'em rules are cited, the borrowed numbers to put in
    the explanation) of a decision by ``pid`` naming ``extra`` provisions, once per
    rulebook.  A provision the book cannot number (an id neither it nor the knowledge base
    holds) is not cited: every provision a ruling lists has its number beside it."""
    key = ("cited", pid or "", extra)
    found = book.memo.get(key)
    if found is None:
        pids = dict.fromkeys(([pid] if pid else []) + [p for p in extra if p in book.provisions])
        cited = tuple(Cited(c, p) for c, p in ((book.cite(p), p) for p in pids) if c)
        holdem = any(c.source == "rrop" and c.number.startswith("Hold'em") for c, _ in cited)
        found = book.memo[key] = (cited, _unconfirmed(book, pids), holdem,
                                  _borrowed(book, pid))
    return found


def same_as(kb: KnowledgeBase, pid: str) -> tuple[str, ...]:
    """A provision with no decider of its own that the knowledge base records as the
    ``same-as`` another book's provision rules through that provision's decider (the WSOP
    four-card flop is TDA 39-A's rule): the knowledge base, not copied code, says so.

    >>> from kb.knowledge.load import load_knowledge_base
    >>> same_as(load_knowledge_base(), "no.such.provision")
    ()
    """
    deciders = load_deciders()
    if pid in deciders or not kb.has("provision", pid):
        return ()
    return tuple(r.target for r in kb.provision(pid).relations
                 if r.kind == RelationKind.SAME_AS and r.target in deciders)


#: The other book's name before a number it is replaced with (so that "Robert's Rules Dead
#: Hands 1(e)" does not become "Robert's Rules 115").
_BOOK_NAMES = r"(?:(?:Robert's Rules|TDA(?: 2024)?(?: [Rr]ule)?) )?(?<![\w-])"


def _borrowed(book: Lookups, pid: str | None) -> tuple[tuple[str, re.Pattern, str], ...]:
    """A published book's provision that rules through the decider of the provision it is the
    ``same-as`` (:func:`same_as`) gets that decider's explanation with its own number in
    place of the other book's (WSOP 2024 88.a.3 where the TDA decider says 35-A-2): the
    numbers to replace, in order, each with its pattern and the number it is replaced by."""
    kb, rulebook = book.kb, book.rulebook
    if not pid or rulebook.base is not None or kb.books.edition_book(rulebook.id) is None:
        return ()
    own = book.cite(pid)
    swaps = []
    for target in same_as(kb, pid):
        theirs = kb.provision(target).numbers
        if own is not None and theirs and theirs[0].number != own.number:
            swaps.append((theirs[0].number, re.compile(
                _BOOK_NAMES + re.escape(theirs[0].number) + r"(?![\w-])"), own.number))
    return tuple(swaps)


#: Robert's Rules' hold'em rules applied to a hand of an Omaha game: say it is a reading.
#: The Omaha high-low and pot-limit notes name what applies them: the Omaha High-Low
#: section's first rule (all the Omaha rules apply) and pot limit being a betting structure
#: (WSOP Live Action, built on Robert's Rules: the limit rules apply except as noted).
_OMAHA = {
    "omaha": (" Robert's Rules' hold'em rules are applied to this Omaha hand: the Omaha rules "
              "of Robert's Rules were not seen, so this is this project's reading."),
    "omaha-hi-lo": (" Robert's Rules' hold'em rules are applied to this Omaha high-low hand: "
                    "its Omaha High-Low section applies every Omaha rule to the high-low "
                    "game, and Omaha as this project reads it takes the hold'em rules."),
    "pot-limit-omaha": (" Robert's Rules' hold'em rules are applied to this pot-limit Omaha "
                        "hand: pot limit changes only the size of a bet, not the dealing "
                        "rules, and Omaha as this project reads it takes the hold'em rules."),
}

def bomb_pot_note(kb: KnowledgeBase, rulebook_id: str, cutoff: str) -> str:
    """What a ruling on a bomb pot adds: no book has a rule on the misdeal cutoff in a hand
    with no betting before the flop, so each applies its cutoff (``cutoff``, a name of
    :data:`kb.rules.cutoffs.CUTOFF_TESTS`) as written; only the WSOP Live Action rules
    describe a bomb pot at all (Rule 27, a house policy on the rake).

    >>> from kb.knowledge.load import load_knowledge_base
    >>> print(bomb_pot_note(load_knowledge_base(), "tda@2024", "tda").strip())
    This hand is a bomb pot: every player anted and no one acted before the flop. TDA 2024 has no rule for a bomb pot, so its misdeal cutoff is applied as written, to the actions, which begin on the flop (antes are never actions).
    """
    if cutoff == "wsop-live":
        silent = ("WSOP Live Action Rule 27 describes a bomb pot (after the flop play goes "
                  "on as usual) and rules nothing else about it, so Rule 105's test is "
                  "applied as written")
    else:
        silent = (f"{book_name(kb, rulebook_id)} has no rule for a bomb pot, so its misdeal "
                  "cutoff is applied as written")
    return (" This hand is a bomb pot: every player anted and no one acted before the flop. "
            f"{silent}, to the actions, which begin on the flop (antes are never actions).")


_TDA_NUMBERS = ("TDA 2026 numbers are those of a paraphrase of the 2026 rules (2024 Rules "
                "7-20 move up one, 21-69 two, 71 three); the English 2026 text was not seen, "
                "and the rule is applied as its 2024 text, which the paraphrase shows "
                "unchanged.")
_BOOK = {"rrop": "Robert's Rules", "tda": "TDA rule"}


def _unconfirmed(book: Lookups, pids) -> str:
    """What is uncertain about the provisions cited, in a floorperson's words: rules known
    only from a secondary source, rules seen only in part, and numbers not confirmed."""
    kb, rulebook = book.kb, book.rulebook
    notes = [book.remember("doubt", p, lambda p=p: _doubt(kb, rulebook, p))
             for p in pids if kb.has("provision", p)]
    notes = [n for n in notes if n]
    return "".join(" " + n for n in dict.fromkeys(notes))


def _doubt(kb: KnowledgeBase, rulebook: Rulebook, pid: str) -> str:
    provision, cite = kb.provision(pid), citation(kb, rulebook, pid)
    if cite is None:
        return ""
    name = f"{_BOOK.get(provision.source, provision.source)} {cite.number}"
    number = provision.number_in(f"{cite.source}@{cite.edition}") or next(
        (n for n in provision.numbers if n.number == cite.number), None)
    if provision.confidence == Confidence.UNCONFIRMED:
        return (f"Unconfirmed: {name} is known only from a secondary source's citation; no "
                "copy of the book showing it was seen.")
    if provision.confidence == Confidence.PARTIAL:
        return (f"Partly seen: {name} was seen only in part or in a copy derived from the "
                f"book{_number_status(number)}.")
    if number is None or number.confidence == Confidence.CONFIRMED:
        return ""
    if provision.source == "tda" and number.edition == "tda@2026":
        return _TDA_NUMBERS + _other_number(number.note)
    if number.confidence == Confidence.UNCONFIRMED:
        return (f"Unconfirmed number: the text of {name} was seen, but not its number in "
                "this edition.")
    return f"Number: {name} is not settled (copies differ or only one was seen)."


def _other_number(note: str) -> str:
    """The sentence of a number's note that names the number read the other way (TDA 2026
    37-A-6, or 37-A-7 if the English 37-A still lists 2024's sixth cause), or empty.

    >>> _other_number("six causes; Read the other way (x), this cause would stay 7; y")
    ' Read the other way (x), this cause would stay 7.'
    """
    found = re.search(r"Read the other way[^;]*", note)
    return f" {found.group(0).rstrip('. ')}." if found else ""


def _number_status(number) -> str:
    if number is None or number.confidence == Confidence.CONFIRMED:
        return ""
    if number.confidence == Confidence.UNCONFIRMED:
        return ", and its number is not confirmed"
    return ", and its number is not settled (copies differ or only one was seen)"


def view(table) -> TableView:
    """The JSON table of a ruling: seats dealt in, cards in order; stub in full (the JSON
    shows its top card).

    >>> from kb.rules.examples import case
    >>> len(view(case("boxed-card-on-flop").table).board)
    3
    """
    hands = {seat: tuple(cards) for seat, cards in table.hands.items()}
    dead = table.dead
    return TableView(hands, tuple(table.board), tuple(table.burns), tuple(table.muck),
                     tuple(sorted(dead)) if dead else (), tuple(table.stub),
                     tuple(table.set_aside))
