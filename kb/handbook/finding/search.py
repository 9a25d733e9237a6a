"""English search that keeps rule numbers whole, so "35-A" and "RP-5-A" are findable, and
the handbook's scorer (``static/floorbook-search.js``): topic pages first for their own
words, glossary entries after topics and provisions, and the nearest indexed word for a
misspelled one.

Sphinx's English search splits on every non-word character and drops numbers: "35-A"
becomes "35" (dropped as a number, also by the JavaScript query parser) and "a" (a stop
word), so a search for a rule number finds nothing.  This language indexes each compound
of word characters joined by ``- . '`` ("35-a", "rp-5-a", "hold'em", "four-card")
beside its parts, and the page's query splitter does the same, so both sides agree.
"""

from __future__ import annotations

import re
from pathlib import Path

from sphinx.search.en import SearchEnglish

#: The scorer file Sphinx inlines into the search page's language_data.js.
SCORER = Path(__file__).parent.parent / "static" / "floorbook-search.js"

_COMPOUND = re.compile(r"\w+(?:['’.\-]\w+)+|\w+")
_PART = re.compile(r"\w+")
_JOINT = re.compile(r"['’.\-]")
#: Texts shorter than this are split once per build.
_KEPT = 200

# The JavaScript twin of SearchRuleNumbers.split; no quotes or angle brackets (the
# template that embeds it may escape them).
_JS_SPLITTER = r"""
function splitQuery(query) {
  const words = [];
  const compound = /[\p{L}\p{N}_]+(?:[\u0027\u2019.\-][\p{L}\p{N}_]+)+|[\p{L}\p{N}_]+/gu;
  for (const match of query.matchAll(compound)) {
    words.push(match[0]);
    if (/[\u0027\u2019.\-]/u.test(match[0])) {
      words.push(...match[0].split(/[^\p{L}\p{N}_]+/u).filter((w) => w));
    }
  }
  return words;
}
"""


class SearchRuleNumbers(SearchEnglish):
    """``html_search_language = "en_floorbook"``: English plus whole rule numbers."""

    lang = "en_floorbook"
    # Sphinx writes ``window.Stemmer = <language_name>Stemmer;`` into language_data.js,
    # so this must name the JavaScript stemmer it reuses: English.
    language_name = "English"
    js_splitter_code = _JS_SPLITTER

    def __init__(self, options: dict[str, str]) -> None:
        super().__init__(options)
        self._stems: dict[str, str] = {}
        self._splits: dict[str, list[str]] = {}

    def stem(self, word: str) -> str:
        """English's stem of ``word``, kept for the whole build: Sphinx keeps stems for one
        page only (``IndexBuilder.feed``), and the same few thousand words recur on every
        page; stemming them again was about 7% of a cold build.

        >>> language = SearchRuleNumbers({})
        >>> language.stem("Rulings"), language.stem("dealing"), len(language._stems)
        ('rule', 'deal', 2)
        """
        stems = self._stems
        if word not in stems:
            stems[word] = super().stem(word)
        return stems[word]

    def split(self, input: str) -> list[str]:
        """Compounds, their leading parts and their words: ``"35-A-1 x"`` ->
        ``["35-A-1", "35-A", "35", "A", "1", "x"]`` (so "35-A" finds 35-A-1 too).  A text
        split before is answered from the build's memo (card codes, ids and labels recur
        on every page); the indexer only reads the list.

        >>> language = SearchRuleNumbers({})
        >>> language.split("35-A-1 x")
        ['35-A-1', '35-A', '35', 'A', '1', 'x']
        >>> language.split("35-A-1 x") is language.split("35-A-1 x"), language.split("x" * 300)
        (True, ['xxx...'])
        """
        if len(input) >= _KEPT:        # a paragraph's text rarely recurs: not kept
            return self._split(input)
        words = self._splits.get(input)
        if words is None:
            words = self._splits[input] = self._split(input)
        return words

    def _split(self, input: str) -> list[str]:
        words = []
        for match in _COMPOUND.finditer(input):
            word = match.group()
            words.append(word)
            if not word.isalnum():
                joints = [m.start() for m in _JOINT.finditer(word)]
                words.extend(word[:j] for j in reversed(joints[1:]))
                words.extend(_PART.findall(word))
        return words


def use_by_default(app, config) -> None:
    """``config-inited``: an English handbook with no search language set uses this one."""
    if config.html_search_language is None and config.language in (None, "en"):
        config.html_search_language = SearchRuleNumbers.lang


def use_scorer(app, config) -> None:
    """``config-inited``: a handbook that names no ``html_search_scorer`` uses
    :data:`SCORER` (an absolute path: Sphinx joins it to the config directory, which
    leaves an absolute path as it is)."""
    if not config.html_search_scorer:
        config.html_search_scorer = str(SCORER)
