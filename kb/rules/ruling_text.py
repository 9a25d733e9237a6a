"""Rulings as plain text for the terminal (``floorbook rule`` and ``compare``): the answer
first (:func:`kb.rules.answer.answer`), then the remedy, who decided, the citations, the
dealer's steps as a dealer says them, the cards after the remedy and the explanation; and
:func:`summary`, the one line per book ``compare`` prints before the rulings.

A misdeal shows no cards after it: its table is one possible redeal drawn with the seed,
and the cards of the new deal are not known until it is dealt.

>>> from kb.rules.examples import ruling
>>> print(format_ruling(ruling("boxed-two-cards-during-deal")).splitlines()[0])
boxed-two-cards-during-deal under rrop@v11: Misdeal: reshuffle and redeal
"""

from __future__ import annotations

from kb.hand.scenario import Citation
from kb.knowledge.names import book_name
from kb.knowledge.vocabulary import FLOOR
from kb.rules.answer import UNKNOWN_DEAL, answer, books_differ, step_words
from kb.rules.outcomes import Remedy
from kb.rules.ruling import STUB_SHOWN, Ruling

#: What a misdeal shows instead of its table (one possible redeal, drawn with the seed).


def format_ruling(ruling: Ruling, seed: int = 0, kb=None) -> str:
    """A ruling as plain text (lines joined by newlines): a headline with the answer, then
    the remedy (a random one names the ``seed`` its cards were drawn with), who decided,
    citations, steps, table and explanation.  A hand with several floor calls shows each
    call in order, the last one last, each with its answer.  With the knowledge base
    ``kb``, books are named as :func:`kb.knowledge.names.book_name` does ("TDA 2024");
    without, by their ids.  Raises nothing for a ruling the engine made.

    >>> from kb.rules.ruling import Cited, Step, TableView
    >>> view = TableView({5: ("2s", "Ah")}, (), ("8s",), (), (), ("3d", "Ad"))
    >>> print(format_ruling(Ruling("x", "rrop@v11", "continue",
    ...       (Cited(Citation("rrop", "v11", "Hold'em 1"), "rrop.holdem.exposed-hole-card"),),
    ...       (Step("finish-deal"),), False, view, "Deal on.")))
    x under rrop@v11: Finish the deal; play on
      remedy: continue
      cites:  rrop v11 Hold'em 1 (rrop.holdem.exposed-hole-card)
      steps:  1. Finish the deal.
      table:  seat 5: 2s Ah
              board: -   burns: 8s   muck: -   stub: 3d ...
      Deal on.
    """
    if not ruling.calls:
        return "\n".join([f"{ruling.scenario} under {ruling.rulebook}: {answer(ruling)}",
                          _remedy(ruling, seed), *_body(ruling, kb)])
    # every call's answer on the first line: the last call may rule nothing (the hand
    # played on as an earlier ruling left it) while an earlier one is what the dealer did
    said = "; ".join(f"call {number}: {answer(call)}"
                     for number, call in enumerate(ruling.every_call, 1))
    lines = [f"{ruling.scenario} under {ruling.rulebook}: {said}"]
    for number, call in enumerate(ruling.every_call, 1):
        where = f"floor called at line {call.floor}" if call.floor \
            else "floor called after the last event"
        answered = ", ".join(f"{i['kind']} (line {i['line']})" for i in call.irregularities)
        lines.append(f"  call {number}, {where}: {answer(call)}")
        lines.append("  " + _remedy(call, seed))
        lines.append(f"    answers: {answered or 'nothing (no irregularity)'}")
        lines += ["  " + line for line in _body(call, kb)]
    return "\n".join(lines)


def summary(rulings: list[Ruling], title: str, kb=None) -> str:
    """``compare``'s first lines: the scenario's ``title`` and whether the books agree
    (one remedy, one answer), differ in what the dealer does under one remedy ("books
    differ", :func:`kb.rules.answer.books_differ`) or differ on the remedy (each remedy
    with its count); then one line per book: its name, each floor call's answer, who
    decided.  ``rulings``: one scenario's, one per book.

    >>> from kb.rules.examples import ruling
    >>> four = "case-c27-four-card-flop-stuck-cards"
    >>> print(summary([ruling(four, "tda@2024"), ruling(four, "rrop@v11")], "Four cards"))
    Four cards: books differ (every book: continue)
      tda@2024: Scramble the four flop cards face down; one at random becomes the burn card for the turn [decided by the standard: tda@2024 39-A]
      rrop@v11: Redeal the flop: its cards go back into the stub, which is reshuffled and cut [decided by the reference: rrop@v11 Hold'em 3]
    """
    # a hand with several floor calls is compared call by call ("continue, then
    # misdeal"), as books_differ does: the last calls alone may agree where the first differ
    said_by = [", then ".join(c.remedy for c in r.every_call) for r in rulings]
    remedies = {w: said_by.count(w) for w in said_by}
    if books_differ(rulings):
        verdict = f"books differ (every book: {said_by[0]})"
    elif len(remedies) == 1:
        verdict = f"books agree ({said_by[0]})"
    else:
        verdict = "remedies differ: " + ", ".join(f"{r} ({n})" for r, n in remedies.items())
    lines = [f"{title}: {verdict}"]
    for ruling in rulings:
        calls = ruling.every_call
        said = [f"{answer(c)} [{_who(c, kb)}]" for c in calls]
        if len(calls) > 1:
            said = [f"call {n}: {s}" for n, s in enumerate(said, 1)]
        lines.append(f"  {_name(kb, ruling.rulebook)}: " + " / ".join(said))
    return "\n".join(lines)


def _name(kb, book: str) -> str:
    return book_name(kb, book) if kb is not None else book


def _who(ruling: Ruling, kb=None) -> str:
    """Who decided, in a few words: the layer, the book and the number; the floor when no
    provision decided (the book silent), or nobody when there was nothing to rule."""
    who = ruling.decided_by
    if who is None:
        return "decided by no rulebook"
    if who.layer == FLOOR or not who.number:
        return ("no irregularity to rule on" if not ruling.irregularities else
                f"decided by the floor: {_name(kb, who.book)} is silent")
    return f"decided by the {who.layer}: {_name(kb, who.book)} {who.number}"


def _remedy(ruling: Ruling, seed: int) -> str:
    """The remedy line; a random ruling other than a misdeal names its seed (a misdeal
    shows no card the seed drew)."""
    drawn = ruling.random and ruling.remedy != Remedy.MISDEAL
    return f"  remedy: {ruling.remedy}" + (f" (random: seed {seed})" if drawn else "")


def _body(ruling: Ruling, kb=None) -> list[str]:
    """One call's citations, steps, table and explanation, two spaces in."""
    def name(c: Citation) -> str:
        return _name(kb, f"{c.source}@{c.edition}") if kb is not None \
            else f"{c.source} {c.edition}"
    cites = "; ".join(f"{name(c)} {c.number} ({p})" for c, p in ruling.cited)
    lines = [f"  cites:  {cites or _uncited(ruling)}", *_decided(ruling, kb)]
    for index, one in enumerate(ruling.steps, 1):
        lines.append(f"  {'steps:' if index == 1 else '':7} {index}. {step_words(one)}")
    lines += _table(ruling)
    lines.append(f"  {ruling.explanation}")
    return lines


def _uncited(ruling: Ruling) -> str:
    """What ``cites`` says of a ruling that cites nothing: there was nothing to rule, or
    the book is silent and the floor decides (never a ruling on no authority)."""
    if not ruling.irregularities:
        return "none (no irregularity to rule on)"
    return "none (the book is silent on this)"


def _table(ruling: Ruling) -> list[str]:
    """The cards after the remedy; a misdeal's new deal is not known, so none is shown."""
    if ruling.remedy == Remedy.MISDEAL:
        return [f"  {'table:':7} {UNKNOWN_DEAL}"]
    table, lines = ruling.table, []
    for index, (seat, cards) in enumerate(sorted(table.hands.items())):
        dead = " (dead)" if seat in table.dead else ""
        lines.append(f"  {'table:' if index == 0 else '':7} seat {seat}: "
                     f"{_plain(cards) or '-'}{dead}")
    stub = _plain(table.stub_top[:STUB_SHOWN]) + (" ..." if len(table.stub_top) > 1 else "")
    lines.append(f"          board: {_plain(table.board) or '-'}   burns: "
                 f"{_plain(table.burns) or '-'}   muck: {_plain(table.muck) or '-'}   "
                 f"stub: {stub or '-'}")
    return lines


def _decided(ruling: Ruling, kb=None) -> list[str]:
    """The lines that say who decided: the layer, the book, the number (with the book that
    numbers it, when the deciding book adopted another's provision); what was set aside."""
    who = ruling.decided_by
    if who is None:
        return []
    if who.layer == FLOOR or not who.number:
        what = ("no irregularity, nothing to rule on" if not ruling.irregularities else
                "no provision of the book decides this")
        return [f"  Decided by the floor ({_name(kb, who.book)}): {what}"]
    what = who.number
    numbered = next((f"{c.source}@{c.edition}" for c, p in ruling.cited
                     if p == who.provision), who.book)
    if numbered != who.book:
        what += f" of {_name(kb, numbered)}, adopted"
    lines = [f"  Decided by the {who.layer} ({_name(kb, who.book)}): {what}"]
    if who.set_aside:
        lines.append("  Set aside: " + "; ".join(f"{_name(kb, s.book)} {s.number}"
                                                  for s in who.set_aside))
    return lines


def _plain(value) -> str:
    if isinstance(value, (list, tuple)):
        return " ".join(str(v) for v in value)
    return str(value)
