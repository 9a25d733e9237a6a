"""``{house:differences}``: the page "How our rules differ from <base book>".

One section per choice of the house file (each adopt, add, omit and params entry, in that
order): what changes for the room, scenario by scenario, in plain words (class
``floorbook-house-changes``); what the base edition says, what the house says, why (the
file's reason) and the citations.  The parts carry the classes ``floorbook-base-says`` and
``floorbook-house-says`` so that a reader (or a test) can tell them apart.  An adopt that
leaves its topic as the base has it changes nothing and is not listed
(:func:`kb.handbook.house.view.is_no_op`); scenarios that change on no choice's topic
close the page.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from kb.handbook.house import nodes as hn
from kb.handbook.house.store import published
from kb.handbook.house.view import (
    Choice,
    Cited,
    Reruling,
    choices,
    is_no_op,
    rerulings,
    touching,
    what_changes,
)
from kb.knowledge.names import book_name
from kb.rules.rulebook import edition_rulebook

_MODE = {
    "instead": "Our rules replace the base's rules on this topic.",
    "before": "Our rules come first; the base's rules still govern after them, where ours "
              "do not decide.",
}


class DifferencesDirective(SphinxDirective):
    def run(self) -> list[nodes.Node]:
        house = published(self.env)
        base = edition_rulebook(house.kb, house.spec.base)
        found = [c for c in choices(house.kb, house.spec, house.book) if not is_no_op(c)]
        intro = hn.para(f"Every choice our rulebook makes against {base.title}, in the order "
                        f"of our rulebook file: {len(found)} in all." if found else
                        f"Our rulebook makes no change to {base.title}.")
        short = book_name(house.kb, house.spec.base)   # a heading a phone shows whole
        page = hn.section("differences", f"How our rules differ from {short}", intro)
        topics = {t.id: t.title for t in house.kb.topics}
        ruled = rerulings(house.kb, house.book, house.scenarios)
        told: set[str] = set()
        for index, choice in enumerate(found, 1):
            changed = touching(choice, ruled)
            told |= {r.house.scenario for r in changed}
            section = _choice(choice, index, base.title, topics)
            section.insert(2, _changes(changed, base.title, choice))
            page += section
        rest = [r for r in ruled if r.difference and r.house.scenario not in told]
        if rest:
            page += hn.section("other-changes", "Other scenarios that change",
                               _changes(rest, base.title, None))
        return [page]


def _changes(changed: list[Reruling], base_title: str,
             choice: Choice | None) -> nodes.container:
    """What changes for the room on ``choice``'s topics (None: on no choice's), one plain
    sentence per scenario."""
    box = nodes.container(classes=["floorbook-house-changes"])
    if not changed:
        box += hn.para("No scenario of the knowledge base is ruled differently on this "
                       "choice's topics.")
        return box
    what = "What changes for the room" if choice else "Ruled differently by the choices " \
        "above together"
    box += hn.para(hn.strong(f"{what}: "),
                   f"{len(changed)} scenario{'s' if len(changed) != 1 else ''}.")
    items = nodes.bullet_list()
    for found in changed:
        ours = choice.house if choice and found.base.topic in choice.topics else ()
        items += nodes.list_item("", hn.para(what_changes(found, base_title, ours)))
    box += items
    return box


def _choice(choice: Choice, index: int, base_title: str, topics: dict) -> nodes.section:
    on = ", ".join(topics.get(t, t) for t in choice.topics)
    kept = {c.pid for c in choice.base}
    adopted = tuple(c for c in choice.house if c.pid not in kept) or choice.house
    title, says = {
        "adopt": (f"{on}: we follow {_books(adopted)}", _MODE.get(choice.mode, "")),
        "add": (f"{on}: our rule {_numbers(choice.house)}", ""),
        "omit": (f"We leave out {_numbers(choice.base)}", "It is not part of our rules; "
                 "what governs its topics now is listed below."),
        "param": (f"{on}: {choice.setting.name if choice.setting else ''}",
                  "We keep the book's rule and change one of its settings."),
    }[choice.kind]
    anchor = f"{choice.kind}-{index}-{'-'.join(choice.topics)[:60]}"
    section = hn.section(anchor, title, hn.para(nodes.emphasis(says, says)) if says else
                         hn.para(f"Line {choice.line} of our rulebook file."))
    section += _says("floorbook-base-says", f"What {base_title} says", choice.base)
    ours = adopted if choice.kind == "adopt" else choice.house
    section += _says("floorbook-house-says", "What we say", ours)
    section += _precedence(choice, ours)
    if choice.reason:    # none: the page says nothing (rulebook check asks the author)
        section += hn.para(hn.strong("Why: "), choice.reason,
                           classes=("floorbook-house-reason",))
    section += hn.para(hn.strong("Citations: "), hn.citation_list(ours))
    return section


def _precedence(choice: Choice, ours: tuple[Cited, ...]) -> nodes.paragraph:
    """Who comes first: ours, then what still governs (adopt before) or what it overrides
    (add); what no longer governs (adopt instead)."""
    first = hn.citation_list(ours)
    if choice.kind == "adopt" and choice.mode == "before":
        then = tuple(c for c in choice.house if c not in ours)
        text = f"{first}, then {hn.citation_list(then)} (still governing where ours do not "\
               "decide)."
    elif choice.kind == "adopt":
        kept = {c.pid for c in choice.house}
        gone = tuple(c for c in choice.over if c.pid not in kept)
        text = f"{first}; {hn.citation_list(gone)} no longer govern this topic." if gone \
            else f"{first}."
    elif choice.kind == "add" and choice.over:
        text = f"{first} takes precedence over {hn.citation_list(choice.over)}."
    elif choice.kind == "add":
        text = f"{first} comes first on its topics; it overrides nothing, so the base's rules "\
               "there still apply beside it."
    else:
        text = "unchanged: the same rules govern, in the same order."
    return hn.para(hn.strong("Precedence: "), text, classes=("floorbook-house-precedence",))


def _numbers(items: tuple[Cited, ...]) -> str:
    """The numbers alone, for a heading short enough for a phone (the titles follow in
    the section): ``"3"``, ``"Hold'em 3, Hold'em 7"``."""
    return ", ".join(c.number or c.title for c in items) or "nothing"


def _books(items: tuple[Cited, ...]) -> str:
    """The books ``items`` come from, each once: ``"Robert's Rules of Poker"``."""
    return " and ".join(dict.fromkeys(c.book for c in items)) or "nothing"


def _says(classes: str, heading: str, items: tuple[Cited, ...]) -> nodes.container:
    box = nodes.container(classes=[classes])
    box += hn.para(hn.strong(heading + ":"))
    if not items:
        box += hn.para("No rule on this topic.")
    for item in items:
        box.extend(hn.provision_body(item))
    return box
