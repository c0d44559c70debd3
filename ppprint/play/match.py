"""One simulated game: a job (plain data naming the game, its set-up, the agents and a seed) and its record.

A job names everything by id and number, so any process that has ppprint and
the game's folder can play it: the local process pool, whatever its start
method, and the workers of a Dask cluster. A game is a function of its job: the
same job gives the same record anywhere.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import asdict, dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ppprint.engine.base import CHANCE, TERMINAL, sample_chance
from ppprint.play.agents import Agent, make_agent
from ppprint.play.hooks import PlayHooks, play_hooks
from ppprint.registry import configure, get_game, registry

SEED_BITS = 53
"""A game's seed fits this many bits (a JSON number read as a double holds it exactly)."""
UNFINISHED = "unfinished"
"""The end of a game stopped at its ply limit."""


@dataclass(frozen=True)
class Games:
    """Where a worker finds the games: the ``--games`` folders and whether the bundled games count."""

    folders: tuple[str, ...] = ()
    bundled: bool = True

    @classmethod
    def current(cls) -> Games:
        """The games of this run (see :func:`ppprint.registry.configure`)."""
        current = registry()
        return cls(tuple(str(Path(f).resolve()) for f in current.folders), current.bundled)


@dataclass(frozen=True)
class Job:
    """One game to play: the game, its variant, the pairing it belongs to, one agent per seat, its number and seed."""

    game: str
    variant: str
    pairing: str
    lineup: tuple[str, ...]
    index: int
    seed: int


def derive_seed(seed: int, *parts: object) -> int:
    """A game's own seed from the report's seed and what names the game (stable across processes and machines),
    below 2**53 so that JavaScript reads it exactly from the JSON."""
    text = "|".join(str(p) for p in (seed, *parts))
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big") >> (64 - SEED_BITS)


_configured: Games | None = None


def use_games(games: Games) -> None:
    """Set this process's games to ``games`` (a worker's first job does; later ones find them set)."""
    global _configured
    if _configured != games and Games.current() != games:
        configure([Path(f) for f in games.folders], bundled=games.bundled)
        _hooks.cache_clear()
    _configured = games


@cache
def _hooks(game_id: str) -> PlayHooks:
    return play_hooks(get_game(game_id))


def hooks_of(game_id: str) -> PlayHooks:
    """The play declarations of a game of this run (loaded once per process)."""
    return _hooks(game_id)


def play(job: Job) -> dict[str, Any]:
    """Play one game; its record as plain data (see the module's docstring of :mod:`ppprint.play.report`)."""
    hooks = hooks_of(job.game)
    variant = hooks.variant(job.variant)
    rng = random.Random(job.seed)
    state = variant.new_game(rng)
    seats = len(variant.game.players) if job.lineup else 0
    lineup = job.lineup if len(job.lineup) == seats else (job.lineup[0],) * seats
    made: dict[str, Agent] = {}
    agents = [made.setdefault(spec, make_agent(spec, hooks.evaluate, hooks.agents)) for spec in lineup]
    forced_test = hooks.forced
    plies = turns = chance = forced = 0
    branching: list[int] = []
    last: int | None = None
    first = 0
    while plies < hooks.max_plies:
        player = state.current_player
        if player == TERMINAL:
            break
        if player == CHANCE:
            move = sample_chance(state.chance_outcomes(), rng)
            chance += 1
        else:
            count = len(state.legal_moves())
            branching.append(count)
            if (forced_test(state) if forced_test is not None else count == 1):
                forced += 1
            if player != last:
                turns += 1
                if last is None:
                    first = player
                last = player
            move = agents[player].choose(state, rng)
        state.push(move)
        plies += 1
    outcome = state.outcome() if state.current_player == TERMINAL else None
    record = asdict(job)
    record["lineup"] = list(lineup)
    record.update(
        plies=plies,
        turns=turns,
        chance_plies=chance,
        first_player=first,
        end=str(outcome.end.value) if outcome is not None else UNFINISHED,
        decided_by=outcome.decided_by if outcome is not None else "",
        returns=list(outcome.returns) if outcome is not None else None,
        winners=list(outcome.winners) if outcome is not None else [],
        draw=outcome.draw if outcome is not None else False,
        forced=forced,
        branching=branching,
    )
    return record


def play_batch(games: Games, jobs: list[Job]) -> list[dict[str, Any]]:
    """Play jobs in this process (a pool's or a cluster worker's task)."""
    use_games(games)
    return [play(job) for job in jobs]
