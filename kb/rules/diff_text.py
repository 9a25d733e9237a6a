"""The text of a rulings diff (:class:`kb.rules.ruling_diff.RulingsDiff`), answer first.

A reader wants to know first which rulings change for the table, then which rest on a
rewritten rule with the same outcome, then which rules only moved number.  So the text is
a count line, the rulings that change (each scenario's reader title, then each book's
answer with its remedy and citations, and the cards where those changed), the same
rulings under a revised or another rule (one line each), the renumbering as an old-to-new
map, and the scenarios a book could not rule.  A side resting on a rule not read in full
says so ("partial").
"""

from __future__ import annotations

from kb.rules.ruling_diff import ChangedRuling, RulingsDiff, Side

#: What a ruling's change is called when only the provision cited changed.
_SAME = "provision",


def format_diff(diff: RulingsDiff) -> str:
    """The text of ``diff``; ends without a newline.

    >>> from kb.rules.ruling_diff import RulingsDiff
    >>> print(format_diff(RulingsDiff("tda@2024", "tda@2026", (), (("35-A-7", "37-A-6"),),
    ...                               3, ())))
    tda@2024 -> tda@2026: no ruling changes; 3 scenarios ruled alike.
    <BLANKLINE>
    Renumbered (the same rule under a new number, not a change):
      35-A-7 -> 37-A-6
    """
    changes = [c for c in diff.changed if c.changed != _SAME]
    same = [c for c in diff.changed if c.changed == _SAME]
    parts = [_headline(diff, len(changes), len(same))]
    if changes:
        parts.append("\n".join(["Rulings that change:", *(_change(diff, c) for c in changes)]))
    if same:
        parts.append("\n".join(["The same ruling under a revised or another rule:",
                                *(f"- {c.title}: {_moved(c)}" for c in same)]))
    if diff.renumbered:
        parts.append("\n".join(["Renumbered (the same rule under a new number, not a change):",
                                *_columns([f"{a} -> {b}" for a, b in diff.renumbered])]))
    if diff.failed:
        parts.append("\n".join(["Not compared (a book could not rule the hand):",
                                *(f"- {sid}: {why}" for sid, why in diff.failed)]))
    return "\n\n".join(parts)


def _headline(diff: RulingsDiff, changes: int, same: int) -> str:
    counts = [_count(changes, "ruling changes", "rulings change") if changes
              else "no ruling changes"]
    if same:
        counts.append(_count(same, "rests on a revised or another rule",
                             "rest on a revised or another rule") + " with the same outcome")
    counts.append(_count(diff.unchanged, "scenario ruled alike", "scenarios ruled alike"))
    if diff.failed:
        counts.append(_count(len(diff.failed), "not compared", "not compared"))
    return f"{diff.earlier} -> {diff.later}: {'; '.join(counts)}."


def _count(number: int, one: str, many: str) -> str:
    return f"{number} {one if number == 1 else many}"


def _change(diff: RulingsDiff, change: ChangedRuling) -> str:
    """One changed ruling: its title and what changed, then each book's side."""
    lines = [f"- {change.title} ({', '.join(change.changed)})"]
    for book, side in ((diff.earlier, change.earlier), (diff.later, change.later)):
        lines.append(f"    {book}: {side.answer} {_basis(side)}")
        if "cards" in change.changed:
            lines.append(f"      cards: {side.cards or 'a new deal'}")
    if change.revised:
        lines.append(f"    {_moved(change)}")
    return "\n".join(lines)


def _basis(side: Side) -> str:
    """``(remedy; numbers cited; partial)``: what a side rests on."""
    cited = ", ".join(side.citations) or "no rule cited"
    sure = "" if side.confidence == "confirmed" else f"; {side.confidence}"
    return f"({side.remedy}; {cited}{sure})"


def _moved(change: ChangedRuling) -> str:
    """The rule a same ruling now rests on: revised (old -> new) or another rule."""
    if change.revised:
        return "rule revised: " + ", ".join(f"{a} -> {b}" if a != b else f"{a} rewritten"
                                            for a, b in change.revised)
    return (f"now under {', '.join(change.later.citations) or 'no rule'} instead of "
            f"{', '.join(change.earlier.citations) or 'no rule'}")


def _columns(items: list[str], width: int = 88) -> list[str]:
    """``items`` as lines of at most ``width`` characters, two spaces in, comma-joined."""
    lines, line = [], ""
    for item in items:
        if line and len(line) + len(item) + 4 > width:
            lines.append(f"  {line},")
            line = item
        else:
            line = f"{line}, {item}" if line else item
    return [*lines, f"  {line}"] if line else lines
