"""Fairness on the site's pages (issue 25): a topic page's summary of which books'
remedies keep the deal random and which hand some seats knowledge of a card to come, and
a disagreement's line saying where the two books' remedies differ in fairness.

Both are docutils nodes inside a :class:`fair` container, which only the HTML builders
write: :class:`LeaveOut` takes it out of every other format's tree (the printed handbook
prints no fairness, to stay under its page limit).  Every value enters as a Text node.

>>> from fractions import Fraction
>>> from kb.fairness.report import Fairness, SeenCard
>>> seen = SeenCard("Kc", (0, 1), "scrambled", Fraction(3, 4), Fraction(23, 52), True)
>>> left = Fairness("x", "a", (), True, "", (), (), ())
>>> right = Fairness("x", "b", (seen,), True, "", (), (), ())
>>> print(difference(left, right, "RRoP", "TDA").astext())
Fairness: TDA hands a seen card to play (Kc, 3 times in 4 (75.0%)); RRoP does not.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.transforms.post_transforms import SphinxPostTransform

from kb.fairness.report import Fairness
from kb.fairness.text import odds
from kb.handbook.running import compat
from kb.handbook.views.cards import cards_node
from kb.handbook.views.fairness import percent


class fair(nodes.container):
    """Fairness shown on the site only (HTML writes it as the container it is)."""


class LeaveOut(SphinxPostTransform):
    """For every format but HTML (the printed handbook), each :class:`fair` node is
    taken out.  Runs before every other post-transform."""

    default_priority = 1

    def is_supported(self) -> bool:
        return compat.builder_class(self.env).format != "html"    # as Sphinx's own is_supported

    def run(self, **kwargs) -> None:
        for node in list(self.document.findall(fair)):
            node.parent.remove(node)


# -- a topic page --------------------------------------------------------------------------

def _players_know(record) -> bool:
    """Whether the remedy lets a player (not the dealer alone) know a card to come."""
    return any(seen.seen_by != (0,) for seen in record.flagged)


def topic_summary(hb, shown: list[str], names: dict[str, str]) -> fair:
    """Per rulebook (column order), over the scenarios ``shown``: in how many the remedy
    keeps the deal random, and in how many it lets some seats know a card to come (or
    keeps in a hand a card the other seats saw); which ones, each cell's note says (a
    list of titles here was 15 KB on a topic page already near its 300 KB).  A hand that
    cannot be replayed has no record and is counted out."""
    table = nodes.table(classes=["floorbook-fair-summary"])
    group = nodes.tgroup(cols=3)
    group += [nodes.colspec(colwidth=1) for _ in range(3)]
    group += nodes.thead("", _row("Rulebook", "Keeps the deal random",
                                  "Lets a seat know a card"))
    body = nodes.tbody()
    for book in hb.rulings.rulebooks:
        records = [r for r in (hb.fairness.get(sid, book.id) for sid in shown) if r]
        if records:
            out_of = f" of {len(records)}"
            body += _row(names.get(book.id, book.id),
                         f"{sum(r.keeps_random for r in records)}{out_of}",
                         f"{sum(_players_know(r) for r in records)}{out_of}")
    group += body
    table += group
    box = fair(classes=["floorbook-fair"])
    box += nodes.rubric("", "Is each book's remedy fair?")
    box += nodes.paragraph("", "Counted over this topic's scenarios; each cell's Fairness "
                               "note says which.")
    box += table
    return box


def _row(*values: str) -> nodes.row:
    row = nodes.row()
    for value in values:
        row += nodes.entry("", nodes.paragraph("", value))
    return row


# -- a disagreement --------------------------------------------------------------------------

def difference(left: Fairness | None, right: Fairness | None, left_name: str,
               right_name: str) -> fair:
    """One paragraph: where the two books' remedies differ in fairness (one keeps the deal
    random and the other does not; one hands a seen card to play; the chances after the
    remedy differ), or that they do not; "not worked out" for a missing record."""
    para = nodes.paragraph(classes=["floorbook-fair-differs"])
    para += nodes.strong("Fairness:", "Fairness:")
    if left is None or right is None:
        para += nodes.Text(" not worked out for this hand (it cannot be replayed).")
        return fair("", para)
    said: list[list[nodes.Node]] = []
    if left.keeps_random != right.keeps_random:
        keeps, not_ = (left_name, right_name) if left.keeps_random else (right_name, left_name)
        said.append([nodes.Text(f"{keeps} keeps the deal random; {not_} does not")])
    if bool(left.flagged) != bool(right.flagged):
        hands, other = (left, right_name) if left.flagged else (right, left_name)
        name = left_name if hands is left else right_name
        said.append([nodes.Text(f"{name} hands a seen card to play ("), *_cards(hands),
                     nodes.Text(f"); {other} does not")])
    moved = _chances_apart(left, right, left_name, right_name)
    if moved:
        said.append([nodes.Text(moved)])
    if not said:
        said.append([nodes.Text("the same under both: " + (
            "the deal stays random" if left.keeps_random else "the deal is not random")
            + (", and a seen card is handed to play" if left.flagged
               else ", and no seen card is handed to play"))])
    for number, words in enumerate(said):
        para += nodes.Text("; " if number else " ")
        para += words
    para += nodes.Text(".")
    return fair("", para)


def _cards(record: Fairness) -> list[nodes.Node]:
    """The flagged cards and how often they play: ``K♣ 10♥, 3 times in 4 (75.0%)``."""
    out: list[nodes.Node] = []
    by_odds: dict[str, list[str]] = {}
    for seen in record.flagged:
        by_odds.setdefault(odds(seen.reaches_play), []).append(seen.card)
    for number, (said, codes) in enumerate(by_odds.items()):
        if number:
            out.append(nodes.Text("; "))
        out += [cards_node(codes), nodes.Text(f", {said}")]
    return out


def _chances_apart(left: Fairness, right: Fairness, left_name: str, right_name: str) -> str:
    """The seat whose chance of winning after the remedy differs most between the books
    (half a percentage point or more, beyond both estimates' errors), in words; '' when
    none does or a side was not computed."""
    theirs = {c.seat: c for c in right.chances_after}
    pairs = [(c, theirs[c.seat]) for c in left.chances_after if c.seat in theirs]
    apart = [(a, b) for a, b in pairs
             if abs(float(a.win) - float(b.win)) >= max(0.005, 2 * (a.error + b.error))]
    if not apart:
        return ""
    a, b = max(apart, key=lambda p: (abs(float(p[0].win) - float(p[1].win)), -p[0].seat))
    return (f"seat {a.seat}'s chance of winning is {percent(a)} under {left_name}, "
            f"{percent(b)} under {right_name}")
