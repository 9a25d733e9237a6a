"""Every choice `floorbook rulebook new` writes adopts a whole position (issue 22, section 1).

For each base edition, the starter file is edited as an author edits it: one option's
commented lines (its ``adopt`` entry and the ``omit`` entries it names) are uncommented,
alone, then in a fixed sample of pairs and in the issue's three together.  Each composed
book must pass ``rulebook check`` (:func:`kb.house.check.check_house`, so that its checks
apply as they grow) and must not leave a bundled scenario to an uncited floor decision where
the chosen book decides it by a provision of that topic; and no scenario the base decides by
a provision is left to an uncited floor decision unless the choice omits that provision
explicitly (the chosen book is silent there, and the choice says so).

The published and bundled books' rulings are computed once per book and scenario; each
composed book rules every bundled scenario (about 240).  Not asserted: that the composed
book's remedy is the chosen book's on every scenario of the topic; a choice changes one
topic, and the misdeal cutoff and the time limits stay the base's (two folds end the right
to a misdeal under Robert's Rules, not under the TDA), so remedies may rightly differ.
"""

import random
import re
from dataclasses import dataclass
from functools import cache

import pytest

from kb.house.check import check_house
from kb.house.compose import compose
from kb.house.positions import chosen_books
from kb.house.spec import parse_house_text
from kb.house.starter import starter_text
from kb.knowledge.load import load_knowledge_base
from kb.rules.disagreements import load_scenarios
from kb.rules.engine import rule
from kb.rules.outcomes import Remedy
from kb.rules.rulebook import edition_rulebook

KB = cache(load_knowledge_base)
HEADER = re.compile(r"  # Option: rule (.*)\.$")
ADOPT = re.compile(r"  # (- topic: |  provisions: |  mode: )")
OMITS = re.compile(r"also uncomment under omit: at the end: (.+)\.\)$")
RIVALS = re.compile(r"\(Alternatives: this option and the options? (.+) state different rules")
RIVAL = re.compile(r"as (.+) under ([a-z0-9-]+)$")


@dataclass(frozen=True)
class Option:
    """One option of a starter file: its topic, the chosen book's title, the lines of its
    ``adopt`` entry and the provisions it omits with it."""

    topic: str
    title: str
    lines: tuple[int, ...]
    omits: tuple[str, ...]
    topics: tuple[str, ...] = ()        # every topic it adopts: its own and those it spans
    rivals: tuple[tuple[str, str], ...] = ()    # (title, topic) of the options it names

    def rival(self, other: "Option") -> bool:
        """Whether the starter says ``self`` and ``other`` are alternatives: they adopt
        one topic, or one names the other."""
        return bool(set(self.topics) & set(other.topics)) or (
            (other.title, other.topic) in self.rivals or (self.title, self.topic) in other.rivals)

    def __str__(self):
        return f"{self.topic} as {self.title}"


def options(text: str) -> list[Option]:
    """The options a starter file offers, read from its text."""
    found, lines = [], text.splitlines()
    for n, line in enumerate(lines):
        header = HEADER.match(line)
        if not header:
            continue
        block = []
        for m in range(n + 1, len(lines)):
            if not lines[m].startswith("  #   ") and not lines[m].startswith("  # - "):
                break
            block.append(m)
        adopt = tuple(m for m in block if ADOPT.match(lines[m]))
        if not adopt:
            continue                              # a book with no provision of its own
        topics = tuple(lines[m].partition("topic: ")[2] for m in adopt if "- topic: " in lines[m])
        omits = [OMITS.search(lines[m]) for m in block]
        title = next(s.title for s in KB().sources if f"as {s.title}" == header.group(1)
                     or header.group(1).endswith(f" as {s.title}"))
        rivals = [RIVALS.search(lines[m]) for m in block]
        found.append(Option(topics[0], title, adopt,
                            tuple(p for o in omits if o for p in o.group(1).split(", ")),
                            topics, tuple(RIVAL.match(r).groups() for found in rivals if found
                                          for r in found.group(1).split("; "))))
    return found


def uncomment(text: str, chosen: list[Option]) -> str:
    """``text`` with the lines of the ``chosen`` options uncommented, as an author does."""
    lines = text.splitlines()
    marked = {m for option in chosen for m in option.lines}
    for option in chosen:
        for pid in option.omits:
            at = lines.index(f"  # - provision: {pid}")
            marked |= {at, at + 1}
    return "\n".join(line.replace("  # ", "  ", 1) if n in marked else line
                     for n, line in enumerate(lines)) + "\n"


@cache
def books_by_title():
    """A source's title -> the rulebook an option "as that book" names: the published
    editions and the bundled house rulebooks (a regulator's edition is left out: it rules
    only what it governs, and its options are checked by ``rulebook check`` alone)."""
    kb = KB()
    books = {kb.source(kb.edition(b.deciders).source).title: edition_rulebook(kb, b.edition)
             for b in kb.books.rulebooks}
    for source, book in chosen_books(kb).items():
        if book.base and kb.has("source", source):
            books.setdefault(kb.source(source).title, book)
    return books


_RULED: dict = {}


def ruled(book, scenario):
    """The ruling of a published or bundled book, once per book and scenario."""
    key = (book.id, scenario.id)
    if key not in _RULED:
        _RULED[key] = rule(KB(), book, scenario)
    return _RULED[key]


def uncited_floor(ruling) -> bool:
    return ruling.remedy == Remedy.FLOOR_DECISION and not ruling.provisions


def problems(base: str, chosen: list[Option]) -> list[str]:
    """What is wrong with the book the starter on ``base`` composes with ``chosen``."""
    kb = KB()
    text = uncomment(starter_text(kb, base, "house.test@1", "Test"), chosen)
    spec = parse_house_text(text, "starter.yaml")
    found = [str(p) for p in check_house(kb, spec)]
    book, _ = compose(kb, spec)
    if found or book is None:
        return found
    original = edition_rulebook(kb, base)
    omitted = {o.provision for o in spec.omit}
    for scenario in load_scenarios():
        ours = rule(kb, book, scenario)
        for option in chosen:
            its = books_by_title().get(option.title)    # None: a source with no rulebook
            theirs = its and ruled(its, scenario)
            if theirs and uncited_floor(ours) and theirs.topic == option.topic and theirs.provisions:
                found.append(f"{scenario.id}: {option}: floor decision citing nothing, "
                             f"where the book cites {', '.join(theirs.provisions)}")
        before = ruled(original, scenario)
        if uncited_floor(ours) and before.provisions and not omitted & set(
                before.provisions):         # coverage lost, and the choice does not say so
            found.append(f"{scenario.id}: floor decision citing nothing, where the base "
                         f"cites {', '.join(ruled(original, scenario).provisions)}")
    return found


def _starter_options(base: str) -> list[Option]:
    return options(starter_text(KB(), base, "house.test@1", "Test"))


@pytest.mark.parametrize("base", load_knowledge_base().books.ids)
def test_every_single_choice_is_a_whole_position(base):
    every = _starter_options(base)
    assert len(every) > 20, "the starter offers the declared disagreements as options"
    wrong = {str(option): problems(base, [option]) for option in every}
    assert {k: v for k, v in wrong.items() if v} == {}


@pytest.mark.parametrize("base", load_knowledge_base().books.ids)
def test_a_sample_of_combined_choices(base):
    every = _starter_options(base)
    # options that adopt one topic, or that the starter names as alternatives, are not
    # taken together (as two options under one heading are not)
    pairs = [(a, b) for n, a in enumerate(every) for b in every[n + 1:] if not a.rival(b)]
    sample = random.Random(22).sample(pairs, 12)
    wrong = {f"{a} + {b}": problems(base, [a, b]) for a, b in sample}
    assert {k: v for k, v in wrong.items() if v} == {}


def test_the_issues_three_choices_together():
    """Boxed cards as Robert's Rules, a later hole card as the casino book, four-card flop
    as Robert's Rules, on tda@2024: the book the issue published rules three exposed cards
    a misdeal, as the TDA and the casino do, and states no TDA 35-A-1 beside Robert's."""
    kb = KB()
    every = _starter_options("tda@2024")
    wanted = {("boxed-cards", "Robert's Rules of Poker"), ("four-card-flop",
              "Robert's Rules of Poker"), ("exposed-later-hole-card", kb.source(
                  "house.casino").title)}
    three = [o for o in every if (o.topic, o.title) in wanted]
    assert len(three) == 3
    assert problems("tda@2024", three) == []
    spec = parse_house_text(uncomment(starter_text(kb, "tda@2024", "house.test@1", "Test"),
                                      three), "ours.yaml")
    book, _ = compose(kb, spec)
    exposed = next(s for s in load_scenarios() if s.id == "three-exposed-cards")
    ruling = rule(kb, book, exposed)
    assert (ruling.remedy, ruling.provisions[:1]) == ("misdeal", ("house.casino.exposed-misdeal",))
    assert not any("tda.misdeal.boxed-cards" in pids for pids in book.topics.values())


def test_linked_topics_are_one_option_and_overlapping_options_are_alternatives():
    """On tda@2024, burn errors as Robert's Rules brings flop burn errors (TDA 39-B would
    still rule a missed flop burn beside Robert's Hold'em 5), and the smaller option on
    flop burn errors alone is its alternative; the casino's four-card flop and premature
    flop are one option, named by its topics and pointed at from the other heading; boxed
    cards as Robert's Rules cannot be taken with misdeal causes as Robert's Rules, whose
    group holds it, and the starter says so."""
    every = _starter_options("tda@2024")
    rrop, casino = "Robert's Rules of Poker", KB().source("house.casino").title
    burn = next(o for o in every if (o.topic, o.title) == ("burn-errors", rrop))
    assert burn.topics == ("burn-errors", "flop-burn-errors")
    assert (rrop, "flop-burn-errors") in burn.rivals
    flop = next(o for o in every if (o.topic, o.title) == ("four-card-flop", casino))
    assert {"four-card-flop", "premature-flop"} <= set(flop.topics)
    text = starter_text(KB(), "tda@2024", "house.test@1", "Test")
    assert (f"  # As {casino}: taken together with four-card-flop, in the option under "
            "that heading: rule four-card flop, ") in text
    boxed = next(o for o in every if (o.topic, o.title) == ("boxed-cards", rrop))
    causes = next(o for o in every if (o.topic, o.title) == ("misdeal-causes", rrop))
    assert {"boxed-cards", "exposed-later-hole-card"} <= set(causes.topics)
    assert (rrop, "misdeal-causes") in boxed.rivals and boxed.rival(causes)
