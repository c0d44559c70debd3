"""The invariant suite, run on every game engine with seeded random playouts."""

from __future__ import annotations

import pytest

from ppprint.registry import get_game, registry
from tests.invariants import check_playout

SEEDS = range(6)


@pytest.mark.parametrize("game_id", registry().ids())
@pytest.mark.parametrize("seed", SEEDS)
def test_random_playout_keeps_invariants(game_id: str, seed: int) -> None:
    check_playout(get_game(game_id).require_engine(), seed)


@pytest.mark.parametrize("game_id", registry().ids())
def test_every_reason_and_fact_names_a_rule(game_id: str) -> None:
    game = get_game(game_id).require_engine()
    for codes in (game.Reason, game.Fact, game.End):
        assert list(codes) and all(isinstance(c.rule, str) and c.rule for c in codes)
