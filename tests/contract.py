"""The games every contract test runs on: the bundled ones and a game freshly written by ``ppprint new``."""

from __future__ import annotations

import tempfile
from functools import cache
from pathlib import Path

from ppprint.registry import Plugin, Registry, registry
from ppprint.scaffold import create_game

SCAFFOLD = "scaffold-game"
"""The id of the game ``ppprint new`` writes for the contract suites."""


@cache
def _registry() -> Registry:
    folder = Path(tempfile.mkdtemp(prefix="ppprint-contract-"))
    create_game(folder, SCAFFOLD)
    return Registry(folders=[folder])


def contract_ids() -> list[str]:
    """Every bundled game, then the scaffolded one."""
    return [*registry().ids(), SCAFFOLD]


def contract_game(game_id: str) -> Plugin:
    """A game of the contract suites by id."""
    return _registry().get(game_id)


def scaffold_folder() -> Path:
    """The folder of the scaffolded game (read-only: copy it to break it)."""
    return _registry().get(SCAFFOLD).folder
