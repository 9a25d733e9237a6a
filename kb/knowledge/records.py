r"""The knowledge base's records (:mod:`kb.knowledge.model`) made of the entries of its
files that the schemas accepted, each with its location and the lines of its values:
what :mod:`kb.knowledge.load` builds from each file once it has read and checked it.
Nothing here reads a file or finds a problem; the checks across records are the loader's.

>>> from kb.files import parse_text
>>> entry = parse_text("id: t\ntitle: ' A topic '\nquestion: Why?\n", "topics.yaml")
>>> found = topic(entry)
>>> found.title, str(found.location), str(found.at("question"))
('A topic', 'topics.yaml:1', 'topics.yaml:3')
"""

from __future__ import annotations

from kb.files import Mapping, Sequence
from kb.knowledge.model import (
    Edition,
    Erratum,
    Location,
    Number,
    Param,
    Provision,
    Relation,
    Source,
    SourceCopy,
    Term,
    Topic,
)
from kb.knowledge.required import requirements
from kb.knowledge.vocabulary import Confidence, RelationKind, Setting, SourceKind


def located(node: Mapping) -> Location:
    return Location(node.file, node.line)


def lines(node: Mapping) -> dict:
    """The lines of ``node``'s values, and of each text item (or key) under them, as
    :class:`~kb.knowledge.location.Located` wants them."""
    lines: dict[tuple[str, str | None], int] = {}
    for key, value in node.items():
        lines[(key, None)] = node.value_line(key)
        if isinstance(value, Sequence):
            for i, item in enumerate(value):
                if isinstance(item, str):
                    lines.setdefault((key, item), value.item_line(i))
        elif isinstance(value, Mapping):
            for inner in value:
                lines[(key, inner)] = value.key_line(inner)
    return lines


def text(node: Mapping, key: str) -> str:
    return node.get(key, "").strip()


def source(node: Mapping) -> Source:
    sid = node["id"]
    return Source(sid, text(node, "title"), SourceKind(node["kind"]), text(node, "publisher"),
                  tuple(edition(e, sid) for e in node["editions"]),
                  text(node, "url"), text(node, "note"), text(node, "short"), located(node),
                  lines(node), node.get("layer", ""))


def edition(node: Mapping, source: str) -> Edition:
    return Edition(node["id"], source, text(node, "label"), node.get("year"),
                   Confidence(node["confidence"]), text(node, "note"),
                   tuple(node.get("sections", ())), located(node), lines(node))


def copy(node: Mapping) -> SourceCopy:
    return SourceCopy(node["id"], text(node, "title"), text(node, "covers"),
                      tuple(node.get("editions", ())), tuple(node.get("urls", ())), located(node),
                      lines(node))


def provision(node: Mapping, source: str, source_line: int) -> Provision:
    where = lines(node) | {("source", None): source_line}
    settings = tuple(Setting(s) for s in node.get("settings", ()))
    return Provision(
        node["id"], source, text(node, "title"), text(node, "summary"),
        tuple(number(edition, value) for edition, value in node["numbers"].items()),
        tuple(node["topics"]), Confidence(node["confidence"]),
        tuple(node.get("checked-against", ())), tuple(node.get("games", ("all",))),
        settings or (Setting.CASH, Setting.TOURNAMENT),
        tuple(Param(p["name"], p["default"], text(p, "meaning"))
              for p in node.get("params", ())),
        tuple(relation(r) for r in node.get("relations", ())), text(node, "note"),
        located(node), where, requirements(node))


def number(edition: str, value) -> Number:
    if not isinstance(value, Mapping):  # the schema allows text, a whole number or a mapping
        return Number(edition, str(value).strip())
    return Number(edition, str(value["number"]).strip(),
                  Confidence(value.get("confidence", "confirmed")), text(value, "note"))


def relation(node: Mapping) -> Relation:
    return Relation(RelationKind(node["kind"]), node["target"], text(node, "point"),
                    node.get("topic", ""), located(node), lines(node))


def topic(node: Mapping) -> Topic:
    silent = tuple((book, said.strip()) for book, said in node.get("silent", {}).items())
    return Topic(node["id"], text(node, "title"), text(node, "question"), silent,
                 tuple(node.get("see-also", ())), text(node, "note"), located(node),
                 lines(node))


def term(node: Mapping) -> Term:
    return Term(node["term"], text(node, "definition"), tuple(node.get("defined-by", ())),
                tuple(node.get("see", ())), located(node), lines(node))


def erratum(node: Mapping) -> Erratum:
    return Erratum(node["id"], tuple(node["claimed-by"]), text(node, "claim"),
                   text(node, "correction"), tuple(node["provisions"]),
                   Confidence(node["confidence"]), located(node), lines(node))
