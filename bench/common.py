"""Measurements shared by the benchmark modules."""

from __future__ import annotations

import random
import time

from ppprint.engine.base import Game, State, perft, random_playout


def playouts_per_second(game: Game, playouts: int = 20, ply_cap: int = 400) -> tuple[float, float]:
    """Seeded random playouts from the setup (each capped at ``ply_cap`` plies): games/s and plies/s."""
    plies = 0
    start = time.perf_counter()
    for seed in range(playouts):
        rng = random.Random(seed)
        plies += random_playout(game.initial_state(rng), rng, ply_cap)
    elapsed = time.perf_counter() - start
    return playouts / elapsed, plies / elapsed


def perft_nodes_per_second(state: State, depth: int) -> float:
    """Perft nodes counted per second from ``state`` to ``depth``."""
    start = time.perf_counter()
    nodes = perft(state, depth)
    return nodes / max(time.perf_counter() - start, 1e-9)
