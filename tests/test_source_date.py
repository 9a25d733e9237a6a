"""A ``SOURCE_DATE_EPOCH`` that is no time (issue 19, fresh-user run): one line and exit
status 1 before any command runs, where Sphinx stopped on ``abc`` with a ValueError and
the PDF builders on a year past 9999 with an OverflowError, each a traceback."""

from __future__ import annotations

import pytest

from kb.cli import main

LINE = ("SOURCE_DATE_EPOCH={}: not a whole number of seconds since 1970 (unset it, or set "
        "it to a time such as 1700000000)\n")


@pytest.mark.parametrize("value", ["abc", "99999999999999999999", "253402300800", "-1",
                                   "1.5", "", "１７"])
def test_a_source_date_epoch_that_is_no_time_is_one_line_and_nothing_is_built(
        value, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", value)
    data, out = tmp_path / "h" / "data", tmp_path / "site"
    monkeypatch.delenv("SOURCE_DATE_EPOCH")
    assert main(["init", str(tmp_path / "h")]) == 0
    monkeypatch.setenv("SOURCE_DATE_EPOCH", value)
    capsys.readouterr()
    assert main(["build", "--data", str(data), "-o", str(out), "--pdf"]) == 1
    assert capsys.readouterr() == ("", LINE.format(value))
    assert not out.exists()


@pytest.mark.parametrize("command", [["schema", "scenario"], ["check"], ["init", "{}"],
                                     ["export", "-o", "{}"], ["rulebook", "new", "-o", "{}"]])
def test_every_command_refuses_it(command, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "abc")
    made = tmp_path / "made"
    assert main([word.format(made) for word in command]) == 1
    assert capsys.readouterr() == ("", LINE.format("abc"))
    assert not made.exists()


def test_a_whole_number_up_to_year_9999_is_a_time(monkeypatch, capsys):
    for value in ("0", "1700000000", " 1700000000 ", "253402300799"):
        monkeypatch.setenv("SOURCE_DATE_EPOCH", value)
        assert main(["schema", "scenario"]) == 0
        assert capsys.readouterr().err == ""
