"""SanQi speed: random playouts per second on the standard field, and the cost of one move on small and large fields.

The lead's benchmark script calls :func:`run`; it prints nothing and returns the numbers.
"""

from __future__ import annotations

import random
import time

from ppprint.engine.base import random_playout
from ppprint.games.sanqi.engine import SanQi

PLAYOUT_SECONDS = 1.0
MOVES_PER_SIDE = 4000


def playouts_per_second(side: int = 10, seconds: float = PLAYOUT_SECONDS, seed: int = 1) -> tuple[float, float]:
    """Random games played to the end per second, and plies per second, on a field of ``side``."""
    game, rng = SanQi(side), random.Random(seed)
    games = plies = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        plies += random_playout(game.initial_state(), rng)
        games += 1
    elapsed = time.process_time() - start
    return games / elapsed, plies / elapsed


def mean_move_seconds(side: int, moves: int = MOVES_PER_SIDE, seed: int = 1) -> float:
    """The mean time of one checked move (explain + play) and its undo, on a field of ``side``.

    The moves are drawn beforehand from random games, so move generation (which
    lists the whole field) is not timed; what is timed must not grow with the field.
    """
    game, rng = SanQi(side), random.Random(seed)
    lines: list[tuple[object, list]] = []
    total = 0
    while total < moves:
        state = game.initial_state()
        sequence = []
        while not state.is_over() and len(sequence) < 300:
            move = rng.choice(state.legal_moves())
            sequence.append(move)
            state.apply(move)
        lines.append((game.initial_state(), sequence))
        total += len(sequence)
    start = time.process_time()
    for state, sequence in lines:
        for move in sequence:
            state.apply(move)
        for _ in sequence:
            state.undo()
    return (time.process_time() - start) / total


def run() -> dict[str, float]:
    """The SanQi benchmark numbers (names say their units)."""
    games, plies = playouts_per_second()
    small, large = mean_move_seconds(10), mean_move_seconds(30)
    return {
        "sanqi_playouts_per_s_n10": games,
        "sanqi_plies_per_s_n10": plies,
        "sanqi_move_us_n10": small * 1e6,
        "sanqi_move_us_n30": large * 1e6,
        "sanqi_move_cost_ratio_n30_n10": large / small,
    }
