"""What deciders return, and the dealer's moves that remedies are made of.

A :class:`Decision` is a decider's answer: the remedy, the steps, the table once they are
done, the explanation and any further provisions it applied.  The helpers here change a
copy of the table and return the :class:`~kb.rules.ruling.Step` records that describe it.

>>> import random
>>> cut(list("abcdefghi"), random.Random(0))[1].to_json()
{'do': 'cut', 'at': 5}
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from kb.hand.cards import split_standard
from kb.hand.scenario import STUD_GAMES, clockwise_from
from kb.hand.table import Table, hole_cards
from kb.rules.outcomes import Remedy, StepKind
from kb.rules.ruling import Step

#: A cut leaves at least this many cards in each part (RRoP-derived home-game copy,
#: sources.md section 1 "Cut", partial).
CUT_MINIMUM = 4


@dataclass
class Decision:
    """A decider's ruling before the engine adds citations and the scenario's names.
    ``remedy`` is a :class:`~kb.rules.outcomes.Remedy` (or its value), kept as its value.

    >>> type(Decision(Remedy.VOID, "").remedy) is str
    True
    """

    remedy: str
    explanation: str
    steps: list[Step] = field(default_factory=list)
    table: Table | None = None
    provisions: tuple[str, ...] = ()
    random: bool = False

    def __post_init__(self) -> None:
        # a ruling keeps plain text, as the replay keeps an irregularity's kind: the cache
        # writes it as it is, and every output shows the value whatever the caller passed
        self.remedy = str(self.remedy)


def step(do: str, **details) -> Step:
    """A step ``do`` (a :class:`~kb.rules.outcomes.StepKind` or its value, kept as its
    value, as :class:`Decision` keeps its remedy); ``as_`` and ``in_`` are written ``as``
    and ``in`` in JSON.

    >>> step("set-aside", card="8s", as_="burn").to_json()
    {'do': 'set-aside', 'card': '8s', 'as': 'burn'}
    >>> step(StepKind.GATHER).to_json()
    {'do': 'gather'}
    """
    if not _PLAIN.issuperset(details):      # a key to rename (or one not seen yet)
        details = {k.rstrip("_"): v for k, v in details.items()}
        _PLAIN.update(k for k in details if k[-1:] != "_")
    return Step(str(do), details)


#: Keys of steps' details that need no renaming: most steps have none to rename, and their
#: keyword arguments' dict (a new one per call) is the step's details as it stands.
_PLAIN: set[str] = set()


def cut(cards: list[str], rng: random.Random) -> tuple[list[str], Step]:
    """Cut ``cards`` (top first) at a random point leaving :data:`CUT_MINIMUM` cards in each
    part where possible; returns the cut cards and the step.

    >>> import random
    >>> cut(["As", "Kd", "Qh"], random.Random(0))[0]
    ['Qh', 'As', 'Kd']
    """
    if len(cards) < 2:
        return list(cards), step(StepKind.CUT, at=0)
    low, high = (CUT_MINIMUM, len(cards) - CUT_MINIMUM) if len(cards) >= 2 * CUT_MINIMUM \
        else (1, len(cards) - 1)
    at = rng.randint(low, high)
    return cards[at:] + cards[:at], step(StepKind.CUT, at=at)


def reshuffle_stub(table: Table, cards: list[str], rng: random.Random,
                   with_cut: bool = True, face_down: bool = False) -> list[Step]:
    """Return ``cards`` (taken from wherever they lie) to the stub, shuffle it (and cut);
    the burns and the muck stay out.  A card no longer on the table (a foreign card found
    in its place, or an earlier remedy of the same floor call moved it out of play) is not
    returned: returning it would put a card into the deck that is not there.

    >>> import random
    >>> from kb.rules.examples import case
    >>> table = case("case-c31-premature-first-flop-card").table.copy()
    >>> [s.do for s in reshuffle_stub(table, list(table.board), random.Random(0))]
    ['return-to-stub', 'shuffle', 'cut']
    """
    cards = [card for card in cards if _remove(table, card)]
    table.stub.extend(cards)
    steps = [step(StepKind.RETURN_TO_STUB, cards=list(cards))]
    if face_down:
        steps.append(step(StepKind.FACE_DOWN))
    rng.shuffle(table.stub)
    steps.append(step(StepKind.SHUFFLE, cards=len(table.stub)))
    if with_cut:
        table.stub, cut_step = cut(table.stub, rng)
        steps.append(cut_step)
    return steps


def _remove(table: Table, card: str) -> bool:
    """Take ``card`` from the pile holding it; False when no pile does."""
    for pile in (table.board, table.burns, table.set_aside, table.muck, table.stub,
                 *table.hands.values()):
        if card in pile:
            pile.remove(card)
            return True
    return False


def deal_board(table: Table, street: str, count: int, burn: bool) -> list[Step]:
    """Burn (if ``burn``) and deal ``count`` board cards from the stub.

    >>> from kb.rules.examples import case
    >>> table = case("boxed-card-during-deal").table.copy()
    >>> [s.do for s in deal_board(table, "flop", 3, burn=True)], len(table.board)
    (['burn', 'deal'], 3)
    """
    steps = []
    if burn:
        card = table.take()
        table.burns.append(card)
        steps.append(step(StepKind.BURN, card=card, street=street))
    cards = [table.take() for _ in range(count)]
    table.board.extend(cards)
    steps.append(step(StepKind.DEAL, street=street, cards=cards))
    return steps


def gather_and_redeal(case, button: int | None = None) -> tuple[Table, list[Step]]:
    """A misdeal: gather every card, reshuffle, cut and redeal the same hand (same seats,
    same button unless ``button`` corrects it), non-standard cards taken out.

    >>> from kb.rules.examples import case
    >>> table, steps = gather_and_redeal(case("boxed-two-cards-during-deal"))
    >>> [s.do for s in steps]
    ['gather', 'shuffle', 'cut', 'redeal']
    """
    old, scenario = case.table, case.scenario
    deck, scraps = split_standard(_less(old.deck, old.missing))
    scraps += old.extras
    case.rng.shuffle(deck)
    deck, cut_step = cut(deck, case.rng)
    table = Table(deck=old.deck, hands={s: [] for s in scenario.seats}, stub=deck,
                  set_aside=scraps, missing=list(old.missing), extras=list(old.extras))
    steps = [step(StepKind.GATHER), step(StepKind.SHUFFLE, cards=len(deck)), cut_step]
    order = _redeal_order(case, button)
    count = 3 if case.game in STUD_GAMES else hole_cards(case.game)
    for _ in range(count):
        for seat in order:
            table.hands[seat].append(table.take())
    button = button or scenario.button
    steps.append(step(StepKind.REDEAL, **({} if button is None else {"button": button}),
                      seats=list(order)))
    return table, steps


def _less(cards, taken) -> list[str]:
    """``cards`` without one copy of each card of ``taken`` (a fouled deck may hold two
    copies of a card and miss only one).

    >>> _less(["As", "Kd", "As"], ["As"])
    ['Kd', 'As']
    """
    if not taken:                   # the usual deck, none of it missing
        return list(cards)
    left = Counter(taken)
    kept = []
    for card in cards:
        if left[card]:
            left[card] -= 1
        else:
            kept.append(card)
    return kept


def _redeal_order(case, button: int | None) -> tuple[int, ...]:
    seats = case.scenario.seats
    button = button or case.scenario.button
    if button is None:
        return tuple(sorted(seats))
    return clockwise_from(seats, button)


def misdeal(case, explanation: str, provisions: tuple[str, ...] = (),
            button: int | None = None) -> Decision:
    """A misdeal: gather, reshuffle, cut and redeal (random: the redeal depends on it).

    >>> from kb.rules.examples import case
    >>> [s.do for s in misdeal(case("boxed-two-cards-during-deal"), "Misdeal.").steps]
    ['gather', 'shuffle', 'cut', 'redeal']
    """
    table, steps = gather_and_redeal(case, button)
    return Decision(Remedy.MISDEAL, explanation, steps, table, provisions, random=True)


_SA_RULES = ("tda.substantial-action.two-with-chips", "tda.substantial-action.three-actions")


def before_sa(case) -> tuple[str, tuple[str, ...]]:
    """Where players have acted but not enough for substantial action: a sentence saying so
    (TDA Rule 36) and the provisions to cite; empty when no one has acted.

    >>> from kb.rules.examples import case
    >>> before_sa(case("boxed-card-during-deal", book="tda"))
    ('', ())
    """
    if not case.records or case.substantial_action() is not None:
        return "", ()
    count = len(case.records)
    return (f" The {count} action{'s' * (count > 1)} taken so far "
            f"{'are' if count > 1 else 'is'} not substantial action (36-A needs two actions, "
            "at least one putting chips in; 36-B three actions).", _SA_RULES)


def cards(count: int) -> str:
    """``1 card``, ``3 cards``.

    >>> cards(1), cards(3)
    ('1 card', '3 cards')
    """
    return f"{count} card{'s' * (count != 1)}"


def void(case, explanation: str, provisions: tuple[str, ...] = ()) -> Decision:
    """The hand is void: every chip goes back to whoever put it in.

    >>> void(None, "Void.").steps[0].do
    'refund'
    """
    return Decision(Remedy.VOID, explanation, [step(StepKind.REFUND, chips="all")], None, provisions)


def floor_decision(explanation: str, provisions: tuple[str, ...] = ()) -> Decision:
    """The book leaves the case to the floor.

    >>> floor_decision("The floor decides.").remedy
    'floor-decision'
    """
    return Decision(Remedy.FLOOR_DECISION, explanation, [], None, provisions)


def carry_on(explanation: str, steps=(), table: Table | None = None,
             provisions: tuple[str, ...] = (), random: bool = False) -> Decision:
    """Play continues after ``steps``.

    >>> carry_on("Play goes on.").remedy
    'continue'
    """
    return Decision(Remedy.CONTINUE, explanation, list(steps), table, provisions, random)
