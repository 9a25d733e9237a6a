"""Disagreements computed from scenario rulings, and their check against the declared ones.

A disagreement is a topic where at least one scenario gets different rulings from two
books compared (sources.yaml's ``compared``, :attr:`kb.knowledge.model.Books.compared`:
Robert's Rules of Poker v11 and the TDA 2024 rules, and each WSOP book beside the book it
is closest to): a different remedy, a different
procedure (the kinds of steps, in order), or, when neither ruling is random, a different
table (hands, board, burns, dead seats, the next card of the stub) or different board
cards dealt later in the hand (steps with ``when``).  A declared disagreement is a ``differs-from`` relation between a
provision of one book and one of the other.  ``floorbook check`` requires the two to
match on every topic that scenarios exercise: a declared difference no scenario shows, or
a difference shown that nobody declared, is a problem; that check holds for the first pair
(:attr:`kb.knowledge.model.Books.checked`), whose differs-from relations are complete.  Topics no scenario reaches (deck
changes, the start of a hand) keep their declared, textual disagreements unchecked.

>>> from kb.knowledge.load import load_knowledge_base
>>> kb = load_knowledge_base()
>>> found = computed_disagreements(kb, load_scenarios())
>>> "four-card-flop" in {d.topic for d in found}
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from kb import DATA
from kb.files import Problem as FileProblem
from kb.files import bulk
from kb.hand.scenario import Scenario, ScenarioError
from kb.hand.scenario_file import load_scenario
from kb.knowledge.graph import Disagreement, disagreements
from kb.knowledge.load import Problem
from kb.knowledge.model import KnowledgeBase, Location
from kb.rules.engine import compare
from kb.rules.rulebook import edition_rulebook
from kb.rules.ruling import Ruling

SCENARIOS = DATA / "scenarios"


@dataclass(frozen=True)
class ComputedDisagreement:
    """One scenario on which two books rule differently.

    >>> from kb.knowledge.load import load_knowledge_base
    >>> from kb.rules.books import published_editions
    >>> from kb.rules.engine import compare
    >>> kb = load_knowledge_base()
    >>> hand = load_scenario(kb.root + "/scenarios/boxed-card-during-deal.yaml")
    >>> rrop, tda = compare(kb, hand, published_editions(kb)[:2])
    >>> ComputedDisagreement("boxed-card", hand.id, hand.path, rrop, tda, "").pair
    ('rrop@v11', 'tda@2024')
    """

    topic: str
    scenario: str
    file: str
    left: Ruling
    right: Ruling
    difference: str

    @property
    def pair(self) -> tuple[str, str]:
        """The two rulebook ids compared, as sources.yaml's ``compared`` lists them."""
        return self.left.rulebook, self.right.rulebook


@cache
def _scenarios(folder: str) -> tuple[Scenario, ...]:
    scenarios, problems = [], []
    with bulk():                    # many files: the garbage collector waits (kb.files)
        for path in sorted(Path(folder).glob("*.yaml")):
            try:
                scenarios.append(load_scenario(path))
            except ScenarioError as error:
                problems += error.problems
    problems += unique_ids(scenarios)[1]
    if problems:
        raise ScenarioError.of(problems)
    return tuple(scenarios)


def unique_ids(scenarios) -> tuple[list[Scenario], list[FileProblem]]:
    """The first scenario of each id, in order, and a problem for each later one (named at
    its id's line, naming the first's file).

    >>> unique_ids([])
    ([], [])
    """
    first: dict[str, Scenario] = {}
    problems: list[FileProblem] = []
    for scenario in scenarios:
        if scenario.id in first:
            problems.append(FileProblem(
                scenario.path, scenario.id_line, f"the id {scenario.id!r} is also the id of "
                f"{first[scenario.id].path}", "give each scenario of the folder its own id"))
        first.setdefault(scenario.id, scenario)
    return list(first.values()), problems


def load_scenarios(folder: Path = SCENARIOS) -> tuple[Scenario, ...]:
    """Every scenario file in ``folder`` (default: kb/data/scenarios), by file name.

    Raises :class:`~kb.hand.scenario.ScenarioError` with every problem of every file, two
    files with one id included (the second is reported, naming the first).

    >>> names = [Path(s.path).name for s in load_scenarios()]
    >>> len(names) > 100, names == sorted(names)
    (True, True)
    """
    return _scenarios(str(folder))


def difference(left: Ruling, right: Ruling) -> str:
    """How two rulings differ, in a few words; empty when they agree.

    >>> from kb.rules.ruling import TableView
    >>> table = TableView({}, (), (), (), (), ("Ah",))
    >>> a = Ruling("s", "rrop@v11", "misdeal", (), (), False, table, "")
    >>> difference(a, a), difference(a, Ruling("s", "tda@2024", "continue", (), (), False,
    ...                                          table, ""))
    ('', 'remedy misdeal against continue')
    """
    for number, (a, b) in enumerate(zip(left.calls, right.calls, strict=False), 1):
        what = _call_difference(a, b)
        if what:
            return f"floor call {number}: {what}"
    if len(left.calls) != len(right.calls):
        return (f"{len(left.calls) + 1} floor calls against {len(right.calls) + 1} (a void "
                "ended one hand early)")
    return _call_difference(left, right)


def _call_difference(left: Ruling, right: Ruling) -> str:
    """How one floor call's rulings differ (the remedy, the procedure, the table)."""
    if left.remedy != right.remedy:
        return f"remedy {left.remedy} against {right.remedy}"
    procedure = [[s.do for s in r.steps] for r in (left, right)]
    if procedure[0] != procedure[1]:
        return "different procedure (" + " / ".join(", ".join(p) or "none"
                                                    for p in procedure) + ")"
    if left.random or right.random:
        return ""
    a, b = left.table, right.table
    for name in ("hands", "board", "burns", "dead"):
        if getattr(a, name) != getattr(b, name):
            return f"different {name}"
    if a.stub_top[:1] != b.stub_top[:1]:
        return "different next card"
    if _later_cards(left) != _later_cards(right):
        return "different later cards"
    return ""


def _later_cards(ruling: Ruling) -> list:
    """The board cards a ruling deals later in the hand (steps with ``when``, which the
    table leaves out: a burn error's next street dealt once the betting is over)."""
    return [step.details.get("cards", step.details.get("card")) for step in ruling.steps
            if step.do == "deal" and "when" in step.details]


def book_rulings(kb: KnowledgeBase, scenarios, books: tuple[str, ...] | None = None
                 ) -> dict[tuple[str, str], Ruling]:
    """``(scenario id, book id) -> ruling`` for the edition rulebooks ``books`` (default:
    the checked pair, :attr:`kb.knowledge.model.Books.checked`), seed 0.

    >>> from kb.knowledge.load import load_knowledge_base
    >>> kb = load_knowledge_base()
    >>> hand = load_scenario(kb.root + "/scenarios/case-c27-four-card-flop-stuck-cards.yaml")
    >>> {key: r.remedy for key, r in book_rulings(kb, [hand]).items()}
    {('case-c27-four-card-flop-stuck-cards', 'rrop@v11'): 'continue',
     ('case-c27-four-card-flop-stuck-cards', 'tda@2024'): 'continue'}
    """
    rulebooks = [edition_rulebook(kb, b) for b in (kb.books.checked if books is None
                                                   else books)]
    return {(s.id, b.id): ruling for s in scenarios  # compare: one replay for all books
            for b, ruling in zip(rulebooks, compare(kb, s, rulebooks), strict=True)}


def computed_disagreements(kb: KnowledgeBase, scenarios, rulings: dict | None = None,
                           pairs=None) -> list[ComputedDisagreement]:
    """Every scenario two books of one of ``pairs`` (default: the checked pair) rule
    differently, once per pair and topic the rulings name, pair by pair.  ``rulings``
    (from :func:`book_rulings`, or any mapping holding those keys) saves ruling the
    scenarios again.

    >>> from kb.knowledge.load import load_knowledge_base
    >>> kb = load_knowledge_base()
    >>> hand = load_scenario(kb.root + "/scenarios/case-c27-four-card-flop-stuck-cards.yaml")
    >>> [(d.topic, d.pair) for d in computed_disagreements(kb, [hand])]
    [('four-card-flop', ('rrop@v11', 'tda@2024'))]
    """
    pairs = (kb.books.checked,) if pairs is None else pairs
    if rulings is None:
        rulings = book_rulings(kb, scenarios, tuple(dict.fromkeys(b for p in pairs for b in p)))
    found = []
    for pair in pairs:
        for scenario in scenarios:
            left, right = (rulings[scenario.id, book] for book in pair)
            what = difference(left, right)
            for topic in dict.fromkeys(t for r in (left, right) for t in topics_of(r)):
                if what:
                    found.append(ComputedDisagreement(topic, scenario.id, scenario.path,
                                                      left, right, what))
    return found


def consecutive_pairs(kb: KnowledgeBase) -> tuple[tuple[str, str], ...]:
    """The pairs (earlier, later) of consecutive editions of one source that are both
    rulebooks of ``kb`` (published books and earlier editions, never a regulator's:
    :meth:`kb.knowledge.published.Books.previous`): by the published books' column order,
    each book's editions oldest first.  The disagreements computed between books are
    computed between a book's editions too.

    >>> from kb.knowledge.load import load_knowledge_base
    >>> consecutive_pairs(load_knowledge_base())[:3]
    (('tda@2024', 'tda@2026'), ('wsop@2022', 'wsop@2023'), ('wsop@2023', 'wsop@2024'))
    """
    books, pairs = kb.books, dict[tuple[str, str], None]()
    for book in (*books.ids, *books.earlier_ids):
        chain: list[tuple[str, str]] = []
        later, earlier = book, books.previous(book)
        while earlier is not None and len(chain) <= len(books.earlier_ids):   # no loop
            chain.append((earlier, later))
            later, earlier = earlier, books.previous(earlier)
        pairs.update(dict.fromkeys(reversed(chain)))
    return tuple(pairs)


def exercised_topics(kb: KnowledgeBase, scenarios, rulings: dict | None = None) -> set[str]:
    """The topics some scenario's ruling under either book of the checked pair names.

    >>> from kb.knowledge.load import load_knowledge_base
    >>> kb = load_knowledge_base()
    >>> hand = load_scenario(kb.root + "/scenarios/case-c27-four-card-flop-stuck-cards.yaml")
    >>> sorted(exercised_topics(kb, [hand]))
    ['four-card-flop']
    """
    rulings = rulings if rulings is not None else book_rulings(kb, scenarios)
    return {topic for s in scenarios for b in kb.books.checked
            for topic in topics_of(rulings[s.id, b])}


def topics_of(ruling: Ruling) -> tuple[str, ...]:
    """The topics a ruling names, every floor call's in order (earlier calls first).

    >>> from kb.rules.examples import ruling
    >>> topics_of(ruling("boxed-two-cards-during-deal"))
    ('boxed-cards',)
    """
    return tuple(dict.fromkeys(r.topic for r in (*ruling.calls, ruling) if r.topic))


def pair_outcome(left: Ruling, right: Ruling) -> tuple[str, tuple[str, ...]]:
    """What :func:`check_disagreements` needs of one scenario's rulings under the two
    books of the checked pair: how they differ (:func:`difference`, empty when they agree)
    and the topics either names (:func:`topics_of`, the left's first), small enough to
    keep between runs.

    >>> from kb.hand.scenario_file import load_scenario
    >>> from kb.knowledge.load import load_knowledge_base
    >>> from kb.rules.books import published_editions
    >>> kb = load_knowledge_base()
    >>> from kb.rules.engine import compare
    >>> hand = load_scenario(kb.root + "/scenarios/boxed-two-cards-during-deal.yaml")
    >>> rrop, tda = compare(kb, hand, published_editions(kb)[:2])
    >>> pair_outcome(rrop, rrop)[0]
    ''
    """
    return difference(left, right), tuple(dict.fromkeys((*topics_of(left),
                                                         *topics_of(right))))


def check_disagreements(kb: KnowledgeBase, scenarios) -> list[Problem]:
    """Declared against computed disagreements, on the topics scenarios exercise.  Raises
    :class:`~kb.hand.scenario.ScenarioError` for the first scenario whose events cannot be
    replayed.

    >>> from kb.knowledge.load import load_knowledge_base
    >>> kb = load_knowledge_base()
    >>> hand = load_scenario(kb.root + "/scenarios/case-c27-four-card-flop-stuck-cards.yaml")
    >>> check_disagreements(kb, [hand])
    []
    """
    if not kb.books.checked:
        return []
    rulings = book_rulings(kb, scenarios)
    return disagreement_problems(kb, scenarios, {
        s.id: pair_outcome(*(rulings[s.id, book] for book in kb.books.checked))
        for s in scenarios})


def disagreement_problems(kb: KnowledgeBase, scenarios, outcomes: dict[str, tuple]
                          ) -> list[Problem]:
    """:func:`check_disagreements` from each scenario's :func:`pair_outcome`, by id in
    ``outcomes``: a declared disagreement on a topic some scenario exercises that no
    scenario shows, then each scenario (by id) that shows one nobody declared.

    >>> from kb.knowledge.load import load_knowledge_base
    >>> kb = load_knowledge_base()
    >>> hand = load_scenario(kb.root + "/scenarios/case-c27-four-card-flop-stuck-cards.yaml")
    >>> disagreement_problems(kb, [hand], {hand.id: ("", ("four-card-flop",))})[0].message
    "declared disagreement on 'four-card-flop' ... but no scenario shows the books ruling differently; ..."
    """
    if not kb.books.checked:        # a data folder that compares no books checks none
        return []
    checked = [kb.source(kb.edition(book).source) for book in kb.books.checked]
    declared: dict[str, Disagreement] = {}
    for d in disagreements(kb):
        sources = {kb.provision(p).source for p in (d.left, d.right) if kb.has("provision", p)}
        if sources == {source.id for source in checked}:
            declared.setdefault(d.topic, d)
    exercised = {topic for s in scenarios for topic in outcomes[s.id][1]}
    shown = {topic for s in scenarios if outcomes[s.id][0] for topic in outcomes[s.id][1]}
    problems = [Problem(d.location, f"declared disagreement on {topic!r} ({d.left} differs "
                        f"from {d.right}) but no scenario shows the books ruling differently; "
                        "add a scenario that shows it, or remove the relation")
                for topic, d in sorted(declared.items())
                if topic in exercised and topic not in shown]
    by_scenario = {s.id: s for s in scenarios if outcomes[s.id][0] and outcomes[s.id][1]}
    names = [source.short or source.title for source in checked]
    for sid, scenario in sorted(by_scenario.items()):
        what, topics = outcomes[sid]
        if not any(topic in declared for topic in topics):
            problems.append(Problem(Location(scenario.path, 1), f"scenario {sid!r}: the "
                            f"books rule differently on {' / '.join(topics)} ({what}) but no "
                            f"differs-from relation between a {names[0]} and a {names[1]} "
                            "provision declares it for that topic; declare it, or fix the "
                            "scenario or a decider"))
    return problems
