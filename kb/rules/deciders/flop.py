"""Board errors: four-card flop, flop burn errors, turn and river burn errors (topics
four-card-flop, flop-burn-errors, burn-errors)."""

from __future__ import annotations

from kb.rules.deciders import decides, ruled_on
from kb.rules.deciders.end_of_hand import rrop_burn_after_pot, tda_board_after_pot
from kb.rules.deciders.helpers_board import (
    BOARD_SIZE,
    acted_on,
    flop_now,
    flop_reshuffle,
    next_street,
)
from kb.rules.remedies import Decision, carry_on, deal_board, floor_decision, reshuffle_stub, step
from kb.rules.ruling import Step
from kb.rules.situation import Case

_WORDS = {2: "two", 3: "three"}
#: What :func:`_relay` lays, street by street from the error on: (street, its cards,
#: whether it stands: True acted on, False corrected now, None still to come).
Plan = list[tuple[str, list[str], bool | None]]


@decides("tda.four-card-flop")
def tda_four_card_flop(case: Case) -> Decision | None:
    """Poker TDA 2024 39-A: a four-card flop is scrambled face down, the floor picks one
    card at random as the next burn and the other three are the flop.  Reading "the next
    burn" as the turn's burn (no further burn before the turn) is this project's
    interpretation; the rule does not spell it out.

    >>> from kb.rules.examples import case
    >>> found = tda_four_card_flop(case("case-c27-four-card-flop-stuck-cards", book="tda"))
    >>> found.remedy, [s.do for s in found.steps]
    ('continue', ['scramble-pick'])
    """
    irregularity = ruled_on(case)
    if irregularity.kind != "board-count" or irregularity.get("count") != 4:
        return None
    table = case.table.copy()
    cards = flop_now(case, table)
    if cards is None:
        return None
    scrambled = list(cards)
    case.rng.shuffle(scrambled)
    picked = scrambled.pop(case.rng.randrange(4))
    table.board = [c for c in table.board if c not in cards] + scrambled
    table.burns.append(picked)
    return carry_on("Four cards were flopped: they are scrambled face down, the floor picks "
                    f"one at random ({picked}) as the next burn card, and the other three are "
                    "the flop. The rule does not say which burn that is; taking it as the "
                    "turn's burn, so that no further card is burned before the turn, is our "
                    "reading.",
                    [step("scramble-pick", cards=cards, picked=picked, as_="burn",
                          street="turn")], table, ("tda.rp.randomness",), random=True)


def _redeal_flop(case: Case, provisions: tuple[str, ...]) -> Decision | None:
    """Too many flop cards: the flop cards go back into the stub, the burn stays, shuffle,
    cut, new flop without a burn."""
    irregularity = ruled_on(case)
    if irregularity.kind != "board-count" or irregularity.get("count") <= 3:
        return None
    table = case.table.copy()
    cards = flop_now(case, table)
    if cards is None:
        return None
    steps = reshuffle_stub(table, cards, case.rng)
    steps += deal_board(table, "flop", 3, burn=False)
    return carry_on(f"The flop had {irregularity.get('count')} cards: it is redealt. The flop "
                    "cards are mixed into the stub, the burn stays, the stub is shuffled and "
                    "cut, and a new flop is dealt without a burn.",
                    steps, table, provisions, random=True)


@decides("rrop.holdem.four-card-flop")
def rrop_four_card_flop(case: Case) -> Decision | None:
    """Robert's Rules of Poker v11, Hold'em 3 with the flop-redeal procedure: a flop with
    too many cards is redealt even if the extra card is known.

    >>> from kb.rules.examples import case
    >>> found = rrop_four_card_flop(case("case-c27-four-card-flop-stuck-cards"))
    >>> found.remedy, [s.do for s in found.steps]
    ('continue', ['return-to-stub', 'shuffle', 'cut', 'deal'])
    """
    return _redeal_flop(case, ("rrop.holdem.flop-redeal",))


@decides("house.casino.four-card-flop")
def house_four_card_flop(case: Case) -> Decision | None:
    """House 13.5 with 13.8: an extra flop card means the flop is dealt again, all board
    cards but the burn back into the deck, reshuffle, new flop without a burn.

    >>> from kb.rules.examples import case
    >>> found = house_four_card_flop(case("case-c27-four-card-flop-stuck-cards"))
    >>> found.remedy, [s.do for s in found.steps]
    ('continue', ['return-to-stub', 'shuffle', 'cut', 'deal'])
    """
    return _redeal_flop(case, ("house.casino.flop-redeal",))


@decides("rrop.holdem.flop-burn-error")
def rrop_flop_burn_error(case: Case) -> Decision | None:
    """Robert's Rules of Poker v11, Hold'em 4: a missed or double flop burn is rectified if
    no card was exposed, else the deck is reshuffled.  A turned flop is exposed; the rule
    only says "reshuffle", so the flop is dealt again as the flop-redeal rule deals a flop
    again (this project's reading, the same for both errors).  Found after the pot was
    awarded: the general burn-error rule's all-in clause is over, the board stands.

    >>> from kb.rules.examples import case
    >>> rrop_flop_burn_error(case("flop-no-burn-all-in-found-after-pot-awarded")).remedy
    'continue'
    """
    return rrop_burn_after_pot(case) or flop_reshuffle(case, ("rrop.holdem.flop-redeal",),
                           "The burn rule only says the deck is reshuffled; dealing the "
                           "new flop as Robert's Rules redeals a flop (no new burn) is our "
                           "reading, used for a missing burn and a double burn alike.")


@decides("house.casino.flop-burn-error")
def house_flop_burn_error(case: Case) -> Decision | None:
    """House 13.6 with 13.8: cards exposed after a flop burn error mean a reshuffle, and a
    flop dealt again is dealt without burning.  After the pot was awarded the house rules
    are silent and Robert's Rules (the base) governs: the board stands.

    >>> from kb.rules.examples import case
    >>> house_flop_burn_error(case("burn-error-all-in-found-after-next-hand")).remedy
    'continue'
    """
    return rrop_burn_after_pot(case) or flop_reshuffle(case, ("house.casino.flop-redeal",),
                           "The house rule for a flop dealt again says the new flop comes "
                           "without a burn, whether the error was a missing or a double "
                           "burn.")


@decides("tda.flop-no-burn")
def tda_flop_no_burn(case: Case) -> Decision | None:
    """Poker TDA 2024 39-B: a flop dealt without a burn.  No action yet: the three cards are
    scrambled face down, one is picked as the burn, the flop is the other two plus the next
    card.  Any action (even one check): the flop stands and one card is burned for the
    turn.  A double burn is not covered.  Found after the pot was awarded:
    :func:`~kb.rules.deciders.end_of_hand.tda_board_after_pot`.

    >>> from kb.rules.examples import case
    >>> tda_flop_no_burn(case("case-c23-exposed-card-burn-plus-extra-burn", book="tda")).remedy
    'floor-decision'
    """
    irregularity = ruled_on(case)
    if irregularity.kind != "burn-count" or irregularity.get("street") != "flop":
        return None
    late = tda_board_after_pot(case, "The flop dealt without a burn")
    if late is not None:
        return late
    if irregularity.get("burns") == 2:
        return floor_decision("Two cards were burned before the flop: the TDA rules have no "
                              "provision for a double burn (39-B covers a missing burn), so "
                              "the floor decides.")
    if case.actions_since():
        return _tda_flop_stands(case)
    cards = list(irregularity.get("cards"))
    if len(cards) != 3:
        return floor_decision(f"The flop was dealt without a burn and with "
                              f"{len(cards)} card{'s' * (len(cards) != 1)}: 39-B covers a "
                              "three-card flop dealt without a burn and says nothing of a flop "
                              "with another number of cards, so the floor decides.")
    return scramble_flop(case, cards, "The flop was dealt without a burn and nobody has "
                         "acted: the three cards are scrambled face down, {picked} is picked "
                         "as the burn, and the flop is the other two plus the next card off "
                         "the stub.")


def scramble_flop(case: Case, cards: list[str], text: str) -> Decision:
    """The three ``cards`` of a flop dealt without a burn scrambled face down, one picked at
    random as the burn and the next card off the stub completing the flop (TDA 39-B before
    action, WSOP 88.c.3.i), explained by ``text`` with ``{picked}`` for the burn picked."""
    table = case.table.copy()
    scrambled = list(cards)
    case.rng.shuffle(scrambled)
    picked = scrambled.pop(case.rng.randrange(3))
    table.burns.append(picked)
    table.board = [c for c in table.board if c not in cards] + scrambled + [table.take()]
    return carry_on(text.format(picked=picked),
                    [step("scramble-pick", cards=cards, picked=picked, as_="burn",
                          street="flop"), step("deal", street="flop", cards=table.board[-1:])],
                    table, ("tda.rp.randomness",), random=True)


def _tda_flop_stands(case: Case) -> Decision:
    """39-B after action: the flop plays; the turn (if still to come) gets one burn.  The
    turn comes after the flop betting, so it is a step with ``when`` and stays out of the
    ruling's table (the table holds the cards once the remedy is done; betting still owed
    is not played out)."""
    text = ("The flop was dealt without a burn, but there has been action on it (even one "
            "check is enough): the flop stands, and only one card is burned for the turn.")
    if next_street(case) != "turn" or len(case.table.stub) < 2:
        return carry_on(text)
    burn, turn = case.table.stub[:2]
    later = "after the flop betting"
    steps = [step("finish-betting", street="flop"),
             step("burn", card=burn, street="turn", when=later),
             step("deal", street="turn", cards=[turn], when=later)]
    return carry_on(f"{text} Once the flop betting is over the dealer burns {burn} and turns "
                    f"{turn}.", steps)


@decides("rrop.holdem.burn-error")
def rrop_burn_error(case: Case) -> Decision | None:
    """Robert's Rules of Poker v11, the general burn-error rule (Hold'em 5 in one copy; the
    version 11 number was not seen): a missed or double burn is corrected if found before
    betting on that round (a round without betting because of an all-in: before the pot is
    awarded); a board card with action on it stands; either way later cards are those that
    would have come (two burns: one goes back on the deck as the next burn).  Found after
    the pot was awarded the board stands; after the next deal began, Decision-Making 5.

    >>> from kb.rules.examples import case
    >>> rrop_burn_error(case("burn-error-all-in-found-after-next-hand")).remedy
    'continue'
    """
    return rrop_burn_after_pot(case) or _burn_error(case)


@decides("house.casino.burn-error-after-action")
def house_burn_error(case: Case) -> Decision | None:
    """House 13.7: after a flop burn error, a community card acted on stands and later cards
    are those that would have come without the error (after the pot was awarded, as
    Robert's Rules, the base: the board stands).

    >>> from kb.rules.examples import case
    >>> found = house_burn_error(case("burn-error-all-in-floor-before-pot-awarded"))
    >>> found.remedy, [s.do for s in found.steps]
    ('continue', ['burn', 'deal', 'burn', 'deal'])
    """
    return rrop_burn_after_pot(case) or _burn_error(case)


def _burn_error(case: Case) -> Decision | None:
    irregularity = ruled_on(case)
    if irregularity.kind != "burn-count":
        return None
    street = irregularity.get("street")
    if street == "flop" and not acted_on(case, "flop"):
        return None                      # before action on the flop: rectify or reshuffle
    return _relay(case, street)


def _relay(case: Case, street: str) -> Decision | None:
    """Lay the board again from ``street`` on as the cards would have come: streets with
    action on them stand, the others take the cards at their natural place in the deck, and
    a street still to come after a standing one is dealt once its betting is over: that
    street is a step with ``when`` and stays out of the table (the spec's table holds the
    cards once the remedy is done; betting still owed is not played out).  The cards between
    are burns; a burn the later street needs back (two burns before a standing street) is
    returned to the stub when that street is dealt, so it too is a step with ``when``."""
    log = case.replay.board_log
    entries = log[next(i for i, e in enumerate(log) if e["street"] == street):]
    table = case.table.copy()
    taken = [c for entry in entries for c in entry["taken"]]
    if any(c not in table.board and c not in table.burns for c in taken):
        return None          # an earlier remedy moved these cards: no natural order left
    for card in taken:
        (table.board if card in table.board else table.burns).remove(card)
    natural = taken + table.stub
    plan = _plan(case, entries, natural)
    if plan is None:
        return None          # the stub ran out before the cards that would have come
    steps, burned = _relay_steps(plan, natural, [c for _, cards, _ in plan for c in cards],
                                 log[-1]["street"])
    now = [c for _, cards, stands in plan if stands is not None for c in cards]
    limit = max(natural.index(c) for c in now) + 1
    table.burns.extend(c for c in natural[:limit] if c not in now)
    table.board.extend(now)
    table.stub = natural[limit:]
    back = [c for c in taken if c in table.stub]
    if back:
        steps.append(step("return-to-stub", cards=back, position="top"))
    return carry_on(_relay_text(entries[0], plan, burned), steps, table)


def _plan(case: Case, entries: list[dict], natural: list[str]) -> Plan | None:
    """(street, cards, stands) for each street from the error on; stands is None for the
    street the ruling deals now.  None when the stub cannot supply the natural cards.

    A street that stands keeps its cards even when it had too many (a two-card turn), so a
    card it holds is never dealt again: the natural card of a later street skips it."""
    plan: Plan = []
    position = 0
    held = {c for entry in entries if acted_on(case, entry["street"]) for c in entry["cards"]}
    for entry in entries:
        name, size = entry["street"], BOARD_SIZE[entry["street"]]
        stands = acted_on(case, name)
        cards = entry["cards"] if stands else _natural(natural, position + 1, size, held)
        held.update(cards)
        plan.append((name, list(cards), stands))
        position += 1 + size
    following = next_street(case)
    if plan[-1][2] and following:
        cards = _natural(natural, position + 1, BOARD_SIZE[following], held)
        plan.append((following, list(cards), None))
    if any(len(cards) != BOARD_SIZE[name] for name, cards, stands in plan if not stands):
        return None
    return plan


def _natural(natural: list[str], start: int, size: int, held: set[str]) -> list[str]:
    """The ``size`` cards from position ``start`` of the natural order, passing over the
    cards a standing street holds."""
    return [c for c in natural[start:] if c not in held][:size]


def _relay_steps(plan: Plan, natural: list[str], used: list[str],
                 last: str) -> tuple[list[Step], dict[str, list[str]]]:
    """The dealer's moves for the streets that do not stand, and the burns of each.  A
    street still to come (``stands`` None) is dealt after the betting on ``last``: its burn
    and deal carry ``when``, as does an extra burn put back on top of the stub for it."""
    steps, seen, burned = [], 0, {}
    for name, cards, stands in plan:
        first = natural.index(cards[0])
        fresh = [c for c in natural[seen:first] if c not in used]
        when = {} if stands is not None else {"when": f"after the {last} betting"}
        if stands is None:
            steps.append(step("finish-betting", street=last))
            if not fresh and seen:
                extra = [c for c in natural[:first] if c not in used][-1:]
                steps.append(step("return-to-stub", cards=extra, position="top", as_="burn",
                                  **when))
                fresh = extra
        if not stands:
            if fresh:
                steps.append(step("burn", cards=fresh, street=name, **when))
            steps.append(step("deal", street=name, cards=cards, **when))
        burned[name] = fresh
        seen = max(natural.index(c) for c in cards) + 1
    return steps, burned


def _relay_text(first: dict, plan: Plan, burned: dict[str, list[str]]) -> str:
    street, burns = first["street"], len(first["burned"])
    what = "without a burn" if burns == 0 else f"after {_WORDS.get(burns, burns)} burns"
    parts = [f"The {street} was dealt {what}. Under the burn-error rule a board card that has "
             "been acted on stands, an error found before the betting on its round is "
             "corrected, and later cards are to be the ones that would have come without "
             "the error."]
    standing = [name for name, _, stands in plan if stands]
    if standing:
        parts.append(f"There was action on the {_join(standing)}, so "
                     f"{'it stands' if len(standing) == 1 else 'they stand'}.")
    for name, cards, stands in plan:
        if stands is False:
            parts.append(f"The {name} is corrected to {' '.join(cards)}, the card that would "
                         "have come.")
        elif stands is None:
            burn = " and ".join(burned[name]) or "nothing"
            parts.append(f"Once the betting on this round is over, the dealer burns {burn} "
                         f"and turns {' '.join(cards)} as the {name}, the card that would "
                         "have come.")
    if all(stands for _, _, stands in plan):
        parts.append("No board card is left to come, so nothing changes.")
    return " ".join(parts)


def _join(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


@decides("tda.rp.randomness")
def tda_randomness(case: Case) -> Decision | None:
    """Poker TDA 2024 RP-14: randomness as a remedy where no rule applies; the TDA has no
    rule for a turn or river burn error (Rule 38's one burn per street is written for hands
    killed after substantial action).

    >>> from kb.rules.examples import case
    >>> tda_randomness(case("burn-error-all-in-found-before-pot-awarded", book="tda")).remedy
    'floor-decision'
    """
    irregularity = ruled_on(case)
    if irregularity.kind != "burn-count" or irregularity.get("street") == "flop":
        return None
    late = tda_board_after_pot(case, f"The burn error on the {irregularity.get('street')}")
    if late is not None:
        return late
    return floor_decision(f"The TDA rules have no provision for a burn error on the "
                          f"{irregularity.get('street')}, so the floor decides. The "
                          "rules point away from restoring the card order: randomness is the "
                          "remedy where no rule applies (RP-14), and Rule 38 burns exactly "
                          "one card per street, but Rule 38 is written for a hand killed for "
                          "the wrong number of cards after substantial action, not for a "
                          "burn error, so it guides the floor only by analogy.",
                          ("tda.burns-after-substantial-action",))
