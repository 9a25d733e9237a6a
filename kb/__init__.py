"""floorbook: a poker-rules knowledge base of dealing-error provisions.

The package holds the data (``kb/data``), the schemas of every file a person writes
(``kb/schemas``) and the code that reads, checks, executes and publishes them, in rooms
whose imports run one way (docs/dev/architecture.md): ``knowledge`` <- ``hand`` <-
``rules`` <- ``house`` <- ``handbook``, with :mod:`kb.files` under all of them.

The "Ask the floor" API is importable from here; each name is loaded on first use, so
``import kb`` stays cheap and no room is imported before it is needed.

>>> from kb import load_knowledge_base, rule
>>> rule.__module__
'kb.rules.engine'
"""

from importlib import import_module, resources
from pathlib import Path

#: The bundled knowledge base's data folder.
DATA = Path(str(resources.files("kb") / "data"))


def _docs() -> Path:
    """The handbook's pages: ``kb/docs`` in an installed wheel (pyproject.toml maps the
    checkout's docs/ there), else the checkout's ``docs/`` beside the package."""
    installed = Path(str(resources.files("kb") / "docs"))
    return installed if installed.is_dir() else Path(__file__).resolve().parent.parent / "docs"


#: The handbook's hand-written pages (MyST), as shipped: ``DOCS / "house-rulebooks.md"``.
DOCS = _docs()

#: The public API: name -> the module that defines it.
_API = {
    "load_knowledge_base": "kb.knowledge.load",
    "LoadError": "kb.knowledge.load",
    "load_scenario": "kb.hand.scenario_file",
    "parse_scenario": "kb.hand.scenario_file",
    "ScenarioError": "kb.hand.scenario",
    "replay": "kb.hand.deal",
    "rule": "kb.rules.engine",
    "compare": "kb.rules.engine",
    "format_ruling": "kb.rules.ruling_text",
    "resolve_rulebook": "kb.house.compose",
    "published_rulebooks": "kb.house.compose",
}

__all__ = ["DATA", "DOCS", *_API]


def __getattr__(name: str):
    if name in _API:
        return getattr(import_module(_API[name]), name)
    raise AttributeError(f"module 'kb' has no attribute {name!r}")
