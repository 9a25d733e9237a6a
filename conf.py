"""Sphinx configuration of the floorbook handbook.

Build: ``sphinx-build -W -c . docs _build/html`` (or ``floorbook build``).  The pages
render from the knowledge base in kb/data (``floorbook_data_dir`` points elsewhere).
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))  # import kb from this checkout

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

floorbook_data_dir = None              # None: the bundled kb/data
floorbook_graph_radius = 1
