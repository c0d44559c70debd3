"""The rules engine of Pong Hau K'i: two pieces each on five points, moving along the lines.

The board (points, lines, the players' home rows) is data, ``board.yaml``. A move
is a piece going from its point along a line to the point at the other end,
which must be empty (``nw-c``). A player who cannot move on their turn loses.
Ruling: after 40 moves in all without a winner the game is a draw (the
traditional game is stopped by agreement; see clarifications.md).

Position notation: the five points in the board's order (nw, ne, c, sw, se),
each ``r`` (red), ``b`` (blue) or ``.`` (empty), then the player to move (1 or
2), then the moves played so far: ``rr.bb 1 0``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, NamedTuple

from ppprint.api import EndReason, FactName, Game, illegal, InvalidMoveError, LEGAL, load_graph, Outcome, PositionError, PositionModel, ReasonCode, State, TERMINAL, Verdict

BOARD = load_graph(Path(__file__).with_name("board.yaml"))
POINTS = tuple(BOARD.names())
PLAYERS = ("red", "blue")
LETTERS = "rb"
MOVE_LIMIT = 40
"""Moves in all after which a game with no winner is a draw (a ruling)."""
_MOVE_RE = re.compile(r"([a-z][a-z0-9]*)-([a-z][a-z0-9]*)")


class Move(NamedTuple):
    """A piece moved from one point to another (``nw-c``)."""

    start: str
    target: str

    def text(self) -> str:
        """The move as ``nw-c``."""
        return f"{self.start}-{self.target}"


class Reason(ReasonCode):
    GAME_OVER = "game-over", "Winning: no move is played once the game has ended"
    NOT_YOUR_PIECE = "not-your-piece", "Moving: you move one of your own pieces"
    NO_LINE = "no-line", "Moving: a piece moves along a line to the point at its other end"
    TAKEN = "taken", "Moving: a piece moves only to an empty point"


class Fact(FactName):
    TO_MOVE = "to_move", "Moving: the player to move"
    WINNER = "winner", "Winning: who won"
    LEGAL_MOVES = "legal_moves", "Moving: how many moves the player to move has"


class End(EndReason):
    BLOCKED = "blocked", "Winning: a player who cannot move on their turn loses"
    MOVE_LIMIT = "move-limit", "Winning: after 40 moves without a winner the game is a draw"


class PongHauKiPosition(PositionModel):
    """Each player's points, the player to move and the moves played so far."""

    pieces: dict[str, list[str]] = {}
    to_move: str = "red"
    moves: int = 0


@dataclass(eq=False)
class PongHauKiState(State[Move]):
    """Who stands on which point (``points``: name -> player), who moves, how many moves were played."""

    game: PongHauKi
    points: dict[str, int]
    to_move: int = 0
    moves: int = 0
    start_text: str = ""
    history: list[Move] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.start_text:
            self.start_text = self.position_text()

    @property
    def current_player(self) -> int:
        return TERMINAL if self.outcome() is not None else self.to_move

    def legal_moves(self) -> list[Move]:
        return [] if self.outcome() is not None else self._moves()

    def _moves(self) -> list[Move]:
        empty = [name for name in POINTS if name not in self.points]
        return sorted(Move(start, target) for target in empty for start in BOARD.neighbours(target) if self.points.get(start) == self.to_move)

    def explain(self, move: Move) -> Verdict:
        if self.outcome() is not None:
            return illegal(Reason.GAME_OVER, "the game has ended")
        if self.points.get(move.start) != self.to_move:
            return illegal(Reason.NOT_YOUR_PIECE, f"no piece of {PLAYERS[self.to_move]} stands on {move.start}", at=move.start)
        if not BOARD.joined(move.start, move.target):
            return illegal(Reason.NO_LINE, f"no line joins {move.start} and {move.target}", at=move.target)
        if move.target in self.points:
            return illegal(Reason.TAKEN, f"a piece already stands on {move.target}", at=move.target)
        return LEGAL

    def _do(self, move: Move) -> None:
        self.points[move.target] = self.points.pop(move.start)
        self.to_move = 1 - self.to_move
        self.moves += 1

    def _undo(self, move: Move) -> None:
        self.moves -= 1
        self.to_move = 1 - self.to_move
        self.points[move.start] = self.points.pop(move.target)

    def clone(self) -> PongHauKiState:
        return PongHauKiState(self.game, dict(self.points), self.to_move, self.moves, self.start_text, list(self.history))

    def outcome(self) -> Outcome | None:
        if not self._moves():
            return Outcome(End.BLOCKED, (-1.0, 1.0) if self.to_move == 0 else (1.0, -1.0))
        if self.moves >= MOVE_LIMIT:
            return Outcome(End.MOVE_LIMIT, (0.0, 0.0))
        return None

    def position_text(self) -> str:
        cells = "".join(LETTERS[self.points[name]] if name in self.points else "." for name in POINTS)
        return f"{cells} {self.to_move + 1} {self.moves}"

    def key(self) -> Hashable:
        return frozenset(self.points.items()), self.to_move, self.moves


def _winner(state: PongHauKiState) -> str | None:
    outcome = state.outcome()
    return PLAYERS[outcome.winners[0]] if outcome is not None and outcome.winners else None


class PongHauKi(Game[PongHauKiState, Move, PongHauKiPosition]):
    """The rules and notation of Pong Hau K'i."""

    id = "ponghauki"
    title = "Pong Hau K'i"
    players = PLAYERS
    Reason, Fact, End = Reason, Fact, End
    Position = PongHauKiPosition
    fact_values: ClassVar[Mapping[Any, Callable[[Any], object]]] = {
        Fact.TO_MOVE: lambda s: None if s.outcome() else PLAYERS[s.to_move],
        Fact.WINNER: _winner,
        Fact.LEGAL_MOVES: lambda s: len(s.legal_moves()),
    }

    def initial_state(self, rng: Any = None) -> PongHauKiState:
        return self.state_from(PongHauKiPosition(pieces={"red": ["nw", "ne"], "blue": ["sw", "se"]}))

    def position_fields(self, text: str) -> dict[str, object]:
        fields = text.split()
        if len(fields) != 3 or len(fields[0]) != len(POINTS) or set(fields[0]) - set(LETTERS + ".") or fields[1] not in ("1", "2") or not fields[2].isdigit():
            raise PositionError(f"a position is the {len(POINTS)} points ({', '.join(POINTS)}) as r, b or '.', the player to move (1 or 2) and the moves played: rr.bb 1 0")
        pieces = {player: [name for name, letter in zip(POINTS, fields[0]) if letter == LETTERS[index]] for index, player in enumerate(PLAYERS)}
        return {"pieces": pieces, "to_move": PLAYERS[int(fields[1]) - 1], "moves": int(fields[2])}

    def state_from(self, position: PongHauKiPosition) -> PongHauKiState:
        points: dict[str, int] = {}
        for name, names in position.pieces.items():
            player = self.player_index(name)
            if len(names) > 2:
                raise PositionError(f"{name} has two pieces, not {len(names)}", ("pieces", name))
            for index, point in enumerate(names):
                if point not in BOARD:
                    raise PositionError(f"'{point}' is not a point of the board (points: {', '.join(POINTS)})", ("pieces", name, index))
                if point in points:
                    raise PositionError(f"two pieces on {point}", ("pieces", name, index))
                points[point] = player
        if position.moves < 0:
            raise PositionError("moves is a count, 0 or more", ("moves",))
        return PongHauKiState(self, points, self.player_index(position.to_move), position.moves)

    def parse_move(self, state: PongHauKiState, text: str) -> Move:
        match = _MOVE_RE.fullmatch(text.strip())
        if match is None or match.group(1) not in BOARD or match.group(2) not in BOARD:
            raise InvalidMoveError(f"'{text}' is not a move (write two points joined by '-': {POINTS[0]}-{POINTS[2]})")
        return Move(match.group(1), match.group(2))

    def move_cells(self, state: PongHauKiState, move: Move) -> list[str]:
        return [move.start, move.target]

    def setup_problem(self, state: PongHauKiState) -> str | None:
        expected = self.initial_state()
        for name in POINTS:
            if state.points.get(name) != expected.points.get(name):
                want = expected.points.get(name)
                return f"{name} should hold {'nothing' if want is None else 'a piece of ' + PLAYERS[want]}"
        if state.to_move != expected.to_move or state.moves:
            return "red moves first, with no move played"
        return None


GAME = PongHauKi()
