import pytest

from kb.hand.cards import CardError, card, deck_from_spec, is_standard, standard_deck


def test_standard_deck_order_is_rank_a_to_2_then_suits_s_h_d_c():
    deck = standard_deck()
    assert len(deck) == len(set(deck)) == 52
    assert deck[:4] == ("As", "Ah", "Ad", "Ac") and deck[-1] == "2c"


def test_deck_from_spec_puts_the_prefix_on_top_and_skips_it_later():
    deck = deck_from_spec("As Kd 7h")
    assert deck[:5] == ("As", "Kd", "7h", "Ah", "Ad")
    assert sorted(deck) == sorted(standard_deck())


def test_deck_from_spec_accepts_a_list_and_a_joker():
    deck = deck_from_spec(["Jk", "2c"])
    assert deck[:3] == ("Jk", "2c", "As") and len(deck) == 53
    assert not is_standard("Jk")


@pytest.mark.parametrize("text", ["10d", "as", "Kx", "", "Jkr"])
def test_bad_cards_are_rejected(text):
    with pytest.raises(CardError):
        card(text)
