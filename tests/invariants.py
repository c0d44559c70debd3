"""The engine invariants every game must keep (after OpenSpiel's generic tests).

``check_playout`` plays one seeded random game and checks, at every step:
legal moves exist exactly when the game is not over; every legal move applies
and is judged legal by ``explain``; serialise then deserialise gives an equal
state; a clone stays equal after the same move; undo restores the state; at
the end, returns are in range and sum as the game says.
"""

from __future__ import annotations

import random

from ppprint.engine.base import CHANCE, TERMINAL, Game


def check_playout(game: Game, seed: int, max_plies: int = 400, check_every: int = 1) -> int:
    """Play one random game from the setup, checking invariants; return the plies played."""
    rng = random.Random(seed)
    state = game.initial_state(rng)
    plies = 0
    while plies < max_plies:
        moves = state.legal_moves()
        if state.is_over():
            assert moves == [], "a finished game has legal moves"
            assert state.current_player == TERMINAL
            break
        assert moves, f"no legal move but the game is not over: {state.position_text()}"
        assert len(set(moves)) == len(moves), "legal moves repeat"
        if state.current_player == CHANCE:
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            assert sorted(map(repr, (m for m, _ in outcomes))) == sorted(map(repr, moves))
            move = rng.choices([m for m, _ in outcomes], weights=[p for _, p in outcomes])[0]
        else:
            assert 0 <= state.current_player < len(game.players)
            move = rng.choice(moves)
        if plies % check_every == 0:
            assert state.explain(move).legal
            text = game.format_move(state, move)
            assert game.parse_move(state, text) == move, f"move notation does not round-trip: {text}"
            before = state.clone()
            assert before == state
            assert game.deserialise(state.serialise()) == state, "serialise/deserialise differ"
            assert game.parse_position(state.position_text()).position_text() == state.position_text()
            clone = state.clone()
            state.apply(move)
            clone.apply(move)
            assert clone == state, "a clone differs after the same move"
            state.undo()
            assert state == before, "undo did not restore the state"
        state.apply(move)
        plies += 1
    if state.is_over():
        returns = state.returns()
        assert len(returns) == len(game.players)
        assert all(-1.0 <= r <= 1.0 for r in returns)
    return plies
