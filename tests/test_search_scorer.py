"""The handbook's search scorer (kb/handbook/static/floorbook-search.js, set by
kb/handbook/finding/search.py): it reaches the search page, replaces Sphinx's Scorer with every
default kept, and the index holds the facts it ranks by (the topic pages, the glossary's
anchors, whole rule numbers, the words a misspelling is matched against).

How the search page ranks and corrects in a browser is tested in
tests/browser/test_browser_search.py."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest
import sphinx
from test_find_ruling import build

from kb.handbook.finding import search

SCORER = search.SCORER.read_text()
SEARCHTOOLS = Path(sphinx.__file__).parent / "themes" / "basic" / "static" / "searchtools.js"


@pytest.fixture(scope="module")
def html(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("search")
    assert build(out) == ""
    return out / "html"


@pytest.fixture(scope="module")
def index(html):
    from test_sphinx_basic import search_index
    return search_index(html)


def test_the_scorer_is_inlined_into_the_search_pages_language_data(html):
    language = (html / "_static" / "language_data.js").read_text()
    assert "var Scorer = {" in language and "var FloorbookSearch" in language
    # the splitter that keeps rule numbers whole is still there, after the scorer
    assert language.index("var FloorbookSearch") < language.index("function splitQuery")


def test_a_handbook_naming_its_own_scorer_keeps_it():
    config = SimpleNamespace(html_search_scorer="")
    search.use_scorer(None, config)
    assert config.html_search_scorer == str(search.SCORER) and search.SCORER.is_file()
    config = SimpleNamespace(html_search_scorer="my-scorer.js")
    search.use_scorer(None, config)
    assert config.html_search_scorer == "my-scorer.js"


def test_the_scorer_keeps_every_default_of_sphinxs_scorer():
    block = SEARCHTOOLS.read_text()
    defaults = block[block.index("var Scorer = {"):block.index("};", block.index("var Scorer"))]
    keys = set(re.findall(r"^\s{4}(\w+):", defaults, re.MULTILINE))
    assert {"objNameMatch", "title", "term", "partialTerm", "objPrio"} <= keys
    for key in keys:
        assert re.search(rf"^\s+{key}:", SCORER, re.MULTILINE), key


def test_the_scorer_builds_its_note_with_text_only():
    for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("):
        assert sink not in SCORER, sink


def test_topic_pages_are_known_to_the_index_as_rule_topic_objects(index):
    topic_type = next(k for k, v in index["objtypes"].items() if v == "rule:topic")
    pages = {index["docnames"][entry[0]] for entries in index["objects"].values()
             for entry in entries if str(entry[1]) == topic_type}
    assert pages == {"topics/four-card-flop"}
    assert index["titles"][index["docnames"].index("topics/four-card-flop")] == "Four-card flop"


def test_glossary_entries_have_term_anchors_the_scorer_weighs_down(index):
    entries = index["indexentries"]["burn card"]
    assert [(index["docnames"][file], anchor) for file, anchor, _ in entries] == \
        [("glossary", "term-burn-card")]


def test_rule_numbers_stay_whole_in_the_index_tda_39_a_and_hold_em_3(index):
    assert "39-a" in index["terms"]
    assert "hold'em" in index["terms"]
    # index entries are matched against the whole query ("Hold'em 3" as typed)
    assert index["indexentries"]["hold'em 3"][0][1] == "rrop-holdem-four-card-flop"
    assert index["indexentries"]["39-a"][0][1] == "tda-four-card-flop"


def test_a_misspelling_is_matched_against_the_indexed_words(index):
    # "flopp" is not indexed; "flop", one edit away, is (what the page offers)
    assert "flopp" not in index["terms"] and "flop" in index["terms"]
