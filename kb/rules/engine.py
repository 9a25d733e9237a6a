"""Rule a scenario under a rulebook.

Flow: replay the events up to a floor call -> the irregularities standing, in units
(:func:`kb.hand.situation.units`) -> for each unit in order, on the table the previous
remedy left: the situation (the irregularity ruled on, the table, the actions) -> the
topics it raises -> the rulebook's governing provisions for each topic -> their deciders
in precedence order; the first that rules wins.  Where the book has no
provision, or none decides, the remedy is ``floor-decision`` and the explanation says what
the book does not cover.  Citations are numbered as the rulebook's edition prints them,
looked up in the knowledge base.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace

from kb.hand.deal import floor_called, start
from kb.hand.scenario import Scenario
from kb.hand.segments import Carried, play_segment, resume, segments, standing
from kb.hand.situation import Case, representative, topics_for, units
from kb.hand.table import StubEmpty
from kb.knowledge.model import GAME_GROUPS, Confidence, KnowledgeBase, RelationKind
from kb.rules.combine import answered, combine
from kb.rules.cutoffs import cutoff_rule
from kb.rules.deciders import load_deciders
from kb.rules.remedies import Decision, cut, floor_decision
from kb.rules.rulebook import EDITIONS, Lookups, Rulebook, citation, lookups
from kb.rules.ruling import Ruling, TableView


def rule(kb: KnowledgeBase, rulebook: Rulebook, scenario: Scenario, seed: int = 0) -> Ruling:
    """The ruling of ``rulebook`` on ``scenario``; random steps use ``random.Random(seed)``.

    The floor is called at each ``floor`` event and after the last event; each call rules
    every irregularity standing (:func:`_call`), and the hand goes on from the table that
    ruling left (:mod:`kb.hand.segments`).  The ruling returned is the last call's, with
    the earlier calls in ``calls``.  A void ends the hand: later events are not played.

    Raises :class:`~kb.hand.scenario.ScenarioError` when the events cannot be replayed.
    """
    return _rule(kb, rulebook, scenario, seed, _first_call(scenario), None)


def compare(kb: KnowledgeBase, scenario: Scenario, rulebooks: list[Rulebook],
            seed: int = 0) -> list[Ruling]:
    """The rulings of every rulebook in ``rulebooks`` on ``scenario``, in that order: the
    same as :func:`rule` for each, but the hand is replayed once up to the first floor
    call (no ruling has changed it yet) and each rulebook rules from a copy.

    >>> from kb.hand.scenario_file import load_scenario
    >>> from kb.house.compose import published_rulebooks
    >>> from kb.knowledge.load import load_knowledge_base
    >>> kb = load_knowledge_base()
    >>> books = published_rulebooks(kb)[:2]
    >>> hand = load_scenario(kb.root + "/scenarios/case-c27-four-card-flop-stuck-cards.yaml")
    >>> [r.remedy for r in compare(kb, hand, books)] == [r.remedy for r in
    ...                                                  (rule(kb, b, hand) for b in books)]
    True
    """
    first, books = _first_call(scenario), list(rulebooks)
    # a hand with one floor call is not changed by its ruling (deciders rule on copies of
    # the table); one with several goes on from each ruling's table, so each book needs
    # its own copy
    resumed = len(segments(scenario.events)) > 1
    grouped = units(standing(first, 0), first)       # the same for every book
    return [_rule(kb, book, scenario, seed,
                  first.copy() if resumed and number < len(books) else first, grouped)
            for number, book in enumerate(books, 1)]


def _first_call(scenario: Scenario):
    """The hand replayed up to its first floor call: the part every rulebook shares."""
    state = start(scenario)
    events, floor = segments(scenario.events)[0]
    play_segment(state, events, Carried())
    floor_called(state, floor.line if floor else None)
    return state


def _rule(kb: KnowledgeBase, rulebook: Rulebook, scenario: Scenario, seed: int,
          state, grouped) -> Ruling:
    """:func:`rule`, from ``state``, the hand replayed up to its first floor call;
    ``grouped``: the units of its irregularities (None: computed here)."""
    rng = random.Random(seed)
    cutoff = lookups(kb, rulebook).remember("cutoff", "", lambda: cutoff_rule(kb, rulebook))
    carried, answered = Carried(shuffle=_shuffler(rng)), 0
    calls: list[Ruling] = []
    parts = segments(scenario.events)
    for number, (events, floor) in enumerate(parts, 1):
        if number > 1:
            play_segment(state, events, carried)
            floor_called(state, floor.line if floor else None)
        found, answered = standing(state, answered), len(state.irregularities)
        pending = [list(u) for u in grouped] if number == 1 and grouped is not None \
            else units(found, state)
        call, table = _call(kb, rulebook, state, pending, rng, cutoff, bool(calls))
        call = _placed(call, floor.line if floor else None,
                       call.random or carried.shuffled or any(c.random for c in calls))
        if number < len(parts) and call.remedy == "void":
            calls.append(replace(call, explanation=call.explanation + _ENDED))
            break
        calls.append(call)
        if number < len(parts):
            resume(state, call.remedy, table, call.steps, floor, carried)
    return replace(calls[-1], calls=tuple(calls[:-1])) if len(calls) > 1 else calls[-1]


def _placed(call: Ruling, floor: int | None, random_: bool) -> Ruling:
    """``call`` at its floor event, random if anything so far was (a copy only when that
    changes it: most hands have one call and no random step)."""
    if call.floor == floor and call.random == random_:
        return call
    return replace(call, floor=floor, random=random_)


_ENDED = " The hand ends here: the events after this floor call did not happen."


def _shuffler(rng: random.Random):
    """Shuffle and cut a stub with the ruling's random source (a reshuffle a ruling left
    for a later street)."""
    def shuffle(cards: list[str]) -> list[str]:
        cards = list(cards)
        rng.shuffle(cards)
        return cut(cards, rng)[0]
    return shuffle


def _call(kb: KnowledgeBase, rulebook: Rulebook, state, pending, rng, cutoff,
          earlier: bool):
    """One floor call: each unit of the irregularities standing (``pending``, as
    :func:`kb.hand.situation.units` groups them) ruled in order on the table the previous
    remedy left (a misdeal or a void answers the rest); the call's ruling and the table it
    leaves."""
    table, parts = state.table, list[tuple]()
    if not pending:
        case = Case(state.scenario, state, None, rng, dict(rulebook.params), cutoff)
        decision = Decision("continue", "No irregularity: play goes on.")
        return _ruling(kb, rulebook, case, decision, None, None), table
    covered, dealt = [], set()
    while pending:
        unit = pending.pop(0)
        seen = state.seen(table, list(unit))
        irregularity = representative(unit, seen)
        if irregularity.kind in _BOARD and irregularity.get("street") in dealt:
            covered.append(unit)        # an earlier remedy already laid that street again
            continue
        case = Case(state.scenario, seen, irregularity, rng, dict(rulebook.params), cutoff)
        decision, pid, topic = _guarded(kb, rulebook, case, earlier or bool(parts))
        parts.append((unit, _ruling(kb, rulebook, case, decision, pid, topic, unit)))
        table = decision.table or table
        dealt |= {s.details.get("street") for s in decision.steps
                  if s.do == "deal" and not s.details.get("when")}
        if decision.remedy in ("misdeal", "void"):
            break
    return combine(parts, covered + pending), table


def _guarded(kb: KnowledgeBase, rulebook: Rulebook, case: Case, after_remedy: bool):
    """:func:`_decide`, where an earlier remedy of the hand may have moved the cards the
    irregularity concerns (``after_remedy``): a decider that cannot find them, or whose
    table would lose or duplicate a card, does not decide, and the floor does."""
    if not after_remedy:
        return _decide(kb, rulebook, case)
    try:
        decision, pid, topic = _decide(kb, rulebook, case)
        if decision.table is not None:
            decision.table.check()
    except (ValueError, KeyError, IndexError, AssertionError):
        assert case.irregularity is not None  # _decide was asked about one
        topics = topics_for(case.irregularity, case.replay)
        return floor_decision(_MOVED), None, topics[0] if topics else None
    return decision, pid, topic


_MOVED = ("An earlier remedy in this hand moved the cards this irregularity concerns, and "
          "the book does not say how its remedy applies to the table that remedy left, so "
          "the floor decides.")


#: Board irregularities a remedy that deals their street again answers.
_BOARD = ("burn-count", "board-count", "premature")


def _decide(kb: KnowledgeBase, rulebook: Rulebook, case: Case):
    book = lookups(kb, rulebook)
    # a case is decided only for an irregularity (a call without one goes on: _call)
    assert case.irregularity is not None
    topics = topics_for(case.irregularity, case.replay)
    for topic in topics:
        for pid in rulebook.governing(topic):
            if not _applies(book, pid, case):
                continue
            decision = _run(book, pid, case)
            if decision is not None:
                return decision, pid, topic
    return _silent(kb, rulebook, case, topics), None, topics[0] if topics else None


def _run(book: Lookups, pid: str, case: Case) -> Decision | None:
    """The decision of ``pid``'s decider; a house provision without one rules through the
    deciders of the provisions it executes as (``Rulebook.executes_as``), in order, each
    only where it applies (a hold'em decider never rules a stud hand)."""
    deciders = load_deciders()
    executes_as = book.rulebook.executes_as.get(pid, ()) or book.remember(
        "same-as", pid, lambda: _same_as(book.kb, pid))
    for name in (pid, *(n for n in executes_as if _applies(book, n, case))):
        decider = deciders.get(name)
        try:
            decision = decider(case) if decider else None
        except StubEmpty:
            return floor_decision("The remedy needs more cards than the stub holds; the "
                                  "book does not say where they come from, so the floor "
                                  "decides (for example, a face-down reshuffle of the burns).")
        if decision is not None:
            return decision
    return None


def _same_as(kb: KnowledgeBase, pid: str) -> tuple[str, ...]:
    """A provision with no decider of its own that the knowledge base records as the
    ``same-as`` another book's provision rules through that provision's decider (the WSOP
    four-card flop is TDA 39-A's rule): the knowledge base, not copied code, says so."""
    deciders = load_deciders()
    if pid in deciders or not kb.has("provision", pid):
        return ()
    return tuple(r.target for r in kb.provision(pid).relations
                 if r.kind == RelationKind.SAME_AS and r.target in deciders)


def _applies(book: Lookups, pid: str, case: Case) -> bool:
    """Whether a provision covers the scenario's game (its ``games``, groups such as
    flop-games expanded) and setting.  A book written for one setting only (the TDA rules
    are tournament rules) is still applied to the other, so that the books can be compared
    on any hand; the setting only chooses between a book's own cash and tournament rules."""
    if not book.kb.has("provision", pid):
        return True
    source, games, settings = book.remember("reach", pid, lambda: _reach(book.kb, pid))
    return case.game in games and (
        case.scenario.setting in settings
        or case.scenario.setting not in book.settings.get(source, ()))


def _reach(kb: KnowledgeBase, pid: str) -> tuple[str, frozenset, frozenset]:
    """A provision's source, the games it covers (groups expanded) and its settings."""
    provision = kb.provision(pid)
    return (provision.source,
            frozenset(g for name in provision.games for g in GAME_GROUPS.get(name, {name})),
            frozenset(str(s) for s in provision.settings))


def _silent(kb: KnowledgeBase, rulebook: Rulebook, case: Case, topics) -> Decision:
    assert case.irregularity is not None  # as in _decide, which asks for this
    what = case.irregularity.kind.replace("-", " ")
    if not topics:
        return floor_decision(f"No topic of the knowledge base covers this {what}; "
                              f"{rulebook.title} leaves it to the floor.")
    topic = topics[0]
    title = kb.topic(topic).title if kb.has("topic", topic) else topic
    note = rulebook.silent.get(topic)
    governing = [p for t in topics for p in rulebook.governing(t)]
    if note:
        return floor_decision(f"{rulebook.title} has no provision for this ({title}): {note}")
    if governing:
        return floor_decision(f"{rulebook.title} has no provision for this case: its rules "
                              f"on {title.lower()} cover other situations, so the floor "
                              "decides.")
    return floor_decision(f"{rulebook.title} has no provision on {title[:1].lower()}{title[1:]}; "
                          "the floor decides.")


def _ruling(kb, rulebook: Rulebook, case: Case, decision: Decision, pid, topic,
            unit=()) -> Ruling:
    book = lookups(kb, rulebook)
    extra = [p for p in decision.provisions if p in book.provisions]
    pids = tuple(dict.fromkeys(([pid] if pid else []) + extra))
    table = decision.table or case.table
    citations = tuple(c for c in (book.cite(p) for p in pids) if c)
    explanation = _borrowed(kb, rulebook, pid, book.renumber(decision.explanation)) \
        + _omaha(case, citations) + _unconfirmed(book, pids)
    return Ruling(scenario=case.scenario.id, rulebook=rulebook.id, remedy=decision.remedy,
                  citations=citations,
                  provisions=pids, steps=tuple(decision.steps), random=decision.random,
                  table=view(table, case), explanation=explanation, topic=topic,
                  irregularities=answered(unit))


#: The other book's name before a number it is replaced with (so that "Robert's Rules Dead
#: Hands 1(e)" does not become "Robert's Rules 115").
_BOOK_NAMES = r"(?:(?:Robert's Rules|TDA(?: 2024)?(?: [Rr]ule)?) )?(?<![\w-])"


def _borrowed(kb: KnowledgeBase, rulebook: Rulebook, pid, text: str) -> str:
    """A published book's provision that rules through the decider of the provision it is the
    ``same-as`` (:func:`_same_as`) gets that decider's explanation with its own number in
    place of the other book's (WSOP 2024 88.a.3 where the TDA decider says 35-A-2)."""
    if not pid or rulebook.base is not None or rulebook.id not in EDITIONS:
        return text
    own = lookups(kb, rulebook).cite(pid)
    for target in _same_as(kb, pid):
        theirs = kb.provision(target).numbers
        if own is not None and theirs and theirs[0].number != own.number:
            text = re.sub(_BOOK_NAMES + re.escape(theirs[0].number) + r"(?![\w-])",
                          lambda _: own.number, text)
    return text


def _omaha(case: Case, citations) -> str:
    """Robert's Rules' hold'em rules applied to an Omaha hand: say it is a reading."""
    if case.game != "omaha" or not any(c.source == "rrop" and c.number.startswith("Hold'em")
                                       for c in citations):
        return ""
    return (" Robert's Rules' hold'em rules are applied to this Omaha hand: the Omaha rules "
            "of Robert's Rules were not seen, so this is this project's reading.")


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
        return _TDA_NUMBERS
    if number.confidence == Confidence.UNCONFIRMED:
        return (f"Unconfirmed number: the text of {name} was seen, but not its number in "
                "this edition.")
    return f"Number: {name} is not settled (copies differ or only one was seen)."


def _number_status(number) -> str:
    if number is None or number.confidence == Confidence.CONFIRMED:
        return ""
    if number.confidence == Confidence.UNCONFIRMED:
        return ", and its number is not confirmed"
    return ", and its number is not settled (copies differ or only one was seen)"


def view(table, case: Case) -> TableView:
    """The JSON table of a ruling: seats dealt in, cards in order; stub in full (the JSON
    shows its top card)."""
    hands = {seat: tuple(cards) for seat, cards in table.hands.items()}
    return TableView(hands=hands, board=tuple(table.board), burns=tuple(table.burns),
                     muck=tuple(table.muck), dead=tuple(sorted(table.dead)),
                     stub_top=tuple(table.stub), set_aside=tuple(table.set_aside))
