"""A data folder's own pages are untrusted input: what they may hold (``untrusted``), which
links and pictures (``untrusted_links``, ``untrusted_graphviz``, ``addresses``), and the
bounds on code blocks every build applies (``bounded_lines``).  Imports ``data`` and
``running``."""
