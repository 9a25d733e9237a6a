"""The chances of the fairness record (kb.fairness.figures, clean, calls, analysis)
against figures counted by hand on small decks: the unseen pool, the hand dealt without
the irregularity, the redeal, and who saw which card."""

from __future__ import annotations

import json
import math
from fractions import Fraction
from pathlib import Path

import pytest

from kb import DATA
from kb.cli import main
from kb.fairness.analysis import VOID, fairness
from kb.fairness.clean import cleaned
from kb.fairness.figures import REDEAL_SAMPLES, redeal_chances, table_chances
from kb.hand.deal import replay
from kb.hand.scenario_file import load_scenario, parse_scenario
from kb.house.compose import resolve_rulebook
from kb.knowledge.load import load_knowledge_base
from kb.rules.engine import rule

SCENARIOS = Path(DATA) / "scenarios"
FIXTURES = Path(__file__).parent / "fixtures" / "fairness"
F = Fraction
ACES, KINGS = ("As", "Ah"), ("Ks", "Kh")
TURN = ("2c", "7d", "9h", "Qc")


@pytest.fixture(scope="module")
def kb():
    return load_knowledge_base()


def _record(kb, path: Path, book: str = "tda@2024"):
    return fairness(kb, resolve_rulebook(kb, book), load_scenario(path))


def wins(chances):
    return [c.win for c in chances]


# ---------------------------------------------------------------------- the unseen pool


def test_the_river_comes_from_every_card_nobody_has_seen():
    # 52 less the four hole cards and the four board cards: 44 rivers, all alike (the
    # burns and the muck lie face down). The kings win with Kd or Kc only (no straight,
    # no flush for them): 2 in 44; the aces take the other 42. (Drawn from a stub of 41,
    # the burns left out, it would have been 2 in 41.)
    found, why = table_chances("holdem", {1: ACES, 2: KINGS}, TURN)
    assert wins(found) == [F(42, 44), F(2, 44)] and why == ""
    assert all(c.exact for c in found)


def test_a_card_seen_out_of_play_is_not_to_come():
    # the Kd was burned face up: 43 rivers, the kings win with the Kc alone, 1 in 43
    found, _ = table_chances("holdem", {1: ACES, 2: KINGS}, TURN, out=("Kd",))
    assert wins(found) == [F(42, 43), F(1, 43)]


def test_a_card_in_two_hands_says_the_deck_is_fouled():
    found, why = table_chances("holdem", {1: ACES, 2: ("As", "Kh")}, TURN)
    assert found == () and why.startswith("the deck is fouled: As is in two places")


def test_the_premature_river_put_back_plays_like_any_unseen_card(kb):
    # every book returns the early Kd to the stub and reshuffles it: as the remedy is
    # decided no player knows the river, which is any of the 44 unseen cards (the Kd
    # among them): the kings' 2 in 44, as if nothing had happened
    record = _record(kb, FIXTURES / "premature-river-two-kings-left.yaml")
    assert wins(record.chances_after) == [F(21, 22), F(1, 22)]
    assert record.chances_why == ""


# -------------------------------------------------------- the hand without the irregularity


def test_the_clean_hand_stops_where_the_floor_was_called(kb):
    # the river came before the turn's betting ended: dealt correctly, the hand is still
    # on the turn at the floor call (the river not yet dealt), so the kings have 2 in 44,
    # not the sure win the early Kd gave them
    record = _record(kb, FIXTURES / "premature-river-two-kings-left.yaml")
    assert wins(record.chances_clean) == [F(21, 22), F(1, 22)]
    assert record.clean_why == ""


def test_a_boxed_card_and_a_four_card_flop_are_dealt_right():
    # dealt right from the same stacked deck: seat 1 As 7h, seat 2 Kd 7c; burn 2s, flop
    # 9d Ah Kh (three cards, not four)
    hand = parse_scenario("id: b\ntitle: b\ngame: holdem\nseats: 2\nbutton: 2\n"
                          "deck: As Kd 7h 7c 2s 9d Ah Kh Qs\nevents:\n"
                          "  - deal: {boxed: [1]}\n  - act: [call, check]\n"
                          "  - flop: {cards: 4}\n")
    table = replay(cleaned(hand)).table
    assert table.hands == {1: ["As", "7h"], 2: ["Kd", "7c"]}
    assert (table.burns, table.board) == (["2s"], ["9d", "Ah", "Kh"])


def test_a_void_has_no_chances_after_and_the_clean_hand_drops_the_duplicate(kb):
    record = _record(kb, SCENARIOS / "duplicate-found-in-stub-preflop.yaml")
    assert record.chances_after == () and record.chances_why == VOID
    # the five seats' shares of the pot of the hand dealt from a deck without the second As
    assert [c.seat for c in record.chances_clean] == [1, 2, 3, 4, 5]
    assert sum(c.win for c in record.chances_clean) == pytest.approx(1)


# ------------------------------------------------------------------------------ a redeal


def test_a_redeal_gives_each_seat_one_share_exactly():
    # three seats dealt anew from one deck are exchangeable: 1/3 each, exactly; the split
    # is the same estimate for each, with the standard error of REDEAL_SAMPLES deals
    found, why = redeal_chances("holdem", [2, 5, 7])
    assert [(c.seat, c.win) for c in found] == [(2, F(1, 3)), (5, F(1, 3)), (7, F(1, 3))]
    assert len({c.split for c in found}) == 1 and not found[0].exact and why == ""
    split = found[0].split
    assert 0 < split < 0.1
    assert found[0].error == pytest.approx(math.sqrt(split * (1 - split) / REDEAL_SAMPLES))


def test_a_misdeal_has_the_redeals_chances_after(kb):
    record = _record(kb, SCENARIOS / "boxed-two-cards-during-deal.yaml", "rrop@v11")
    assert record.chances_after == record.chances_redeal != ()
    assert {c.win for c in record.chances_after} == {F(1, len(record.chances_after))}


def test_a_draw_game_says_why_it_has_no_chances():
    found, why = redeal_chances("lowball-27", [1, 2])
    assert found == () and why.startswith("a draw game")


# ------------------------------------------------------------------- who saw which card


def test_a_card_one_player_saw_is_one_of_the_other_seats(kb):
    # the second card dealt (seat 2's Kd) was seen by one player, not named: seat 1 or
    # seat 3, one of them; not the dealer, not its holder
    [seen] = _record(kb, FIXTURES / "card-seen-by-one-player.yaml").seen
    assert (seen.card, seen.seen_by, seen.one_of) == ("Kd", (1, 3), True)


def test_the_cards_seen_at_a_later_floor_call_count_too(kb):
    # stud: seat 5's Ks exposed on third street (first call), then the corrective card,
    # the Ts, dealt face up too (second call): both seen by every other seat and the dealer
    record = _record(kb, SCENARIOS / "case-c53-stud-third-card-also-dealt-up.yaml")
    assert [(s.card, s.seen_by, s.one_of) for s in record.seen] == [
        ("Ks", (0, 1, 2, 3, 4, 6), False), ("Ts", (0, 1, 2, 3, 4, 6), False)]


def test_the_callers_ruling_is_used_not_ruled_again(kb):
    from dataclasses import replace

    from kb.rules.engine import rule
    book = resolve_rulebook(kb, "tda@2024")
    hand = load_scenario(FIXTURES / "premature-river-two-kings-left.yaml")
    voided = replace(rule(kb, book, hand), remedy="void")
    assert fairness(kb, book, hand, ruling=voided).chances_why == VOID


def test_the_command_says_why_a_draw_games_chances_are_not_computed(capsys):
    path = SCENARIOS / "lowball-a5-exposed-high-card-before-draw.yaml"
    assert main(["fairness", str(path), "--rulebook", "tda@2024"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "  chances after the remedy: not computed (a draw game: the cards to come are " \
           "the players’ own discards and draws, which no enumeration of the stub can " \
           "know)" in lines
    assert main(["fairness", str(path), "--rulebook", "tda@2024", "--json"]) == 0
    [record] = json.loads(capsys.readouterr().out)["fairness"]
    assert record["chances_after"] == [] and record["chances_why"].startswith("a draw game")
    assert record["chances_computed"] is False


def test_a_card_the_players_saw_at_a_known_place_is_dealt_there(kb):
    # the players saw the Kd, the turn (after its burn), and the books leave it there:
    # the turn is the Kd for sure, the river any of the 52 - 4 - 3 - 1 = 44 unseen cards;
    # the aces need the Ad or the Ac: 2 in 44
    record = _record(kb, FIXTURES / "turn-card-seen-by-players.yaml")
    assert wins(record.chances_after) == [F(2, 44), F(42, 44)]


def test_a_card_the_dealer_alone_saw_is_any_card_to_the_players(kb):
    # the same Kd seen by the dealer alone: to the players the turn and the river are any
    # two of the 45 unseen cards, C(45, 2) = 990; the kings win with a king and no ace
    # (both kings 1, or one of the two with one of the 41 others 82): 83; the aces 907
    record = _record(kb, FIXTURES / "turn-card-seen-by-the-dealer.yaml")
    assert wins(record.chances_after) == [F(907, 990), F(83, 990)]


def test_a_scrambles_chances_after_count_every_pick_not_the_seeded_one():
    """TDA 2024's four-card flop (Rule 39-A as the knowledge base gives it) scrambles the
    four cards and picks one as the burn at random: the chances after the remedy are taken
    over the four picks alike, so the seed that drew the ruling's pick changes nothing.
    Before, the figures were those of the one seeded flop: seat 2 won 85.6% after the
    remedy under seed 0 against 61.1% dealt right."""
    kb = load_knowledge_base()
    hand = load_scenario(DATA / "scenarios" / "four-card-flop.yaml")
    book = resolve_rulebook(kb, "tda@2024")
    found = [fairness(kb, book, hand, seed=seed).chances_after for seed in range(4)]
    assert all(f == found[0] for f in found)
    wins = [c.win for c in found[0]]
    assert sum(wins) == 1 and all(c.exact for c in found[0])
    # the mean of the four picks' own counts, each a table of three flop cards
    ruling = fairness(kb, book, hand).chances_after
    step = next(s for s in rule(kb, book, hand).steps if s.do == "scramble-pick")
    cards = step.details["cards"]
    table = rule(kb, book, hand).table
    hands = {seat: c for seat, c in table.hands.items() if c and seat not in table.dead}
    picks = [table_chances("holdem", hands, [c for c in cards if c != burn], [burn])[0]
             for burn in cards]
    assert [c.win for c in ruling] == [sum((p[i].win for p in picks), Fraction(0)) / 4
                                       for i in range(len(ruling))]


def test_the_answer_says_who_can_know_and_names_cards_of_one_fate_together():
    """The first line of `floorbook fairness` (kb.fairness.text.answer): a card only the
    dealer saw left at a known place is the dealer's knowledge, not the seats'; a seen card
    left in a hand is one the other seats know, not a card to come; four cards scrambled
    alike are named together."""
    from kb.fairness.report import Fairness, SeenCard
    from kb.fairness.text import answer

    def record(*seen):
        return Fairness("x", "b", tuple(seen), True, "", (), (), ())
    dealer = SeenCard("Kd", (0,), "stub (card 2 from the top)", Fraction(1), Fraction(5, 52),
                      True)
    assert answer(record(dealer)) == ("the Kd the dealer saw stays in the stub (card 2 from "
                                      "the top): it plays for sure: FLAGGED, the dealer can "
                                      "know a card to come")
    held = SeenCard("4c", (0, 1, 2), "hand 3", Fraction(1), Fraction(15, 52), True)
    assert answer(record(held)) == ("the exposed 4c stays in seat 3's hand: FLAGGED, the "
                                    "other seats know it")
    four = [SeenCard(c, (0, 1), "scrambled with 3 other cards, one picked as burn",
                     Fraction(3, 4), Fraction(17, 52), True) for c in ("4s", "3s", "4d", "Qc")]
    assert answer(record(*four)) == (
        "the exposed 4s 3s 4d Qc are each scrambled with 3 other cards, one picked as burn: "
        "it plays 3 times in 4 (75.0%): FLAGGED, seats can know a card to come")
