"""A fingerprint of Expansion's play: seeded random playouts hashed move by move.

Each case plays seeded random games (coin values shuffled by the same generator, at most 400 plies) and hashes
every ply's legal moves in notation, the position after each move, the minions it removed and the tiles it
captured, and each game's end, then takes every move back. Every few plies a clone plays one move of its own,
which must leave the game untouched. The digests were taken from the engine before its speed work; a change to
any rule, tie-break or move order changes them. A digest is meant to change only with a ruling, and then it is
taken again from the new engine.
"""

from __future__ import annotations

import hashlib
import random

import pytest

from ppprint.engine.base import TERMINAL
from ppprint.games.expansion.engine import GAME, Fact


def fingerprint(seeds: tuple[int, ...]) -> str:
    """The digest of seeded random games from the setup."""
    digest = hashlib.sha256()
    for seed in seeds:
        rng = random.Random(seed)
        state = GAME.initial_state(rng)
        start = state.position_text()
        plies = 0
        while plies < 400 and state.current_player != TERMINAL:
            moves = state.legal_moves()
            digest.update("|".join(GAME.format_move(state, move) for move in moves).encode())
            if plies % 7 == 3:
                other = state.clone()
                other.push(moves[-1])
                digest.update(other.position_text().encode())
            state.push(rng.choice(moves))
            digest.update(state.position_text().encode())
            digest.update(repr((state.fact(Fact.REMOVED), state.fact(Fact.CAPTURED))).encode())
            plies += 1
        digest.update(repr((plies, state.outcome())).encode())
        while state.history:
            state.undo()
        assert state.position_text() == start
    return digest.hexdigest()[:16]


@pytest.mark.fingerprint
@pytest.mark.parametrize(("seeds", "expected"), [(tuple(range(40)), "fdf86b7c57aeccf6"), (tuple(range(1000, 1010)), "5ea5990b2b287f88")], ids=["seeds-0-39", "seeds-1000-1009"])
def test_seeded_play_is_unchanged(seeds: tuple[int, ...], expected: str) -> None:
    assert fingerprint(seeds) == expected
