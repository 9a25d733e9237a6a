"""Board errors: four-card flop, flop burn errors, turn and river burn errors (topics
four-card-flop, flop-burn-errors, burn-errors)."""

from __future__ import annotations

from kb.deciders import decides
from kb.remedies import carry_on, deal_board, floor_decision, reshuffle_stub, step


@decides("tda.four-card-flop")
def tda_four_card_flop(case):
    """Poker TDA 2024 39-A: a four-card flop is scrambled face down, the floor picks one
    card at random as the next burn (the turn's burn: no further burn before the turn) and
    the other three are the flop."""
    irregularity = case.irregularity
    if irregularity.kind != "board-count" or irregularity.get("count") != 4:
        return None
    table, cards = case.table.copy(), list(irregularity.get("cards"))
    scrambled = list(cards)
    case.rng.shuffle(scrambled)
    picked = scrambled.pop(case.rng.randrange(4))
    table.board = [c for c in table.board if c not in cards] + scrambled
    table.burns.append(picked)
    return carry_on("Four cards were flopped: they are scrambled face down, the floor picks "
                    f"one at random ({picked}) as the turn's burn, and the other three are "
                    "the flop; no further card is burned before the turn.",
                    [step("scramble-pick", cards=cards, picked=picked, as_="burn",
                          street="turn")], table, ("tda.rp.randomness",), random=True)


@decides("rrop.holdem.four-card-flop", "house.casino.four-card-flop")
def rrop_four_card_flop(case):
    """Robert's Rules of Poker v11, Hold'em 3 with the flop-redeal procedure (Hold'em 7; also
    house 13.5/13.8): a flop with too many cards is redealt even if the extra card is known:
    the flop cards go back into the stub, the burn stays, shuffle, cut, new flop without a
    burn."""
    irregularity = case.irregularity
    if irregularity.kind != "board-count" or irregularity.get("count") <= 3:
        return None
    table = case.table.copy()
    steps = reshuffle_stub(table, list(irregularity.get("cards")), case.rng)
    steps += deal_board(table, "flop", 3, burn=False)
    return carry_on(f"The flop had {irregularity.get('count')} cards: it is redealt. The flop "
                    "cards are mixed into the stub, the burn stays, the stub is shuffled and "
                    "cut, and a new flop is dealt without a burn.", steps, table,
                    ("rrop.holdem.flop-redeal", "house.casino.flop-redeal"), random=True)


@decides("rrop.holdem.flop-burn-error", "house.casino.flop-burn-error")
def rrop_flop_burn_error(case):
    """Robert's Rules of Poker v11, Hold'em 4 (also house 13.6): no burn or two burns before
    the flop is rectified if no card was exposed; a turned flop is exposed, so before any
    action on it the flop cards go back into the stub, which is reshuffled and cut, and the
    flop is dealt again with one burn in all (this project's reading).  Once there is action
    on the flop it stands (the general burn-error rule)."""
    irregularity = case.irregularity
    if irregularity.kind != "burn-count" or irregularity.get("street") != "flop":
        return None
    if _stands(case, "flop"):
        return _relay(case, "flop")
    table = case.table.copy()
    steps = reshuffle_stub(table, list(irregularity.get("cards")), case.rng)
    steps += deal_board(table, "flop", 3, burn=irregularity.get("burns") == 0)
    return carry_on(f"The flop was dealt with {irregularity.get('burns')} burns and its cards "
                    "were exposed, so the deck is reshuffled: the flop cards go back into the "
                    "stub, which is shuffled and cut, and the flop is dealt again.",
                    steps, table, random=True)


@decides("tda.flop-no-burn")
def tda_flop_no_burn(case):
    """Poker TDA 2024 39-B: a flop dealt without a burn.  No action yet: the three cards are
    scrambled face down, one is picked as the burn, the flop is the other two plus the next
    card.  Any action (even one check): the flop stands and one card is burned for the
    turn.  A double burn is not covered."""
    irregularity = case.irregularity
    if irregularity.kind != "burn-count" or irregularity.get("street") != "flop":
        return None
    if irregularity.get("burns") == 2:
        return floor_decision("Two cards were burned before the flop: the TDA rules have no "
                              "provision for a double burn (39-B covers a missing burn), so "
                              "the floor decides.")
    if case.actions_since():
        return carry_on("The flop was dealt without a burn, but there has been action on it: "
                        "the flop stands, and one card is burned for the turn.")
    table, cards = case.table.copy(), list(irregularity.get("cards"))
    scrambled = list(cards)
    case.rng.shuffle(scrambled)
    picked = scrambled.pop(case.rng.randrange(3))
    table.burns.append(picked)
    table.board = [c for c in table.board if c not in cards] + scrambled + [table.take()]
    return carry_on("The flop was dealt without a burn and nobody has acted: the three cards "
                    f"are scrambled face down, {picked} is picked as the burn, and the flop is "
                    "the other two plus the next card off the stub.",
                    [step("scramble-pick", cards=cards, picked=picked, as_="burn",
                          street="flop"), step("deal", street="flop", cards=table.board[-1:])],
                    table, ("tda.rp.randomness",), random=True)


@decides("rrop.holdem.burn-error", "rrop.irregularities.burn-errors",
         "house.casino.burn-error-after-action")
def rrop_burn_error(case):
    """Robert's Rules of Poker v11, the general burn-error rule (Hold'em 5 in one copy; also
    house 13.7): a missed or double burn is corrected if found before betting on that
    round (a round without betting because of an all-in: before the pot is awarded); a board
    card with action on it stands; either way later cards are those that would have come
    (two burns: one goes back on the deck as the next burn)."""
    irregularity = case.irregularity
    if irregularity.kind != "burn-count":
        return None
    street = irregularity.get("street")
    if street == "flop" and not _stands(case, "flop"):
        return None                      # before action on the flop: Hold'em 4
    return _relay(case, street)


def _stands(case, street: str) -> bool:
    """A board street stands once there has been betting action on it."""
    return any(r.street == street for r in case.records)


def _relay(case, street: str):
    """Lay the board again from ``street`` on as the cards would have come: streets with
    action on them stand, the others take the card at their natural place in the deck; the
    cards between are burns."""
    log = case.replay.board_log
    start = next(i for i, entry in enumerate(log) if entry["street"] == street)
    table = case.table.copy()
    taken = [c for entry in log[start:] for c in entry["taken"]]
    for card in taken:
        (table.board if card in table.board else table.burns).remove(card)
    natural, position, used = taken + table.stub, 0, []
    for entry in log[start:]:
        count = 3 if entry["street"] == "flop" else 1
        cards = entry["cards"] if _stands(case, entry["street"])             else natural[position + 1:position + 1 + count]
        table.board.extend(cards)
        used += cards
        position += 1 + count
    if not used:
        return None          # nothing left to lay: the stub ran out before this street
    limit = max(natural.index(c) for c in used) + 1
    burns = [c for c in natural[:limit] if c not in used]
    table.burns.extend(burns)
    table.stub = natural[limit:]
    steps = [step("burn", cards=burns), step("deal", board=list(table.board))]
    if position < len(natural) and natural[position] in used and burns:
        table.burns.remove(burns[-1])
        table.stub.insert(0, burns[-1])
        steps.append(step("return-to-stub", card=burns[-1], position="top", as_="burn"))
    fixed = [e["street"] for e in log[start:] if not _stands(case, e["street"])]
    how = (f"the {', '.join(fixed)} {'is' if len(fixed) == 1 else 'are'} corrected to the "
           "card that would have come") if fixed else "the board stands as dealt"
    return carry_on(f"A burn error before the {street}: board cards with action on them stand, "
                    f"and {how}; later cards are to be those that would have come without the "
                    "error.", steps, table)


@decides("tda.rp.randomness")
def tda_randomness(case):
    """Poker TDA 2024 RP-14: randomness as a remedy where no rule applies; the TDA has no
    rule for a turn or river burn error (Rule 38's one burn per street is written for hands
    killed after substantial action)."""
    if case.irregularity.kind != "burn-count" or case.irregularity.get("street") == "flop":
        return None
    return floor_decision(f"The TDA rules have no provision for a burn error on the "
                          f"{case.irregularity.get('street')}: the floor decides, guided by "
                          "randomness (RP-14) and one burn per street (Rule 38), not by "
                          "restoring the card order.", ("tda.burns-after-substantial-action",))
