"""Fixes from the second fresh-user run (issue 7): every duplicate key of a file in one
run, a scenario too long for one hand refused at once, and `rulebook new` never writing
into floorbook's own package (whose rulebooks the handbook publishes)."""

from pathlib import Path

from kb.cli import main
from kb.files import InputError, parse_text

PACKAGE = Path(__file__).resolve().parent.parent / "kb"


def test_every_duplicate_key_of_a_file_is_reported_in_one_run():
    text = "title: a\ntitle: b\nx: 1\nevents: 1\nevents: 2\n"
    try:
        parse_text(text, "t.yaml")
    except InputError as error:
        assert str(error).splitlines() == [
            "t.yaml:2: the key 'title' appears twice (keep one)",
            "t.yaml:5: the key 'events' appears twice (keep one)"]
    else:
        raise AssertionError("duplicate keys were accepted")


def test_a_scenario_with_more_events_than_a_hand_has_is_refused_at_its_events_line(
        tmp_path, capsys):
    events = "".join("  - found: {duplicate: As, where: muck}\n" for _ in range(4000))
    path = tmp_path / "many.yaml"
    path.write_text("id: many\ntitle: Many\ngame: holdem\nseats: 3\nbutton: 3\n"
                    "events:\n  - deal: {}\n" + events, encoding="utf-8")
    assert main(["rule", str(path), "--rulebook", "rrop@v11"]) == 1
    assert capsys.readouterr().err.splitlines() == [
        f"{path}:7: events has 4001 items (give at most 200)"]


def test_rulebook_new_refuses_a_file_inside_the_package_folder(capsys):
    target = PACKAGE / "data" / "rulebooks" / "not-written.yaml"
    assert main(["rulebook", "new", "-o", str(target), "--base", "tda@2024"]) == 1
    assert not target.exists()
    assert capsys.readouterr().err.startswith(
        f"{target}: is inside floorbook's package folder ({PACKAGE}), whose rulebooks are "
        "published with the handbook")


def test_a_boxed_position_past_the_cards_of_a_street_is_a_located_error(tmp_path, capsys):
    path = tmp_path / "boxed.yaml"
    path.write_text("id: boxed\ntitle: Boxed\ngame: holdem\nseats: 3\nbutton: 3\nevents:\n"
                    "  - deal: {}\n  - act: [call, call, check]\n  - flop: {boxed: [9]}\n",
                    encoding="utf-8")
    assert main(["rule", str(path), "--rulebook", "tda@2024"]) == 1
    assert capsys.readouterr().err.splitlines() == [
        f"{path}:9: boxed position 9 of the flop was never dealt (use a position from 1 "
        "to 3)"]
