"""The digest of seeded random play, for the fingerprint tests of engines without chance.

A game is played from its start by a generator seeded per game, at most :data:`MAX_PLIES` plies; the digest
takes what the test reads of each position before and after every move, and of the end, then every move is
taken back (which must give the start again).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from typing import Any, TypeVar

from ppprint.engine.base import TERMINAL, State

MAX_PLIES = 400

S = TypeVar("S", bound=State[Any])


def play_digest(
    start: Callable[[random.Random], S],
    seeds: tuple[int, ...],
    before: Callable[[S, list[Any], int], str],
    after: Callable[[S], str],
    end: Callable[[S, int], str],
) -> str:
    """The first 16 hex digits of the digest: ``before(state, legal moves, ply)`` ahead of each move,
    ``after(state)`` once it is played, ``end(state, plies)`` when the game is over or cut short."""
    digest = hashlib.sha256()
    for seed in seeds:
        rng = random.Random(seed)
        state = start(rng)
        opening = state.position_text()
        plies = 0
        while plies < MAX_PLIES and state.current_player != TERMINAL:
            moves = state.legal_moves()
            seen = before(state, moves, plies)
            state.push(rng.choice(moves))
            digest.update((seen + after(state)).encode())
            plies += 1
        digest.update(end(state, plies).encode())
        while state.history:
            state.undo()
        assert state.position_text() == opening
    return digest.hexdigest()[:16]
