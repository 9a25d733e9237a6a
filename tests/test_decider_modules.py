"""The deciders' modules are typed, and share helpers only through modules of public
helpers (issue 20).

Every registered decider, those a factory makes included, is annotated
``(case: Case) -> Decision | None`` with the real types (mypy's ``disallow_untyped_defs``
holds the rest of the package's functions to annotations, pyproject.toml).

A module that registers deciders (calls :func:`kb.rules.deciders.decides`) may take from
another such module only its deciders (the WSOP books rule with the TDA's and Robert's
Rules' deciders); every other helper that two modules use lives in a module that registers
nothing (``helpers_deal``, ``helpers_board``, ``helpers_games``, ``end_of_hand``), under a
public name.
"""

from __future__ import annotations

import ast
import typing
from pathlib import Path

from kb.rules.deciders import load_deciders
from kb.rules.remedies import Decision
from kb.rules.situation import Case

DECIDERS = Path(__file__).resolve().parent.parent / "kb" / "rules" / "deciders"
PACKAGE = "kb.rules.deciders"


def _tree(name: str) -> ast.Module:
    return ast.parse((DECIDERS / f"{name}.py").read_text(encoding="utf-8"))


def _registers(tree: ast.Module) -> bool:
    """Whether the module calls ``decides`` (as a decorator or directly)."""
    return any(isinstance(node, ast.Call) and getattr(node.func, "id", "") == "decides"
               for node in ast.walk(tree))


def _borrowed() -> list[tuple[str, str, str]]:
    """(importing module, module imported from, name) for every name a module of the
    package imports from another of its modules."""
    found = []
    for path in sorted(DECIDERS.glob("*.py")):
        for node in ast.walk(_tree(path.stem)):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(PACKAGE + "."):
                source = node.module.removeprefix(PACKAGE + ".")
                found += [(path.stem, source, alias.name) for alias in node.names]
    return found


def test_no_private_name_crosses_a_module():
    private = [f"{user} imports {name} from {source}" for user, source, name in _borrowed()
               if name.startswith("_")]
    assert private == []


def test_decider_modules_lend_only_their_deciders():
    deciders = {f.__name__ for f in load_deciders().values()}
    lent = [f"{user} imports {name} from {source}" for user, source, name in _borrowed()
            if _registers(_tree(source)) and name not in deciders]
    assert lent == []



def test_every_decider_is_typed():
    deciders = load_deciders()
    assert len(deciders) > 100
    untyped = sorted(f"{pid}: {decider.__name__} {typing.get_type_hints(decider)}"
                     for pid, decider in deciders.items()
                     if typing.get_type_hints(decider) != {"case": Case,
                                                           "return": Decision | None})
    assert untyped == []
