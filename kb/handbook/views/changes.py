"""An edition page's "What changed" section: the edition diff of
:func:`kb.knowledge.diff.edition_diff` against the source's previous edition (by year), and
the scenarios the two editions' rulebooks rule differently.  Nothing here is written per
edition: any later edition in the data gets its section."""

from __future__ import annotations

from kb.handbook.views.events import reader_title
from kb.handbook.views.fragment import Fragment
from kb.knowledge import names
from kb.knowledge.diff import Change, edition_diff, previous_edition
from kb.rules.disagreements import difference


def add_changes(hb, f: Fragment, edition_id: str) -> None:
    """Add to ``f`` what changed in ``edition_id`` from the previous edition of its source;
    nothing when there is none or nothing changed."""
    earlier = previous_edition(hb.kb, edition_id)
    if earlier is None:
        return
    diff = edition_diff(hb.kb, earlier, edition_id)
    if not diff:
        return
    # short names ("TDA 2024"): the change tables' header cells are a phone's third each
    old, new = (names.edition_short(hb.kb, e) for e in (earlier, edition_id))
    f.add(f"```{{rubric}} What changed from {f.text(old)}", "```", "",
          f"Computed from the knowledge base: each provision's numbers in "
          f"{f.xref('edition', earlier)} and {f.xref('edition', edition_id)} and the "
          f"provisions that revise earlier ones. {diff.unchanged} provisions keep their "
          f"number, {len(diff.renumbered)} are renumbered, {len(diff.revised)} revised, "
          f"{len(diff.added)} added and {len(diff.removed)} removed.", "")
    _revised(f, diff.revised, old, new)
    _listed(f, "Added", diff.added, lambda c: c.later)
    _listed(f, "Removed", diff.removed, lambda c: c.earlier[0])
    _renumbered(f, diff.renumbered, old, new)
    _rulings(hb, f, earlier, edition_id, old, new)


def _revised(f: Fragment, changes: tuple[Change, ...], old: str, new: str) -> None:
    if not changes:
        return
    _table_head(f, "**Revised** (the later provision rules in place of the earlier):", old, new,
                "What changed")
    for c in changes:
        assert c.later is not None  # a revised provision is in the later edition
        before = "; ".join(f"{f.text(n)} {f.xref('prov', pid)}" for pid, n in c.earlier)
        f.add(f"* - {before}", f"  - {f.text(c.later[1])} {f.xref('prov', c.later[0])}",
              f"  - {f.markdown(c.point)}")
    f.add("```", "")


def _table_head(f: Fragment, heading: str, old: str, new: str, third: str) -> None:
    """A change table's heading and header row: the earlier edition, the later, ``third``."""
    f.add(heading, "", "```{list-table}", ":header-rows: 1", ":widths: 20 20 60", "",
          f"* - {f.text(old)}", f"  - {f.text(new)}", f"  - {third}")


def _listed(f: Fragment, label: str, changes: tuple[Change, ...], pair) -> None:
    if not changes:
        return
    f.add(f"**{label}:**", "")
    for change in changes:
        pid, number = pair(change)
        f.add(f"- {f.text(number)} {f.xref('prov', pid)}")
    f.add("")


def _renumbered(f: Fragment, changes: tuple[Change, ...], old: str, new: str) -> None:
    if not changes:
        return
    _table_head(f, "**Renumbered** (same rule, new number):", old, new, "Provision")
    for c in changes:
        assert c.later is not None  # a renumbered provision is in the later edition
        f.add(f"* - {f.text(c.earlier[0][1])}", f"  - {f.text(c.later[1])}",
              f"  - {f.xref('prov', c.later[0])}")
    f.add("```", "")


def _rulings(hb, f: Fragment, earlier: str, later: str, old: str, new: str) -> None:
    """The scenarios whose rulings differ between the two editions' rulebooks (when both
    are published and ruled in this build)."""
    table = hb.rulings
    books = {b.id for b in table.rulebooks}
    if earlier not in books or later not in books:
        return
    differing = []
    for sid, scenario in table.scenarios.items():
        a, b = table.rulings[sid, earlier], table.rulings[sid, later]
        what = difference(a, b)
        if what:
            differing.append((scenario, a, b, what))
            f.fingerprint.append((table.files[sid], repr((a, b))))
    f.add("**Rulings that changed:** " + (
        f"{len(differing)} scenarios of this knowledge base are ruled differently "
        f"under {f.text(old)} and {f.text(new)}." if differing else
        "no scenario of this knowledge base is ruled differently."), "")
    for scenario, _, b, what in differing:
        topic = f" ({f.xref('topic', b.topic)})" if b.topic else ""
        cited = ", ".join(c.number for c in b.citations)
        f.add(f"- {f.text(reader_title(scenario.title))}{topic}: {f.text(what)}"
              + (f"; {f.text(new)} cites {f.text(cited)}" if cited else "") + ".")
    f.add("")
