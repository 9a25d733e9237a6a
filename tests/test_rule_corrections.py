"""Rulings the books give that the engine used to get wrong (issue 8, section 3).

Robert's Rules of Poker v11 Misdeals 2(e) (a wrong number of cards before the cutoff,
with its in-sequence exception), a burn error's next street kept out of the table while
betting is still owed, and TDA 2024 Rule 37 (2026: 39) cited before the general rules.
"""

from collections import Counter

from helpers import EXAMPLE_DECK, hand, numbers, ruled

from kb.rules.disagreements import difference
from kb.rules.rulebook import edition_rulebook

# The default deck dealt to six seats, button 6: seats 1-6 get As Ah Ad Ac Ks Kh, then
# Kd Kc Qs Qh Qd Qc; the stub starts Js.
DEFAULT = "As Ah"          # a two-card prefix: the rest follows in the default order


def conserved(ruling, scenario) -> bool:
    """Hands + board + burns + muck + stub + set-aside are exactly the deck."""
    table = ruling.table
    cards = Counter(table.board + table.burns + table.muck + table.stub_top + table.set_aside)
    for held in table.hands.values():
        cards.update(held)
    return cards == Counter(scenario.deck)


def later(ruling) -> list[tuple]:
    """The steps a ruling gives for later in the hand (``when``): (do, cards)."""
    return [(s.do, s.details.get("cards", s.details.get("card"))) for s in ruling.steps
            if "when" in s.details]


# ---------------------------------------------------------------- Misdeals 2(e)

def test_rrop_v11_misdeals_2e_three_cards_before_action_is_a_misdeal(kb):
    scenario = hand("  - deal: {}\n  - found: {wrong-count: {seat: 3, cards: 3}}\n",
                    deck=DEFAULT)
    ruling = ruled(kb, "rrop@v11", scenario)
    assert ruling.remedy == "misdeal" and numbers(ruling) == ["Misdeals 2(e)"]
    assert "before action began" in ruling.explanation
    assert "after the cutoff" not in ruling.explanation
    assert conserved(ruling, scenario)


def test_house_casino_three_cards_before_action_falls_back_to_misdeals_2e(kb):
    scenario = hand("  - deal: {}\n  - found: {wrong-count: {seat: 3, cards: 3}}\n",
                    deck=DEFAULT)
    ruling = ruled(kb, "house.casino@2026", scenario)
    assert ruling.remedy == "misdeal" and numbers(ruling) == ["Misdeals 2(e)"]


def test_tda_2024_35_a_5_three_cards_before_substantial_action_is_a_misdeal(kb):
    scenario = hand("  - deal: {}\n  - found: {wrong-count: {seat: 3, cards: 3}}\n",
                    deck=DEFAULT)
    assert numbers(ruled(kb, "tda@2024", scenario)) == ["35-A-5"]


def test_rrop_v11_misdeals_2e_omaha_five_cards_after_one_fold_is_a_misdeal(kb):
    scenario = hand("  - deal: {}\n  - act: [fold]\n"
                    "  - found: {wrong-count: {seat: 1, cards: 5}}\n",
                    deck=DEFAULT, game="omaha", button="2")
    ruling = ruled(kb, "rrop@v11", scenario)
    assert ruling.remedy == "misdeal" and numbers(ruling) == ["Misdeals 2(e)"]
    assert "Only seat 5 has acted" in ruling.explanation


def test_rrop_v11_misdeals_2e_short_seat_not_dealt_last_is_a_misdeal(kb):
    scenario = hand("  - deal: {}\n  - found: {wrong-count: {seat: 2, cards: 1}}\n",
                    deck=DEFAULT)
    ruling = ruled(kb, "rrop@v11", scenario)
    assert ruling.remedy == "misdeal" and numbers(ruling) == ["Misdeals 2(e)"]
    assert "not the last seat dealt" in ruling.explanation


def test_rrop_v11_misdeals_2e_omaha_skipped_mid_round_is_a_misdeal(kb):
    scenario = hand("  - deal: {short: [2]}\n", deck=DEFAULT, game="omaha")
    ruling = ruled(kb, "rrop@v11", scenario)
    assert ruling.remedy == "misdeal" and numbers(ruling) == ["Misdeals 2(e)"]


def test_rrop_v11_misdeals_2e_button_skipped_gets_the_top_card_in_sequence(kb):
    # EXAMPLE_DECK, the button's second card skipped: seats 1-5 get Kd 7h 7c 2s 9d after
    # As..., the stub's top card (Ah would be 13th) is the one the button would have had.
    scenario = hand("  - deal: {short: [6]}\n")
    ruling = ruled(kb, "rrop@v11", scenario)
    card = EXAMPLE_DECK.split()[11]
    assert ruling.remedy == "continue" and numbers(ruling) == ["Misdeals 2(e)"]
    assert ruling.table.hands[6] == (EXAMPLE_DECK.split()[5], card)
    assert [s.to_json() for s in ruling.steps] == [{"do": "supply", "seat": 6, "card": card}]
    assert conserved(ruling, scenario)


def test_rrop_v11_misdeals_2e_found_short_button_keeps_the_replayed_table(kb):
    scenario = hand("  - deal: {}\n  - found: {wrong-count: {seat: 6, cards: 1}}\n",
                    deck=DEFAULT)
    for book in ("rrop@v11", "tda@2024"):
        ruling = ruled(kb, book, scenario)
        assert ruling.remedy == "continue"
        assert ruling.table.hands[6] == ("Kh", "Qc") and ruling.table.stub_top[0] == "Js"
        assert conserved(ruling, scenario)


def test_rrop_v11_holdem_2_one_extra_card_is_the_burn_citing_irregularities_11_second(kb):
    scenario = hand("  - deal: {extra: 1}\n", deck=DEFAULT)
    ruling = ruled(kb, "rrop@v11", scenario)
    assert ruling.remedy == "continue"
    assert numbers(ruling) == ["Hold'em 2", "Irregularities 11"]
    assert ruling.table.burns == ("Js",) and conserved(ruling, scenario)


def test_rrop_v11_holdem_2_precedes_misdeals_2e_on_extra_cards(kb):
    order = edition_rulebook(kb, "rrop@v11").governing("extra-cards")
    assert order.index("rrop.holdem.extra-card") < order.index("rrop.misdeals.wrong-count")


# ---------------------------------------------------------------- burn errors

def test_rrop_v11_burn_error_turn_no_burn_river_is_a_later_step_not_in_the_table(kb):
    scenario = hand("  - deal: {}\n  - act: [call, call, call, check]\n  - flop: {}\n"
                    "  - act: [check, check, check, check]\n  - turn: {burns: 0}\n"
                    "  - act: [bet, call]\n", seats="4", button="4", deck=DEFAULT)
    ruling = ruled(kb, "rrop@v11", scenario)
    assert ruling.remedy == "continue" and numbers(ruling) == ["Hold'em 5"]
    # burn Qs, flop Qh Qd Qc, turn Js without a burn; what would have come: burn Js,
    # turn Jh, burn Jd, river Jc -> the turn stands, later burn Jh and Jd, river Jc
    assert ruling.table.board == ("Qh", "Qd", "Qc", "Js") and ruling.table.burns == ("Qs",)
    assert ruling.table.stub_top[0] == "Jh"
    assert later(ruling) == [("burn", ["Jh", "Jd"]), ("deal", ["Jc"])]
    assert all(s.details["when"] == "after the turn betting" for s in ruling.steps
               if s.do != "finish-betting")
    assert conserved(ruling, scenario)


def test_tda_2024_39_b_flop_stands_and_the_turn_is_a_later_step(kb):
    scenario = hand("  - deal: {}\n  - act: [call, call, call, check]\n"
                    "  - flop: {burns: 0}\n  - act: [bet, call]\n",
                    seats="4", button="4", deck=DEFAULT)
    tda, rrop = ruled(kb, "tda@2024", scenario), ruled(kb, "rrop@v11", scenario)
    assert numbers(tda) == ["39-B"]
    assert tda.table.board == rrop.table.board == ("Qs", "Qh", "Qd")
    assert tda.table.burns == rrop.table.burns == ()
    assert later(tda) == [("burn", "Qc"), ("deal", ["Js"])]
    assert later(rrop) == [("burn", ["Qc", "Js"]), ("deal", ["Jh"])]
    assert difference(rrop, tda) == "different later cards"
    assert conserved(tda, scenario) and conserved(rrop, scenario)


# ---------------------------------------------------------------- TDA Rule 37

def test_tda_2024_37_button_found_short_after_acting_cites_37_before_38(kb):
    scenario = hand("  - deal: {}\n  - act: [fold, call, fold, call, fold, call, call, "
                    "fold, check]\n  - found: {wrong-count: {seat: 9, cards: 1}}\n",
                    seats="9", button="9", deck=DEFAULT, setting="tournament")
    ruling = ruled(kb, "tda@2024", scenario)
    assert ruling.remedy == "dead-hand" and ruling.table.dead == (9,)
    assert numbers(ruling) == ["37", "38"]
    assert numbers(ruled(kb, "tda@2026", scenario)) == ["39", "40"]
    assert conserved(ruling, scenario)


def test_tda_2024_37_button_acts_first_heads_up_while_short_is_dead(kb):
    scenario = hand("  - deal: {short: [2]}\n  - act: [call]\n", seats="2", button="2",
                    deck=DEFAULT, setting="tournament")
    ruling = ruled(kb, "tda@2024", scenario)
    assert ruling.remedy == "dead-hand" and numbers(ruling) == ["37"]
    assert ruling.table.muck == ("Ah",)
    rrop = ruled(kb, "rrop@v11", scenario)      # one action: not Robert's Rules' cutoff
    assert rrop.remedy == "continue" and rrop.table.hands[2] == ("Ah", "Ac")


def test_tda_2024_37_button_short_not_acted_cites_37_before_35_b(kb):
    ruling = ruled(kb, "tda@2024", hand("  - deal: {short: [6]}\n"))
    assert ruling.remedy == "continue" and numbers(ruling) == ["37", "35-B"]


def test_tda_2024_37_precedes_38_on_wrong_count_after_action(kb):
    order = edition_rulebook(kb, "tda@2024").governing("wrong-count-after-action")
    assert order.index("tda.button-short") < order.index("tda.burns-after-substantial-action")
