"""The handbook's one compatibility module (kb.handbook.running.compat): each internal of
Sphinx, docutils, myst-parser or furo it uses is checked when an extension is set up, and a
missing one stops the build with a message naming it and the library's version."""

from __future__ import annotations

import ast
import importlib
import inspect
import re
from importlib.metadata import version
from pathlib import Path

import pytest

import kb.handbook
from kb.handbook.house import site as house_site
from kb.handbook.running import compat
from kb.handbook.running.compat import INTERNALS, Internal, MissingInternal
from kb.handbook.running.run import BuildError, build_site

HANDBOOK = Path(kb.handbook.__file__).parent


def take_away(monkeypatch, internal: Internal) -> None:
    """Remove ``internal`` from its library for this test, as a release without it would
    be: the attribute, its annotation, and the methods that set it on instances."""
    if internal.module.endswith(".js"):           # a script without the key
        text = compat.script_text(internal.module)
        key = internal.path.rpartition(".")[2]
        monkeypatch.setattr(compat, "script_text", lambda script: re.sub(
            rf"^(\s*){re.escape(key)}(\s*:)", r"\1renamed\2", text, flags=re.M))
        return
    owner = importlib.import_module(internal.module)
    *parents, name = internal.path.split(".")
    for part in parents:
        owner = getattr(owner, part)
    if not inspect.isclass(owner):
        monkeypatch.delattr(owner, name)
        return
    for klass in owner.__mro__:
        namespace = vars(klass)
        if name in namespace:
            monkeypatch.delattr(klass, name)
        notes = namespace.get("__annotations__", {})
        if name in notes:
            monkeypatch.setattr(klass, "__annotations__",
                                {k: v for k, v in notes.items() if k != name})
        for attribute, value in list(namespace.items()):
            code = getattr(value, "__code__", None)
            if code is not None and name in code.co_names:
                monkeypatch.setattr(klass, attribute, lambda *args, **kwargs: None)


def test_the_installed_libraries_have_every_internal():
    compat.check()
    assert all(internal.present() for internal in INTERNALS)


@pytest.mark.parametrize("internal", INTERNALS, ids=lambda i: i.where)
def test_a_missing_internal_is_named_with_the_library_version(monkeypatch, internal):
    take_away(monkeypatch, internal)
    with pytest.raises(MissingInternal) as raised:
        compat.check()
    message = str(raised.value)
    expected = (f"{internal.library} {version(internal.library)} has no "
                f"{internal.where} (floorbook uses it for: {internal.why})")
    assert expected in message
    assert message.startswith("floorbook cannot run with the installed libraries:\n")
    assert "pip install --upgrade floorbook" in message


@pytest.mark.parametrize("setup", [kb.handbook.setup, house_site.setup],
                         ids=["kb.handbook", "kb.handbook.house.site"])
def test_each_extension_checks_at_setup_before_it_registers_anything(monkeypatch, setup):
    take_away(monkeypatch, INTERNALS[0])
    with pytest.raises(MissingInternal, match="_builder_cls"):
        setup(None)                    # no app: the check comes first


def test_a_site_build_stops_with_the_message_not_a_traceback(monkeypatch, tmp_path):
    import furo.navigation

    monkeypatch.delattr(furo.navigation, "get_navigation_tree")
    (tmp_path / "pages").mkdir()
    (tmp_path / "pages" / "index.md").write_text("# Title\n", encoding="utf-8")
    with pytest.raises(BuildError) as raised:
        build_site(tmp_path / "pages", tmp_path / "out",
                   {"extensions": ["myst_parser"], "html_theme": "furo"})
    assert f"furo {version('furo')} has no furo.navigation.get_navigation_tree" in str(
        raised.value)
    assert not (tmp_path / "out").exists()


def _private_attributes(path: Path) -> set[str]:
    """Every ``x._name`` (one leading underscore) that ``path`` reads or writes."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)
            and node.attr.startswith("_") and not node.attr.startswith("__")}


def _defined_in_kb() -> set[str]:
    """Every private name kb itself defines (functions, classes, attributes it sets)."""
    names: set[str] = set()
    for path in HANDBOOK.parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
                names.add(node.name)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                names.add(node.target.id)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and (
                    isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                names.add(node.attr)
    return names


def test_no_other_module_of_the_handbook_reaches_a_library_internal():
    """A ``._name`` outside compat is one of kb's own private names, never a library's."""
    own = _defined_in_kb() | {"_floorbook_navigation"}   # kb's own mark on the builder
    own |= {"_replace", "_asdict", "_fields", "_make"}   # named tuples' public methods
    found = {f"{path.relative_to(HANDBOOK)}: {name}"
             for path in HANDBOOK.rglob("*.py") if path.name != "compat.py"
             for name in _private_attributes(path) - own}
    assert found == set()
