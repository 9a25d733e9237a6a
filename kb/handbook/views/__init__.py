"""The pages' views: what a topic, an edition, the disagreements page show (``texts``,
``changes``, ``matrix``, ``listed``), how data text enters a page (``fragment``,
``markdown``), a ruling cell (``cells``, ``cellnode``, ``cards``, ``events``) and the
neighbourhood pictures (``pictures``, ``drawing``).  Imports ``guard``, ``data`` and
``running``."""
