"""Sphinx driven from one place (``run``: every build's Sphinx application, and
:func:`kb.handbook.running.run.build_site`, the public function for a site from a folder of
pages) and every internal of Sphinx, docutils, myst-parser and furo the handbook uses
(``compat``), checked at setup.  The lowest of the handbook's rooms with ``data``: it
imports no other room of the handbook."""
