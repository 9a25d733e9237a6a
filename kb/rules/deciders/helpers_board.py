"""What deciders of several modules share about the board: the streets and their sizes,
whether a street was acted on, the flop as it lies, the flop reshuffled after a burn error,
premature board cards dealt again, a flop without a burn scrambled (TDA 39-B, WSOP
88.c.3.i) and a WSOP burn error left standing (88.c.3, 2024 and 2023).

Each helper is rule logic of the provisions its docstring names, written once because the
deciders of more than one book rule with it (the WSOP books copy Robert's Rules' order and
the TDA's methods).  Nothing is registered here.
"""

from __future__ import annotations

from kb.hand.table import Irregularity, Table
from kb.rules.deciders import ruled_on
from kb.rules.remedies import Decision, carry_on, deal_board, reshuffle_stub, step
from kb.rules.ruling import Step
from kb.rules.situation import Case

#: How many cards each board street deals.
BOARD_SIZE = {"flop": 3, "turn": 1, "river": 1}
_NEXT = {"flop": "turn", "turn": "river"}


def acted_on(case: Case, street: str) -> bool:
    """Whether there has been betting action (even one check) on ``street``: a board street
    acted on stands (Robert's Rules of Poker v11's burn-error rule, WSOP 2024 88.c.3).

    >>> from types import SimpleNamespace as NS
    >>> acted_on(NS(records=(NS(street="flop"),)), "flop"), acted_on(NS(records=()), "flop")
    (True, False)
    """
    return any(r.street == street for r in case.records)


def next_street(case: Case) -> str | None:
    """The board street still to come (``turn`` or ``river``) while two or more players are
    in the hand; None once the pot was awarded, after the river, or with one player left.

    >>> from types import SimpleNamespace as NS
    >>> replay = NS(board_log=[{"street": "flop"}], pot_line=None, betting=NS(live=[1, 2]))
    >>> next_street(NS(replay=replay))
    'turn'
    """
    log = case.replay.board_log
    last = log[-1]["street"] if log else None
    if case.replay.pot_line is not None:
        return None                      # the pot was awarded: the hand is over
    if last not in _NEXT or len(case.replay.betting.live) < 2:
        return None
    return _NEXT[last]


def flop_now(case: Case, table: Table) -> list[str] | None:
    """The cards in the flop's place on ``table``: the first cards of the board, as many
    as the flop had.  An earlier remedy of the same floor call may have changed them (a
    joker on the flop replaced by the next card is a flop card now); None when it changed
    how many cards the board holds (a card taken away), so the flop is no longer the
    over-sized flop ruled on.

    >>> from types import SimpleNamespace as NS
    >>> four = Irregularity("board-count", 5, 0, {"count": 4})
    >>> table = Table(deck=(), hands={}, stub=[], board=["2c", "3c", "4c", "5c"])
    >>> flop_now(NS(irregularity=four, replay=NS(board_log=[{"cards": table.board}])), table)
    ['2c', '3c', '4c', '5c']
    """
    count = ruled_on(case).get("count")
    if len(table.board) != sum(len(entry["cards"]) for entry in case.replay.board_log):
        return None
    return table.board[:count]


def flop_reshuffle(case: Case, provisions: tuple[str, ...], why: str) -> Decision | None:
    """A flop burn error (no burn, or two) found before any action on the flop: Robert's
    Rules of Poker v11 Hold'em 4 (also house 13.6, WSOP Live Action Rules 2024 164).  The
    flop was turned, so its cards were exposed and the deck is reshuffled; the flop is dealt
    again the way a flop is redealt (burns stay, no new burn), and the board cards dealt
    after it are dealt again normally.  ``why`` says whose reading that is; ``provisions``
    are cited with it.  None for any other irregularity, or once the flop was acted on (the
    general burn-error rule decides then).

    >>> from kb.rules.examples import case
    >>> found = flop_reshuffle(case("flop-no-burn-no-action"), (), "Our reading.")
    >>> found.remedy, [s.do for s in found.steps]
    ('continue', ['return-to-stub', 'shuffle', 'cut', 'deal'])
    """
    irregularity = ruled_on(case)
    if irregularity.kind != "burn-count" or irregularity.get("street") != "flop":
        return None
    if acted_on(case, "flop"):
        return None              # action on the flop: the general burn-error rule
    table, later = case.table.copy(), case.replay.board_log[1:]
    cards = list(irregularity.get("cards")) + [c for e in later for c in e["cards"]]
    steps = reshuffle_stub(table, cards, case.rng)
    steps += deal_board(table, "flop", 3, burn=False)
    for entry in later:
        steps += deal_board(table, entry["street"], 1, burn=True)
    what = "without a burn" if irregularity.get("burns") == 0 else "after two burns"
    again = " (with the board cards dealt after it, which are dealt again normally)" \
        if later else ""
    return carry_on(f"The flop was dealt {what} and its cards were seen, so the deck is "
                    f"reshuffled: the flop cards go back into the stub{again}, the burn cards "
                    "stay where they are, the stub is shuffled and cut, and a new flop is "
                    f"dealt without burning. {why}",
                    steps, table, provisions, random=True)


# ---- premature board cards ---------------------------------------------------------


def premature(case: Case, street: str | None = None) -> Irregularity | None:
    """The premature board cards ruled on (of ``street``, when given), or None.

    >>> from types import SimpleNamespace as NS
    >>> early = Irregularity("premature", 7, 2, {"street": "turn", "cards": ["9h"]})
    >>> premature(NS(irregularity=early), "turn").get("cards"), premature(NS(irregularity=early), "flop")
    (['9h'], None)
    """
    irregularity = ruled_on(case)
    if irregularity.kind != "premature":
        return None
    if street is not None and irregularity.get("street") != street:
        return None
    return irregularity


def cards_now(case: Case, table: Table, irregularity: Irregularity) -> list[str]:
    """The premature street's cards as they lie on ``table``: an earlier remedy of the same
    floor call may have put another card in one's place (a joker found there and replaced
    by the next card, which is then the premature card).  Where that remedy changed how
    many cards the board holds, the cards ruled on that are still on the board.

    >>> from types import SimpleNamespace as NS
    >>> early = Irregularity("premature", 7, 2, {"street": "turn", "cards": ["9h"]})
    >>> log = [{"street": "flop", "cards": ["2c", "3c", "4c"]}, {"street": "turn", "cards": ["9h"]}]
    >>> table = Table(deck=(), hands={}, stub=[], board=["2c", "3c", "4c", "Jk"])
    >>> cards_now(NS(replay=NS(board_log=log)), table, early)
    ['Jk']
    """
    log, cards = case.replay.board_log, list(irregularity.get("cards"))
    names = [entry["street"] for entry in log]
    street = irregularity.get("street")
    if street in names and len(table.board) == sum(len(e["cards"]) for e in log):
        start = sum(len(e["cards"]) for e in log[:names.index(street)])
        return table.board[start:start + len(cards)]
    return [card for card in cards if card in table.board]


_BEFORE = {"flop": "preflop", "turn": "flop", "river": "turn"}


def redeal_premature(case: Case, street: str,
                     face_down: bool) -> tuple[Table, list[Step], list[str]] | None:
    """The premature-card method of Poker TDA 2024 RP-5-A to C, which the WSOP books copy
    (Tournament Rules 2024 90.f.a-c, Live Action Rules 2024 167): the street's burn stays,
    the premature cards go back into the stub, the stub is reshuffled without a cut (face
    down where the book asks it, TDA 39-D) and the street is dealt again without a burn.  The
    betting round in progress is finished first: common practice, not RP-5 or 90.f text
    (unconfirmed as book text; the WSOP Tournament Rules say nothing of the timing).  Returns ``(table, steps, cards taken back)``, or
    None when the irregularity ruled on is not a premature ``street``.

    >>> from kb.rules.examples import case
    >>> table, steps, cards = redeal_premature(case("case-c31-premature-first-flop-card"),
    ...                                        "flop", face_down=False)
    >>> [s.do for s in steps], cards
    (['finish-betting', 'return-to-stub', 'shuffle', 'deal'], ['Jh'])
    """
    irregularity = premature(case, street)
    if irregularity is None:
        return None
    table = case.table.copy()
    cards = cards_now(case, table, irregularity)
    steps = [step("finish-betting", street=_BEFORE[street])]
    steps += reshuffle_stub(table, cards, case.rng, with_cut=False, face_down=face_down)
    steps += deal_board(table, street, 3 if street == "flop" else 1, burn=False)
    return table, steps, cards


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


def burn_error_stands(case: Case, why: str) -> Decision:
    """88.c.3's remedy for the burn error ``case`` is ruled on, standing because of ``why``
    (2024: a check on the round; 2023: substantial action on it): the action stands, the
    next street is burned and dealt as usual."""
    irregularity = ruled_on(case)
    street = irregularity.get("street")
    what = "without a burn" if irregularity.get("burns") == 0 else "after two burns"
    text = (f"The {street} was dealt {what}, and {why}: the action stands (88.c.3). The burn "
            "protects the stub, not the order of the cards, so nothing is put back")
    log = case.replay.board_log
    following = next_street(case) if log and log[-1]["street"] == street else None
    steps = []
    if following and len(case.table.stub) > BOARD_SIZE[following]:
        later = f"after the {street} betting"
        burn, dealt = case.table.stub[0], case.table.stub[1:1 + BOARD_SIZE[following]]
        steps = [step("finish-betting", street=street),
                 step("burn", card=burn, street=following, when=later),
                 step("deal", street=following, cards=dealt, when=later)]
        text += (f": once the betting is over the dealer burns one card ({burn}) and deals "
                 f"the {following} ({' '.join(dealt)}) as usual")
    text += "." + _tension(case, street, irregularity)
    return carry_on(text, steps)


def _tension(case: Case, street: str, irregularity: Irregularity) -> str:
    """88.c.3 against its sub-item 88.c.3.i: a flop without a burn, checked, with no
    substantial action on the flop yet."""
    if street != "flop" or irregularity.get("burns") != 0:
        return ""
    flop = [r for r in case.records if r.street == "flop"]
    if len(flop) >= 3 or any(r.act in ("bet", "raise", "call", "all-in") for r in flop):
        return ""
    return (" The sub-item 88.c.3.i would instead scramble the flop while there is no "
            "substantial action; the two items conflict here, and this ruling follows "
            "88.c.3's express words on a check (as TDA 39-B does).")
