"""floorbook: a poker-rules knowledge base of dealing-error provisions.

The package holds the data (``kb/data``) and the code that reads, checks, executes and
publishes it.  See docs/dev/architecture.md for the layout.
"""

from importlib import resources
from pathlib import Path

#: The bundled knowledge base's data folder.
DATA = Path(str(resources.files("kb") / "data"))
