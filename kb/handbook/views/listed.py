"""The disagreements page past its first scenarios per topic and pair of books.

The page draws each scenario two books rule differently with both rulings side by side;
on a large knowledge base that redraws the matrices' rulings again (at 10x the bundled
data, 23.7 MB of HTML in one page, most of the build's peak memory).  So for each topic
and pair of books the first :data:`DRAWN` scenarios are drawn, and the others are listed,
each by its title linking its row in the topic's ruling matrix, where every book's ruling
is, and how the two books differ.  The page then grows by a line per scenario, not by two
rulings.  (The bundled handbook's page draws 281 of its 437 and lists 156; with ten drawn,
the 10x build still peaked past 400 MB.)
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import groupby

from docutils import nodes
from sphinx import addnodes

from kb.handbook.views.events import reader_title

#: Scenarios drawn side by side per topic and pair of books.
DRAWN = 5


def by_pair(computed: list) -> list[tuple[tuple[str, str], list]]:
    """A topic's computed disagreements (pair by pair, as
    :func:`kb.rules.disagreements.computed_disagreements` orders them), by pair."""
    return [(pair, list(group)) for pair, group in groupby(computed, key=lambda c: c.pair)]


def add_rest(f, table, rest: list, names: dict, anchor: Callable[..., str]) -> None:
    """List ``rest`` (one pair's disagreements past the drawn ones) in ``f``: each
    scenario's title linking its matrix row, with the id ``anchor(topic, scenario, pair)``
    that the index of disagreements links to, then how the books differ."""
    if not rest:
        return
    left, right = (names.get(book, book) for book in rest[0].pair)
    more, linked = ("1 more scenario", "linked to its row") if len(rest) == 1 else (
        f"{len(rest)} more scenarios", "each linked to its row")
    f.add(f"**{more}** on which {f.text(left)} and {f.text(right)} rule differently, "
          f"{linked} in the topic's ruling matrix (every book's ruling):", "")
    for c in rest:
        f.add(f"- {f.node(row_link(table, c, anchor))}: {f.text(c.difference)}")
        f.fingerprint.append((table.files[c.scenario], repr((c.left, c.right))))
    f.add("")


def row_link(table, c, anchor: Callable[..., str]) -> nodes.inline:
    """The title of ``c``'s scenario linking its row in ``c.topic``'s matrix (resolved by
    the domain's ``row`` references), in an inline with the disagreement's id."""
    title = reader_title(table.scenarios[c.scenario].title)
    link = addnodes.pending_xref("", nodes.inline(title, title), refdomain="rule",
                                 reftype="row", reftarget=f"{c.topic} {c.scenario}",
                                 refexplicit=True, refwarn=True)
    return nodes.inline("", "", link, ids=[anchor(c.topic, c.scenario, c.pair)])
