"""The engine author's guide (docs/engine.md): its worked engine passes the contract, and it names every member.

The example is the code a designer copies, so it is run exactly as printed; a guide that
lists the contract by hand must grow with it, so every member of ``Game`` and ``State``
is looked for in it.
"""

from __future__ import annotations

import importlib.util
import inspect
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

from ppprint.check import ContractFailure, check_engine
from ppprint.engine.base import Game, State

GUIDE = Path(__file__).parent.parent / "docs" / "engine.md"
MARKER = "<!-- engine-example -->"


def example_code() -> str:
    """The fenced Python block after the guide's example marker."""
    text = GUIDE.read_text(encoding="utf-8")
    match = re.search(re.escape(MARKER) + r"\s*```python\n(.*?)```", text, re.S)
    assert match is not None, f"{GUIDE} has no python block after {MARKER}"
    return match.group(1)


def load(code: str, folder: Path, name: str) -> ModuleType:
    """``code`` imported as the module ``name`` from a file in ``folder``."""
    path = folder / f"{name}.py"
    path.write_text(code, encoding="utf-8")
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[name]
    return module


def test_the_worked_engine_keeps_the_contract(tmp_path: Path) -> None:
    game = load(example_code(), tmp_path, "guide_nim").GAME
    report = check_engine(game, playouts=10, seconds=30)
    assert report.playouts == 10 and report.ended == 10
    assert [m.text() for m in game.parse_position("pile=2 to_move=second").legal_moves()] == ["take1", "take2"]


@pytest.mark.parametrize(
    "fault",
    [
        ("for count in (1, 2, 3) if count <= self.pile", "for count in (1, 2) if count <= self.pile"),  # a move dropped
        ("if move.count > self.pile:", "if move.count > self.pile + 1:"),  # explain too lenient
        ("self.pile += move.count", "self.pile += 1"),  # undo wrong
    ],
    ids=["move-dropped", "explain-wrong", "undo-wrong"],
)
def test_the_check_catches_a_broken_copy_of_it(tmp_path: Path, fault: tuple[str, str]) -> None:
    code = example_code()
    assert fault[0] in code
    game = load(code.replace(fault[0], fault[1]), tmp_path, "guide_nim_broken").GAME
    with pytest.raises(ContractFailure):
        check_engine(game, playouts=10, seconds=30)


def contract_members() -> set[str]:
    """Every public method, property and declared attribute of ``Game`` and ``State``, plus the two
    methods an engine writes that start with an underscore."""
    names = {"_do", "_undo"}
    for cls in (Game, State):
        names |= {name for name, _ in inspect.getmembers(cls) if not name.startswith("_")}
        names |= {name for name in cls.__annotations__ if not name.startswith("_")}
    return names


def test_the_guide_names_every_member_of_the_contract() -> None:
    text = GUIDE.read_text(encoding="utf-8")
    named = set(re.findall(r"`([A-Za-z_]+)(?:\([^`]*\))?`", text)) | {
        part for group in re.findall(r"`([A-Za-z_, ]+)`", text) for part in re.split(r",\s*", group)
    }
    missing = sorted(contract_members() - named)
    assert not missing, f"docs/engine.md does not describe: {', '.join(missing)}"
