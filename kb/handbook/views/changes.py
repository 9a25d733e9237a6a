"""An edition page's "What changed" section: the edition diff of
:func:`kb.knowledge.diff.edition_diff` against the source's previous edition (by year), and
the scenarios the two editions' rulebooks rule differently
(:mod:`kb.handbook.views.rulingchanges`).  Nothing here is written per
edition: any later edition in the data gets its section."""

from __future__ import annotations

from kb.handbook.views.fragment import Fragment
from kb.handbook.views.rulingchanges import add_changed_rulings
from kb.knowledge import names
from kb.knowledge.diff import Change, edition_diff, previous_edition


def add_changes(hb, f: Fragment, edition_id: str) -> None:
    """Add to ``f`` what changed in ``edition_id`` from the previous edition of its source:
    the provisions revised, added, removed and renumbered, then the rulings that changed
    (:mod:`kb.handbook.views.rulingchanges`); a line when there is no previous edition."""
    earlier = previous_edition(hb.kb, edition_id)
    if earlier is None:
        source = hb.kb.source(hb.kb.edition(edition_id).source)
        f.add("```{rubric} What changed", "```", "",
              f"No earlier edition of {f.text(source.short or source.title)} is in this "
              "knowledge base: there is no previous edition to compare with.", "")
        return
    diff = edition_diff(hb.kb, earlier, edition_id)
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
    add_changed_rulings(hb, f, earlier, edition_id, {
        (c.earlier[0][1], c.later[1]) for c in diff.renumbered if c.later is not None})


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
