"""Rulings settled by the rule texts (issue 21's listed disagreements): each test asserts
what the text rules, not what the engine happened to rule before."""

from helpers import hand, numbers, ruled

# ------------------------------------------- a different back found in the stub, no SA


def _odd_back_in_stub(*actions: str):
    acts = f"  - act: [{', '.join(actions)}]\n" if actions else ""
    return hand("  - deal: {}\n" + acts + "  - found: {odd-back: 2s, where: stub}\n")


def test_wsop_books_void_a_different_back_in_the_stub_before_substantial_action(kb):
    # WT 88.d.1 = LA 111: the stub exception needs substantial action; one call is not it
    for book, number in (("wsop@2024", "88.d.1"), ("wsop-live@2024", "111")):
        ruling = ruled(kb, book, _odd_back_in_stub("call"))
        assert (ruling.remedy, numbers(ruling)) == ("void", [number])
        assert "floor" in ruling.explanation          # the other reading is named


def test_wsop_books_let_a_different_back_in_the_stub_stand_after_substantial_action(kb):
    for book, number in (("wsop@2024", "88.d.1"), ("wsop-live@2024", "111")):
        ruling = ruled(kb, book, _odd_back_in_stub("fold", "call"))
        assert (ruling.remedy, numbers(ruling)) == ("continue", [number])


def test_robert_s_rules_let_a_different_back_in_the_stub_stand_whatever_the_action(kb):
    ruling = ruled(kb, "rrop@v11", _odd_back_in_stub("call"))
    assert (ruling.remedy, numbers(ruling)) == ("continue", ["Irregularities 3"])


# ------------------------------------------------- a standard card from another deck


def test_robert_s_rules_joker_rule_does_not_rule_a_standard_card_from_another_deck(kb):
    # Irregularities 8 speaks of a joker; after action Misdeals 1 plays the hand out
    ruling = ruled(kb, "rrop@v11", hand(
        "  - found: {missing: [Qs]}\n  - deal: {}\n"
        "  - act: [call, call, call, call, call, check]\n"
        "  - found: {foreign: Qs, where: stub}\n"))
    assert ruling.remedy == "continue"
    assert "Irregularities 8" not in numbers(ruling) and "Misdeals 1" in numbers(ruling)


# ------------------------------------------------ a joker in a hand after substantial action


def test_tda_2024_kills_a_hand_left_one_card_short_by_a_joker_after_substantial_action(kb):
    # 35-D: a scrap of paper; the hand is then short after SA: Rule 38 kills it
    ruling = ruled(kb, "tda@2024", hand(
        "  - deal: {}\n  - act: [raise, call]\n", deck="3s Jk"))   # seat 2 holds the joker
    assert (ruling.remedy, ruling.table.dead) == ("dead-hand", (2,))
    assert "Jk" in ruling.table.set_aside and {"35-D", "38"} <= set(numbers(ruling))
    assert "replaced" in ruling.explanation            # the other reading is named


# ------------------------------------------------ a spoiled stub under Robert's Rules


def test_robert_s_rules_play_a_spoiled_stub_hand_out(kb):
    # Irregularities 17 (as reported): the hand is played out, the deck put back together
    # as fairly as possible; the order lost is no floor decision of the remedy
    for book in ("rrop@v11", "house.casino@2026"):
        ruling = ruled(kb, book, hand(
            "  - deal: {}\n  - act: [call, call, call, call, call, check]\n  - flop: {}\n"
            "  - stub: {dropped: true, disordered: true, by: player}\n"))
        assert (ruling.remedy, numbers(ruling)) == ("continue", ["Irregularities 17"])
        assert "floor decision" in ruling.explanation       # the other reading is named


# -------------------------------------------- one later hole card exposed, under the TDA


def test_tda_says_it_is_silent_on_one_later_exposed_hole_card(kb):
    # 35-A-7 makes only two such cards a misdeal; nothing keeps or replaces one card
    for book in ("tda@2024", "tda@2026"):
        ruling = ruled(kb, book, hand("  - deal: {exposed: [11]}\n"))
        assert ruling.remedy == "continue" and not ruling.steps
        assert "silent" in ruling.explanation and "Rule 1" in ruling.explanation


# ------------------------------ Robert's Rules' premature turn: the flop betting comes first

_TURN_DECK = "Ah 8s 4d As 7h 5s 3d 9c Jh Kd 6d 2h Tc 2d 9s Kh Qc 5c"
_PREMATURE = ("  - deal: {}\n  - act: [call, call, call, check]\n  - flop: {}\n"
              "  - act: [check, bet]\n  - turn: {premature: true}\n")


def test_rrop_premature_turn_board_holds_only_the_flop_while_its_betting_is_owed(kb):
    for book in ("rrop@v11", "house.casino@2026"):
        ruling = ruled(kb, book, hand(_PREMATURE, seats="4", button="4", deck=_TURN_DECK))
        table = ruling.table
        assert (table.board, table.burns, table.set_aside) == (
            ("Kd", "6d", "2h"), ("Jh", "Tc"), ("2d",))
        assert table.stub_top[:2] == ("9s", "Kh")      # the next burn, the would-be river
        later = [s.details.get("when") for s in ruling.steps if s.do == "deal"]
        assert later == ["after the flop betting", "after the turn betting"]


def test_rrop_premature_turn_then_the_turn_event_deals_the_would_be_river(kb):
    # the file lists the turn the dealer dealt after the flop betting
    ruling = ruled(kb, "rrop@v11", hand(
        _PREMATURE + "  - floor: {}\n  - act: [call, call, fold]\n  - turn: {}\n",
        seats="4", button="4", deck=_TURN_DECK))
    assert ruling.table.board == ("Kd", "6d", "2h", "Kh")
    assert ruling.table.burns == ("Jh", "Tc", "9s") and not ruling.irregularities


def test_rrop_premature_turn_not_listed_is_dealt_before_the_next_street(kb):
    ruling = ruled(kb, "rrop@v11", hand(
        _PREMATURE + "  - floor: {}\n  - act: [call, call, fold]\n  - act: [check, check]\n"
        "  - river: {}\n", seats="4", button="4", deck=_TURN_DECK))
    assert ruling.table.board[3] == "Kh" and len(ruling.table.board) == 5
    assert ruling.table.burns == ("Jh", "Tc", "9s")           # the river had no burn
    assert "2d" not in ruling.table.set_aside and ruling.random


def test_rrop_premature_turn_is_not_dealt_when_the_hand_ends_on_the_flop(kb):
    ruling = ruled(kb, "rrop@v11", hand(
        _PREMATURE + "  - floor: {}\n  - act: [fold, fold, fold]\n  - pot: awarded\n",
        seats="4", button="4", deck=_TURN_DECK))
    assert ruling.table.board == ("Kd", "6d", "2h") and ruling.table.burns == ("Jh", "Tc")


def test_tda_2026_exposure_cause_is_37_a_6_and_the_other_number_is_named(kb):
    # D1 lists six causes, the non-standard card moved to 37-E: the exposure is the sixth
    ruling = ruled(kb, "tda@2026", hand("  - deal: {exposed: [1]}\n"))
    assert ruling.remedy == "misdeal" and numbers(ruling)[0] == "37-A-6"
    assert "would stay 37-A-7" in ruling.explanation
