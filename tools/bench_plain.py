"""The plain reference of the build benchmarks: a Sphinx + MyST + furo project holding the
same pages' text as a built handbook, with none of floorbook's extension.

:func:`plain_project` reads every page of a built site (its ``.html`` files, the main
article only: furo's ``<article role="main">``) and writes one MyST page per built page
under ``page/`` at the same path, with the page's headings as headings, its paragraphs,
list items, table cells, definitions and code blocks as paragraphs of text, and a root
page whose toctree lists every page (so every page is in the navigation, as in the
handbook, though one level deep).  The
words are the handbook's as a reader sees them; the ruling tables, cards and badges become
plain text, which is the point: the reference is what the same text costs in plain Sphinx.
Generated pages (search, the indices) are left out; Sphinx makes its own.

>>> html = ('<article role="main"><h1>Four-card flop<a class="headerlink">#</a></h1>'
...         '<p>The dealer turns <em>four</em> cards.</p><ul><li>TDA 39-A</li></ul></article>')
>>> print(page_text(html))
# Four-card flop
<BLANKLINE>
The dealer turns four cards.
<BLANKLINE>
TDA 39-A
<BLANKLINE>
"""

from __future__ import annotations

import sys
from html.parser import HTMLParser
from pathlib import Path

#: Pages Sphinx generates itself (and the plain build will too).
_GENERATED = {"genindex", "search", "py-modindex"}
#: Elements whose text ends a block (a paragraph of the plain page).
_BLOCKS = {"p", "li", "td", "th", "dt", "dd", "caption", "figcaption", "div", "summary"}
#: Elements whose text is not the page's words (permalinks, scripts, pictures' code).
_SKIPPED = {"script", "style", "svg", "button", "template"}

CONF = '''project = "floorbook plain reference"
extensions = ["myst_parser"]
html_theme = "furo"
exclude_patterns = ["_build"]
'''


class _Text(HTMLParser):
    """The main article's text as MyST lines: headings and paragraphs."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self._depth = 0            # inside <article role="main"> when > 0
        self._skip: list[str] = []  # the element (and its nesting) whose text is skipped
        self._heading = 0
        self._pre = False
        self._words: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "article" and (attrs.get("role") == "main" or self._depth):
            self._depth += 1
            return
        if not self._depth:
            return
        if self._skip:
            if tag == self._skip[0]:
                self._skip.append(tag)
        elif tag in _SKIPPED or "headerlink" in (attrs.get("class") or ""):
            self._skip.append(tag)
        elif tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
            self._end()
            self._heading = int(tag[1])
        elif tag == "pre":
            self._end()
            self._pre = True
        elif tag in _BLOCKS or tag == "br":
            self._end()

    def handle_endtag(self, tag):
        if not self._depth:
            return
        if tag == "article":
            self._end()
            self._depth -= 1
        elif self._skip:
            if tag == self._skip[0]:
                self._skip.pop()
        elif tag in ("h1", "h2", "h3", "h4", "h5", "h6", "pre") or tag in _BLOCKS:
            self._end()

    def handle_data(self, data):
        if self._depth and not self._skip:
            self._words.append(data)

    def _end(self) -> None:
        text = "".join(self._words)
        self._words = []
        if self._pre:
            self._pre = False
            if text.strip():
                self.lines += ["```text", text.strip("\n").replace("```", "'''"), "```", ""]
            return
        text = " ".join(text.split())
        if text:
            # MyST syntax in the words (a leading '#', a '{role}') must stay words
            text = text.replace("\\", "\\\\").replace("`", "\\`").replace("{", "\\{")
            if self._heading:
                self.lines += ["#" * self._heading + " " + text, ""]
            else:
                self.lines += [_escape_start(text), ""]
        self._heading = 0


def _escape_start(text: str) -> str:
    """A paragraph that would start a MyST construct (a heading, a list, a quote, a
    directive fence, a table row, a target) starts with a backslash instead."""
    return "\\" + text if text[0] in "#-*+>:|(0123456789=~_" else text


def page_text(html: str) -> str:
    """The MyST text of one built page (the main article's headings and paragraphs)."""
    parser = _Text()
    parser.feed(html)
    parser.close()
    return "\n".join(parser.lines)


def plain_project(site: Path, out: Path) -> int:
    """Write the plain reference project of the built site ``site`` into ``out`` (created):
    ``conf.py`` and one ``.md`` page per built page; returns the number of pages."""
    out.mkdir(parents=True)
    (out / "conf.py").write_text(CONF, encoding="utf-8")
    names = []
    for path in sorted(site.rglob("*.html")):
        name = path.relative_to(site).with_suffix("").as_posix()
        if name in _GENERATED or name.startswith(("_", ".")) or "/_" in name:
            continue
        text = page_text(path.read_text(encoding="utf-8")) or f"# {name}\n"
        if not text.startswith("# "):
            text = f"# {name}\n\n{text}"
        target = out / "page" / f"{name}.md"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        names.append(f"page/{name}")
    toctree = "\n".join(names)
    (out / "index.md").write_text(f"# Plain reference\n\n```{{toctree}}\n:maxdepth: 2\n\n"
                                  f"{toctree}\n```\n", encoding="utf-8")
    return len(names)


if __name__ == "__main__":
    print(plain_project(Path(sys.argv[1]), Path(sys.argv[2])), "pages")
