"""The engines' incremental move lists and Piecepackman's route search give what a fresh look gives.

The engines keep their legal moves up to date move by move (placements per vacant cell, single pieces,
minions in name order, walk trees); these tests hold every such list to the legal moves of the same position
rebuilt from its notation, along random games and back through undo, and Piecepackman's one-pass route search
to the reference Dijkstra search of ``maze/paths.py``.
"""

from __future__ import annotations

import random

import pytest

from ppprint.engine.base import CHANCE, TERMINAL, sample_chance
from ppprint.games.piecepackman.maze.level import get_level, shipped_level_ids
from ppprint.games.piecepackman.maze.paths import Distances, first_path, routes, routes_in, search
from ppprint.games.sanqi.engine import SanQi
from ppprint.geometry.walls import WallMaze, wall_edge
from ppprint.registry import get_game


def _texts(state):  # type: ignore[no-untyped-def]
    return [(type(m).__name__, m.text()) for m in state.legal_moves()]


@pytest.mark.parametrize("game_id", ["expansion", "pileup", "sanqi", "piecepackman"])
def test_move_lists_kept_move_by_move_match_the_position_read_afresh(game_id: str):
    engines = [get_game(game_id).require_engine()] + ([SanQi(5)] if game_id == "sanqi" else [])
    for game in engines:
        for seed in range(4):
            rng = random.Random(seed)
            state = game.initial_state(rng)
            start = _texts(state)
            plies = 0
            while state.current_player != TERMINAL and plies < 250:
                if plies % 7 == 0:
                    assert _texts(game.deserialise(state.serialise())) == _texts(state), (seed, plies)
                    copy = state.clone()
                    assert _texts(copy) == _texts(state)
                if state.current_player == CHANCE:
                    state.push(sample_chance(state.chance_outcomes(), rng))
                else:
                    state.push(rng.choice(state.legal_moves()))
                plies += 1
            while state.history:
                state.undo()
            assert _texts(state) == start


def test_routes_are_the_reference_searchs_paths():
    mazes = [get_level(level).maze for level in shipped_level_ids()]
    cells = frozenset((x, y) for x in range(12) for y in range(12))
    rng = random.Random(5)
    edges = [wall_edge((x, y), (x + dx, y + dy)) for x, y in cells for dx, dy in ((1, 0), (0, 1)) if (x + dx, y + dy) in cells]
    mazes.append(WallMaze(cells, frozenset(e for e in edges if rng.random() < 0.4)))
    read = 0
    for trial in range(500):
        maze = rng.choice(mazes)
        size = len(maze.order)
        start, facing = rng.randrange(size), rng.randrange(4)
        blocked = frozenset(rng.sample(range(size), rng.randint(0, 10))) - {start}
        sets = [set(rng.sample(range(size), rng.randint(0, 6))) for _ in range(rng.randint(1, 4))]
        free = rng.random() < 0.5
        expected = []
        for targets in sets:
            found = search(maze, start, facing, targets, blocked, free) if targets else None
            expected.append(None if found is None else (found.weight, first_path(found), sorted(found.ends)))
        assert routes(maze, start, facing, sets, blocked, free) == expected, trial
        first = next((n for n, e in enumerate(expected) if e is not None), None)
        first_only = [e if n == first else None for n, e in enumerate(expected)]
        assert routes(maze, start, facing, sets, blocked, free, first=True) == first_only
        # Read from a search that blocked only some of the squares: the same routes, or None (search again).
        some = frozenset(sorted(blocked)[: len(blocked) // 2])
        around = routes_in(Distances(maze, start, facing, some, free), sets, avoid=blocked - some)
        assert around is None or around == expected, trial
        read += around is not None and len(blocked) > len(some)
        around = routes_in(Distances(maze, start, facing, some, free), sets, first=True, avoid=blocked - some)
        assert around is None or around == first_only, trial
        # One search read again and again, run on only as far as each read needs.
        kept = Distances(maze, start, facing, blocked, free)
        for targets, route in zip(sets, expected):
            assert routes_in(kept, [targets]) == [route], trial
    assert read > 100
