"""Read kb/data into the model: the only module that reads the knowledge base's files.

Every problem names the file (relative to the data folder), the line, what is wrong and
what to do; all problems of a load are collected before :class:`LoadError` is raised.

>>> kb = load_knowledge_base()
>>> kb.provision("tda.four-card-flop").number_in("tda@2024").number
'39-A'
>>> kb.edition("rrop@v11").label
'Version 11'
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from kb import DATA
from kb.knowledge.model import (
    Confidence, Edition, Erratum, GAME_GROUPS, GAMES, KnowledgeBase, Location, Number,
    Param, Provision, Relation, RelationKind, Setting, Source, SourceCopy, SourceKind, Term,
    Topic,
)
from kb.files import Mapping, Sequence, InputError as YamlError, parse_text, read_text


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the knowledge base, at a place in a file."""

    location: Location
    message: str

    def __str__(self) -> str:
        return f"{self.location}: {self.message}"


class LoadError(Exception):
    """The data could not be loaded; ``problems`` lists every problem found."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


class _Reader:
    """Turns parsed mappings into records, collecting problems instead of stopping."""

    def __init__(self, root: Path):
        self.root, self.problems = root, []

    def parse(self, path: Path):
        try:
            return _parse_file(path, self.name(path))
        except YamlError as error:
            self.problems.extend(Problem(Location(p.file, p.line), p.message
                                         + (f" ({p.hint})" if p.hint else ""))
                                 for p in error.problems)
            return None

    def name(self, path: Path) -> str:
        try:
            return str(path.relative_to(self.root))
        except ValueError:
            return str(path)

    def at(self, node, key: str | None = None) -> Location:
        line = node.key_line(key) if (key and isinstance(node, Mapping)) else node.line
        return Location(node.file, line)

    def problem(self, node, key: str | None, message: str) -> None:
        self.problems.append(Problem(self.at(node, key), message))

    def fields(self, node, what: str, required: set[str], optional: set[str]) -> bool:
        """Check ``node`` is a mapping with the required keys and no unknown ones."""
        if not isinstance(node, Mapping):
            line = getattr(node, "line", 0)
            self.problems.append(Problem(Location(getattr(node, "file", "?"), line),
                                         f"{what} must be a mapping of fields"))
            return False
        for key in sorted(required - node.keys()):
            self.problem(node, None, f"{what} has no {key!r}; add it")
        for key in sorted(node.keys() - required - optional):
            allowed = ", ".join(sorted(required | optional))
            self.problem(node, key, f"{what} has an unknown field {key!r}; allowed: {allowed}")
        return not (required - node.keys())

    def text(self, node, key: str, default: str = "") -> str:
        value = node.get(key, default)
        if not isinstance(value, str):
            self.problem(node, key, f"{key!r} must be text; quote it")
            return str(value)
        return value.strip()

    def texts(self, node, key: str) -> tuple[str, ...]:
        value = node.get(key, [])
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.problem(node, key, f"{key!r} must be a list of texts")
            return ()
        return tuple(value)

    def enum(self, node, key: str, kind, default=None):
        value = node.get(key, default)
        try:
            return kind(value)
        except ValueError:
            allowed = ", ".join(k.value for k in kind)
            self.problem(node, key, f"{key!r} is {value!r}; use one of: {allowed}")
            return default if default is not None else next(iter(kind))

    def records(self, data, key: str, what: str) -> list:
        """The list under ``key`` of a file's top mapping."""
        if data is None:
            return []
        if not self.fields(data, "the file's top level", {key}, set()):
            return []
        items = data[key]
        if not isinstance(items, Sequence):
            self.problem(data, key, f"{key!r} must be a list of {what}")
            return []
        return list(items)


def load_knowledge_base(root: Path | None = None) -> KnowledgeBase:
    """Load the knowledge base under ``root`` (default: the bundled kb/data).

    Returns a :class:`~kb.knowledge.model.KnowledgeBase`.  Raises :class:`LoadError` listing every
    problem (syntax, unknown or missing fields, wrong values) with file and line.  Checks
    that need the whole graph (dangling references, cycles) are in :mod:`kb.knowledge.graph`.
    """
    root = Path(root) if root else DATA
    reader = _Reader(root)
    sources, copies = _sources(reader, reader.parse(root / "sources.yaml"))
    provisions = []
    for path in sorted((root / "provisions").glob("*.yaml")):
        provisions.extend(_provisions(reader, reader.parse(path)))
    topics = [_topic(reader, n) for n in _listed(reader, root, "topics.yaml", "topics")]
    terms = [_term(reader, n) for n in _listed(reader, root, "glossary.yaml", "terms")]
    errata = [_erratum(reader, n) for n in _listed(reader, root, "errata.yaml", "errata")]
    if reader.problems:
        raise LoadError(reader.problems)
    return KnowledgeBase(str(root), tuple(sources), tuple(copies), tuple(provisions),
                         tuple(t for t in topics if t), tuple(t for t in terms if t),
                         tuple(e for e in errata if e))


def _listed(reader: _Reader, root: Path, file: str, key: str) -> list:
    return reader.records(reader.parse(root / file), key, key)


def _sources(reader: _Reader, data) -> tuple[list[Source], list[SourceCopy]]:
    if data is None:
        return [], []
    if not reader.fields(data, "sources.yaml", {"sources", "copies"}, set()):
        return [], []
    sources = [_source(reader, n) for n in data["sources"] or []]
    copies = [_copy(reader, n) for n in data["copies"] or []]
    return [s for s in sources if s], [c for c in copies if c]


def _source(reader: _Reader, node) -> Source | None:
    if not reader.fields(node, "a source", {"id", "title", "kind", "editions"},
                         {"publisher", "url", "note", "short"}):
        return None
    sid = reader.text(node, "id")
    editions = tuple(e for e in (_edition(reader, n, sid) for n in node["editions"] or []) if e)
    return Source(sid, reader.text(node, "title"), reader.enum(node, "kind", SourceKind),
                  reader.text(node, "publisher"), editions, reader.text(node, "url"),
                  reader.text(node, "note"), reader.text(node, "short"), reader.at(node))


def _edition(reader: _Reader, node, source: str) -> Edition | None:
    if not reader.fields(node, "an edition", {"id", "label", "confidence"},
                         {"year", "note", "sections"}):
        return None
    eid = reader.text(node, "id")
    if not eid.startswith(source + "@"):
        reader.problem(node, "id", f"edition {eid!r} must be named {source}@<version>")
    year = node.get("year")
    if year is not None and not isinstance(year, int):
        reader.problem(node, "year", "'year' must be a whole number like 2024")
        year = None
    return Edition(eid, source, reader.text(node, "label"), year,
                   reader.enum(node, "confidence", Confidence), reader.text(node, "note"),
                   reader.texts(node, "sections"), reader.at(node))


def _copy(reader: _Reader, node) -> SourceCopy | None:
    if not reader.fields(node, "a source copy", {"id", "title", "covers"}, {"editions", "urls"}):
        return None
    return SourceCopy(reader.text(node, "id"), reader.text(node, "title"),
                      reader.text(node, "covers"), reader.texts(node, "editions"),
                      reader.texts(node, "urls"), reader.at(node))


_PROVISION_FIELDS = {"numbers", "topics", "games", "settings", "checked-against", "params",
                     "relations", "note"}


def _provisions(reader: _Reader, data) -> list[Provision]:
    if data is None:
        return []
    if not reader.fields(data, "a provisions file", {"source", "provisions"}, set()):
        return []
    source = reader.text(data, "source")
    return [p for p in (_provision(reader, n, source) for n in data["provisions"] or []) if p]


def _provision(reader: _Reader, node, source: str) -> Provision | None:
    if not reader.fields(node, "a provision", {"id", "title", "summary", "confidence",
                                               "numbers", "topics"}, _PROVISION_FIELDS):
        return None
    pid = reader.text(node, "id")
    if not pid.startswith(source + "."):
        reader.problem(node, "id", f"provision {pid!r} of source {source!r} must start "
                                   f"with {source + '.'!r}")
    games = reader.texts(node, "games") or ("all",)
    for game in games:
        if game not in GAMES and game not in GAME_GROUPS:
            reader.problem(node, "games", f"unknown game {game!r}; use one of "
                                          f"{', '.join(sorted(GAMES | GAME_GROUPS.keys()))}")
    settings = tuple(_setting(reader, node, s) for s in reader.texts(node, "settings"))
    return Provision(
        pid, source, reader.text(node, "title"), reader.text(node, "summary"),
        _numbers(reader, node), reader.texts(node, "topics"),
        reader.enum(node, "confidence", Confidence), reader.texts(node, "checked-against"),
        games, settings or (Setting.CASH, Setting.TOURNAMENT), _params(reader, node),
        _relations(reader, node), reader.text(node, "note"), reader.at(node))


def _setting(reader: _Reader, node, value: str) -> Setting:
    try:
        return Setting(value)
    except ValueError:
        reader.problem(node, "settings", f"unknown setting {value!r}; use cash or tournament")
        return Setting.CASH


def _numbers(reader: _Reader, node) -> tuple[Number, ...]:
    numbers = node.get("numbers")
    if not isinstance(numbers, Mapping) or not numbers:
        reader.problem(node, "numbers", "'numbers' must map edition ids to rule numbers")
        return ()
    result = []
    for edition, value in numbers.items():
        if isinstance(value, (str, int)):
            result.append(Number(edition, str(value)))
        elif reader.fields(value, f"the number in {edition}", {"number"},
                           {"confidence", "note"}):
            result.append(Number(edition, str(value["number"]),
                                 reader.enum(value, "confidence", Confidence, "confirmed"),
                                 reader.text(value, "note")))
    return tuple(result)


def _params(reader: _Reader, node) -> tuple[Param, ...]:
    params = []
    for item in node.get("params") or []:
        if reader.fields(item, "a parameter", {"name", "default", "meaning"}, set()):
            default = item["default"]
            if not isinstance(default, (int, str, bool)):
                reader.problem(item, "default", "a parameter's default must be a number, "
                                                "text or true/false")
            params.append(Param(reader.text(item, "name"), default,
                                reader.text(item, "meaning")))
    return tuple(params)


def _relations(reader: _Reader, node) -> tuple[Relation, ...]:
    relations = []
    for item in node.get("relations") or []:
        if not reader.fields(item, "a relation", {"kind", "target"}, {"point", "topic"}):
            continue
        kind = reader.enum(item, "kind", RelationKind)
        if kind in (RelationKind.DIFFERS_FROM, RelationKind.MISCITES) and "point" not in item:
            reader.problem(item, None, f"a {kind} relation needs a 'point' saying the "
                                       "difference in one sentence")
        relations.append(Relation(kind, reader.text(item, "target"), reader.text(item, "point"),
                                  reader.text(item, "topic"), reader.at(item)))
    return tuple(relations)


def _topic(reader: _Reader, node) -> Topic | None:
    if not reader.fields(node, "a topic", {"id", "title", "question"},
                         {"silent", "see-also", "note"}):
        return None
    silent = node.get("silent") or {}
    if not isinstance(silent, dict) or not all(isinstance(v, str) for v in silent.values()):
        reader.problem(node, "silent", "'silent' must map edition ids to what the book "
                                       "does not cover")
        silent = {}
    return Topic(reader.text(node, "id"), reader.text(node, "title"),
                 reader.text(node, "question"),
                 tuple((k, v.strip()) for k, v in silent.items()),
                 reader.texts(node, "see-also"), reader.text(node, "note"), reader.at(node))


def _term(reader: _Reader, node) -> Term | None:
    if not reader.fields(node, "a glossary term", {"term", "definition"},
                         {"defined-by", "see"}):
        return None
    return Term(reader.text(node, "term"), reader.text(node, "definition"),
                reader.texts(node, "defined-by"), reader.texts(node, "see"), reader.at(node))


def _erratum(reader: _Reader, node) -> Erratum | None:
    if not reader.fields(node, "an erratum", {"id", "claimed-by", "claim", "correction",
                                               "provisions", "confidence"}, set()):
        return None
    return Erratum(reader.text(node, "id"), reader.texts(node, "claimed-by"),
                   reader.text(node, "claim"), reader.text(node, "correction"),
                   reader.texts(node, "provisions"),
                   reader.enum(node, "confidence", Confidence), reader.at(node))


def _parse_file(path: Path, name: str):
    return parse_text(read_text(path, name), name)
