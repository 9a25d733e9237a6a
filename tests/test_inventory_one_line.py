"""A title holding a line break cannot add an object to the site's objects.inv: the
inventory is a line per object, and a reader's intersphinx would take the second line
of ``Four-card flop\\nevil rule:provision 1 javascript:alert(1) Click`` for an object
of its own, linked where the data says."""

from __future__ import annotations

import contextlib
import io

from sphinx.util.inventory import InventoryFile

from kb.cli import main

INJECTED = "Four-card flop\\nevil rule:provision 1 javascript:alert(1) Click me"


def test_a_title_with_a_line_break_adds_no_object_to_the_inventory(tmp_path):
    quiet = contextlib.redirect_stdout(io.StringIO())
    with quiet, contextlib.redirect_stderr(io.StringIO()):
        assert main(["init", str(tmp_path / "project")]) == 0
    provisions = tmp_path / "project" / "data" / "provisions" / "tda.yaml"
    text = provisions.read_text(encoding="utf-8")
    assert "\n    title: Four-card flop\n" in text
    provisions.write_text(text.replace("\n    title: Four-card flop\n",
                                       f'\n    title: "{INJECTED}"\n'), encoding="utf-8")
    errors = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(errors):
        status = main(["build", "--data", str(tmp_path / "project" / "data"),
                       "-o", str(tmp_path / "site")])
    assert status == 0, errors.getvalue()
    inventory = InventoryFile.loads((tmp_path / "site" / "objects.inv").read_bytes(),
                                    uri="https://example.org/")
    provisions_listed = inventory.data["rule:provision"]
    assert sorted(provisions_listed) == ["rrop.holdem.four-card-flop", "tda.four-card-flop"]
    assert provisions_listed["tda.four-card-flop"].display_name == (
        "Four-card flop evil rule:provision 1 javascript:alert(1) Click me (TDA 2024 39-A)")
