"""Which pages a rebuild reads after one provision's summary is edited in a copy of the
bundled data (the edit docs/benchmarks.md times): the pages that show that summary, by
their real names, and no other (kb.handbook.domain.uses records what each page shows)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from kb import DATA
from kb.cli import main

#: The provision tools/bench.py edits (the first summary of provisions/tda.yaml) and the
#: pages that show its summary: its two editions (TDA 2024 Rule 2, TDA 2026 Rule 2) and
#: the two topics it answers.
PROVISION = "tda.player-responsibilities"
SHOWN = {"editions/tda-2024", "editions/tda-2026", "topics/card-count",
         "topics/player-caused-wrong-count"}


def _read_stamps(doctrees: Path) -> dict[str, int]:
    """page -> its doctree's modification time: a page read again is pickled again."""
    return {str(p.relative_to(doctrees).with_suffix("")): p.stat().st_mtime_ns
            for p in doctrees.rglob("*.doctree")}


def test_a_summary_edit_re_reads_only_its_two_edition_pages_and_two_topic_pages(
        tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("FLOORBOOK_CACHE_DIR", str(tmp_path / "cache"))
    data, site = tmp_path / "data", tmp_path / "site"
    shutil.copytree(DATA, data)
    assert main(["build", "--data", str(data), "-o", str(site)]) == 0
    doctrees = tmp_path / ".site.doctrees"
    before = _read_stamps(doctrees)
    capsys.readouterr()

    provisions = data / "provisions" / "tda.yaml"
    text = provisions.read_text(encoding="utf-8")
    first = re.search(r"- id: (\S+)\n(?:.*\n)*?( +)summary: >-\n( +)", text)
    assert first is not None and first.group(1) == PROVISION
    provisions.write_text(text[:first.end()] + "Edited in a test. " + text[first.end():],
                          encoding="utf-8")
    assert main(["build", "--data", str(data), "-o", str(site)]) == 0

    after = _read_stamps(doctrees)
    assert {page for page in after if after[page] != before.get(page)} == SHOWN
    assert f"4 of {len(after)} pages read, 4 written" in capsys.readouterr().out
    for page in SHOWN:
        assert "Edited in a test." in (site / f"{page}.html").read_text(encoding="utf-8")
    assert "Edited in a test." not in (site / "topics" / "misdeal-causes.html").read_text(
        encoding="utf-8")
