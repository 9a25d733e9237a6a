"""tools/bench_page_sizes.py on made-up sites: the pages over the limit, the largest, the
exit status (1 for a reader's page over it, 0 for a contributor's page alone) and the
pairing with another site.  Nothing here is timed; the figures are docs/benchmarks.md's."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

from bench_page_sizes import main, oversized, page_sizes  # noqa: E402


def _site(folder: Path, pages: dict[str, int]) -> Path:
    for name, size in {"index.html": 10, **pages}.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(b"x" * size)
    return folder


def test_a_readers_page_over_the_limit_is_listed_and_fails(tmp_path, capsys):
    site = _site(tmp_path, {"topics/big.html": 300_001, "topics/small.html": 300_000,
                            "_static/huge.html": 900_000})
    assert main([str(site), "--top", "2"]) == 1
    out = capsys.readouterr().out
    assert out.splitlines()[:3] == ["3 pages, 600.0 KB of HTML", "over 300 KB: 1",
                                    "      300.0 KB  topics/big.html"]
    assert "small.html" in out.split("largest:")[1] and "_static" not in out
    assert oversized(site) == [("topics/big.html", 300_001)]


def test_a_contributors_page_over_the_limit_is_marked_and_does_not_fail(tmp_path, capsys):
    site = _site(tmp_path, {"dev/architecture.html": 400_000, "benchmarks.html": 500_000})
    assert main([str(site)]) == 0
    assert "400.0 KB  dev/architecture.html  (contributor page)" in capsys.readouterr().out
    assert list(page_sizes(site)) == ["benchmarks.html", "dev/architecture.html", "index.html"]


def test_paired_with_another_site_each_page_shows_both_sizes_and_the_ratio(tmp_path, capsys):
    before = _site(tmp_path / "before", {"disagreements.html": 2_000_000, "a.html": 100})
    after = _site(tmp_path / "after", {"disagreements.html": 50_000, "b.html": 400_000})
    assert main([str(after), "--against", str(before)]) == 1
    out = capsys.readouterr().out
    assert "             - ->     400.0 KB     new  b.html" in out
    was = out.split("against")[2]             # over the limit before, no longer
    assert was.splitlines()[1] == "    2,000.0 KB ->      50.0 KB   0.03x  disagreements.html"


def test_a_folder_that_is_not_a_site_is_refused(tmp_path, capsys):
    with pytest.raises(SystemExit) as exit:
        main([str(tmp_path)])
    assert exit.value.code == 2 and "not a built site" in capsys.readouterr().err
