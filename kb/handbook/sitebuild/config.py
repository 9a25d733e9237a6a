"""The Sphinx settings of the bundled handbook, in one place for every way of building it.

conf.py in a checkout imports them (``from kb.handbook.sitebuild.config import *``), and so does
any other project folder that builds the bundled handbook; change a setting here, not in
a conf.py.  Each name is a Sphinx (or extension) config value.

>>> extensions[-1], html_theme
('kb.handbook', 'furo')
"""

from pathlib import Path

project = "floorbook"
html_title = "floorbook: the dealing-error handbook"
author = "floorbook contributors"
language = "en"

extensions = ["myst_parser", "sphinx_design", "sphinx.ext.graphviz", "kb.handbook"]
myst_enable_extensions = ["colon_fence"]
exclude_patterns = ["_build"]

html_theme = "furo"
html_search_language = "en_floorbook"  # kb.handbook: English that keeps "35-A" whole
graphviz_output_format = "svg"         # static pictures drawn at build time, no scripts
html_copy_source = False               # no _sources in the site (floorbook build --sources)
html_show_sourcelink = False
# The footer's line: furo prints "Copyright © " and this; LICENSE says the same.
copyright = "2026, floorbook contributors. Code: MIT License; knowledge-base data: CC BY 4.0"

# No translation catalogs: Sphinx would read (and compile, writing .mo files) those in
# <pages>/locales, and a data folder's pages could then put any HTML into every page's
# theme words, which the templates print unescaped.
locale_dirs: list[str] = []
gettext_auto_build = False

floorbook_data_dir = None              # None: the bundled kb/data
floorbook_graph_radius = 1

# The printed handbook (floorbook build --pdf, kb.handbook.printing.pdf): Sphinx's LaTeX builder,
# then latexmk.  pdfLaTeX because Debian's texlive-latex-recommended has it; the look of
# cards, badges and the books side by side is in floorbook.sty (kb.handbook.printing.printed).
# A4 by default (most of the world's card rooms; --paper letter for North America's), one
# side of the sheet with no blank pages (--two-sided starts chapters on a right-hand page),
# margins for a binder's rings on the left, plain chapter headings, and a cover of its own
# (kb.handbook.printing.cover writes floorbook-cover.tex).
latex_engine = "pdflatex"
latex_documents = [("index", "floorbook.tex", html_title, author, "manual")]
latex_elements = {"pointsize": "10pt", "preamble": r"\usepackage{floorbook}",
                  "papersize": "a4paper", "extraclassoptions": "oneside,openany",
                  "sphinxsetup": "hmargin={2.2cm,1.4cm}, vmargin={1.6cm,1.8cm}",
                  "fncychap": "", "maketitle": r"\input{floorbook-cover.tex}"}
# The index of disagreements is the chapter "Where the books disagree" over again, by
# topic: in print only the provisions' index and the general index follow.
latex_domain_indices = ["rule-provisions"]
latex_additional_files = [str(Path(__file__).parent.parent / "printing" / "floorbook.sty")]
latex_show_urls = "no"

__all__ = ["project", "html_title", "author", "language", "extensions",
           "myst_enable_extensions", "exclude_patterns", "html_theme", "html_search_language",
           "graphviz_output_format", "floorbook_data_dir", "floorbook_graph_radius",
           "latex_engine", "latex_documents", "latex_elements", "latex_additional_files",
           "latex_domain_indices",
           "latex_show_urls"]
__all__ += ["html_copy_source", "html_show_sourcelink", "copyright", "locale_dirs",
            "gettext_auto_build"]
