"""The ``rule`` domain (``domain``, ``indices``), its directives (``directives``,
``datafile``), which pages show which data for incremental rebuilds (``uses``) and the
check that every record has a page (``consistency``).  Imports ``views``, ``guard``,
``data`` and ``running``.

As an extension, ``kb.handbook.domain`` is the ``rule`` domain alone (docs/export.md)."""


def setup(app) -> dict:
    """Sphinx extension ``kb.handbook.domain``: the ``rule`` domain alone, for a project
    that links this handbook's provisions, topics and editions through intersphinx
    (docs/export.md) without building a handbook of its own (``kb.handbook`` would load
    the knowledge base and want a page per topic)."""
    from kb.handbook.domain.domain import RuleDomain  # Sphinx only when it is loaded

    app.add_domain(RuleDomain)
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True}
