"""The views of scenario rulings, as fragments: a topic's ruling matrix and the
disagreements page computed from the rulings.

Each function takes the build's :class:`~kb.handbook.data.store.Handbook` (whose
``rulings`` were computed once at ``builder-inited``) and returns a
:class:`~kb.handbook.views.fragment.Fragment` whose digest covers the scenario files' contents
and the rulings shown, so an edit of one scenario re-renders exactly the pages showing it.
"""

from __future__ import annotations

import hashlib

from docutils import nodes
from sphinx import addnodes

from kb.handbook.data.rulings import SEED
from kb.handbook.views import cellnode, cells, chooser, fairness, fairness_pages, listed
from kb.handbook.views.chooser import column_names
from kb.handbook.views.events import reader_title
from kb.handbook.views.fragment import Fragment
from kb.knowledge.graph import disagreements
from kb.rules.answer import books_differ
from kb.rules.outcomes import Remedy


def _header(hb, book_id: str, name: str) -> nodes.Node:
    """A column's header: the rulebook's name, linked to its edition page if it has one."""
    if not hb.kb.has("edition", book_id):
        title = next(b.title for b in hb.rulings.rulebooks if b.id == book_id)
        return nodes.abbreviation(name, name, explanation=title) if title != name \
            else nodes.Text(name)
    return addnodes.pending_xref("", nodes.inline(name, name), refdomain="rule",
                                 reftype="edition", reftarget=book_id, refexplicit=True,
                                 refwarn=True)


def _entry(*children: nodes.Node) -> nodes.entry:
    return nodes.entry("", *children)


def _matrix_table(hb, shown: list[str], names: dict[str, str]) -> nodes.table:
    """The matrix as one table node: a header row of rulebooks, then a row per scenario
    with the id ``ruling-<scenario id>`` (:func:`kb.handbook.views.cells.row_anchor`), so a
    link can land on the row.  Built as nodes, not a MyST list-table, because a
    list-table's rows cannot carry ids."""
    table = hb.rulings
    columns = 1 + len(table.rulebooks)
    group = nodes.tgroup(cols=columns)
    group += [nodes.colspec(colwidth=1) for _ in range(columns)]
    header = nodes.row()
    header += _entry(nodes.paragraph("", "Scenario"))
    header += [_entry(nodes.paragraph("", "", _header(hb, b.id, names[b.id])))
               for b in table.rulebooks]
    group += nodes.thead("", header)
    body = nodes.tbody()
    for sid in shown:
        row = table.row(sid)
        seats = cells.shown_seats(row)
        line = nodes.row(ids=[cells.row_anchor(sid)])
        line += _entry(cells.title_link(table.scenarios[sid], differs(table, sid)))
        drawn: dict[tuple, tuple[str, str]] = {}    # the cards drawn once per row
        notes = {r.rulebook: fairness.note(hb.fairness.get(sid, r.rulebook), cells.misdeal(r),
                                           r.remedy == Remedy.FLOOR_DECISION)
                 for r in row}
        said: dict[tuple, tuple[str, str]] = {}     # each fairness note written once too
        for r in row:
            lines = () if cells.misdeal(r) else tuple(cells.card_lines(r, seats))
            name = (r.rulebook, names.get(r.rulebook, r.rulebook))
            first = drawn.setdefault(lines, name)
            same_as = first if lines and first[0] != r.rulebook else ()
            note_first = said.setdefault(notes[r.rulebook], name)
            line += _entry(cells.ruling_cell(
                r, seats, names.get, names.get(r.rulebook, ""), table.unread(sid, r.rulebook),
                same_as=same_as, note=notes[r.rulebook],
                note_same=bool(same_as) and notes[first[0]] == notes[r.rulebook],
                note_as=note_first if notes[r.rulebook] and note_first != name else ()))
        body += line
    group += body
    return nodes.table("", group, classes=["floorbook-matrix"])


def differs(table, scenario_id: str) -> str:
    """How the books differ on a scenario, in a few words: the checked pair's difference
    (:meth:`kb.handbook.data.rulings.RulingTable.differs`), else, where every book gives
    the same remedy but their dealers do different things
    (:func:`kb.rules.answer.books_differ`), that; '' when neither."""
    return table.differs(scenario_id) or (
        "the same remedy, but the dealer does different things"
        if books_differ(table.row(scenario_id)) else "")


def showing(table, topic: str) -> list[str]:
    """The ids of the scenarios whose ruling under some rulebook, at any of its floor
    calls, names ``topic`` (:meth:`kb.handbook.data.rulings.RulingTable.showing`)."""
    return table.showing(topic)


def matrix_digest(hb, topic_id: str) -> str:
    """The digest of :func:`matrix_body`'s fragment, from what it is made of (the topic,
    the columns' names, each shown scenario's file and rulings), without building it:
    deciding which pages are outdated must not cost a build of every matrix.  KeyError
    for an unknown topic."""
    hb.kb.topic(topic_id)
    table = hb.rulings
    shown = showing(table, topic_id)
    made_of = (topic_id, SEED, sorted(column_names(hb).items()) if shown else (),
               [(sid, table.row_digest(sid)) for sid in shown])
    return hashlib.sha1(repr(made_of).encode()).hexdigest()


def matrix_body(hb, topic_id: str) -> Fragment:
    """A topic's ruling matrix: a row per scenario whose ruling (under any rulebook) names
    the topic, a column per published rulebook; then each scenario's heading, events and
    explanations.  Empty when no scenario shows the topic; KeyError for an unknown topic."""
    hb.kb.topic(topic_id)
    table, f = hb.rulings, Fragment()
    shown = showing(table, topic_id)
    if not shown:
        return f
    names = column_names(hb)
    f.add("```{rubric} How each rulebook rules the scenarios", "```", "",
          f"Every scenario of the knowledge base that raises this topic, ruled by each "
          f"published rulebook; random steps use seed {SEED}. A "
          "{bdg-danger}`books differ` row is one where Robert's Rules v11 and TDA 2024 "
          "rule differently, or where every book gives the same remedy but the dealer "
          "does different things. Each cell leads with what the dealer does; a misdeal "
          "draws no cards, since the new deal is not known until it is dealt.", "")
    f.add(f.node(chooser.chooser_node()), "", f.node(_matrix_table(hb, shown, names)), "",
          f.node(fairness_pages.topic_summary(hb, shown, names)), "")
    f.fingerprint.extend((table.files[sid], repr(table.row(sid))) for sid in shown)
    f.add("```{rubric} The scenarios", "```", "")
    earlier: dict = {}       # each explanation given once on the page
    for sid in shown:
        _scenario_section(f, table, sid, names, earlier)
    return f


def _scenario_section(f: Fragment, table, sid: str, names: dict, earlier: dict) -> None:
    scenario = table.scenarios[sid]
    heading, about = cells.scenario_heading(scenario, differs(table, sid))
    said = cells.explanations(table.row(sid), names, earlier, (sid, reader_title(scenario.title)))
    folded = cellnode.why("", nodes.paragraph("", "Why each rulebook rules so"), said,
                          classes=["floorbook-why"])
    f.add(f.node(heading), "", f.node(about), "", f.node(folded), "")


def declared_by_topic(hb) -> dict[str, list]:
    """Topic id -> the declared disagreements on it, in the knowledge base's order."""
    declared: dict[str, list] = {}
    for d in disagreements(hb.kb):
        declared.setdefault(d.topic, []).append(d)
    return declared


def computed_by_topic(table) -> dict[str, list]:
    """Topic id -> the disagreements the rulings of ``table`` show on it."""
    computed: dict[str, list] = {}
    for c in table.computed:
        computed.setdefault(c.topic, []).append(c)
    return computed


def disputed_topics(hb) -> list[str]:
    """The ids of the topics the disagreements pages show, in order: those the rulings
    show a disagreement on, and those with a declared one that some scenario exercises."""
    declared, computed = declared_by_topic(hb), computed_by_topic(hb.rulings)
    exercised = hb.rulings.exercised()
    return [t.id for t in hb.kb.topics
            if t.id in computed or (t.id in declared and t.id in exercised)]


def computed_body(hb, *skip: str) -> Fragment:
    """Disagreements shown by scenarios: per topic (but those in ``skip``, which have
    pages of their own) the declared points and the scenarios on which the two compared
    books rule differently, both outcomes side by side."""
    f = Fragment()
    if not hb.rulings.computed:
        f.add("No scenario shows the books ruling differently.", "")
    for topic in disputed_topics(hb):
        if topic not in skip:
            _topic_section(f, hb, topic)
    return f


def topic_disagreements(hb, topic: str) -> Fragment:
    """One topic's disagreements shown by scenarios, as :func:`computed_body` shows each
    topic (a line saying there are none when the rulings show none and none is
    declared); KeyError for an unknown topic."""
    hb.kb.topic(topic)
    f = Fragment()
    f.add(f"The topic, each book's answer and its ruling matrix: {f.xref('topic', topic)}.",
          "")
    if topic in disputed_topics(hb):
        _topic_section(f, hb, topic, heading=False)
    else:
        f.add("The rulings of the scenarios show no disagreement on this topic.", "")
    return f


def computed_digest(hb, *skip: str) -> str:
    """The digest of :func:`computed_body`'s fragment, from what it is made of (the
    topics in order, the declared disagreements, the computed ones with their
    scenarios' files and rulings, the columns' names), without building it."""
    return _digest_of_topics(hb, lambda topic: topic not in skip)


def topic_digest(hb, topic: str) -> str:
    """The digest of :func:`topic_disagreements`'s fragment, as :func:`computed_digest`."""
    hb.kb.topic(topic)
    return _digest_of_topics(hb, lambda t: t == topic)


def _digest_of_topics(hb, wanted) -> str:
    table = hb.rulings
    made_of = ([t.id for t in hb.kb.topics if wanted(t.id)],
               repr([d for d in disagreements(hb.kb) if wanted(d.topic)]),
               sorted(t for t in table.exercised() if wanted(t)),
               sorted(column_names(hb).items()),
               [(c.topic, c.pair, c.difference, table.row_digest(c.scenario),
                 repr((c.left, c.right))) for c in table.computed if wanted(c.topic)])
    return hashlib.sha1(repr(made_of).encode()).hexdigest()


def textual_body(hb) -> Fragment:
    """The declared disagreements on topics no scenario exercises, by topic."""
    f, declared, exercised = Fragment(), declared_by_topic(hb), hb.rulings.exercised()
    for topic in hb.kb.topics:
        if topic.id in declared and topic.id not in exercised:
            f.add(f"```{{rubric}} {f.xref('topic', topic.id)}", "```", "")
            _declared(f, declared[topic.id])
    return f


def _declared(f: Fragment, found: list) -> None:
    for d in found:
        f.add(f"- {f.xref('prov', d.left)} and {f.xref('prov', d.right)}: "
              f"{f.markdown(d.point)}")
    f.add("")


def _topic_section(f: Fragment, hb, topic: str, heading: bool = True) -> None:
    table, names = hb.rulings, column_names(hb)
    declared = declared_by_topic(hb).get(topic, [])
    computed = computed_by_topic(table).get(topic, [])
    if heading:                 # not on the topic's own page, which its title names
        f.add(f"```{{rubric}} {f.xref('topic', topic)}", "```", "")
    if declared:
        f.add("**Declared:**", "")
        _declared(f, declared)
    else:
        f.add("**Declared:** none (the rulings differ, no relation declares it).", "")
    if not computed:
        f.add("*No scenario shows the books ruling differently on this topic.*", "")
    for _, group in listed.by_pair(computed):   # the first DRAWN drawn, the rest listed
        for c in group[:listed.DRAWN]:
            _side_by_side(f, hb, c, names)
            f.fingerprint.append((table.files[c.scenario], repr((c.left, c.right))))
        listed.add_rest(f, table, group[listed.DRAWN:], names,
                        lambda topic, sid, pair: shown_anchor(topic, sid, pair, table.checked))


def shown_anchor(topic: str, scenario_id: str, pair: tuple[str, ...] = (),
                 checked: tuple[str, ...] = ()) -> str:
    """The id of a computed disagreement's heading on the disagreements page (the
    ``checked`` pair of books, the first compared, keeps the anchors it always had)."""
    books = "" if pair == checked else "-" + "-".join(nodes.make_id(b) for b in pair)
    return f"shown-{topic}-" + cells.anchor(scenario_id) + books


def _side_by_side(f: Fragment, hb, c, names: dict) -> None:
    table = hb.rulings
    scenario = table.scenarios[c.scenario]
    seats = cells.shown_seats([c.left, c.right])
    left, right = (names.get(book, book) for book in c.pair)
    heading, about = cells.scenario_heading(scenario, f"{left} against {right}: "
                                            f"{c.difference}")
    heading["ids"] = [shown_anchor(c.topic, c.scenario, c.pair, table.checked)]
    f.add(f.node(heading), "", f.node(about), "", "::::{grid} 1 2 2 2", ":gutter: 2", "")
    for ruling in (c.left, c.right):
        name = names.get(ruling.rulebook, ruling.rulebook)
        f.add(f":::{{grid-item-card}} {f.text(name)}", ":class-card: floorbook-book", "",
              f.node(cells.ruling_cell(ruling, seats, names.get,
                                       unread=table.unread(c.scenario, ruling.rulebook))),
              ":::", "")
    records = hb.fairness
    f.add("::::", "", f.node(fairness_pages.difference(
        records.get(c.scenario, c.left.rulebook), records.get(c.scenario, c.right.rulebook),
        left, right)), "")
