"""A fingerprint of SanQi's play: seeded random playouts hashed move by move.

Each case plays seeded random games on a field of one side (at most 400 plies) and hashes every ply's legal
moves, the position after each move, every few plies the complete patterns and the replacements, and each
game's end, then takes every move back. Every few plies a clone plays one move of its own, which must leave
the game untouched. (The small fields fill up, so their games reach replacements.) The digests were taken
from the engine before its speed work; a change to any rule, tie-break or move order changes them. A digest
is meant to change only with a ruling, and then it is taken again from the new engine.
"""

from __future__ import annotations

import pytest

from ppprint.games.sanqi.engine import Fact, Move, SanQi, SanQiState
from tests.seeded_play import play_digest


def _before(state: SanQiState, moves: list[Move], ply: int) -> str:
    """The legal moves, and every few plies a clone's position after the last of them, the patterns and the replacements."""
    text = "|".join(move.text() for move in moves)
    if ply % 7 == 3:
        other = state.clone()
        other.push(moves[-1])
        text += repr((other.position_text(), other.outcome())) + repr((state.fact(Fact.PATTERNS), state.fact(Fact.REPLACEMENTS)))
    return text


def fingerprint(side: int, seeds: tuple[int, ...]) -> str:
    """The digest of seeded random games on an empty field of ``side``."""
    return play_digest(
        SanQi(side).initial_state,
        seeds,
        _before,
        SanQiState.position_text,
        lambda state, plies: repr((plies, state.outcome(), state.fact(Fact.PATTERN_CELLS))),
    )


@pytest.mark.fingerprint
@pytest.mark.parametrize(
    ("side", "seeds", "expected"),
    [(10, tuple(range(30)), "89d49a89f15ea6e0"), (4, tuple(range(30)), "7c2e0e1f13729820"), (5, tuple(range(10)), "269ac964fd7a1f48")],
    ids=["side-10", "side-4", "side-5"],
)
def test_seeded_play_is_unchanged(side: int, seeds: tuple[int, ...], expected: str) -> None:
    assert fingerprint(side, seeds) == expected
