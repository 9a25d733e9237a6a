"""The replay: dealing order, deal options, board streets, stud and draw."""

from kb.hand.deal import replay
from kb.hand.scenario_file import parse_scenario


def scenario(events: str, game="holdem", seats="6", button="6", deck="", extra=""):
    deck_line = f"deck: {deck}\n" if deck else ""
    button_line = f"button: {button}\n" if button else ""
    return parse_scenario(f"id: t\ntitle: t\ngame: {game}\nseats: {seats}\n{button_line}"
                          f"{deck_line}{extra}events:\n{events}")


EXAMPLE_DECK = "As Kd 7h 7c 2s 9d Qs Jh 4c 5d 8s Tc Ah 3d"


def test_holdem_deal_one_card_at_a_time_from_the_seat_after_the_button():
    table = replay(scenario("  - deal: {}\n", deck=EXAMPLE_DECK)).table
    assert table.hands[1] == ["As", "Qs"] and table.hands[6] == ["9d", "Tc"]
    assert table.stub[:2] == ["Ah", "3d"]


def test_card_11_is_the_second_card_of_the_fifth_seat_after_the_button():
    played = replay(scenario("  - deal: {exposed: [11]}\n", deck=EXAMPLE_DECK))
    exposed = played.irregularities[0]
    assert (exposed.kind, exposed.get("seat"), exposed.get("card")) == ("exposed", 5, "8s")


def test_heads_up_the_first_card_goes_to_the_big_blind():
    table = replay(scenario("  - deal: {}\n", seats="[3, 7]", button="7",
                            deck="As Kd 7h 7c")).table
    assert table.hands == {3: ["As", "7h"], 7: ["Kd", "7c"]}


def test_omaha_deals_four_cards():
    table = replay(scenario("  - deal: {}\n", game="omaha", seats="3", button="3")).table
    assert all(len(cards) == 4 for cards in table.hands.values())


def test_a_boxed_card_counts_as_a_position_and_is_set_aside():
    table = replay(scenario("  - deal: {boxed: [2]}\n", seats="3", button="3",
                            deck="As Kd 7h 7c")).table
    assert table.set_aside == ["Kd"]
    assert table.hands == {1: ["As", "Ah"], 2: ["7h", "Ad"], 3: ["7c", "Ac"]}


def test_short_skips_the_seat_on_the_last_round_and_extra_goes_to_the_first_player():
    table = replay(scenario("  - deal: {short: [3], extra: 1}\n", seats="3", button="3",
                            deck="As Kd 7h 7c 2s 9d Qs")).table
    assert table.hands == {1: ["As", "7c", "9d"], 2: ["Kd", "2s"], 3: ["7h"]}


def test_first_to_and_dealt_to_change_who_gets_which_card():
    table = replay(scenario("  - deal: {first-to: 2, dealt-to: [5]}\n", seats="3",
                            button="3", deck="As Kd 7h 7c")).table
    assert table.hands[2][0] == "As" and table.hands[5][0] == "7h"


def test_flop_turn_river_burn_one_card_each():
    played = replay(scenario("  - deal: {}\n  - flop: {}\n  - turn: {}\n  - river: {}\n",
                             seats="2", button="2", deck="As Kd 7h 7c 2s 9d Qs Jh 4c 5d 8s"))
    table = played.table
    assert table.burns == ["2s", "4c", "8s"]
    assert table.board == ["9d", "Qs", "Jh", "5d", "Ah"]


def test_folds_go_to_the_muck():
    table = replay(scenario("  - deal: {}\n  - act: [fold]\n", seats="3", button="3",
                            deck="As Kd 7h 7c 2s 9d")).table
    assert table.hands[3] == [] and table.muck == ["7h", "9d"]


def test_stud_deals_two_down_one_up_and_burns_before_later_streets():
    played = replay(scenario("  - third: {}\n  - fourth: {}\n", game="stud", seats="2",
                             button="", deck="As Kd 7h 7c 2s 9d Qs Jh"))
    table = played.table
    assert table.hands[1] == ["As", "7h", "2s", "Jh"] and "2s" in table.up
    assert table.burns == ["Qs"]


def test_stud_short_stub_at_seventh_is_recorded_not_dealt():
    events = "  - third: {}\n  - fourth: {}\n  - fifth: {}\n  - sixth: {}\n  - seventh: {}\n"
    played = replay(scenario(events, game="stud", seats="8", button=""))
    short = [i for i in played.irregularities if i.kind == "stud-short-stub"]
    assert short and short[0].get("stub") == 1 and short[0].get("required") == 10


def test_draw_mucks_discards_and_records_a_short_stub():
    events = "  - deal: {}\n" + "".join(f"  - draw: {{seat: {s}, discards: 5}}\n"
                                        for s in range(1, 9))
    played = replay(scenario(events, game="draw-high", seats="8", button="8"))
    assert played.table.burns and any(i.kind == "draw-short-stub" for i in played.irregularities)


def test_found_duplicate_is_an_extra_card_and_the_invariant_holds():
    played = replay(scenario("  - deal: {}\n  - found: {duplicate: As, where: board}\n",
                             seats="3", button="3"))
    assert played.table.board == ["As"] and played.table.extras == ["As"]
    played.table.check()


def test_the_table_after_each_event_is_kept():
    played = replay(scenario("  - deal: {}\n  - act: [fold]\n  - flop: {}\n", seats="3",
                             button="3"))
    assert [len(t.board) for t in played.tables] == [0, 0, 3]
