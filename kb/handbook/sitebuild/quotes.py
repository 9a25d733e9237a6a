"""Sphinx's smart quotes, without the text blocks they would leave as they are.

Sphinx's SmartQuotes transform educates every block of text (a TextElement not inside
another): it lists the block's Text nodes, asks each whether it may be educated (a walk up
its parents), runs the education's regular expressions over the block and puts a new Text
node in place of every old one, changed or not.  The handbook's pages hold about 34,000
Text nodes, most of them ids, numbers, card codes and words without a quote, dash or dot,
and the transform was an eighth of a cold build.

Education works on each Text node's text alone (only a quote looks at the character
before it): it changes quotes, backquotes, backslash escapes, ``--`` and ``---``,
``...`` and ``. . .``, and (with ``smartquotes_action`` "w") ``&quot;``.  So a block
none of whose Text nodes holds a quote, a backquote, a backslash, an ``&``, docutils'
escape marker, two dashes or an ellipsis comes out exactly as it went in, whatever its
context; a sentence's full stop or a rule number's hyphen ("35-A") is not enough.  :class:`SmartQuotesWhereNeeded` skips those blocks and hands every other
one to Sphinx's own transform, block by block, so what it educates it educates exactly as
Sphinx does (``tests/test_quotes.py`` compares the two over every page of the handbook).
The one difference: a skipped block in a language docutils has no quotes for is not
warned about (it had nothing to educate).
"""

from __future__ import annotations

import re
from typing import Any

from docutils import nodes
from sphinx.transforms import SphinxSmartQuotes

from kb.handbook.running import compat

#: What education can change (see the module's docstring); ``\x00`` marks an escape.
_EDUCABLE = re.compile("['\"`\\\\&\x00]|--|\\.\\.\\.|\\. \\. \\.")


def needs_education(block: nodes.TextElement) -> bool:
    """Whether any Text node of ``block`` holds a character education can change.

    >>> needs_education(nodes.paragraph("", "TDA 2024 rule 35-A. Ah Kd."))
    False
    >>> needs_education(nodes.paragraph("", "Robert's Rules"))
    True
    """
    return any(_EDUCABLE.search(text) for text in block.findall(nodes.Text))


class SmartQuotesWhereNeeded(SphinxSmartQuotes):
    """``SphinxSmartQuotes`` run on the blocks with something to educate only."""

    def apply(self, **kwargs: Any) -> None:
        if not self.is_available():
            return
        if self.config.smartquotes_action == "-1":   # "stupefy": every curly quote changes
            super().apply(**kwargs)
            return
        blocks = [node for node in self.document.findall(nodes.TextElement)
                  if not isinstance(node, self.nodes_to_skip)
                  and not isinstance(node.parent, nodes.TextElement)
                  and needs_education(node)]
        if blocks:
            # Sphinx's own transform, its loop over the text elements given those blocks;
            # a docutils that looks for them otherwise walks the whole tree, as before
            self.document.findall = _only(self.document, blocks)  # type: ignore[method-assign]
            try:
                super().apply(**kwargs)
            finally:
                del self.document.findall


def _only(document: nodes.document, blocks: list[nodes.TextElement]):
    """A ``findall`` for ``document`` that lists ``blocks`` when asked for text elements
    (SmartQuotes' loop) and walks the tree as usual for anything else."""
    walk = type(document).findall

    def findall(condition=None, *args, **kwargs):
        if condition is nodes.TextElement and not args and not kwargs:
            return iter(blocks)
        return walk(document, condition, *args, **kwargs)

    return findall


def setup(app) -> None:
    """Put :class:`SmartQuotesWhereNeeded` in the place of Sphinx's SmartQuotes transform
    (registered by Sphinx before any extension); a Sphinx that registers it otherwise
    keeps its own."""
    transforms = compat.transforms(app)
    if SphinxSmartQuotes in transforms:
        transforms[transforms.index(SphinxSmartQuotes)] = SmartQuotesWhereNeeded
