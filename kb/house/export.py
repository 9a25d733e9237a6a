"""The whole knowledge base as one JSON document, for tools built on floorbook (as
sphinx-needs users build on needs.json): ``floorbook export`` prints it and the handbook
build writes it beside the site as ``floorbook.json``.

It holds the knowledge base (:func:`kb.knowledge.export.knowledge_json`), the published
rulebooks, the house rulebooks with their changes and the topics they compose to, and on
request every scenario with its ruling under every rulebook.  ``format_version`` counts
incompatible changes (none yet: 1); new keys may appear within a version.  Its JSON Schema
is :data:`SCHEMA` (``kb/schemas/export.schema.json``), published with the site.

>>> data = export_folder(None, with_rulings=False)
>>> data["format_version"], "rulings" in data, len(data["house_rulebooks"])
(1, False, 2)
"""

from __future__ import annotations

from importlib import metadata
from pathlib import Path

from kb import DATA
from kb.files import SCHEMAS, Problem, confined
from kb.hand.scenario import Scenario, ScenarioError
from kb.house.compose import RULEBOOKS
from kb.house.expectations import data_rulebooks
from kb.house.spec import HouseSpec, read_house
from kb.knowledge.export import knowledge_json
from kb.knowledge.load import LoadError, load_knowledge_base
from kb.knowledge.model import KnowledgeBase
from kb.rules.answer import ruling_json
from kb.rules.disagreements import load_scenarios
from kb.rules.engine import rule
from kb.rules.rulebook import Rulebook, RulebookError
from kb.rules.ruling import FORMAT_VERSION as RULING_FORMAT_VERSION
from kb.rules.ruling import Ruling

#: The export's format version: bumped only by a change a reader of the last version
#: would misread (a key removed, renamed or given another meaning).
FORMAT_VERSION = 1
#: The export's JSON Schema.
SCHEMA = SCHEMAS / "export.schema.json"


class ExportError(ValueError):
    """The data folder cannot be exported: ``problems`` are every problem found, each a
    line ``file:line: message (what to do)``."""

    def __init__(self, problems: list) -> None:
        self.problems = [str(problem) for problem in problems]
        super().__init__("\n".join(self.problems))


def floorbook_version() -> str:
    """The installed floorbook's version ("0.1.0"); "unknown" when kb is imported from a
    folder without being installed."""
    try:
        return metadata.version("floorbook")
    except metadata.PackageNotFoundError:
        return "unknown"


def export(kb: KnowledgeBase, rulebooks: list[Rulebook], houses: list[HouseSpec],
           scenarios: list[Scenario] | None = None,
           rulings: list[Ruling] | None = None) -> dict:
    """The export of ``kb`` (a dict ready for :func:`json.dumps`): ``rulebooks`` (editions
    and house books, as published), ``houses`` (the house files' specs, matched to their
    composed book by id) and, when given, ``scenarios`` and their ``rulings`` (every
    scenario under every rulebook, in that order)."""
    composed = {book.id: book for book in rulebooks}
    data = {"format_version": FORMAT_VERSION, "floorbook_version": floorbook_version(),
            "ruling_format_version": RULING_FORMAT_VERSION, **knowledge_json(kb),
            "rulebooks": [_rulebook(kb, book) for book in rulebooks],
            "house_rulebooks": [_house(spec, composed.get(spec.id)) for spec in houses]}
    if scenarios is not None:
        data["scenarios"] = [_scenario(s) for s in scenarios]
        data["rulings"] = [ruling_json(r) for r in rulings or ()]
    return data


def _rulebook(kb: KnowledgeBase, book: Rulebook) -> dict:
    return {"id": book.id, "title": book.title,
            "kind": "edition" if kb.books.get(book.id) else "house", "base": book.base,
            "citation_editions": list(book.citation_editions), "stack": list(book.stack),
            "topics": {topic: list(pids) for topic, pids in sorted(book.topics.items())}}


def _house(spec: HouseSpec, book: Rulebook | None) -> dict:
    """A house file as written (its changes, each with its reason) and, when it composed,
    the parameters it ends with."""
    return {
        "id": spec.id, "title": spec.title, "base": spec.base, "stack": list(spec.stack),
        "description": spec.description, "file": Path(spec.file).name,
        "adopt": [{"topic": a.topic, "provisions": list(a.provisions), "mode": a.mode,
                   "reason": a.reason} for a in spec.adopt],
        "params": [{"provision": p.provision, "name": p.name, "value": p.value,
                    "reason": p.reason} for p in spec.params],
        "add": [{"id": own.id, "number": own.number, "title": own.title, "text": own.text,
                 "topics": list(own.topics), "overrides": list(own.overrides),
                 "rules_as": list(own.rules_as), "as_of": own.as_of} for own in spec.add],
        "omit": [{"provision": o.provision, "reason": o.reason} for o in spec.omit],
        "states": [{"point": s.point, "says": s.says} for s in spec.states],
        "composed_params": dict(sorted(book.params.items())) if book else {},
    }


def _scenario(scenario: Scenario) -> dict:
    return {"id": scenario.id, "title": scenario.title, "game": scenario.game,
            "setting": scenario.setting, "file": Path(scenario.path).name}


def export_folder(data: Path | None, with_rulings: bool) -> dict:
    """The export of the data folder ``data`` (None: the bundled kb/data), with every
    scenario of its ``scenarios`` folder ruled under every rulebook (seed 0) when
    ``with_rulings``.  Raises :class:`ExportError` with every problem: the knowledge base,
    a house file, a scenario that does not read or cannot be ruled.  No file of the
    folder is read through a symbolic link (:func:`kb.files.confined`)."""
    with confined(data or DATA):
        return _exported(data, with_rulings)


def _exported(data: Path | None, with_rulings: bool) -> dict:
    """:func:`export_folder`, its files read."""
    try:
        kb = load_knowledge_base(data)
        books = data_rulebooks(kb, data)
    except (LoadError, RulebookError) as error:
        raise ExportError(list(getattr(error, "problems", [])) or
                          [Problem(str(data or DATA), 1, str(error))]) from None
    houses = house_specs((Path(data) / "rulebooks") if data else RULEBOOKS)
    if not with_rulings:
        return export(kb, books, houses)
    try:
        scenarios = list(load_scenarios(Path(data or DATA) / "scenarios"))
    except ScenarioError as error:
        raise ExportError(list(error.problems)) from None
    return export(kb, books, houses, scenarios, rule_all(kb, books, scenarios))


def house_specs(folder: Path) -> list[HouseSpec]:
    """The specs of the house files of ``folder``, by file name (already known to compose
    cleanly: :func:`data_rulebooks` raised otherwise)."""
    specs = [read_house(path)[0] for path in sorted(Path(folder).glob("*.yaml"))]
    return [spec for spec in specs if spec is not None]


def rule_all(kb: KnowledgeBase, books: list[Rulebook], scenarios: list[Scenario]
             ) -> list[Ruling]:
    """Every scenario under every rulebook, seed 0, scenario by scenario.  Raises
    :class:`ExportError` naming each scenario that cannot be ruled."""
    rulings, problems = [], []
    for scenario in scenarios:
        for book in books:
            try:
                rulings.append(rule(kb, book, scenario))
            except ScenarioError as error:
                problems += list(error.problems) or [Problem(scenario.path, scenario.line,
                                                             str(error))]
    if problems:
        raise ExportError(problems)
    return rulings
