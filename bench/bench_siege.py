"""Speed of the Siege by Number engine: random playouts and perft, for 2 and 4 players.

Random play almost never ends a game (a Commander must first wait for all six Armies
to leave home, then cross the pinwheel), so each playout stops after
:data:`PLAYOUT_PLIES` plies, the cap of the invariant suite.
"""

from __future__ import annotations

import random
import time

from ppprint.engine.base import perft, random_playout
from ppprint.engine.siege import Siege

PLAYOUT_PLIES = 400
PLAYOUTS = 10


def _playouts(players: int) -> tuple[float, float]:
    game = Siege(players)
    plies = 0
    start = time.perf_counter()
    for seed in range(PLAYOUTS):
        rng = random.Random(seed)
        plies += random_playout(game.initial_state(rng), rng, PLAYOUT_PLIES)
    elapsed = time.perf_counter() - start
    return PLAYOUTS / elapsed, plies / elapsed


def _perft_nodes_per_second() -> float:
    game = Siege(4)
    state = game.position_from_data(
        {
            "turn": "suns",
            "roll": [2, 3, 5],
            "pieces": {"suns": {"c3": 4, "d3": 2, "e3": "commander", "e5": 0}, "moons": {"c5": 1, "e4": 5}},
        }
    )
    start = time.perf_counter()
    nodes = perft(state, 4)
    return nodes / (time.perf_counter() - start)


def run() -> dict[str, float]:
    """Random playouts (capped at PLAYOUT_PLIES plies) per second, plies per second, perft nodes per second."""
    results: dict[str, float] = {}
    for players in (2, 4):
        playouts, plies = _playouts(players)
        results[f"siege_{players}p_random_playouts_per_s"] = playouts
        results[f"siege_{players}p_random_plies_per_s"] = plies
    results["siege_perft_nodes_per_s"] = _perft_nodes_per_second()
    return results
