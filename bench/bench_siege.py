"""Speed of the Siege by Number engine: random playouts and perft, for 2 and 4 players,
and how long random games last.

Pieces may turn between steps (RULINGS.md), so random games do end, but seldom soon:
a Commander enters only once all six Armies have left home (a losing attack sends an
Army back to the stack), and a random walk rarely finds the one square in front of an
enemy Home Base. So the playouts timed stop after :data:`PLAYOUT_PLIES` plies, the cap
of the invariant suite, and the share of them that ended is printed; a few games are
also played to the end (at most :data:`END_CAP` plies) for their mean length.
"""

from __future__ import annotations

import random
import time

from bench.common import perft_nodes_per_second
from ppprint.engine.base import random_playout
from ppprint.games.siege.engine import Siege

PLAYOUT_PLIES = 400
PLAYOUTS = 20
GAMES_TO_THE_END = 10
END_CAP = 200_000


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


def _playouts(players: int, count: int, cap: int) -> tuple[float, float, float, float]:
    """Seeded random playouts from the setup, each capped at ``cap`` plies: games/s,
    plies/s, the share that ended, and the mean plies of those that ended (0 if none)."""
    game = Siege(players)
    plies = ended = ended_plies = 0
    start = time.perf_counter()
    for seed in range(count):
        rng = random.Random(seed)
        state = game.initial_state(rng)
        played = random_playout(state, rng, cap)
        plies += played
        if state.is_over():
            ended += 1
            ended_plies += played
    elapsed = time.perf_counter() - start
    return count / elapsed, plies / elapsed, ended / count, ended_plies / ended if ended else 0.0


def run() -> dict[str, float]:
    """Capped random playouts per second and plies per second, the share of them that ended,
    the mean length of 2-player games played to the end, and perft nodes per second."""
    results: dict[str, float] = {}
    for players in (2, 4):
        playouts, plies, ended, _ = _playouts(players, PLAYOUTS, PLAYOUT_PLIES)
        results[f"siege_{players}p_random_playouts_per_s"] = playouts
        results[f"siege_{players}p_random_plies_per_s"] = plies
        results[f"siege_{players}p_share_ended_within_{PLAYOUT_PLIES}_plies"] = ended
    _, _, ended, mean_plies = _playouts(2, GAMES_TO_THE_END, END_CAP)
    results[f"siege_2p_share_ended_within_{END_CAP}_plies"] = ended
    results["siege_2p_mean_plies_of_ended_games"] = mean_plies
    results["siege_perft_nodes_per_s"] = _perft_nodes_per_second()
    return results
