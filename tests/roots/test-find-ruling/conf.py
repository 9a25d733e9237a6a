project = "floorbook test-find-ruling"
extensions = ["myst_parser", "sphinx_design", "sphinx.ext.graphviz", "kb.handbook"]
myst_enable_extensions = ["colon_fence"]
graphviz_output_format = "svg"
floorbook_data_dir = "data"
exclude_patterns = ["data"]
