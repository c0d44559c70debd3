"""A fingerprint of Expansion's play: seeded random playouts hashed move by move.

Each case plays seeded random games (coin values shuffled by the same generator, at most 400 plies) and hashes
every ply's legal moves in notation, the position after each move, the minions it removed and the tiles it
captured, and each game's end, then takes every move back. Every few plies a clone plays one move of its own,
which must leave the game untouched. The digests were taken from the engine before its speed work; a change to
any rule, tie-break or move order changes them. A digest is meant to change only with a ruling, and then it is
taken again from the new engine.
"""

from __future__ import annotations

import pytest

from ppprint.games.expansion.engine import GAME, ExpansionState, Fact, Move
from tests.seeded_play import play_digest


def _before(state: ExpansionState, moves: list[Move], ply: int) -> str:
    """The legal moves, and every few plies the position after a clone plays the last of them."""
    text = "|".join(GAME.format_move(state, move) for move in moves)
    if ply % 7 == 3:
        other = state.clone()
        other.push(moves[-1])
        text += other.position_text()
    return text


def _after(state: ExpansionState) -> str:
    return state.position_text() + repr((state.fact(Fact.REMOVED), state.fact(Fact.CAPTURED)))


def fingerprint(seeds: tuple[int, ...]) -> str:
    """The digest of seeded random games from the setup."""
    return play_digest(GAME.initial_state, seeds, _before, _after, lambda state, plies: repr((plies, state.outcome())))


@pytest.mark.fingerprint
@pytest.mark.parametrize(("seeds", "expected"), [(tuple(range(40)), "fdf86b7c57aeccf6"), (tuple(range(1000, 1010)), "5ea5990b2b287f88")], ids=["seeds-0-39", "seeds-1000-1009"])
def test_seeded_play_is_unchanged(seeds: tuple[int, ...], expected: str) -> None:
    assert fingerprint(seeds) == expected
