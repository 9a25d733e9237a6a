"""``rule:data-file``: a file of the bundled knowledge base shown as a code block.

The handbook's pages live in docs/ in a checkout and in ``kb/docs`` in an installed wheel,
so a page cannot reach the bundled data by one relative path (``../kb/data/...`` is right
in a checkout only).  This directive names the file inside ``kb/data`` instead and is
otherwise Sphinx's ``literalinclude`` (its options, such as ``:language:``, apply):

    ```{rule:data-file} rulebooks/home-game.yaml
    :language: yaml
    ```

A name that leaves the data folder (``../../etc/passwd``) is refused with a warning, and
so is ``literalinclude``'s one option that names a file, ``:diff:`` (it would publish any
file, and hang the build on a FIFO): docutils refuses it as an unknown option.
"""

from __future__ import annotations

import os
from pathlib import Path

from sphinx.directives.code import LiteralInclude

from kb import DATA
from kb.handbook.guard.bounded_lines import refused


class DataFile(LiteralInclude):
    """``literalinclude`` of a file under the bundled data folder :data:`kb.DATA`."""

    # every option but :diff:, which names a second file that nothing would contain
    option_spec = {name: check for name, check in LiteralInclude.option_spec.items()
                   if name != "diff"}

    def run(self):
        if problem := refused(self):          # :lines: 1-999999999 and the like
            return problem
        data = DATA.resolve()
        path = (data / self.arguments[0]).resolve()
        if data not in path.parents or not path.is_file():
            return [self.state.document.reporter.warning(
                f"rule:data-file: {self.arguments[0]!r} is not a file of floorbook's "
                f"bundled data ({data}); name one relative to it, such as "
                "rulebooks/home-game.yaml", line=self.lineno)]
        # literalinclude reads a path relative to the page's folder
        page = Path(self.env.doc2path(self.env.docname)).parent
        self.arguments[0] = os.path.relpath(path, page)
        # a checked file of floorbook's own data: allowed even where pages may insert no
        # file (kb.handbook.guard.untrusted)
        settings = self.state.document.settings
        allowed, settings.file_insertion_enabled = settings.file_insertion_enabled, True
        try:
            return super().run()
        finally:
            settings.file_insertion_enabled = allowed
