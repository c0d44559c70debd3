# SPDX-License-Identifier: MIT
"""Simulated play of Expansion (see :mod:`ppprint.play.hooks`): an evaluation for greedy play and MCTS."""

from __future__ import annotations

from typing import Any

from ppprint.api import State

from .engine import CENTRE_TILE, ExpansionState


def evaluate(state: State[Any], player: int) -> float:
    """The player's lead in tiles (five win), the centre tile counting a little more (it breaks ties)."""
    assert isinstance(state, ExpansionState)
    mine, theirs = state.tiles.count(player), state.tiles.count(1 - player)
    centre = state.tiles[CENTRE_TILE]
    bonus = 0.5 if centre == player else -0.5 if centre == 1 - player else 0.0
    return max(-1.0, min(1.0, (mine - theirs + bonus) / 4))
