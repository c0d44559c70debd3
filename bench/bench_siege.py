"""Speed of the Siege by Number engine: random playouts and perft, for 2 and 4 players.

Random play almost never ends a game (a Commander must first wait for all six Armies
to leave home, then cross the pinwheel), so each playout stops after
:data:`PLAYOUT_PLIES` plies, the cap of the invariant suite.
"""

from __future__ import annotations

from bench.common import perft_nodes_per_second, playouts_per_second
from ppprint.games.siege.engine import Siege

PLAYOUT_PLIES = 400
PLAYOUTS = 10


def _perft_nodes_per_second() -> float:
    game = Siege(4)
    state = game.position_from_data(
        {
            "turn": "suns",
            "roll": [2, 3, 5],
            "pieces": {"suns": {"c3": 4, "d3": 2, "e3": "commander", "e5": 0}, "moons": {"c5": 1, "e4": 5}},
        }
    )
    return perft_nodes_per_second(state, 4)


def run() -> dict[str, float]:
    """Random playouts (capped at PLAYOUT_PLIES plies) per second, plies per second, perft nodes per second."""
    results: dict[str, float] = {}
    for players in (2, 4):
        playouts, plies = playouts_per_second(Siege(players), PLAYOUTS, PLAYOUT_PLIES)
        results[f"siege_{players}p_random_playouts_per_s"] = playouts
        results[f"siege_{players}p_random_plies_per_s"] = plies
    results["siege_perft_nodes_per_s"] = _perft_nodes_per_second()
    return results
