# SPDX-License-Identifier: MIT
"""Simulated play of Piecepackman (see :mod:`ppprint.play.hooks`): levels and ghosts to compare, and simple ghosts.

Piecepackman moves on his own (the engine plays him from his dice); the players
are the ghosts, who win or lose together. The report compares every shipped
level with four ghosts (one, two or four players share them) and with three
(three players: the fourth colour's cubes are wild), each played by the
``ghosts`` agent: a Dangerous ghost heads for Piecepackman, a Vulnerable one
keeps away from him, and either picks up its own cubes on the way.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ppprint.api import Agent, State, Variant

from .engine import GAME, Order, PiecepackmanGame, PiecepackmanState, Walk
from .maze.level import get_level, shipped_level_ids

COOPERATIVE = True
THREE_GHOSTS = ("suns", "moons", "crowns")
"""The ghosts of the three-player game in the report (the Arms' cubes are wild)."""


def evaluate(state: State[Any], player: int) -> float:
    """The ghosts' prospects: their share of the cubes against Piecepackman's, and the lives he has lost."""
    assert isinstance(state, PiecepackmanState)
    total = max(1, state.total)
    cubes = (sum(state.gstash) - sum(state.pstash)) / total
    return max(-1.0, min(1.0, cubes + 0.15 * (3 - state.lives)))


def _start(game: PiecepackmanGame, level_id: str) -> Callable[[random.Random], State[Any]]:
    def start(rng: random.Random) -> State[Any]:
        return game.start_of(get_level(level_id), rng.randrange(1 << 30))

    return start


def variants() -> list[Variant]:
    """Every shipped level with four ghosts and with three."""
    three = PiecepackmanGame(THREE_GHOSTS)
    found = []
    for level_id in shipped_level_ids():
        for game, ghosts, words, bar in ((GAME, 4, "4 ghosts", "4 ghosts"), (three, 3, "3 ghosts, wild cubes", "3 ghosts")):
            found.append(
                Variant(
                    name=f"level={level_id} ghosts={ghosts}",
                    game=game,
                    group="Levels and ghosts",
                    label=f"{level_id}, {words}",
                    start=_start(game, level_id),
                    agents=("ghosts",),
                    params={"level": level_id, "ghosts": ghosts},
                    bar=bar,
                    bar_group=level_id,
                )
            )
    return found


class GhostAgent:
    """A simple ghost: Dangerous, it closes in on Piecepackman (and attacks when it can reach him); Vulnerable,
    it keeps away from him; either way it prefers walks that pick up its own cubes. Orders of movement: the
    Dangerous ghosts first, nearest first."""

    name = "ghosts"

    def choose(self, state: State[Any], rng: random.Random) -> Any:
        assert isinstance(state, PiecepackmanState)
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        distance = _distances(state)
        far = len(distance) + 1
        if isinstance(moves[0], Order):
            def urgency(ghost: int) -> tuple[int, int]:
                return (0 if not state.vulnerable(ghost) else 1, distance.get(state.gpos[ghost], far))

            wanted = tuple(sorted(moves[0].suits, key=urgency))
            return next(m for m in moves if isinstance(m, Order) and m.suits == wanted)
        best: list[Any] = []
        best_score = -1e9
        for move in moves:
            if not isinstance(move, Walk):
                score = 0.0
            else:
                ghost = move.ghost
                dangerous = not state.vulnerable(ghost)
                end = move.cells[-1]
                cubes = sum(1 for c in move.cells[1:] if state.cubes.get(c, -1) in (ghost, state.wild))
                away = distance.get(end, far)
                if end == state.ppm:
                    score = 100.0 if dangerous else -100.0
                else:
                    score = (-away if dangerous else away) + 2.0 * cubes
            if score > best_score:
                best, best_score = [move], score
            elif score == best_score:
                best.append(move)
        return best[0] if len(best) == 1 else rng.choice(best)


def _distances(state: PiecepackmanState) -> dict[int, int]:
    """Steps from Piecepackman's square to every square (walls and portals as the maze has them)."""
    table = state.maze.step_table
    distance = {state.ppm: 0}
    frontier = [state.ppm]
    while frontier:
        following = []
        for cell in frontier:
            for d in range(4):
                nxt = table[4 * cell + d]
                if nxt >= 0 and nxt not in distance:
                    distance[nxt] = distance[cell] + 1
                    following.append(nxt)
        frontier = following
    return distance


def agents() -> dict[str, Callable[[str | None], Agent]]:
    """The game's own agents: ``ghosts``."""
    return {"ghosts": lambda option: GhostAgent()}

