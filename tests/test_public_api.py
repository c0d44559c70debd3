"""A game imports only ``ppprint.api``: the bundled games and the ``ppprint new`` game are held to it,
and every public name loads."""

from __future__ import annotations

import ast
import shutil
from pathlib import Path

import pytest

import ppprint.api
from ppprint.scaffold import create_game

GAMES = Path(__file__).resolve().parent.parent / "games"
TEST_GAMES = Path(__file__).resolve().parent / "games"
"""Games that only the tests load (the graph-board game), held to the same rule."""


def internal_imports(path: Path) -> list[str]:
    """Each import of a ppprint module other than ``ppprint.api`` in a Python file, as 'file:line: module'."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            modules = [f"ppprint.{alias.name}" for alias in node.names] if node.module == "ppprint" else [node.module]
        else:
            continue
        found += [(node.lineno, f"{path}:{node.lineno}: {m}") for m in modules if m.split(".")[0] == "ppprint" and m != "ppprint.api"]
    return [text for _, text in sorted(found)]


def folder_imports(folder: Path) -> list[str]:
    """The internal imports of every Python file of a game folder."""
    return [line for path in sorted(folder.rglob("*.py")) for line in internal_imports(path)]


def test_the_bundled_games_import_only_the_public_api() -> None:
    assert len(list(GAMES.rglob("*.py"))) > 20
    assert folder_imports(GAMES) == []


def test_the_test_games_and_the_docs_import_only_the_public_api() -> None:
    assert len(list(TEST_GAMES.rglob("*.py"))) >= 3
    assert folder_imports(TEST_GAMES) == []
    docs = Path(__file__).resolve().parent.parent / "docs"
    for guide in sorted(docs.glob("*.md")):
        for number, block in enumerate(guide.read_text(encoding="utf-8").split("```python")[1:]):
            code = block.split("```")[0]
            tree = ast.parse(code)
            imported = [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module and n.module.startswith("ppprint")]
            assert set(imported) <= {"ppprint.api"}, f"{guide.name}, python block {number + 1}: {imported}"


@pytest.mark.parametrize("engine", [True, False])
def test_a_new_game_imports_only_the_public_api(tmp_path: Path, engine: bool) -> None:
    folder = create_game(tmp_path, "my-game", engine=engine)
    assert len(list(folder.rglob("*.py"))) == (2 if engine else 0)
    assert folder_imports(folder) == []


def test_an_internal_import_in_a_game_is_found(tmp_path: Path) -> None:
    """A copy of a bundled game with one internal import planted in it fails the check."""
    copy = tmp_path / "expansion"
    shutil.copytree(GAMES / "expansion", copy, ignore=shutil.ignore_patterns("__pycache__"))
    assert folder_imports(copy) == []
    with (copy / "play.py").open("a", encoding="utf-8") as play:
        play.write("\nfrom ppprint.registry import get_game\n")
    line = (copy / "play.py").read_text(encoding="utf-8").count("\n")
    assert folder_imports(copy) == [f"{copy / 'play.py'}:{line}: ppprint.registry"]


def test_every_kind_of_internal_import_is_found(tmp_path: Path) -> None:
    planted = tmp_path / "engine.py"
    planted.write_text(
        "from ppprint.api import Game\n"
        "import ppprint.api\n"
        "from ppprint import api\n"
        "from .board import BOARD\n"
        "def f():\n"
        "    from ppprint.engine.base import State\n"
        "from ppprint import errors\n"
        "import ppprint.model.table as table\n"
    )
    assert internal_imports(planted) == [
        f"{planted}:6: ppprint.engine.base",
        f"{planted}:7: ppprint.errors",
        f"{planted}:8: ppprint.model.table",
    ]


def test_every_public_name_loads() -> None:
    assert ppprint.api.__all__ == sorted(ppprint.api._TABLE)
    for name in ppprint.api.__all__:
        module, attribute = ppprint.api._TABLE[name]
        assert getattr(ppprint.api, name) is getattr(__import__(module, fromlist=[attribute]), attribute), name
    assert set(ppprint.api.__all__) <= set(dir(ppprint.api))


def test_mypy_sees_the_names_that_load() -> None:
    """The imports under ``if TYPE_CHECKING:`` (what mypy reads) are the table the names load from."""
    tree = ast.parse(Path(ppprint.api.__file__).read_text(encoding="utf-8"))
    guarded = next(node for node in tree.body if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING")
    imported = {
        alias.asname or alias.name: (node.module, alias.name)
        for node in guarded.body
        if isinstance(node, ast.ImportFrom) and node.module
        for alias in node.names
    }
    assert imported == ppprint.api._TABLE


def test_a_name_not_in_the_api_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="has no attribute 'evalute'"):
        ppprint.api.evalute  # type: ignore[attr-defined]  # noqa: B018
    assert not hasattr(ppprint.api, "Plugin")
