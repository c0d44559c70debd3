"""A fingerprint of SanQi's play: seeded random playouts hashed move by move.

Each case plays seeded random games on a field of one side (at most 400 plies) and hashes every ply's legal
moves, the position after each move, every few plies the complete patterns and the replacements, and each
game's end, then takes every move back. Every few plies a clone plays one move of its own, which must leave
the game untouched. (The small fields fill up, so their games reach replacements and draws.) The digests were
taken from the engine before its speed work; a change to any rule, tie-break or move order changes them. A
digest is meant to change only with a ruling, and then it is taken again from the new engine.
"""

from __future__ import annotations

import hashlib
import random

import pytest

from ppprint.engine.base import TERMINAL
from ppprint.games.sanqi.engine import Fact, SanQi


def fingerprint(side: int, seeds: tuple[int, ...]) -> str:
    """The digest of seeded random games on an empty field of ``side``."""
    game = SanQi(side)
    digest = hashlib.sha256()
    for seed in seeds:
        rng = random.Random(seed)
        state = game.initial_state(rng)
        start = state.position_text()
        plies = 0
        while plies < 400 and state.current_player != TERMINAL:
            moves = state.legal_moves()
            digest.update("|".join(move.text() for move in moves).encode())
            if plies % 7 == 3:
                other = state.clone()
                other.push(moves[-1])
                digest.update(repr((other.position_text(), other.outcome())).encode())
                digest.update(repr((state.fact(Fact.PATTERNS), state.fact(Fact.REPLACEMENTS))).encode())
            state.push(rng.choice(moves))
            digest.update(state.position_text().encode())
            plies += 1
        digest.update(repr((plies, state.outcome(), state.fact(Fact.PATTERN_CELLS))).encode())
        while state.history:
            state.undo()
        assert state.position_text() == start
    return digest.hexdigest()[:16]


@pytest.mark.fingerprint
@pytest.mark.parametrize(
    ("side", "seeds", "expected"),
    [(10, tuple(range(30)), "89d49a89f15ea6e0"), (4, tuple(range(30)), "7c2e0e1f13729820"), (5, tuple(range(10)), "269ac964fd7a1f48")],
    ids=["side-10", "side-4", "side-5"],
)
def test_seeded_play_is_unchanged(side: int, seeds: tuple[int, ...], expected: str) -> None:
    assert fingerprint(side, seeds) == expected
