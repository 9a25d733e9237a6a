# Another project that links the floorbook handbook's provisions through intersphinx, as
# docs/export.md tells a user to: the rule domain alone, no knowledge base of its own.
# tests/test_intersphinx.py adds intersphinx_mapping, pointed at the inventory it built from
# tests/roots/test-basic (with a 2026 edition added), whose ids index.md links.
project = "A club's own notes"
extensions = ["myst_parser", "sphinx.ext.intersphinx", "kb.handbook.domain"]
