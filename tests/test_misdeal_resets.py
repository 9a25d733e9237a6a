"""A misdeal gathers every card, so what an earlier floor call set aside for a later street
is gone with the hand: the redeal's streets are dealt plainly.  Found by tools/fuzz_hands.py
(seed 21, hand 2607): the home game's rule 3 set the exposed hole card aside as the flop
burn, a later misdeal gathered it into the deck, and dealing the redeal's flop failed to
take that card back out of the burns (ValueError, a traceback instead of a ruling)."""

from __future__ import annotations

from kb.hand.scenario_file import parse_scenario
from kb.house.compose import resolve_rulebook
from kb.rules.engine import rule

HAND = """\
id: misdeal-after-set-aside-burn
title: An exposed hole card set aside as the flop burn, then a misdeal, then the flop
game: holdem
seats: 3
button: 3
events:
  - deal: {exposed: [5]}
  - floor: {}
  - found: {wrong-count: {seat: 1, cards: 3}}
  - floor: {}
  - act: [call, call, check]
  - flop: {}
"""


def test_the_redeal_after_a_misdeal_deals_its_flop_with_its_own_burn(kb):
    home = resolve_rulebook(kb, "house.thursday-home-game@2026")
    ruling = rule(kb, home, parse_scenario(HAND, "h.yaml"))
    first, second = ruling.calls
    assert first.remedy == "continue"
    assert any(s.do == "set-aside" and s.details.get("street") == "flop" for s in first.steps)
    assert second.remedy == "misdeal"
    table = ruling.table               # the redeal's flop, with one burn of its own
    assert len(table.board) == 3 and len(table.burns) == 1 and table.set_aside == ()
    assert all(len(hand) == 2 for hand in table.hands.values())


MIXED = """\
id: burn-set-aside-then-mixed
title: A flop with two burns, then the stub mixed with the burns before the turn
game: holdem
seats: 4
button: 4
events:
  - deal: {}
  - act: [call, call, call, check]
  - flop: {burns: 2}
  - act: [bet, call, call, call]
  - floor: {}
  - stub: {mixed-with: [burns], by: player}
  - turn: {}
"""


def test_a_burn_set_aside_for_the_turn_that_an_accident_mixed_into_the_stub_is_not_taken_twice(
        kb):
    """Robert's Rules' burn-error rule keeps the flop's second burn as the turn's burn; the
    stub then got mixed with the burns, so that card is in the stub: the turn takes its burn
    from the (mixed) stub, and no card is lost or doubled (found by tools/fuzz_hands.py)."""
    ruling = rule(kb, resolve_rulebook(kb, "rrop@v11"), parse_scenario(MIXED, "m.yaml"))
    first = ruling.calls[0]
    assert first.remedy == "continue"
    assert any(s.details.get("street") == "turn" for s in first.steps)
    table = ruling.table
    seen = [c for hand in table.hands.values() for c in hand]
    seen += [*table.board, *table.burns, *table.muck, *table.set_aside]
    assert len(seen) == len(set(seen)) and len(table.board) == 4


def test_a_replaced_file_keeps_its_permissions(tmp_path):
    """floorbook expect write replaces a scenario file whole; a file its owner made
    private (0600) stays private (found by a fresh user: it came back 0644)."""
    import os

    from kb.files.writing import replace_file
    private = tmp_path / "private.yaml"
    private.write_text("a: 1\n")
    private.chmod(0o600)
    replace_file(private, b"a: 2\n")
    assert private.read_bytes() == b"a: 2\n" and os.stat(private).st_mode & 0o777 == 0o600


SWAP_AFTER_BURN_ERROR = """\
id: swap-after-burn-error
title: A flop dealt without a burn, then a hole card swapped with a flop card
game: holdem
seats: [2, 3, 4, 6, 7, 8, 9, 10]
button: 7
deck: [5c, Qh, Th, Kh, Ad, 8d, 8c, Qc, 8h, Jh, Js, 3c, 3s, 9d, 7s, 7h, Qs, Ah, 4d, 8s, Kd]
bomb-pot: true
events:
  - deal: {}
  - flop: {burns: 0}
  - turn: {}
  - swap: {seat: 10, hand: Th, board: 4d}
"""


def test_a_remedy_for_cards_a_later_event_moved_is_left_to_the_floor(kb):
    """tools/fuzz_hands.py, 100,000 hands, hand 70722: the TDA's flop burn-error remedy
    picked among the flop as dealt, but a swap had since put 4d in seat 10's hand, and the
    ruling's table held 4d twice.  Such a remedy is now the floor's, and no card doubles."""
    ruling = rule(kb, resolve_rulebook(kb, "tda@2024"), parse_scenario(SWAP_AFTER_BURN_ERROR,
                                                                       "s.yaml"))
    assert ruling.remedy == "floor-decision"
    table = ruling.table
    seen = [c for hand in table.hands.values() for c in hand]
    seen += [*table.board, *table.burns, *table.muck, *table.set_aside]
    assert len(seen) == len(set(seen))
    assert "moved the cards it concerns" in ruling.explanation
