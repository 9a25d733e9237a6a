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
