"""Agents that play any game through the engine contract (:mod:`ppprint.engine.base`).

An agent chooses a move for the player to move; chance is never an agent's to
choose (the match runner draws chance outcomes by their odds). Three agents are
written once for every game, bundled or scaffolded:

``random``
    a legal move, uniformly at random;
``greedy``
    one ply ahead: each legal move is played and scored for the mover, by the
    outcome when it ends the game, else by the game's evaluation when its
    folder declares one (``play.py``: ``evaluate(state, player) -> float`` in
    [-1, 1]), else 0; the best score wins, ties drawn at random. Without an
    evaluation it takes a winning move when there is one and otherwise plays
    at random;
``mcts:N``
    Monte Carlo tree search (UCT) with N simulations per move: selection by
    UCB1 on each player's own result (so any number of players), chance nodes
    sampled by their odds, random playouts (cut after
    :data:`ROLLOUT_PLIES` plies and scored by the evaluation where there is one,
    else as a draw), then the most visited move.

A game's ``play.py`` may add agents of its own (``agents()``: name -> factory
taking the text after the colon, or ``None``); a maze game's ghost agent, say.
Every agent draws only from the generator it is given, so a game is a function
of its seed.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from ppprint.engine.base import CHANCE, TERMINAL, State, random_playout, sample_chance
from ppprint.errors import InputError

Evaluate = Callable[[State[Any], int], float]
"""A game's evaluation: a state and a player -> that player's prospects in [-1, 1]."""

ROLLOUT_PLIES = 400
"""An MCTS playout stops after this many plies; the evaluation (or a draw) scores it."""
EXPLORATION = 1.0
"""UCB1's exploration constant, on results scaled to [0, 1]."""


class Agent(Protocol):
    """Chooses a move for the player to move (never at a chance node)."""

    name: str

    def choose(self, state: State[Any], rng: random.Random) -> Any:
        """A legal move of ``state``, drawn from ``rng`` where the agent is random."""
        ...


@dataclass
class RandomAgent:
    """A legal move, uniformly at random."""

    name: str = "random"

    def choose(self, state: State[Any], rng: random.Random) -> Any:
        return rng.choice(state.legal_moves())


def score(state: State[Any], player: int, evaluate: Evaluate | None) -> float:
    """The mover's view of a position: the result when it is over, else the evaluation (0 without one)."""
    if state.current_player == TERMINAL:
        return state.returns()[player]
    if evaluate is None:
        return 0.0
    return max(-1.0, min(1.0, float(evaluate(state, player))))


FollowUps = Callable[[State[Any], Any], Iterable[Any]]
"""Moves the mover may play next, in the position after a move (``state`` has it pushed; ``move`` is it)."""


@dataclass
class GreedyAgent:
    """One ply ahead: the move whose position scores best for the mover (ties at random).

    ``follow_ups`` lets a game count a move with the best of the moves it allows the same player straight
    after (a step and the strike it opens); ``wander`` is how often a random move is played instead.
    """

    evaluate: Evaluate | None = None
    name: str = "greedy"
    follow_ups: FollowUps | None = None
    wander: float = 0.0

    def choose(self, state: State[Any], rng: random.Random) -> Any:
        player = state.current_player
        moves = state.legal_moves()
        if len(moves) == 1 or (self.wander and rng.random() < self.wander):
            return moves[0] if len(moves) == 1 else rng.choice(moves)
        best: list[Any] = []
        best_score = -math.inf
        for move in moves:
            state.push(move)
            value = score(state, player, self.evaluate)
            for follow_up in self.follow_ups(state, move) if self.follow_ups else ():
                state.push(follow_up)
                value = max(value, score(state, player, self.evaluate))
                state.undo()
            state.undo()
            if value > best_score:
                best, best_score = [move], value
            elif value == best_score:
                best.append(move)
        return best[0] if len(best) == 1 else rng.choice(best)


@dataclass(eq=False)
class _Node:
    """A node of the search tree: the player to move there, the moves not yet tried, and the results seen."""

    player: int
    untried: list[Any]
    children: dict[Any, _Node] = field(default_factory=dict)
    visits: int = 0
    totals: list[float] = field(default_factory=list)
    """Each player's summed result (scaled to [0, 1]) over the simulations through this node."""


@dataclass
class MCTSAgent:
    """UCT with ``simulations`` playouts per move; chance nodes sampled by their odds; any number of players."""

    simulations: int = 200
    evaluate: Evaluate | None = None
    rollout_plies: int = ROLLOUT_PLIES
    name: str = "mcts"

    def choose(self, state: State[Any], rng: random.Random) -> Any:
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        players = len(state.game.players)
        root = _Node(state.current_player, list(moves), totals=[0.0] * players)
        for _ in range(self.simulations):
            self._simulate(root, state.clone(), rng, players)
        return max(root.children.items(), key=lambda item: item[1].visits)[0]

    def _simulate(self, root: _Node, state: State[Any], rng: random.Random, players: int) -> None:
        path = [root]
        node = root
        # Selection, then growth: down the tree while every move of a node has been tried.
        while True:
            if node.player == TERMINAL:
                break
            if node.player == CHANCE:
                move = sample_chance(state.chance_outcomes(), rng)
            elif node.untried:
                move = node.untried.pop(rng.randrange(len(node.untried)))
            else:
                move = self._select(node)
            state.push(move)
            child = node.children.get(move)
            if child is None:
                child = _node_of(state, players)
                node.children[move] = child
                path.append(child)
                break
            node = child
            path.append(node)
        results = self._rollout(state, rng, players)
        for visited in path:
            visited.visits += 1
            totals = visited.totals
            for p in range(players):
                totals[p] += results[p]

    @staticmethod
    def _select(node: _Node) -> Any:
        """UCB1 for the player to move at ``node``."""
        player = node.player
        log_visits = math.log(node.visits)
        best, best_value = None, -math.inf
        for move, child in node.children.items():
            value = child.totals[player] / child.visits + EXPLORATION * math.sqrt(log_visits / child.visits)
            if value > best_value:
                best, best_value = move, value
        return best

    def _rollout(self, state: State[Any], rng: random.Random, players: int) -> list[float]:
        """Random play to the end (or :attr:`rollout_plies`); each player's result scaled to [0, 1]."""
        random_playout(state, rng, self.rollout_plies)
        if state.current_player == TERMINAL:
            return [(r + 1.0) / 2.0 for r in state.returns()]
        if self.evaluate is None:
            return [0.5] * players
        return [(score(state, p, self.evaluate) + 1.0) / 2.0 for p in range(players)]


def _node_of(state: State[Any], players: int) -> _Node:
    player = state.current_player
    untried = state.legal_moves() if player >= 0 else []
    return _Node(player, untried, totals=[0.0] * players)


MAX_SIMULATIONS = 100_000
"""The most simulations per move ``mcts:N`` takes (a larger N would play one game for hours)."""

AgentFactory = Callable[[str | None], Agent]
"""Makes an agent from the text after the colon of its name (``mcts:200`` -> ``"200"``), or ``None``."""


def make_agent(spec: str, evaluate: Evaluate | None = None, own: dict[str, AgentFactory] | None = None) -> Agent:
    """The agent a name gives: ``random``, ``greedy``, ``mcts:N``, or one of the game's own (``own``)."""
    name, _, option = spec.partition(":")
    if own and name in own:
        return own[name](option or None)
    if name == "random" and not option:
        return RandomAgent()
    if name == "greedy" and not option:
        return GreedyAgent(evaluate)
    if name == "mcts":
        try:
            simulations = int(option) if option else 200
        except ValueError:
            simulations = 0
        if not 1 <= simulations <= MAX_SIMULATIONS:
            raise InputError(f"agent '{spec}': mcts takes a number of simulations per move from 1 to {MAX_SIMULATIONS:,}, like mcts:200")
        return MCTSAgent(simulations, evaluate)
    known = ["random", "greedy", "mcts:N", *sorted(own or {})]
    raise InputError(f"unknown agent '{spec}' (agents: {', '.join(known)})")
