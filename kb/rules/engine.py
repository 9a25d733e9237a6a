"""Rule a scenario under a rulebook.

Flow: replay the events up to a floor call -> the irregularities standing, in units
(:func:`kb.rules.situation.units`) -> for each unit in order, on the table the previous
remedy left: the situation (the irregularity ruled on, the table, the actions) -> the
topics it raises -> the rulebook's governing provisions for each topic -> their deciders
in precedence order; the first that rules wins.  Where the book has no
provision, or none decides, the remedy is ``floor-decision`` and the explanation says what
the book does not cover.  Citations are numbered as the rulebook's edition prints them,
looked up in the knowledge base (:mod:`kb.rules.records` builds each ruling's record).

What every rulebook of :func:`compare` shares is worked out once: the replay up to the
first floor call and that call's units, with their representative irregularities and
topics.  What depends only on the rulebook (its provisions' reach, deciders, citations) is
kept in its :class:`~kb.rules.rulebook.Lookups`.  Everything else is done for each ruling.
"""

from __future__ import annotations

from dataclasses import replace

from kb.hand.deal import floor_called
from kb.hand.draws import Draws
from kb.hand.replay_check import every_problem_in
from kb.hand.scenario import Event, Floor, Scenario
from kb.hand.segments import Carried, first_call, play_segment, resume, segments, standing
from kb.hand.table import Irregularity, StubEmpty
from kb.knowledge.model import KnowledgeBase
from kb.knowledge.vocabulary import GAME_GROUPS
from kb.rules.combine import combine
from kb.rules.cutoffs import cutoff_rule
from kb.rules.deciders import load_deciders
from kb.rules.irregularities import entry, topics_for
from kb.rules.limits import after_next_hand, in_time, limit_rule, too_late
from kb.rules.outcomes import FINAL, Remedy, StepKind
from kb.rules.readings import with_readings
from kb.rules.records import ruling, same_as
from kb.rules.remedies import Decision, cut, floor_decision
from kb.rules.rulebook import Lookups, Rulebook, lookups
from kb.rules.ruling import Ruling
from kb.rules.situation import Case, representative, units

#: The events of a hand cut at its floor calls (:func:`kb.hand.segments.segments`).
Parts = list[tuple[tuple[Event, ...], Floor | None]]


@every_problem_in
def rule(kb: KnowledgeBase, rulebook: Rulebook, scenario: Scenario, seed: int = 0) -> Ruling:
    """The ruling of ``rulebook`` on ``scenario``; random steps use ``random.Random(seed)``.

    The floor is called at each ``floor`` event and after the last event; each call rules
    every irregularity standing (:func:`_call`), and the hand goes on from the table that
    ruling left (:mod:`kb.hand.segments`).  The ruling returned is the last call's, with
    the earlier calls in ``calls``.  A void ends the hand: later events are not played.

    Raises :class:`~kb.hand.scenario.ScenarioError` when the events cannot be replayed.

    >>> from kb.hand.scenario_file import load_scenario
    >>> from kb.knowledge.load import load_knowledge_base
    >>> from kb.rules.books import published_editions
    >>> b = published_editions(kb := load_knowledge_base())[0]
    >>> rule(kb, b, load_scenario(kb.root + "/scenarios/boxed-two-cards-during-deal.yaml")).remedy
    'misdeal'
    """
    parts = segments(scenario.events)
    return _rule(lookups(kb, rulebook), scenario, seed, parts, _first_call(scenario, parts),
                 None)


@every_problem_in
def compare(kb: KnowledgeBase, scenario: Scenario, rulebooks: list[Rulebook],
            seed: int = 0) -> list[Ruling]:
    """The rulings of every rulebook in ``rulebooks`` on ``scenario``, in that order: the
    same as :func:`rule` for each, but the hand is replayed once up to the first floor
    call (no ruling has changed it yet) and each rulebook rules from a copy.

    >>> from kb.hand.scenario_file import load_scenario
    >>> from kb.knowledge.load import load_knowledge_base
    >>> from kb.rules.books import published_editions
    >>> books = published_editions(kb := load_knowledge_base())[:2]
    >>> hand = load_scenario(kb.root + "/scenarios/case-c27-four-card-flop-stuck-cards.yaml")
    >>> [r.remedy for r in compare(kb, hand, books)] == [r.remedy for r in
    ...                                                  (rule(kb, b, hand) for b in books)]
    True
    """
    parts, books = segments(scenario.events), list(rulebooks)
    first = _first_call(scenario, parts)
    # a hand with one floor call is not changed by its ruling (deciders rule on copies of
    # the table); one with several goes on from each ruling's table, so each book needs
    # its own copy
    resumed = len(parts) > 1
    grouped = _units(standing(first, 0), first)      # the same for every book
    return [_rule(lookups(kb, book), scenario, seed, parts,
                  first.copy() if resumed and number < len(books) else first, grouped)
            for number, book in enumerate(books, 1)]


def first_cases(kb: KnowledgeBase, rulebook: Rulebook, scenario: Scenario,
                seed: int = 0) -> list[Case]:
    """The :class:`Case` the deciders are handed for each unit of ``scenario``'s first
    floor call under ``rulebook``, in the order ruled, each on the table before any remedy
    (a later unit's deciders see the table the previous remedy left: :func:`rule`).

    Raises :class:`~kb.hand.scenario.ScenarioError` when the events cannot be replayed.

    >>> from kb.hand.scenario_file import load_scenario
    >>> from kb.knowledge.load import load_knowledge_base
    >>> from kb.rules.books import published_editions
    >>> kb = load_knowledge_base()
    >>> hand = load_scenario(kb.root + "/scenarios/boxed-card-on-flop.yaml")
    >>> [c.irregularity.kind for c in first_cases(kb, published_editions(kb)[0], hand)]
    ['boxed']
    """
    state, draws = _first_call(scenario, segments(scenario.events)), Draws(seed)
    cutoff = cutoff_rule(kb, rulebook)
    return [Case(state.scenario, state.seen(state.table, list(unit)), irregularity, draws,
                 dict(rulebook.params), cutoff)
            for unit, irregularity, _ in _units(standing(state, 0), state)]


def _first_call(scenario: Scenario, parts: Parts):
    """The hand replayed up to its first floor call: the part every rulebook shares."""
    return first_call(scenario, parts)


def _rule(book: Lookups, scenario: Scenario, seed: int, parts: Parts, state,
          grouped) -> Ruling:
    """:func:`rule`, from ``state``, the hand replayed up to its first floor call;
    ``grouped``: the units of its irregularities (:func:`_units`; None: computed here)."""
    draws = Draws(seed)
    cutoff = book.memo.get(_CUTOFF)     # once per rulebook (no closure made per ruling)
    if cutoff is None:
        cutoff = book.memo[_CUTOFF] = cutoff_rule(book.kb, book.rulebook)
    if len(parts) == 1:     # most hands: one floor call, and nothing carried on from it
        floor = parts[0][1]
        pending = list(grouped) if grouped is not None else _units(standing(state, 0), state)
        call = _call(book, state, pending, draws, cutoff, False)[0]
        return _placed(call, floor.line if floor else None, call.random)
    carried, answered = Carried(shuffle=_shuffler(draws)), 0
    calls: list[Ruling] = []
    for number, (events, floor) in enumerate(parts, 1):
        if number > 1:
            play_segment(state, events, carried)
            floor_called(state, floor.line if floor else None)
        found, answered = standing(state, answered), len(state.irregularities)
        pending = list(grouped) if number == 1 and grouped is not None \
            else _units(found, state)
        call, table = _call(book, state, pending, draws, cutoff, bool(calls))
        call = _placed(call, floor.line if floor else None,
                       call.random or carried.shuffled or any(c.random for c in calls))
        if number < len(parts) and call.remedy == Remedy.VOID:
            calls.append(replace(call, explanation=call.explanation + _ENDED))
            break
        calls.append(call)
        if number < len(parts):
            resume(state, call.remedy, table, call.steps, floor, carried)
    return replace(calls[-1], calls=tuple(calls[:-1])) if len(calls) > 1 else calls[-1]


#: The memo key of the rulebook's misdeal cutoff test (:func:`cutoff_rule`).
_CUTOFF = ("cutoff", "")


def _placed(call: Ruling, floor: int | None, random_: bool) -> Ruling:
    """``call`` at its floor event, random if anything so far was (a copy only when that
    changes it: most hands have one call and no random step)."""
    if call.floor == floor and call.random == random_:
        return call
    return replace(call, floor=floor, random=random_)


_ENDED = " The hand ends here: the events after this floor call did not happen."


def _shuffler(draws: Draws):
    """Shuffle and cut a stub with the ruling's random source (a reshuffle a ruling left
    for a later street)."""
    def shuffle(cards: list[str]) -> list[str]:
        cards = list(cards)
        draws.rng.shuffle(cards)
        return cut(cards, draws.rng)[0]
    return shuffle


def _call(book: Lookups, state, pending, draws: Draws, cutoff, earlier: bool):
    """One floor call: each unit of the irregularities standing (``pending``, as
    :func:`kb.rules.situation.units` groups them) ruled in order on the table the previous
    remedy left (a misdeal or a void answers the rest); the call's ruling and the table it
    leaves."""
    table, params = state.table, book.rulebook.params
    parts: list[tuple] = []
    if not pending:
        case = Case(state.scenario, state, None, draws, dict(params), cutoff)
        decision = Decision(Remedy.CONTINUE, "No irregularity: play goes on.")
        return ruling(book, case, decision, None, None), table
    covered, dealt = [], set()
    while pending:
        unit, irregularity, topics = pending.pop(0)
        if entry(irregularity.kind).board and irregularity.get("street") in dealt:
            covered.append(unit)        # an earlier remedy already laid that street again
            continue
        seen = state.seen(table, list(unit))
        case = Case(state.scenario, seen, irregularity, draws, dict(params), cutoff)
        decision, pid, topic = _guarded(book, case, topics, earlier or bool(parts),
                                        _moved_later(irregularity, state.irregularities))
        decision = with_readings(decision, unit, book.rulebook.stack)
        parts.append((unit, ruling(book, case, decision, pid, topic, unit)))
        table = decision.table or table
        dealt |= {s.details.get("street") for s in decision.steps
                  if s.do == StepKind.DEAL and not s.details.get("when")}
        if decision.remedy in FINAL:
            break
    if len(parts) == 1 and not covered and not pending:
        return parts[0][1], table       # one unit: its ruling is the call's, as in combine
    return combine(parts, covered + [unit for unit, _, _ in pending]), table


#: A unit of the irregularities standing at a floor call, with the irregularity a decider
#: is handed as the one ruled on and the topics that one raises.
Unit = tuple[list[Irregularity], Irregularity, tuple[str, ...]]


def _units(found: list[Irregularity], state) -> list[Unit]:
    """The units of the irregularities ``found`` standing at a floor call of ``state``, in
    the order they are ruled (:func:`kb.rules.situation.units`), each with its
    representative and topics.  None of these looks at the table, so at the first call
    they are the same for every rulebook and :func:`compare` works them out once."""
    made = []
    for unit in units(found, state):
        seen = state.seen(state.table, list(unit))
        irregularity = representative(unit, seen)
        made.append((unit, irregularity, topics_for(irregularity, seen)))
    return made


def _guarded(book: Lookups, case: Case, topics: tuple[str, ...], after_remedy: bool,
             moved_later: bool = False):
    """:func:`_decide`, where an earlier remedy of the hand may have moved the cards the
    irregularity concerns (``after_remedy``): a decider that cannot find them, or whose
    table would lose or duplicate a card, does not decide, and the floor does.  Where an
    event after the irregularity moved cards between a hand, the board and the muck (a
    swap, a board card mucked or taken back), the floor decides at once: the remedies are
    written for the cards where the irregularity left them (``moved_later``)."""
    if moved_later:                     # its remedy names cards that are elsewhere now
        return floor_decision(_MOVED_LATER), None, topics[0] if topics else None
    if not after_remedy:
        return _decide(book, case, topics)
    try:
        decision, pid, topic = _decide(book, case, topics)
        if decision.table is not None:
            decision.table.check()
    except (ValueError, KeyError, IndexError, AssertionError):
        return floor_decision(_MOVED), None, topics[0] if topics else None
    return decision, pid, topic


_MOVED = ("An earlier remedy in this hand moved the cards this irregularity concerns, and "
          "the book does not say how its remedy applies to the table that remedy left, so "
          "the floor decides.")
_MOVED_LATER = ("Something after this irregularity moved the cards it concerns; the book "
                "does not say how its remedy applies to them now, so the floor decides.")
_MOVING = frozenset({"hand-board-swap", "board-mucked", "board-retrieved"})   # move cards


def _moved_later(ruled: Irregularity, found) -> bool:
    """Whether an event after ``ruled`` (of the hand's ``found``) moved cards."""
    return any(i.kind in _MOVING and i.line > ruled.line for i in found)


def _decide(book: Lookups, case: Case, topics: tuple[str, ...]):
    """The first decision of the rulebook's provisions on ``topics`` (the irregularity's,
    most specific first), each in precedence order: (decision, provision, topic).  A
    complaint raised after the next hand began is ruled as though raised in time, then by
    the book's time limit, whatever its kind (:mod:`kb.rules.limits`)."""
    if not too_late(case):
        return _topical(book, case, topics)
    decision, pid, topic = _topical(book, in_time(case), topics)
    limit = book.remember("limit", "", lambda: limit_rule(book.kb, book.rulebook))
    decision, pid = after_next_hand(limit, case, decision, pid)
    return decision, pid, topic


def _topical(book: Lookups, case: Case, topics: tuple[str, ...]):
    """:func:`_decide` by the provisions on ``topics`` alone."""
    game, setting = case.scenario.game, case.scenario.setting
    for topic in topics:
        for pid, deciders in _applicable(book, topic, game, setting):
            decision = _run(deciders, case)
            if decision is not None:
                return decision, pid, topic
    return _silent(book.kb, book.rulebook, case, topics), None, topics[0] if topics else None


def _run(deciders: tuple, case: Case) -> Decision | None:
    """The first decision of ``deciders`` (a provision's, :func:`_applicable`) on ``case``."""
    for decider in deciders:
        try:
            decision = decider(case)
        except StubEmpty:
            return floor_decision("The remedy needs more cards than the stub holds; the "
                                  "book does not say where they come from, so the floor "
                                  "decides (for example, a face-down reshuffle of the burns).")
        if decision is not None:
            return decision
    return None


def _applicable(book: Lookups, topic: str, game: str, setting: str):
    """The provisions of the rulebook that govern ``topic`` (:func:`_governing`) and apply
    to a hand of ``game`` in ``setting`` (:func:`_applies`), in precedence order, each as
    (id, the deciders that rule for it, in order): its own decider, then, for a house
    provision without one, those of the provisions it executes as that apply too (a
    hold'em decider never rules a stud hand).  Once per rulebook, topic, game and
    setting: which provision applies depends on nothing else."""
    key = ("applicable", topic, game, setting)
    found = book.memo.get(key)
    if found is None:
        made = []
        for pid, reach, decider, executes_as in _governing(book, topic):
            if not _applies(book, reach, game, setting):
                continue
            deciders = [decider] if decider else []
            for plan in (_plan(book, n) for n in executes_as):
                if _applies(book, plan[0], game, setting) and plan[1]:
                    deciders.append(plan[1])
            made.append((pid, tuple(deciders)))
        found = book.memo[key] = tuple(made)
    return found


def _governing(book: Lookups, topic: str):
    """The provisions of the rulebook that govern ``topic``, in precedence order, each as
    (id, :func:`_plan`), once per rulebook."""
    key = ("governing", topic)
    found = book.memo.get(key)
    if found is None:
        found = book.memo[key] = tuple((pid, *_plan(book, pid))
                                       for pid in book.rulebook.governing(topic))
    return found


def _plan(book: Lookups, pid: str):
    """What ruling with provision ``pid`` needs, once per rulebook: its reach
    (:func:`_reach`), its decider (None: it has none) and the provisions whose deciders
    rule for it (a house's ``executes_as``, else a ``same-as`` relation: :func:`same_as`)."""
    key = ("plan", pid)
    found = book.memo.get(key)
    if found is None:
        found = book.memo[key] = (
            _reach(book.kb, pid), load_deciders().get(pid),
            book.rulebook.executes_as.get(pid, ()) or same_as(book.kb, pid))
    return found


def _applies(book: Lookups, reach, game: str, setting: str) -> bool:
    """Whether a provision of ``reach`` (:func:`_reach`) covers a hand of ``game`` (its
    ``games``, groups such as flop-games expanded) in ``setting``.  A book written for one
    setting only (the TDA rules are tournament rules) is still applied to the other, so
    that the books can be compared on any hand; the setting only chooses between a book's
    own cash and tournament rules."""
    if reach is None:
        return True
    source, games, settings = reach
    return game in games and (setting in settings
                              or setting not in book.settings.get(source, ()))


def _reach(kb: KnowledgeBase, pid: str) -> tuple[str, frozenset, frozenset] | None:
    """A provision's source, the games it covers (groups expanded) and its settings; None
    for an id the knowledge base does not hold (a house's own provision)."""
    if not kb.has("provision", pid):
        return None
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
