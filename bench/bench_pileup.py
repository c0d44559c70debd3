"""Pile Up speed: random playouts per second and perft nodes per second (prints nothing)."""

from __future__ import annotations

import random
import time

from ppprint.engine.base import perft, random_playout
from ppprint.games.pileup.engine import GAME

PLAYOUTS = 300
SEED = 2014
PERFT_START = "1@d4"
PERFT_DEPTH = 2


def run() -> dict[str, float]:
    """Random playouts from the empty board, then perft below the first placement 1@d4."""
    rng = random.Random(SEED)
    started = time.process_time()
    for _ in range(PLAYOUTS):
        random_playout(GAME.initial_state(), rng)
    playout_seconds = time.process_time() - started

    state = GAME.initial_state()
    state.apply(GAME.parse_move(state, PERFT_START))
    started = time.process_time()
    nodes = perft(state, PERFT_DEPTH)
    perft_seconds = time.process_time() - started
    return {
        "playouts_per_second": PLAYOUTS / playout_seconds,
        "perft_nodes_per_second": nodes / perft_seconds,
    }
