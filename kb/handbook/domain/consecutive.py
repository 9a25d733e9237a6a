"""``{rule:edition-disagreements}``: the disagreements computed between consecutive
editions of a book (:func:`kb.handbook.views.rulingchanges.edition_disagreements`), a
section per pair of editions, so each pair is listed in the page's contents beside the
topics' disagreements."""

from __future__ import annotations

from docutils import nodes

from kb.handbook.data.store import handbook
from kb.handbook.domain.directives import ListDirective
from kb.knowledge import names


class EditionDisagreementsDirective(ListDirective):
    """``{rule:edition-disagreements}``: what the pairs are (a line when there is none),
    then a section per pair of consecutive editions, titled "TDA 2024 to TDA 2026", with
    the id ``editions-<earlier>-<later>``."""

    view_name = "edition-disagreements"

    def run(self) -> list[nodes.Node]:
        result = super().run()          # the pairs, noted: another pair reads the page again
        hb = handbook(self.env)
        for pair in hb.editions.pairs:
            fragment = self.view(self.view_name, *pair)
            if fragment is None:
                continue
            title = " to ".join(names.edition_short(hb.kb, e) for e in pair)
            anchor = nodes.make_id("editions-" + "-".join(pair))
            section = nodes.section(ids=[anchor], names=[nodes.fully_normalize_name(anchor)])
            section += nodes.title(title, title)
            section.extend(self.render(fragment))
            result.append(section)
        return result
