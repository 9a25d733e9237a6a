"""What the dealer does now, in floor words: a ruling's one-line answer (:func:`answer`)
and each step as a dealer would say it (:func:`step_words`).

The remedy word alone hides the answer: on a four-card flop every book says "continue",
yet some redeal the flop and others scramble the four cards and pick the burn.  The
answer is derived from the remedy and the steps, so two books that agree on the word but
not on the dealer's moves get different answers (:func:`books_differ`).  An answer names
no card: the cards are in the steps and the table, and an answer is the same for every
seed.  A misdeal's answer is "reshuffle and redeal": the cards of the new deal are not
known, so no view should draw them as if they were.

>>> from kb.rules.examples import ruling
>>> answer(ruling("case-c27-four-card-flop-stuck-cards", "tda@2024"))
'Scramble the four flop cards face down; one at random becomes the burn card for the turn'
>>> answer(ruling("case-c27-four-card-flop-stuck-cards", "rrop@v11"))
'Redeal the flop: its cards go back into the stub, which is reshuffled and cut'
>>> answer(ruling("boxed-two-cards-during-deal"))
'Misdeal: reshuffle and redeal'
"""

from __future__ import annotations

from collections.abc import Iterable

from kb.knowledge.vocabulary import FLOOR
from kb.rules.outcomes import Remedy
from kb.rules.ruling import Ruling, Step

#: What every view says after a misdeal instead of drawing the ruling's table, which is
#: one possible redeal drawn with the seed (text, matrix cells, Find a ruling, house site).
UNKNOWN_DEAL = "The cards of the new deal are not known until it is dealt."

_COUNT = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def answer(ruling: Ruling) -> str:
    """One line (no full stop) saying what the dealer does now under ``ruling``'s remedy
    and steps; the same for every seed (it names no card).  A floor decision says whether
    the book is silent (no provision decided) or under which rule the floor decides, and
    leads with the dealer's steps where the book rules part of the call.  Raises nothing.

    >>> from kb.rules.ruling import TableView
    >>> view = TableView({}, (), (), (), (), ())
    >>> answer(Ruling("x", "tda@2024", "continue", (), (), False, view, ""))
    'No irregularity: play on'
    >>> from kb.rules.examples import ruling
    >>> answer(ruling("case-c04-27-triple-draw-exposed-on-draw", "tda@2024"))
    "Floor's decision under rule 35-A"
    >>> answer(ruling("wsop-live-five-card-flop", "tda@2024"))
    "Floor's decision: the book is silent on this"
    """
    steps = list(ruling.steps)
    kinds = [s.do for s in steps]
    if ruling.remedy == Remedy.MISDEAL:
        button = next((s for s in steps if s.do == "correct-button"), None)
        return ("Misdeal: reshuffle and redeal" if button is None else
                f"Misdeal: move the button to seat {button.details.get('seat')}, "
                "reshuffle and redeal")
    if ruling.remedy == Remedy.VOID:
        return "The hand is void: every player takes back the chips they put in"
    if ruling.remedy == Remedy.DEAD_HAND:
        return _dead(steps)
    if ruling.remedy == Remedy.FLOOR_DECISION:
        return _floor(ruling, steps, kinds)
    return _continue(ruling, steps, kinds)


def _floor(ruling: Ruling, steps: list[Step], kinds: list[str]) -> str:
    """A floor decision: the book silent (the floor layer decided), or a rule that
    decided and leaves the dealer's move to the floor; with steps (a call that answers
    several irregularities, some of them ruled by the book), those steps first."""
    who = ruling.decided_by
    number = "" if who is None or who.layer == FLOOR else who.number
    silent = not number
    if not steps:
        return ("Floor's decision: the book is silent on this" if silent else
                f"Floor's decision under rule {number}")
    rest = ("the floor decides the rest (the book is silent on it)" if silent else
            f"the floor decides the rest under rule {number}")
    return f"{_continue(ruling, steps, kinds)}; {rest}"


def books_differ(rulings: Iterable[Ruling]) -> bool:
    """True when ``rulings`` (one scenario's, one per book) give the same remedy word but
    the dealer does different things: "books differ", where the remedy would say they
    agree.

    >>> from kb.rules.examples import ruling
    >>> four = "case-c27-four-card-flop-stuck-cards"
    >>> books_differ([ruling(four, "tda@2024"), ruling(four, "rrop@v11")])
    True
    >>> books_differ([ruling(four, "tda@2024"), ruling(four, "tda@2026")])
    False

    A hand with several floor calls is compared call by call: the four-card flop ruled
    at the floor, then played on, ends with a call that rules nothing under every book,
    yet the books did different things at the first.

    >>> later = "four-card-flop-ruled-then-turn"
    >>> books_differ([ruling(later, "tda@2024"), ruling(later, "rrop@v11")])
    True
    """
    rulings = list(rulings)
    return (len({tuple(c.remedy for c in r.every_call) for r in rulings}) == 1
            and len({tuple(answer(c) for c in r.every_call) for r in rulings}) > 1)


def _burned(steps: list[Step]) -> bool:
    return any(s.do == "set-aside" and s.details.get("as") == "burn" for s in steps)


def _dead(steps: list[Step]) -> str:
    seats = sorted({seat for s in steps if s.do == "kill"
                    if isinstance(seat := s.details.get("seat"), int)})
    whose = ("The hand is dead" if not seats else
             f"Seat {seats[0]}'s hand is dead" if len(seats) == 1 else
             f"The hands of seats {_and(seats)} are dead")
    refund = next((s for s in steps if s.do == "refund"), None)
    if refund is not None:
        whose += f"; the {refund.details.get('chips', 'chips')} is returned"
    return whose


def _continue(ruling: Ruling, steps: list[Step], kinds: list[str]) -> str:
    """The answer of a ruling that plays on: the step that says most, in floor words."""
    if not steps:
        return _unchanged(ruling)
    if "scramble-pick" in kinds:
        return _scramble(steps, kinds)
    if "return-to-stub" in kinds and "deal" in kinds:
        return _dealt_again(steps, kinds)
    if kinds[:1] == ["face-down"] and "shuffle" in kinds:
        return "Scramble the stub face down, shuffle and cut it, and play on"
    if "kill" in kinds:
        return _dead(steps).replace("The hand is dead", "A hand is dead") + "; play on"
    if "replace" in kinds and "finish-deal" in kinds:
        return ("Finish the deal, then replace the exposed card with the next card"
                + ("; the exposed card becomes the burn card" if _burned(steps) else
                   "; the exposed card is out of play"))
    if _burned(steps):
        return "The exposed card becomes the burn card; play on"
    if "replace" in kinds:
        return _replaced(steps, kinds)
    if "common-card" in kinds:
        return "Too few cards for everyone: one common card is dealt face up to the board"
    if kinds[0] == "set-aside":
        return _taken_out(steps)
    if kinds[0] == "return-to-stub" and "burn" in kinds:
        return "Put the extra card back on top of the stub, to be burned; play on"
    if "burn" in kinds and "deal" in kinds:
        return _burn_and_deal(steps, kinds)
    if "supply" in kinds:
        seat = steps[kinds.index("supply")].details.get("seat")
        return f"Seat {seat} gets the missing card from the stub; play on"
    if kinds == ["face-down"]:
        seat = steps[0].details.get("seat")
        return f"Seat {seat}'s next card is dealt face down; play on"
    return step_words(steps[0]).rstrip(".") + "; play on"


def _unchanged(ruling: Ruling) -> str:
    """A ruling with no step: nothing to do, a mucked hand taken back (the table shows it
    back in play: the retrieval is in the table, not in a step), a spoiled stub put back
    together, or a dropped card picked up."""
    kinds = {i.get("kind") for i in ruling.irregularities}
    if not kinds:
        return "No irregularity: play on"
    if kinds <= {"hand-mucked", "pot-pushed-early"}:
        return "The mucked hand is taken back out of the muck and stays in play"
    if kinds == {"stub-spoiled"}:
        return "Put the stub back together and play on"
    if kinds == {"player-dropped"}:
        return "The dropped card is picked up and plays; the hand stands"
    return "Leave the cards as they are; the hand stands"


def _scramble(steps: list[Step], kinds: list[str]) -> str:
    pick = steps[kinds.index("scramble-pick")]
    count = _COUNT.get(len(pick.details.get("cards", ())), "the")
    role = pick.details.get("as", "burn")
    if "deal" in kinds:       # a flop dealt without its burn: the pick burns, a card completes it
        return (f"Scramble the {count} flop cards face down; one at random becomes the "
                f"{role} card, and the next card off the stub completes the flop")
    street = pick.details.get("street")
    return (f"Scramble the {count} flop cards face down; one at random becomes the {role} "
            "card" + (f" for the {_street_name(street)}" if street else ""))


def _dealt_again(steps: list[Step], kinds: list[str]) -> str:
    """Cards go back into the stub and a street is dealt: a street dealt again from the
    reshuffled stub, burns shuffled in to make up a short stub, or a board put right."""
    street = _street(steps[_last(kinds, "deal")])
    cut = ", cut" if "cut" in kinds else ""
    if "shuffle" not in kinds:
        return (f"Put the {street} right: deal the card that would have come without the "
                "error, and put the other card back on top of the stub")
    if kinds[0] == "set-aside" and kinds.count("deal") > 1:
        first = _street(steps[kinds.index("deal")])
        return (f"Set the premature card aside; after this round's betting, burn and deal "
                f"the {first}; after the {first} betting, shuffle the premature card into "
                f"the stub{cut} and deal the {street} without a burn")
    if kinds[0] == "set-aside" and "finish-betting" in kinds and "burn" in kinds:
        # stud's premature street under Robert's Rules' method (WSOP Live Action 2022, 236)
        when = ("first" if _last(kinds, "return-to-stub") < _last(kinds, "deal")
                else "before seventh street")
        return (f"Take the premature cards and one more card per player out of play; after "
                f"this round's betting, burn and deal the {street}; the cards taken out are "
                f"shuffled back into the stub {when}")
    if "burn" in kinds[kinds.index("shuffle"):]:
        return f"Shuffle the burn cards into the stub{cut}, then burn and deal the {street}"
    if "finish-betting" in kinds:
        return (f"Finish this round's betting, then deal the {street} again from the "
                "reshuffled stub, without another burn")
    return (f"Redeal the {street}: its cards go back into the stub, which is reshuffled"
            + (" and cut" if cut else ""))


def _replaced(steps: list[Step], kinds: list[str]) -> str:
    seat = steps[kinds.index("replace")].details.get("seat")
    if kinds[0] == "set-aside":         # a joker or scrap card: the next card takes its place
        return ("Take the card out of play; " + (f"seat {seat} gets the next card in its "
                "place" if seat is not None else "the next card takes its place on the "
                "board") + "; play on")
    if "shuffle" in kinds:
        return f"Seat {seat}'s exposed card is shuffled back into the stub and replaced; play on"
    return (f"Give seat {seat} back its own card and put the other card back where it was "
            "dealt; play on")


def _taken_out(steps: list[Step]) -> str:
    aside = [s for s in steps if s.do == "set-aside"]
    which = "the card" if len(aside) == 1 else f"the {_COUNT.get(len(aside), 'those')} cards"
    if all(s.details.get("as") == "muck" for s in aside):
        return f"Put {which} into the muck and deal on"
    return f"Take {which} out of play and deal on"


def _burn_and_deal(steps: list[Step], kinds: list[str]) -> str:
    """Burn and deal street by street (a board put right after a burn error)."""
    parts = []
    for burn, deal in zip([s for s in steps if s.do == "burn"],
                          [s for s in steps if s.do == "deal"], strict=False):
        count = len(burn.details.get("cards") or [burn.details.get("card")])
        cards = "a card" if count == 1 else f"{_COUNT.get(count, 'the')} cards"
        parts.append(f"burn {cards} and deal the {_street(deal)}")
    text = ", then ".join(parts)
    if kinds[0] == "finish-betting":
        return f"After this round's betting, {text}"
    return text[:1].upper() + text[1:]


def step_words(step: Step) -> str:
    """One step as a dealer would say it: a sentence ending in a full stop, cards by
    their codes ("Kc"), seats by number.

    >>> print(step_words(Step("scramble-pick", {"cards": ["Kc", "Th", "9c", "Jh"],
    ...     "picked": "Th", "as": "burn", "street": "turn"})))
    Scramble Kc Th 9c Jh face down; the floor picks Th at random as the next burn card (the turn's).
    >>> step_words(Step("deal", {"street": "turn", "burn": False}))
    'Deal the turn without a burn card.'
    """
    d = step.details
    words = _WORDS.get(step.do)
    text = words(d) if words is not None else step.do.replace("-", " ").capitalize()
    when = d.get("when")
    return f"{text} ({when})." if when else f"{text}."


def _deal(d: dict) -> str:
    street = _street_name(d.get("street"))
    text = f"Deal the {street}"
    if d.get("seats"):
        text += f" to seats {_and(d['seats'])}"
    if d.get("cards"):
        text += f": {_cards(d['cards'])}"
    if d.get("burn") is False:
        text += " without a burn card"
    elif d.get("burn") is True:
        text = "Burn a card and d" + text[1:]
    return text


def _return(d: dict) -> str:
    cards = _cards(d.get("cards") or [d.get("card", "")])
    where = "on top of the stub" if d.get("position") == "top" else "into the stub"
    text = f"Put {cards} back {where}"
    return text + (f", as the next {d['as']} card" if d.get("as") else "")


def _set_aside(d: dict) -> str:
    card, role = d.get("card", "the card"), d.get("as")
    if role == "burn":
        street = f" for the {_street_name(d['street'])}" if d.get("street") else ""
        return f"{card} becomes the burn card{street}"
    return f"Take {card} out of play" + (" (a scrap card)" if role == "scrap" else "")


_WORDS = {
    "finish-deal": lambda d: "Finish the deal",
    "replace": lambda d: (f"Seat {d['seat']} gets {d.get('in')} in place of {d.get('out')}"
                          if "seat" in d else f"{d.get('in')} replaces {d.get('out')} on the "
                          "board"),
    "burn": lambda d: (f"Burn {_cards(d.get('cards') or [d.get('card', '')])}"
                       + (f" before the {_street_name(d['street'])}" if d.get("street")
                          else "")),
    "return-to-stub": _return,
    "shuffle": lambda d: ("Shuffle the whole deck" if d.get("cards") == 52 else
                          f"Shuffle the stub ({d['cards']} cards)" if d.get("cards") else
                          "Shuffle the stub"),
    "cut": lambda d: "Cut the cards",
    "scramble-pick": lambda d: (
        f"Scramble {_cards(d.get('cards', []))} face down; the floor picks "
        f"{d.get('picked')} at random as the next {d.get('as', 'burn')} card"
        + (f" (the {_street_name(d['street'])}'s)" if d.get("street") else "")),
    "deal": _deal,
    "set-aside": _set_aside,
    "supply": lambda d: (f"Seat {d.get('seat')} gets "
                         f"{_cards(d.get('cards') or [d.get('card', '')])} from the stub"),
    "kill": lambda d: (f"Seat {d.get('seat')}'s hand is dead"
                       + (f": {_cards(d['cards'])} go to the {d.get('to', 'muck')}"
                          if d.get("cards") else "")),
    "face-down": lambda d: (f"Seat {d['seat']} keeps {d.get('card')} as a face-down card"
                            if "seat" in d else "Turn the cards face down and scramble them"),
    "common-card": lambda d: f"Deal {d.get('card')} face up as a common card for everyone",
    "refund": lambda d: (f"Seat {d['seat']} takes back the {d.get('chips')}" if "seat" in d
                         else "Every player takes back the chips they put in"),
    "redeal": lambda d: ("Redeal" + (f" to seats {_and(d['seats'])}" if d.get("seats") else "")
                         + (f", the button on seat {d['button']}" if d.get("button") else "")),
    "finish-betting": lambda d: (f"Finish the {_street_name(d.get('street'))} betting"),
    "gather": lambda d: "Gather every card",
    "correct-button": lambda d: f"Move the button to seat {d.get('seat')}",
    "consider-penalty": lambda d: f"The floor may penalise seat {d.get('seat')}",
}


def _street(deal: Step) -> str:
    return _street_name(deal.details.get("street"))


def _street_name(street) -> str:
    street = str(street or "cards")
    return f"{street} street" if street in ("third", "fourth", "fifth", "sixth",
                                            "seventh") else street


def _cards(cards) -> str:
    return " ".join(str(c) for c in cards)


def _and(items) -> str:
    items = [str(i) for i in items]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _last(kinds: list[str], kind: str) -> int:
    return len(kinds) - 1 - kinds[::-1].index(kind)



def ruling_json(ruling: Ruling) -> dict:
    """``ruling``'s JSON (:meth:`~kb.rules.ruling.Ruling.to_json`, a dict for
    :func:`json.dumps`) with each floor call's ``answer`` (this module's :func:`answer`)
    after its ``remedy``: the last call's at the top, each earlier one's in ``calls``.
    An addition to the exchange format's version 1 (docs/scenario-format.md, "Ruling").

    >>> from kb.rules.examples import ruling
    >>> data = ruling_json(ruling("boxed-two-cards-during-deal"))
    >>> data["remedy"], data["answer"], data["calls"]
    ('misdeal', 'Misdeal: reshuffle and redeal', [])
    """
    data = _answered(ruling.to_json(), ruling)
    data["calls"] = [_answered(json, call) for json, call in zip(data["calls"], ruling.calls,
                                                                 strict=True)]
    return data


def _answered(json: dict, ruling: Ruling) -> dict:
    """``json`` with ``answer`` right after ``remedy`` (the order a reader reads them)."""
    out = {}
    for key, value in json.items():
        out[key] = value
        if key == "remedy":
            out["answer"] = answer(ruling)
    return out
