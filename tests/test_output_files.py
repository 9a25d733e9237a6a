"""Where ``-o FILE`` writes (``export``, ``rulebook new``): one rule for every command
that writes a file (docs/export.md, "Where -o writes").  A device stays a device, a FIFO
is written to (or refused at once when nothing reads it, never waited on), a link stays a
link and its file is written, ``-`` is standard output.  Before the rule, ``export -o
/dev/null`` as root turned the device into a regular file, and ``-o LINK`` replaced the
link with a file."""

from __future__ import annotations

import json
import os
import stat
import threading
from pathlib import Path

from test_hostile import floorbook

from kb.cli import main


def _export_text(capsys) -> str:
    assert main(["export"]) == 0
    return capsys.readouterr().out


def test_export_to_dev_null_leaves_the_character_device(capsys):
    before = os.stat("/dev/null")
    assert main(["export", "-o", "/dev/null"]) == 0
    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode), "the device was replaced by a file"
    assert (after.st_ino, after.st_rdev) == (before.st_ino, before.st_rdev)
    assert capsys.readouterr().err == ""


def test_rulebook_new_to_dev_null_leaves_the_character_device(capsys):
    assert main(["rulebook", "new", "-o", "/dev/null"]) == 0
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_export_to_a_fifo_nobody_reads_is_refused_at_once(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    result = floorbook("export", "-o", str(fifo), cwd=tmp_path)   # a hang: TimeoutExpired
    assert result.returncode == 1, result.stderr
    assert result.stderr == (f"{fifo}:1: is a FIFO or socket that no program reads (start "
                             "the reader first, or give a file)\n")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_export_to_a_fifo_with_a_reader_writes_through_it(tmp_path, capsys):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()), daemon=True)
    reader.start()
    assert main(["export", "-o", str(fifo)]) == 0
    reader.join(30)         # a FIFO replaced by a file leaves the reader waiting for ever
    assert received and json.loads(received[0])["format_version"] == 1
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_export_through_a_link_writes_its_file_and_keeps_the_link(tmp_path, capsys):
    printed = _export_text(capsys)
    target, link = tmp_path / "real.json", tmp_path / "link.json"
    target.write_text("old\n", encoding="utf-8")
    link.symlink_to(target.name)
    assert main(["export", "-o", str(link)]) == 0
    assert link.is_symlink() and os.readlink(link) == "real.json"
    assert target.read_text(encoding="utf-8") == printed
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.json", "real.json"]


def test_a_dangling_link_is_refused_and_nothing_is_made_where_it_points(tmp_path, capsys):
    link = tmp_path / "out"                    # rulebook new: tests/test_house_cli.py
    link.symlink_to(tmp_path / "elsewhere")
    assert main(["export", "-o", str(link)]) == 1
    assert capsys.readouterr().err == (f"{link}:1: is a symbolic link that points to nothing "
                                       "(give the file itself, or a new file's path)\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"] and link.is_symlink()


def test_rulebook_new_through_a_link_to_a_file_is_refused_as_the_file_would_be(tmp_path,
                                                                                capsys):
    target, link = tmp_path / "mine.yaml", tmp_path / "link.yaml"
    target.write_text("mine\n", encoding="utf-8")
    link.symlink_to(target)
    assert main(["rulebook", "new", "-o", str(link)]) == 1
    assert capsys.readouterr().err == f"{link}:1: already exists (choose another file)\n"
    assert target.read_text(encoding="utf-8") == "mine\n" and link.is_symlink()


def test_minus_is_standard_output_for_every_command_that_writes_a_file(tmp_path, capsys,
                                                                       monkeypatch):
    monkeypatch.chdir(tmp_path)
    printed = _export_text(capsys)
    assert main(["export", "-o", "-"]) == 0
    assert capsys.readouterr().out == printed
    assert main(["rulebook", "new", "-o", "-"]) == 0
    starter = capsys.readouterr().out
    assert starter.startswith("# yaml-language-server: $schema=") and "\nadopt:\n" in starter
    assert list(tmp_path.iterdir()) == []           # no file named "-"


def test_export_to_dev_stdout_is_the_pipe_stdout_is(tmp_path):
    result = floorbook("export", "-o", "/dev/stdout", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["format_version"] == 1
    assert Path("/dev/stdout").is_symlink()
