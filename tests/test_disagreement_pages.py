"""The disagreements pages on the tiny root (tests/roots/test-basic): an index page alone
draws every disputed topic below its table (a project whose pages predate the split loses
no disagreement); with ``disagreements/<topic>.md`` beside it, the topic moves to its own
page, which the index and the index of disagreements link."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from test_sphinx_basic import ROOT, build

INDEX = "# Disagreements\n\n```{rule:disagreements}\n```\n"
TOCTREE = "\n```{toctree}\n:glob:\n\ndisagreements/*\n```\n"


def _site(tmp: Path, split: bool) -> Path:
    srcdir = tmp / "src"
    shutil.copytree(ROOT, srcdir)
    (srcdir / "disagreements.md").write_text(INDEX + (TOCTREE if split else ""))
    if split:
        (srcdir / "disagreements").mkdir()
        (srcdir / "disagreements" / "four-card-flop.md").write_text(
            "```{rule:disagreements} four-card-flop\n```\n")
    index = (srcdir / "index.md").read_text().replace("glossary\n", "glossary\ndisagreements\n")
    (srcdir / "index.md").write_text(index)
    assert build(srcdir, tmp / "out") == ""
    return tmp / "out" / "html"


def _shown(page: str) -> list[str]:
    return re.findall(r'id="(shown-[^"]+)"', page)


def test_an_index_page_alone_draws_every_disputed_topic_below_its_table(tmp_path):
    site = _site(tmp_path, split=False)
    page = (site / "disagreements.html").read_text()
    table = page[page.index("floorbook-disagreement-index"):page.index("</table>")]
    assert "Four-card flop (below)" in table and "href=" not in table
    assert _shown(page) == ["shown-four-card-flop-scenario-four-card-flop"]
    index = (site / "rule-disagreements.html").read_text()
    assert 'href="disagreements.html#shown-four-card-flop-scenario-four-card-flop"' in index


def test_a_topic_page_beside_the_index_takes_the_topics_disagreements(tmp_path):
    site = _site(tmp_path, split=True)
    page = (site / "disagreements.html").read_text()
    assert 'href="disagreements/four-card-flop.html"' in page and _shown(page) == []
    topic = (site / "disagreements" / "four-card-flop.html").read_text()
    assert "<h1>Four-card flop: where the books disagree<" in topic
    assert _shown(topic) == ["shown-four-card-flop-scenario-four-card-flop"]
    index = (site / "rule-disagreements.html").read_text()
    assert ('href="disagreements/four-card-flop.html#shown-four-card-flop-scenario-'
            'four-card-flop"') in index


def test_a_topic_page_naming_an_unknown_topic_is_a_warning_and_draws_nothing(tmp_path):
    srcdir = tmp_path / "src"
    shutil.copytree(ROOT, srcdir)
    (srcdir / "disagreements.md").write_text(
        "# D\n\n```{rule:disagreements} ../../no-such-topic\n```\n")
    (srcdir / "index.md").write_text((srcdir / "index.md").read_text().replace(
        "glossary\n", "glossary\ndisagreements\n"))
    warnings = build(srcdir, tmp_path / "out")
    assert "disagreements.md:3: WARNING: floorbook: cannot show disagreements-topic " \
           "../../no-such-topic: unknown id" in warnings
    page = (tmp_path / "out" / "html" / "disagreements.html").read_text()
    assert _shown(page) == [] and "floorbook-disagreement-index" not in page
