"""Board cards dealt before the betting round was complete (topics premature-flop,
premature-turn, premature-river)."""

from __future__ import annotations

from kb.rules.deciders import Decider, decides
from kb.rules.deciders.helpers_board import cards_now, premature, redeal_premature
from kb.rules.remedies import Decision, carry_on, deal_board, reshuffle_stub, step
from kb.rules.situation import Case

_RROP_ALSO = ("rrop.irregularities.premature-cards", "rrop.explanations.premature-board")
_TDA = {"flop": "tda.rp.premature-flop", "turn": "tda.rp.premature-turn",
        "river": "tda.rp.premature-river"}


@decides("rrop.holdem.premature-cards", "rrop.irregularities.premature-cards",
         "house.casino.flop-redeal")
def rrop_premature_flop(case: Case) -> Decision | None:
    """Robert's Rules of Poker v11, the burn-and-turn-early rule and the flop-redeal
    procedure (Hold'em 6/7, Irregularities 15; Explanations #2; house 13.8): premature flop
    cards do not
    play; the betting is finished, the flop cards are mixed into the stub, the burn stays,
    shuffle, cut, new flop without a burn.

    >>> from kb.rules.examples import case
    >>> rrop_premature_flop(case("case-c31-premature-first-flop-card")).remedy
    'continue'
    """
    irregularity = premature(case, "flop")
    if irregularity is None:
        return None
    table = case.table.copy()
    steps = [step("finish-betting", street="preflop")]
    steps += reshuffle_stub(table, cards_now(case, table, irregularity), case.rng)
    steps += deal_board(table, "flop", 3, burn=False)
    return carry_on("The flop was dealt before the betting was complete: those cards do not "
                    "play even if the players still to act fold. The betting is finished, "
                    "the flop cards are mixed into the stub (the burn stays), the stub is "
                    "shuffled and cut, and a new flop is dealt without a burn.", steps, table,
                    ("rrop.holdem.flop-redeal",) + _RROP_ALSO, random=True)


@decides("rrop.holdem.premature-turn", "house.casino.premature-turn")
def rrop_premature_turn(case: Case) -> Decision | None:
    """Robert's Rules of Poker v11, the premature-turn rule (Hold'em 8 per seed 000; also
    house 13.9): the early turn card is out of play for the round; the flop betting is
    finished first; then the dealer burns and turns the card that would have been the river
    as the turn; after the turn betting the stub and the premature card (not the burns or
    discards) are reshuffled and cut, and the river is dealt without a burn.  Every step
    after the flop betting carries ``when`` and is not applied to the table: while the flop
    betting is owed the board holds only the flop.

    >>> from kb.rules.examples import case
    >>> found = rrop_premature_turn(case("case-c33-premature-turn-during-raise"))
    >>> found.remedy, len(found.table.board), [s.details.get("when") for s in found.steps][:4]
    ('continue', 3, [None, None, 'after the flop betting', 'after the turn betting'])
    """
    irregularity = premature(case, "turn")
    if irregularity is None:
        return None
    table = case.table.copy()
    early = next(iter(cards_now(case, table, irregularity)), None)
    if early is None:
        return None          # an earlier remedy took the premature card off the board
    table.board.remove(early)
    table.set_aside.append(early)
    flop_done, later = "after the flop betting", "after the turn betting"
    steps = [step("set-aside", card=early, as_="out-of-play"),
             step("finish-betting", street="flop"),
             step("deal", street="turn", burn=True, when=flop_done),
             step("return-to-stub", cards=[early], when=later),
             step("shuffle", when=later), step("cut", when=later),
             step("deal", street="river", burn=False, when=later)]
    return carry_on("The turn was dealt before the flop betting was complete: that card is out "
                    "of play for the round. The flop betting is finished first, so until then "
                    "the board holds only the flop; then the dealer burns and turns the card "
                    "that would have been the river as the turn. After the turn betting the "
                    "premature card is shuffled back into the stub (not the burns or discards), "
                    "the stub is cut, and the river is dealt without a burn.",
                    steps, table, _RROP_ALSO)


@decides("rrop.holdem.premature-river")
def rrop_premature_river(case: Case) -> Decision | None:
    """Robert's Rules of Poker v11, the premature-turn rule's last part: a river turned early
    goes back into the stub (burns and discards excluded), which is shuffled and cut, and
    the river is dealt without a burn once the betting is finished.

    >>> from kb.rules.examples import case
    >>> rrop_premature_river(case("case-c37-premature-river-seen-by-one")).remedy
    'continue'
    """
    irregularity = premature(case, "river")
    if irregularity is None:
        return None
    table = case.table.copy()
    steps = [step("finish-betting", street="turn")]
    steps += reshuffle_stub(table, cards_now(case, table, irregularity), case.rng)
    steps += deal_board(table, "river", 1, burn=False)
    return carry_on("The river was dealt before the turn betting was complete: it does not "
                    "play. After the betting it goes back into the stub (not the burns or "
                    "discards), the stub is shuffled and cut, and the river is dealt without a "
                    "burn.", steps, table, _RROP_ALSO, random=True)


def _tda_premature(street: str) -> Decider:
    def decide(case: Case) -> Decision | None:
        redealt = redeal_premature(case, street, face_down=True)
        if redealt is None:
            return None
        table, steps, cards = redealt
        return carry_on(_tda_text(street, len(cards)), steps, table,
                        ("tda.premature-cards", "tda.reshuffle-face-down"), random=True)
    decide.__name__ = f"tda_premature_{street}"
    decide.__doc__ = (f"Poker TDA 2024 {dict(flop='RP-5-A', turn='RP-5-B', river='RP-5-C')[street]}"
                      f" (via 39-C; reshuffle face down per 39-D): the premature {street}'s "
                      "burn stays, the card goes back into the stub, the stub is reshuffled "
                      f"and the {street} is redealt without another burn.  Finishing the "
                      "betting first is common practice, not RP-5 text.")
    return decide


def _tda_text(street: str, count: int) -> str:
    cards = "cards go" if count > 1 else "card goes"
    later = " The river then follows normally, with its own burn." if street == "turn" else ""
    return (f"The {street} was dealt prematurely: its burn stays, the premature {cards} back "
            f"into the stub, the whole stub is reshuffled face down, and the {street} is "
            f"redealt from it without another burn.{later} The betting round in progress is "
            "completed first: that is common practice; the TDA procedure does not say when "
            "the reshuffle happens relative to the betting.")


for _street, _pid in _TDA.items():
    decides(_pid)(_tda_premature(_street))
