"""Regressions of the crashes and the lost or duplicated cards that random hands found
(issue 8, sections 3 and 4), each named after the rule it pins down.  Every one is ruled
under every published rulebook and keeps the cards (tests/strategies.py's ``examine``)."""

import pytest
from helpers import hand, ruled
from strategies_check import examine, table_cards

from kb.hand.deal import replay
from kb.hand.scenario import ScenarioError
from kb.hand.scenario_file import parse_scenario
from kb.house.compose import published_rulebooks


def stud(events: str, seats: int = 4, setting: str = "cash", deck: str = ""):
    """A stud scenario with the given event lines."""
    return parse_scenario(f"id: s\ntitle: s\ngame: stud\nsetting: {setting}\nseats: {seats}\n"
                          + (f"deck: {deck}\n" if deck else "") + f"events:\n{events}",
                          "s.yaml")


def sound(kb, scenario):
    """Rule under every published rulebook: no crash, no card lost or duplicated, the same
    seed the same ruling; the rulings."""
    outcome = examine(kb, published_rulebooks(kb), scenario)
    assert outcome.error is None, outcome.error
    assert (outcome.crashes, outcome.conservation, outcome.differences) == ([], [], [])
    return {r.rulebook: r for r in outcome.rulings}


# ------------------------------------------------------------------ stud, third street


@pytest.mark.parametrize("setting", ["cash", "tournament"])
def test_tda_2024_rp_10_a_down_card_exposed_then_the_player_folds(kb, setting):
    scenario = stud("  - third: {exposed: [1]}\n  - act: [{seat: 1, act: fold}]\n",
                    setting=setting)
    rulings = sound(kb, scenario)
    tda = rulings["tda@2024"]
    assert tda.remedy == "continue" and tda.steps == ()
    assert "has since folded" in tda.explanation and tda.table.hands[1] == ()
    if setting == "cash":
        assert rulings["rrop@v11"].remedy == "continue"
        assert "has since folded" in rulings["rrop@v11"].explanation


def test_rrop_stud_both_down_cards_exposed_then_the_player_folds_kills_nothing(kb):
    rulings = sound(kb, stud("  - third: {both-exposed: [2]}\n"
                             "  - act: [check, {seat: 2, act: fold}]\n"))
    assert rulings["rrop@v11"].remedy == "continue"
    assert rulings["rrop@v11"].table.dead == ()


# ------------------------------------------------------------------ stud, seventh street


def test_stud_seventh_street_exposed_for_a_seat_that_folded_is_a_located_error():
    scenario = stud("  - third: {}\n  - fourth: {}\n  - fifth: {}\n  - sixth: {}\n"
                    "  - act: [check, {seat: 2, act: fold}]\n  - seventh: {exposed: [2]}\n")
    with pytest.raises(ScenarioError) as error:
        replay(scenario)
    assert str(error.value) == ("s.yaml:12: seventh street: seat 2 has folded and holds no "
                                "card to expose (name a seat still in the hand)")


def test_tda_2024_rp_10_b_seventh_street_card_exposed_then_the_player_folds(kb):
    scenario = stud("  - third: {}\n  - fourth: {}\n  - fifth: {}\n  - sixth: {}\n"
                    "  - seventh: {exposed: [3]}\n  - act: [check, check, {seat: 3, act: fold}]\n")
    rulings = sound(kb, scenario)
    assert rulings["tda@2024"].remedy == "continue"
    assert "has since folded" in rulings["tda@2024"].explanation


def test_stud_seventh_street_exposed_when_the_stub_was_too_short_to_deal_it_is_an_error():
    scenario = stud("  - third: {}\n  - fourth: {}\n  - fifth: {}\n  - sixth: {}\n"
                    "  - seventh: {exposed: [1]}\n", seats=8)
    with pytest.raises(ScenarioError, match="an exposed seventh street with a short stub "
                       r"\(the stub was too short to deal seventh street \(it needs 10 "
                       r"cards, it held 1\)\)"):
        replay(scenario)


# ------------------------------------------------------------------ stud, short stub


SIXTH = "  - third: {}\n  - fourth: {}\n  - fifth: {}\n  - sixth: {}\n"


def test_rrop_stud_15_seven_players_stub_short_after_sixth_keeps_every_card(kb):
    # 7 x 6 cards and 3 burns leave 7 cards: the TDA's count (players + 2) is 9
    rulings = sound(kb, stud(SIXTH, seats=7))
    rrop = rulings["rrop@v11"]
    assert [s.do for s in rrop.steps] == ["deal"]
    assert all(len(cards) == 7 for cards in rrop.table.hands.values())
    assert sum(table_cards(rrop.table).values()) == 52
    assert rulings["tda@2024"].steps[0].do == "return-to-stub"      # RP-10-H part A


def test_rrop_stud_15_stub_with_a_card_to_spare_is_dealt_after_a_burn_losing_none(kb):
    # a deck listing 5h twice: 53 cards, so 8 are left for 7 players
    rulings = sound(kb, stud(SIXTH, seats=7, deck="5h 5h"))
    rrop = rulings["rrop@v11"]
    assert [s.do for s in rrop.steps] == ["burn", "deal"] and rrop.table.stub_top == ()
    assert rrop.table.burns.count("5h") + sum(c.count("5h") for c in rrop.table.hands.values()) \
        + rrop.table.stub_top.count("5h") == 2


# ------------------------------------------------------------------ flop


def test_tda_2024_39_b_one_card_flop_dealt_without_a_burn_is_left_to_the_floor(kb):
    scenario = hand("  - deal: {}\n  - act: [call, call, call, call, call, check]\n"
                    "  - flop: {burns: 0, cards: 1}\n")
    rulings = sound(kb, scenario)
    tda = rulings["tda@2024"]
    assert tda.remedy == "floor-decision"
    assert "39-B covers a three-card flop" in tda.explanation


# ------------------------------------------------------------------ turn burn error


def test_rrop_burn_error_two_burns_two_card_turn_then_a_call_deals_no_card_twice(kb):
    scenario = hand("  - deal: {}\n  - act: [call, call, call, call, call, check]\n"
                    "  - flop: {}\n  - act: [check, check, check, check, check, check]\n"
                    "  - turn: {burns: 2, cards: 2}\n  - act: [call]\n")
    for book in ("rrop@v11", "house.casino@2026"):
        ruling = sound(kb, scenario)[book]
        board = ruling.table.board
        assert len(board) == len(set(board)) == 5           # the two-card turn stands
        river = next(s.details["cards"] for s in ruling.steps if s.do == "deal")
        assert not set(river) & set(board)                   # the river is a new card
        assert river == [ruling.table.stub_top[0]]


# ------------------------------------------------------------------ draw games


A5 = ("id: d\ntitle: d\ngame: lowball-a5\nseats: 4\nbutton: 4\n"
      "deck: 2c 3c 4c Ks 5c 6c 7c 8c\nevents:\n  - deal: {exposed: [4]}\n")


def test_rrop_ace_to_five_3_exposed_high_card_thrown_on_the_draw_is_left_to_the_floor(kb):
    scenario = parse_scenario(A5 + "  - act: [call, call, call, check]\n"
                              "  - draw: {seat: 4, discards: 5}\n", "d.yaml")
    rulings = sound(kb, scenario)
    rrop = rulings["rrop@v11"]
    assert rrop.remedy == "floor-decision"
    assert "after the player had thrown it on the draw" in rrop.explanation


def test_rrop_ace_to_five_3_exposed_high_card_then_the_player_folds(kb):
    scenario = parse_scenario(A5 + "  - act: [call, call, call, {seat: 4, act: fold}]\n",
                              "d.yaml")
    rrop = sound(kb, scenario)["rrop@v11"]
    assert rrop.remedy == "continue" and "has since folded" in rrop.explanation


def test_rrop_ace_to_five_3_exposed_high_card_still_held_is_replaced(kb):
    rrop = ruled(kb, "rrop@v11", parse_scenario(A5, "d.yaml"))
    assert rrop.remedy == "continue"
    assert [s.do for s in rrop.steps] == ["finish-deal", "replace", "set-aside"]


# ------------------------------------------------------------------ four-card flop


def test_rrop_holdem_3_four_card_flop_with_a_joker_replaced_on_it_redeals_the_whole_flop(kb):
    # the joker took the fourth flop card's place; Irregularities 8 replaces it by the next
    # card, which is then a flop card and goes back into the stub with the other three
    scenario = hand("  - deal: {}\n  - act: [raise, call, call, fold, fold, fold]\n"
                    "  - flop: {cards: 4}\n  - found: {foreign: Jk, where: board}\n")
    rulings = sound(kb, scenario)
    rrop = rulings["rrop@v11"]
    assert len(rrop.table.board) == 3 and "Jk" in rrop.table.set_aside
    replaced = next(s.details["in"] for s in rrop.steps if s.do == "replace")
    returned = next(s.details["cards"] for s in rrop.steps if s.do == "return-to-stub")
    assert replaced in returned and len(returned) == 4


def test_tda_2024_39_a_four_card_flop_after_35_d_took_the_joker_away_is_not_scrambled(kb):
    scenario = hand("  - deal: {}\n  - act: [raise, call, call, fold, fold, fold]\n"
                    "  - flop: {cards: 4}\n  - found: {foreign: Jk, where: board}\n")
    tda = sound(kb, scenario)["tda@2024"]
    assert tda.remedy == "floor-decision" and len(tda.table.board) == 3
    assert "scramble-pick" not in [s.do for s in tda.steps]


# ------------------------------------------------------------------ premature turn


def test_rrop_holdem_8_premature_turn_that_was_a_joker_puts_its_replacement_out_of_play(kb):
    # the joker found on the board took the premature turn's place; Irregularities 8
    # replaces it by the next card, which is then the premature turn
    scenario = hand("  - deal: {}\n  - act: [call, call, call, call, call, check]\n"
                    "  - flop: {}\n  - act: [bet, call]\n  - turn: {premature: true}\n"
                    "  - found: {foreign: Jk, where: board}\n")
    rrop = sound(kb, scenario)["rrop@v11"]
    replaced = next(s.details["in"] for s in rrop.steps if s.do == "replace")
    assert [s.to_json() for s in rrop.steps][2] == {"do": "set-aside", "card": replaced,
                                                    "as": "out-of-play"}
    assert replaced not in rrop.table.board and replaced in rrop.table.set_aside


# ------------------------------------------------------------------ misdeals


def test_rrop_misdeal_redeal_of_a_fouled_deck_missing_one_of_two_copies_keeps_the_other(kb):
    # the deck lists 4d twice and one 4d is found missing: the redeal gathers the other
    scenario = hand("  - deal: {boxed: [2, 5]}\n  - found: {missing: [4d]}\n",
                    deck="As Kd 7h 7c 2s 9d Qs Jh 4c 5d 8s Tc Ah 3d 4d 4d")
    rulings = sound(kb, scenario)
    for book in ("rrop@v11", "tda@2024", "house.casino@2026"):   # two boxed cards
        assert rulings[book].remedy == "misdeal"
        assert [s.do for s in rulings[book].steps] == ["gather", "shuffle", "cut", "redeal"]
        assert table_cards(rulings[book].table)["4d"] == 1
        assert sum(table_cards(rulings[book].table).values()) == 52


def test_tda_2024_35_a_misdeal_sets_aside_no_joker_that_was_found_missing(kb):
    scenario = hand("  - deal: {exposed: [1]}\n  - found: {missing: [Jk]}\n",
                    deck="8d Jk 5h Qh Qd 2c As")
    tda = sound(kb, scenario)["tda@2024"]
    assert tda.remedy == "misdeal" and tda.steps[-1].do == "redeal"
    assert "Jk" not in table_cards(tda.table)


# ------------------------------------------------------------------ duplicates after a call


#: Random hand 55603 of `tools/fuzz_hands.py --seed 0` (omaha, a deck listing 2s twice): the
#: premature two-card flop is ruled at the floor call after the pot, the redealt flop holds
#: one 2s, and then that 2s is found to be a duplicate on the board.
_DUPLICATE_AFTER_A_REDEAL = """\
id: random-hand
title: Random hand
game: omaha
setting: tournament
seats: [2, 3, 4, 5, 6, 7, 8, 9, 10]
button: 6
deck: [3s, 6d, Th, 3d, 8d, 6c, Kc, 4s, 4d, As, 9h, Kh, Ad, Kd, 6s, 7h, 8h, Qc, 5h, Jh, 9s, 5c, 7d, 3c, Qd, 2d, 4c, 4h, 8c, Ah, 7c, Ts, Qh, 9c, 2h, Ks, 8s, Ac, Qs, 7s, Js, 5s, 2c, 2s, Tc, 5d, 9d, Jc, 3h, Td, 6h, Jd, 2s]
events:
  - {deal: {}}
  - {act: [all-in, call, bet, all-in]}
  - {flop: {cards: 2, premature: true}}
  - {act: []}
  - {stub: {dropped: true}}
  - {turn: {}}
  - {act: [raise, call, raise, call]}
  - {river: {}}
  - {act: [{seat: 7, act: bet}, check, check, call]}
  - {pot: awarded}
  - {floor: {}}
  - {found: {duplicate: 2s, where: board}}
"""


def test_rrop_irregularities_4_duplicate_found_on_a_board_a_redeal_dealt_keeps_both_copies(kb):
    # the copy found on the board is one the earlier remedy dealt there, not a card more:
    # the table after the void holds the deck's two 2s, no third
    rulings = sound(kb, parse_scenario(_DUPLICATE_AFTER_A_REDEAL, "hand-55603.yaml"))
    for book in ("rrop@v11", "tda@2024", "wsop-live@2024"):
        assert table_cards(rulings[book].table)["2s"] == 2
        assert sum(table_cards(rulings[book].table).values()) == 53
    # Irregularities 16 and 17, with the bets made on the premature flop before anyone
    # noticed it (no book says what becomes of them: the floor), then 4
    assert [rulings["rrop@v11"].calls[0].remedy, rulings["rrop@v11"].remedy] == \
        ["floor-decision", "void"]
    assert rulings["wsop-live@2024"].calls[0].remedy == "floor-decision"  # stub: no rule
