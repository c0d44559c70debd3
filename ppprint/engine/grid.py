"""A base for the simplest kind of game: pieces of two or more players on a square grid, one per cell.

A game built on it writes only its rules -- which moves are legal, why not, how
the game ends, what a diagram may claim -- and inherits the rest of the
contract: the state (who is where, who moves), moves from cell to cell
(``b2-c3``), undo, copies, the position in figure data and in one line of text,
and the setup check. ``ppprint new`` writes a game on this base.

Figure data (``position:``)::

    pieces: {first: [a1, b1], second: [e6]}   # each player's cells
    to_move: first                            # default: the first player

Text notation: the ranks from the top down, separated by ``/``, each a run of
player letters (``A`` the first player, ``B`` the second...) and digits for
empty cells, then the player to move (``1``, ``2``...), as in
``BBBBBB/6/6/6/6/AAAAAA 1``.

A game extends the state with fields of its own (a counter, a score...) in a few
lines: a dataclass field on its state, the same field on a subclass of
:class:`GridPosition` set as the game's ``Position``. The base then reads and
writes the field in figure data and in the text (after the player to move, as
``key=value`` tokens: ``BBBBBB/6/6/6/6/AAAAAA 1 moves=0``), copies it with the
state, counts it in :meth:`GridState.key` and checks it in the setup check. A
field's value is immutable (a number, a string, a tuple); the game changes it in
``_do`` and restores it in ``_undo``.
"""

from __future__ import annotations

import copy
import re
from abc import abstractmethod
from collections.abc import Hashable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any, ClassVar, NamedTuple, Self, TypeVar

from pydantic import TypeAdapter, ValidationError

from ppprint.engine.base import TERMINAL, Game, PositionModel, State
from ppprint.engine.fields import fields_text, read_fields
from ppprint.errors import InvalidMoveError, PositionError
from ppprint.geometry.square import Cell, Direction, SquareGrid, cell_name, parse_cell_name, step

LETTERS = "ABCDEFGH"
"""The letters of the players' pieces in the text notation, first player first."""

_MOVE_RE = re.compile(r"([a-z][0-9]+)[-x]([a-z][0-9]+)")
_RANK_RE = re.compile(r"([A-H])|([1-9][0-9]?)")


class GridMove(NamedTuple):
    """A piece moved from one cell to another (onto an enemy piece: a capture)."""

    start: Cell
    target: Cell

    def text(self) -> str:
        """The move as ``b2-c3``."""
        return f"{cell_name(self.start)}-{cell_name(self.target)}"

    @classmethod
    def from_text(cls, text: str) -> GridMove:
        """A move from ``b2-c3`` (``b2xc3`` is read too)."""
        match = _MOVE_RE.fullmatch(text.strip())
        start, target = (parse_cell_name(match.group(1)), parse_cell_name(match.group(2))) if match else (None, None)
        if start is None or target is None:
            raise InvalidMoveError(f"'{text}' is not a move (write it like b2-c3)")
        return cls(start, target)


class GridPosition(PositionModel):
    """Each player's cells and the player to move (see the module's docstring)."""

    pieces: dict[str, list[str]] = {}
    to_move: str | None = None


@cache
def extra_fields(position: type[GridPosition]) -> tuple[str, ...]:
    """The fields a game's position model adds to :class:`GridPosition`, in order."""
    return tuple(name for name in position.model_fields if name not in GridPosition.model_fields)


def _field_text(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


@dataclass(eq=False)
class GridState(State[GridMove]):
    """Who is on which cell (``cells``: cell -> player index) and who moves; a game adds its rules."""

    game: GridGame[Any]
    cells: dict[Cell, int]
    to_move: int = 0
    start_text: str = ""
    history: list[GridMove] = field(default_factory=list)
    _taken: list[int | None] = field(default_factory=list)

    @property
    def current_player(self) -> int:
        return TERMINAL if self.outcome() is not None else self.to_move

    def owner(self, cell: Cell) -> int | None:
        """The player whose piece is on ``cell``, or ``None``."""
        return self.cells.get(cell)

    def steps(self, directions: tuple[Direction, ...]) -> Iterator[GridMove]:
        """Every one-cell step in ``directions`` by a piece of the player to move that stays on the board."""
        grid = self.game.grid
        for cell, owner in sorted(self.cells.items()):
            if owner == self.to_move:
                for direction in directions:
                    target = step(cell, direction)
                    if target in grid:
                        yield GridMove(cell, target)

    def _do(self, move: GridMove) -> None:
        self._taken.append(self.cells.get(move.target))
        self.cells[move.target] = self.cells.pop(move.start)
        self.to_move = (self.to_move + 1) % len(self.game.players)

    def _undo(self, move: GridMove) -> None:
        self.to_move = (self.to_move - 1) % len(self.game.players)
        self.cells[move.start] = self.cells.pop(move.target)
        taken = self._taken.pop()
        if taken is not None:
            self.cells[move.target] = taken

    def clone(self) -> Self:
        twin = copy.copy(self)
        twin.cells, twin.history, twin._taken = dict(self.cells), list(self.history), list(self._taken)
        return twin

    def extras(self) -> dict[str, object]:
        """The values of the fields the game adds (see the module's docstring), by name."""
        return {name: getattr(self, name) for name in extra_fields(self.game.Position)}

    def key(self) -> Hashable:
        extras = extra_fields(self.game.Position)
        if extras:
            return frozenset(self.cells.items()), self.to_move, tuple(getattr(self, name) for name in extras)
        return frozenset(self.cells.items()), self.to_move

    def position_text(self) -> str:
        grid = self.game.grid
        ranks = []
        for rank in range(grid.ranks - 1, -1, -1):
            text, empty = "", 0
            for file in range(grid.files):
                owner = self.cells.get((file, rank))
                if owner is None:
                    empty += 1
                    continue
                text += (str(empty) if empty else "") + LETTERS[owner]
                empty = 0
            ranks.append(text + (str(empty) if empty else ""))
        extras = {name: _field_text(value) for name, value in self.extras().items()}
        return f"{'/'.join(ranks)} {self.to_move + 1}" + (" " + fields_text(extras) if extras else "")


StateT = TypeVar("StateT", bound=GridState)


class GridGame(Game[StateT, GridMove, GridPosition]):
    """A game on a ``files`` x ``ranks`` grid whose setup is :meth:`setup`; ``state_class`` is its state."""

    files: ClassVar[int]
    ranks: ClassVar[int]
    state_class: ClassVar[type[GridState]]
    Position: type[GridPosition] = GridPosition
    """The position model: :class:`GridPosition`, or a subclass with the fields the game adds."""

    @property
    def grid(self) -> SquareGrid:
        """The board's cells."""
        return SquareGrid(self.files, self.ranks)

    @abstractmethod
    def setup(self) -> Mapping[str, list[str]]:
        """Each player's cells at the start, by player name."""

    def initial_state(self, rng: Any = None) -> StateT:
        return self.state_from(self.Position(pieces=dict(self.setup())))

    def position_fields(self, text: str) -> dict[str, object]:
        fields = text.split()
        extras = extra_fields(self.Position)
        if len(fields) < 2 or (len(fields) > 2 and not extras):
            then = f", then {' '.join(name + '=' for name in extras)}" if extras else ""
            raise PositionError(f"a position is the ranks (top first, '/' between them) and the player to move{then}")
        rank_texts = fields[0].split("/")
        if len(rank_texts) != self.ranks:
            raise PositionError(f"expected {self.ranks} ranks separated by '/', got {len(rank_texts)}")
        pieces: dict[str, list[str]] = {}
        for row, rank_text in enumerate(rank_texts):
            rank, file = self.ranks - 1 - row, 0
            for match in _RANK_RE.finditer(rank_text):
                if match.group(2):
                    file += int(match.group(2))
                    continue
                player = LETTERS.index(match.group(1))
                if player >= len(self.players) or file >= self.files:
                    raise PositionError(f"rank {rank + 1} '{rank_text}' is not a rank of this board")
                pieces.setdefault(self.players[player], []).append(cell_name((file, rank)))
                file += 1
            if file != self.files or "".join(m.group(0) for m in _RANK_RE.finditer(rank_text)) != rank_text:
                raise PositionError(f"rank {rank + 1} '{rank_text}' does not describe {self.files} cells")
        if not fields[1].isdigit() or not 1 <= int(fields[1]) <= len(self.players):
            raise PositionError(f"the player to move is a number from 1 to {len(self.players)}")
        data: dict[str, object] = {"pieces": pieces, "to_move": self.players[int(fields[1]) - 1]}
        for name, value in read_fields(fields[2:], extras, ordered=True).items():
            try:
                data[name] = TypeAdapter(self.Position.model_fields[name].annotation or str).validate_strings(value)
            except ValidationError as exc:
                raise PositionError(f"the field '{name}': {exc.errors()[0]['msg']}", (name,)) from None
        return data

    def state_from(self, position: GridPosition) -> StateT:
        cells: dict[Cell, int] = {}
        for name, names in position.pieces.items():
            player = self._player(name, ("pieces", name))
            for index, text in enumerate(names):
                cell = self.grid.parse(text)
                if cell is None:
                    raise PositionError(f"'{text}' is not a cell of the {self.files}x{self.ranks} board", ("pieces", name, index))
                if cell in cells:
                    raise PositionError(f"two pieces on {text}", ("pieces", name, index))
                cells[cell] = player
        to_move = self._player(position.to_move, ("to_move",)) if position.to_move is not None else 0
        extras = {name: getattr(position, name) for name in extra_fields(self.Position)}
        state = self.state_class(self, cells, to_move, **extras)
        state.start_text = state.position_text()  # once every field is set, the subclass's own included
        return state  # type: ignore[return-value]

    def _player(self, name: str, loc: tuple[object, ...]) -> int:
        if name not in self.players:
            raise PositionError(f"unknown player '{name}' (players: {', '.join(self.players)})", loc)
        return self.players.index(name)

    def parse_move(self, state: StateT, text: str) -> GridMove:
        return GridMove.from_text(text)

    def move_cells(self, state: StateT, move: GridMove) -> list[str]:
        return [cell_name(move.start), cell_name(move.target)]

    def setup_problem(self, state: StateT) -> str | None:
        expected = self.initial_state()
        for cell in self.grid.cells():
            if state.cells.get(cell) != expected.cells.get(cell):
                want = expected.cells.get(cell)
                return f"{cell_name(cell)} should hold {'nothing' if want is None else 'a piece of ' + self.players[want]}"
        if state.to_move != expected.to_move:
            return f"{self.players[expected.to_move]} moves first"
        for name, value in expected.extras().items():
            if getattr(state, name) != value:
                return f"{name} starts at {_field_text(value)}"
        return None
