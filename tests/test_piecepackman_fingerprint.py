"""A fingerprint of Piecepackman's play: seeded random playouts hashed move by move.

Each case plays seeded random games (chance drawn as :func:`ppprint.engine.base.random_playout` draws it, at
most 400 plies) and hashes every ply's legal moves, the position after each move, some facts and each game's
end, then takes every move back. (Seed 46 of the four-ghost game reaches the tie between suits when nothing of
the rolled suit is left; the three-ghost games, the tie between two highest dice.) The digests were taken from the engine before its speed work; a change to
any rule, tie-break or move order changes them. A digest is meant to change only with a ruling (RULINGS.md),
and then it is taken again from the new engine.
"""

from __future__ import annotations

import hashlib
import random

import pytest

from ppprint.engine.base import CHANCE, TERMINAL, sample_chance
from ppprint.games.piecepackman.engine import GAME, Fact, PiecepackmanGame

THREE_GHOSTS = PiecepackmanGame(("suns", "moons", "crowns"))


def fingerprint(game: PiecepackmanGame, level: str, seeds: tuple[int, ...], facts_every: int = 0) -> str:
    """The digest of seeded random games on a level (with the objective and item costs every few plies)."""
    digest = hashlib.sha256()
    for seed in seeds:
        rng = random.Random(seed)
        state = game.initial_state(rng, level)
        start = state.position_text()
        plies = 0
        while plies < 400 and state.current_player != TERMINAL:
            moves = state.legal_moves()
            digest.update("|".join(move.text() for move in moves).encode())
            move = sample_chance(state.chance_outcomes(), rng) if state.current_player == CHANCE else rng.choice(moves)
            state.push(move)
            digest.update(state.position_text().encode())
            if facts_every and plies % facts_every == 0:
                for name in (Fact.OBJECTIVE, Fact.ITEM_COSTS):
                    digest.update(repr(state.fact(name)).encode())
            plies += 1
        digest.update(repr((plies, state.outcome())).encode())
        while state.history:
            state.undo()
        assert state.position_text() == start
    return digest.hexdigest()[:16]


@pytest.mark.fingerprint
@pytest.mark.parametrize(
    ("game", "level", "seeds", "facts_every", "expected"),
    [
        (GAME, "roundabout", (*range(12), 46), 0, "fa379fab4ba2ada9"),
        (THREE_GHOSTS, "roundabout", tuple(range(4)), 0, "20bcba5bb560e0be"),
        (GAME, "long-and-winding-road", tuple(range(3)), 4, "5462016c40853af2"),
        (GAME, "slip-around-the-corner", tuple(range(3)), 4, "d7cff8f5496e0d6e"),
    ],
    ids=["four-ghosts", "three-ghosts", "long-and-winding-road", "slip-around-the-corner"],
)
def test_seeded_play_is_unchanged(game: PiecepackmanGame, level: str, seeds: tuple[int, ...], facts_every: int, expected: str) -> None:
    assert fingerprint(game, level, seeds, facts_every) == expected
