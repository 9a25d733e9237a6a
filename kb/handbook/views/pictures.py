"""A picture of a topic's neighbourhood in the provision graph, drawn by Graphviz.

The directive leaves a :class:`neighbourhood` placeholder holding the DOT statements;
at ``doctree-resolved`` each node gets the link to its entry (known only once every page
is read, and relative to the page being written) and the placeholder becomes a
:class:`sphinx.ext.graphviz.graphviz` node.  For HTML every graphviz node of the page
(the ``{graphviz}`` directive's too) is then drawn by ``dot`` and put into the page as
inline SVG (:func:`inline_svg`), because a picture behind ``<object>`` cannot follow the
theme: the stylesheet paints the SVG's text, shapes and lines with furo's colour
properties, so dark mode (chosen or the system's) has no white panel.

The layout is for a phone: left to right, the provisions that answer the topic in the
first column and the provisions they relate to in the next (one column per relation step),
labels wrapped, no edge labels (a key under the picture names each line style), so a
picture is about two labels wide.  The SVG may shrink to fit the page but never below one
CSS pixel per point, so its 10 pt text is at least 10 px high; a wider picture scrolls
inside its own box.
"""

from __future__ import annotations

import re
import subprocess
import textwrap
from html import escape

from docutils import nodes
from sphinx.ext.graphviz import graphviz
from sphinx.util import logging

from kb.handbook.guard.untrusted import restricted
from kb.handbook.guard.untrusted_graphviz import unsafe_svg_links
from kb.handbook.views import drawing
from kb.knowledge.graph import topic_neighbourhood
from kb.knowledge.names import edition_short

logger = logging.getLogger(__name__)

#: Each relation's line in the picture (DOT attributes, the fallback where the
#: stylesheet's classes do not reach, e.g. a PDF) and its words in the key.
EDGE_STYLE = {
    "differs-from": ('color="#c0392b", penwidth=2', "differs from (thick)"),
    "same-as": ('color="#27ae60", penwidth=1.4', "same as"),
    "cites": ('color="#7f8c8d"', "cites"),
    "refines": ('color="#2e6fb7", style=dashed', "refines (dashed)"),
    "exception-to": ('color="#d35400", style=dashed', "exception to (dashed)"),
    "revises": ('color="#8e44ad", style=dotted, penwidth=1.6', "revises (dotted)"),
    "miscites": ('color="#7f8c8d", style=dotted', "miscites (dotted)"),
    "overrides": ('color="#d35400", style=bold', "overrides (thick)"),
    "adopts": ('color="#27ae60", style=dashed', "adopts (dashed)"),
    "defines": ('color="#7f8c8d", style=dashed', "defines (dashed)"),
    "renumbers": ('color="#7f8c8d", style=dashed', "renumbers (dashed)"),
}
#: Characters per line of a provision's title in its box.
WRAP = 20
_HEAD = ["digraph neighbourhood {",
         'graph [rankdir=LR, bgcolor="transparent", fontname="sans-serif", fontsize=10, '
         'nodesep=0.12, ranksep=0.3, margin=0];',
         'node [shape=box, style="filled", fillcolor="#f6f6f6", color="#999999", '
         'fontname="sans-serif", fontsize=10, margin="0.08,0.04", class="floorbook-node"];',
         'edge [arrowsize=0.6, color="#7f8c8d"];']


class neighbourhood(nodes.General, nodes.Element):
    """Placeholder: ``topic``, ``statements`` (DOT lines without links), ``links``
    (node id -> (object type, name)) to link at resolve time, ``kinds`` (the relation
    kinds its lines draw, for the key)."""


def quote(text: str) -> str:
    """A DOT double-quoted string; backslashes too, so Graphviz's escapes (\\N, \\l) stay text.

    >>> print(quote('say "35-A"\\nnow'))
    "say \\"35-A\\"\\nnow"
    """
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _steps(sub, answering: set[str]) -> dict[str, int]:
    """Each node's number of relation steps from the provisions answering the topic."""
    steps, frontier = {n: 0 for n in answering}, set(answering)
    while frontier:
        following = set()
        for node in frontier:
            for other in (*sub.successors(node), *sub.predecessors(node)):
                if other not in steps:
                    steps[other] = steps[node] + 1
                    following.add(other)
        frontier = following
    return steps


def topic_picture(hb, topic_id: str, radius: int) -> neighbourhood:
    """The placeholder for ``topic_id``'s neighbourhood; KeyError if the topic is unknown.

    The topic itself is not drawn (the page is the topic's): its provisions stand in the
    first column's box; a relation between two provisions of one column does not push
    either into another column (``constraint=false``)."""
    hb.kb.topic(topic_id)
    sub = topic_neighbourhood(hb.graph, topic_id, radius)
    sub.remove_node(f"topic:{topic_id}")
    answering = {a for a, b, k in hb.graph.in_edges(f"topic:{topic_id}", keys=True)
                 if k == "answers" and a in sub}
    steps = _steps(sub, answering)
    links: dict[str, tuple[str, str]] = {}
    statements = ['subgraph cluster_answers { label="Provisions on this topic"; labeljust=l; '
                  'style="dashed"; color="#999999"; class="floorbook-answers"']
    for node_id in sorted(answering):
        statements.append(_node(hb, sub, node_id, links))
    statements.append("}")
    for node_id in sorted(set(sub) - answering):
        statements.append(_node(hb, sub, node_id, links))
    kinds = sorted({key for _, _, key in sub.edges(keys=True)})
    for a, b, key in sorted(sub.edges(keys=True)):
        statements.append(_edge(a, b, key, steps))
    return neighbourhood(topic=topic_id, statements=statements, links=links, kinds=kinds)


def _node(hb, sub, node_id: str, links: dict) -> str:
    data = sub.nodes[node_id]
    if data.get("kind") != "provision":
        return f"{quote(node_id)} [label={quote(node_id)}, shape=plaintext]"
    p = data["record"]
    links[node_id] = ("provision", p.id)
    label = "\n".join([*textwrap.wrap(_short(hb, p), WRAP), *textwrap.wrap(p.title, WRAP)])
    return f"{quote(node_id)} [label={quote(label)}]"


def _edge(a: str, b: str, key: str, steps: dict[str, int]) -> str:
    """The line of the relation ``key`` from ``a`` to ``b`` (its arrow at ``b``).  Dot
    ranks an edge's tail before its head, so the edge is written from the node nearer
    the topic's provisions (``dir=back`` keeps the arrow at ``b`` when that is ``b``),
    and a line between two nodes of one column ranks nothing."""
    style = EDGE_STYLE.get(key, ('color="#7f8c8d"', key))[0]
    kind = f'class="floorbook-edge floorbook-edge-{nodes.make_id(key)}", {style}'
    if steps.get(a, 0) == steps.get(b, 0):
        return f"{quote(a)} -> {quote(b)} [{kind}, constraint=false]"
    if steps.get(a, 0) < steps.get(b, 0):
        return f"{quote(a)} -> {quote(b)} [{kind}]"
    return f"{quote(b)} -> {quote(a)} [{kind}, dir=back]"


def _short(hb, p) -> str:
    first = p.numbers[0] if p.numbers else None
    return f"{edition_short(hb.kb, first.edition)} {first.number}" if first else p.id


def note_pictures(app, doctree: nodes.document) -> None:
    """``doctree-read``: the page's placeholders wait to be drawn with the other pages'
    (:mod:`kb.handbook.views.drawing`)."""
    for placeholder in doctree.findall(neighbourhood):
        drawing.wait(app.env, app.env.docname, dict(placeholder.attributes))


def dot_code(app, docname: str, picture: dict) -> str:
    """The DOT code of the placeholder ``picture`` (its attributes) on page ``docname``:
    its statements, and its nodes linked to their entries relative to that page."""
    domain = app.env.domains["rule"]
    lines = [*_HEAD, *(statement + ";" for statement in picture["statements"])]
    for node_id, (objtype, name) in picture["links"].items():
        uri = domain.relative_uri(app.builder, docname, objtype, name)
        if uri:
            lines.append(f"{quote(node_id)} [URL={quote(uri)}, target=\"_top\"];")
    lines.append("}")
    return "\n".join(lines)


def resolve(app, doctree: nodes.document, docname: str) -> None:
    """``doctree-resolved``: turn each placeholder into a linked graphviz node, and for
    HTML every graphviz node into inline SVG (:func:`inline_svg`)."""
    # one walk of the page for both kinds (in the page's order), not two
    found = [node for node in doctree.findall(nodes.Element)
             if isinstance(node, (neighbourhood, graphviz))]
    pictures = [node if isinstance(node, graphviz) else _drawing_of(app, node, docname)
                for node in found]
    if app.builder.format == "html":
        drawing.draw_waiting(app, lambda page, waiting: dot_code(app, page, waiting))
        for picture in pictures:
            svg = inline_svg(app, picture, docname)
            if svg is not None:
                picture.replace_self(svg)


def _drawing_of(app, placeholder: neighbourhood, docname: str) -> graphviz:
    """The linked graphviz node that takes the place of ``placeholder`` (put there, with
    the key to its lines after it)."""
    picture = graphviz()
    picture["code"] = dot_code(app, docname, placeholder.attributes)
    picture["options"] = {"docname": docname}
    picture["alt"] = f"The provisions around topic {placeholder['topic']} and their relations"
    picture["classes"] = ["floorbook-neighbourhood"]
    kinds: list[str] = placeholder.get("kinds", [])
    placeholder.replace_self([picture, *([line_key(kinds)] if kinds else [])])
    return picture


def line_key(kinds: list[str]) -> nodes.paragraph:
    """The key under a picture: each relation kind it draws (``kinds``, as in
    :data:`EDGE_STYLE`), a sample of its line (drawn by the stylesheet) and its words."""
    line = nodes.paragraph(classes=["floorbook-picture-key"])
    line += nodes.Text("Lines: ")
    for i, kind in enumerate(kinds):
        words = EDGE_STYLE.get(kind, ("", kind))[1]
        line += nodes.inline(words, words, classes=["floorbook-key",
                                                    f"floorbook-edge-{nodes.make_id(kind)}"])
        if i < len(kinds) - 1:
            line += nodes.Text(", ")
    return line


#: CSS px per point at the picture's smallest: 10 pt text stays 9.5 px high or more.
_FLOOR = 0.95
_PROLOGUE = re.compile(r"\A.*?(?=<svg\b)", re.DOTALL)
_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
_SIZE = re.compile(r'<svg width="([\d.]+)pt" height="([\d.]+)pt"')
#: The white space between two tags, which no SVG drawing shows.
_BETWEEN = re.compile(r">\s+<")


def svg_markup(svg: str) -> str:
    """Graphviz's SVG document made fit to sit in a page: no XML prologue, comments or
    white space between tags, the same text attributes once (:func:`_hoisted`), and a
    ``min-width`` in CSS px (0.95 per point: 10 pt text is never under 9.5 px high).

    >>> print(svg_markup('<?xml version="1.0"?>\\n<!-- made by dot -->\\n'
    ...                  '<svg width="120pt" height="40pt" viewBox="0 0 120 40"></svg>'))
    <svg width="120pt" height="40pt" style="min-width: 114px" viewBox="0 0 120 40"></svg>
    """
    svg = _BETWEEN.sub("><", _COMMENT.sub("", _PROLOGUE.sub("", svg, count=1)).strip())
    # Graphviz writes "-" as "&#45;" in names, ids and classes: the same character
    svg = svg.replace("&#45;", "-")
    return _hoisted(_SIZE.sub(lambda m: f'{m.group(0)} style="min-width: '
                                        f'{_FLOOR * float(m.group(1)):g}px"', svg, count=1))


_TEXT = re.compile(r"<text\b[^>]*>")
_ROOT = re.compile(r"<svg\b[^>]*?(?=/?>)")
#: Text attributes SVG inherits, which Graphviz writes on every label.
_INHERITED = ("text-anchor", "font-family", "font-size")


def _hoisted(svg: str) -> str:
    """``svg`` with each of :data:`_INHERITED` that every ``<text>`` carries with the same
    value written once, on the ``<svg>`` element, which they inherit it from: the same
    drawing in fewer bytes (4 to 7 KB of a topic page's picture, whose page must stay
    under 300 KB with its matrix's fairness notes).

    >>> _hoisted('<svg x="1"><text a="2" font-size="10.00">A</text>'
    ...          '<text font-size="10.00" text-anchor="start">B</text></svg>')
    '<svg x="1" font-size="10.00"><text a="2">A</text><text text-anchor="start">B</text></svg>'
    """
    tags = _TEXT.findall(svg)
    shared = []
    for name in _INHERITED:
        pattern = re.compile(rf' {name}="([^"]*)"')
        values = {found.group(1) if (found := pattern.search(tag)) else None for tag in tags}
        if len(values) == 1 and None not in values:
            shared.append((name, values.pop(), pattern))
    if not shared:
        return svg

    def strip(tag: re.Match) -> str:
        text = tag.group(0)
        for _, _, pattern in shared:
            text = pattern.sub("", text, count=1)
        return text
    at = "".join(f' {name}="{value}"' for name, value, _ in shared)
    return _ROOT.sub(lambda root: root.group(0) + at, _TEXT.sub(strip, svg), count=1)


def inline_svg(app, picture: graphviz, docname: str) -> nodes.raw | None:
    """The graphviz node ``picture`` drawn by ``dot`` as an HTML ``<div class="graphviz
    floorbook-picture">`` holding the SVG; None (and a warning naming the page, which
    fails the build) if ``dot`` fails."""
    svg = drawing.drawn(app, picture["code"]) or _drawn_alone(app, picture, docname)
    if svg is None:
        return None
    if restricted(app.env) and (links := unsafe_svg_links(svg)):
        logger.warning("floorbook: the picture links to %s: a data folder's pages may link "
                       "to http, https, mailto and relative addresses only", links[0],
                       location=docname, type="floorbook", subtype="graphviz")
        return nodes.raw("", "", format="html")    # not Sphinx's drawing of it either
    classes = escape(" ".join(["graphviz", "floorbook-picture", *picture.get("classes", ())]))
    label = escape(picture.get("alt") or "a picture")
    return nodes.raw("", f'<div class="{classes}" role="figure" aria-label="{label}">\n'
                         f'{svg_markup(svg)}\n</div>\n', format="html")


def _drawn_alone(app, picture: graphviz, docname: str) -> str | None:
    """The SVG document ``dot`` draws for ``picture`` in a run of its own; None (and a
    warning naming the page, which fails the build) if ``dot`` fails."""
    command = drawing.command(app, picture.get("options", {}))
    try:
        done = subprocess.run(command, input=picture["code"].encode(), capture_output=True,
                              timeout=120, check=False)
    except (OSError, subprocess.TimeoutExpired) as error:
        logger.warning("the picture could not be drawn: %s (is Graphviz installed?)",
                       error, location=docname)
        return None
    if done.returncode:
        logger.warning("the picture could not be drawn: dot said %s",
                       done.stderr.decode(errors="replace").strip(), location=docname)
        return None
    return done.stdout.decode()


def skip(self, node) -> None:
    """Visitor for builders that never resolve the placeholder: show nothing."""
    raise nodes.SkipNode
