"""Plain Markdown from untrusted files (house rulebooks) to docutils nodes, safely.

The text is parsed by markdown-it-py's CommonMark preset with HTML turned off, so a
``<script>`` stays text; and it never passes through MyST, so no directive (``{raw}``,
``{include}``, ``{eval-rst}``) or role can run.  Only paragraphs, emphasis, strong, inline
code, code blocks, lists, block quotes and http(s)/mailto links become markup; headings
become strong paragraphs (the page owns its structure); anything else is kept as text.

>>> nodes_ = markdown_nodes("Keep **both** <script>alert(1)</script>")
>>> nodes_[0].astext()
'Keep both <script>alert(1)</script>'
>>> [type(n).__name__ for n in nodes_[0].children]
['Text', 'strong', 'Text']
"""

from __future__ import annotations

from docutils import nodes
from markdown_it import MarkdownIt
from markdown_it.token import Token

_PARSER = MarkdownIt("commonmark", {"html": False}).disable(["image"])

_BLOCKS = {
    "paragraph_open": nodes.paragraph, "bullet_list_open": nodes.bullet_list,
    "ordered_list_open": nodes.enumerated_list, "list_item_open": nodes.list_item,
    "blockquote_open": nodes.block_quote, "heading_open": nodes.paragraph,
}
_INLINE = {"strong_open": nodes.strong, "em_open": nodes.emphasis}
_SAFE_SCHEMES = ("http://", "https://", "mailto:")


def markdown_nodes(text: str) -> list[nodes.Node]:
    """Parse ``text`` (plain Markdown) into a list of docutils body nodes.

    Never raises on any input text; raw HTML, directives and roles come out as text.
    """
    root = nodes.container()
    stack: list[nodes.Element] = [root]
    for token in _PARSER.parse(text):
        if token.type in _BLOCKS:
            node = _BLOCKS[token.type]()
            stack[-1] += node
            stack.append(node if token.type != "heading_open" else _heading(node))
        elif token.type.endswith("_close"):
            if len(stack) > 1:
                stack.pop()
        elif token.type == "inline":
            stack[-1].extend(_inline(token.children or []))
        elif token.type in ("fence", "code_block"):
            stack[-1] += nodes.literal_block(token.content, token.content)
        elif token.type == "hr":
            stack[-1] += nodes.transition()
    return list(root.children)


def _heading(paragraph: nodes.paragraph) -> nodes.Element:
    """A heading is shown as a strong paragraph; its text goes into the strong node."""
    strong = nodes.strong()
    paragraph += strong
    return strong


def _inline(tokens: list[Token]) -> list[nodes.Node]:
    out: list[nodes.Node] = []
    stack: list[list[nodes.Node] | nodes.Element] = [out]
    for token in tokens:
        target = stack[-1]
        if token.type in _INLINE:
            node = _INLINE[token.type]()
            _append(target, node)
            stack.append(node)
        elif token.type == "link_open":
            href = str(token.attrs.get("href", ""))
            node = (nodes.reference(refuri=href) if href.startswith(_SAFE_SCHEMES)
                    else nodes.inline())
            _append(target, node)
            stack.append(node)
        elif token.type.endswith("_close"):
            if len(stack) > 1:
                stack.pop()
        elif token.type == "code_inline":
            _append(target, nodes.literal(token.content, token.content))
        elif token.type in ("softbreak", "hardbreak"):
            _append(target, nodes.Text(" "))
        else:
            _append(target, nodes.Text(token.content))
    return out


def _append(target, node: nodes.Node) -> None:
    if isinstance(target, list):
        target.append(node)
    else:
        target += node
