"""The benchmark suite's tools keep working (tools/bench.py, tools/multiply_data.py,
tools/bench_plain.py).  Nothing here is timed: the figures are docs/benchmarks.md's."""

import re
import subprocess
import sys
from pathlib import Path

from kb import DATA
from kb.hand.scenario_file import load_scenario
from kb.house.compose import published_rulebooks
from kb.knowledge.checks import check_knowledge_base
from kb.knowledge.load import load_knowledge_base
from kb.rules.engine import compare

TOOLS = Path(__file__).resolve().parent.parent / "tools"
sys.path.insert(0, str(TOOLS))

from bench_plain import page_text, plain_project  # noqa: E402
from multiply_data import multiply  # noqa: E402


def test_multiplied_data_has_fresh_ids_consistent_references_and_rules_like_the_original(
        tmp_path):
    out = tmp_path / "data-2x"
    multiply(DATA, 2, out)
    once, twice = load_knowledge_base(DATA), load_knowledge_base(out)
    assert check_knowledge_base(twice) == []
    assert (len(twice.provisions), len(twice.topics), len(twice.terms), len(twice.errata)) == (
        2 * len(once.provisions), 2 * len(once.topics), 2 * len(once.terms),
        2 * len(once.errata))
    copy = twice.provision("tda.four-card-flop-x2")
    assert copy.topics == ("four-card-flop-x2",)
    assert {r.target for r in copy.relations} == {
        r.target + "-x2" for r in once.provision("tda.four-card-flop").relations}
    assert twice.topic("four-card-flop-x2").see_also == tuple(
        t + "-x2" for t in once.topic("four-card-flop").see_also)
    assert (out / "pages" / "topics" / "four-card-flop-x2.md").read_text() == \
        "```{rule:topic} four-card-flop-x2\n```\n"
    name = "case-c27-four-card-flop-stuck-cards"
    original = load_scenario(DATA / "scenarios" / f"{name}.yaml")
    copied = load_scenario(out / "scenarios" / f"{name}-x2.yaml")
    assert copied.id == f"{name}-x2" and copied.events == original.events
    books = published_rulebooks(twice)
    assert [(r.remedy, r.citations, r.table) for r in compare(twice, copied, books)] == \
        [(r.remedy, r.citations, r.table) for r in compare(twice, original, books)]


def test_the_plain_reference_keeps_the_words_and_headings_and_escapes_myst():
    html = ('<html><nav>Navigation words</nav><article role="main">'
            '<h1>Four-card flop<a class="headerlink" href="#x">#</a></h1>'
            '<p>35-A: the dealer turns <strong>four</strong> cards.</p>'
            '<svg><a href="y"><text>picture</text></a></svg>'
            '<table><tr><td>{rule} `x`</td></tr></table></article></html>')
    assert page_text(html) == ("# Four-card flop\n\n\\35-A: the dealer turns four cards.\n\n"
                               "\\{rule} \\`x\\`\n")


def test_the_plain_reference_project_has_a_page_per_built_page(tmp_path):
    site = tmp_path / "site"
    (site / "topics").mkdir(parents=True)
    (site / "index.html").write_text('<article role="main"><h1>Home</h1></article>')
    (site / "topics" / "a.html").write_text('<article role="main"><p>Words.</p></article>')
    (site / "search.html").write_text('<article role="main"><h1>Search</h1></article>')
    assert plain_project(site, tmp_path / "plain") == 2
    assert (tmp_path / "plain" / "page" / "topics" / "a.md").read_text() == \
        "# topics/a\n\nWords.\n"
    assert "page/index\npage/topics/a\n" in (tmp_path / "plain" / "index.md").read_text()


def test_bench_quick_runs_every_figure_and_prints_ratios(tmp_path):
    done = subprocess.run([sys.executable, str(TOOLS / "bench.py"), "--quick", "--work",
                           str(tmp_path / "work")], capture_output=True, text=True,
                          timeout=1800)
    assert done.returncode == 0, done.stderr[-3000:]
    out = done.stdout
    for figure in ("cold build", "one provision's summary edited, rebuild",
                   "no-change rebuild"):
        line = next(line for line in out.splitlines() if line.strip().startswith(figure))
        ratios = re.findall(r"(\d+\.\d+)x plain wall, +(\d+\.\d+)x CPU", line)
        assert ratios and all(float(r) > 0 for r in ratios[0]), line
    rulings = re.search(r"(\d+) rulings, ([\d,]+) rulings per second CPU", out)
    assert rulings and int(rulings[1]) == len(list((DATA / "scenarios").glob("*.yaml"))) * \
        len(published_rulebooks(load_knowledge_base()))
    assert re.search(r"floorbook check, +1x data: .* MB +1\.00x the 1x check", out)
    assert re.search(r"floorbook build, +1x data: .* MB +1\.00x the 1x build", out)
