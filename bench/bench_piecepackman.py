"""Piecepackman benchmark: Piecepackman turns per second on each level, path search on a 40x40 maze."""

from __future__ import annotations

import random
import time

from ppprint.engine.base import CHANCE
from ppprint.games.piecepackman.engine import GAME, Roll
from ppprint.geometry.walls import WallMaze
from ppprint.games.piecepackman.maze.level import daedalus_walls, get_level, shipped_level_ids
from ppprint.games.piecepackman.maze.paths import allowed_paths

TURNS = 200
SEARCHES = 20


def _turns_per_second(level_id: str, seed: int = 0) -> float:
    """Random games on a level; count Piecepackman's turns (his roll plus his whole move)."""
    rng = random.Random(seed)
    state = GAME.start_of(get_level(level_id), seed)
    turns, spent = 0, 0.0
    while turns < TURNS:
        if state.is_over():
            state = GAME.start_of(get_level(level_id), rng.randrange(1 << 30))
        if state.current_player == CHANCE:
            outcomes = state.chance_outcomes()
            move = rng.choices([m for m, _ in outcomes], weights=[p for _, p in outcomes])[0]
        else:
            move = rng.choice(state.legal_moves())
        timed = isinstance(move, Roll)
        began = time.process_time()
        state.apply(move)
        if timed:
            spent += time.process_time() - began
            turns += 1
    return turns / spent


def maze_40(seed: int = 1) -> WallMaze:
    """A 40x40 Daedalus maze (one-wide corridors, no dead ends)."""
    cells = frozenset((x, y) for x in range(40) for y in range(40))
    walls = daedalus_walls(cells, {}, 500, 400, random.Random(seed))
    if walls is None:
        raise RuntimeError("the 40x40 benchmark maze could not be built")
    return WallMaze(cells, walls)


def run() -> dict[str, float]:
    """Timings: Piecepackman turns/s per shipped level and milliseconds per 40x40 path search."""
    results = {f"piecepackman_turns_per_s[{level}]": _turns_per_second(level) for level in shipped_level_ids()}
    maze = maze_40()
    rng = random.Random(2)
    cells = sorted(maze.cells)
    began = time.process_time()
    for _ in range(SEARCHES):
        start, goal = rng.sample(cells, 2)
        allowed_paths(maze, start, rng.randrange(4), [goal])
    results["path_search_40x40_ms"] = (time.process_time() - began) / SEARCHES * 1000
    return results
