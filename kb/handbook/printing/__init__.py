"""The printed handbook: ``pdf`` (``floorbook build --pdf``: Sphinx's LaTeX builder, then
latexmk), ``printed`` (the transforms that shape the pages for print), ``compact`` (a
ruling in few lines), ``binder`` (what the binder holds and where pages break),
``earlier`` (the earlier editions' changed rulings left to the site), ``indexkeys`` (the
index in number order, by citation), ``cover``, ``pdflink`` (the site's link to the PDF),
with the LaTeX style floorbook.sty.  Imports ``sitebuild``,
``finding``, ``data`` and ``running``."""


def setup(app) -> None:
    """Register the LaTeX side of the binder (:mod:`.binder`, :mod:`.indexkeys`,
    :mod:`.cover`); the site's builders are untouched."""
    from kb.handbook.printing import (
        binder,
        briefs,
        compact,
        cover,
        disagreed,
        earlier,
        indexkeys,
        pdflink,
    )

    binder.setup(app)
    compact.setup(app)
    disagreed.setup(app)
    earlier.setup(app)
    briefs.setup(app)
    indexkeys.setup(app)
    cover.setup(app)
    pdflink.setup(app)
