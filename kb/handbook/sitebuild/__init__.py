"""The site build (``site``: ``floorbook build``, all or nothing, with the settings of
``config`` and the default pages of ``pages``) and what makes it fast and incremental: the
earlier site (``earlier``), what a rebuild removes (``stale``), the trusted doctrees
(``doctrees_trust``), the output folder (``site_folder``), memory and garbage collection
(``streaming``, ``collector``), furo's navigation once per build (``navigation``), the
search index's entries kept (``index_entries``), smart quotes (``quotes``).  Imports
``house``, ``finding``, ``data`` and ``running``."""
