"""``rulebook build --log DIR --no-names`` hides a floor person's first name too (issue
24's review): before, only the exact ``floor:`` text was hidden, so "Sam" in a note named
the floor person "Sam R."."""

from __future__ import annotations

from kb.handbook.house.precedents import NO_NAME, hider


def test_each_word_of_three_letters_or_more_of_a_name_is_hidden_as_a_whole_word():
    hide = hider(["Sam R.", "Jo Ann Lee", "  "])
    assert hide("Sam called it; Lee agreed with Jo and Ann, not Samantha or sam.") == (
        f"{NO_NAME} called it; {NO_NAME} agreed with Jo and {NO_NAME}, not Samantha or sam.")
    assert hide("Sam R. and Jo Ann Lee ruled; R. was away.") == (
        f"{NO_NAME} and {NO_NAME} ruled; R. was away.")


def test_a_short_name_is_hidden_whole_and_a_table_stays():
    assert hider([])("Table 12, Sam") == "Table 12, Sam"
    assert hider(["TD"])("The TD ruled at table 12.") == f"The {NO_NAME} ruled at table 12."
