"""Sphinx configuration of the floorbook handbook.

Build: ``sphinx-build -W -c . docs _build/html`` (or ``floorbook build``).  The pages
render from the knowledge base in kb/data (``floorbook_data_dir`` points elsewhere).  The
settings themselves live in :mod:`kb.handbook.sitebuild.config`, so that every way of building the
bundled handbook uses the same ones; set a value below that import to change it here only.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))  # import kb from this checkout

from kb.handbook.sitebuild.config import *  # noqa: E402,F403  (the handbook's settings)
