# SPDX-License-Identifier: MIT
"""Simulated play of Siege by Number (see :mod:`ppprint.play.hooks`): the report compares 2, 3 and 4 players.

The engine's ``GAME`` is the four-player game; each variant is the game for a count of players with the
colours :func:`~.engine.default_suits` gives it, so every seat's results can be compared across counts.
Random play takes tens of thousands of plies to end a game (the rules have no draw), so the report's
baseline is the ``advance`` agent: it plays the move, or the move and the attack it allows, that most
advances it on the enemy Home Bases by :func:`evaluate`.
"""

from __future__ import annotations

import math
from heapq import heappop, heappush
from typing import Any

from ppprint.api import Agent, AgentFactory, GreedyAgent, State, Variant

from .engine import DieMove, Siege, SiegeState

MAX_PLIES = 5000
"""Advancing play ends a game in 200 to 2,500 plies (4 players, 20 games); random play takes tens of thousands."""
DEFAULT_AGENTS = ("advance", "random")
"""The report's agents unless it is told others: advancing play is the baseline, random play the weak reference."""
SELF_PLAY = ("advance",)
"""The agents that play against themselves (random play alone does not end a game within the ply limit)."""
STEPS_PER_TURN = 3.0
"""About how far a Commander gets in a turn: it takes the highest of up to four dice."""
ARMY_STEP = 0.05
"""What a step of an Army away from its own Home Base is worth, in turns, within :data:`CLEAR` steps of it."""
CLEAR = 3
"""Armies within this many steps of their Home Base crowd its way out."""
EXPOSED = 0.5
"""What each enemy Army within :data:`REACH` steps of a player's Commander costs, in turns (a null or an ace
that reaches it sends it back)."""
REACH = 2
BLOCKED = 6
"""What a square held by an enemy piece adds to a Commander's way, in steps."""
WANDER = 0.1
"""How often the ``advance`` agent plays a random move instead (it unblocks a jammed board)."""


def variants() -> list[Variant]:
    """Siege by Number for 2, 3 and 4 players, played by the ``advance`` agent."""
    return [
        Variant(name=f"players={n}", game=Siege(n), group="Players", label=f"{n} players", params={"players": n}, agents=("advance",))
        for n in (2, 3, 4)
    ]


def steps_to_enemy_base(state: SiegeState, player: int, origin: int) -> float:
    """The fewest steps from ``origin`` into an enemy Home Base, a square held by an enemy piece counting
    :data:`BLOCKED` steps more (the attacks that would clear it)."""
    board, squares = state.board, state.squares
    owner = [BLOCKED if code and state.owner(code) != player else 0.0 for code in squares]
    best = {origin: 0.0}
    queue = [(0.0, origin)]
    while queue:
        steps, square = heappop(queue)
        if board.home_owner[square] not in (-1, player):
            return steps
        if steps > best[square]:
            continue
        for other in board.neighbours[square]:
            cost = steps + 1 + owner[other]
            if cost < best.get(other, math.inf):
                best[other] = cost
                heappush(queue, (cost, other))
    return math.inf


def turns_to_win(state: SiegeState, player: int) -> float:
    """About how many turns a player needs to set their Commander in an enemy Home Base: the Armies still to
    bring out (one a turn, each after the last has left the Home Base), then the Commander's walk
    (:func:`steps_to_enemy_base`) and the enemy Armies near the Commander (:data:`EXPOSED`); plus a little for
    each Army that crowds its own Home Base's way out."""
    board = state.board
    home = board.home[player]
    square = state.commander_square(player)
    if square >= 0:
        walk = steps_to_enemy_base(state, player, square) / STEPS_PER_TURN
        near = board.distance[square]
        walk += EXPOSED * sum(1 for other in range(len(state.stacks)) if other != player for army in state.army_squares(other) if near[army] <= REACH)
    else:
        waiting = len(state.stacks[player]) + (1 if state.squares[home] else 0) + 1
        walk = waiting + steps_to_enemy_base(state, player, home) / STEPS_PER_TURN
    crowding = sum(max(0, CLEAR - board.distance[home][square]) for square in state.army_squares(player))
    return walk + ARMY_STEP * crowding


def evaluate(state: State[Any], player: int) -> float:
    """The player's prospects by their own way to go (:func:`turns_to_win`): 0 turns is a sure win, 20 or more a
    sure loss. Rivals' ways do not count, so walling a rival in or beating back its Armies earns nothing but
    the way it clears (two players blocking each other would never end a game)."""
    assert isinstance(state, SiegeState)
    return max(-1.0, min(1.0, 1 - turns_to_win(state, player) / 10))


def _attacks_after(state: State[Any], move: Any) -> Any:
    """After a die move, the attacks it allows (the same player strikes next); after any other move, none."""
    assert isinstance(state, SiegeState)
    return state.attacks() if type(move) is DieMove else ()


def _advance(option: str | None) -> Agent:
    """Greedy play one move ahead by :func:`evaluate`, where a die move counts with the best attack it allows
    (so an Army steps up and strikes in one thought), and a random move :data:`WANDER` of the time. Like
    greedy, it sees the battle's result, and so the hidden Army values: a yardstick of the rules, not a fair player."""
    return GreedyAgent(evaluate, name="advance", follow_ups=_attacks_after, wander=WANDER)


def agents() -> dict[str, AgentFactory]:
    """The ``advance`` agent."""
    return {"advance": _advance}
