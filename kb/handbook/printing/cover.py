"""The printed handbook's cover: its title, what it is, the books and editions it rules
with (and the example house books it leaves out), and the date it was printed (``SOURCE_DATE_EPOCH`` when set, so two prints of the
same sources are the same bytes).

The LaTeX preamble's ``maketitle`` (:mod:`kb.handbook.sitebuild.config`) inputs
:data:`FILE`, which :func:`write_cover` writes beside the ``.tex`` when the LaTeX build
finishes; every word from the knowledge base is escaped for LaTeX.

>>> print(date_words(1700000000))
14 November 2023
"""

from __future__ import annotations

import time
from pathlib import Path

from sphinx.util.texescape import escape

from kb.handbook.data.store import handbook
from kb.house.pdf_date import epoch
from kb.knowledge.names import book_name, edition_title

#: The cover's file, beside the .tex.
FILE = "floorbook-cover.tex"
#: What the handbook is, under its title.
WHAT = ("What a floorperson rules when the deal goes wrong, with the rulebooks side by "
        "side: each topic's question, each book's answer, and every scenario ruled by "
        "every book.")


def date_words(seconds: float) -> str:
    """The day ``seconds`` (since 1970, UTC) falls on, in words."""
    day = time.gmtime(seconds)
    return f"{day.tm_mday} {time.strftime('%B %Y', day)}"


def books(kb, rulebooks=()) -> list[str]:
    """The cover's lines of books: each rulebook of ``rulebooks`` (the matrices' columns,
    each with ``id`` and ``title``; by default the knowledge base's published books), then
    each regulator's code, by its full name where the knowledge base has one.

    >>> from kb import load_knowledge_base
    >>> books(load_knowledge_base())[0]
    "Robert's Rules of Poker: Version 11"
    """
    columns = [(b.id, b.title) for b in rulebooks] or \
        [(book.edition, "") for book in kb.books.rulebooks]
    return [full_name(kb, *column) for column in columns] + \
        [f"{full_name(kb, book.edition)} (regulator)" for book in kb.books.regulators]


def full_name(kb, book_id: str, title: str = "") -> str:
    """The cover's name of the book ``book_id``: its edition's full title where the
    knowledge base ``kb`` has the edition, else ``title`` or the book's name."""
    return edition_title(kb, book_id) if kb.has("edition", book_id) \
        else title or book_name(kb, book_id)


def left_out(hb) -> str:
    """What the cover says of the example rulebooks the handbook data ``hb`` leaves out
    (``hb.left_out``, each with ``id`` and ``title``), named as :func:`books` names them.

    >>> from types import SimpleNamespace as S
    >>> from kb import load_knowledge_base
    >>> hb = S(kb=load_knowledge_base(), left_out=[S(id="house.pub@2026", title="Pub")])
    >>> left_out(hb)
    'Not printed: the example house book Pub (floorbook build --pdf --with-examples prints it).'
    """
    titles = [full_name(hb.kb, book.id, book.title) for book in hb.left_out]
    named = ", ".join(titles[:-1]) + " and " + titles[-1] if len(titles) > 1 else titles[0]
    return (f"Not printed: the example house {'books' if len(titles) > 1 else 'book'} "
            f"{named} (floorbook build --pdf --with-examples prints "
            f"{'them' if len(titles) > 1 else 'it'}).")


def pdf_title(title: str) -> str:
    r"""The LaTeX that sets the PDF's Title (what a reader's window, a file browser and a
    printer's queue show) to ``title``: hyperref leaves it empty, since the cover is the
    handbook's own and not LaTeX's title page.  Escaped as the cover's words; a hyphen
    stays a hyphen in the PDF's string.

    >>> print(pdf_title("The Pub's house rules"))
    \hypersetup{pdftitle={The Pub's house rules}}
    """
    escaped = escape(title).replace(r"\sphinxhyphen{}", "-").replace(r"\textquotesingle{}", "'")
    return rf"\hypersetup{{pdftitle={{{escaped}}}}}"


def cover(title: str, hb, seconds: float) -> str:
    """The LaTeX of the cover page of the handbook titled ``title``, of the handbook
    data ``hb`` (:func:`kb.handbook.data.store.handbook`)."""
    lines = "\\\\\n".join(escape(line) for line in books(hb.kb, hb.rulings.rulebooks))
    return "\n".join([
        pdf_title(title),
        r"\begin{titlepage}\centering\sffamily\hyphenpenalty=10000\exhyphenpenalty=10000",
        r"\vspace*{2.5cm}",
        rf"{{\Huge\bfseries {escape(title)}\par}}",
        r"\vspace{1.5em}",
        rf"{{\large\rmfamily {escape(WHAT)}\par}}",
        r"\vspace{3em}",
        r"{\large\bfseries The books and editions\par}\vspace{0.8em}",
        rf"{{\rmfamily {lines}\par}}" if lines else "",
        rf"\vspace{{1.5em}}{{\small\rmfamily {escape(left_out(hb))}\par}}" if hb.left_out else "",
        r"\vfill",
        rf"{{\large Printed {escape(date_words(seconds))}\par}}",
        r"\end{titlepage}", ""])


def write_cover(app, exception) -> None:
    """``build-finished`` of the LaTeX builder: :data:`FILE` in its output folder."""
    if exception is not None or app.builder.format != "latex":
        return
    seconds = epoch()
    title = app.config.latex_documents[0][2] if app.config.latex_documents \
        else app.config.project
    text = cover(title, handbook(app.env), time.time() if seconds is None else seconds)
    (Path(app.outdir) / FILE).write_text(text, encoding="utf-8")


def setup(app) -> None:
    """Write the cover after each LaTeX build."""
    app.connect("build-finished", write_cover)
