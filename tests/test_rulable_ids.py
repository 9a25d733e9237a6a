"""The ids a rulebook may be named by are listed once (issue 24's review):
``Books.rulable_ids``, used by ``resolve_rulebook``'s "did you mean" and by the decision
log's reader, whose ids ``log check`` and the Precedents page take from one function,
``kb.decisions.check.rulebook_ids``.  Before, four places built the list, two of them
with ``getattr(books, "earlier_ids", ())``."""

from __future__ import annotations

import pytest

from kb.decisions.check import rulebook_ids
from kb.decisions.reader import read_entry
from kb.handbook.house import logged
from kb.knowledge.load import load_knowledge_base
from kb.rules.books import resolve_rulebook
from kb.rules.rulebook import RulebookError

ENTRY = """\
date: 2026-03-02
table: 4
floor: Sam R.
rulebook: "{book}"
hand:
  id: exposed-first-card
  title: First card exposed
  game: holdem
  seats: 6
  button: 6
  events:
    - deal: {{exposed: [1]}}
ruling:
  remedy: misdeal
"""


@pytest.fixture(scope="module")
def kb():
    return load_knowledge_base()


def test_rulable_ids_are_every_book_rulable_finds_and_no_other(kb):
    books = kb.books
    assert books.rulable_ids == (*books.ids, *books.regulator_ids, *books.earlier_ids)
    assert "wsop@2023" in books.rulable_ids and "tda@2026" in books.rulable_ids
    assert all(books.rulable(i) is not None for i in books.rulable_ids)
    with pytest.raises(RulebookError) as raised:
        resolve_rulebook(kb, "robert")
    assert f"use one of: {', '.join(books.rulable_ids)}, or a file path" in str(raised.value)


def test_the_log_and_the_precedents_page_know_the_same_ids(kb, tmp_path, monkeypatch):
    seen = []
    monkeypatch.setattr(logged, "read_entries", lambda folder, ids: seen.append(ids) or ((), []))
    house = resolve_rulebook(kb, "tda@2024")
    logged.checked_log(kb, house, tmp_path)
    assert seen == [rulebook_ids(kb, ["tda@2024"])]
    assert rulebook_ids(kb, ["house.x@2026"]) == [*kb.books.rulable_ids, "house.x@2026"]


def test_an_entry_may_name_an_earlier_edition_and_not_a_misspelt_one(kb):
    ids = rulebook_ids(kb)
    assert read_entry(ENTRY.format(book="wsop@2023"), "e.yaml", ids)[1] == []
    problems = read_entry(ENTRY.format(book="wsop@2032"), "e.yaml", ids)[1]
    assert [p.line for p in problems] == [4] and "did you mean" in str(problems[0])
