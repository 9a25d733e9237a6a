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

from kb.hand.deal import replay
from kb.hand.scenario import Scenario
from kb.hand.situation import Case, primary_irregularity, topics_for
from kb.hand.table import StubEmpty
from kb.knowledge.model import GAME_GROUPS, Confidence, KnowledgeBase
from kb.rules.deciders import load_deciders
from kb.rules.remedies import Decision, floor_decision
from kb.rules.rulebook import EDITIONS, Rulebook
from kb.rules.ruling import Citation, Ruling, TableView

_TDA_CUTOFF = ("tda.substantial-action.two-with-chips", "tda.substantial-action.three-actions",
               "tda.misdeal.after-substantial-action")


def rule(kb: KnowledgeBase, rulebook: Rulebook, scenario: Scenario, seed: int = 0) -> Ruling:
    """The ruling of ``rulebook`` on ``scenario``; random steps use ``random.Random(seed)``.

    Raises :class:`~kb.hand.scenario.ScenarioError` when the events cannot be replayed.
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
    deciders, covered = load_deciders(), _settings(kb, rulebook)
    topics = topics_for(case.irregularity, case.replay)
    for topic in topics:
        for pid in rulebook.governing(topic):
            if not _applies(kb, covered, pid, case):
                continue
            decision = _run(deciders, rulebook, pid, case, kb, covered)
            if decision is not None:
                return decision, pid, topic
    return _silent(kb, rulebook, case, topics), None, topics[0] if topics else None


def _run(deciders: dict, rulebook: Rulebook, pid: str, case: Case, kb: KnowledgeBase,
         covered: dict) -> Decision | None:
    """The decision of ``pid``'s decider; a house provision without one rules through the
    deciders of the provisions it executes as (``Rulebook.executes_as``), in order, each
    only where it applies (a hold'em decider never rules a stud hand)."""
    executes_as = rulebook.executes_as.get(pid, ())
    for name in (pid, *(n for n in executes_as if _applies(kb, covered, n, case))):
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


def _applies(kb: KnowledgeBase, covered: dict, pid: str, case: Case) -> bool:
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
        or case.scenario.setting not in covered.get(provision.source, ()))


def _settings(kb: KnowledgeBase, rulebook: Rulebook) -> dict[str, set[str]]:
    """Source -> the settings the rulebook's provisions from that source cover (a house
    book mixing sources must not stop the TDA's tournament rules applying to a cash hand
    just because an adopted Robert's Rules provision covers cash games)."""
    covered: dict[str, set[str]] = {}
    for pid in rulebook.provisions():
        if kb.has("provision", pid):
            provision = kb.provision(pid)
            covered.setdefault(provision.source, set()).update(map(str, provision.settings))
    return covered


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
        return floor_decision(f"{rulebook.title} has no provision for this case: its rules "
                              f"on {title.lower()} cover other situations, so the floor "
                              "decides.")
    return floor_decision(f"{rulebook.title} has no provision on {title}; the floor decides.")


def _ruling(kb, rulebook: Rulebook, case: Case, decision: Decision, pid, topic) -> Ruling:
    governing = rulebook.provisions()
    extra = [p for p in decision.provisions if p in governing]
    pids = tuple(dict.fromkeys(([pid] if pid else []) + extra))
    table = decision.table or case.table
    citations = tuple(c for c in (_citation(kb, rulebook, p) for p in pids) if c)
    explanation = _renumber(kb, rulebook, decision.explanation) \
        + _omaha(case, citations) + _unconfirmed(kb, rulebook, pids) + _others(case)
    return Ruling(scenario=case.scenario.id, rulebook=rulebook.id, remedy=decision.remedy,
                  citations=citations,
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
    own = rulebook.own.get(pid)
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


def _omaha(case: Case, citations) -> str:
    """Robert's Rules' hold'em rules applied to an Omaha hand: say it is a reading."""
    if case.game != "omaha" or not any(c.source == "rrop" and c.number.startswith("Hold'em")
                                       for c in citations):
        return ""
    return (" Robert's Rules' hold'em rules are applied to this Omaha hand: the Omaha rules "
            "of Robert's Rules were not seen, so this is this project's reading.")


_TDA_NUMBERS = ("No text of a 2026 TDA edition was seen: these rule numbers are a secondary "
                "source's (the 2024 number plus 2 from Rule 26 up).")
_BOOK = {"rrop": "Robert's Rules", "tda": "TDA rule"}
_MISDEALS = ("Robert's Rules Misdeals are numbered as in the version 11 translation (1 the "
             "cutoff, 2 the list of causes); older English copies number them the other way "
             "round.")


def _unconfirmed(kb: KnowledgeBase, rulebook: Rulebook, pids) -> str:
    """What is uncertain about the provisions cited, in a floorperson's words: rules known
    only from a secondary source, rules seen only in part, and numbers not confirmed."""
    notes = [_doubt(kb, rulebook, p) for p in pids if kb.has("provision", p)]
    notes = [n for n in notes if n]
    return "".join(" " + n for n in dict.fromkeys(notes))


def _doubt(kb: KnowledgeBase, rulebook: Rulebook, pid: str) -> str:
    provision, cite = kb.provision(pid), _citation(kb, rulebook, pid)
    if cite is None:
        return ""
    name = f"{_BOOK.get(provision.source, provision.source)} {cite.number}"
    number = next((n for n in provision.numbers if n.number == cite.number), None)
    if provision.confidence == Confidence.UNCONFIRMED:
        return (f"Unconfirmed: {name} is known only from a secondary source's citation; no "
                "copy of the book showing it was seen.")
    if provision.confidence == Confidence.PARTIAL:
        return (f"Partly seen: {name} was seen only in part or in a copy derived from the "
                f"book{_number_status(number)}.")
    if number is None or number.confidence == Confidence.CONFIRMED:
        return ""
    if number.confidence == Confidence.UNCONFIRMED and provision.source == "tda":
        return _TDA_NUMBERS
    if number.confidence == Confidence.UNCONFIRMED:
        return (f"Unconfirmed number: the text of {name} was seen, but not its number in "
                "this edition.")
    if cite.number.startswith("Misdeals"):
        return _MISDEALS
    return f"Number: {name} is not settled (copies differ or only one was seen)."


def _number_status(number) -> str:
    if number is None or number.confidence == Confidence.CONFIRMED:
        return ""
    if number.confidence == Confidence.UNCONFIRMED:
        return ", and its number is not confirmed"
    return ", and its number is not settled (copies differ or only one was seen)"


_KINDS = {"exposed": "a card exposed by the dealer", "boxed": "a boxed card",
          "player-exposed": "a card exposed by a player", "extra": "an extra card",
          "short": "a short hand", "dealt-to": "cards dealt to a seat not entitled to a hand",
          "dealt-out": "a player dealt out", "first-to": "the first card dealt to the wrong seat",
          "button": "the button out of position", "board-count": "the wrong number of cards "
          "on a street", "burn-count": "a burn error", "premature": "a board card dealt too "
          "soon", "duplicate": "a duplicate card", "foreign": "a card that does not belong "
          "in the deck", "odd-back": "a card with a different back", "missing": "missing "
          "cards", "wrong-count": "a hand with the wrong number of cards", "stud-exposed":
          "an exposed stud down card", "stud-short-stub": "a stub too short for seventh "
          "street", "draw-exposed": "a card exposed on the draw", "draw-short-stub":
          "a stub too short for the draw"}


def _others(case: Case) -> str:
    others = [i for i in case.replay.irregularities
              if i is not case.irregularity and i.kind != case.irregularity.kind]
    if not others:
        return ""
    kinds = ", ".join(dict.fromkeys(_KINDS.get(i.kind, i.kind) for i in others))
    main = _KINDS.get(case.irregularity.kind, case.irregularity.kind)
    return f" This ruling is about {main}; the hand also had {kinds}."


def view(table, case: Case) -> TableView:
    """The JSON table of a ruling: seats dealt in, cards in order; stub in full (the JSON
    shows its top card)."""
    hands = {seat: tuple(cards) for seat, cards in table.hands.items()}
    return TableView(hands=hands, board=tuple(table.board), burns=tuple(table.burns),
                     muck=tuple(table.muck), dead=tuple(sorted(table.dead)),
                     stub_top=tuple(table.stub), set_aside=tuple(table.set_aside))
