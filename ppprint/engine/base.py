"""The engine API: the contract every game's rules engine implements.

Modelled on OpenSpiel and python-chess. A :class:`Game` knows the rules and the
notation; a :class:`State` is one position with its history. States change in
place with :meth:`State.apply` and go back with :meth:`State.undo`;
:meth:`State.clone` copies.

A game declares, once:

* its move type: a small hashable value (a frozen dataclass or a NamedTuple)
  with a text form, :meth:`Move.text` (like python-chess's ``Move.uci()``);
* its reason codes, facts and end reasons as enums of :class:`ReasonCode`,
  :class:`FactName` and :class:`EndReason`, each member carrying the rule it
  cites (``NO_MINION = "no-minion", "Movement: a move starts on ..."``);
* the value of each fact, as a mapping from fact to a function of the state
  (:attr:`Game.fact_values`, read by :meth:`State.fact`);
* its position data as a pydantic model (:class:`PositionModel`), read both
  from a figure's YAML and from the one-line text notation, so every bad key
  reports its own file and line.

Chance (dice) is a player: when ``current_player == CHANCE`` the legal moves are
the outcomes, and :meth:`State.chance_outcomes` gives their probabilities. A
finished game has ``current_player == TERMINAL`` and an :class:`Outcome`.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from bisect import bisect
from itertools import accumulate
from operator import itemgetter
from collections.abc import Callable, Container, Hashable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar, Final, Generic, Protocol, Self, TypeVar

from pydantic import BaseModel, ConfigDict

from ppprint.errors import IllegalMoveError, PositionError
from ppprint.model.validation import validated

Player = int
"""A player's index in :attr:`Game.players`, or :data:`CHANCE` or :data:`TERMINAL`."""

CHANCE: Final = -1
"""``current_player`` of a state waiting for a die roll."""

TERMINAL: Final = -2
"""``current_player`` of a finished game."""

HISTORY_SEPARATOR: Final = " | "
"""Separates the start position from the moves in :meth:`State.serialise`."""

SETUP: Final = "setup"
"""A figure's ``position: setup`` means the game's :meth:`Game.initial_state`."""


class RuleCode(str, Enum):
    """A code that cites a rule. Members are written ``NAME = "code", "Section: the rule in words"``."""

    rule: str

    def __new__(cls, code: str, rule: str) -> Self:
        member = str.__new__(cls, code)
        member._value_ = code
        member.rule = rule
        return member

    def __str__(self) -> str:
        return str(self.value)

    @classmethod
    def lookup(cls, code: str) -> Self | None:
        """The member whose code is ``code``, or ``None``."""
        member = cls._value2member_map_.get(code)
        return member if isinstance(member, cls) else None

    @classmethod
    def codes(cls) -> list[str]:
        """Every code, sorted."""
        return sorted(member.value for member in cls)


class ReasonCode(RuleCode):
    """Why a move is illegal (a game subclasses this with its reasons)."""


class FactName(RuleCode):
    """A fact a diagram may claim about a position (a game subclasses this with its facts)."""


class EndReason(RuleCode):
    """Why a game ended (a game subclasses this with its end conditions)."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """Whether a move is legal and, if not, why: the reason code, the words, and where the rule fails."""

    reason: ReasonCode | None = None
    words: str = ""
    at: str = ""
    """Where the move breaks its rule, in the game's cell names: one cell (``c4``), two neighbouring
    cells for the boundary between them (``c5-c6``, a wall), or empty (nowhere on the board)."""

    @property
    def legal(self) -> bool:
        """Whether the move is legal."""
        return self.reason is None

    def __str__(self) -> str:
        return "legal" if self.reason is None else f"illegal: {self.reason.value} {self.words}"


LEGAL: Final = Verdict()
"""The verdict of every legal move."""


def illegal(reason: ReasonCode, words: str, *, at: str = "") -> Verdict:
    """The verdict of a move that breaks the rule ``reason`` cites; ``words`` say how, ``at`` where
    (see :attr:`Verdict.at`)."""
    return Verdict(reason, words, at)


def cells_at(at: str, cells: Container[str]) -> tuple[str, ...]:
    """The one or two of ``cells`` a verdict's :attr:`~Verdict.at` names (a cell's own name may hold
    a ``-``), or ``()`` when it names none of them."""
    if at in cells:
        return (at,)
    for index, char in enumerate(at):
        if char == "-" and at[:index] in cells and at[index + 1 :] in cells:
            return at[:index], at[index + 1 :]
    return ()


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: why, each player's result in [-1, 1], and what decided it."""

    end: EndReason
    returns: tuple[float, ...]
    decided_by: str = ""
    """What decided the winner when a rule had to (a tiebreak), else empty."""

    @property
    def winners(self) -> tuple[Player, ...]:
        """The players with the best result, when it is a win (above 0): in a cooperative game,
        every player when they win together; nobody in a draw or a shared loss."""
        best = max(self.returns)
        return tuple(p for p, r in enumerate(self.returns) if r == best) if best > 0 else ()

    @property
    def draw(self) -> bool:
        """Whether every player's result is 0."""
        return all(r == 0 for r in self.returns)


class Move(Hashable, Protocol):
    """What the API asks of a move: a hashable value with a text form in the game's notation."""

    def text(self) -> str:
        """The move in notation, without context (like python-chess's ``uci()``)."""
        ...


class PositionModel(BaseModel):
    """The data of a position, as a figure's ``position:`` and the text notation both give it.

    Unknown keys and values of the wrong type are refused; a game adds the checks
    that need the rules in :meth:`Game.state_from`.
    """

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


MoveT = TypeVar("MoveT", bound=Move)
StateT = TypeVar("StateT", bound="State[Any]")
PositionT = TypeVar("PositionT", bound=PositionModel)


class State(ABC, Generic[MoveT]):
    """One position of a game, plus what it needs of its past."""

    game: Game[Any, MoveT, Any]
    start_text: str
    """The position the history starts from, in notation."""
    history: list[MoveT]
    """The moves played since :attr:`start_text`."""

    # -- what every engine provides ------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> Player:
        """Index of the player to move, :data:`CHANCE` or :data:`TERMINAL`."""

    @abstractmethod
    def legal_moves(self) -> list[MoveT]:
        """Every legal move (or chance outcome), in a deterministic order."""

    @abstractmethod
    def explain(self, move: MoveT) -> Verdict:
        """Judge a move: :data:`LEGAL`, or the reason code and words of the rule it breaks."""

    @abstractmethod
    def _do(self, move: MoveT) -> None:
        """Play a move already known to be legal, recording what undo needs."""

    @abstractmethod
    def _undo(self, move: MoveT) -> None:
        """Take back the last move played by :meth:`_do`."""

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy, history included."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""

    @abstractmethod
    def position_text(self) -> str:
        """The current position in the game's one-line notation (no history)."""

    @abstractmethod
    def key(self) -> Hashable:
        """Everything that decides the future of the game; equal keys mean equal states."""

    # -- shared behaviour --------------------------------------------------------------
    def fact(self, name: Any) -> object:
        """The value of one fact (a member of the game's :class:`FactName` enum), from :attr:`Game.fact_values`."""
        return self.game.fact_values[name](self)

    def chance_outcomes(self) -> list[tuple[MoveT, float]]:
        """Chance outcomes with probabilities; only at a chance node."""
        return []

    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.current_player == TERMINAL

    def returns(self) -> tuple[float, ...]:
        """Each player's result in [-1, 1]: 1 win, -1 loss, 0 draw (zeros while playing)."""
        outcome = self.outcome()
        return outcome.returns if outcome is not None else (0.0,) * len(self.game.players)

    def facts(self) -> dict[str, object]:
        """Every fact, by name (computing all of them: use :meth:`fact` for one)."""
        return {member.value: self.fact(member) for member in self.game.Fact}

    def apply(self, move: MoveT) -> None:
        """Play ``move``; raise :class:`IllegalMoveError` with a reason if it is illegal."""
        verdict = self.explain(move)
        if verdict.reason is not None:
            raise IllegalMoveError(verdict.reason, verdict.words)
        self._do(move)
        self.history.append(move)

    def push(self, move: MoveT) -> None:
        """Play a move known to be legal (one of :meth:`legal_moves`) without judging it again."""
        self._do(move)
        self.history.append(move)

    def undo(self) -> MoveT:
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
            replay.push(move)
        return self.start_text + HISTORY_SEPARATOR + " ".join(texts)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and type(other) is type(self) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())


class Game(ABC, Generic[StateT, MoveT, PositionT]):
    """A game's rules and notation: one instance per variant (number of players, board size...)."""

    id: ClassVar[str]
    """The game's id: the name of its folder."""
    title: ClassVar[str]
    version: ClassVar[str] = "1"
    """Changes whenever the rules engine could judge a position differently (caches key on it)."""
    Reason: ClassVar[type[ReasonCode]]
    Fact: ClassVar[type[FactName]]
    fact_values: ClassVar[Mapping[Any, Callable[[Any], object]]]
    """Each member of :attr:`Fact` -> the function of a state that gives its value."""
    End: ClassVar[type[EndReason]]
    Position: type[PositionT]
    """The model of the game's position data (set on the class)."""
    players: tuple[str, ...]
    """The players' names as figure data writes them ("first", "second", a colour...)."""

    # -- what every engine provides ------------------------------------------------
    @abstractmethod
    def initial_state(self, rng: random.Random | None = None) -> StateT:
        """The setup; ``rng`` decides hidden or random choices (coin values) where the game has them."""

    @abstractmethod
    def position_fields(self, text: str) -> Mapping[str, object]:
        """The data of a position written in the game's one-line notation (raise :class:`PositionError`)."""

    @abstractmethod
    def state_from(self, position: PositionT) -> StateT:
        """The state a validated position describes; a :class:`PositionError` names the key at fault."""

    @abstractmethod
    def parse_move(self, state: StateT, text: str) -> MoveT:
        """A move from notation; :class:`~ppprint.errors.InvalidMoveError` when the text is not a move."""

    @abstractmethod
    def move_cells(self, state: StateT, move: MoveT) -> list[str]:
        """The cells a move passes through, for drawing it (one cell: a placement or a move in place)."""

    @abstractmethod
    def setup_problem(self, state: StateT) -> str | None:
        """``None`` if ``state`` is a setup of this game, else what differs."""

    # -- shared behaviour --------------------------------------------------------------
    def format_move(self, state: StateT, move: MoveT) -> str:
        """A move in notation, as played from ``state`` (default: :meth:`Move.text`)."""
        return move.text()

    def parse_position(self, text: str) -> StateT:
        """A state from :meth:`State.position_text`; raises :class:`PositionError` on bad text."""
        return self.position_from_data(self.position_fields(text))

    def position_from_data(self, data: object) -> StateT:
        """A state from a figure's ``position:`` (``setup`` or the game's position mapping)."""
        if data == SETUP:
            return self.initial_state()
        if not isinstance(data, Mapping):
            raise PositionError(f"a position is '{SETUP}' or a mapping with the keys {', '.join(self.Position.model_fields)}")
        return self.state_from(validated(self.Position, data, PositionError))

    def deserialise(self, text: str) -> StateT:
        """The inverse of :meth:`State.serialise`: a position, then the moves played from it."""
        start, _, moves = text.partition(HISTORY_SEPARATOR.strip())
        state = self.parse_position(start.strip())
        for token in moves.split():
            state.apply(self.parse_move(state, token))
        return state

    def player_index(self, name: str) -> Player:
        """The index of a player named in data ("first", "second", a colour...)."""
        try:
            return self.players.index(name)
        except ValueError:
            raise PositionError(f"unknown player '{name}' (players: {', '.join(self.players)})") from None


def random_playout(state: State[Any], rng: random.Random, max_plies: int = 10_000) -> int:
    """Play random legal moves (chance by its odds) until the end; return the plies played."""
    plies = 0
    while plies < max_plies:
        player = state.current_player
        if player == TERMINAL:
            break
        if player == CHANCE:
            move = sample_chance(state.chance_outcomes(), rng)
        else:
            move = rng.choice(state.legal_moves())
        state.push(move)
        plies += 1
    return plies


def sample_chance(outcomes: list[tuple[MoveT, float]], rng: random.Random) -> MoveT:
    """One chance outcome drawn by its odds: exactly ``rng.choices`` over the outcomes with their weights
    (the same draw from the same generator), without building the two lists."""
    cumulative = list(accumulate(map(itemgetter(1), outcomes)))
    return outcomes[bisect(cumulative, rng.random() * (cumulative[-1] + 0.0), 0, len(cumulative) - 1)][0]


def perft(state: State[Any], depth: int) -> int:
    """The number of move sequences of length ``depth`` (a game that ends sooner counts 0, as in chess)."""
    if depth == 0:
        return 1
    if depth == 1:
        return len(state.legal_moves())
    total = 0
    for move in state.legal_moves():
        state.push(move)
        total += perft(state, depth - 1)
        state.undo()
    return total


def divide(state: State[Any], depth: int, progress: Callable[[int, int], None] | None = None) -> dict[str, int]:
    """Perft split by first move, in notation: the tool for finding a move-generation bug.

    ``progress(done, total)`` is called after each first move (the command line shows it
    on a terminal, so a long count can be watched, and stopped with Ctrl-C).
    """
    counts: dict[str, int] = {}
    moves = state.legal_moves()
    for done, move in enumerate(moves, start=1):
        text = state.game.format_move(state, move)
        state.push(move)
        counts[text] = perft(state, depth - 1)
        state.undo()
        if progress is not None:
            progress(done, len(moves))
    return counts
