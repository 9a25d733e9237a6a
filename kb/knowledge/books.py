"""Which books are published and compared: sources.yaml's ``rulebooks`` and ``compared``
(with its ``regulators`` and the ``earlier`` editions held in full), read into :class:`~kb.knowledge.model.Books` and checked against the file's own editions.

The schema (``kb/schemas/sources.schema.json``) has already refused the entries of a wrong
shape; what it cannot say is checked here, each problem at the line of the value at fault
with what to do: a rulebook that names no edition of the file, a book published twice, a
``decides-as`` that is not a published book ruling by its own deciders, a
``falls-back-to`` naming an unknown edition or the book itself, a compared pair naming a
book that is not published, one book twice, or a pair compared twice; an earlier edition
or regulator that is no edition of the file, is listed twice or is also published (an
earlier edition's ``decides-as`` is checked as a rulebook's: never another earlier one).

>>> from kb.files import parse_text
>>> text = ('sources: []\\ncopies: []\\nrulebooks:\\n  - edition: "a@1"\\n'
...         'compared:\\n  - ["a@1", "b@1"]\\n')
>>> books, problems = read_books(parse_text(text, "sources.yaml"), set(), set())
>>> books.ids
()
>>> for problem in problems:
...     print(problem)
sources.yaml:4: rulebook 'a@1' is not an edition of any source in this file (add the edition under its source's editions, or fix the id)
sources.yaml:6: compared pair names 'a@1', which is not a published rulebook (list it under rulebooks, or fix the id)
sources.yaml:6: compared pair names 'b@1', which is not a published rulebook (list it under rulebooks, or fix the id)
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from kb import DATA, files
from kb.files import InputError, Mapping, Problem, Sequence, nearest_or
from kb.knowledge.location import Location
from kb.knowledge.published import Books, PublishedBook


@cache
def published_ids(root: Path = DATA) -> tuple[str, ...]:
    """The rulebook ids the sources.yaml of the data folder ``root`` publishes, read
    without loading the rest of the knowledge base (the command line's help and choices
    name the bundled ones at every start: read once a process, not once per command that
    names them); ``()`` when the file does not read.

    >>> published_ids()
    ('rrop@v11', 'tda@2024', 'tda@2026', 'wsop@2024', 'wsop-live@2024')
    """
    return _listed(root, "rulebooks")


@cache
def regulator_ids(root: Path = DATA) -> tuple[str, ...]:
    """The regulator editions the sources.yaml of ``root`` lists (``regulators``), read as
    :func:`published_ids` reads the rulebooks.

    >>> regulator_ids()
    ('sd@2026', 'pa@current', 'nj@2024')
    """
    return _listed(root, "regulators")


@cache
def earlier_ids(root: Path = DATA) -> tuple[str, ...]:
    """The earlier editions the sources.yaml of ``root`` holds in full (``earlier``), read
    as :func:`published_ids` reads the rulebooks.

    >>> earlier_ids()
    ('wsop@2023', 'wsop@2022', 'wsop-live@2023', 'wsop-live@2022')
    """
    return _listed(root, "earlier")


def _listed(root: Path, key: str) -> tuple[str, ...]:
    try:
        data = files.read(root / "sources.yaml", "sources", "sources.yaml")
    except InputError:
        return ()
    return tuple(entry["edition"] for entry in data.get(key, ()))


def read_books(data: Mapping, refused: set, editions: set[str]) -> tuple[Books, list[Problem]]:
    """The :class:`Books` of a parsed sources file ``data`` (the entries of ``rulebooks``
    and ``compared`` the schema accepted, ``refused`` holding ``(key, index)`` of those it
    did not) whose sources declare ``editions``, and the problems of those entries.  A
    wrong entry is left out of the result; the loader refuses a file with problems."""
    problems: list[Problem] = []
    nodes = [node for i, node in enumerate(data.get("rulebooks", ()))
             if ("rulebooks", i) not in refused]
    books: list[PublishedBook] = []
    for node in nodes:
        book = _book(node)
        if book.edition not in editions:
            problems.append(_problem(book.at("edition"), f"rulebook {book.edition!r} is not "
                                     "an edition of any source in this file",
                                     nearest_or(book.edition, editions, "add the edition under its "
                                           "source's editions, or fix the id")))
        elif book.edition in {b.edition for b in books}:
            first = next(b for b in books if b.edition == book.edition)
            problems.append(_problem(book.at("edition"), f"rulebook {book.edition!r} is "
                                     "published twice", f"it is also at {first.location}; "
                                     "remove one of the two entries"))
        else:
            books.append(book)
    published = {b.edition: b for b in books}
    for book in books:
        problems += _book_problems(book, published, editions)
    pairs, found = _pairs(data, refused, set(published))
    regulators, more = _regulators(data, refused, editions, published)
    earlier, held = _earlier(data, refused, editions, published,
                             {b.edition for b in regulators})
    return (Books(tuple(books), pairs, Location(data.file, 1), regulators, earlier,
                  _sequence(data, refused, editions)), problems + found + more + held)


def _earlier(data: Mapping, refused: set, editions: set[str], published: dict,
             regulators: set[str]) -> tuple[tuple[PublishedBook, ...], list[Problem]]:
    """The earlier editions held in full (``earlier``): each an edition of the file, listed
    once, neither published nor a regulator, deciding as a published book that rules by
    its own deciders (never as another earlier edition) and falling back to editions of
    the file."""
    found: list[PublishedBook] = []
    problems = []
    for book in _entries(data, refused, "earlier"):
        why = _misplaced(book, editions, found, {"a published rulebook": published,
                                                 "a regulator": regulators})
        if why:
            hint = nearest_or(book.edition, editions, "add the edition under its source's "
                              "editions, or fix the id") if book.edition not in editions \
                else "list each earlier edition of the file once, and not under rulebooks " \
                "or regulators"
            problems.append(_problem(book.at("edition"), f"earlier edition {book.edition!r} "
                                     f"{why}", hint))
            continue
        more = _book_problems(book, published, editions, "earlier edition")
        problems += more
        if not more:
            found.append(book)
    return tuple(found), problems


def _entries(data: Mapping, refused: set, key: str) -> list[PublishedBook]:
    """The books of the file's list ``key`` that the schema accepted."""
    return [_book(node) for i, node in enumerate(data.get(key, ())) if (key, i) not in refused]


def _misplaced(book: PublishedBook, editions: set[str], found: list[PublishedBook],
               elsewhere: dict) -> str:
    """Why ``book`` cannot be listed where it is (``found``: the books listed before it;
    ``elsewhere``: what another list is called -> its ids), or ""."""
    if book.edition not in editions:
        return "is not an edition of any source in this file"
    also = next((what for what, ids in elsewhere.items() if book.edition in ids), None)
    if also:
        return f"is also {also}"
    return "is listed twice" if book.edition in {b.edition for b in found} else ""


def _sequence(data: Mapping, refused: set, editions: set[str]) -> tuple[str, ...]:
    """Every edition of the file, each source's by year where all of them have one (a
    source's editions may be listed in any order), else in the file's order."""
    order: list[str] = []
    for i, source in enumerate(data.get("sources", ())):
        if ("sources", i) in refused:
            continue
        listed = [(e["id"], e.get("year")) for e in source.get("editions", ())
                  if e["id"] in editions]
        if all(type(year) is int for _, year in listed):
            listed.sort(key=lambda item: item[1])
        order += [e for e, _ in listed]
    return tuple(order)


def _regulators(data: Mapping, refused: set, editions: set[str], published: dict
                ) -> tuple[tuple[PublishedBook, ...], list[Problem]]:
    """The regulator editions (``regulators``): each an edition of the file, listed once,
    and not also a published rulebook (a regulator is stacked or ruled alone, never a
    matrix column)."""
    found: list[PublishedBook] = []
    problems = []
    for book in _entries(data, refused, "regulators"):
        why = _misplaced(book, editions, found, {"a published rulebook": published})
        if why:
            problems.append(_problem(book.at("edition"), f"regulator {book.edition!r} {why}",
                                     "list each regulator edition of the file once, and "
                                     "not under rulebooks"))
        else:
            found.append(book)
    return tuple(found), problems


def _book(node: Mapping) -> PublishedBook:
    lines = {(key, None): node.value_line(key) for key in node}
    fallbacks = node.get("falls-back-to", ())
    if isinstance(fallbacks, Sequence):
        lines.update({("falls-back-to", e): fallbacks.item_line(i)
                      for i, e in enumerate(fallbacks)})
    return PublishedBook(node["edition"], node.get("decides-as", ""), tuple(fallbacks),
                         bool(node.get("primary", False)), Location(node.file, node.line),
                         lines)


def _book_problems(book: PublishedBook, published: dict[str, PublishedBook],
                   editions: set[str], kind: str = "rulebook") -> list[Problem]:
    """What is wrong with the ``decides-as`` and ``falls-back-to`` of one published book
    (``kind``: what the message calls it, a rulebook or an earlier edition)."""
    problems = []
    rules = book.decides_as
    if rules and (rules == book.edition or rules not in published
                  or published[rules].decides_as):
        why = ("is the book itself" if rules == book.edition else "is not a published "
               "rulebook" if rules not in published else
               f"itself decides as {published[rules].decides_as!r}")
        problems.append(_problem(book.at("decides-as"), f"{kind} {book.edition!r}: "
                                 f"decides-as {rules!r} {why}", "name a published rulebook "
                                 "that rules with its own deciders, or remove decides-as"))
    for edition in book.falls_back_to:
        if edition == book.edition or edition not in editions:
            why = "is the book itself" if edition == book.edition else "is not an edition " \
                "of any source in this file"
            problems.append(_problem(book.at("falls-back-to", edition),
                                     f"{kind} {book.edition!r}: falls-back-to {edition!r} "
                                     f"{why}", "name another edition, or remove it"
                                     if edition == book.edition else nearest_or(
                                         edition, editions, "name another edition, or "
                                         "remove it")))
    return problems


def _pairs(data: Mapping, refused: set, published: set[str]
           ) -> tuple[tuple[tuple[str, str], ...], list[Problem]]:
    """The compared pairs that name two different published books, each pair once."""
    pairs: list[tuple[str, str]] = []
    problems = []
    listed = data.get("compared", Sequence())
    for i, pair in enumerate(listed):
        if ("compared", i) in refused:
            continue
        where = Location(listed.file, listed.item_line(i))
        found = [_problem(where, f"compared pair names {book!r}, which is not a published "
                          "rulebook", nearest_or(book, published, "list it under rulebooks, or fix "
                                                                "the id"))
                 for book in pair if book not in published]
        if not found and pair[0] == pair[1]:
            found.append(_problem(where, f"compared pair names {pair[0]!r} twice",
                                  "compare two different rulebooks"))
        if not found and {tuple(pair), tuple(reversed(pair))} & set(pairs):
            found.append(_problem(where, f"the pair {pair[0]!r}, {pair[1]!r} is compared "
                                  "twice", "remove one of the two entries"))
        problems += found
        if not found:
            pairs.append((pair[0], pair[1]))
    return tuple(pairs), problems


def _problem(where: Location, message: str, hint: str) -> Problem:
    return Problem(where.file, where.line, message, hint)
