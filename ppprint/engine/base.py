"""The one small API every game engine implements.

Modelled on OpenSpiel and python-chess: a :class:`Game` knows the rules and the
notation; a :class:`State` is one position with its history. States mutate in
place with :meth:`State.apply` and go back with :meth:`State.undo`;
:meth:`State.clone` copies. Every illegal move has a reason code, listed with
the rule it cites in :attr:`Game.reasons`.

Chance (dice) is modelled as a player: when ``current_player == CHANCE`` the
legal moves are the outcomes, and :meth:`State.chance_outcomes` gives their
probabilities.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from ppprint.errors import IllegalMoveError
from ppprint.model.table import Table

CHANCE = -1
"""``current_player`` of a state waiting for a die roll."""

TERMINAL = -2
"""``current_player`` of a finished game."""

HISTORY_SEPARATOR = " | "
"""Separates the start position from the moves in :meth:`State.serialise`."""

Move = Hashable


@dataclass(frozen=True)
class Verdict:
    """Whether a move is legal and, if not, why (a reason code and words)."""

    legal: bool
    reason: str = ""
    words: str = ""

    def __str__(self) -> str:
        return "legal" if self.legal else f"illegal: {self.reason} {self.words}"


LEGAL = Verdict(True)


class State(ABC):
    """One position of a game, plus what it needs of its past."""

    game: Game

    def __init__(self, game: Game, start_text: str):
        self.game = game
        self.start_text = start_text
        self.history: list[Move] = []

    # -- what every engine provides ------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int:
        """Index of the player to move, :data:`CHANCE` or :data:`TERMINAL`."""

    @abstractmethod
    def legal_moves(self) -> list[Move]:
        """Every legal move (or chance outcome), in a deterministic order."""

    @abstractmethod
    def explain(self, move: Move) -> Verdict:
        """Judge a move: :data:`LEGAL`, or the reason code and words of the rule it breaks."""

    @abstractmethod
    def _do(self, move: Move) -> None:
        """Play a move already known to be legal, recording what undo needs."""

    @abstractmethod
    def _undo(self, move: Move) -> None:
        """Take back the last move played by :meth:`_do`."""

    @abstractmethod
    def clone(self) -> State:
        """An independent copy."""

    @abstractmethod
    def returns(self) -> tuple[float, ...]:
        """Each player's result in [-1, 1]: 1 win, -1 loss, 0 draw (zeros while playing)."""

    @abstractmethod
    def position_text(self) -> str:
        """The current position in the game's one-line notation (no history)."""

    @abstractmethod
    def key(self) -> Hashable:
        """Everything that decides the future of the game; equal keys mean equal states."""

    @abstractmethod
    def facts(self) -> dict[str, Any]:
        """Named facts a diagram may claim (see :attr:`Game.facts`)."""

    # -- shared behaviour --------------------------------------------------------------
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.current_player == TERMINAL

    def chance_outcomes(self) -> list[tuple[Move, float]]:
        """Chance outcomes with probabilities; only at a chance node."""
        return []

    def apply(self, move: Move) -> None:
        """Play ``move``; raise :class:`IllegalMoveError` with a reason if it is illegal."""
        verdict = self.explain(move)
        if not verdict.legal:
            raise IllegalMoveError(verdict.reason, verdict.words)
        self._do(move)
        self.history.append(move)

    def undo(self) -> Move:
        """Take back the last move and return it."""
        move = self.history.pop()
        self._undo(move)
        return move

    def serialise(self) -> str:
        """The start position and every move since, parseable by :meth:`Game.deserialise`."""
        if not self.history:
            return self.start_text
        replay = self.game.parse_position(self.start_text)
        texts = []
        for move in self.history:
            texts.append(self.game.format_move(replay, move))
            replay.apply(move)
        return self.start_text + HISTORY_SEPARATOR + " ".join(texts)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and type(other) is type(self) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())


class Game(ABC):
    """A game's rules, notation and piece table; one instance per game module."""

    id: ClassVar[str]
    title: ClassVar[str]
    players: ClassVar[tuple[str, ...]]
    reasons: ClassVar[Mapping[str, str]]
    """Every reason code a move can be illegal for -> the rule it cites."""
    facts: ClassVar[Mapping[str, str]]
    """Every fact :meth:`State.facts` returns -> the rule that decides it."""

    @abstractmethod
    def initial_state(self, rng: random.Random | None = None) -> State:
        """The setup; ``rng`` decides hidden choices (coin values) where the game has them."""

    @abstractmethod
    def parse_position(self, text: str) -> State:
        """A state from :meth:`State.position_text`; raises ``ValueError`` on bad text."""

    @abstractmethod
    def position_from_data(self, data: Any) -> State:
        """A state from a figure's ``position`` mapping (YAML); raises :class:`DataError` with the key path at fault."""

    @abstractmethod
    def parse_move(self, state: State, text: str) -> Move:
        """A move from notation; raises ``ValueError`` when the text is not a move."""

    @abstractmethod
    def format_move(self, state: State, move: Move) -> str:
        """A move in notation (the state is the one the move is played from)."""

    @abstractmethod
    def move_cells(self, state: State, move: Move) -> list[str]:
        """The cells a move passes through, for drawing its arrow."""

    @abstractmethod
    def table(self, state: State, view: Mapping[str, Any]) -> Table:
        """Where every piece of ``state`` lies, in inches; ``view`` holds display options."""

    @abstractmethod
    def setup_problem(self, state: State) -> str | None:
        """``None`` if ``state`` is a setup of this game, else what differs."""

    def player_index(self, name: str) -> int:
        """The index of a player named in data ("first", "second", a colour...)."""
        try:
            return self.players.index(name)
        except ValueError:
            raise ValueError(f"unknown player '{name}' (expected one of {', '.join(self.players)})") from None

    def deserialise(self, text: str) -> State:
        """The inverse of :meth:`State.serialise`."""
        start, _, moves = text.partition(HISTORY_SEPARATOR.strip())
        state = self.parse_position(start.strip())
        for token in moves.split():
            move = self.parse_move(state, token)
            state.apply(move)
        return state


def random_playout(state: State, rng: random.Random, max_plies: int = 10_000) -> int:
    """Play random legal moves (chance by its odds) until the end; return the plies played."""
    plies = 0
    while not state.is_over() and plies < max_plies:
        if state.current_player == CHANCE:
            outcomes = state.chance_outcomes()
            move = rng.choices([m for m, _ in outcomes], weights=[p for _, p in outcomes])[0]
        else:
            move = rng.choice(state.legal_moves())
        state.apply(move)
        plies += 1
    return plies


def perft(state: State, depth: int) -> int:
    """The number of move sequences of length ``depth`` (a game that ends sooner counts 0, as in chess)."""
    if depth == 0:
        return 1
    if depth == 1:
        return len(state.legal_moves())
    total = 0
    for move in state.legal_moves():
        state._do(move)
        state.history.append(move)
        total += perft(state, depth - 1)
        state.undo()
    return total


def divide(state: State, depth: int) -> dict[str, int]:
    """Perft split by first move, in notation: the tool for finding a move-generation bug."""
    counts: dict[str, int] = {}
    for move in state.legal_moves():
        text = state.game.format_move(state, move)
        state.apply(move)
        counts[text] = perft(state, depth - 1)
        state.undo()
    return counts
