"""Cross-references from other projects: the handbook's objects.inv lists each provision once,
by its id, shown as the site's links show it ("Four-card flop (TDA 2024 39-A)"); another
Sphinx project (tests/roots/test-intersphinx) links provisions and topics through
sphinx.ext.intersphinx from a locally built inventory, with no warning.  The handbook build
also writes floorbook.json and its schema into the site's root (kb/handbook/data/export.py)."""

from __future__ import annotations

import json
import re
import shutil
import zlib
from pathlib import Path

import jsonschema
import pytest
from sphinx.util.inventory import InventoryFile
from test_sphinx_basic import build

from kb.house.export import export_folder

ROOTS = Path(__file__).parent / "roots"
TDA_2026 = '''      - id: "tda@2026"
        label: 2026 Rules, Version 1.0
        year: 2026
        confidence: partial
        sections: ["", "RP-"]
copies:'''


#: The last published rulebook of test-basic's sources.yaml, and tda@2026 published after it.
PUBLISHED = '  - edition: "tda@2024"\n    primary: true\n'
TDA_2026_PUBLISHED = '  - edition: "tda@2026"\n    decides-as: "tda@2024"\n'


@pytest.fixture(scope="module")
def handbook(tmp_path_factory) -> Path:
    """The tiny handbook of tests/roots/test-basic with a TDA 2026 edition numbering the
    four-card flop 41 (a whole number, as TDA 2026 numbers the misdeal rule 37: the form a
    name "TDA 2026 41" would lose in Sphinx's inventory reader), built to HTML; its output
    folder."""
    tmp = tmp_path_factory.mktemp("intersphinx")
    src = tmp / "book"
    shutil.copytree(ROOTS / "test-basic", src)
    sources = src / "data" / "sources.yaml"
    sources.write_text(sources.read_text().replace("copies:", TDA_2026, 1)
                       .replace(PUBLISHED, PUBLISHED + TDA_2026_PUBLISHED, 1))
    tda = src / "data" / "provisions" / "tda.yaml"
    tda.write_text(tda.read_text().replace('{"tda@2024": 39-A}',
                                           '{"tda@2024": 39-A, "tda@2026": "41"}'))
    (src / "editions" / "tda-2026.md").write_text("```{rule:edition} tda@2026\n```\n")
    index = src / "index.md"
    index.write_text(index.read_text().replace("editions/tda-2024\n",
                                               "editions/tda-2024\neditions/tda-2026\n"))
    assert build(src, tmp / "out") == ""
    return tmp / "out" / "html"


def inventory(html: Path) -> dict:
    with open(html / "objects.inv", "rb") as handle:
        return InventoryFile.load(handle, "https://floorbook.example", lambda base, uri:
                                  f"{base}/{uri}")


def test_objects_inv_lists_each_provision_once_by_id_shown_as_the_sites_links_show_it(
        handbook):
    provisions = inventory(handbook)["rule:provision"]
    assert {name: entry.display_name for name, entry in provisions.items()} == {
        "rrop.holdem.four-card-flop": "Too many cards on the flop (RROP v11 Hold'em 3)",
        "tda.four-card-flop": "Four-card flop (TDA 2024 39-A)"}
    assert provisions["tda.four-card-flop"].uri == \
        "https://floorbook.example/editions/tda-2024.html#tda-four-card-flop"
    index = (handbook / "index.html").read_text()
    assert ">Four-card flop (TDA 2024 39-A)</span></a>" in index


def test_every_entry_objects_inv_holds_is_read_back_by_sphinx(handbook):
    raw = (handbook / "objects.inv").read_bytes().split(b"\n", 4)[4]
    written = zlib.decompress(raw).decode().splitlines()
    read = sum(len(names) for names in inventory(handbook).values())
    assert len(written) == read == 19


def test_another_project_links_provisions_and_topics_through_intersphinx(handbook, tmp_path):
    src = tmp_path / "club"
    shutil.copytree(ROOTS / "test-intersphinx", src)
    with open(src / "conf.py", "a") as conf:
        conf.write(f"intersphinx_mapping = {{'floorbook': ('https://floorbook.example/', "
                   f"{str(handbook / 'objects.inv')!r})}}\n")
    assert build(src, tmp_path / "out") == ""
    page = (tmp_path / "out" / "html" / "index.html").read_text()
    base = "https://floorbook.example/"
    for target, text in [
            ("editions/tda-2024.html#tda-four-card-flop", "Four-card flop (TDA 2024 39-A)"),
            ("editions/rrop-v11.html#rrop-holdem-four-card-flop",
             "Too many cards on the flop (RROP v11 Hold'em 3)"),
            ("topics/four-card-flop.html#the-topic-four-card-flop", "Four-card flop"),
            ("editions/tda-2026.html#edition-tda-2026", "Poker TDA Rules: 2026 Rules")]:
        link = re.search(f'<a class="reference external" href="{re.escape(base + target)}"'
                         r'[^>]*>(.*?)</a>', page)
        assert link and text in link[1], target


def test_the_build_writes_the_export_and_its_schema_into_the_site(handbook):
    data = json.loads((handbook / "floorbook.json").read_text(encoding="utf-8"))
    schema = json.loads((handbook / "export.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(data)
    assert [p["id"] for p in data["provisions"]] == ["rrop.holdem.four-card-flop",
                                                     "tda.four-card-flop"]
    assert [r["id"] for r in data["rulebooks"]] == ["rrop@v11", "tda@2024", "tda@2026"]
    assert len(data["rulings"]) == len(data["scenarios"]) * 3 == 3


def test_the_sites_export_is_what_floorbook_export_rulings_writes(handbook):
    site = json.loads((handbook / "floorbook.json").read_text(encoding="utf-8"))
    book = handbook.parent.parent / "book" / "data"
    assert site == json.loads(json.dumps(export_folder(book, with_rulings=True)))
