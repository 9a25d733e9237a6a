"""Rule a scenario under a rulebook.

Flow: replay the events -> the situation (the irregularity ruled on, the table, the
actions) -> the topics it raises -> the rulebook's governing provisions for each topic ->
their deciders in precedence order; the first that rules wins.  Where the book has no
provision, or none decides, the remedy is ``floor-decision`` and the explanation says what
the book does not cover.  Citations are numbered as the rulebook's edition prints them,
looked up in the knowledge base.
"""

from __future__ import annotations

import random
import re

from kb.deal import StubEmpty, replay
from kb.deciders import load_deciders
from kb.model import GAME_GROUPS, Confidence, KnowledgeBase
from kb.remedies import Decision, floor_decision
from kb.rulebook import EDITIONS, Rulebook
from kb.ruling import Citation, Ruling, TableView
from kb.scenario import Scenario
from kb.situation import Case, primary_irregularity, topics_for

_TDA_CUTOFF = ("tda.substantial-action.two-with-chips", "tda.substantial-action.three-actions",
               "tda.misdeal.after-substantial-action")


def rule(kb: KnowledgeBase, rulebook: Rulebook, scenario: Scenario, seed: int = 0) -> Ruling:
    """The ruling of ``rulebook`` on ``scenario``; random steps use ``random.Random(seed)``.

    Raises :class:`~kb.scenario.ScenarioError` when the events cannot be replayed.
    """
    played = replay(scenario)
    irregularity = primary_irregularity(played)
    cutoff = "tda" if set(rulebook.governing("misdeal-cutoff")) & set(_TDA_CUTOFF) else "rrop"
    case = Case(scenario, played, irregularity, random.Random(seed), dict(rulebook.params),
                cutoff)
    if irregularity is None:
        decision, pid, topic = Decision("continue", "No irregularity: play goes on."), None, None
    else:
        decision, pid, topic = _decide(kb, rulebook, case)
    return _ruling(kb, rulebook, case, decision, pid, topic)


def compare(kb: KnowledgeBase, scenario: Scenario, rulebooks: list[Rulebook],
            seed: int = 0) -> list[Ruling]:
    """The rulings of every rulebook in ``rulebooks`` on ``scenario``, in that order."""
    return [rule(kb, book, scenario, seed) for book in rulebooks]


def _decide(kb: KnowledgeBase, rulebook: Rulebook, case: Case):
    deciders = load_deciders()
    topics = topics_for(case.irregularity, case.replay)
    for topic in topics:
        for pid in rulebook.governing(topic):
            if not _applies(kb, rulebook, pid, case):
                continue
            decision = _run(deciders, rulebook, pid, case)
            if decision is not None:
                return decision, pid, topic
    return _silent(kb, rulebook, case, topics), None, topics[0] if topics else None


def _run(deciders: dict, rulebook: Rulebook, pid: str, case: Case) -> Decision | None:
    """The decision of ``pid``'s decider; a house provision without one rules through the
    deciders of the provisions it executes as (``Rulebook.executes_as``), in order."""
    for name in (pid, *getattr(rulebook, "executes_as", {}).get(pid, ())):
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


def _applies(kb: KnowledgeBase, rulebook: Rulebook, pid: str, case: Case) -> bool:
    """Whether a provision covers the scenario's game (its ``games``, groups such as
    flop-games expanded) and setting.  A book written for one setting only (the TDA rules
    are tournament rules) is still applied to the other, so that the books can be compared
    on any hand; the setting only chooses between a book's own cash and tournament rules."""
    if not kb.has("provision", pid):
        return True
    provision = kb.provision(pid)
    games = {g for name in provision.games for g in GAME_GROUPS.get(name, {name})}
    settings = {str(s) for s in provision.settings}
    return case.game in games and (
        case.scenario.setting in settings
        or case.scenario.setting not in _settings(kb, rulebook, provision.source))


def _settings(kb: KnowledgeBase, rulebook: Rulebook, source: str) -> set[str]:
    """The settings that the rulebook's provisions from ``source`` cover (a house book
    mixing sources must not stop the TDA's tournament rules applying to a cash hand just
    because an adopted Robert's Rules provision covers cash games)."""
    return {str(s) for pid in rulebook.provisions() if kb.has("provision", pid)
            and kb.provision(pid).source == source for s in kb.provision(pid).settings}


def _silent(kb: KnowledgeBase, rulebook: Rulebook, case: Case, topics) -> Decision:
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
        return floor_decision(f"{rulebook.title} has no provision that decides this case "
                              f"({title}); its provisions on the topic do not cover it, so "
                              "the floor decides.")
    return floor_decision(f"{rulebook.title} has no provision on {title}; the floor decides.")


def _ruling(kb, rulebook: Rulebook, case: Case, decision: Decision, pid, topic) -> Ruling:
    governing = rulebook.provisions()
    extra = [p for p in decision.provisions if p in governing]
    pids = tuple(dict.fromkeys(([pid] if pid else []) + extra))
    table = decision.table or case.table
    explanation = _renumber(kb, rulebook, decision.explanation) + _unconfirmed(kb, pids) \
        + _others(case)
    return Ruling(scenario=case.scenario.id, rulebook=rulebook.id, remedy=decision.remedy,
                  citations=tuple(c for c in (_citation(kb, rulebook, p) for p in pids) if c),
                  provisions=pids, steps=tuple(decision.steps), random=decision.random,
                  table=view(table, case), explanation=explanation, topic=topic)


def _renumber(kb: KnowledgeBase, rulebook: Rulebook, text: str) -> str:
    """Deciders' explanations name rules by their number in the rules edition (TDA 2024);
    a rulebook that cites another edition (tda@2026) gets that edition's numbers."""
    cited, rules = rulebook.id, EDITIONS.get(rulebook.id, rulebook.id)
    if cited == rules:
        return text
    pairs = {}
    for provision in kb.provisions:
        old, new = provision.number_in(rules), provision.number_in(cited)
        if old and new and old.number != new.number:
            pairs[old.number] = new.number
    if not pairs:
        return text
    pattern = re.compile(r"(?<![\w-])(" + "|".join(
        re.escape(n) for n in sorted(pairs, key=len, reverse=True)) + r")(?![\w-])")
    return pattern.sub(lambda match: pairs[match.group(1)], text)


def _citation(kb: KnowledgeBase, rulebook: Rulebook, pid: str) -> Citation | None:
    own = getattr(rulebook, "own", {}).get(pid)
    if own is not None:
        source, _, edition = rulebook.id.partition("@")
        return Citation(source, edition or rulebook.id, own.number)
    if not kb.has("provision", pid):
        return None
    provision = kb.provision(pid)
    for edition in rulebook.citation_editions + (() if rulebook.base is None
                                                  else (rulebook.base,)):
        number = provision.number_in(edition)
        if number is not None:
            return Citation(provision.source, edition.partition("@")[2] or edition, number.number)
    number = provision.numbers[0] if provision.numbers else None
    return Citation(provision.source, number.edition.partition("@")[2] or number.edition,
                    number.number) if number else None


def _unconfirmed(kb: KnowledgeBase, pids) -> str:
    doubtful = [p for p in pids if kb.has("provision", p)
                and kb.provision(p).confidence == Confidence.UNCONFIRMED]
    if not doubtful:
        return ""
    return (" Unconfirmed: " + ", ".join(doubtful) + " was not seen in any copy of the book "
            "(sources.md); the ruling follows the seed's account of it.")


def _others(case: Case) -> str:
    others = [i for i in case.replay.irregularities
              if i is not case.irregularity and i.kind != case.irregularity.kind]
    if not others:
        return ""
    kinds = ", ".join(dict.fromkeys(i.kind.replace("-", " ") for i in others))
    return f" This ruling answers the {case.irregularity.kind.replace('-', ' ')}; " \
           f"also found: {kinds}."


def view(table, case: Case) -> TableView:
    """The JSON table of a ruling: seats dealt in, cards in order; stub in full (the JSON
    shows its top card)."""
    hands = {seat: tuple(cards) for seat, cards in table.hands.items()}
    return TableView(hands=hands, board=tuple(table.board), burns=tuple(table.burns),
                     muck=tuple(table.muck), dead=tuple(sorted(table.dead)),
                     stub_top=tuple(table.stub), set_aside=tuple(table.set_aside))
