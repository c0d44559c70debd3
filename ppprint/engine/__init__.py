"""Rules engines: one module per game, each exposing ``GAME``, an instance of :class:`Game`.

A game is found by its id, which is also its module name and its folder under
``games/``; adding a game adds a module here and nothing else in this package.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from ppprint.engine.base import CHANCE, LEGAL, TERMINAL, Game, State, Verdict

__all__ = ["CHANCE", "LEGAL", "TERMINAL", "Game", "State", "Verdict", "engine_ids", "get_engine"]

_NOT_GAMES = {"base"}


@cache
def engine_ids() -> tuple[str, ...]:
    """The ids of every game that has an engine module, sorted."""
    return tuple(
        sorted(
            info.name
            for info in pkgutil.iter_modules(__path__)
            if info.name not in _NOT_GAMES and not info.name.startswith("_")
        )
    )


@cache
def get_engine(game_id: str) -> Game:
    """The engine of a game; ``KeyError`` if there is none."""
    if game_id not in engine_ids():
        raise KeyError(game_id)
    module = importlib.import_module(f"ppprint.engine.{game_id}")
    return module.GAME
