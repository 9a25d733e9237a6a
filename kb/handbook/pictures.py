"""A picture of a topic's neighbourhood in the provision graph, drawn by Graphviz.

The directive leaves a :class:`neighbourhood` placeholder holding the DOT statements;
at ``doctree-resolved`` each node gets the link to its entry (known only once every page
is read, and relative to the page being written) and the placeholder becomes a
:class:`sphinx.ext.graphviz.graphviz` node, which renders static SVG at build time.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.ext.graphviz import graphviz

from kb.knowledge.graph import topic_neighbourhood
from kb.knowledge.names import edition_short

_EDGE_STYLE = {
    "differs-from": 'color="#c0392b", fontcolor="#c0392b", style=bold',
    "same-as": 'color="#27ae60", fontcolor="#27ae60"',
    "answers": 'color="#7f8c8d", style=dashed',
}


class neighbourhood(nodes.General, nodes.Element):
    """Placeholder: ``topic``, ``statements`` (DOT lines without links), ``nodes``
    (node id -> (object type, name)) to link at resolve time."""


def quote(text: str) -> str:
    """A DOT double-quoted string; backslashes too, so Graphviz's escapes (\\N, \\l) stay text."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def topic_picture(hb, topic_id: str, radius: int) -> neighbourhood:
    """The placeholder for ``topic_id``'s neighbourhood; KeyError if the topic is unknown."""
    hb.kb.topic(topic_id)
    sub = topic_neighbourhood(hb.graph, topic_id, radius)
    statements, links = [], {}
    for node_id, data in sorted(sub.nodes(data=True)):
        if data.get("kind") == "topic":
            label, shape, link = data["record"].title, "box", ("topic", node_id[6:])
        elif data.get("kind") == "provision":
            p = data["record"]
            label, shape, link = f"{_short(hb, p)}\n{p.title}", "ellipse", ("provision", p.id)
        else:
            label, shape, link = node_id, "plaintext", None
        statements.append(f"{quote(node_id)} [label={quote(label)}, shape={shape}]")
        if link:
            links[node_id] = link
    for a, b, key in sorted(sub.edges(keys=True)):
        style = _EDGE_STYLE.get(key, "")
        attrs = ", ".join(filter(None, [f"label={quote(key)}", style]))
        statements.append(f"{quote(a)} -> {quote(b)} [{attrs}]")
    return neighbourhood(topic=topic_id, statements=statements, links=links)


def _short(hb, p) -> str:
    first = p.numbers[0] if p.numbers else None
    return f"{edition_short(hb.kb, first.edition)} {first.number}" if first else p.id


def resolve(app, doctree: nodes.document, docname: str) -> None:
    """``doctree-resolved``: turn each placeholder into a linked graphviz node."""
    domain = app.env.domains["rule"]
    for placeholder in list(doctree.findall(neighbourhood)):
        lines = ["digraph neighbourhood {", 'graph [rankdir=LR, fontname="sans-serif"];',
                 'node [fontname="sans-serif", fontsize=10, style=filled, fillcolor="#f6f6f6"];',
                 'edge [fontname="sans-serif", fontsize=9];']
        for statement in placeholder["statements"]:
            lines.append(statement + ";")
        for node_id, (objtype, name) in placeholder["links"].items():
            uri = domain.relative_uri(app.builder, docname, objtype, name)
            if uri:
                lines.append(f"{quote(node_id)} [URL={quote(uri)}, target=\"_top\"];")
        lines.append("}")
        picture = graphviz()
        picture["code"] = "\n".join(lines)
        picture["options"] = {"docname": docname}
        picture["alt"] = f"The provisions around topic {placeholder['topic']} and their relations"
        picture["classes"] = ["floorbook-neighbourhood"]
        placeholder.replace_self(picture)


def skip(self, node) -> None:
    """Visitor for builders that never resolve the placeholder: show nothing."""
    raise nodes.SkipNode
