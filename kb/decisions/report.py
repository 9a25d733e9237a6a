"""A checked log in words (:func:`report_text`) and as JSON (:func:`report_json`, schema
``kb/schemas/log-report.schema.json``): the departures from the book first, then the
situations ruled differently.  Both show the log's text as it is (no markup is made of
it); the command line escapes what would reorder a terminal's line.

>>> from kb.decisions.model import LogReport
>>> print(report_text(LogReport(entries=(), inconsistent=()), "log"))
log: 0 entries checked: every one ruled as the book says; no situation ruled two ways
"""

from __future__ import annotations

from kb.decisions.model import CheckedDecision, LogReport, Situation

#: The JSON's format version: a change that could break a reader raises it.
FORMAT_VERSION = 1


def report_text(report: LogReport, name: str) -> str:
    """The report of the log ``name`` as text: a summary line, each departure (where, who,
    the floor's remedy beside the book's answer and citations), each situation ruled two
    ways with its entries."""
    lines = [_summary(report, name)]
    if report.departures:
        lines += ["", "Ruled otherwise than the book:"]
        for entry in report.departures:
            lines += _departure(entry)
    if report.inconsistent:
        lines += ["", "Situations ruled two ways under one book:"]
        for situation, entries in report.inconsistent:
            lines.append(f"  {situation_text(situation)}, under {entries[0].rulebook}:")
            lines += [f"    {e.decision.date}  {_who(e)}: {e.decision.remedy}  "
                      f"({e.decision.location})" for e in entries]
    return "\n".join(lines)


def _summary(report: LogReport, name: str) -> str:
    count, departures = len(report.entries), len(report.departures)
    entries = f"{count} entr{'y' if count == 1 else 'ies'} checked"
    if report.rulebook:
        entries += f" under {report.rulebook}"
    ruled = (f"{departures} ruled otherwise than the book" if departures
             else "every one ruled as the book says")
    two = len(report.inconsistent)
    ways = (f"{two} situation{'' if two == 1 else 's'} ruled two ways" if two
            else "no situation ruled two ways")
    return f"{name}: {entries}: {ruled}; {ways}"


def _departure(entry: CheckedDecision) -> list[str]:
    decision = entry.decision
    cites = ", ".join(entry.citations) or "nothing"
    return [f"  {decision.location}  {decision.date}  {_who(entry)}",
            f"    hand:  {decision.scenario.title if decision.scenario else ''}",
            f"    floor: {decision.remedy}",
            f"    book:  {entry.book_remedy} ({entry.rulebook}): {entry.answer}; cites {cites}"]


def _who(entry: CheckedDecision) -> str:
    return f"table {entry.decision.table}, {entry.decision.floor}"


def situation_text(situation: Situation) -> str:
    """A situation in words: ``holdem, four-card-flop, flop, no action``."""
    return ", ".join(situation)


def report_json(report: LogReport, name: str, problems: list[dict] | None = None) -> dict:
    """The report as a JSON object (a dict ready for :func:`json.dumps`); ``ok`` is false
    when ``problems`` (the log's, each ``{"file", "line", "message", "text"}``) are given:
    the log was then not checked, and the report is empty."""
    return {"format_version": FORMAT_VERSION, "log": name, "rulebook": report.rulebook,
            "ok": not problems, "problems": problems or [],
            "entries": [entry_json(entry) for entry in report.entries],
            "departures": len(report.departures),
            "inconsistent": [{"situation": _situation_json(situation),
                              "rulebook": entries[0].rulebook,
                              "entries": [_where(e) for e in entries]}
                             for situation, entries in report.inconsistent]}


def entry_json(entry: CheckedDecision) -> dict:
    """One checked entry as JSON: where, when, who, the floor's remedies beside the book's,
    the book's answer and citations, and the situation."""
    decision = entry.decision
    return {**_where(entry), "date": decision.date, "table": decision.table,
            "logged_rulebook": decision.rulebook, "rulebook": entry.rulebook,
            "hand": decision.scenario.id if decision.scenario else "",
            "title": decision.scenario.title if decision.scenario else "",
            "book_remedies": list(entry.book_remedies), "agrees": entry.agrees,
            "answer": entry.answer, "citations": list(entry.citations),
            "situation": _situation_json(entry.situation),
            "said": decision.said, "note": decision.note}


def _where(entry: CheckedDecision) -> dict:
    decision = entry.decision
    return {"file": decision.file, "line": decision.line, "floor": decision.floor,
            "remedies": list(decision.remedies)}


def _situation_json(situation: Situation) -> dict:
    game, irregularity, timing = situation
    return {"game": game, "irregularity": irregularity, "timing": timing}
