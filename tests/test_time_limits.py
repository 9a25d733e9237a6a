"""The books' time limits on a complaint raised after the next hand began (issue 21,
section 2): for every irregularity kind and every published book, the ruling is the book's
limit or, where the book has none for it, its silence, said and cited; never what the
kind's topic happens to rule during a hand.

The expected values are read from the texts (../shared/research/sources.md and
more-books.md 1.1, 1.8 and 2), not from the engine:

- Robert's Rules v11 Decision-Making 5 (and the casino book on it, whose section 13 sets no
  limit): a ruling on a pot must be asked for before the next deal starts, whatever it is
  about; asked later, the result stands.
- WSOP 2024 Rule 76: one limit for every dispute, the next hand's start; the result stands.
- WSOP Live Action 2024 Rule 51: the result stands, but a possible house error may still be
  corrected (the floor decides); a player's own act is no house error, missing cards never
  void a result (117), and the burn-error rule closed its correction at the award (165).
- TDA 2024 Rule 22 (2026: 24; the home game on 2024): only disputes of how a hand was read
  and of the pot's accounting, with a fouled deck put under it by 35-E (2026's 37-E: also
  a card that does not belong to the game, a joker).  Every other complaint: the TDA is
  silent; the ruling says Rule 22 does not cover it, and is never one that changes a hand
  that is over (a misdeal, a void, a dead hand, a card replaced).

The hands: every bundled scenario with one floor call and irregularities of one kind, its
``found`` discoveries moved after ``pot: awarded`` and ``next-hand``, and a few written here
for the kinds no such scenario raises.
"""

from __future__ import annotations

from functools import cache

import yaml
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from kb import DATA
from kb.hand.deal import replay
from kb.hand.scenario import ScenarioError
from kb.hand.scenario_file import parse_scenario
from kb.house.compose import compose, resolve_rulebook
from kb.house.spec import parse_house_text
from kb.knowledge.load import load_knowledge_base
from kb.rules.engine import rule
from kb.rules.irregularities import Kind
from kb.rules.limits import limit_rule
from kb.rules.situation import primary_irregularity

#: Each published book's limit and the number it is cited by (read from the texts).
LIMITS = {
    "rrop@v11": ("rrop", "Decision-Making 5"),
    "house.casino@2026": ("rrop", "Decision-Making 5"),
    "wsop@2024": ("wsop", "76"),
    "wsop-live@2024": ("wsop-live", "51"),
    "tda@2024": ("tda", "22"),
    "tda@2026": ("tda", "24"),
    "house.thursday-home-game@2026": ("tda", "22"),
}
#: Live Action Rule 51: the kinds whose result stands though the house erred (117: missing
#: cards never void; 165: the burn error's correction ended at the award) or that a player
#: causes (a player's own act is no house error).
LA_STANDS = {"missing", "burn-count", "player-exposed"}
#: The TDA's fouled deck, which 35-E (2026: 37-E) puts under Rule 22's limit, and the
#: numbers it is cited by.
TDA_FOULED = {"tda@2024": "35-E", "tda@2026": "37-E", "house.thursday-home-game@2026": "35-E"}
#: Remedies that change a hand that is over: none of them may answer a complaint too late.
CHANGING = {"misdeal", "void", "dead-hand"}
#: Steps that change a hand or its board.
CHANGING_STEPS = {"replace", "deal", "redeal", "supply", "kill", "refund", "common-card",
                  "scramble-pick", "finish-deal", "gather"}

HEAD = "id: late\ntitle: late\nsetting: {setting}\n"
#: Hands for the kinds no bundled scenario with one floor call raises first.
WRITTEN = {
    "dealt-out": {"game": "holdem", "seats": 6, "button": 2,
                  "events": [{"deal": {"dealt-out": [5]}},
                             {"act": ["call", "call", "fold", "call", "check"]}]},
    "draw-short-stub": {"game": "draw-high", "seats": 8, "button": 8,
                        "events": [{"deal": {}},
                                   {"act": ["call"] * 7 + ["check"]},
                                   *[{"draw": {"seat": s, "discards": 5}}
                                     for s in (1, 2, 3, 4)]]},
    "set-aside-mucked": {"game": "holdem", "seats": 6, "button": 6,
                         "events": [{"deal": {}},
                                    {"act": ["call", "call", "call", "call", "call", "check"]},
                                    {"flop": {}}, {"act": ["check", "bet", "call"]},
                                    {"turn": {"premature": True}}, {"floor": {}},
                                    {"act": ["call", "call", "call"]},
                                    {"act": ["check"] * 6},
                                    {"set-aside": {"mucked": True}}]},
    # issue 21's new situations (their bundled scenarios all call the floor)
    "board-mucked": {"game": "holdem", "seats": 6, "button": 6,
                     "deck": "Ah Kd 9c 7s Qh 4d Ac Kc 8d 6s Jh 3c 2s Td 7h 2c 5d Qs 9h 4c",
                     "events": [{"deal": {}},
                                {"act": ["fold", "call", "raise", "fold", "call", "fold", "call"]},
                                {"flop": {}}, {"act": ["check", "check", "bet", "call", "call"]},
                                {"turn": {}}, {"act": ["check", "bet", "fold"]},
                                {"board": {"mucked": ["Qs"]}}]},
    "board-retrieved": {"game": "holdem", "seats": 4, "button": 4,
                        "deck": "Kh Qc 9d 5s Kc Jc 9h 5h 3d 8c 6h 2d Ts As",
                        "events": [{"deal": {}}, {"act": ["call", "call", "call", "check"]},
                                   {"flop": {}}, {"act": ["check", "bet", "fold"]},
                                   {"board": {"mucked": ["6h"]}},
                                   {"board": {"retrieved": ["6h"]}}]},
    "pot-pushed-early": {"game": "holdem", "seats": 4, "button": 4,
                         "deck": "Ah Kh Qd Jh Ac Ks Qc Js 2s 9h 8c 3d 4s Tc",
                         "events": [{"deal": {}}, {"act": ["call", "call", "call", "check"]},
                                    {"flop": {}}, {"act": ["check"] * 4}, {"turn": {}},
                                    {"act": ["check", "check", "check", "bet", "fold", "fold"]},
                                    {"pot": {"pushed-to": 4, "mucked": [3]}}]},
    "hand-mucked": {"game": "holdem", "seats": 6, "button": 6,
                    "deck": "As Kd 7h 7c 2s 9d Qs Jh 4c 5d 8s Tc Ah 3d 6h 2d Kh",
                    "events": [{"deal": {}}, {"act": ["call", "call", "fold"]},
                               {"muck": {"seat": 4, "retrieved": True}}]},
    "player-dropped": {"game": "holdem", "seats": 6, "button": 6,
                       "deck": "9c Kd Ah 4s 7d Qc 2h Jd Ad 8c 3s Tc 5h 6d Ks 9h 2c",
                       "events": [{"deal": {}},
                                  {"act": ["raise", "fold", "fold", "call", "fold", "call"]},
                                  {"flop": {}}, {"act": ["check", "all-in", "call", "fold"]},
                                  {"dropped": {"seat": 3}}]},
    "hand-board-swap": {"game": "holdem", "seats": 6, "button": 2,
                        "deck": "9d 3s Kd Ac 5h Qc 2d 8h 6s Js 4c Th 2c 7c Jd 9h 5s",
                        "events": [{"deal": {}},
                                   {"act": ["call", "fold", "fold", "call", "call", "check"]},
                                   {"flop": {}},
                                   {"swap": {"seat": 5, "hand": "Kd", "board": "7c",
                                             "by": "player"}}]},
    "premature-acted": {"game": "holdem", "seats": 4, "button": 4,
                        "deck": "Ah 9d Kc 7s Qd 4h Jc 2s 8h 6c Td 3s 5h Kd 9c As",
                        "events": [{"deal": {}}, {"act": ["call", "call", "call", "check"]},
                                   {"flop": {}}, {"act": ["check", "bet", "call"]},
                                   {"turn": {"premature": True}}, {"act": ["bet", "call"]}]},
}


def late(hand: dict, floor: bool) -> dict:
    """``hand`` with the pot awarded and the next hand begun after its play, its ``found``
    discoveries after them, and a floor call after those if ``floor``."""
    events = hand["events"]
    played = [e for e in events if "found" not in e]
    found = [e for e in events if "found" in e]
    tail = [{"floor": {}}] if floor else []
    return {**hand, "events": played + [{"pot": "awarded"}, {"next-hand": {}}] + found + tail}


def scenario(hand: dict):
    hand = {k: v for k, v in hand.items() if k != "expect"}
    hand.setdefault("setting", "cash")
    return parse_scenario(yaml.safe_dump({"id": "late", "title": "late", **hand},
                                         sort_keys=False), "late.yaml")


@cache
def knowledge():
    """The bundled knowledge base (not the fixture: hypothesis would print it)."""
    return load_knowledge_base()


@cache
def hands() -> dict[str, list[dict]]:
    """Kind -> the hands whose ruling after the next hand is about that kind first."""
    found: dict[str, list[dict]] = {}
    candidates = [yaml.safe_load(p.read_text(encoding="utf-8"))
                  for p in sorted((DATA / "scenarios").glob("*.yaml"))]
    candidates = [c for c in candidates
                  if not any(k in e for e in c["events"] for k in ("floor", "pot"))]
    for hand in candidates:
        try:
            played = replay(scenario(late(hand, False)))
        except ScenarioError:
            continue
        kinds = {i.kind for i in played.irregularities}
        if len(kinds) == 1:                 # one kind, so that the table says what it gets
            found.setdefault(kinds.pop(), []).append(hand)
    for kind, hand in WRITTEN.items():
        found.setdefault(kind, []).append(hand)
    return found


def test_every_kind_has_a_hand_raised_after_the_next_hand(kb):
    assert set(hands()) == {kind.value for kind in Kind}
    rrop = resolve_rulebook(kb, "rrop@v11")
    for kind, hand in WRITTEN.items():     # the kinds the replay alone does not show
        ruling = rule(kb, rrop, scenario(late(hand, False)))
        assert kind in {irregularity["kind"] for irregularity in ruling.irregularities}


def expected(book: str, kind: str, details: dict) -> tuple[set[str], tuple[str, ...]]:
    """The remedies the texts allow and the numbers the ruling must cite."""
    limit, number = LIMITS[book]
    if limit in ("rrop", "wsop"):
        return {"continue"}, (number,)
    if limit == "wsop-live":
        stands = kind in LA_STANDS or details.get("by") == "player"
        return ({"continue"} if stands else {"floor-decision"}), (number,)
    fouled = kind == "duplicate" or (book == "tda@2026" and kind == "foreign"
                                     and "Jk" in details.get("cards", ()))
    if fouled:
        return {"continue"}, (TDA_FOULED[book], number)
    return {"continue", "floor-decision"}, (number,)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from(sorted(kind.value for kind in Kind)),
       book=st.sampled_from(sorted(LIMITS)), pick=st.integers(0, 1000),
       floor=st.booleans())
def test_a_complaint_after_the_next_hand_is_ruled_by_the_book_limit_or_its_silence(
        kind, book, pick, floor):
    kb = knowledge()
    choices = hands()[kind]
    played = scenario(late(choices[pick % len(choices)], floor))
    ruling = rule(kb, resolve_rulebook(kb, book), played)
    # the kind the last call rules (a set-aside card is mucked only where a book set one
    # aside at the earlier call); its details as the replay recorded them
    assume(bool(ruling.irregularities))
    kind = ruling.irregularities[0]["kind"]
    first = primary_irregularity(replay(played))
    details = first.details if first is not None and first.kind == kind else {}
    remedies, numbers = expected(book, kind, details)
    assert ruling.remedy in remedies, ruling.explanation
    assert set(numbers) <= {c.number for c in ruling.citations}, ruling.explanation
    assert "only after the next hand had begun" in ruling.explanation
    assert ruling.remedy not in CHANGING
    if LIMITS[book][0] == "tda" and len(numbers) == 1:       # the TDA's silence
        assert "it does not cover this complaint" in ruling.explanation
        if ruling.remedy == "continue":
            assert not {s.do for s in ruling.steps} & CHANGING_STEPS


JOKER_ON_THE_FLOP = """id: j
title: j
game: holdem
setting: tournament
seats: 3
button: 1
deck: 9d 4s Kh Qc 8c Js 2h Jk 5d 6c 3s Ah 9h 2d 7c
events:
  - deal: {}
  - act: [call, call, check]
  - flop: {}
  - act: [check, check, check]
  - pot: awarded
  - next-hand: {}
"""


def test_a_joker_dealt_on_the_flop_and_raised_after_the_next_hand_is_too_late(kb):
    # the flop records the joker (no found event): it comes to light for a ruling when the
    # floor is called, here after the next hand began (Decision-Making 5: the result stands);
    # before, its own line counted and it was ruled as during the hand
    played = parse_scenario(JOKER_ON_THE_FLOP, "j.yaml")
    ruling = rule(kb, resolve_rulebook(kb, "rrop@v11"), played)
    assert ruling.remedy == "continue"
    assert "Decision-Making 5" in {c.number for c in ruling.citations}
    assert ruling.explanation.startswith("A card that does not belong in the deck (Jk) came to "
                                         "light only after the next hand had begun.")


HOUSE_ON_WSOP_76 = """id: house.limit@2026
title: A room on Robert's Rules with the WSOP's dispute limit
base: "rrop@v11"
adopt:
  - topic: start-of-hand
    provisions: [wsop.disputed-pots]
    mode: instead
    reason: We close every dispute as the WSOP does.
"""


def test_a_house_book_takes_the_limit_of_the_provision_it_adopts_for_the_start_of_a_hand(kb):
    book, problems = compose(kb, parse_house_text(HOUSE_ON_WSOP_76, "limit.yaml"))
    assert problems == [] and book is not None
    assert limit_rule(kb, book) == "wsop.disputed-pots"
    ruling = rule(kb, book, parse_scenario(JOKER_ON_THE_FLOP, "j.yaml"))
    assert ruling.remedy == "continue"
    assert "76" in {c.number for c in ruling.citations}
    assert "Decision-Making 5" not in {c.number for c in ruling.citations}
