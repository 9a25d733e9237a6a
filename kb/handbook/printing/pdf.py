"""Build the printed handbook: one PDF of every page, through Sphinx's LaTeX builder and
latexmk (pdfLaTeX), for ``floorbook build --pdf``.

Why LaTeX and not rinohtype (which prints house rulebooks) is in docs/dev/architecture.md
("The printed handbook").  The LaTeX side of the extension (cards, badges, the matrices
as tables per scenario) is :mod:`kb.handbook.printing.printed`; its look is ``floorbook.sty``.

The build runs in a temporary folder; the PDF replaces the target file only when LaTeX
succeeded, so a failed build leaves an earlier PDF as it was.

>>> toolchain_problem(which=lambda name: None).splitlines()[0]
'floorbook build: --pdf needs LaTeX, and latexmk and pdflatex are not installed.'
"""

from __future__ import annotations

import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

from kb import DATA
from kb.files.writing import replace_file
from kb.handbook.sitebuild.doctrees_trust import copy_trusted, user_key
from kb.handbook.sitebuild.site import SiteError

#: Debian's packages of the toolchain (tools/install.sh pdf installs them).
DEBIAN = ("latexmk", "texlive-latex-recommended", "texlive-latex-extra",
          "texlive-fonts-recommended", "tex-gyre")
#: LaTeX packages Sphinx's output and floorbook.sty load that a minimal TeX lacks, each
#: with the Debian package that has it (kpsewhich finds them).
STYLES = {"fncychap.sty": "texlive-latex-extra", "capt-of.sty": "texlive-latex-extra",
          "tabulary.sty": "texlive-latex-extra", "tgtermes.sty": "tex-gyre",
          "pifont.sty": "texlive-fonts-recommended"}
#: The PDF's file name (latex_documents in kb.handbook.sitebuild.config names the .tex).
NAME = "floorbook.pdf"
#: The largest file searched for a character LaTeX could not print, in bytes.
SCANNED = 4_000_000
#: Upper bound of one latexmk run, in seconds (about 90 s on two busy cores).
LATEX_TIMEOUT = 1800
#: The paper sizes ``--paper`` offers -> LaTeX's class option.  A4 is the default: the
#: size of paper in most of the world's card rooms and printers; Letter for North America.
PAPERS = {"a4": "a4paper", "letter": "letterpaper"}


class PdfError(SiteError):
    """The PDF was not built: ``problems`` holds one line per problem."""


def toolchain_problem(which=shutil.which) -> str:
    """What is missing to print the handbook, with what to install; ``""`` if nothing.
    ``which`` finds a program (:func:`shutil.which`)."""
    missing = [program for program in ("latexmk", "pdflatex") if which(program) is None]
    if missing:
        return (f"floorbook build: --pdf needs LaTeX, and {' and '.join(missing)} "
                f"{'is' if len(missing) == 1 else 'are'} not installed.\nInstall it with "
                f"tools/install.sh pdf (Debian: apt-get install {' '.join(DEBIAN)}; "
                "elsewhere a TeX Live with latexmk) and retry.")
    try:
        found = subprocess.run(["kpsewhich", *STYLES], capture_output=True, text=True,
                               check=False).stdout.split()
    except OSError:             # a TeX without kpsewhich: LaTeX itself names what it lacks
        return ""
    absent = [style for style in STYLES if not any(f.endswith("/" + style) for f in found)]
    if absent:
        packages = " ".join(sorted({STYLES[style] for style in absent}))
        return (f"floorbook build: --pdf needs LaTeX's {', '.join(absent)}; install "
                f"{packages} (tools/install.sh pdf does) and retry.")
    return ""


def build_pdf(pages: Path, data: Path | None, target: Path,
              doctrees: Path | None = None, *, paper: str = "a4",
              two_sided: bool = False, examples: bool = False) -> Path:
    """Print the handbook whose MyST pages are the folder ``pages`` (``index.md`` the
    root), from the knowledge base ``data`` (None: the bundled one), into the file
    ``target`` (replaced only on success).  Returns ``target``.

    ``doctrees``: the Sphinx environment of the site just built from the same pages
    (:func:`kb.handbook.sitebuild.site.doctrees_folder`); a copy of it, when sealed with the user's
    key (:mod:`kb.handbook.sitebuild.doctrees_trust`), spares reading every page again (Sphinx
    reads only what changed since, as between two site builds).
    ``paper``: a key of :data:`PAPERS`; ``two_sided``: chapters start on a right-hand
    page, with a blank page before where needed (else no page is left blank).
    ``examples``: the bundled example house books are printed too (by default their
    columns, explanations and disagreements are left out, and the cover says so).

    Raises :class:`PdfError` if the toolchain is missing (:func:`toolchain_problem`), if
    Sphinx warns (warnings are errors, as for the site) or if LaTeX stops (its error
    lines quoted)."""
    why = toolchain_problem()
    if why:
        raise PdfError(why.splitlines())
    with tempfile.TemporaryDirectory(prefix="floorbook-pdf-") as work:
        latex, environment = Path(work) / "latex", Path(work) / "doctrees"
        if doctrees is not None and Path(doctrees).is_dir():     # pickles: only sealed
            copy_trusted(Path(doctrees), environment, user_key(data))
        _sphinx_latex(Path(pages), data, latex, environment, layout(paper, two_sided),
                      examples)
        _latexmk(latex, [Path(pages), Path(data) if data else DATA])
        try:
            replace_file(target, (latex / NAME).read_bytes())
        except OSError as error:
            raise PdfError([f"{target}: cannot be written ({error.strerror}); give another "
                            "folder"]) from None
    return target


def layout(paper: str, two_sided: bool) -> dict[str, str]:
    """The ``latex_elements`` of the settings (:mod:`kb.handbook.sitebuild.config`) for
    ``paper`` (a key of :data:`PAPERS`) on one side or ``two_sided``.

    >>> layout("letter", True)["papersize"], layout("a4", False)["extraclassoptions"]
    ('letterpaper', 'oneside,openany')
    """
    from kb.handbook.sitebuild import config

    sides = "twoside,openright" if two_sided else "oneside,openany"
    return {**config.latex_elements, "papersize": PAPERS[paper], "extraclassoptions": sides}


def _sphinx_latex(pages: Path, data: Path | None, outdir: Path, doctrees: Path,
                  elements: dict[str, str], examples: bool = False) -> None:
    """Sphinx's LaTeX builder into ``outdir``, with the settings of
    :mod:`kb.handbook.sitebuild.config` (no conf.py is read), the ``latex_elements``
    ``elements`` and the example house books only if ``examples``; warnings are errors."""
    from sphinx.errors import SphinxError

    from kb.handbook.data.store import DataError
    from kb.handbook.running.run import sphinx_app
    from kb.handbook.sitebuild import config

    overrides = {name: getattr(config, name) for name in config.__all__}
    overrides["latex_elements"] = elements
    overrides["floorbook_example_books"] = examples
    if data:
        overrides["floorbook_data_dir"] = str(Path(data).resolve())
    try:
        # no colour (sphinx_app): as the site build, its warnings go through the escaping
        with sphinx_app(pages, outdir, doctrees, "latex", overrides, warning=sys.stderr,
                        warningiserror=True) as app:
            app.build()
    except DataError as error:
        raise PdfError(error.problems) from None
    except SphinxError as error:
        raise PdfError([f"floorbook build: {error.category}: {error}"]) from None
    if app.statuscode:
        raise PdfError(["floorbook build: Sphinx warned (above) while making the PDF; warnings "
                        "are errors, so the PDF was not written"])


def _latexmk(folder: Path, sources: list[Path]) -> None:
    """latexmk in ``folder`` (Sphinx's latexmkrc there sets makeindex's style); raises
    :class:`PdfError` with LaTeX's error lines if it fails, after the ``file:line`` of
    each character pdfLaTeX could not print, found in the folders ``sources`` (or only
    :func:`no_room`'s line, when a file could not be written)."""
    command = ["latexmk", "-pdf", "-dvi-", "-ps-", "-interaction=nonstopmode",
               "-halt-on-error", "floorbook.tex"]
    try:
        done = subprocess.run(command, cwd=folder, capture_output=True, text=True,
                              errors="replace", timeout=LATEX_TIMEOUT, check=False)
    except subprocess.TimeoutExpired:
        raise PdfError([f"floorbook build: LaTeX ran over {LATEX_TIMEOUT} s and was "
                        "stopped"]) from None
    if done.returncode == 0 and (folder / NAME).is_file():
        return
    # a fatal error (pdfTeX could not write) may not reach the log: it is on the output
    errors = latex_errors(folder / "floorbook.log", also=done.stdout)
    full = no_room([*errors, done.stdout, done.stderr], Path(tempfile.gettempdir()))
    raise PdfError(full or [*(line for char in unprintable(errors)
                              for line in written(char, sources)),
                            "floorbook build: LaTeX stopped, so the PDF was not written:",
                            *errors])


#: What LaTeX, latexmk or the system say when a file could not be written for want of room.
NO_ROOM = ("fwrite() failed", "I can't write on file", "File size limit exceeded",
           "No space left on device", "Disk quota exceeded")


def no_room(said: list[str], folder: Path) -> list[str]:
    """A line saying what to do if what LaTeX and latexmk ``said`` (error lines, their
    output) tells that a file could not be written (:data:`NO_ROOM`: a full disk, or a
    file past the size limit on files) in the temporary ``folder`` they run in; else none.

    >>> no_room(["  !pdfTeX error: pdflatex: fwrite() failed"], Path("/tmp"))[0][:46]
    'floorbook build: LaTeX could not write in /tmp'
    """
    if not any(words in text for text in said for words in NO_ROOM):
        return []
    return [f"floorbook build: LaTeX could not write in {folder} (the disk is full, "
            "or a file would pass the size limit on files, ulimit -f); make room there, or "
            "set TMPDIR to a folder on another disk, and run it again"]


def unprintable(errors: list[str]) -> list[str]:
    """The characters LaTeX's error lines say it cannot print.

    >>> unprintable(["  ! LaTeX Error: Unicode character \u263a (U+263A)", "  l.42 x"])
    ['☺']
    """
    return [m.group(1) for line in errors
            for m in [re.search(r"Unicode character (.) \(U\+[0-9A-F]+\)", line)] if m]


def written(char: str, folders: list[Path]) -> list[str]:
    """``file:line: ...`` for each line of a YAML or MyST file under ``folders`` holding
    ``char`` (regular files of at most :data:`SCANNED` bytes, links not followed), at most
    ten, with what to do."""
    found = []
    for folder in folders:
        for root, _, names in os.walk(folder):
            for path in sorted(Path(root) / n for n in names if n.endswith((".yaml", ".md"))):
                info = path.lstat()
                if not stat.S_ISREG(info.st_mode) or info.st_size > SCANNED:
                    continue
                lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
                found += [f"{path}:{number}: the character {char} (U+{ord(char):04X}) cannot "
                          "be printed in the PDF (pdfLaTeX has no glyph for it); write it in "
                          "words or leave it out, or build without --pdf"
                          for number, line in enumerate(lines, 1) if char in line]
    return found[:10]


def latex_errors(log: Path, also: str = "") -> list[str]:
    """The error lines of a LaTeX log (``! ...`` and the input line after it), at most ten;
    if it has none, those of the text ``also`` (what LaTeX printed).

    >>> import tempfile; from pathlib import Path
    >>> log = Path(tempfile.mkdtemp()) / "x.log"
    >>> _ = log.write_text("ok\\n! LaTeX Error: Unicode character \\u263a (U+263A)\\n"
    ...                    "See the LaTeX manual.\\nl.42 Smile \\u263a\\n")
    >>> latex_errors(log)
    ['  ! LaTeX Error: Unicode character ☺ (U+263A)', '  l.42 Smile ☺']
    """
    try:
        text = log.read_text(encoding="utf-8", errors="replace")
    except OSError:
        text = ""
    found = _error_lines(text) or _error_lines(also)
    return found or ["  (LaTeX left no log)" if not text else "  (no error line in LaTeX's log)"]


def _error_lines(text: str) -> list[str]:
    return [f"  {line}" for line in text.splitlines() if re.match(r"^(!|l\.\d+ )", line)][:10]
