"""Smart quotes where needed (kb.handbook.sitebuild.quotes): on any document the transform leaves
exactly the tree Sphinx's own SmartQuotes transform leaves, and a build with it writes
the same pages as a build with Sphinx's."""

from __future__ import annotations

import shutil
from types import SimpleNamespace

from docutils import nodes
from docutils.frontend import get_default_settings
from docutils.parsers.rst import Parser
from docutils.utils import new_document
from hypothesis import given, settings
from hypothesis import strategies as st
from sphinx.transforms import SphinxSmartQuotes
from test_sphinx_basic import ROOT, build

from kb.handbook.sitebuild import quotes

#: Words with and without what education changes (quotes, dashes, dots, escapes, &quot;).
WORDS = st.sampled_from([
    "TDA", "35-A", "Robert's", '"burn"', "'card'", "--", "---", "...", ". . .", "``x''",
    "`y'", "&quot;", "\x00-", "\x00'", "\\", "Ah Kd", "2024", "rule", " ", "—", "’", "“", "…", "-", ".", "35-A.", "x. .",
])
TEXTS = st.lists(WORDS, min_size=1, max_size=6).map("".join)
INLINE = st.sampled_from([nodes.emphasis, nodes.strong, nodes.literal, nodes.inline])


@st.composite
def blocks(draw) -> nodes.Element:
    """A paragraph of text and inline nodes (some nested), or a list of such paragraphs."""
    para = nodes.paragraph()
    for _ in range(draw(st.integers(1, 4))):
        if draw(st.booleans()):
            para += nodes.Text(draw(TEXTS))
        else:
            inner = draw(INLINE)("", draw(TEXTS))
            if draw(st.booleans()):
                inner += draw(INLINE)("", draw(TEXTS))
            para += inner
    if draw(st.booleans()):
        para["classes"].append("language-de")   # another language's quotes
    if draw(st.booleans()):
        return nodes.bullet_list("", nodes.list_item("", para))
    return para


def _document(children: list[nodes.Element], action: str = "qDe") -> nodes.document:
    document = new_document("<test>", get_default_settings(Parser))
    document.settings.smart_quotes = True
    config = SimpleNamespace(smartquotes=True, smartquotes_action=action, language="en",
                             smartquotes_excludes={"languages": ["ja"], "builders": ["man"]})
    document.settings.env = SimpleNamespace(config=config, settings={"language_code": "en"},
                                            _builder_cls=SimpleNamespace(name="html"))
    document.extend(children)
    return document


@settings(max_examples=400, deadline=None)
@given(st.lists(blocks(), min_size=1, max_size=5),
       st.sampled_from(["qDe", "1", "2", "3", "qBi", "qbdew", "-1"]))
def test_any_document_comes_out_as_sphinx_smartquotes_leaves_it(children, action):
    theirs = _document([c.deepcopy() for c in children], action)
    ours = _document(children, action)
    SphinxSmartQuotes(theirs, None).apply()
    quotes.SmartQuotesWhereNeeded(ours, None).apply()
    assert ours.pformat() == theirs.pformat()
    assert "findall" not in vars(ours)          # the document's own method is back


def test_blocks_without_anything_to_educate_are_left_alone_and_others_are_educated():
    plain = nodes.paragraph("", "TDA 2024 rule 35: Ah Kd")
    quoted = nodes.paragraph("", 'the "burn" -- and so on...')
    document = _document([plain, quoted])
    text = plain[0]
    quotes.SmartQuotesWhereNeeded(document, None).apply()
    assert plain[0] is text                     # not even replaced by an equal node
    assert quoted.astext() == "the “burn” – and so on…"


def test_a_build_with_it_writes_the_pages_a_build_with_sphinx_smartquotes_writes(
        tmp_path, monkeypatch):
    for name in ("ours", "theirs"):
        shutil.copytree(ROOT, tmp_path / name / "src")
        (tmp_path / name / "src" / "quotes.md").write_text(
            "---\norphan: true\n---\n\n# Quotes\n\nRobert's \"rules\" -- 35-A... and `literal 'x'` *Dealer's*\n",
            encoding="utf-8")
    assert build(tmp_path / "ours" / "src", tmp_path / "ours" / "out") == ""
    with monkeypatch.context() as patch:
        patch.setattr(quotes, "setup", lambda app: None)   # Sphinx's transform stays
        assert build(tmp_path / "theirs" / "src", tmp_path / "theirs" / "out") == ""
    ours, theirs = (sorted((tmp_path / n / "out" / "html").rglob("*.html"))
                    for n in ("ours", "theirs"))
    assert [p.name for p in ours] == [p.name for p in theirs]
    page = (tmp_path / "ours" / "out" / "html" / "quotes.html").read_text(encoding="utf-8")
    assert "Robert’s “rules” – 35-A…" in page
    for mine, sphinx in zip(ours, theirs, strict=True):
        assert mine.read_bytes() == sphinx.read_bytes(), mine.name
    assert (tmp_path / "ours" / "out" / "html" / "searchindex.js").read_bytes() == \
        (tmp_path / "theirs" / "out" / "html" / "searchindex.js").read_bytes()
