"""``floorbook rulebook new``: a starter house rulebook that lists every disagreement.

The file it writes composes as it stands (it is the base edition, unchanged); each
disagreement between the base and another book is a commented choice with both sides'
provisions and numbers, and an ``adopt`` entry ready to uncomment.  Its first line is a
YAML language server modeline naming the installed JSON Schema, so that an editor checks
the file as it is typed.  :func:`option_problems` refuses options that would make a file
``floorbook rulebook check`` refuses (the starter is read back with the same reader).

>>> from kb.knowledge.load import load_knowledge_base
>>> kb = load_knowledge_base()
>>> text = starter_text(kb, "tda@2024", "house.my-room@2026", "My Room")
>>> "  # - topic: four-card-flop" in text and "Hold'em 3" in text
True
>>> text.splitlines()[0] == MODELINE
True
>>> option_problems(kb, "tda@2024", "house.my-room@2026", "  ")
["--title: title '  ' is not of the right form (write the title on one line, as plain text, 200 characters at most)"]
"""

from __future__ import annotations

import json

from kb import DOCS
from kb.files import SCHEMAS, InputError, parse_text
from kb.house.positions import Position, chosen_books, positions
from kb.house.spec import house_spec
from kb.knowledge.graph import disagreements
from kb.knowledge.model import KnowledgeBase
from kb.rules.rulebook import edition_rulebook


def _show(kb: KnowledgeBase, pid: str) -> str:
    provision = kb.provision(pid)
    number = provision.numbers[0] if provision.numbers else None
    where = f"{number.edition} {number.number}" if number else pid
    return f"{where} {provision.title} ({pid})"


def _choices(kb: KnowledgeBase, base: str) -> dict[str, dict[str, list]]:
    """Topic -> other source -> the declared disagreements with the base's source."""
    book = kb.books.get(base)
    source = kb.edition(book.deciders if book else base).source
    choices: dict[str, dict[str, list]] = {}
    for d in disagreements(kb):
        sides = {kb.provision(p).source: p for p in (d.left, d.right) if kb.has("provision", p)}
        if source in sides and len(sides) == 2 and d.topic:
            other = next(s for s in sides if s != source)
            choices.setdefault(d.topic, {}).setdefault(other, []).append((sides[other], d))
    return dict(sorted(choices.items()))


def _option(kb: KnowledgeBase, base: str, topic: str, other: str, items,
            books: dict) -> Position:
    """The whole position that rules ``topic`` as source ``other`` does
    (:mod:`kb.house.positions`; no provision when that book has none answering the topic);
    for a source with no rulebook, its differing provisions that answer the topic."""
    found = positions(kb, base).get((topic, other))
    if found is not None or other in books:
        return found or Position(topic, other, "", ())
    return Position(topic, other, "", tuple(dict.fromkeys(
        pid for pid, _ in items if topic in kb.provision(pid).topics)))


#: The starter file's first line: editors with a YAML language server check the file
#: against the installed schema as it is typed.
MODELINE = f"# yaml-language-server: $schema={(SCHEMAS / 'house.schema.json').resolve()}"
_OPTIONS = {"id": "--id", "title": "--title", "base": "--base"}


def option_problems(kb: KnowledgeBase, base: str, house_id: str, title: str) -> list[str]:
    """Why a starter file made with these options would fail ``rulebook check``, one
    message per problem, each starting with the option (``--title: ...``); ``[]`` when
    it would pass."""
    try:
        title.encode("utf-8")
    except UnicodeEncodeError:
        return [f"--title: {title!r} holds bytes that are not text (write it in UTF-8)"]
    text = starter_text(kb, base, house_id, title)
    name = "the starter file"
    try:
        spec, problems = house_spec(parse_text(text, name), name)
    except InputError as error:
        spec, problems = None, error.problems
    lines = text.splitlines()
    found = []
    for problem in problems:
        key = lines[problem.line - 1].partition(":")[0] if problem.line <= len(lines) else ""
        where = f"{_OPTIONS[key]}: " if key in _OPTIONS else ""
        found.append(where + problem.message + (f" ({problem.hint})" if problem.hint else ""))
    if not found and spec is not None and spec.title != title.strip():
        found.append(f"--title: YAML would read {title!r} as {spec.title!r} "
                     "(write it on one line, as plain text)")
    return found


def starter_text(kb: KnowledgeBase, base: str, house_id: str, title: str) -> str:
    """The starter file's YAML text for a house on ``base`` (an edition id)."""
    book = edition_rulebook(kb, base)
    lines = [
        MODELINE,
        "# A house rulebook, written by `floorbook rulebook new`. As it stands it is the base",
        "# edition unchanged; every point where the books disagree is a choice below. To rule",
        "# a topic as another book does, uncomment that option's lines (the ones starting with",
        "# '# - topic', '#   provisions' and '#   mode'), and the entries it names under",
        "# `omit:` at the end. Each option adopts everything that book rules on the topic,",
        "# and on the topics linked to it (named in its heading). The options under one",
        "# heading are alternatives, and so are those an option names: take only one.",
        "# Then run `floorbook rulebook check` on this file.",
        f"# The format: {DOCS / 'house-rulebooks.md'} (the handbook's page \"House rulebooks\").",
        f"id: {house_id}",
        f"title: {json.dumps(title, ensure_ascii=False)}",
        f"base: \"{base}\"",
        "adopt:",
    ]
    books = chosen_books(kb)
    omits: dict[str, dict[str, None]] = {}      # provision -> the topics that replace it
    for topic, others in _choices(kb, base).items():
        lines += ["", f"  # --- {kb.topic(topic).title} ({topic}) ---",
                  f"  # {kb.topic(topic).question}",
                  f"  # Your base ({base}): {', '.join(book.governing(topic)) or 'no provision'}"]
        for other, items in others.items():
            option = _option(kb, base, topic, other, items, books)
            title = kb.source(other).title
            if option.provisions and option.topic != topic:
                lines += [f"  # As {title}: taken together with {option.topic}, in the "
                          f"option under that heading: {_heading(kb, option)}"]
            else:
                lines += [f"  # Option: {_heading(kb, option)}"]
            for pid, d in items:
                lines += [f"  #   {_show(kb, pid)}: {' '.join(d.point.split())}"]
            if not option.provisions:
                lines += [(f"  #   ({title} has no provision of its own on "
                          "this topic: keep the base's.)")]
                continue
            if option.topic != topic:
                continue
            lines += _adopt_lines(kb, option)
            for pid in option.omits:
                omits.setdefault(pid, {})[kb.topic(topic).title.lower()] = None
    return "\n".join(lines + _omit_lines(omits)) + "\n"


def _heading(kb: KnowledgeBase, option: Position) -> str:
    """"rule as Robert's Rules of Poker." for one topic; for a group, its topics too:
    "rule boxed cards, misdeal causes and extra cards as Robert's Rules of Poker."."""
    title = kb.source(option.source).title
    if len(option.topics) == 1:
        return f"rule as {title}."
    names = [kb.topic(t).title[:1].lower() + kb.topic(t).title[1:] for t in option.topics]
    return f"rule {', '.join(names[:-1])} and {names[-1]} as {title}."


def _adopt_lines(kb: KnowledgeBase, option: Position) -> list[str]:
    """An option's commented ``adopt`` entries (every topic of its group), the options of
    other books it is an alternative to, what it omits with them, and what it cannot
    omit."""
    lines = []
    for topic, provisions, mode in ((option.topic, option.provisions, option.mode),
                                    *option.also):
        lines += [f"  # - topic: {topic}", f"  #   provisions: [{', '.join(provisions)}]"]
        if mode != "instead":
            lines += [f"  #   mode: {mode}"]
    rivals = sorted({f"as {kb.source(source).title} under {topic}"
                     for source, topic in option.rivals if topic != option.topic})
    if rivals:
        lines += [f"  #   (Alternatives: this option and the option{'s' * (len(rivals) > 1)} "
                  f"{'; '.join(rivals)} state different rules on some of the same hands: "
                  "take only one.)"]
    if option.omits:
        lines += [f"  #   (With this option, also uncomment under omit: at the end: "
                  f"{', '.join(option.omits)}.)"]
    for pid, topics in option.kept:
        lines += [f"  #   (The base's {_show(kb, pid)} still governs {', '.join(topics)}, "
                  f"where {kb.source(option.source).title} has no rule; it is listed after "
                  "that book's rules, which come first.)"]
    return lines


def _omit_lines(omits: dict[str, dict[str, None]]) -> list[str]:
    """The ``omit`` section: each base provision that an option above replaces and that
    would otherwise still state its answer through another topic."""
    lines = ["", "omit:",
             "  # Base provisions an option above replaces on its topic that would still",
             "  # govern another topic, stating a second answer. Uncomment the ones the",
             "  # options you took name."]
    for pid, topics in sorted(omits.items()):
        reason = f"Our choice on {' and on '.join(topics)} replaces it."
        lines += [f"  # - provision: {pid}", f"  #   reason: {json.dumps(reason)}"]
    return lines
