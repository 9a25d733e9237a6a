"""The rulings compared between consecutive editions, as the pages show them: on an edition
page, beside its renumbering table, each scenario whose ruling changed from the previous
edition (:func:`kb.rules.ruling_diff.diff_rulings`: what the dealer does under each
edition, what changed, the deciding provisions); on the disagreements page, the
disagreements computed between each pair of consecutive editions, by topic, as between two
books.  Both read :attr:`kb.handbook.data.store.Handbook.editions`, worked out once per
build.

The changed rulings are a table, a row per scenario and a column per edition (a card per
row on a phone: floorbook-pages.css), with no picture of the cards: an edition page lists
every changed ruling, and the matrices already draw each.  A sphinx-design card per side
weighed 1.5 KB of HTML more per scenario: 169 changed rulings (the WSOP 2023 rules before
their numbers were in) took the WSOP 2024 page to 365 KB.
"""

from __future__ import annotations

from collections.abc import Collection

from docutils import nodes

from kb.handbook.views.events import reader_title
from kb.handbook.views.fragment import Fragment
from kb.knowledge import names
from kb.knowledge.vocabulary import Confidence
from kb.rules.books import resolve_rulebook
from kb.rules.ruling_diff import ChangedRuling, Side

#: What a changed ruling's ``changed`` is when only the deciding provision changed: the
#: same ruling, under a revised or another rule (as `floorbook diff` counts it).
SAME = ("provision",)

#: What each kind of change (:data:`kb.rules.ruling_diff.KINDS`) is called on the page.
CHANGED = {"remedy": "the remedy", "answer": "what the dealer does", "cards": "the cards",
           "provision": "the deciding provision"}


#: Changed rulings shown in full on an edition page (both answers, the deciding provisions
#: linked); past these, each is one line (its title, both answers, what changed).  An
#: edition that rewrote most rules must not take its page past 300 KB: 169 changed rulings
#: in full (the WSOP 2023 rules before their numbers were in) drew a 309 KB page.
FULL = 60


#: The id of the heading "Rulings that changed", the same on every edition page, so a
#: reader can link to it (``wsop-2024.html#rulings-changed``).  An id only, no name: a
#: name would be a Sphinx label, and one label on every edition page is a duplicate.
ANCHOR = "rulings-changed"


def add_changed_rulings(hb, f: Fragment, earlier: str, later: str,
                        shown: Collection[tuple[str, str]] = ()) -> None:
    """Add to ``f`` the rulings that changed from edition ``earlier`` to ``later`` (a line
    saying none changed, with the number of scenarios ruled; or that the two are not both
    rulebooks of the build, so nothing is ruled).  ``shown``: the (earlier, later) number
    pairs the page's renumbering table above holds."""
    old, new = (names.edition_short(hb.kb, e) for e in (earlier, later))
    diff = hb.editions.diff(later)
    f.add(f.node(nodes.rubric("", f"Rulings that changed from {old}", ids=[ANCHOR])), "")
    if diff is None:
        f.add(f"Not compared: {f.text(old)} and {f.text(new)} are not both rulebooks of "
              "this knowledge base, so no scenario is ruled under both.", "")
        return
    # as `floorbook diff` counts them (kb.rules.diff_text): a ruling whose only change is
    # the deciding provision is the same ruling, under a revised or another rule
    changes = [c for c in diff.changed if c.changed != SAME]
    moved = [c for c in diff.changed if c.changed == SAME]
    _summary(f, diff, (old, new), len(changes), len(moved))
    _renumbering(hb, f, diff, shown)
    full, rest = changes[:FULL], changes[FULL:]
    if full:
        _table(hb, f, full, (earlier, old), (later, new))
    if moved:
        f.add(f"The same ruling under a revised or another rule ({len(moved)}): what the "
              f"dealer does under {f.text(new)}, then the deciding provisions that differ, "
              f"under {f.text(old)} and under {f.text(new)}.", "")
        f.add(*(f"- **{f.text(c.title)}**: {f.text(c.later.answer)}. {f.text(old)}: "
                f"{_deciding(hb, f, c.earlier, earlier, c.later)}; {f.text(new)}: "
                f"{_deciding(hb, f, c.later, later, c.earlier)}." for c in moved), "")
    if rest:
        f.add(f"{len(rest)} more, each with what the dealer does under {f.text(old)}, then "
              f"under {f.text(new)} (`floorbook diff {earlier} {later}` lists them in full):",
              "")
        f.add(*(f"- **{f.text(c.title)}**: {f.text(c.earlier.answer)}; "
                f"{f.text(c.later.answer)} ({f.text(_what(c))})" for c in rest), "")
    for changed in diff.changed:
        f.fingerprint.append((hb.rulings.files.get(changed.scenario), repr(changed)))
    if diff.failed:
        f.add(f"Not compared ({len(diff.failed)}), a side could not rule the hand:", "")
        f.add(*(f"- {f.text(_title(hb, sid))}: {f.text(why)}" for sid, why in diff.failed))
        f.add("")
    f.fingerprint.append((diff.unchanged, diff.failed))


def _summary(f: Fragment, diff, books: tuple[str, str], changes: int, moved: int) -> None:
    """How many rulings change, how many keep the same ruling under a revised or another
    rule, how many scenarios are ruled alike: the counts of ``floorbook diff``."""
    old, new = books
    ruled = diff.unchanged + len(diff.changed)
    if not diff.changed:
        scenarios = "the 1 scenario" if ruled == 1 else f"each of the {ruled} scenarios"
        f.add(f"No ruling changed: {scenarios} of this knowledge base ruled under both is "
              f"ruled alike under {f.text(old)} and {f.text(new)}.", "")
        return
    counts = [_count(changes, "ruling changes", "rulings change") if changes
              else "no ruling changes"]
    if moved:
        counts.append(_count(moved, "keeps", "keep") + " the same ruling under a revised "
                      "or another rule")
    counts.append(_count(diff.unchanged, "scenario is", "scenarios are") + " ruled alike")
    f.add(f"From {f.text(old)} to {f.text(new)}, of the {ruled} scenarios of this "
          f"knowledge base ruled under both: {'; '.join(counts)}. For each change: what "
          "the dealer does under each edition, what changed, and the provisions that "
          "decide it.", "")


def _count(number: int, one: str, many: str) -> str:
    return f"{number} {one if number == 1 else many}"


def _renumbering(hb, f: Fragment, diff, shown: Collection[tuple[str, str]]) -> None:
    """Where the rules these rulings cite that only moved number are listed: the table
    above, or (a rule of a book the edition falls back to) here, by book."""
    if not diff.renumbered:
        return
    elsewhere = [pair for pair in diff.renumbered if pair not in set(shown)]
    if len(elsewhere) < len(diff.renumbered):
        f.add("A rule that only moved number is no change: see the renumbering above.", "")
    for edition, pairs in _books_numbering(hb.kb, diff.later, elsewhere).items():
        f.add(f"The rules these rulings cite from {f.text(edition)}, which this edition "
              f"falls back to, moved number too ({len(pairs)}, no change): "
              f"{f.text(', '.join(f'{a} → {b}' for a, b in pairs))}.", "")


def _books_numbering(kb, later: str, pairs: list[tuple[str, str]]
                     ) -> dict[str, list[tuple[str, str]]]:
    """``pairs`` (earlier number, later number) by the short name of the book the later
    rulebook cites that prints the later number (the first of its citation editions after
    itself that does; "another book" when none does)."""
    editions = resolve_rulebook(kb, later).citation_editions[1:]
    printed = {(n.edition, n.number) for p in kb.provisions for n in p.numbers}
    out: dict[str, list[tuple[str, str]]] = {}
    for a, b in pairs:
        for edition in editions:
            # the ruling diff names a fall-back book's numbers ("WSOP Live Action 228"):
            # the sentence names the book once, so its pairs are bare numbers
            prefix = names.source_short(kb, kb.edition(edition).source) + " "
            bare = (a.removeprefix(prefix), b.removeprefix(prefix))
            if (edition, bare[1]) in printed:
                out.setdefault(names.edition_short(kb, edition), []).append(bare)
                break
        else:
            out.setdefault("another book", []).append((a, b))
    return out


def _what(c: ChangedRuling) -> str:
    return "changed: " + ", ".join(CHANGED[kind] for kind in c.changed)


def _table(hb, f: Fragment, changed: list[ChangedRuling], *books: tuple[str, str]) -> None:
    """The rulings that changed, a row per scenario: its title and what changed, then a
    cell per edition (the edition named in it: on a phone each row is a card and the
    header row is hidden, floorbook-pages.css)."""
    f.add("```{list-table}", ":header-rows: 1", ":widths: 30 35 35",
          ":class: floorbook-listed floorbook-ruling-changes", "",
          "* - Scenario", *(f"  - {f.text(name)}" for _, name in books))
    for c in changed:
        f.add(f"* - {f.text(c.title)}", "", f"    {f.text(_what(c))}")
        for (book, name), side in zip(books, (c.earlier, c.later), strict=True):
            f.add(f"  - {f.text(name)}: **{f.text(side.answer)}**", "",
                  f"    {_facts(hb, f, side, book, c.changed)}")
    f.add("```", "")


def _facts(hb, f: Fragment, side: Side, book: str, changed: tuple[str, ...]) -> str:
    """The remedy, the cards after it (where they changed: a line per seat on every
    changed ruling would weigh the page down), the deciding provisions (linked, numbered
    as the edition prints them) and, when the reading is not confirmed, its confidence."""
    parts = [f"Remedy: {f.text(side.remedy)}."]
    if side.cards and "cards" in changed:
        parts.append(f"Cards after it: {f.text(side.cards)}.")
    parts.append(f"Decided by {_deciding(hb, f, side, book)}.")
    if side.confidence != Confidence.CONFIRMED.value:
        confidence = Confidence(side.confidence)
        parts.append(f"{{bdg-{names.CONFIDENCE_COLOUR[confidence]}}}`{confidence.value}`")
    return " ".join(parts)


def _deciding(hb, f: Fragment, side: Side, book: str, other: Side | None = None) -> str:
    """The provisions that decide ``side`` (those ``other`` does not cite, when given),
    linked, as ``book``'s edition numbers them; "no provision" when none is."""
    shown = [p for p in side.provisions if other is None or p not in other.provisions]
    if not shown:
        return "no provision (the floor decides)"
    return ", ".join(f.xref("prov", pid, title=_numbered(hb, pid, book)) for pid in shown)


def _numbered(hb, provision_id: str, book: str) -> str:
    """A deciding provision's link text: its title and the number ``book``'s edition
    prints, else the edition in force of a book it falls back to (WSOP 2022's Rule 129
    brings Live Action 2022, not 2024), else the first number it has."""
    provision = hb.kb.provision(provision_id)
    found = hb.kb.books.edition_book(book)
    editions = (book, *(found.falls_back_to if found else ()))
    number = next((n for e in editions for n in provision.numbers if n.edition == e),
                  provision.numbers[0] if provision.numbers else None)
    if number is None:
        return provision.title
    return f"{provision.title} ({names.edition_short(hb.kb, number.edition)} {number.number})"


def _title(hb, scenario_id: str) -> str:
    scenario = hb.rulings.scenarios.get(scenario_id)
    return reader_title(scenario.title) if scenario else scenario_id


def edition_disagreements(hb, *pair: str) -> Fragment:
    """With no ``pair``: a line when no two consecutive editions are both rulebooks (and,
    in the digest, the pairs there are).  With a pair (earlier, later): the disagreements
    computed between the two, by topic, each scenario with how the two differ; ValueError
    for a pair that is not two consecutive rulebook editions."""
    found, f = hb.editions, Fragment()
    if not pair:
        f.fingerprint.append(found.pairs)
        if not found.pairs:
            f.add("No two consecutive editions of a book are both rulebooks of this "
                  "knowledge base.", "")
        return f
    if pair not in found.pairs:
        raise ValueError(f"{' and '.join(pair)} are not consecutive rulebook editions")
    shown = found.of_pair(pair)
    f.add(f"Computed from the rulings of {f.xref('edition', pair[0])} and "
          f"{f.xref('edition', pair[1])} as between two books. The page of "
          f"{f.xref('edition', pair[1])} shows each changed ruling with what the dealer "
          "does under each edition and the provisions that decide it.", "")
    if not shown:
        f.add("No scenario is ruled differently.", "")
    by_topic: dict[str, list] = {}
    for c in shown:
        by_topic.setdefault(c.topic, []).append(c)
    for topic, group in by_topic.items():
        f.add(f"- {f.xref('topic', topic)}:")
        for c in group:
            f.add(f"  - {f.text(_title(hb, c.scenario))}: {f.text(c.difference)}")
            f.fingerprint.append((hb.rulings.files.get(c.scenario), repr((c.left, c.right))))
    f.add("")
    return f
