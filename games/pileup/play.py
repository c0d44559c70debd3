# SPDX-License-Identifier: MIT
"""Simulated play of Pile Up (see :mod:`ppprint.play.hooks`): forced captures, and an evaluation for greedy play."""

from __future__ import annotations

from typing import Any

from ppprint.api import State

from .engine import PileUpState

FORCED = "forced captures"


def forced(state: State[Any]) -> bool:
    """Captures are forced: the player to move has one (so every legal turn is a capture)."""
    assert isinstance(state, PileUpState)
    return state.captures_available()


def evaluate(state: State[Any], player: int) -> float:
    """The mover's lead in stack points (what decides the game), scaled: 40 points ahead is a sure win."""
    assert isinstance(state, PileUpState)
    black, white = state.scores()
    lead = black - white if player == 0 else white - black
    return max(-1.0, min(1.0, lead / 40))
