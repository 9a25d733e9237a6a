"""Publish a house rulebook as a site in the handbook's style, and as a printable PDF.

``floorbook rulebook build FILE -o DIR [--pdf]`` calls :func:`publish`.  It writes four
MyST pages that are shells around the directives of :mod:`kb.handbook.house.site` into a
temporary folder, and the handbook's :func:`kb.handbook.running.run.build_site` builds them
with the settings of :func:`settings` (no conf.py: the only values from outside are the
house file's absolute path and the PDF's validated file name; never house text): the HTML
(and rinohtype the PDF, page after page with its "article" template, which
:mod:`kb.handbook.house.store` names) with warnings treated as errors; then DIR is filled
and marked with :data:`MARKER`, so that a later build may replace it.

The output folder is checked before anything is written: a DIR that is a symbolic link, a
file, a folder with files in it that is not an earlier floorbook house site, a folder a
rebuild must never replace (the file system's root, the home folder or one above it, the
current folder or one above it, a git repository's root, floorbook's own folder), a folder
inside floorbook's package or documentation folder, or one where nothing can be written
(:mod:`kb.house.outputs`) is refused, with the reason.  The site is staged beside DIR and
swapped in at the end, so a failed build leaves the earlier site (or nothing), never half a
site.
The only file name derived from the house file is the PDF's, from the slug of its id
(:func:`site_name`), which is validated.

>>> site_name("house.thursday-home-game@2026")
'thursday-home-game'
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
import uuid
from contextlib import nullcontext
from pathlib import Path
from typing import Any

from kb.decisions.model import LogReport
from kb.handbook.house.logged import checked_log, handed
from kb.handbook.running.run import BuildError, build_site
from kb.house.compose import load_house_rulebook
from kb.house.leftovers import building
from kb.house.outputs import refusal, replaced_folder_refusal
from kb.house.pdf_date import source_date
from kb.knowledge.model import KnowledgeBase
from kb.rules.rulebook import RulebookError

#: The file that marks a folder as a floorbook house site (safe to replace).
MARKER = ".floorbook-house-site"
_SLUG = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")

#: The PDF's rinohtype template (:mod:`kb.handbook.house.store` uses it when it is beside
#: the pages): "article" prints page after page, where "book" started each chapter on a
#: right-hand page and left a blank page whose footer said "Chapter ."; and its style sheet,
#: which keeps the title on the first page whole ("irregular-ities" was hyphenated).
TEMPLATE = {"house.rtt": "[TEMPLATE_CONFIGURATION]\nname = floorbook house rulebook\n"
                         "template = article\nstylesheet = house.rts\n\n[VARIABLES]\n"
                         "paper_size = {paper}\n",
            "house.rts": "[STYLESHEET]\nname = floorbook house rulebook\n"
                         "base = sphinx_article\n\n[title page title]\nhyphenate = false\n"}

#: ``--paper`` -> rinohtype's paper size (the handbook's choice and default: A4).
PAPERS = {"a4": "A4", "letter": "letter"}

#: The pages: name -> MyST text (a shell around one directive); the first is the root.
#: ``precedents`` is written only for a site built with a decision log (:func:`pages`).
PAGES = {
    "index": "```{house:front}\n```\n\n```{toctree}\n:maxdepth: 1\n\nrules\ndifferences\n"
             "scenarios\n```\n\n"
             # a page of choices is for the screen: in the PDF's contents it would be empty
             "````{only} html\n```{toctree}\n:maxdepth: 1\n\nfind\n```\n````\n",
    "rules": "```{house:rules}\n```\n",
    "differences": "```{house:differences}\n```\n",
    "scenarios": "```{house:scenarios}\n```\n",
    "find": "```{house:finder}\n```\n",
    "precedents": "```{house:precedents}\n```\n",
}


def pages(log: bool) -> dict[str, str]:
    """:data:`PAGES` of a site built with a decision log (``log``: the Precedents page,
    listed after the scenarios) or without one.

    >>> list(pages(False)) == [p for p in PAGES if p != "precedents"]
    True
    >>> pages(True)["index"].split()[7:10]
    ['scenarios', 'precedents', '```']
    """
    if not log:
        return {name: text for name, text in PAGES.items() if name != "precedents"}
    return dict(PAGES, index=PAGES["index"].replace("scenarios\n", "scenarios\nprecedents\n",
                                                    1))


class PublishError(Exception):
    """The site cannot be published; str is a message for the author, with what to do."""


def site_name(house_id: str) -> str:
    """The slug of a house rulebook id (``house.<slug>@<version>``), used to name the PDF.

    Raises :class:`PublishError` if the id does not have that shape."""
    slug = house_id.removeprefix("house.").partition("@")[0]
    if not house_id.startswith("house.") or not _SLUG.match(slug):
        raise PublishError(f"rulebook id {house_id!r} must look like house.<name>@<version>")
    return slug


def publish(kb: KnowledgeBase, path: Path, output: Path, pdf: bool = False,
            paper: str = "a4", log: Path | None = None, names: bool = True,
            report: LogReport | None = None) -> list[Path]:
    """Build the site of the house file at ``path`` into the folder ``output`` (created),
    and with ``pdf`` also ``output/<slug>.pdf``, on ``paper`` (a key of :data:`PAPERS`);
    with ``log`` (a decision log's folder) also the page "Precedents"
    (:mod:`kb.handbook.house.precedents`), the floor people named unless ``names`` is
    false.  ``report``: the log already checked by the caller
    (:func:`kb.handbook.house.logged.checked_log`), else it is read and checked here;
    either way once, and the builds take that report (the log is not read again).
    Returns the paths written: the pages' HTML files, then the PDF.

    Raises :class:`PublishError` if the house file does not compose, if the log has a
    problem (every one listed), if ``output`` is a file or a non-empty folder that is not
    an earlier house site, or if a build warns.
    """
    try:
        book = load_house_rulebook(kb, Path(path))
    except RulebookError as error:
        raise PublishError(str(error)) from None
    target = output_folder(Path(output))
    if target in Path(path).resolve().parents:
        raise PublishError(f"{path} is inside the output folder {target}, which a build "
                           "replaces; keep the rulebook file elsewhere or choose another "
                           "folder")
    if log is not None and report is None:
        report, problems = checked_log(kb, book, Path(log))
        if problems:
            raise PublishError("\n".join(problems))
    name = site_name(book.id)
    with tempfile.TemporaryDirectory(prefix="floorbook-house-") as tmp, \
            _handing(log, report):
        work = Path(tmp)
        values = settings(Path(path).resolve(), f"{name}.pdf" if pdf else "",
                          Path(log).resolve() if log is not None else None, names)
        write_pages(work / "src", paper, log is not None)
        build(work / "src", work / "html", "html", values)
        if pdf:
            with source_date():             # the same bytes under one SOURCE_DATE_EPOCH
                build(work / "src", work / "pdf", "rinoh", values)
            shutil.copyfile(work / "pdf" / f"{name}.pdf", work / "html" / f"{name}.pdf")
        try:
            _install(target, work / "html")
        except OSError as error:
            raise PublishError(f"{target}: cannot write the site there ({error.strerror}); "
                               "give another folder") from None
    return [target / f"{page}.html" for page in pages(log is not None)] + (
        [target / f"{name}.pdf"] if pdf else [])


def _handing(log: Path | None, report: LogReport | None):
    """The builds take ``report`` as the log of ``log`` (:func:`kb.handbook.house.logged.handed`)."""
    return nullcontext() if log is None or report is None else handed(Path(log), report)


def output_folder(output: Path) -> Path:
    """``output`` resolved, if it may be written: missing, empty, or marked as an earlier
    house site, and not refused by :func:`kb.house.outputs.refusal` (a link, inside
    floorbook, a folder that cannot be written).  Raises :class:`PublishError` otherwise.

    >>> output_folder(Path(__file__))
    Traceback (most recent call last):
    kb.handbook.house.publish.PublishError: .../publish.py is a file; give a folder for the site
    """
    if Path(output).is_symlink():                  # before resolving: where it points
        raise PublishError(f"{output} {refusal(Path(output))}")
    target = Path(output).resolve()
    never = replaced_folder_refusal(target)
    if never:
        raise PublishError(f"{target} {never}")
    if target.exists() and not target.is_dir():
        raise PublishError(f"{target} is a file; give a folder for the site")
    why = refusal(Path(output))
    if why:
        raise PublishError(f"{target} {why}")
    if target.is_dir() and any(target.iterdir()) and not (target / MARKER).is_file():
        raise PublishError(f"{target} has files in it and is not a floorbook house site "
                           f"(no {MARKER}); give a new or empty folder")
    return target


def settings(house_file: Path, pdf: str, log: Path | None = None,
             names: bool = True) -> dict[str, Any]:
    """The Sphinx settings of the site of the house file at ``house_file`` (an absolute
    path), its PDF named ``pdf`` (a plain file name, or "" for none), its decision log
    the folder ``log`` (an absolute path, or None), floor people named unless ``names``
    is false.  Raises :class:`PublishError` for any other PDF name.

    >>> settings(Path("/rules/ours.yaml"), "ours.pdf")["extensions"]
    ['myst_parser', 'sphinx_design', 'kb.handbook.house.site']
    """
    if pdf and not re.match(r"^[a-z0-9]+(-[a-z0-9]+)*\.pdf$", pdf):
        raise PublishError(f"{pdf!r} is not a plain PDF file name")
    # sphinx_design: the finder draws its results as the handbook does (sd-card, sd-badge)
    return {"extensions": ["myst_parser", "sphinx_design", "kb.handbook.house.site"],
            "html_theme": "furo",
            "language": "en", "exclude_patterns": [],
            "html_copy_source": False,      # publish the pages, not their MyST shells
            "html_show_sourcelink": False,
            "html_show_copyright": False,   # the house's words: floorbook claims none
            "floorbook_house_file": str(house_file), "floorbook_house_pdf": pdf,
            "floorbook_house_log": str(log) if log else "", "floorbook_house_names": names}


def write_pages(folder: Path, paper: str = "a4", log: bool = False) -> None:
    """Write the pages of :func:`pages` (``log``: with the Precedents page) and the PDF's
    template (:data:`TEMPLATE`, on ``paper``, a key of :data:`PAPERS`) into ``folder``
    (created)."""
    folder.mkdir(parents=True)
    for page, text in pages(log).items():
        (folder / f"{page}.md").write_text(text, encoding="utf-8")
    for name, text in TEMPLATE.items():
        (folder / name).write_text(text.replace("{paper}", PAPERS[paper]), encoding="utf-8")


def build(source: Path, out: Path, builder: str, values: dict[str, Any]) -> None:
    """Build the pages in ``source`` with Sphinx's ``builder`` into ``out``, with the
    settings ``values`` (:func:`settings`); any warning is an error
    (:class:`PublishError` quoting the warnings)."""
    try:
        build_site(source, out, values, builder)
    except BuildError as error:
        raise PublishError(str(error)) from None
    if builder == "html":     # Sphinx 9 makes _sources even when it copies no source
        shutil.rmtree(out / "_sources", ignore_errors=True)


def _install(target: Path, built: Path) -> None:
    """Put the site in ``built`` at ``target`` (checked by :func:`output_folder`), marked:
    staged beside it first, then swapped in by renames, so that a failure leaves the
    earlier site, or no folder, and never half a site."""
    target.parent.mkdir(parents=True, exist_ok=True)
    staged = target.parent / f".{target.name}.new-{uuid.uuid4().hex[:8]}"
    old = target.parent / f".{target.name}.old-{uuid.uuid4().hex[:8]}"
    with building(target):                  # and what a killed build left goes
        _swap(target, built, staged, old)


def _swap(target: Path, built: Path, staged: Path, old: Path) -> None:
    """:func:`_install` by way of the folders ``staged`` and ``old`` beside ``target``."""
    try:
        shutil.copytree(built, staged)
        (staged / MARKER).write_text("A floorbook house rulebook site; `floorbook rulebook "
                                     "build` may replace this folder.\n", encoding="utf-8")
        if target.exists():
            os.rename(target, old)
        try:
            os.rename(staged, target)
        except OSError:
            if old.exists():
                os.rename(old, target)
            raise
    finally:
        shutil.rmtree(staged, ignore_errors=True)
        shutil.rmtree(old, ignore_errors=True)
