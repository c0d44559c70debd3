"""What a game's folder may declare for simulated play, in an optional ``play.py``.

Every name is optional; a game without ``play.py`` is played with the generic
agents and measured on its engine's ``GAME`` alone. A name of the wrong kind, or
a likely misspelling of one (``evalute``), is refused when ``play.py`` loads
(:data:`ppprint.registry.READ_NAMES`).

``evaluate(state, player) -> float``
    the player's prospects in a position that is not over, in [-1, 1] (1: sure
    to win). The ``greedy`` agent scores each move's position with it, and
    ``mcts`` scores a playout cut short with it. Cheap and rough is right:
    it is called once per legal move.
``variants() -> list[Variant]``
    other set-ups the report measures besides the game's ``GAME`` (another
    number of players; each level of a maze game with three or four ghosts). A
    variant names its engine and, where the set-up is more than
    ``initial_state(rng)``, how to start a game; it may name the agents that
    play it (by default the first agent of the report).
``agents() -> dict[str, factory]``
    agents of the game's own, by name (a factory takes the text after the
    colon of the agent's name, or ``None``).
``forced(state) -> bool``
    whether the player to move is forced (default: one legal move), and
    ``FORCED`` its words in the report (default ``"forced moves"``): Pile Up
    counts its forced captures.
``COOPERATIVE = True``
    the players win or lose together: every seat of a game gets one agent.
``MAX_PLIES``
    a game still going after this many plies is stopped and counted as
    unfinished (default :data:`DEFAULT_MAX_PLIES`).
``DEFAULT_AGENTS``
    the agents' names the report plays when it is not told (default
    :data:`DEFAULT_AGENTS`): the first is the baseline.
``SELF_PLAY``
    the agents that are paired with themselves besides the report's first
    (default: every agent); random play that never ends a game need not be.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ppprint.engine.base import Game, State
from ppprint.play.agents import AgentFactory, Evaluate
from ppprint.registry import Plugin

DEFAULT_MAX_PLIES = 1000
DEFAULT_AGENTS = ("random", "greedy")
"""The report's agents when neither the command nor the game's ``play.py`` names them."""
MAIN = "main"
"""The name of the game's own set-up (its engine's ``GAME``)."""


@dataclass(frozen=True)
class Variant:
    """A set-up the report measures: a name, its group and label in the report, its engine, how a game starts."""

    name: str
    """Unique among the game's variants; identifies it in the raw results (``players=3``)."""
    game: Game[Any, Any, Any]
    group: str = ""
    """The report's section for variants compared with each other ("Players", "Levels")."""
    label: str = ""
    """How the report names it within its group ("3 players", "roundabout, 3 ghosts")."""
    start: Callable[[random.Random], State[Any]] | None = None
    """A new game from a generator (default: ``game.initial_state(rng)``)."""
    agents: tuple[str, ...] = ()
    """The agents that play it, one per seat or one for every seat (default: the report's first agent)."""
    params: dict[str, object] = field(default_factory=dict)
    """Its settings as plain data, for the raw results (``{"players": 3}``)."""
    bar: str = ""
    """Its bar's label in a chart of a cooperative game's variants (default :attr:`label`); bars of consecutive
    variants with one :attr:`bar_group` are named together under them."""
    bar_group: str = ""

    def new_game(self, rng: random.Random) -> State[Any]:
        """The start of a game, its hidden or random set-up drawn from ``rng``."""
        return self.start(rng) if self.start is not None else self.game.initial_state(rng)


@dataclass(frozen=True)
class PlayHooks:
    """A game's declarations for play, with their defaults filled in."""

    evaluate: Evaluate | None
    variants: tuple[Variant, ...]
    agents: dict[str, AgentFactory]
    forced: Callable[[State[Any]], bool] | None
    forced_words: str
    cooperative: bool
    max_plies: int
    default_agents: tuple[str, ...] = DEFAULT_AGENTS
    self_play: tuple[str, ...] | None = None
    """The agents paired with themselves besides the report's first (``None``: every agent)."""

    def variant(self, name: str) -> Variant:
        """A variant by name (:data:`MAIN`: the game's engine as it is)."""
        for variant in self.variants:
            if variant.name == name:
                return variant
        raise KeyError(name)


def play_hooks(plugin: Plugin) -> PlayHooks:
    """The play declarations of a game (``play.py``), or the defaults."""
    engine = plugin.require_engine()
    declared = plugin.hook("play", "variants")
    variants: list[Variant] = [Variant(MAIN, engine)]
    if declared is not None:
        variants += list(declared())
    agents = plugin.hook("play", "agents")
    forced_words = plugin.hook("play", "FORCED")
    return PlayHooks(
        evaluate=plugin.hook("play", "evaluate"),
        variants=tuple(variants),
        agents=dict(agents()) if agents is not None else {},
        forced=plugin.hook("play", "forced"),
        forced_words=str(forced_words) if forced_words else "forced moves",
        cooperative=bool(plugin.hook("play", "COOPERATIVE")),
        max_plies=int(plugin.hook("play", "MAX_PLIES") or DEFAULT_MAX_PLIES),
        default_agents=tuple(plugin.hook("play", "DEFAULT_AGENTS") or DEFAULT_AGENTS),
        self_play=plugin.hook("play", "SELF_PLAY"),
    )
