"""Measurements shared by the benchmark modules (CPU time of this process: one core)."""

from __future__ import annotations

import random
import statistics
import time

from ppprint.engine.base import CHANCE, TERMINAL, Game, State, perft, random_playout, sample_chance
from ppprint.play.agents import MCTSAgent

ROUNDS = 3


def playouts_per_second(game: Game, playouts: int = 20, ply_cap: int = 400, rounds: int = ROUNDS) -> tuple[float, float]:
    """Seeded random playouts from the setup (each capped at ``ply_cap`` plies), CPU time: games/s and plies/s.

    One playout first builds what an engine makes once (tables, caches); then ``rounds`` rounds of
    ``playouts`` games, each round on seeds of its own (so no round replays another's positions), give the
    median round.
    """
    rng = random.Random(-1)
    random_playout(game.initial_state(rng), rng, ply_cap)
    results = []
    for round_number in range(rounds):
        plies = 0
        start = time.process_time()
        for seed in range(round_number * 1000, round_number * 1000 + playouts):
            rng = random.Random(seed)
            plies += random_playout(game.initial_state(rng), rng, ply_cap)
        elapsed = max(time.process_time() - start, 1e-9)
        results.append((playouts / elapsed, plies / elapsed))
    return statistics.median(r[0] for r in results), statistics.median(r[1] for r in results)


def mcts_simulations_per_second(game: Game, simulations: int = 100, positions: int = 4, seed: int = 0) -> float:
    """MCTS simulations per second (CPU time): one move chosen by ``mcts:simulations`` from the setup and from
    positions a few random plies into the game."""
    rng = random.Random(seed)
    agent = MCTSAgent(simulations, None)
    states: list[State] = []
    state = game.initial_state(rng)
    while len(states) < positions and state.current_player != TERMINAL:
        if state.current_player == CHANCE:
            state.push(sample_chance(state.chance_outcomes(), rng))
            continue
        if len(state.legal_moves()) > 1:
            states.append(state.clone())
        for _ in range(rng.randrange(1, 6)):
            if state.current_player == TERMINAL:
                break
            if state.current_player == CHANCE:
                state.push(sample_chance(state.chance_outcomes(), rng))
            else:
                state.push(rng.choice(state.legal_moves()))
    start = time.process_time()
    for position in states:
        agent.choose(position, rng)
    return simulations * len(states) / max(time.process_time() - start, 1e-9)


def perft_nodes_per_second(state: State, depth: int) -> float:
    """Perft nodes counted per second from ``state`` to ``depth`` (CPU time)."""
    start = time.process_time()
    nodes = perft(state, depth)
    return nodes / max(time.process_time() - start, 1e-9)
