"""The order of the end of a hand in a scenario's events (docs/scenario-format.md, "The
end of a hand"): the pot awarded once, after a deal; the next hand begun once, after the
award; after them only what finds something out about the hand, or calls the floor.  Its
own module because the events' checks (:mod:`kb.hand.scenario_events`) outgrew one."""

from __future__ import annotations

from kb.files import Mapping, Problem, Sequence

#: The events that may follow ``pot: awarded`` and ``next-hand`` (the hand is over: what
#: comes after only finds something out about it, or calls the floor).
_AFTER_POT = ("found", "floor", "next-hand")
_AFTER_NEXT_HAND = ("found", "floor")
_DEALING = ("deal", "third")


def end_of_hand_problems(items, file: str) -> list[Problem]:
    """The order of the end of a hand (docs/scenario-format.md, "The end of a hand"): the
    pot is awarded once, after a deal; the next hand begins once, after the pot was
    awarded; after the pot only ``found``, ``floor`` and ``next-hand`` come, after the next
    hand only ``found`` and ``floor``.  Each problem at its event's line.

    >>> from kb.files import parse_text
    >>> items = parse_text("- deal: {}\\n- next-hand: {}\\n- pot: awarded\\n- act: [fold]\\n",
    ...                    "x.yaml")
    >>> [str(p) for p in end_of_hand_problems(items, "x.yaml")]  # doctest: +NORMALIZE_WHITESPACE
    ['x.yaml:2: the next hand cannot begin before the pot is awarded (add - pot: awarded
      before it)', 'x.yaml:4: act cannot come after the pot is awarded (only found, floor
      and next-hand may follow it)']
    """
    problems: list[Problem] = []
    if not isinstance(items, Sequence):
        return problems
    dealt = pot = next_hand = None
    for item in items:
        if not isinstance(item, Mapping) or len(item) != 1:
            continue
        (name, value), = item.items()
        line = item.key_line(name)
        if name == "pot" and isinstance(value, Mapping):    # pushed too soon: it goes on
            continue
        if name == "pot" and next_hand is None:
            problems += _pot_problems(line, dealt, pot, file)
            pot = pot or line
        elif name == "next-hand":
            found = _next_hand_problems(line, pot, next_hand, file)
            problems += found
            next_hand = next_hand or (None if found else line)
        elif next_hand is not None and name not in _AFTER_NEXT_HAND:
            problems.append(Problem(file, line, f"{name} cannot come after the next hand "
                                    "began", "only found and floor may follow next-hand"))
        elif pot is not None and name not in _AFTER_POT:
            problems.append(Problem(file, line, f"{name} cannot come after the pot is awarded",
                                    "only found, floor and next-hand may follow it"))
        dealt = dealt or (line if name in _DEALING else None)
    return problems


def _pot_problems(line: int, dealt, pot, file: str) -> list[Problem]:
    if pot is not None:
        return [Problem(file, line, "the pot was already awarded",
                        f"list one pot: awarded; the first is at line {pot}")]
    if dealt is None:
        return [Problem(file, line, "the pot is awarded before any cards were dealt",
                        "add the deal (- deal: {} or - third: {}) before it")]
    return []


def _next_hand_problems(line: int, pot, next_hand, file: str) -> list[Problem]:
    if pot is None:
        return [Problem(file, line, "the next hand cannot begin before the pot is awarded",
                        "add - pot: awarded before it")]
    if next_hand is not None:
        return [Problem(file, line, "the next hand already began",
                        f"list one next-hand; the first is at line {next_hand}")]
    return []
