"""The names ppprint reads from a game's modules are checked when each loads: a likely misspelling
and a name of the wrong kind are refused at their file and line; a game's own helpers are left alone."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from ppprint.errors import InputError
from ppprint.registry import FOLDER_PACKAGE, GAME_MODULES, READ_NAMES, Plugin, Registry, check_module_names
from ppprint.scaffold import create_game
from tests.conftest import BUNDLED_GAMES, run_cli

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = f"{FOLDER_PACKAGE}.my_game"


def new_game(tmp_path: Path) -> Plugin:
    """A new game, imported afresh (every test's game has one id, so one package name)."""
    for name in [m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + ".")]:
        del sys.modules[name]
    create_game(tmp_path, "my-game")
    return Registry(folders=[tmp_path], bundled=False).get("my-game")


def refusal(plugin: Plugin, module: str, text: str) -> str:
    plugin.module_path(module).write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as caught:
        plugin.module(module)
    return caught.value.one_line()


def test_a_misspelt_hook_is_refused_at_its_line(tmp_path: Path) -> None:
    """``evalute`` used to be ignored: the report played greedy agents with no evaluation."""
    plugin = new_game(tmp_path)
    line = refusal(plugin, "play", "from ppprint.api import State\n\n\ndef evalute(state: State, player: int) -> float:\n    return 0.0\n")
    assert line.endswith(
        "play.py:4: 'evalute' is not a name ppprint reads from play.py; did you mean 'evaluate'?"
        " (it reads: evaluate, variants, agents, forced, FORCED, COOPERATIVE, MAX_PLIES, DEFAULT_AGENTS, SELF_PLAY)"
    )


def test_the_command_line_prints_it_in_one_line(tmp_path: Path) -> None:
    plugin = new_game(tmp_path)
    plugin.module_path("pnp").write_text("from pydantic import BaseModel\n\n\nclass Option(BaseModel):\n    size: int = 4\n")
    result = run_cli("--games", ".", "pnp", "my-game", "--out", "out", cwd=tmp_path)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines() == [
        "error: my-game/pnp.py:4: 'Option' is not a name ppprint reads from pnp.py; did you mean 'Options'?"
        " (it reads: add_sections, extra_sections, Options, equipment)"
    ]


@pytest.mark.parametrize(
    ("module", "name", "refused"),
    [
        ("play", "evalute", "evaluate"),
        ("play", "varaints", "variants"),
        ("play", "agent", "agents"),
        ("play", "max_plies", "MAX_PLIES"),
        ("engine", "Game", "GAME"),
        ("view", "view", "VIEW"),
        ("book", "contexts", "context"),
        ("pnp", "extra_section", "extra_sections"),
        ("engine", "NAME", None),  # one edit from GAME, but a short name counts only by case
        ("commands", "map", None),
        ("play", "agent_for", None),
        ("play", "evaluation", None),
        ("play", "_evalute", None),  # private
    ],
)
def test_which_names_are_taken_for_misspellings(tmp_path: Path, module: str, name: str, refused: str | None) -> None:
    path = tmp_path / f"{module}.py"
    path.write_text(f"import os\n{name} = 1\n")
    if refused is None:
        check_module_names(module, object(), path)  # type: ignore[arg-type]
    else:
        with pytest.raises(InputError, match=f":2: '{name}' is not a name .* did you mean '{refused}'"):
            check_module_names(module, object(), path)  # type: ignore[arg-type]


def test_an_imported_name_is_not_taken_for_a_misspelling(tmp_path: Path) -> None:
    path = tmp_path / "play.py"
    path.write_text("from .engine import agent\n")
    check_module_names("play", object(), path)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("module", "text", "problem"),
    [
        ("play", "evaluate = 0.5\n", "play.py:1: evaluate is float (0.5), not a function"),
        ("play", "import os\nMAX_PLIES = '100'\n", "play.py:2: MAX_PLIES is str ('100'), not a whole number above 0"),
        ("play", "COOPERATIVE = 1\n", "play.py:1: COOPERATIVE is int (1), not true or false"),
        ("pnp", "Options = dict\n", "pnp.py:1: Options is type (<class 'dict'>), not a pydantic model class"),
        ("commands", "app = print\n", "commands.py:1: app is builtin_function_or_method (<built-in function print>), not a typer app"),
        ("book", "context = {'a': 1}\n", "book.py:1: context is dict ({'a': 1}), not a function"),
        ("engine", "import random\n\nGAME = random.Random(1)\n", "engine.py:3: GAME is Random (<random.Random object at"),
        ("view", "VIEW = 'board'\n", "view.py:1: VIEW is str ('board'), not a view (a ppprint.api.GameView)"),
    ],
)
def test_a_name_of_the_wrong_kind_is_refused_at_its_line(tmp_path: Path, module: str, text: str, problem: str) -> None:
    assert problem in refusal(new_game(tmp_path), module, text)


def test_every_module_of_the_bundled_and_a_new_game_passes(tmp_path: Path) -> None:
    new_game(tmp_path)
    plugins = Registry(folders=[tmp_path], bundled=True).plugins()
    assert {p.folder.parent for p in plugins} == {BUNDLED_GAMES, tmp_path}
    for plugin in plugins:
        for module in GAME_MODULES:
            plugin.module(module)


def test_every_name_ppprint_reads_is_declared() -> None:
    """``hook(module, name)`` and ``_defined(module, name)`` read only the names of :data:`READ_NAMES`."""
    calls = re.compile(r"""(?:hook|_defined)\(\s*"(\w+)",\s*"(\w+)"\)""")
    read = {m.groups() for path in (ROOT / "ppprint").rglob("*.py") for m in calls.finditer(path.read_text(encoding="utf-8"))}
    assert len(read) > 10
    assert {(module, name) for module, name in read if name not in READ_NAMES.get(module, ())} == set()
    assert read == {(module, name) for module, names in READ_NAMES.items() for name in names}


def test_a_module_imported_afresh_is_checked_again(tmp_path: Path) -> None:
    """As ``ppprint serve`` imports a changed module afresh, a slip saved meanwhile is found."""
    plugin = new_game(tmp_path)
    plugin.module_path("book").write_text("def context() -> dict[str, int]:\n    return {}\n")
    assert plugin.module("book") is not None
    del sys.modules[f"{PACKAGE}.book"]
    assert refusal(plugin, "book", "import os\n\n\ndef contex() -> dict[str, int]:\n    return {}\n").endswith(
        "book.py:4: 'contex' is not a name ppprint reads from book.py; did you mean 'context'? (it reads: context)"
    )
