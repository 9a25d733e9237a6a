"""Every internal of Sphinx, docutils, myst-parser and furo that the handbook uses, in one
place, each checked at setup.

Why internals at all: the build's speed and memory (Sphinx's doctree caches, its smart
quotes transform, furo's navigation drawn once per build), the search index's entries kept
across rebuilds (sphinx-doc/sphinx#12599) and an earlier site's search index tried before
it is used.  None of these is in the libraries' documented API, so a new release may
rename or drop any of them.  Rather than let that show as an ``AttributeError`` deep in a
build, or as a build that silently goes slower, :func:`check` runs in the extensions'
``setup()`` (``kb.handbook``, ``kb.handbook.house.site``) and in
:func:`kb.handbook.running.run.sphinx_app`: it names each missing internal, the library and
its installed version.

The other modules reach the internals only through the functions below; a name is a
:class:`Internal` of :data:`INTERNALS` (``module``, then a dotted path in it; an attribute
that the library's class sets on its instances counts as present when the class declares
it or one of its methods sets it).  The search scorer (``static/floorbook-search.js``)
wraps names of Sphinx's searchtools.js: those are internals too, a ``module`` that is a
script's path in the library, present when the script defines the key.

>>> check()
>>> sorted({internal.library for internal in INTERNALS})
['docutils', 'furo', 'myst-parser', 'sphinx']
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from sphinx.errors import ExtensionError


@dataclass(frozen=True)
class Internal:
    """One internal name: its ``library`` (the distribution's name), the ``module`` that
    holds it, its ``path`` in that module (``Class.attribute``) and ``why`` we use it."""

    library: str
    module: str
    path: str
    why: str

    @property
    def where(self) -> str:
        """The internal's full name, as messages print it."""
        return f"{self.module}: {self.path}" if self.module.endswith(".js") else (
            f"{self.module}.{self.path}")

    def present(self) -> bool:
        """Whether the installed library has it (never raises)."""
        if self.module.endswith(".js"):
            name = re.escape(self.path.rpartition(".")[2])
            return re.search(rf"^\s*{name}\s*:", script_text(self.module), re.M) is not None
        try:
            owner: Any = importlib.import_module(self.module)
        except ImportError:
            return False
        *parents, name = self.path.split(".")
        for part in parents:
            owner = getattr(owner, part, None)
            if owner is None:
                return False
        return hasattr(owner, name) or (inspect.isclass(owner) and _declared(owner, name))


def script_text(script: str) -> str:
    """The text of ``script`` (``"package/path/in/it.js"``), or "" if it is not there."""
    package, _, path = script.partition("/")
    try:
        spec = importlib.util.find_spec(package)
    except ImportError:
        return ""
    for folder in (spec.submodule_search_locations or []) if spec else []:
        try:
            return (Path(folder) / path).read_text(encoding="utf-8")
        except OSError:
            pass
    return ""


def _declared(cls: type, name: str) -> bool:
    """Whether ``cls`` (or a base) annotates ``name`` or one of its functions sets it (an
    instance attribute, which exists only once an instance is made)."""
    for klass in cls.__mro__:
        namespace = vars(klass)
        if name in namespace.get("__annotations__", {}):
            return True
        for value in namespace.values():
            code = getattr(value, "__code__", None)
            if code is not None and name in code.co_names:
                return True
    return False


_ENV = "sphinx.environment"
#: Every internal the handbook uses.
INTERNALS = (
    Internal("sphinx", _ENV, "BuildEnvironment._builder_cls",
             "which builder a post-transform runs for (the ruling cells, kb.handbook.views)"),
    Internal("sphinx", _ENV, "BuildEnvironment._write_doc_doctree_cache",
             "page trees kept only while small (kb.handbook.sitebuild.streaming)"),
    Internal("sphinx", _ENV, "BuildEnvironment._pickled_doctree_cache",
             "page pickles not kept (kb.handbook.sitebuild.streaming)"),
    Internal("sphinx", _ENV, "BuildEnvironment._search_index_index_entries",
             "index entries kept across rebuilds, sphinx-doc/sphinx#12599"),
    Internal("sphinx", _ENV, "ENV_VERSION", "an earlier site's search index of this Sphinx"),
    Internal("sphinx", "sphinx.search", "IndexBuilder._env_version",
             "an earlier site's search index loaded before it is used"),
    Internal("sphinx", "sphinx.search", "js_index", "the same"),
    Internal("sphinx", "sphinx.builders.html", "StandaloneHTMLBuilder._get_local_toctree",
             "furo's navigation drawn once per build"),
    Internal("sphinx", "sphinx.registry", "SphinxComponentRegistry.transforms",
             "Sphinx's smart quotes replaced (kb.handbook.sitebuild.quotes)"),
    Internal("sphinx", "sphinx.transforms", "SphinxSmartQuotes", "the same"),
    Internal("sphinx", "sphinx.util.console", "nocolor", "no colour codes in warnings"),
    Internal("sphinx", "sphinx.util.console", "strip_escape_sequences",
             "a house build's warnings as plain text"),
    Internal("sphinx", "sphinx.util.docutils", "patch_docutils", "a build as sphinx-build runs"),
    Internal("sphinx", "sphinx.util.docutils", "docutils_namespace",
             "a build's docutils registrations undone after it"),
    Internal("sphinx", "sphinx.util.osutil", "relative_uri", "links between pages"),
    Internal("sphinx", "sphinx.domains.std", "make_glossary_term", "the data's glossary"),
    Internal("docutils", "docutils.nodes", "Node._document",
             "a page skeleton parsed once and kept across pages"),
    Internal("myst-parser", "myst_parser.config.main", "read_topmatter",
             "a data folder's page front matter checked (kb.handbook.guard)"),
    Internal("myst-parser", "myst_parser.config.main", "TopmatterReadError", "the same"),
    Internal("furo", "furo.navigation", "get_navigation_tree",
             "furo's navigation drawn once per build"),
    *(Internal("sphinx", "sphinx/themes/basic/static/searchtools.js", f"Search.{name}",
               "the search scorer, static/floorbook-search.js")
      for name in ("_index", "_performSearch", "_parseQuery")),
    Internal("sphinx", "sphinx.builders.html._assets", "_file_checksum_inner",
             "an asset written during a build named by its new checksum, not one a "
             "build earlier in the same process memoised (kb.handbook.finding.search_page)"),
)


class MissingInternal(ExtensionError):
    """An internal of a library is missing: str names each, with the library's version.
    A Sphinx error, so that a build reports it as it reports any extension's error."""


def check() -> None:
    """Raise :class:`MissingInternal` naming every internal of :data:`INTERNALS` the
    installed libraries lack, with each library's version and what to do; None if all are
    there."""
    missing = [internal for internal in INTERNALS if not internal.present()]
    if missing:
        lines = [f"{i.library} {_version(i.library)} has no {i.where} "
                 f"(floorbook uses it for: {i.why})" for i in missing]
        raise MissingInternal("floorbook cannot run with the installed libraries:\n  "
                              + "\n  ".join(lines) + "\ninstall the versions floorbook's "
                              "pyproject.toml names (pip install --upgrade floorbook), or "
                              "report this with the versions above")


def _version(library: str) -> str:
    try:
        return version(library)
    except PackageNotFoundError:
        return "(not installed)"


# The accessors: each internal is reached here and nowhere else.

def builder_class(env) -> Any:
    """The class of the builder the build ``env`` runs for (before ``env.app.builder``)."""
    return env._builder_cls


def replace_doctree_caches(env, kept: dict, pickled: dict) -> None:
    """Put ``kept`` in place of the trees ``env`` keeps between reading and writing, and
    ``pickled`` in place of the pickles it keeps after loading them."""
    env._write_doc_doctree_cache = kept
    env._pickled_doctree_cache = pickled


def index_entries(env) -> dict[str, list[tuple[str, str, str]]]:
    """The search index's index entries of each page, as ``env`` keeps them (mutable)."""
    return env._search_index_index_entries


def search_index_loads(path: Path) -> bool:
    """Whether Sphinx's search index loader reads the searchindex.js at ``path``: False
    for an index of another Sphinx; raises what reading or the loader raises."""
    import io

    from sphinx.environment import ENV_VERSION
    from sphinx.search import IndexBuilder, js_index

    # The HTML builder reads the index with IndexBuilder.load, whose only state is the
    # environment's version, which an index carries; an IndexBuilder is otherwise made
    # from a whole build environment.
    with open(path, encoding="utf-8") as index:
        frozen = js_index.load(index)
    version = frozen["envversion"]
    if version["sphinx"] != ENV_VERSION:      # an index of another Sphinx
        return False
    loader = object.__new__(IndexBuilder)     # no environment: only load() is called
    loader._env_version = version
    loader.load(io.StringIO(js_index.dumps(frozen)), js_index)
    return True


def local_toctree(builder, root: str, **options) -> str:
    """The HTML of ``root``'s toctree as the HTML ``builder`` draws it for a template."""
    return builder._get_local_toctree(root, **options)


def furo_navigation_tree(toctree_html: str) -> str:
    """furo's navigation tree from a toctree's HTML."""
    from furo.navigation import get_navigation_tree

    return get_navigation_tree(toctree_html)


def transforms(app) -> list:
    """The transforms ``app`` applies to every document it reads (mutable list)."""
    return app.registry.transforms


def forget_asset_checksums() -> None:
    """Forget the checksums Sphinx memoised for its pages' ``?v=`` (by file path, for the
    process's life): an asset the build rewrites keeps its old checksum otherwise, when an
    earlier build in the same process wrote that path (tests, ``floorbook`` run in-process).
    """
    from sphinx.builders.html import _assets
    _assets._file_checksum_inner.cache_clear()


def forget_document(node) -> None:
    """Unset the document ``node`` belongs to (docutils keeps it in ``_document``)."""
    node._document = None


def front_matter(text: str) -> dict:
    """The front matter of a MyST page's ``text`` as myst-parser reads it; {} when there is
    none or it does not read (myst-parser reports that itself)."""
    from myst_parser.config.main import TopmatterReadError, read_topmatter

    try:
        return read_topmatter(text) or {}
    except TopmatterReadError:
        return {}


def relative_uri(base: str, to: str) -> str:
    """The link from the page at ``base`` to ``to``, as Sphinx writes its own links.

    >>> relative_uri("topics/a.html", "editions/b.html")
    '../editions/b.html'
    """
    from sphinx.util.osutil import relative_uri as sphinx_relative_uri

    return sphinx_relative_uri(base, to)


def make_glossary_term(*args, **kwargs):
    """Sphinx's glossary term node (as its ``glossary`` directive makes it)."""
    from sphinx.domains.std import make_glossary_term as sphinx_term

    return sphinx_term(*args, **kwargs)


def no_colour() -> None:
    """Sphinx's console without colour codes, for every later message of this process."""
    from sphinx.util.console import nocolor

    nocolor()


def plain_text(text: str) -> str:
    """``text`` without the terminal's escape sequences."""
    from sphinx.util.console import strip_escape_sequences

    return strip_escape_sequences(text)


@contextmanager
def docutils_as_sphinx(confdir: Path) -> Iterator[None]:
    """docutils set up as sphinx-build sets it up for the project at ``confdir``, and the
    roles, directives and nodes a build registers with docutils taken back after it."""
    from sphinx.util.docutils import docutils_namespace, patch_docutils

    with patch_docutils(confdir), docutils_namespace():
        yield
