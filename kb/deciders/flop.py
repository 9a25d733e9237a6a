"""Board errors: four-card flop, flop burn errors, turn and river burn errors (topics
four-card-flop, flop-burn-errors, burn-errors)."""

from __future__ import annotations

from kb.deciders import decides
from kb.remedies import carry_on, deal_board, floor_decision, reshuffle_stub, step


def _acted_since(case) -> bool:
    """Betting action on the street since the error (an all-in round counts as none)."""
    since = case.actions_since()
    return bool(since) and not any(r.act == "all-in" for r in case.records)


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
    the flop is rectified if no card was exposed; a turned flop is exposed, so the flop cards
    go back into the stub, which is reshuffled (and cut), and the flop is dealt again with
    the burns made right (this project's reading: one burn in all)."""
    irregularity = case.irregularity
    if irregularity.kind != "burn-count" or irregularity.get("street") != "flop":
        return None
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
    house 13.7): corrected if found before betting on that round; once there is action on
    a board card it stands; either way later cards are those that would have come (two burns:
    one goes back on the deck as the next burn)."""
    irregularity = case.irregularity
    if irregularity.kind != "burn-count" or irregularity.get("street") == "flop":
        return None
    street, burns = irregularity.get("street"), irregularity.get("burns")
    table, card = case.table.copy(), irregularity.get("cards")[0]
    if burns == 2:
        second = irregularity.get("burned")[1]
        table.burns.remove(second)
        if not _acted_since(case):
            table.board[table.board.index(card)] = second
            table.stub.insert(0, card)
            return carry_on(f"Two cards were burned before the {street}, found before any "
                            f"action on it: {second} (the card that should have come) is the "
                            f"{street} and {card} goes back on top of the deck as the next "
                            "burn.", [step("replace", street=street, out=card, in_=second),
                                      step("return-to-stub", card=card, position="top")], table)
        table.stub.insert(0, second)
        return carry_on(f"Two cards were burned before the {street} and there has been action "
                        f"on it: the {street} stands, and {second} goes back on the deck as the "
                        "next burn so later cards are those that would have come.",
                        [step("return-to-stub", card=second, position="top")], table)
    if _acted_since(case):
        return carry_on(f"No card was burned before the {street}, but there has been action on "
                        f"it: the {street} stands; later cards are to be those that would have "
                        "come without the error.")
    table.board.remove(card)
    table.burns.append(card)
    new = table.take()
    table.board.append(new)
    return carry_on(f"No card was burned before the {street}, found before any action on it: "
                    f"{card} becomes the burn and {new}, the card that would have come, is the "
                    f"{street}.", [step("burn", card=card, street=street),
                                   step("deal", street=street, cards=[new])], table)


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
