"""The package's rooms and the one-way order of their imports (docs/dev/architecture.md).

Every ``import kb...`` in every module, at the top or inside a function, is an edge; the
rooms are ordered files < knowledge < hand < rules < fairness < house < decisions < handbook
< the doors (cli, pytest_plugin, __main__), and an import may only point down or within its room.  The
architecture page's picture is checked against the same edges, so it cannot go stale.

The handbook is a package of rooms too (kb/handbook/*/): its own picture on that page is
checked the same way, and its rooms import one way (no two import each other, even
through different modules).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import networkx as nx

KB = Path(__file__).resolve().parent.parent / "kb"
ARCHITECTURE = KB.parent / "docs" / "dev" / "architecture.md"

#: Rooms from the bottom up; a module may import only from its own room or one below.
ORDER = ("files", "knowledge", "hand", "rules", "fairness", "house", "decisions", "handbook",
         "doors")
DOORS = {"kb.cli", "kb.pytest_plugin", "kb.__main__"}
#: The command line is a door in modules of its own (kb.cli.knowledge, kb.cli.house ...).
DOOR_PACKAGES = ("kb.cli.",)


def _module_name(path: Path) -> str:
    parts = path.relative_to(KB.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """The kb modules ``path`` imports (``from kb.x import y`` counts kb.x.y if it is a
    module, else kb.x)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("kb"))
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("kb"):
            for alias in node.names:
                sub = f"{node.module}.{alias.name}"
                found.add(sub if sub in MODULES else node.module)
    return found


MODULES = {_module_name(p): p for p in KB.rglob("*.py")}


def room(module: str) -> str:
    """The room of ``module``: its first package under kb, ``doors``, or ``files`` (kb
    itself, whose ``DATA`` every room may use, and kb.files)."""
    if module in DOORS or module.startswith(DOOR_PACKAGES):
        return "doors"
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in ORDER else "files"


def module_graph() -> nx.DiGraph:
    graph = nx.DiGraph()
    for name, path in MODULES.items():
        graph.add_node(name)
        graph.add_edges_from((name, target) for target in _imports(path)
                             if target in MODULES and target != name)
    return graph


def test_every_module_is_in_a_known_room():
    rooms = {room(m) for m in MODULES}
    assert rooms == set(ORDER)


def test_imports_run_one_way_down_the_rooms():
    graph = module_graph()
    upward = [(a, b) for a, b in graph.edges if ORDER.index(room(a)) < ORDER.index(room(b))]
    assert upward == []


def test_no_two_modules_import_each_other_directly_or_in_a_ring():
    cycles = list(nx.simple_cycles(module_graph()))
    assert cycles == []


def test_no_module_is_over_400_lines():
    long = {m: n for m, p in MODULES.items()
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 400}
    assert long == {}


def test_the_architecture_picture_draws_exactly_the_rooms_arrows():
    graph = module_graph()
    actual = {(room(a), room(b)) for a, b in graph.edges if room(a) != room(b)}
    text = ARCHITECTURE.read_text(encoding="utf-8")
    block = text.split("```{graphviz}", 1)[1].split("```", 1)[0]
    drawn = set(re.findall(r"^\s*(\w+)\s*->\s*(\w+)", block, flags=re.MULTILINE))
    assert drawn == actual, (f"add {sorted(actual - drawn)}, remove {sorted(drawn - actual)} "
                             "in docs/dev/architecture.md")


def handbook_room(module: str) -> str | None:
    """The handbook room of ``module`` (its package under kb/handbook), ``setup`` for
    kb/handbook/__init__.py (the extension, which registers them all), None outside."""
    parts = module.split(".")
    if parts[:2] != ["kb", "handbook"]:
        return None
    return parts[2] if len(parts) > 2 else "setup"


def _drawn(name: str) -> set[tuple[str, str]]:
    """The arrows of the picture ``digraph <name>`` on the architecture page."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    blocks = [b.split("```", 1)[0] for b in text.split("```{graphviz}")[1:]]
    block = next(b for b in blocks if re.search(rf"digraph {name}\b", b))
    return set(re.findall(r"^\s*(\w+)\s*->\s*(\w+)", block, flags=re.MULTILINE))


def _handbook_arrows() -> set[tuple[str, str]]:
    arrows = set()
    for a, b in module_graph().edges:
        ra, rb = handbook_room(a), handbook_room(b)
        if ra and rb and ra != rb:
            arrows.add((ra, rb))
    return arrows


def test_every_handbook_module_is_in_a_room_of_the_handbook():
    assert {m for m in MODULES if handbook_room(m) == "setup"} == {"kb.handbook"}


def test_the_handbook_rooms_import_one_way():
    rooms = nx.DiGraph(_handbook_arrows())
    assert list(nx.simple_cycles(rooms)) == []


def test_the_architecture_picture_draws_exactly_the_handbook_rooms_arrows():
    actual, drawn = _handbook_arrows(), _drawn("handbook")
    assert drawn == actual, (f"add {sorted(actual - drawn)}, remove {sorted(drawn - actual)} "
                             "in the handbook's picture in docs/dev/architecture.md")


def test_the_public_api_is_importable_from_kb_itself():
    import kb
    from kb import load_knowledge_base, rule  # noqa: F401  (importable is the test)

    for name in kb.__all__:
        assert getattr(kb, name) is not None, name
