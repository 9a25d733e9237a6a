"""``floorbook rulebook build FILE --log DIR`` reads and checks the log once, and the site
shows the log as checked (issue 24's review).  Before, the command checked it, then
publish() checked it again, then the site's extension a third time (a fourth with
--pdf): three times the ruling of a 10,000-entry log, and a file changed between the
check and the build stopped the build half-way with the extension's error."""

from __future__ import annotations

import shutil

from kb import DATA
from kb.cli import main
from kb.decisions import reader
from kb.handbook.house import logged
from kb.house.compose import RULEBOOKS

SAMPLE = DATA / "logs" / "sample"


def test_the_log_is_read_once_and_a_change_after_the_check_is_not_built(
        tmp_path, monkeypatch, capsys):
    log = tmp_path / "log"
    shutil.copytree(SAMPLE, log)
    read = []

    def counted(folder, rulebooks=None):
        decisions, problems = reader.read_entries(folder, rulebooks)
        read.append(len(decisions))
        # the log changes once it has been checked: a later read would refuse it
        (log / sorted(p.name for p in log.iterdir())[0]).write_text("date: [\n")
        return decisions, problems

    monkeypatch.setattr(logged, "read_entries", counted)
    status = main(["rulebook", "build", str(RULEBOOKS / "casino.yaml"), "-o",
                   str(tmp_path / "site"), "--log", str(log)])
    err = capsys.readouterr().err
    assert status == 0, err
    assert read == [len(list(SAMPLE.glob("*.yaml")))]
    page = (tmp_path / "site" / "precedents.html").read_text(encoding="utf-8")
    assert "2026-03-02" in page             # the first entry, as checked, is on the page
