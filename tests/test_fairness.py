"""Is the remedy fair (issue 25, docs/fairness.md): the figures held against ones worked
out by hand on short stubs and real hands, the 2018 case, and ``floorbook fairness``."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import jsonschema
import pytest

from kb import DATA
from kb.cli import main
from kb.fairness.analysis import fairness, remedy_shape
from kb.fairness.knowledge import clean_chance, reaches_play
from kb.fairness.order import Shape, keeps_random, positions
from kb.files import SCHEMAS
from kb.hand.scenario_file import load_scenario
from kb.house.compose import resolve_rulebook
from kb.knowledge.load import load_knowledge_base
from kb.rules.ruling import Ruling, Step, TableView

SCENARIOS = Path(DATA) / "scenarios"
CASE_2018 = Path(__file__).parent / "fixtures" / "fairness" / "lowstakes-2018-knocked-flop-card.yaml"
F = Fraction


@pytest.fixture(scope="module")
def kb():
    return load_knowledge_base()


def _record(kb, name: str, book: str, path: Path | None = None):
    scenario = load_scenario(path or SCENARIOS / f"{name}.yaml")
    return fairness(kb, resolve_rulebook(kb, book), scenario)


# ----------------------------------------------------------------- order, on short stubs


def test_a_card_put_back_on_top_and_reshuffled_is_anywhere_alike():
    # by hand: the As and three unseen cards, four places, every one of 4! orders alike
    chances = positions(Shape(unseen=3, seen=("As",), put_back="top", shuffle=True))
    assert {place: set(cards.values()) for place, cards in chances.items()} == {
        ("stub", i): {F(1, 4)} for i in range(4)}
    assert set(chances[("stub", 0)]) == {"As", "u1", "u2", "u3"}
    assert keeps_random(chances)


def test_a_card_put_back_at_a_known_place_is_known_there():
    chances = positions(Shape(unseen=3, seen=("As",), put_back="top"))
    assert chances[("stub", 0)] == {"As": F(1)}
    assert chances[("stub", 1)] == {"u1": F(1, 3), "u2": F(1, 3), "u3": F(1, 3)}
    assert not keeps_random(chances)


def test_a_stub_nobody_saw_stays_random():
    chances = positions(Shape(unseen=5))
    assert all(found == {f"u{n}": F(1, 5) for n in range(1, 6)} for found in chances.values())
    assert keeps_random(chances)


def test_a_scramble_of_four_seen_cards_is_random_among_them():
    # the TDA's four-card flop: all four seen, one picked as burn, the stub untouched
    chances = positions(Shape(unseen=3, seen=("Kc", "Th", "9c", "Jh"), scramble=True))
    assert chances[("picked", 0)] == dict.fromkeys(("Kc", "Th", "9c", "Jh"), F(1, 4))
    assert chances[("stub", 0)] == dict.fromkeys(("u1", "u2", "u3"), F(1, 3))
    assert keeps_random(chances)


def test_a_seen_card_scrambled_with_unseen_ones_is_favoured():
    # the 2018 floor: the 4s scrambled with three unseen cards off a stub of four: the
    # burn is the 4s one time in 4; an unseen card is among the three taken 3 times in 4
    # and then the burn 1 time in 4: 3/16 each (1/4 + 4 x 3/16 = 1)
    chances = positions(Shape(unseen=4, seen=("4s",), scramble=True, scramble_unseen=3))
    assert chances[("picked", 0)] == {"4s": F(1, 4), **dict.fromkeys(
        ("u1", "u2", "u3", "u4"), F(3, 16))}
    assert not keeps_random(chances)


def test_an_enumeration_refuses_a_long_stub():
    with pytest.raises(ValueError, match="at most 6"):
        positions(Shape(unseen=7))


# ------------------------------------------------------------- knowledge, on real hands


def test_the_unconditional_chance_is_the_places_that_play_over_the_deck():
    assert clean_chance("holdem", 6, 52) == F(17, 52)      # 12 hole cards and 5 board
    assert clean_chance("omaha", 2, 52) == F(13, 52)       # 8 and 5
    assert clean_chance("stud", 8, 52) == F(52, 52)        # 56 places: every card plays
    assert clean_chance("holdem", 2, 8) == F(8, 8)


def test_a_premature_flop_card_reshuffled_plays_five_times_in_37(kb):
    # by hand: 7 seats hold 14 cards, the burn 1: 37 cards in the stub with the Jh back;
    # the flop (3), turn and river come from it: 5 places that play
    record = _record(kb, "case-c31-premature-first-flop-card", "tda@2024")
    [seen] = record.seen
    assert (seen.card, seen.where_after, seen.reaches_play) == ("Jh", "stub (reshuffled)",
                                                                 F(5, 37))
    assert seen.reaches_play_clean == F(14 + 5, 52)
    assert seen.seen_by == (0, 1, 2, 3, 4, 5, 6, 7) and not seen.flagged
    assert record.keeps_random and "reshuffled" in record.order_reason


def test_a_premature_turn_reshuffled_plays_twice_in_35(kb):
    # 6 seats: 12 cards, flop burn and 3 cards, turn burn: 35 left with the 6h back;
    # the turn and the river play
    [seen] = _record(kb, "premature-turn", "tda@2024").seen
    assert (seen.card, seen.reaches_play, seen.reaches_play_clean) == ("6h", F(2, 35),
                                                                        F(17, 52))


def test_a_four_card_flop_scrambled_plays_three_times_in_four_and_is_flagged(kb):
    record = _record(kb, "case-c27-four-card-flop-stuck-cards", "tda@2024")
    assert [(s.card, s.reaches_play, s.flagged) for s in record.seen] == [
        (card, F(3, 4), True) for card in ("Kc", "Th", "9c", "Jh")]
    assert record.keeps_random          # random among the four: all four were seen
    rrop = _record(kb, "case-c27-four-card-flop-stuck-cards", "rrop@v11")
    assert {(s.where_after, s.reaches_play) for s in rrop.seen} == {
        ("stub (reshuffled)", F(5, 33))}


def test_an_exposed_card_that_becomes_the_burn_never_plays(kb):
    record = _record(kb, "case-c01-exposed-card-self-dealt", "rrop@v11")
    assert [(s.card, s.where_after, s.reaches_play, s.flagged) for s in record.seen] == [
        ("5d", "burn", F(0), False)]


def test_an_exposed_hole_card_kept_is_known_in_its_hand(kb):
    [seen] = _record(kb, "wsop-live-single-hole-card-exposed", "tda@2024").seen
    assert (seen.card, seen.where_after, seen.reaches_play, seen.flagged) == (
        "8d", "hand 3", F(1), True)
    assert 3 not in seen.seen_by


# ------------------------------------------------------------------------ the 2018 case


def _floor_2018(cards: list[str]) -> Ruling:
    """The floor's ruling of 2018: ``cards`` scrambled, one picked as the flop's burn."""
    view = TableView({1: ("As", "Kd")}, (), (), (), (), ())
    step = Step("scramble-pick", {"cards": cards, "picked": cards[0], "as": "burn",
                                  "street": "flop"})
    return Ruling("lowstakes-2018-knocked-flop-card", "floor", "continue", (), (step,), True,
                  view, "")


def test_the_2018_procedure_as_reported_puts_the_4s_on_the_flop_three_times_in_four():
    # the two knocked-over cards (7c, 4s) with the next two (9d, Jh): one of four is the
    # burn, so the 4s is on the flop 3 times in 4, as the post says
    ruling = _floor_2018(["7c", "4s", "9d", "Jh"])
    place = reaches_play("4s", "holdem", ruling, 52)
    assert place.chance == F(3, 4) and place.where.startswith("scrambled with 3 other")
    shape, _ = remedy_shape(ruling, ["4s"])
    assert not keeps_random(positions(shape))


def test_the_2018_procedure_as_the_issue_summarises_it_is_two_in_three():
    # the 4s with the two natural flop cards only: one of three is the burn
    assert reaches_play("4s", "holdem", _floor_2018(["4s", "9d", "Jh"]), 52).chance == F(2, 3)


def test_the_books_leave_the_2018_card_where_it_lies_known_to_play(kb):
    record = _record(kb, "", "tda@2024", CASE_2018)
    [seen] = record.seen
    assert (seen.card, seen.where_after, seen.reaches_play, seen.flagged) == (
        "4s", "stub (card 2 from the top)", F(1), True)
    assert not record.keeps_random


# -------------------------------------------------------------------- floorbook fairness


def test_the_text_answers_first_and_gives_each_live_seats_chance(capsys):
    path = SCENARIOS / "case-c31-premature-first-flop-card.yaml"
    assert main(["fairness", str(path), "--rulebook", "tda@2024"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == ("case-c31-premature-first-flop-card under tda@2024: the exposed Jh "
                        "goes to the stub (reshuffled): it plays 5 times in 37 (13.5%): no "
                        "seat can know a card to come")
    # the two live seats' shares of the pot after the remedy, one line each, make the pot
    after = lines.index("  chances after the remedy:")
    seats = lines[after + 1:after + 3]
    assert [line.split(":")[0] for line in seats] == ["    seat 1", "    seat 2"]
    assert abs(sum(float(line.split()[3].rstrip("%,")) for line in seats) - 100) < 0.2
    assert lines[after + 3] == "  chances dealt without the irregularity:"


def test_every_published_book_by_default_and_the_json_follows_its_schema(capsys):
    path = SCENARIOS / "case-c27-four-card-flop-stuck-cards.yaml"
    assert main(["fairness", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    schema = json.loads((SCHEMAS / "fairness.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(data)
    assert data["format_version"] == 2
    books = [r["rulebook"] for r in data["fairness"]]
    assert books[:5] == ["rrop@v11", "tda@2024", "tda@2026", "wsop@2024", "wsop-live@2024"]
    tda = data["fairness"][1]
    assert [s["reaches_play"] for s in tda["seen"]] == ["3/4"] * 4
    # exact shares of the pot (kb.fairness.chances): the live seats' shares make the pot
    assert tda["chances_computed"] is True
    assert all(seat["exact"] for seat in tda["chances_after"])
    assert sum(Fraction(seat["win"]) for seat in tda["chances_after"]) == 1


def test_schema_serves_the_fairness_schema(capsys):
    assert main(["schema", "fairness"]) == 0
    assert capsys.readouterr().out.strip().endswith("fairness.schema.json")


def test_a_bad_scenario_prints_every_problem_located_and_exits_1(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: bad\ntitle: bad\ngame: holdem\nseats: 99\nbutton: 0\nevents: []\n",
                   encoding="utf-8")
    assert main(["fairness", str(bad)]) == 1
    captured = capsys.readouterr()
    problems = [line for line in captured.err.splitlines() if line.startswith(str(bad))]
    assert len(problems) >= 2, captured.err         # seats and button, both at once
    assert {line.split(":")[1] for line in problems} >= {"4", "5"}
    assert captured.out == "" and "Traceback" not in captured.err


def test_an_unknown_rulebook_is_a_usage_error(capsys):
    path = SCENARIOS / "premature-turn.yaml"
    assert main(["fairness", str(path), "--rulebook", "nobook@1"]) == 2
    assert "floorbook fairness:" in capsys.readouterr().err


def test_a_hand_with_nothing_to_rule_has_nothing_seen(tmp_path, capsys):
    # no irregularity: no floor case, the table is the replay's (an IndexError before)
    clean = tmp_path / "clean.yaml"
    clean.write_text("id: clean\ntitle: clean\ngame: holdem\nseats: 3\nbutton: 3\nevents:\n"
                     "  - deal: {}\n  - act: [call, call, check]\n  - flop: {}\n",
                     encoding="utf-8")
    assert main(["fairness", str(clean), "--rulebook", "tda@2024"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == (
        "clean under tda@2024: no card was seen out of turn: no seat can know a card to come")


def test_a_scenario_that_is_a_link_to_an_endless_file_is_refused(tmp_path, capsys):
    link = tmp_path / "zero.yaml"
    link.symlink_to("/dev/zero")
    assert main(["fairness", str(link)]) == 1
    err = capsys.readouterr().err
    assert str(link) in err and "Traceback" not in err


def test_a_seen_card_left_where_it_never_plays_leaves_the_deal_random(kb):
    # the dealer saw the stub's bottom card (card 34): it never comes, so it is out of
    # play (0) and no place that is dealt is known
    record = _record(kb, "stub-bottom-card-seen-by-dealer-tournament", "tda@2024")
    assert [(s.card, s.seen_by, s.where_after, s.reaches_play) for s in record.seen] == [
        ("2c", (0,), "stub (card 34 from the top)", F(0))]
    assert record.keeps_random
    # the next card, seen by the dealer and left on top of the turn: known, not random
    nxt = _record(kb, "stub-card-seen-by-dealer-before-turn", "tda@2024")
    assert [(s.card, s.reaches_play, s.flagged) for s in nxt.seen] == [("4h", F(1), True)]
    assert not nxt.keeps_random


def test_many_seen_cards_keep_the_enumeration_short():
    # ten exposed cards and a misdeal: the enumeration takes two of them (a stub of 11
    # cards reshuffled would be 11! orders, and a small file must not hang the tool)
    seen = [f"{rank}s" for rank in "AKQJT98765"]
    view = TableView({}, (), (), (), (), ())
    misdeal = Ruling("x", "b", "misdeal", (), (Step("gather"), Step("shuffle", {"cards": 52})),
                     True, view, "")
    shape, reason = remedy_shape(misdeal, seen)
    assert len(shape.seen) + shape.unseen <= 8 and reason.startswith("the whole deck")
    assert keeps_random(positions(shape))
    with pytest.raises(ValueError, match="8 in all"):
        positions(Shape(unseen=4, seen=tuple(seen), put_back="top", shuffle=True))
