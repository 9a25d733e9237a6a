"""The rulings compared between consecutive editions, as the pages show them: on an edition
page, beside its renumbering table, each scenario whose ruling changed from the previous
edition (:func:`kb.rules.ruling_diff.diff_rulings`: what the dealer does under each
edition, what changed, the deciding provisions); on the disagreements page, the
disagreements computed between each pair of consecutive editions, by topic, as between two
books.  Both read :attr:`kb.handbook.data.store.Handbook.editions`, worked out once per
build.

A changed ruling is two cards side by side (one above the other on a phone, sphinx-design's
grid as the disagreements pages draw two rulings), no picture of the table: an edition
page lists every changed ruling, and the matrices already draw each.
"""

from __future__ import annotations

from kb.handbook.views.events import reader_title
from kb.handbook.views.fragment import Fragment
from kb.knowledge import names
from kb.knowledge.vocabulary import Confidence
from kb.rules.ruling_diff import ChangedRuling, Side

#: What each kind of change (:data:`kb.rules.ruling_diff.KINDS`) is called on the page.
CHANGED = {"remedy": "the remedy", "answer": "what the dealer does", "cards": "the cards",
           "provision": "the deciding provision"}


def add_changed_rulings(hb, f: Fragment, earlier: str, later: str) -> None:
    """Add to ``f`` the rulings that changed from edition ``earlier`` to ``later`` (a line
    saying none changed, with the number of scenarios ruled; or that the two are not both
    rulebooks of the build, so nothing is ruled)."""
    old, new = (names.edition_short(hb.kb, e) for e in (earlier, later))
    diff = hb.editions.diff(later)
    if diff is None:
        f.add(f"**Rulings:** not compared; {f.text(old)} and {f.text(new)} are not both "
              "rulebooks of this knowledge base, so no scenario is ruled under both.", "")
        return
    ruled = diff.unchanged + len(diff.changed)
    if not diff.changed:
        f.add(f"**Rulings that changed:** no ruling changed. Each of the {ruled} scenarios "
              f"of this knowledge base is ruled alike under {f.text(old)} and "
              f"{f.text(new)}.", "")
    else:
        f.add(f"**Rulings that changed:** {len(diff.changed)} of the {ruled} scenarios of "
              f"this knowledge base are ruled otherwise under {f.text(new)} than under "
              f"{f.text(old)} (a rule that only moved number is no change: see the "
              "renumbering). For each: what the dealer does under each edition, what "
              "changed, and the provisions that decide it.", "")
    moved = [c for c in diff.changed if c.changed == ("provision",)]
    for changed in diff.changed:
        if changed not in moved:
            _changed(hb, f, changed, (earlier, old), (later, new))
        f.fingerprint.append((hb.rulings.files.get(changed.scenario), repr(changed)))
    if moved:
        f.add(f"The same ruling, decided by another provision ({len(moved)}): what the "
              f"dealer does under {f.text(new)}, then the deciding provisions that differ, "
              f"under {f.text(old)} and under {f.text(new)}.", "")
        f.add(*(f"- {f.text(c.title)}: {f.text(c.later.answer)}. "
                f"{_deciding(hb, f, c.earlier, earlier, c.later)} "
                f"{_deciding(hb, f, c.later, later, c.earlier)}" for c in moved))
        f.add("")
    if diff.failed:
        f.add(f"Not compared ({len(diff.failed)}), a side could not rule the hand:", "")
        f.add(*(f"- {f.text(_title(hb, sid))}: {f.text(why)}" for sid, why in diff.failed))
        f.add("")
    f.fingerprint.append((diff.unchanged, diff.failed))


def _changed(hb, f: Fragment, c: ChangedRuling, *books: tuple[str, str]) -> None:
    """One changed ruling: its title and what changed, then a card per edition."""
    what = ", ".join(CHANGED[kind] for kind in c.changed)
    f.add(f"{f.text(c.title)}: {f.text('changed ' + what)}.", "",
          "::::{grid} 1 2 2 2", ":gutter: 2", ":class-container: floorbook-ruling-change", "")
    for (book, name), side in zip(books, (c.earlier, c.later), strict=True):
        f.add(f":::{{grid-item-card}} {f.text(name)}", ":class-card: floorbook-book", "",
              f"**{f.text(side.answer)}**", "", _facts(hb, f, side, book, c.changed), "",
              ":::", "")
    f.add("::::", "")


def _facts(hb, f: Fragment, side: Side, book: str, changed: tuple[str, ...]) -> str:
    """The remedy, the cards after it (where they changed: a line per seat, on every
    changed ruling, would weigh down the page), the deciding provisions (linked, numbered
    as the edition prints them) and, when the reading is not confirmed, its confidence."""
    parts = [f"Remedy: {f.text(side.remedy)}."]
    if side.cards and "cards" in changed:
        parts.append(f"Cards after: {f.text(side.cards)}.")
    parts.append(_deciding(hb, f, side, book))
    if side.confidence != Confidence.CONFIRMED.value:
        confidence = Confidence(side.confidence)
        parts.append(f"{{bdg-{names.CONFIDENCE_COLOUR[confidence]}}}`{confidence.value}`")
    return " ".join(parts)


def _deciding(hb, f: Fragment, side: Side, book: str, other: Side | None = None) -> str:
    """The provisions that decide ``side`` (those ``other`` does not cite, when given),
    linked, as ``book``'s edition numbers them."""
    shown = [p for p in side.provisions if other is None or p not in other.provisions]
    if not shown:
        return f"{f.text(names.edition_short(hb.kb, book))}: no provision decides it."
    return f"{f.text(names.edition_short(hb.kb, book))}: " + ", ".join(
        f.xref("prov", pid, title=_numbered(hb, pid, book)) for pid in shown) + "."


def _numbered(hb, provision_id: str, book: str) -> str:
    """A deciding provision's link text: its title and the number ``book``'s edition
    prints (else the first number it has: a provision of a book it falls back to)."""
    provision = hb.kb.provision(provision_id)
    number = next((n for n in provision.numbers if n.edition == book),
                  provision.numbers[0] if provision.numbers else None)
    if number is None:
        return provision.title
    return f"{provision.title} ({names.edition_short(hb.kb, number.edition)} {number.number})"


def _title(hb, scenario_id: str) -> str:
    scenario = hb.rulings.scenarios.get(scenario_id)
    return reader_title(scenario.title) if scenario else scenario_id


def edition_disagreements(hb) -> Fragment:
    """The disagreements computed between consecutive editions: per pair (earlier edition
    first) the topics, and under each the scenarios the two rule differently, each with
    how they differ; a line when no two consecutive editions are both rulebooks."""
    found, f = hb.editions, Fragment()
    if not found.pairs:
        f.add("No two consecutive editions of a book are both rulebooks of this knowledge "
              "base.", "")
    for pair in found.pairs:
        old, new = (names.edition_short(hb.kb, e) for e in pair)
        shown = found.of_pair(pair)
        f.add(f"```{{rubric}} {f.text(old)} to {f.text(new)}", "```", "",
              f"Computed as between two books, from the rulings of {f.xref('edition', pair[0])}"
              f" and {f.xref('edition', pair[1])}; each changed ruling with both answers: "
              f"the page of {f.xref('edition', pair[1])}.", "")
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
