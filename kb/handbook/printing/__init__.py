"""The printed handbook: ``pdf`` (``floorbook build --pdf``: Sphinx's LaTeX builder, then
latexmk) and ``printed`` (the transforms that shape the pages for print), with the LaTeX
style floorbook.sty.  Imports ``sitebuild``, ``finding``, ``data`` and ``running``."""
