"""A data folder's pages are hostile input (issue 19): a page too large or too deeply
nested to parse is refused with its file, exit status 1 and no traceback."""

from __future__ import annotations

from hostile_pages import build, hostile_data


def test_a_page_over_the_cap_is_refused_unread(tmp_path, capsys):
    from kb.handbook.guard.untrusted import PAGE_CAP

    data = hostile_data(tmp_path, "A page.\n")
    big = data / "pages" / "big.md"
    big.write_text("# Big\n\n" + ("word " * 15 + "\n") * (PAGE_CAP // 76 + 1),
                   encoding="utf-8")
    size = big.stat().st_size
    assert PAGE_CAP < size < PAGE_CAP + 200
    status, err = build(data, tmp_path / "site", capsys)
    assert status == 1
    assert f"{big}:1: WARNING: floorbook: the page is {size} bytes, more than the " \
           f"{PAGE_CAP} a page may have; split it into pages" in err


def test_a_page_nested_too_deeply_is_refused_without_a_traceback(tmp_path, capsys):
    # 400 lists inside each other, 320 kB: docutils parses them by recursion
    nested = "".join(" " * (2 * level) + "- a\n" for level in range(400))
    data = hostile_data(tmp_path, "```{eval-rst}\n" + nested + "```\n")
    status, err = build(data, tmp_path / "site", capsys)
    assert status == 1 and "Traceback" not in err
    assert err.splitlines()[-1] == (
        f"{data / 'pages' / 'errata.md'}: is nested too deeply to be read (lists or quotes "
        "inside each other hundreds of times); flatten it")
    assert not (tmp_path / "site").exists()
