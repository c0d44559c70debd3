"""The layers of ``ppprint/``, read from its source: nothing imports upward, nothing imports in a circle.

Every import counts, lazy ones (inside a function) included; only imports under ``if TYPE_CHECKING:``
are left out, since they never run. The layers, lowest first, are :data:`LAYERS`: a module may import
its own layer's modules and those of the layers below it, and no module may reach itself through imports.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from typing import get_args

import ppprint

ROOT = Path(ppprint.__file__).parent
LAYERS: tuple[frozenset[str], ...] = (
    frozenset({"errors"}),
    frozenset({"output", "geometry", "model", "config"}),
    frozenset({"engine", "layout"}),
    frozenset({"check"}),
    frozenset({"registry"}),
    frozenset({"verify", "notation", "scaffold"}),
    frozenset({"render"}),
    frozenset({"document"}),
    frozenset({"play"}),
    frozenset({"book", "web"}),
    frozenset({"api"}),
    frozenset({"build"}),
    frozenset({"cli", "__main__", "clidoc"}),
)
"""Each top-level package or module of ``ppprint/`` in its layer: the model and ``ppprint.toml``'s settings, the engine and layout, the
engine's contract checks, the registry of games, checking, drawing, the format-neutral book, simulated play (whose report is a book:
it imports no printer, so it sits below the formats), the formats, the public API that game folders import
(it re-exports names from every layer below it), the build above them (which prints the report), and the
command line."""
RANK = {unit: rank for rank, layer in enumerate(LAYERS) for unit in layer}
INSTALLED_INSIDE = ("games", "templates")
"""Folders an installed wheel puts inside ``ppprint/`` (pyproject.toml's package-dir maps the project's
top-level games/ and templates/ there): the bundled games and the scaffold, not layers of ppprint."""


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(source: str, modules: set[str]) -> Iterator[tuple[str, int]]:
    """The ppprint modules a source imports (a name imported from a package counts as its module if it is one), with the line."""
    tree = ast.parse(source)
    guarded = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test) for n in ast.walk(node)}
    for node in ast.walk(tree):
        if id(node) in guarded:
            continue
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names = [f"{node.module}.{alias.name}" if f"{node.module}.{alias.name}" in modules else node.module for alias in node.names]
        else:
            continue
        for name in names:
            if name.split(".")[0] == "ppprint":
                yield name, node.lineno


def graph(root: Path = ROOT) -> dict[str, dict[str, int]]:
    """Each module of the package at ``root``: the modules it imports, each with the line of its first import."""
    paths = {module_name(path, root): path for path in sorted(root.rglob("*.py")) if path.relative_to(root).parts[0] not in INSTALLED_INSIDE}
    edges: dict[str, dict[str, int]] = {}
    for name, path in paths.items():
        found = edges.setdefault(name, {})
        for target, line in imports(path.read_text(encoding="utf-8"), set(paths)):
            while target not in paths and "." in target:
                target = target.rsplit(".", 1)[0]
            if target != name and target in paths:
                found.setdefault(target, line)
    return edges


def cycles(edges: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in edges.get(node, {}):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def unit(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def upward(edges: dict[str, dict[str, int]]) -> list[str]:
    """Every import of a higher layer, as 'module:line imports module'."""
    found = []
    for module, targets in sorted(edges.items()):
        for target, line in targets.items():
            source_unit, target_unit = unit(module), unit(target)
            if source_unit == "__init__" or target_unit == "__init__":
                continue
            if RANK[target_unit] > RANK[source_unit]:
                found.append(f"{module}:{line} imports {target}")
    return found


def test_every_package_of_ppprint_has_a_layer() -> None:
    units = {unit(module) for module in graph()} - {"__init__"}
    assert units == set(RANK), f"not in LAYERS: {sorted(units - set(RANK))}; gone: {sorted(set(RANK) - units)}"


def test_nothing_imports_upward() -> None:
    assert upward(graph()) == []


def test_no_module_is_in_an_import_cycle() -> None:
    assert cycles(graph()) == []


def test_the_public_api_loads_only_from_below_it() -> None:
    """``ppprint.api`` imports each name's module on first use, by name: the modules it names sit below it."""
    from ppprint.api import _TABLE

    assert sorted({module for module, _ in _TABLE.values() if RANK[unit(module)] >= RANK["api"]}) == []


def test_the_checks_catch_a_cycle_and_an_upward_import(tmp_path: Path) -> None:
    package = tmp_path / "ppprint"
    (package / "model").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "model" / "__init__.py").write_text("")
    (package / "model" / "a.py").write_text("def f():\n    from ppprint.model import b  # lazy\n")
    (package / "model" / "b.py").write_text("from ppprint.model.a import f\n")
    (package / "errors.py").write_text("def g():\n    from ppprint.model.a import f\n")
    edges = graph(package)
    assert cycles(edges) == [["ppprint.model.a", "ppprint.model.b"]]
    assert upward(edges) == ["ppprint.errors:2 imports ppprint.model.a"]
    (package / "model" / "types.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ppprint.build import jobs\n")
    assert upward(graph(package)) == ["ppprint.errors:2 imports ppprint.model.a"]  # an import that never runs is not counted


def test_the_command_line_offers_every_format_of_the_registry() -> None:
    """``build --format`` and ppprint.toml's build.formats list their choices without loading the registry (for a fast ``--help``): they must agree."""
    from ppprint.build.formats import FORMATS
    from ppprint.cli import BookFormat
    from ppprint.config import BuildSettings

    assert [choice.value for choice in BookFormat] == list(FORMATS)
    assert list(get_args(get_args(BuildSettings.model_fields["formats"].annotation)[0])) == list(FORMATS)
