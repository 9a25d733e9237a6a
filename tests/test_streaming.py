"""kb.handbook.sitebuild.streaming: an HTML build keeps its pages' trees for writing only while
they are small, and takes apart the ones it does not keep."""

from __future__ import annotations

from docutils import nodes
from docutils.frontend import get_default_settings
from docutils.parsers.rst import Parser
from docutils.utils import new_document

from kb.handbook.sitebuild.streaming import KeptTrees, Unkept, release


def _tree(text: str = "one") -> nodes.document:
    document = new_document("page", get_default_settings(Parser))
    document += nodes.paragraph(text, text)
    return document


def _pickle(folder, docname: str, size: int) -> None:
    (folder / f"{docname}.doctree").write_bytes(b"x" * size)


def test_trees_are_kept_while_the_pickles_read_fit_the_budget(tmp_path):
    kept = KeptTrees(tmp_path, budget=100)
    for name, size in (("a", 40), ("b", 60)):
        _pickle(tmp_path, name, size)
        kept[name] = _tree(name)
    assert sorted(kept) == ["a", "b"] and kept["a"].astext() == "a"


def test_past_the_budget_every_tree_is_released_and_none_kept(tmp_path):
    kept = KeptTrees(tmp_path, budget=100)
    trees = {name: _tree(name) for name in "abc"}
    for name, size in (("a", 60), ("b", 50), ("c", 10)):
        _pickle(tmp_path, name, size)
        kept[name] = trees[name]
    assert kept == {}
    assert all(vars(tree) == {} for tree in trees.values())       # taken apart


def test_a_tree_without_its_pickle_is_kept(tmp_path):
    kept = KeptTrees(tmp_path, budget=0)
    kept["nowhere"] = _tree()
    assert list(kept) == ["nowhere"]


def test_release_leaves_no_node_pointing_at_another():
    document = _tree()
    paragraph = document[0]
    release(document)
    assert paragraph.parent is None and vars(paragraph) == {} and vars(document) == {}


def test_unkept_pickles_are_read_again_not_kept():
    cache = Unkept()
    cache["page"] = b"bytes"
    assert "page" not in cache
