"""Bomb pots (docs/scenario-format.md, "Bomb pots"): every player dealt in antes the same
amount, the hole cards are dealt and the flop is put out with no betting before it, and
play then goes on as usual (WSOP Live Action Rule 27, the only general text on them).

A scenario says so with ``bomb-pot: true``.  The replay then posts no blinds, and what
cannot happen in such a hand is a problem of the file, at its line: a bomb pot in a game
without a flop, blinds, a betting action between the deal and the flop, a premature flop
(there is no betting round before it for it to come early in).

>>> from kb.files import parse_text
>>> data = parse_text("bomb-pot: true\\ngame: holdem\\nevents:\\n  - deal: {}\\n"
...                   "  - act: [check]\\n  - flop: {premature: true}\\n", "b.yaml")
>>> for problem in bomb_pot_problems(data, "holdem", "b.yaml"):
...     print(problem)
b.yaml:5: no one acts before the flop in a bomb pot (put the actions after the flop event, or remove bomb-pot: true)
b.yaml:6: a bomb pot's flop cannot be premature: there is no betting before it (remove premature: true)
"""

from __future__ import annotations

from kb.files import Mapping, Problem, Sequence
from kb.hand.scenario import FLOP_GAMES

#: The scenario field.
FIELD = "bomb-pot"


def is_bomb_pot(data: Mapping) -> bool:
    """Whether the file's hand is a bomb pot (``bomb-pot: true``; YAML 1.2 booleans only)."""
    return data.get(FIELD) is True


def bomb_pot_problems(data: Mapping, game: str | None, file: str) -> list[Problem]:
    """What a bomb pot cannot hold, each at its line (none when ``data`` is no bomb pot;
    ``game`` None: not known, so not checked)."""
    if not is_bomb_pot(data):
        return []
    problems = []
    if game is not None and game not in FLOP_GAMES:
        problems.append(Problem(file, data.value_line(FIELD), f"a bomb pot is a hand of a flop "
                                f"game, not {game}", "remove bomb-pot: true, or use holdem or "
                                "an Omaha game"))
    if "blinds" in data:
        problems.append(Problem(file, data.value_line("blinds"), "a bomb pot has no blinds: "
                                "every player antes", "remove blinds:"))
    items = data.get("events")
    return problems + (_event_problems(items, file) if isinstance(items, Sequence) else [])


def _event_problems(items: Sequence, file: str) -> list[Problem]:
    """Betting between a deal (the first, or a redeal after a misdeal) and its flop, and a
    premature flop."""
    problems, before_flop = [], False
    for item in items:
        if not isinstance(item, Mapping) or len(item) != 1:
            continue
        (name, body), = item.items()
        if name == "deal":
            before_flop = True
        elif name == "flop":
            before_flop = False
            if isinstance(body, Mapping) and body.get("premature") is True:
                problems.append(Problem(file, body.value_line("premature"), "a bomb pot's flop "
                                        "cannot be premature: there is no betting before it",
                                        "remove premature: true"))
        elif name == "act" and before_flop:
            problems.append(Problem(file, item.key_line(name), "no one acts before the flop "
                                    "in a bomb pot", "put the actions after the flop event, "
                                    "or remove bomb-pot: true"))
    return problems
