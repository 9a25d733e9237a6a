"""The skeleton of each generated view, as a :class:`~kb.handbook.views.fragment.Fragment`.

Each function takes the build's :class:`~kb.handbook.data.store.Handbook` and ids, reads only
the knowledge base, and raises KeyError for an unknown id.  What a page shows is exactly
its fragments, so their digests tell which pages an edit of the data makes stale.
"""

from __future__ import annotations

from kb.handbook.views.changes import add_changes
from kb.handbook.views.fragment import Fragment, safe_id
from kb.knowledge import names
from kb.knowledge.graph import book_order, disagreements, edition_provisions, neighbours, number_key
from kb.knowledge.model import Provision
from kb.knowledge.vocabulary import LAYER_MEANING, Confidence, SourceKind
from kb.rules.status import edition_status

_NOT_RELATIONS = {"answers", "answered-by", "in-edition", "contains"}


def badge(confidence: Confidence) -> str:
    """A sphinx-design badge role for a confidence label (an enum: safe in a skeleton)."""
    return f"{{bdg-{names.CONFIDENCE_COLOUR[confidence]}}}`{confidence.value}`"


def _source_order(hb, provision: Provision) -> tuple:
    source = hb.kb.source(provision.source)
    eids = [e.id for e in source.editions]
    first = provision.numbers[0] if provision.numbers else None
    if first is None or first.edition not in eids:
        return (len(eids), ())
    sections = hb.kb.edition(first.edition).sections
    return (eids.index(first.edition), number_key(first.number, sections))


def answers_by_source(hb, topic_id: str) -> list[tuple]:
    """``(source, provisions in book order, [(edition id, silence reason)])`` per source
    that answers ``topic_id`` or is declared silent on it, in sources.yaml order."""
    topic = hb.kb.topic(topic_id)
    result = []
    for source in hb.kb.sources:
        provisions = sorted((p for p in hb.kb.provisions
                             if p.source == source.id and topic_id in p.topics),
                            key=lambda p: _source_order(hb, p))
        eids = {e.id for e in source.editions}
        silent = [(eid, why) for eid, why in topic.silent if eid in eids]
        if provisions or silent:
            result.append((source, provisions, silent))
    return result


def topic_body(hb, topic_id: str) -> Fragment:
    """A topic page: question, disagreements box, each book's answer, note, see also.

    The directive adds the picture and the ruling matrix (:mod:`kb.handbook.views.matrix`).
    """
    topic, f = hb.kb.topic(topic_id), Fragment()
    f.add(f"**The question.** {f.markdown(topic.question)}", "")
    found = [d for d in disagreements(hb.kb) if d.topic == topic_id]
    if found:
        f.add(":::{admonition} The books disagree", ":class: warning floorbook-disagreement", "")
        for d in found:
            f.add(f"- {f.xref('prov', d.left)} and {f.xref('prov', d.right)}: "
                  f"{f.markdown(d.point)}")
        f.add(":::", "")
    groups = answers_by_source(hb, topic_id)
    books = [g for g in groups if g[0].kind is not SourceKind.SECONDARY]
    secondary = [g for g in groups if g[0].kind is SourceKind.SECONDARY]
    _answer_grid(hb, f, "What each book says", books, topic_id)
    _answer_grid(hb, f, "What secondary sources say", secondary, topic_id)
    if topic.note:
        f.add("```{rubric} Note", "```", "", f.markdown(topic.note), "")
    if topic.see_also:
        f.add("**See also:** " + ", ".join(f.xref("topic", t) for t in topic.see_also), "")
    return f


def _answer_grid(hb, f: Fragment, title: str, groups: list, topic_id: str) -> None:
    if not groups:
        return
    f.add(f"```{{rubric}} {title}", "```", "", "::::{grid} 1 1 2 2", ":gutter: 2", "")
    for source, provisions, silent in groups:
        f.add(f":::{{grid-item-card}} {f.text(source.title)}", ":class-card: floorbook-book", "")
        for p in provisions:
            f.add(f"```{{rule:provision}} {safe_id(p.id)}", f":topic: {safe_id(topic_id)}",
                  "```", "")
        for eid, why in silent:
            f.add(f"*Silent in {f.text(names.edition_short(hb.kb, eid))}:* {f.markdown(why)}",
                  "")
        f.add(":::", "")
    f.add("::::", "")


def provision_entry(hb, provision_id: str, brief: bool) -> Fragment:
    """The body of a provision's entry: the summary and labels; the full entry (on its
    edition pages) adds numbers, topics, games, relations, parameters, the points a house
    rulebook under it must state, copies and note."""
    p, kb, f = hb.kb.provision(provision_id), hb.kb, Fragment()
    f.text(p.title)  # shown in the signature: part of what the page shows
    line = f"{badge(p.confidence)} {f.text(names.citation(kb, p))}"
    if brief:
        f.add(f.markdown(p.summary), "", f"{line} ({f.xref('prov', p.id, title='full entry')})", "")
        return f
    f.add(f.markdown(p.summary), "", line, "")
    f.add("- **Topics:** " + ", ".join(f.xref("topic", t) for t in p.topics))
    f.add(f"- **Games:** {f.text(', '.join(p.games))}; **settings:** "
          f"{f.text(', '.join(s.value for s in p.settings))}")
    for line in _relation_lines(hb, f, p):
        f.add(line)
    for param in p.params:
        f.add(f"- **A house may change** {f.text(param.name)} (default "
              f"{f.text(str(param.default))}): {f.markdown(param.meaning)}")
    for need in p.requires:     # a regulator's list (kb.house.requirements holds houses to it)
        f.add(f"- **Every house rulebook under it must state:** {f.text(need.title)} "
              f"(point {f.text(need.point)})")
    if p.checked_against:
        titles = {c.id: c.title for c in kb.copies}
        f.add("- **Checked against:** " + "; ".join(
            f.text(f"{c}: {titles.get(c, 'unknown copy')}") for c in p.checked_against))
    f.add("")
    if p.note:
        f.add(f"*Note:* {f.markdown(p.note)}", "")
    return f


def _relation_lines(hb, f: Fragment, p: Provision) -> list[str]:
    lines = []
    for name, other, direction in neighbours(hb.graph, p.id):
        if name in _NOT_RELATIONS or other.startswith(("topic:", "edition:", "source:")):
            continue
        a, b = (p.id, other) if direction == "out" else (other, p.id)
        key = name if direction == "out" else _stored_key(hb, a, b)
        point = (hb.graph.get_edge_data(a, b, key) or {}).get("point", "")
        target = (f.xref("term", other[5:].lower(), domain="std") if other.startswith("term:")
                  else f.xref("prov", other))
        tail = f": {f.markdown(point)}" if point else ""
        lines.append(f"- *{f.text(name)}* {target}{tail}")
    return lines


def _stored_key(hb, a: str, b: str) -> str:
    keys = list((hb.graph.get_edge_data(a, b) or {}).keys())
    return keys[0] if keys else ""


def edition_body(hb, edition_id: str) -> Fragment:
    """An edition page: what the edition is, what changed from the source's previous
    edition (:mod:`kb.handbook.views.changes`), then its provisions in the book's order."""
    kb, f = hb.kb, Fragment()
    edition = kb.edition(edition_id)
    source = kb.source(edition.source)
    f.add(f"{badge(edition.confidence)} {f.text(source.title)}, {f.text(edition.label)}"
          f" ({f.text(source.publisher)}).", "")
    if source.authority:
        f.add(f"**Layer:** {f.text(source.authority)} ({f.text(LAYER_MEANING[source.authority])}).",
              "")
    for text in (source.note, edition.note):
        if text:
            f.add(f.markdown(text), "")
    add_changes(hb, f, edition_id)
    f.add("```{rubric} Provisions in the book's order", "```", "")
    for p in book_order(kb, edition_id):
        f.add(f"```{{rule:provision}} {safe_id(p.id)}", f":edition: {safe_id(edition_id)}",
              "```", "")
    return f


def errata_body(hb) -> Fragment:
    """Every erratum: who claims what, the correction, the provisions concerned."""
    f = Fragment()
    for e in hb.kb.errata:
        f.add(f"```{{rubric}} {f.text(e.id)}", "```", "",
              f"- **Claim** ({', '.join(f.xref('prov', c) for c in e.claimed_by)}): "
              f"{f.markdown(e.claim)}",
              f"- **Correction:** {f.markdown(e.correction)}",
              "- **Provisions:** " + ", ".join(f.xref("prov", p) for p in e.provisions),
              f"- **Confidence:** {badge(e.confidence)}", "")
    return f


def topics_table(hb) -> Fragment:
    """A table of every topic: its page, its question, the books that answer it."""
    f = Fragment()
    f.add("```{list-table}", ":header-rows: 1", ":widths: 25 50 25",
          ":class: floorbook-listed floorbook-topics", "",
          "* - Topic", "  - The question", "  - Answered by")
    disputed = {d.topic for d in disagreements(hb.kb)}
    for topic in hb.kb.topics:
        books = ", ".join(s.title for s, ps, _ in answers_by_source(hb, topic.id) if ps)
        mark = " {bdg-warning}`books disagree`" if topic.id in disputed else ""
        f.add(f"* - {f.xref('topic', topic.id)}{mark}", f"  - {f.markdown(topic.question)}",
              f"  - {f.text(books)}")
    f.add("```", "")
    return f


def editions_table(hb) -> Fragment:
    """A table of every edition: its page, kind of source, layer, confidence, provision
    count, and its status (how much was read; whether it decides, is silent or is known
    only through a citation: :func:`kb.rules.status.edition_status`)."""
    f = Fragment()
    f.add("```{list-table}", ":header-rows: 1", ":widths: 28 12 12 14 10 24",
          ":class: floorbook-listed floorbook-editions", "",
          "* - Edition", "  - Kind", "  - Layer", "  - Confidence", "  - Provisions",
          "  - Status")
    for edition in hb.kb.editions:
        source = hb.kb.source(edition.source)
        count = len(edition_provisions(hb.kb, edition.id))
        read, rules = edition_status(hb.kb, edition.id)
        f.add(f"* - {f.xref('edition', edition.id)}", f"  - {f.text(source.kind.value)}",
              f"  - {f.text(source.authority or '-')}",
              f"  - {badge(edition.confidence)}", f"  - {count}",
              f"  - {f.text(f'{read}; {rules}')}")
    f.add("```", "")
    return f


def confidence_legend() -> Fragment:
    """What each confidence label means (no data: the labels are the model's)."""
    f = Fragment()
    for confidence, meaning in names.CONFIDENCE_MEANING.items():
        f.add(f"- {badge(confidence)} {f.text(meaning)}")
    f.add("")
    return f
