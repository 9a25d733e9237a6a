"""The book chooser: which books a matrix (and Find a ruling) shows, chosen by the reader
and remembered on that device by ``static/floorbook-books.js``.

Every page of the handbook carries the list of books as data (a ``<script
type="application/json" id="floorbook-books-data">``: each book's id, column name, title
and whether it is a bundled example) and loads the script, which exposes
``window.floorbookBooks`` (``all()``, ``shown()``, ``set(ids)``, ``onChange(fn)``), hides
every element whose ``data-book`` names a book not shown, and draws a chooser into every
element of class ``floorbook-book-chooser``.  The bundled example house books
(:attr:`kb.rules.rulebook.Rulebook.example`) start hidden; every other book starts shown.
With scripts off nothing is hidden: the chooser's box says every book is shown.
"""

from __future__ import annotations

import json

from docutils import nodes
from sphinx import addnodes

from kb.handbook.data.store import handbook
from kb.knowledge.names import book_name

#: The script and its style, in kb/handbook/static.
SCRIPT_FILE = "floorbook-books.js"
STYLE_FILE = "floorbook-books.css"
#: The id of the data the script reads.
DATA_ID = "floorbook-books-data"
#: Before the finder's scripts (Sphinx's default priority is 500), which use the chooser.
PRIORITY = 400


def column_names(hb) -> dict[str, str]:
    """Rulebook id -> the short name its column shows, as every view names a book
    (:func:`kb.knowledge.names.book_name`): an edition's short name ("Robert's Rules v11");
    a house book's title if short, else its id's words ("House thursday-home-game 2026")."""
    return {b.id: book_name(hb.kb, b.id, b.title) for b in hb.rulings.rulebooks}


def books_data(rulebooks, names: dict[str, str]) -> list[dict]:
    """The books as the script reads them, in column order: ``id``, ``name`` (the column's
    short name, ``names``: id -> name), ``title`` and ``example``.

    >>> from types import SimpleNamespace as Book
    >>> books_data([Book(id="tda@2024", title="TDA", example=False)], {"tda@2024": "TDA 2024"})
    [{'id': 'tda@2024', 'name': 'TDA 2024', 'title': 'TDA', 'example': False}]
    """
    return [{"id": b.id, "name": names.get(b.id, b.id), "title": b.title,
             "example": bool(b.example)} for b in rulebooks]


def data_script(books: list[dict]) -> str:
    """``books`` as the body of a script element: JSON in which ``<``, ``>`` and ``&`` are
    escapes, so no title from a house file can close the element or open another.

    >>> data_script([{"name": "</script><b>"}])
    '[{"name": "\\\\u003c/script\\\\u003e\\\\u003cb\\\\u003e"}]'
    """
    text = json.dumps(books, ensure_ascii=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def chooser_node() -> addnodes.only:
    """The box the script draws the chooser into (HTML only): with scripts off it says
    every book is shown, which is then true."""
    box = nodes.container("", nodes.paragraph("", "Every book is shown."),
                          classes=["floorbook-book-chooser"])
    return addnodes.only("", box, expr="html")


def add_files(app) -> None:
    """``builder-inited`` (after the handbook's data is loaded): the books' data, the
    script and its style on every page of an HTML build (other builders take no
    scripts: Sphinx ignores the call for them)."""
    hb = handbook(app.env)
    body = data_script(books_data(hb.rulings.rulebooks, column_names(hb)))
    app.add_js_file(None, priority=PRIORITY, body=body, type="application/json", id=DATA_ID)
    app.add_js_file(SCRIPT_FILE, priority=PRIORITY)
    app.add_css_file(STYLE_FILE)


def setup(app) -> None:
    """Register :func:`add_files` (called by :mod:`kb.handbook` after the data's loader)."""
    app.connect("builder-inited", add_files)
