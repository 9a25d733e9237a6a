"""A user's pages folder (``floorbook build --data DIR`` renders ``DIR/pages``) is untrusted
input: a link in it would publish whatever file it points at, and a FIFO would hang the
build; both are refused, every one at once, before anything is built."""

from __future__ import annotations

import os

from kb.cli import main


def test_links_and_fifos_in_a_pages_folder_are_refused_and_nothing_is_built(tmp_path, capsys):
    assert main(["init", str(tmp_path / "project")]) == 0
    pages = tmp_path / "project" / "data" / "pages"
    secret = tmp_path / "secret.md"
    secret.write_text("# The room's alarm code\n", encoding="utf-8")
    (pages / "leak.md").symlink_to(secret)
    os.mkfifo(pages / "pipe.md")
    capsys.readouterr()
    output = tmp_path / "site"
    assert main(["build", "-q", "--data", str(tmp_path / "project" / "data"),
                 "-o", str(output)]) == 1
    errors = capsys.readouterr().err.splitlines()
    assert errors == [
        f"{pages / 'leak.md'}: is a symbolic link; the build reads only the pages folder's "
        "own files (copy the file in instead)",
        f"{pages / 'pipe.md'}: is not a regular file; remove it from the pages folder"]
    assert not output.exists()
