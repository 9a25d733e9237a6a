"""``floorbook export``: the whole knowledge base as one JSON document
(:mod:`kb.house.export`; its schema is ``kb/schemas/export.schema.json``)."""

from __future__ import annotations

import json
from pathlib import Path

from kb.cli.common import fail as _fail
from kb.cli.common import path_argument as _path
from kb.cli.common import progress as _progress
from kb.cli.common import write_output as _write


def add_parsers(commands) -> None:
    """Add ``export`` to the subcommands ``commands``."""
    export = commands.add_parser(
        "export", help="write the whole knowledge base as JSON",
        description="Write the knowledge base (sources, editions, provisions with every "
                    "edition's number and confidence, relations with their inverse names, "
                    "topics, glossary, errata, rulebooks and house rulebooks) as one JSON "
                    "document; with --rulings also every scenario's ruling under every "
                    "published rulebook. Its JSON Schema: floorbook's "
                    "kb/schemas/export.schema.json.")
    export.add_argument("--format", choices=("json",), default="json",
                        help="the output format (json, the only one so far)")
    export.add_argument("-o", "--output", type=_path, default=None, metavar="FILE",
                        help="write to FILE instead of standard output (- is standard "
                             "output; a link is followed, a device or FIFO written to)")
    export.add_argument("--rulings", action="store_true",
                        help="add every scenario and its ruling under every published "
                             "rulebook (seed 0)")
    export.add_argument("--data", type=_path, default=None, metavar="DIR",
                        help="knowledge base folder (default: the bundled kb/data)")
    export.set_defaults(run=run_export)


def run_export(args) -> int:
    """Export the data folder; its problems: ``file:line: message`` lines, exit 1.  The
    output file is written by :func:`kb.cli.common.write_output`'s rule: whole or not at
    all, a device or FIFO written through (a folder or an unwritable path: exit 1)."""
    from kb.house.export import ExportError, export_folder

    _progress("exporting the knowledge base" + (" and ruling every scenario ..."
                                                 if args.rulings else " ..."))
    try:
        data = export_folder(args.data, with_rulings=args.rulings)
    except ExportError as error:
        return _fail(str(p) for p in error.problems)
    text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    return _write(args.output or Path("-"), text)
