r"""Graphviz in an untrusted page: no file read, no program chosen, no link out.

``sphinx.ext.graphviz`` reads a DOT file named by the ``graphviz`` directive's argument
from anywhere (``../../OUTSIDE.dot``, a FIFO that hangs the build), runs the program its
``:graphviz_dot:`` or ``:layout:`` option names, and Graphviz itself reads the files that
attributes name (``image``, ``shapefile``, ``fontpath`` ...) and writes ``URL``/``href``
attributes into the picture's links.  In the pages of a data folder
(:func:`kb.handbook.guard.untrusted.restricted`) each of these is refused with a warning that
fails the build:

- the directive's file argument (write the DOT code in the directive instead);
- ``:graphviz_dot:``, and a ``:layout:`` that is not one of Graphviz's engines;
- an attribute that names a file or a stylesheet (:data:`FILE_ATTRIBUTES`), an HTML-like
  label with a link or an image, and a link attribute (``URL``, ``href``, ``tailURL``
  ...) that is not http, https, mailto or relative, or that holds a Graphviz escape
  (``\N`` is the node's name, which may be ``javascript:...``).

>>> dot_problems('digraph { a [URL="javascript:alert(1)"]; b [label="URL=x"] }')
["the attribute URL='javascript:alert(1)'"]
>>> dot_problems('digraph { "UR" + "L" = "https://x.org"; a [image="/etc/x.png"] }')
["the attribute image='/etc/x.png'"]
>>> dot_problems('digraph { a [URL=<javascript:alert(1)>] }')
["the attribute URL='<javascript:alert(1)>'"]
>>> dot_problems('digraph { a ["UR\\\nL"="java\\\nscript:x"]; b [<href>="vbscript:x"] }')
["the attribute URL='javascript:x'", "the attribute <href>='vbscript:x'"]
"""

from __future__ import annotations

import re

from docutils import nodes
from sphinx.ext.graphviz import Graphviz, graphviz
from sphinx.transforms import SphinxTransform

from kb.handbook.guard.addresses import safe_link
from kb.handbook.guard.untrusted import refuse, restricted

#: Graphviz's attributes that name a file (or a URL) it reads or the picture loads.
FILE_ATTRIBUTES = frozenset({"image", "imagepath", "shapefile", "stylesheet", "fontpath",
                             "fontnames"})
#: Graphviz's attributes that become a link of the picture.
LINK_ATTRIBUTES = frozenset({"url", "href", "labelurl", "labelhref", "headurl",
                             "headhref", "tailurl", "tailhref", "edgeurl", "edgehref"})
#: The layout programs ``:layout:`` may name.
ENGINES = frozenset({"dot", "neato", "fdp", "sfdp", "twopi", "circo", "osage",
                     "patchwork"})
#: DOT's tokens (its grammar's lexical part): comments and space, a quoted string, the
#: start of an HTML string, an identifier or number, any other character.
_TOKEN = re.compile(r"""(?P<space>\s+|//[^\n]*|/\*.*?(?:\*/|\Z)|^\#[^\n]*)
                      | (?P<quoted>"(?:\\.|[^"\\])*"?)
                      | (?P<html><)
                      | (?P<id>[^\W\d]\w*|-?(?:\.\d+|\d+(?:\.\d*)?))
                      | (?P<other>.)""", re.S | re.X | re.M)
_HTML_LINK = re.compile(r"\b(href|src|img)\b", re.I)


def _tokens(code: str) -> list[str]:
    """DOT's tokens of ``code``: identifiers and quoted strings (joined where ``+``
    concatenates them) as their text, an HTML string as ``<...>``, other characters as
    themselves."""
    out: list[str] = []
    position, joining = 0, False
    while position < len(code):
        token = _TOKEN.match(code, position)
        assert token is not None                  # the last branch matches anything
        kind, position = token.lastgroup, token.end()
        if kind == "space":
            continue
        if kind == "html":
            depth, end = 0, position - 1
            for end in range(position - 1, len(code)):
                depth += {"<": 1, ">": -1}.get(code[end], 0)
                if depth == 0:
                    break
            out.append(code[position - 1:end + 1])
            position = end + 1
        elif kind == "quoted":
            # DOT's two escapes: \" is a quote, a backslash before a newline joins lines
            text = re.sub(r'\\\r?\n', "", token.group()[1:].removesuffix('"'))
            text = text.replace('\\"', '"')
            if joining and out:
                out[-1] += text
            else:
                out.append(text)
        elif kind == "other" and token.group() == "+" and out:
            joining = True
            continue
        else:
            out.append(token.group())
        joining = False
    return out


def dot_problems(code: str) -> list[str]:
    """What the DOT ``code`` may not hold in an untrusted page, one text per attribute."""
    tokens = _tokens(code)
    problems = []
    for name, equals, value in zip(tokens, tokens[1:], tokens[2:], strict=False):
        if equals != "=":
            continue
        # an HTML string is a name or value too: URL=<javascript:x> is "javascript:x"
        key = name[1:-1].lower() if name.startswith("<") else name.lower()
        text = value[1:-1] if value.startswith("<") else value
        bad = (key in FILE_ATTRIBUTES
               or (value.startswith("<") and _HTML_LINK.search(value) is not None)
               or (key in LINK_ATTRIBUTES and ("\\" in text or not safe_link(text))))
        if bad:
            problems.append(f"the attribute {name}={value!r}")
    return problems


#: A link of dot's SVG (``href`` or ``xlink:href``), its value as written.
_SVG_LINK = re.compile(r"""\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')""")


def unsafe_svg_links(svg: str) -> list[str]:
    """The links of the SVG document ``svg`` that are not http, https, mailto or
    relative: what a picture drawn from an untrusted page may not hold, however its DOT
    code spelt them (checked after ``dot``, whatever :func:`dot_problems` missed).

    >>> unsafe_svg_links('<a xlink:href="../a.html"/><a xlink:href="java&#9;script:x"/>')
    ['java&#9;script:x']
    """
    links = (double or single for double, single in _SVG_LINK.findall(svg))
    return [link for link in links if not safe_link(link)]


class UntrustedGraphviz(Graphviz):
    """``graphviz``, whose file argument is refused in untrusted pages."""

    def run(self) -> list[nodes.Node]:
        if self.arguments and restricted(self.env):
            refuse(self.get_location(), "the graphviz file %r is refused: a data folder's "
                   "pages may not read files; write the DOT code in the directive",
                   self.arguments[0], subtype="graphviz")
            return []
        return super().run()


class UntrustedDot(SphinxTransform):
    """Refuse the options and attributes of the module's list in each picture."""

    default_priority = 870          # as UntrustedLinks

    def apply(self, **kwargs) -> None:
        if not restricted(self.env):
            return
        for node in list(self.document.findall(graphviz)):
            program = node["options"].get("graphviz_dot")
            problems = [] if program in (None, *ENGINES) else [
                f"the program {program!r} (a :layout: may be one of "
                f"{', '.join(sorted(ENGINES))})"]
            problems += dot_problems(node["code"])
            if problems:
                refuse(node, "%s refused in a data folder's pages: a picture may not "
                       "name a file, a program, or a link that is not http, https, mailto "
                       "or relative", "; ".join(problems), subtype="graphviz")
                node.parent.remove(node)


def setup(app) -> None:
    """Register the directive and the transform (called by :func:`kb.handbook.setup`)."""
    app.add_directive("graphviz", UntrustedGraphviz, override=True)
    app.add_transform(UntrustedDot)
