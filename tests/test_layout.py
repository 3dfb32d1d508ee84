"""The package layout the docstrings promise: which package may import which."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SOLVER = Path(__file__).resolve().parents[1] / "solver"

# package -> the packages of `solver` it may import (itself always allowed)
ALLOWED = {
    "core": set(),
    "counting": {"core"},
    "solo": {"core", "counting"},
    "decks": {"core", "counting", "solo"},
    "table": {"core", "counting"},
    "game": {"core", "counting", "table", "cardgames"},  # cardgames: the OpenSpiel wrappers (game.openspiel)
    "cardgames": {"core"},
    "tables": {"core", "counting", "decks", "table", "game"},  # decks: the cards a companion table entered
    "documents": {"core", "counting", "solo", "table", "game", "tables"},
    "web": {"core", "counting", "solo", "decks", "table", "documents", "tables"},
    "commands": {"core", "counting", "solo", "decks", "table", "cardgames", "web", "documents", "game", "tables"},
}


def _solver_imports(path: Path) -> set[str]:
    """The top-level `solver` packages a module imports."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            parts = node.module.split(".")
            if parts[0] == "solver":
                found.update([parts[1]] if len(parts) > 1 else [alias.name for alias in node.names])
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[0] == "solver" and len(parts) > 1:
                    found.add(parts[1])
    return found


@pytest.mark.parametrize("package", sorted(ALLOWED))
def test_package_imports_only_what_its_docstring_allows(package: str) -> None:
    for path in sorted((SOLVER / package).rglob("*.py")):
        wrong = _solver_imports(path) - ALLOWED[package] - {package}
        assert not wrong, f"{path.relative_to(SOLVER)} imports {sorted(wrong)}"


def test_every_module_lives_in_a_package() -> None:
    top_level = sorted(p.name for p in SOLVER.glob("*.py"))
    assert top_level == ["__init__.py", "cli.py"]
    assert {p.name for p in SOLVER.iterdir() if p.is_dir() and not p.name.startswith("_")} == set(ALLOWED)


def test_every_package_says_what_lives_there() -> None:
    for init in SOLVER.rglob("__init__.py"):
        assert ast.get_docstring(ast.parse(init.read_text())), f"{init} has no docstring"


MUTATORS = {"append", "extend", "insert", "remove", "pop", "clear", "update", "add", "discard", "setdefault"}


def _by_hand(node: ast.AST) -> bool:
    """Whether `node` changes a library object itself instead of calling the library."""
    if isinstance(node, ast.Attribute):  # state.push_unchecked, state._pop_unchecked
        return node.attr == "push_unchecked" or (node.attr.startswith("_") and not node.attr.startswith("__"))
    if isinstance(node, ast.Call):  # Move(...), state.history.append(...)
        func = node.func
        return (isinstance(func, ast.Name) and func.id == "Move") or (
            isinstance(func, ast.Attribute) and func.attr in MUTATORS and isinstance(func.value, ast.Attribute))
    if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign):  # state.finished = ..., state.scores[p] += ...
        for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
            while isinstance(target, ast.Subscript):
                target = target.value
            if isinstance(target, ast.Attribute):
                return True
    return False


def _changes_by_hand(tree: ast.AST) -> list[str]:
    return [ast.unparse(node) for node in ast.walk(tree) if _by_hand(node)]


def test_commands_change_a_game_state_only_through_checked_library_calls() -> None:
    for path in sorted((SOLVER / "commands").glob("*.py")):
        wrong = _changes_by_hand(ast.parse(path.read_text()))
        assert not wrong, f"{path.relative_to(SOLVER)} changes library objects by hand: {wrong}"


def _annotation_only_imports(tree: ast.Module) -> list[str]:
    """Names imported from `solver` (outside `if TYPE_CHECKING:`) that are used in annotations only."""
    checking = {id(node) for block in ast.walk(tree) if isinstance(block, ast.If)
                and ast.unparse(block.test) == "TYPE_CHECKING" for node in ast.walk(block)}
    imported = {alias.asname or alias.name for node in ast.walk(tree)
                if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("solver")
                and id(node) not in checking for alias in node.names}
    annotations = [node.annotation for node in ast.walk(tree) if isinstance(node, ast.arg | ast.AnnAssign)
                   and node.annotation is not None]
    annotations += [node.returns for node in ast.walk(tree)
                    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.returns is not None]
    in_annotations = {id(name) for annotation in annotations for name in ast.walk(annotation)}
    used = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name) and id(node) not in in_annotations}
    used |= {node.value.id for node in ast.walk(tree) if isinstance(node, ast.Attribute)
             and isinstance(node.value, ast.Name) and id(node) not in in_annotations}
    return sorted(imported - used - {"annotations"})


def test_commands_import_types_for_annotations_only_under_type_checking() -> None:
    for path in sorted((SOLVER / "commands").glob("*.py")):
        wrong = _annotation_only_imports(ast.parse(path.read_text()))
        assert not wrong, f"{path.relative_to(SOLVER)} imports {wrong} for annotations only: use TYPE_CHECKING"
