"""What a regulator requires a house rulebook to state, and whether the house file states it.

A regulator's rule may list points every house rulebook under it must state (South Dakota's
ARSD 20:18:16:38: the deck, the cut card, ...): the knowledge base holds them as the
provision's ``requires`` (:class:`kb.knowledge.model.Requirement`).  A house file is under
every edition its ``stack`` names; what it says on each point is its ``states`` list
(:class:`kb.house.spec.Stated`).  ``rulebook check`` reports, each at its line:

- a point a book in the stack requires that ``states`` lacks, at the stack item naming
  that book, citing the book's rule by its number as the book prints it;
- a ``states`` entry for a point no book in the stack requires (a mistyped point id, or a
  regulator left out of ``stack``): a house book that declares no regulator has nothing to
  state, and the rules page would otherwise claim a regulator that is not there.

The stack is read from the house file's ``stack`` list (edition ids and the word
``house``); an item that is not an edition of the knowledge base is
:mod:`kb.house.compose`'s to report, and while one is there, no ``states`` entry is
called unrequired (the missing book may be the one that requires it).

>>> from kb.house.spec import parse_house_text
>>> from kb.knowledge.load import load_knowledge_base
>>> kb = load_knowledge_base()
>>> spec = parse_house_text("id: house.pub@2026\\ntitle: Pub\\nbase: tda@2024\\n"
...                         "states:\\n  - {point: cut-card, says: We use a cut card.}\\n",
...                         "pub.yaml")
>>> [str(p) for p in requirement_problems(kb, spec)]
["pub.yaml:5: states: no book in your stack requires the point 'cut-card' (remove the entry, or add the regulator that requires it to `stack`)"]
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from kb.files import Mapping, Problem, Sequence, nearest_or
from kb.house.spec import SCHEMA, HouseSpec, read_house
from kb.knowledge.model import KnowledgeBase, Provision, Requirement

assert isinstance(SCHEMA, dict)  # the house schema file is an object, not true or false
#: The most items a stack may have (the house schema's bound).
_MOST = SCHEMA["properties"]["stack"]["maxItems"]


@dataclass(frozen=True)
class Required:
    """One point a book in the stack requires: what must be stated (``title``), what the
    house ``says`` ("" when it does not), and the rule that requires it as the book cites
    it (``cited``, e.g. ``"South Dakota 20:18:16:38"``).  ``line`` is the line of the
    stack item naming the book."""

    point: str
    title: str
    says: str
    cited: str
    edition: str
    line: int


def stack_of(spec: HouseSpec) -> list[tuple[str, int]]:
    """The items of the house file's ``stack`` (highest authority first) with the line of
    each; none when the file has no ``stack``, it is not a list, or it is longer than the
    schema allows (refused: its books are not known).  Items that are not text (refused by
    the schema) are left out.

    >>> from kb.house.spec import parse_house_text
    >>> stack_of(parse_house_text("id: house.a@1\\ntitle: A\\nbase: tda@2024\\n"
    ...                           "stack: [house, tda@2024]\\n", "a.yaml"))
    [('house', 4), ('tda@2024', 4)]
    """
    # The house file's own list, as read: the spec's record of it is layers' (issue 22)
    value = spec.node.get("stack") if spec.node is not None else None
    if not isinstance(value, Sequence) or isinstance(value, str) or len(value) > _MOST:
        return []
    return [(item, value.item_line(i)) for i, item in enumerate(value) if isinstance(item, str)]


def requirements_of(kb: KnowledgeBase, edition: str) -> list[tuple[Provision, Requirement]]:
    """Every point a provision numbered in ``edition`` requires, in the knowledge base's
    order; none for an unknown edition or one that requires nothing."""
    return [(p, r) for p in kb.provisions if p.requires and p.number_in(edition)
            for r in p.requires]


def cited(kb: KnowledgeBase, provision: Provision, edition: str) -> str:
    """``provision`` as ``edition`` cites it: the source's short name (else its title) and
    the number as printed, e.g. ``"TDA 39-A"``.

    >>> from kb.knowledge.load import load_knowledge_base
    >>> kb = load_knowledge_base()
    >>> cited(kb, kb.provision("tda.four-card-flop"), "tda@2024")
    'TDA 39-A'
    """
    source = kb.source(provision.source) if kb.has("source", provision.source) else None
    name = (source.short or source.title) if source else provision.source
    number = provision.number_in(edition)
    return f"{name} {number.number}" if number else name


def required_points(kb: KnowledgeBase, spec: HouseSpec) -> list[Required]:
    """Every point the books of ``spec``'s stack require, in stack order, with what the
    house file says on it ("" when nothing).  A point two books require appears for each."""
    says = {stated.point: stated.says for stated in spec.states}
    first: dict[str, int] = {}      # a book named twice is the stack's problem: once here
    for edition, line in stack_of(spec):
        first.setdefault(edition, line)
    return [Required(r.point, r.title, says.get(r.point, ""), cited(kb, p, edition), edition,
                     line)
            for edition, line in first.items() for p, r in requirements_of(kb, edition)]


def requirement_problems(kb: KnowledgeBase, spec: HouseSpec) -> list[Problem]:
    """Every point the stack requires that ``spec`` does not state, at the stack item of the
    book requiring it, and every ``states`` entry no book in the stack requires, at its
    point; in file order (see the module's docstring)."""
    points = required_points(kb, spec)
    stated = _named(spec)
    problems = [spec.problem(
        need.line, f"{need.title} is not stated: {need.cited} requires every house "
        f"rulebook to state it", f"add a `states` entry with point: {need.point}")
        for need in points if need.point not in stated]
    if not _books_known(kb, spec):
        return problems     # an unknown book in the stack may be the one requiring them
    wanted = sorted({need.point for need in points})
    hint = (f"write one of the points your stack requires: {', '.join(wanted)}; or remove "
            "the entry" if wanted else
            "remove the entry, or add the regulator that requires it to `stack`")
    problems += [spec.problem(entry.line("point"), f"states: no book in your stack requires "
                              f"the point {entry.point!r}", nearest_or(entry.point, wanted, hint))
                 for entry in spec.states if entry.point not in wanted]
    return sorted(problems, key=lambda p: (p.line, p.message))


def folder_requirement_problems(kb: KnowledgeBase, folder: Path) -> list[Problem]:
    """:func:`requirement_problems` of every house file of ``folder`` (its ``*.yaml``, as
    :func:`kb.house.compose.folder_rulebooks` reads them) that reads; a file that does not
    read is that function's to report."""
    problems: list[Problem] = []
    for path in sorted(Path(folder).glob("*.yaml")):
        spec, _ = read_house(path)
        problems += requirement_problems(kb, spec) if spec is not None else []
    return problems


def _books_known(kb: KnowledgeBase, spec: HouseSpec) -> bool:
    """Whether every book of the stack is known: no stack, or a list the schema accepts in
    length whose items are all the word house or editions of ``kb``."""
    value = spec.node.get("stack") if spec.node is not None else None
    if value is None:
        return True
    items = stack_of(spec)
    return (isinstance(value, Sequence) and len(items) == len(value) and
            all(item == "house" or kb.has("edition", item) for item, _ in items))


def _named(spec: HouseSpec) -> set[str]:
    """The points the house file's ``states`` entries name, as written: an entry or a list
    the schema refused (reported) still names its point, so it is not also called missing."""
    value = spec.node.get("states") if spec.node is not None else None
    items = value if isinstance(value, Sequence) and not isinstance(value, str) else ()
    return {entry.point for entry in spec.states} | {
        item["point"] for item in items if isinstance(item, Mapping)
        and isinstance(item.get("point"), str)}
