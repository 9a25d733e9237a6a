"""Rulings with real values from the rule texts (sources.md), per book."""


from helpers import hand, numbers, ruled

from kb.hand.scenario_file import parse_scenario
from kb.house.compose import published_rulebooks, resolve_rulebook
from kb.rules.engine import compare, rule


def test_rrop_v11_holdem_1_one_exposed_later_card_is_replaced_and_is_the_flop_burn(kb):
    ruling = ruled(kb, "rrop@v11", hand("  - deal: {exposed: [11]}\n"))
    assert ruling.remedy == "continue" and "Hold'em 1" in numbers(ruling)
    assert ruling.table.hands[5] == ("2s", "Ah") and ruling.table.burns == ("8s",)
    assert ruling.table.stub_top[0] == "3d"
    assert [s.do for s in ruling.steps] == ["finish-deal", "replace", "set-aside"]
    assert ruling.to_json()["table"]["stub_top"] == ["3d"]


def test_tda_2024_35_a_7_one_exposed_later_card_is_no_misdeal_and_has_no_replacement(kb):
    ruling = ruled(kb, "tda@2024", hand("  - deal: {exposed: [11]}\n"))
    assert ruling.remedy == "continue" and numbers(ruling) == ["35-A-7"]
    assert ruling.table.hands[5] == ("2s", "8s")
    assert "silent" in ruling.explanation


def test_tda_2026_cites_the_same_rule_with_its_2026_number(kb):
    ruling = ruled(kb, "tda@2026", hand("  - deal: {exposed: [11]}\n"))
    assert ruling.citations[0].edition == "2026" and ruling.citations[0].number == "37-A-6"


def test_first_card_exposed_is_a_misdeal_in_both_books(kb):
    for book, number in (("rrop@v11", "Hold'em 1"), ("tda@2024", "35-A-7")):
        ruling = ruled(kb, book, hand("  - deal: {exposed: [1]}\n"))
        assert ruling.remedy == "misdeal" and number in numbers(ruling) and ruling.random


def test_rrop_v11_misdeals_1_two_folds_end_misdeal_rights_but_not_tda_substantial_action(kb):
    scenario = hand("  - deal: {exposed: [1]}\n  - act: [fold, fold]\n")
    rrop, tda = ruled(kb, "rrop@v11", scenario), ruled(kb, "tda@2024", scenario)
    assert rrop.remedy == "continue" and "Misdeals 1" in numbers(rrop)
    assert tda.remedy == "misdeal"


def test_tda_2024_35_d_fold_and_call_is_substantial_action_no_misdeal(kb):
    ruling = ruled(kb, "tda@2024", hand("  - deal: {exposed: [1]}\n  - act: [fold, call]\n"))
    assert ruling.remedy == "continue" and {"35-D", "36-A"} <= set(numbers(ruling))


def test_heads_up_first_card_to_the_big_blind_exposed_is_a_misdeal(kb):
    ruling = ruled(kb, "tda@2024", hand("  - deal: {exposed: [1]}\n", seats="[3, 7]",
                                        button="7"))
    assert ruling.remedy == "misdeal"


FOUR_CARD_FLOP = "  - deal: {}\n  - act: [call, call, call, call, call, check]\n" \
                 "  - flop: {cards: 4}\n"


def test_tda_2024_39_a_four_card_flop_keeps_three_and_burns_a_random_fourth(kb):
    ruling = ruled(kb, "tda@2024", hand(FOUR_CARD_FLOP))
    four = set(hand(FOUR_CARD_FLOP).deck[13:17])
    assert ruling.remedy == "continue" and ruling.random and "39-A" in numbers(ruling)
    assert len(ruling.table.board) == 3 and set(ruling.table.board) < four
    assert set(ruling.table.board) | {ruling.table.burns[-1]} == four
    assert len(ruling.table.burns) == 2


def test_same_seed_same_ruling_other_seed_may_differ(kb):
    rulings = {ruled(kb, "tda@2024", hand(FOUR_CARD_FLOP), seed).table.burns[-1]
               for seed in range(20)}
    assert ruled(kb, "tda@2024", hand(FOUR_CARD_FLOP), 7).to_json() == \
        ruled(kb, "tda@2024", hand(FOUR_CARD_FLOP), 7).to_json()
    assert len(rulings) > 1


def test_rrop_v11_holdem_3_four_card_flop_is_redealt_without_a_burn(kb):
    scenario = hand(FOUR_CARD_FLOP)
    ruling = ruled(kb, "rrop@v11", scenario)
    assert ruling.remedy == "continue" and "Hold'em 3" in numbers(ruling)
    assert ruling.table.burns == (scenario.deck[12],) and len(ruling.table.board) == 3
    assert [s.do for s in ruling.steps] == ["return-to-stub", "shuffle", "cut", "deal"]


PREMATURE_TURN = ("  - deal: {}\n  - act: [call, call, call, call, call, check]\n"
                  "  - flop: {}\n  - act: [check, check]\n  - turn: {premature: true}\n")


def test_tda_2024_rp_5_b_premature_turn_burn_stays_turn_redealt_from_reshuffled_stub(kb):
    scenario = hand(PREMATURE_TURN)
    ruling = ruled(kb, "tda@2024", scenario)
    burns = (scenario.deck[12], scenario.deck[16])
    assert ruling.remedy == "continue" and "RP-5-B" in numbers(ruling)
    assert ruling.table.burns == burns and len(ruling.table.board) == 4


def test_rrop_v11_premature_turn_the_would_be_river_becomes_the_turn(kb):
    scenario = hand(PREMATURE_TURN)
    ruling = ruled(kb, "rrop@v11", scenario)
    premature, next_burn, would_be_river = scenario.deck[17:20]
    # the flop betting is finished first: until then the board holds only the flop
    assert len(ruling.table.board) == 3 and premature in ruling.table.set_aside
    assert ruling.table.stub_top[:2] == (next_burn, would_be_river)
    turn = next(s for s in ruling.steps if s.do == "deal" and s.details["street"] == "turn")
    assert turn.details == {"street": "turn", "burn": True, "when": "after the flop betting"}


def test_duplicate_card_voids_the_hand_in_both_books(kb):
    scenario = hand("  - deal: {}\n  - act: [fold, call, call]\n"
                    "  - found: {duplicate: As, where: board}\n")
    assert ruled(kb, "rrop@v11", scenario).remedy == "void"
    tda = ruled(kb, "tda@2024", scenario)
    assert tda.remedy == "void" and "35-E" in numbers(tda)


def test_joker_rrop_scrap_of_paper_tda_35_a_6_misdeal_before_substantial_action(kb):
    scenario = hand("  - deal: {}\n  - found: {foreign: Jk, where: hand, seat: 3}\n")
    rrop = ruled(kb, "rrop@v11", scenario)
    assert rrop.remedy == "continue" and "Jk" in rrop.table.set_aside
    assert len(rrop.table.hands[3]) == 2 and "Jk" not in rrop.table.hands[3]
    assert ruled(kb, "tda@2024", scenario).remedy == "misdeal"


def test_tda_2024_38_addendum_1_a_one_card_hand_after_substantial_action_is_dead(kb):
    scenario = hand("  - deal: {}\n  - act: [fold, call]\n"
                    "  - found: {wrong-count: {seat: 5, cards: 1}}\n", button="6")
    ruling = ruled(kb, "tda@2024", scenario)
    assert ruling.remedy == "dead-hand" and ruling.table.dead == (5,)
    assert {"38", "Addendum 38 Ex. 1-A"} <= set(numbers(ruling))
    assert ruling.table.hands[5] == ()


def test_single_boxed_card_rrop_irregularities_7_scrap_tda_silent_floor_decision(kb):
    scenario = hand("  - deal: {boxed: [3]}\n")
    rrop = ruled(kb, "rrop@v11", scenario)
    assert rrop.remedy == "continue" and "Irregularities 7" in numbers(rrop)
    assert rrop.table.set_aside == ("7h",) and rrop.table.hands[3][0] == "7c"
    tda = ruled(kb, "tda@2024", scenario)
    assert tda.remedy == "floor-decision" and "no provision" in tda.explanation


def test_two_boxed_cards_before_the_cutoff_are_a_misdeal_in_both_books(kb):
    scenario = hand("  - deal: {boxed: [3, 5]}\n")
    assert ruled(kb, "rrop@v11", scenario).remedy == "misdeal"
    assert "35-A-1" in numbers(ruled(kb, "tda@2024", scenario))


def test_tda_2024_37_short_button_gets_its_card_even_after_substantial_action(kb):
    scenario = hand("  - deal: {short: [6]}\n  - act: [fold, call]\n")
    ruling = ruled(kb, "tda@2024", scenario)
    assert ruling.remedy == "continue" and "37" in numbers(ruling)
    assert len(ruling.table.hands[6]) == 2


def test_rrop_v11_holdem_2_one_extra_card_is_the_burn(kb):
    scenario = hand("  - deal: {extra: 1}\n")
    ruling = ruled(kb, "rrop@v11", scenario)
    assert ruling.remedy == "continue" and ruling.table.burns == ("Ah",)
    assert ruling.table.hands[1] == ("As", "Qs")
    assert ruled(kb, "tda@2024", scenario).remedy == "misdeal"


def test_unconfirmed_provision_is_named_in_the_explanation(kb):
    # Irregularities 17 (a spoiled stub) is known only from the MyHomeGame chapter
    scenario = hand("  - deal: {}\n  - flop: {}\n  - stub: {disordered: true}\n")
    ruling = ruled(kb, "rrop@v11", scenario)
    assert ruling.remedy == "continue" and "Unconfirmed" in ruling.explanation


def test_compare_rules_under_every_published_rulebook(kb):
    books = published_rulebooks(kb)
    rulings = compare(kb, hand("  - deal: {exposed: [11]}\n"), books)
    assert [r.rulebook for r in rulings][:3] == ["rrop@v11", "tda@2024", "tda@2026"]
    assert len(rulings) == len(books)


def test_house_rulebook_by_id_rules_with_its_own_numbers(kb):
    book = resolve_rulebook(kb, "house.casino@2026")
    ruling = rule(kb, book, hand("  - deal: {exposed: [11]}\n"))
    assert ruling.remedy == "continue" and "13.2" in numbers(ruling)


def test_tda_2026_explanation_names_the_2026_number(kb):
    ruling = ruled(kb, "tda@2026", hand("  - deal: {exposed: [1]}\n"))
    assert "37-A-6" in ruling.explanation and "35-A-7" not in ruling.explanation


def test_a_remedy_that_needs_more_cards_than_the_stub_holds_is_left_to_the_floor(kb):
    """Ten-handed Omaha from a deck five cards short leaves too few cards to lay the board
    again under Robert's Rules' burn-error rule: the ruling says so instead of crashing.
    (The missing cards are ruled first, with the burn error, at the same floor call.)"""
    text = ("id: short-stub\ntitle: t\ngame: omaha\nseats: 10\nbutton: 1\nevents:\n"
            "  - {deal: {}}\n  - {flop: {burns: 0}}\n  - {turn: {}}\n  - {river: {}}\n"
            "  - {found: {missing: [2c, 3c, 4c, 5c, 6c]}}\n")
    scenario = parse_scenario(text)
    rulings = [rule(kb, book, scenario) for book in published_rulebooks(kb)]
    assert {r.remedy for r in rulings} == {"floor-decision"}
    assert "more cards than the stub holds" in rulings[0].explanation
