"""The `floorbook rulebook` commands as a user meets them: `new` writes a starter file an
editor can check as it is typed and refuses options `check` would refuse; `build` refuses
dangerous output folders with the reason, prints every problem of a broken house file,
and never leaves half a site."""

import os
from functools import cache
from pathlib import Path

import pytest

from kb.cli import main
from kb.files import SCHEMAS
from kb.handbook.house import publish as house_publish
from kb.handbook.house.publish import MARKER, PublishError, output_folder
from kb.house.compose import RULEBOOKS
from kb.knowledge import load

BAD = Path(__file__).parent / "data" / "bad" / "house"
HOME_GAME = RULEBOOKS / "home-game.yaml"
_LOADED = cache(load.load_knowledge_base)


@pytest.fixture(autouse=True)
def one_knowledge_base(monkeypatch):
    """The CLI loads the knowledge base for each command; these tests load it once."""
    monkeypatch.setattr(load, "load_knowledge_base", _LOADED)


# --------------------------------------------------------------------------- new


def test_starter_file_starts_with_the_schema_modeline_and_checks_clean(tmp_path, capsys):
    path = tmp_path / "ours.yaml"
    assert main(["rulebook", "new", "-o", str(path), "--title", "Café Poker ♠ Night"]) == 0
    first = path.read_text(encoding="utf-8").splitlines()[0]
    schema = (SCHEMAS / "house.schema.json").resolve()
    assert first == f"# yaml-language-server: $schema={schema}"
    assert schema.is_absolute() and schema.is_file()
    capsys.readouterr()
    assert main(["rulebook", "check", str(path)]) == 0
    assert capsys.readouterr().out == (f"{path}: house.my-room@2026 (Café Poker ♠ Night) on "
                                       "tda@2024: no problems\n")


@pytest.mark.parametrize(("title", "message"), [
    ("Friday\nNight", ("argument --title: title 'Friday\\nNight' is not of the right form "
                      "(write the title on one line, as plain text, 200 characters at most)")),
    ("x" * 201, ("argument --title: title is 201 characters long (write the title on one "
                "line, as plain text, 200 characters at most)")),
    ("   ", ("argument --title: title '   ' is not of the right form (write the title on one "
           "line, as plain text, 200 characters at most)")),
    ("Bad\udcffbytes", ("argument --title: 'Bad\\udcffbytes' holds bytes that are not text "
                       "(write it in UTF-8)")),
])
def test_new_refuses_a_title_check_would_refuse_as_a_usage_error_and_writes_nothing(
        tmp_path, capsys, title, message):
    """A bad --title is a bad option value, as a bad --id is: usage, error, exit 2."""
    path = tmp_path / "ours.yaml"
    assert main(["rulebook", "new", "-o", str(path), "--title", title]) == 2
    out, err = capsys.readouterr()
    assert err.splitlines()[0] == "usage: floorbook rulebook new [-h] [-o OUTPUT]"
    assert err.splitlines()[-1] == f"floorbook rulebook new: error: {message}"
    assert out == "" and not path.exists()


def test_new_refuses_a_bad_title_before_looking_at_the_output_file(tmp_path, capsys):
    """Usage errors come first: a bad --title with an existing -o is still exit 2."""
    path = tmp_path / "ours.yaml"
    path.write_text("mine\n", encoding="utf-8")
    assert main(["rulebook", "new", "-o", str(path), "--title", " "]) == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        "floorbook rulebook new: error: argument --title: title ' ' is not of the right form "
        "(write the title on one line, as plain text, 200 characters at most)")
    assert path.read_text(encoding="utf-8") == "mine\n"


def test_new_refuses_an_id_that_could_climb_out_of_a_folder_as_a_usage_error(tmp_path,
                                                                              capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["rulebook", "new", "-o", str(tmp_path / "x.yaml"), "--id", "house.x@../../etc"])
    assert exit_.value.code == 2
    assert ("argument --id: 'house.x@../../etc' is not a house rulebook id (write "
            "house.<name>@<version>, e.g. house.friday@2026, with lowercase letters, digits "
            "and hyphens in the name)") in capsys.readouterr().err


def test_new_never_writes_through_a_dangling_link(tmp_path, capsys):
    link = tmp_path / "ours.yaml"
    link.symlink_to(tmp_path / "elsewhere.yaml")
    assert main(["rulebook", "new", "-o", str(link)]) == 1
    assert capsys.readouterr().err == (f"{link}:1: is a symbolic link that points to nothing "
                                       "(give the file itself, or a new file's path)\n")
    assert not (tmp_path / "elsewhere.yaml").exists()


# --------------------------------------------------------------------------- build


def _build_refused(args, capsys) -> list[str]:
    assert main(["rulebook", "build", *args]) == 1
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    return err.splitlines()


def test_build_into_the_root_folder_says_why_it_refuses(capsys):
    assert _build_refused([str(HOME_GAME), "-o", "/"], capsys) == [
        ("floorbook rulebook build: -o /: / is the root of the file system; a build replaces "
        "everything in its output folder, so give a new folder for the site (e.g. -o site)")]


def test_build_into_the_home_folder_or_above_it_is_refused(tmp_path, monkeypatch, capsys):
    home = tmp_path / "home" / "dealer"
    home.mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    assert _build_refused([str(HOME_GAME), "-o", str(home)], capsys) == [
        (f"floorbook rulebook build: -o {home}: {home.resolve()} is your home folder; a build "
        "replaces everything in its output folder, so give a new folder for the site "
        "(e.g. -o site)")]
    with pytest.raises(PublishError, match=r"is a folder that holds your home folder \("):
        output_folder(home.parent)


def test_build_into_the_current_folder_is_refused(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(PublishError, match=r"is the current folder; a build replaces"):
        output_folder(Path("."))


def test_build_into_a_repository_root_or_floorbook_s_own_folder_is_refused(tmp_path):
    (tmp_path / "repo" / ".git").mkdir(parents=True)
    with pytest.raises(PublishError, match=r"repo is the root of a git repository;"):
        output_folder(tmp_path / "repo")
    project = Path(house_publish.__file__).resolve().parents[3]
    with pytest.raises(PublishError, match=r"is (floorbook's own folder|the current folder)"):
        output_folder(project)


def test_build_into_a_folder_with_other_files_is_refused_and_the_files_kept(tmp_path, capsys):
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    assert _build_refused([str(HOME_GAME), "-o", str(tmp_path)], capsys) == [
        (f"floorbook rulebook build: -o {tmp_path}: {tmp_path.resolve()} has files in it and "
        f"is not a floorbook house site (no {MARKER}); give a new or empty folder")]
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]


def test_build_of_a_broken_file_prints_every_problem_and_writes_nothing(tmp_path, capsys):
    source = BAD / "several-problems.yaml"
    lines = _build_refused([str(source), "-o", str(tmp_path / "site")], capsys)
    expected = [line.removeprefix("# expect: ") for line in
                source.read_text(encoding="utf-8").splitlines() if line.startswith("# expect")]
    assert lines == [str(source.parent / line) for line in expected]
    assert list(tmp_path.iterdir()) == []


def test_build_of_a_broken_file_into_a_dangerous_folder_reports_both(tmp_path, capsys):
    lines = _build_refused([str(BAD / "unknown-base.yaml"), "-o", "/"], capsys)
    assert [line.split(": ")[0] for line in lines] == [
        str(BAD / "unknown-base.yaml") + ":4", "floorbook rulebook build"]


# --------------------------------------------------------------------------- no half site


def _earlier_site(tmp_path: Path) -> tuple[Path, Path]:
    target, built = tmp_path / "site", tmp_path / "built"
    target.mkdir()
    (target / MARKER).write_text("", encoding="utf-8")
    (target / "index.html").write_text("earlier", encoding="utf-8")
    built.mkdir()
    (built / "index.html").write_text("new", encoding="utf-8")
    return target, built


def test_a_new_site_replaces_the_earlier_one_whole(tmp_path):
    target, built = _earlier_site(tmp_path)
    house_publish._install(target, built)
    assert (target / "index.html").read_text(encoding="utf-8") == "new"
    assert (target / MARKER).is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["built", "site"]  # nothing staged


def test_a_failed_copy_leaves_the_earlier_site_untouched(tmp_path, monkeypatch):
    target, built = _earlier_site(tmp_path)

    def copy_half(source, destination, **_):
        Path(destination).mkdir()
        (Path(destination) / "index.html").write_text("half", encoding="utf-8")
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(house_publish.shutil, "copytree", copy_half)
    with pytest.raises(OSError):
        house_publish._install(target, built)
    assert (target / "index.html").read_text(encoding="utf-8") == "earlier"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["built", "site"]


def test_a_failed_swap_puts_the_earlier_site_back(tmp_path, monkeypatch):
    target, built = _earlier_site(tmp_path)
    real = os.rename

    def rename(source, destination):
        if Path(destination) == target and Path(source).name.startswith(".site.new-"):
            raise OSError(13, "Permission denied")   # the staged site cannot move in
        return real(source, destination)
    monkeypatch.setattr(house_publish.os, "rename", rename)
    with pytest.raises(OSError):
        house_publish._install(target, built)
    assert (target / "index.html").read_text(encoding="utf-8") == "earlier"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["built", "site"]


def test_a_build_that_warns_writes_no_output_folder(tmp_path, monkeypatch, capsys):
    def warn(source, out, builder, values):
        raise PublishError(f"the {builder} build warned (warnings are errors):\nWARNING: x")
    monkeypatch.setattr(house_publish, "build", warn)
    target = tmp_path / "site"
    assert main(["rulebook", "build", str(HOME_GAME), "-o", str(target)]) == 1
    assert capsys.readouterr().err.startswith("the html build warned")
    assert not target.exists() and list(tmp_path.iterdir()) == []
