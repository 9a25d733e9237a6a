"""Find a ruling (``finder``: each scenario's facets; ``finder_page``: the directive and its
index) and the site's search (``search``: rule numbers kept whole, the scorer).  Imports
``views``, ``data`` and ``running``."""
