"""The command line's conventions: --version, help in plain words, the site's short names,
``check --json``, shell completion, colour and progress only on a terminal (never with
NO_COLOR), ``init``, and ``build --data`` with a data folder's own pages or the defaults."""

from __future__ import annotations

import io
import json
import shutil
from importlib import metadata
from pathlib import Path

import pytest

from kb.cli import common, main, parser
from kb.handbook.sitebuild.pages import default_pages, write_pages
from kb.knowledge.load import load_knowledge_base

PROJECT = Path(__file__).resolve().parent.parent
KB_SMALL = Path(__file__).parent / "data" / "kb-small"
SCENARIO = PROJECT / "kb" / "data" / "scenarios" / "four-card-flop.yaml"


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _subparsers(top):
    """Every (name, parser) of the command line, nested ones as "rulebook new"."""
    for action in top._subparsers._group_actions:
        for name, sub in action.choices.items():
            yield name, sub
            if sub._subparsers is not None:
                yield from ((f"{name} {n}", s) for n, s in _subparsers(sub))


# --------------------------------------------------------------------------- version, help


def test_version_is_the_installed_packages(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out == f"floorbook {metadata.version('floorbook')}\n"


def test_help_of_every_command_is_plain_words_with_a_description():
    top = parser()
    assert top.format_help().split("\n\n")[1].startswith("Rule dealing errors at the poker")
    commands = dict(_subparsers(top))
    assert {"build", "check", "schema", "rule", "compare", "rulebook", "init",
            "rulebook new", "rulebook check", "rulebook build"} <= set(commands)
    for name, sub in commands.items():
        text = sub.format_help()
        assert sub.description, name
        for markup in ("``", ":func:", ":mod:", "**"):
            assert markup not in text, (name, markup)


def test_rule_cites_each_edition_by_the_short_name_the_site_prints(capsys):
    assert main(["rule", str(SCENARIO), "--rulebook", "tda@2024"]) == 0
    [cites] = [line for line in capsys.readouterr().out.splitlines() if "cites:" in line]
    assert cites == ("  cites:  TDA 2024 39-A (tda.four-card-flop); TDA 2024 RP-14 "
                     "(tda.rp.randomness)")
    assert main(["rule", str(SCENARIO), "--rulebook", "rrop@v11"]) == 0
    assert "cites:  Robert's Rules v11 Hold'em 3 (rrop.holdem.four-card-flop)" \
        in capsys.readouterr().out


# --------------------------------------------------------------------------- check --json


def test_check_json_counts_the_records_of_a_folder_without_problems(capsys):
    assert main(["check", "--data", str(KB_SMALL), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report == {"format_version": 1, "data": str(KB_SMALL), "ok": True,
                      "counts": {"provisions": 4, "topics": 2, "terms": 2, "errata": 1,
                                 "expectations": {"text": 0, "engine": 0, "unmarked": 0}},
                      "problems": []}


def test_check_json_gives_each_problem_its_file_line_and_message(tmp_path, capsys):
    data = tmp_path / "data"
    shutil.copytree(KB_SMALL, data)
    (data / "topics.yaml").write_text("topics:\n  - id: ../../../etc/evil\n", encoding="utf-8")
    assert main(["check", "--data", str(data), "--json"]) == 1
    out, err = capsys.readouterr()
    report = json.loads(out)
    assert err == "" and report["ok"] is False and report["counts"] is None
    [evil] = [p for p in report["problems"] if "evil" in p["message"]]
    assert (evil["file"], evil["line"]) == (str(data / "topics.yaml"), 2)
    assert evil["message"].startswith("topics.id '../../../etc/evil' is not of the right")
    assert evil["text"] == f"{evil['file']}:2: {evil['message']}"


def test_check_text_says_one_topic_not_one_topics(tmp_path, capsys):
    assert main(["init", str(tmp_path / "p")]) == 0
    capsys.readouterr()
    assert main(["check", "--data", str(tmp_path / "p" / "data")]) == 0
    assert capsys.readouterr().out.endswith(": 2 provisions, 1 topic, 1 term, 0 errata: no "
                                            "problems\n")


# --------------------------------------------------------------------------- completion


@pytest.mark.parametrize("shell", ["bash", "zsh"])
def test_completion_script_names_every_command(shell, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--print-completion", shell])
    assert exit_.value.code == 0
    script = capsys.readouterr().out
    assert "floorbook" in script
    for command in ("build", "check", "rule", "compare", "rulebook", "init", "--rulebook"):
        assert command in script, command


def test_bash_completion_offers_files_for_files_and_folders_for_folders(capsys):
    with pytest.raises(SystemExit):
        main(["--print-completion", "bash"])
    script = capsys.readouterr().out
    assert "_shtab_floorbook_rule_pos_0_COMPGEN=_shtab_compgen_files" in script
    assert "_shtab_floorbook_check___data_COMPGEN=_shtab_compgen_dirs" in script
    assert "_shtab_floorbook_init_pos_0_COMPGEN=_shtab_compgen_dirs" in script


# --------------------------------------------------------------------------- colour, progress


def test_problems_are_bold_at_their_location_only_on_a_terminal(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    for stream, expected in ((Terminal(), "\033[1ma.yaml:3:\033[0m the flop is early\n"),
                             (io.StringIO(), "a.yaml:3: the flop is early\n")):
        monkeypatch.setattr("sys.stderr", stream)
        assert common.fail(["a.yaml:3: the flop is early"]) == 1
        assert stream.getvalue() == expected


def test_no_color_turns_colour_off_on_a_terminal(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setattr("sys.stderr", Terminal())
    common.fail(["a.yaml:3: the flop is early"])
    assert common.styled("x", "1", Terminal()) == "x"
    assert "\033" not in common.sys.stderr.getvalue()


def test_progress_goes_to_a_terminal_and_never_into_a_file(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setattr("sys.stderr", Terminal())
    common.progress("ruling 3 scenarios ...")
    assert common.sys.stderr.getvalue() == "ruling 3 scenarios ...\n"
    monkeypatch.setattr("sys.stderr", io.StringIO())
    common.progress("ruling 3 scenarios ...")
    assert common.sys.stderr.getvalue() == ""


def test_check_says_what_it_does_on_a_terminal_but_not_in_a_pipe(monkeypatch, capsys):
    monkeypatch.setenv("NO_COLOR", "1")
    terminal = Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    assert main(["check", "--data", str(KB_SMALL)]) == 0
    assert terminal.getvalue() == (f"checking {KB_SMALL}: its files, then every scenario "
                                   "under every rulebook ...\n")


def test_rule_and_rulebook_check_say_what_they_read_on_a_terminal(monkeypatch, capsys):
    monkeypatch.setenv("NO_COLOR", "1")
    terminal = Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    assert main(["rule", str(SCENARIO), "--rulebook", "tda@2024"]) == 0
    house = PROJECT / "kb" / "data" / "rulebooks" / "home-game.yaml"
    assert main(["rulebook", "check", str(house)]) == 0
    assert terminal.getvalue().splitlines() == [
        "reading the knowledge base ...",
        f"checking {house}: reading the knowledge base, composing the rulebook, then ruling "
        "every scenario under it ..."]


# --------------------------------------------------------------------------- init


def test_init_writes_data_pages_conf_and_pytest_ini(tmp_path, capsys):
    assert main(["init", str(tmp_path / "proj")]) == 0
    files = sorted(str(p.relative_to(tmp_path / "proj")) for p in (tmp_path / "proj").rglob("*")
                   if p.is_file())
    assert files == ["conf.py", "data/errata.yaml", "data/glossary.yaml",
                     "data/pages/disagreements.md", "data/pages/editions/index.md",
                     "data/pages/editions/rrop-v11.md", "data/pages/editions/tda-2024.md",
                     "data/pages/errata.md", "data/pages/glossary.md", "data/pages/index.md",
                     "data/pages/topics/four-card-flop.md", "data/pages/topics/index.md",
                     "data/provisions/rrop.yaml", "data/provisions/tda.yaml",
                     "data/scenarios/four-card-flop.yaml", "data/sources.yaml",
                     "data/topics.yaml", "pytest.ini"]
    ini = (tmp_path / "proj" / "pytest.ini").read_text(encoding="utf-8")
    assert "floorbook_scenarios = data/scenarios\n" in ini
    assert "floorbook_data = data\n" in ini
    assert capsys.readouterr().out.startswith(f"wrote 18 files into {tmp_path / 'proj'}. Next:")


def test_init_refuses_a_folder_with_files_and_writes_nothing(tmp_path, capsys):
    (tmp_path / "notes.txt").write_text("mine\n")
    assert main(["init", str(tmp_path)]) == 1
    assert capsys.readouterr().err == (f"floorbook init: {tmp_path}: has files in it; give a new "
                                       "or empty folder (init never overwrites a file)\n")
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]


def test_init_refuses_a_folder_inside_floorbooks_package(capsys):
    target = PROJECT / "kb" / "starter-here"
    assert main(["init", str(target)]) == 1
    assert "is inside floorbook's package folder" in capsys.readouterr().err
    assert not target.exists()


# --------------------------------------------------------------------------- build --data


def test_build_of_a_data_folder_without_pages_renders_the_default_pages(tmp_path, capsys):
    assert main(["build", "--data", str(KB_SMALL), "-o", str(tmp_path / "site")]) == 0
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert "default\npages" in index or "default pages" in index
    for page in ("topics/four-card-flop", "topics/boxed-cards", "editions/tda-2026",
                 "disagreements", "glossary", "errata"):
        assert (tmp_path / "site" / f"{page}.html").is_file(), page


def test_build_of_a_data_folder_renders_its_own_pages(tmp_path, capsys):
    data = _own_pages(tmp_path, "")
    (data / "pages" / "index.md").write_text(
        "# Our room's handbook\n\n```{toctree}\ntopics/index\neditions/index\n```\n\n"
        "```{toctree}\n:hidden:\n\ndisagreements\nglossary\nerrata\n```\n", encoding="utf-8")
    assert main(["build", "--data", str(data), "-o", str(tmp_path / "site")]) == 0
    assert "Our room" in (tmp_path / "site" / "index.html").read_text(encoding="utf-8")


def test_build_of_own_pages_missing_a_topic_page_names_the_page_to_add(tmp_path, capsys):
    data = _own_pages(tmp_path, "")
    (data / "pages" / "topics" / "boxed-cards.md").unlink()
    assert main(["build", "--data", str(data), "-o", str(tmp_path / "site")]) == 1
    assert "topic boxed-cards" in capsys.readouterr().err
    assert not (tmp_path / "site").exists()


def test_build_refuses_an_output_folder_inside_the_pages_it_reads(tmp_path, capsys):
    data = tmp_path / "data"
    shutil.copytree(KB_SMALL, data)
    (data / "pages").mkdir()
    assert main(["build", "--data", str(data), "-o", str(data / "pages" / "site")]) == 1
    assert capsys.readouterr().err == (
        f"floorbook build: -o {data / 'pages' / 'site'}: is inside the knowledge base "
        f"{data}, which would then hold a site; give a folder outside it (the folder "
        "beside it, such as site/)\n")     # the pages are in it


def test_data_file_directive_refuses_a_file_outside_the_bundled_data(tmp_path, capsys):
    data = _own_pages(tmp_path, "```{rule:data-file} ../../../../etc/passwd\n```\n")
    assert main(["build", "--data", str(data), "-o", str(tmp_path / "site")]) == 1
    err = capsys.readouterr().err
    assert "rule:data-file: '../../../../etc/passwd' is not a file of floorbook's bundled " \
           "data" in err
    assert "root:" not in err


def test_data_file_directive_shows_a_bundled_data_file(tmp_path, capsys):
    data = _own_pages(tmp_path, "```{rule:data-file} rulebooks/home-game.yaml\n"
                                ":language: yaml\n```\n")
    assert main(["build", "--data", str(data), "-o", str(tmp_path / "site")]) == 0
    shown = (tmp_path / "site" / "errata.html").read_text(encoding="utf-8")
    assert "Thursday Night Home Game Rules" in shown


# --------------------------------------------------------------------------- Read the Docs


def test_read_the_docs_installs_graphviz_and_floorbook_and_runs_floorbook_build():
    import shlex

    import yaml

    settings = yaml.safe_load((PROJECT / ".readthedocs.yaml").read_text(encoding="utf-8"))
    assert settings["version"] == 2
    assert "graphviz" in settings["build"]["apt_packages"]
    assert {"method": "pip", "path": "."} in settings["python"]["install"]
    [command] = settings["build"]["jobs"]["build"]["html"]
    words = shlex.split(command.replace("$READTHEDOCS_OUTPUT", "/rtd/output"))
    assert words[:3] == ["python", "-m", "kb"]
    args = parser().parse_args(words[3:])
    assert (args.command, args.output, args.data) == ("build", Path("/rtd/output/html"), None)
    assert (PROJECT / settings["sphinx"]["configuration"]).is_file()


# --------------------------------------------------------------------------- untrusted pages


def _own_pages(tmp_path: Path, errata_tail: str) -> Path:
    """A copy of the small knowledge base with its default pages, ``errata_tail`` appended
    to its errata page."""
    data = tmp_path / "data"
    shutil.copytree(KB_SMALL, data)
    write_pages(default_pages(load_knowledge_base(data)), data / "pages")
    with open(data / "pages" / "errata.md", "a", encoding="utf-8") as page:
        page.write("\n" + errata_tail)
    return data


def test_raw_html_in_a_data_folders_own_pages_shows_as_text(tmp_path, capsys):
    data = _own_pages(tmp_path, "<script>alert(1)</script>\n\nSee <b>this</b> word.\n")
    assert main(["build", "--data", str(data), "-o", str(tmp_path / "site")]) == 0
    page = (tmp_path / "site" / "errata.html").read_text(encoding="utf-8")
    assert "<script>alert(1)" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<b>this</b>" not in page and "&lt;b&gt;" in page


@pytest.mark.parametrize("directive", [
    "```{raw} html\n<script>alert(1)</script>\n```\n",
    "```{include} ../../../../../../etc/hostname\n```\n",
    "```{literalinclude} ../../../../../../etc/hostname\n```\n",
])
def test_raw_and_file_insertion_in_a_data_folders_own_pages_fail_the_build(
        directive, tmp_path, capsys):
    data = _own_pages(tmp_path, directive)
    assert main(["build", "--data", str(data), "-o", str(tmp_path / "site")]) == 1
    err = capsys.readouterr().err
    assert f"{data / 'pages' / 'errata.md'}:" in err
    assert "disabled" in err.lower()
    assert not (tmp_path / "site").exists()


def test_an_image_outside_a_data_folders_pages_is_refused(tmp_path, capsys):
    (tmp_path / "secret.png").write_bytes(b"\x89PNG not really")
    data = _own_pages(tmp_path, "![a picture](../../secret.png)\n")
    assert main(["build", "--data", str(data), "-o", str(tmp_path / "site")]) == 1
    assert "'../../secret.png' is outside the pages folder" in capsys.readouterr().err
    assert not (tmp_path / "site").exists()


def test_the_bundled_handbooks_pages_are_not_restricted(tmp_path):
    from types import SimpleNamespace

    from kb import DOCS
    from kb.handbook.guard.untrusted import untrusted

    def app(srcdir, data_dir):
        return SimpleNamespace(srcdir=str(srcdir), confdir=str(srcdir),
                               config=SimpleNamespace(floorbook_data_dir=data_dir))
    assert untrusted(app(DOCS, None)) is False
    assert untrusted(app(tmp_path / "data" / "pages", str(tmp_path / "data"))) is True
    assert untrusted(app(tmp_path / "elsewhere", str(tmp_path / "data"))) is False
