"""``{house:precedents}``: the page "Precedents" of a house rulebook's site, from a
decision log (``floorbook rulebook build FILE --log DIR [--no-names]``).

Each decision of the log beside the book's ruling of its hand, grouped by the ruling's
topic in the knowledge base's floor order (decisions the book rules on no topic close the
page).  A decision where the floor ruled otherwise than the book carries the class
``floorbook-departure`` and says so in words; a situation (game, irregularity, timing)
ruled two ways is listed first, and each of its decisions carries the class
``floorbook-ruled-two-ways``.  With ``floorbook_house_names`` false, every floor person is
"a floor person", in the texts from the log too, by full name or any word of 3 letters
or more of it (:func:`hider`); a table is no name and stays.

Everything from the log (the hand's title, the floor's name, what was said, the note)
becomes a :class:`docutils.nodes.Text` node: the writer escapes it, and nothing parses it
as MyST or HTML, so a note with ``<script>`` or ``**bold**`` reads as those characters.

>>> _situation(("holdem", "flop-too-many-cards", "flop"))
'flop-too-many-cards (holdem; flop)'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import partial

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from kb.decisions.model import CheckedDecision, LogReport, Situation
from kb.handbook.house import nodes as hn
from kb.handbook.house.scenarios import shown_name
from kb.handbook.house.store import published
from kb.knowledge.model import KnowledgeBase

#: The floor person's name on a page built with ``--no-names``.
NO_NAME = "a floor person"


class PrecedentsDirective(SphinxDirective):
    """``{house:precedents}``: the page, from the log the build checked
    (:attr:`kb.handbook.house.store.Published.log`)."""

    def run(self) -> list[nodes.Node]:
        house = published(self.env)
        report = house.log
        assert report is not None       # the page is written only with a log (publish)
        names = self.config.floorbook_house_names
        book = partial(shown_name, house)
        hide = None if names else hider(e.decision.floor for e in report.entries)
        page = hn.section("precedents", "Precedents", _intro(report))
        # a situation is compared within one rulebook (kb.decisions.check): mark the
        # entries of the groups found, not every entry of the same situation
        two_ways = {e.decision.file for _, group in report.inconsistent for e in group}
        if report.inconsistent:
            page += _inconsistent(report, hide, book)
        for anchor, title, entries in by_topic(house.kb, report):
            part = hn.section(anchor, title)
            for entry in entries:
                part += _decision(entry, hide, entry.decision.file in two_ways, book)
            page += part
        return [page]


def _intro(report: LogReport) -> nodes.paragraph:
    count, gone = len(report.entries), len(report.departures)
    return hn.para(f"{count} decision{'s' if count != 1 else ''} of our floor, each beside "
                   "what the rulebook in force rules for the same hand, by topic. "
                   f"{gone} {'departs' if gone == 1 else 'depart'} from the book (marked "
                   f"“Departure”); {len(report.inconsistent)} situation"
                   f"{'s were' if len(report.inconsistent) != 1 else ' was'} ruled two "
                   "ways by our floor (marked “Ruled two ways”).")


def by_topic(kb: KnowledgeBase, report: LogReport
             ) -> list[tuple[str, str, list[CheckedDecision]]]:
    """The entries of ``report`` grouped by their ruling's topic, as ``(anchor, title,
    entries)`` in the knowledge base's floor order; entries on no topic (or one the
    knowledge base does not hold) last, under "Other decisions"."""
    groups: dict[str | None, list[CheckedDecision]] = {}
    known = {topic.id for topic in kb.topics}
    for entry in report.entries:
        topic = entry.ruling.topic if entry.ruling.topic in known else None
        groups.setdefault(topic, []).append(entry)
    found = [(f"precedents-{t.id}", t.title, groups[t.id]) for t in kb.topics
             if t.id in groups]
    if None in groups:
        found.append(("precedents-other", "Other decisions", groups[None]))
    return found


def hider(names: Iterable[str]) -> Callable[[str], str]:
    """A function that writes each of ``names`` (the log's floor people), and each word of
    3 letters or more of one, wherever it stands in a text as a whole word (case as
    written), as :data:`NO_NAME`: a note that says "as Sam did" names "Sam R." too.  A
    shorter word (an initial, "R.") alone is left, as it names no one.

    >>> hider(["Sam R."])("Ruled as Sam R. and Sam did; Samantha agreed.")
    'Ruled as a floor person and a floor person did; Samantha agreed.'
    """
    whole = {name.strip() for name in names if name.strip()}
    words = {word for name in whole for word in re.findall(r"\w+", name) if len(word) >= 3}
    found = sorted(whole | words, key=len, reverse=True)    # "Sam R." before "Sam"
    if not found:
        return lambda text: text
    pattern = re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, found)) + r")(?!\w)")
    return lambda text: pattern.sub(NO_NAME, text)


def _inconsistent(report: LogReport, hide: Callable[[str], str] | None,
                  book: Callable[[str], str]) -> nodes.section:
    section = hn.section("ruled-two-ways", "Situations ruled two ways",
                         hn.para("The same situation (game, irregularity, timing) under "
                                 "the same rulebook, ruled with different remedies:"))
    items = nodes.bullet_list(classes=["floorbook-ruled-two-ways"])
    for situation, entries in report.inconsistent:
        ways = "; ".join(f"{_who(e, hide)} ruled {e.decision.remedy} on {e.decision.date}"
                         for e in entries)
        under = book(entries[0].rulebook or entries[0].decision.rulebook)
        items += nodes.list_item("", hn.para(hn.strong(_situation(situation)),
                                             f" under {under}: {ways}."))
    section += items
    return section


def _situation(situation: Situation) -> str:
    game, irregularity, timing = situation
    return f"{irregularity} ({game}; {timing})"


def _who(entry: CheckedDecision, hide: Callable[[str], str] | None) -> str:
    return entry.decision.floor if hide is None else NO_NAME


def _decision(entry: CheckedDecision, hide: Callable[[str], str] | None, two_ways: bool,
              book: Callable[[str], str]) -> nodes.container:
    """One decision: the hand, when and who, what the floor ruled and said, the book's
    ruling with its citations (the book named by ``book``, "our rules" for ours), the
    marks, and the note; ``hide``: the floor people's names written out of the texts, or
    None to keep them."""
    told = hide or (lambda text: text)
    d = entry.decision
    classes = ["floorbook-precedent"] + (["floorbook-departure"] if not entry.agrees else []) \
        + (["floorbook-ruled-two-ways"] if two_ways else [])
    box = nodes.container(classes=classes)
    title = d.scenario.title if d.scenario else d.file
    box += hn.para(hn.strong(told(title)), f" — {d.date}, table {d.table}, {_who(entry, hide)}")
    floor = hn.para(hn.strong("The floor ruled: "), d.remedy,
                    classes=("floorbook-precedent-floor",))
    if d.said:
        floor += nodes.Text(f"; said to the table: “{told(d.said)}”")
    box += floor
    cites = "; ".join(entry.citations) or "no provision"
    ruled_by = book(entry.rulebook or d.rulebook)
    box += hn.para(hn.strong(f"{ruled_by[:1].upper()}{ruled_by[1:]}: "),
                   f"{entry.answer or entry.book_remedy} ({cites}).",
                   classes=("floorbook-precedent-book",))
    if not entry.agrees:
        box += hn.para(hn.strong("Departure: "), f"the book rules {entry.book_remedy}, "
                       f"the floor ruled {d.remedy}.", classes=("floorbook-departure-note",))
    if two_ways:
        box += hn.para(hn.strong("Ruled two ways: "), "this situation was ruled otherwise "
                       "at another call (listed at the top of the page).")
    if d.note:
        box += hn.para(hn.strong("Note: "), told(d.note), classes=("floorbook-precedent-note",))
    return box
