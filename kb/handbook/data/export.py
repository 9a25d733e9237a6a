"""The knowledge base as data beside the site, as sphinx-needs writes needs.json: at
``build-finished`` an HTML build writes ``floorbook.json`` (what ``floorbook export
--rulings`` prints, :mod:`kb.house.export`) and its JSON Schema ``export.schema.json`` into
the site's root folder.  ``{rule:file}`floorbook.json``` links them from a page.

The export is made from the data the build loaded at ``builder-inited`` and the rulings it
computed then (:mod:`kb.handbook.data.store`), never from the pickled environment, so an
incremental build cannot publish a stale file.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

from kb.files.writing import replace_file, replace_file_from
from kb.handbook.data.store import Handbook, data_dir, handbook
from kb.house.compose import RULEBOOKS
from kb.house.export import SCHEMA, export, house_specs

#: The files the build writes into the site's root, by name.
SITE_FILES = ("floorbook.json", "export.schema.json")


def site_export(hb: Handbook, folder: Path | None) -> dict:
    """The export of a build's data (``folder``: its data folder, None for the bundled one)
    with the rulings the build computed (every scenario under every rulebook, seed 0)."""
    table = hb.rulings
    books = list(table.rulebooks)
    scenarios = list(table.scenarios.values())
    rulings = [table.rulings[s.id, b.id] for s in scenarios for b in table.rulebooks]
    houses = house_specs(folder / "rulebooks" if folder else RULEBOOKS)
    return export(hb.kb, books, houses, scenarios, rulings)


def write_export(app, exception) -> None:
    """``build-finished``: write :data:`SITE_FILES` into an HTML build's output folder,
    each through a temporary file so that a reader never sees half of one."""
    if exception is not None or app.builder.format != "html":
        return
    outdir = Path(app.outdir)
    exported = site_export(handbook(app.env), data_dir(app))
    replace_file_from(outdir / "floorbook.json",
                      (piece.encode("utf-8") for piece in json_pieces(exported)))
    replace_file(outdir / "export.schema.json", SCHEMA.read_bytes())


def json_pieces(value) -> Iterator[str]:
    """``value`` as compact JSON (about half the size of the indented CLI output, and read
    by programs) and a newline, in pieces: a mapping's values and the items of a list in
    it one by one, each by the C encoder, so that the whole text (19 MB at ten times the
    bundled data) never stands in memory at once; the same text as ``json.dumps``.

    >>> "".join(json_pieces({"a": [1, "é"], "b": {"c": None}}))
    '{"a":[1,"é"],"b":{"c":null}}\\n'
    """
    dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
    if not isinstance(value, dict):
        yield dumps(value) + "\n"
        return
    yield "{"
    for number, (key, item) in enumerate(value.items()):
        yield ("," if number else "") + dumps(key) + ":"
        if isinstance(item, list):
            yield "["
            for index, element in enumerate(item):
                yield ("," if index else "") + dumps(element)
            yield "]"
        else:
            yield dumps(item)
    yield "}\n"
