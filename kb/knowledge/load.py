"""Read kb/data into the model: the only module that reads the knowledge base's files (but
:func:`kb.knowledge.books.published_ids`, the rulebook ids alone for the command line's help).

Each file goes through the one reader (:mod:`kb.files`): a bounded read, safe YAML, then
its JSON Schema (``kb/schemas/<kind>.schema.json``: sources, provisions, topics, glossary,
errata).  Records are built (:mod:`kb.knowledge.records`) only from entries the schema
accepted, so nothing meets a shape the schema does not promise.  Then the checks a schema cannot express and without
which the model would be ambiguous: an edition id names its own source, a provision id
starts with its file's source, and no id is used twice; sources.yaml's ``rulebooks`` and
``compared`` (which books are published and compared) are read and checked by
:mod:`kb.knowledge.books`.  References across files (unknown topics, editions, copies,
cycles) are :mod:`kb.knowledge.checks`'s; ``requires``, :mod:`kb.knowledge.required`'s.

Every problem of every file is collected before :class:`LoadError` is raised, each as
``file:line: message (what to do)`` with the file relative to the data folder and the
line of the value at fault.

>>> kb = load_knowledge_base()
>>> kb.provision("tda.four-card-flop").number_in("tda@2024").number, kb.edition("rrop@v11").label
('39-A', 'Version 11')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from kb import DATA, files
from kb.files import InputError, Mapping
from kb.files.cache import Cache, Store, digest, read_through
from kb.files.validation import validate_kind
from kb.knowledge import records
from kb.knowledge.books import read_books
from kb.knowledge.model import (
    Books,
    Edition,
    KnowledgeBase,
    Location,
    Provision,
)


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the knowledge base, at a place in a file; ``message`` ends
    with what to do, in brackets.

    >>> str(Problem(Location("topics.yaml", 4), "unknown topic 'x' (fix the id)"))
    "topics.yaml:4: unknown topic 'x' (fix the id)"
    """

    location: Location
    message: str

    def __str__(self) -> str:
        return f"{self.location}: {self.message}"

    @property
    def file(self) -> str:
        """The file the problem is in, as its location names it.

        >>> Problem(Location("topics.yaml", 4), "bad").file
        'topics.yaml'
        """
        return self.location.file

    @property
    def line(self) -> int:
        """The problem's line in its file (1 is the first).

        >>> Problem(Location("topics.yaml", 4), "bad").line
        4
        """
        return self.location.line

    @classmethod
    def of(cls, problem: files.Problem) -> Problem:
        """The reader's :class:`kb.files.Problem` as a knowledge-base problem (same text).

        >>> str(Problem.of(files.Problem("sources.yaml", 2, "bad", "fix it")))
        'sources.yaml:2: bad (fix it)'
        """
        hint = f" ({problem.hint})" if problem.hint else ""
        return cls(Location(problem.file, problem.line), problem.message + hint)


class LoadError(Exception):
    """The data could not be loaded; ``problems`` lists every problem found, sorted by
    file and line, and ``str()`` is one ``file:line: message`` line per problem."""

    def __init__(self, problems: list[Problem]):
        self.problems = sorted(set(problems), key=lambda p: (p.file, p.line, p.message))
        super().__init__("\n".join(str(p) for p in self.problems))


#: The files besides provisions/*.yaml: name, schema kind, the key of its list of entries.
_FILES = {"sources": ("sources.yaml", ("sources", "copies")),
          "topics": ("topics.yaml", ("topics",)),
          "glossary": ("glossary.yaml", ("terms",)),
          "errata": ("errata.yaml", ("errata",))}


def load_knowledge_base(root: Path | None = None, cache: Cache | None = None
                        ) -> KnowledgeBase:
    """Load the knowledge base under ``root`` (default: the bundled kb/data).

    Returns a :class:`~kb.knowledge.model.KnowledgeBase`.  Raises :class:`LoadError` listing
    every problem of every file (unreadable files, YAML, the schemas, edition and provision
    ids that do not match their source, duplicate ids), each at its file and line.  Checks
    that need the whole graph (dangling references, cycles) are in
    :mod:`kb.knowledge.checks`.

    With a ``cache`` (:class:`kb.files.cache.Cache`, e.g. ``Cache.default(data=root)``),
    each file whose bytes an earlier run with the same code read is not parsed again: its
    records and problems come from the cache, and the result (or the :class:`LoadError`)
    equals a fresh load's.  :func:`load_with_digest` also gives the files' digest.

    >>> kb = load_knowledge_base()
    >>> kb.provision("tda.four-card-flop").source
    'tda'
    >>> load_knowledge_base(Path("no-such-folder"))
    Traceback (most recent call last):
    ...
    kb.knowledge.load.LoadError: no-such-folder:1: the data folder does not exist ...
    """
    return load_with_digest(root, cache)[0]


def load_with_digest(root: Path | None = None, cache: Cache | None = None
                     ) -> tuple[KnowledgeBase, str]:
    """:func:`load_knowledge_base`, and the digest of the knowledge base's files (their
    names and bytes, 40 hex digits): what a result computed from the whole knowledge base
    (its graph checks, a ruling) may be kept under, with the code's version
    (:func:`kb.files.cache.code_version`).  Raises :class:`LoadError`.

    >>> kb, digest = load_with_digest()
    >>> len(digest), load_with_digest()[1] == digest
    (40, True)
    """
    root = Path(root) if root else DATA
    # nothing below root is read through a link: it could publish any file (kb.files)
    with files.bulk(), files.confined(root), _store(cache, root) as store:
        reader = _Reader(root, store)
        kb = _load(root, reader)
    return kb, digest("".join(f"{name}\0{key}\n" for name, key in reader.digests).encode())


def _store(cache: Cache | None, root: Path):
    """The cache's store of the knowledge-base files of the folder ``root``."""
    if cache is None:
        return Store.off()
    try:
        scope = str(root.resolve())
    except OSError:
        scope = str(root.absolute())
    return cache.store("kb", scope)


def _load(root: Path, reader: _Reader) -> KnowledgeBase:
    """:func:`load_knowledge_base` of the folder ``root``, read by ``reader``."""
    if not root.is_dir():
        what = "is not a folder" if root.exists() else "does not exist"
        raise LoadError([Problem(Location(str(root), 1), f"the data folder {what} (give "
                                 "the folder that holds sources.yaml and provisions/)")])
    sources, copies, books = (reader.records("sources.yaml", "sources", _sources)
                              or ((), (), Books()))
    provisions: list[Provision] = []
    if not (root / "provisions").is_dir():
        what = "is not a folder" if (root / "provisions").exists() else "no such folder"
        reader.problems.append(Problem(Location("provisions", 1), f"{what} (create the "
                                       "folder provisions/ with one file of provisions per "
                                       "source, e.g. provisions/tda.yaml)"))
    for path in sorted((root / "provisions").glob("*.yaml")):
        found = reader.records(f"provisions/{path.name}", "provisions", _provisions)
        provisions.extend(found[0] if found else ())
    topics = (reader.records("topics.yaml", "topics", _topics) or ((),))[0]
    terms = (reader.records("glossary.yaml", "glossary", _terms) or ((),))[0]
    errata = (reader.records("errata.yaml", "errata", _errata) or ((),))[0]
    editions = [e for s in sources for e in s.editions]
    for what, listed, key in (("source id", sources, "id"), ("edition id", editions, "id"),
                              ("source copy id", copies, "id"),
                              ("provision id", provisions, "id"), ("topic id", topics, "id"),
                              ("term", terms, "term"), ("erratum id", errata, "id")):
        reader.problems.extend(duplicates(what, listed, key))
    if reader.problems:
        raise LoadError(reader.problems)
    return KnowledgeBase(str(root), tuple(sources), tuple(copies), tuple(provisions),
                         tuple(topics), tuple(terms), tuple(errata), books)


def duplicates(what: str, records, key: str = "id") -> list[Problem]:
    """A problem at each record whose ``key`` an earlier record already has.

    >>> from kb.knowledge.model import Topic
    >>> a, b = (Topic("t", "T", "Q?", location=Location("topics.yaml", n)) for n in (2, 9))
    >>> [str(p) for p in duplicates("topic id", [a, b])]
    ["topics.yaml:9: duplicate topic id 't' (also at topics.yaml:2; rename one of them)"]
    """
    first: dict[str, Location] = {}
    problems = []
    for record in records:
        value = getattr(record, key)
        if value in first:
            problems.append(Problem(record.at(key), f"duplicate {what} {value!r} (also "
                                    f"at {first[value]}; rename one of them)"))
        first.setdefault(value, record.at(key))
    return problems


#: What a file's records are made by: (parsed data, its entries the schema refused, the
#: list to add the file's problems to) -> a tuple of tuples of records.
Build = Callable[[Mapping, set, list], tuple]


class _Reader:
    """Reads files of one data folder, collecting problems instead of stopping, and the
    digest of each file read (through ``store``: a file's records and problems are a
    function of its name and bytes)."""

    def __init__(self, root: Path, store: Store):
        self.root, self.store, self.problems = root, store, list[Problem]()
        self.digests: list[tuple[str, str]] = []

    def records(self, name: str, kind: str, build: Build) -> tuple | None:
        """The records ``build`` makes of the file ``name`` (relative to the root), read
        as a ``kind`` file; None when nothing in the file can be used.  Problems are
        collected."""
        try:
            key, (records, problems) = read_through(
                self.store, self.root / name, name, files.MAX_BYTES,
                lambda text: _fresh(text, name, kind, build), kind)
        except InputError as error:
            self.problems.extend(Problem.of(p) for p in error.problems)
            return None
        self.digests.append((name, key))
        self.problems.extend(problems)
        return records


def _fresh(text: str, name: str, kind: str, build: Build) -> tuple[tuple | None, list]:
    """The records ``build`` makes of the ``text`` of the file ``name`` and the file's
    problems (None for the records when nothing in the file can be used)."""
    try:
        data = files.parse_text(text, name)
    except InputError as error:
        return None, [Problem.of(p) for p in error.problems]
    found, paths = validate_kind(data, kind, name)
    problems = [Problem.of(p) for p in found]
    refused = _refused(paths)
    if (None, None) in refused:
        return None, problems
    return build(data, refused, problems), problems


def _entries(data: Mapping, refused: set, key: str) -> list:
    """The entries of the file's list ``key`` that the schema accepted."""
    return [item for i, item in enumerate(data[key]) if (key, i) not in refused]


def _sources(data: Mapping, refused: set, problems: list) -> tuple:
    sources = tuple(records.source(n) for n in _entries(data, refused, "sources"))
    problems.extend(_misplaced(e) for s in sources for e in s.editions
                    if e.id.split("@")[0] != s.id)
    books, found = read_books(data, refused, {e.id for s in sources for e in s.editions})
    problems.extend(Problem.of(p) for p in found)
    return sources, tuple(records.copy(n) for n in _entries(data, refused, "copies")), books


def _topics(data: Mapping, refused: set, problems: list) -> tuple:
    return (tuple(records.topic(n) for n in _entries(data, refused, "topics")),)


def _terms(data: Mapping, refused: set, problems: list) -> tuple:
    return (tuple(records.term(n) for n in _entries(data, refused, "terms")),)


def _errata(data: Mapping, refused: set, problems: list) -> tuple:
    return (tuple(records.erratum(n) for n in _entries(data, refused, "errata")),)


def _refused(paths: list[tuple]) -> set[tuple]:
    """The entries the schema errors at ``paths`` refuse: ``(key, index)`` for an entry of
    the list under ``key``; ``(None, None)`` if the file's top level is wrong."""
    return {(path[0], path[1]) if len(path) >= 2 else (None, None) for path in paths}


def _misplaced(edition: Edition) -> Problem:
    """The problem of an edition listed under another source than its id's."""
    return Problem(edition.at("id"), f"edition {edition.id!r} is listed under source "
                   f"{edition.source!r} (name it {edition.source}@<version> or list it "
                   "under its own source)")


def _provisions(data: Mapping, refused: set, problems: list) -> tuple:
    source = data["source"]
    result = []
    for node in _entries(data, refused, "provisions"):
        provision = records.provision(node, source, data.value_line("source"))
        if not provision.id.startswith(source + "."):
            problems.append(Problem(provision.at("id"), f"provision {provision.id!r} is in "
                                    f"the file of source {source!r} (start its id with "
                                    f"'{source}.' or move it to that source's file)"))
        problems.extend(duplicates("required point", provision.requires, "point"))
        result.append(provision)
    return (tuple(result),)
