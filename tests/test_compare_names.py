"""`floorbook compare` and `rule` name every book as the handbook's columns do
(kb.knowledge.names.book_name): a house file's book by its title when short, else
"House <name> <version>", never its raw id with "@" made a space."""

from __future__ import annotations

from kb import DATA
from kb.cli import main

HAND = DATA / "scenarios" / "first-card-wrong-seat.yaml"


def test_compare_names_a_house_files_book_as_the_matrix_column_does(capsys):
    assert main(["compare", str(HAND)]) == 0
    out = capsys.readouterr().out
    lines = out.split("\n\n")[0].splitlines()
    # the home game's title, "Thursday Night Home Game Rules", is too long for a column
    assert "  House thursday-home-game 2026: Misdeal: reshuffle and redeal [decided by the " \
           "standard: TDA 2024 35-A-2]" in lines
    assert "  House casino 2026: Misdeal: reshuffle and redeal [decided by the reference: " \
           "Robert's Rules v11 Misdeals 2(h)]" in lines
    assert "house.thursday-home-game 2026" not in out and "house.casino 2026" not in out


def test_rule_names_the_house_book_in_who_decided(capsys):
    """The home game adopts Robert's Rules' four-card-flop redeal (Hold'em 3): its own
    layer decides, named as its column is."""
    hand = DATA / "scenarios" / "case-c27-four-card-flop-stuck-cards.yaml"
    assert main(["rule", str(hand), "--rulebook", "house.thursday-home-game@2026"]) == 0
    out = capsys.readouterr().out
    assert ("  Decided by the house (House thursday-home-game 2026): Hold'em 3 of Robert's "
            "Rules v11, adopted") in out.splitlines(), out
    assert "house.thursday-home-game 2026" not in out
