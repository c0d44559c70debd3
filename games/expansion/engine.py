"""Expansion (Lu Bolin, Teng Yan Zhen, Julia Kwek, 2025): the reference engine.

The board is 3x3 piecepack tiles of 2x2 cells, a 6x6 grid ``a1``..``f6``. Tiles
are named by their lower-left cell: ``a1 c1 e1 a3 c3 e3 a5 c5 e5``; ``c3`` is the
centre tile, ``a1`` the first player's home tile and ``e5`` the second's.

Move notation (after PPN): ``b2-b3`` moves the minion on b2 to b3; ``b2xb3`` is
the same move written as an attack (the engine writes ``x`` when the target holds
an enemy minion, and reads either sign).

Position notation (one line, like chess FEN), four fields separated by spaces::

    M0M1M23/M2M44/M53/3m5/4m4m2/3m3m1m0 1 1-------2 first-move

1. the ranks from 6 down to 1, separated by ``/``: ``M`` and a value is a first
   player's minion, ``m`` and a value a second player's minion (values 0 = blank,
   1 = ace, 2-5), a digit 1-6 alone is that many empty cells;
2. the player to move, ``1`` or ``2``;
3. the owners of the nine tiles in the order a1 c1 e1 a3 c3 e3 a5 c5 e5:
   ``1``, ``2`` or ``-`` (not captured);
4. ``first-move`` while the game's first move is still to be played, else ``-``.

The figure data format (``position:`` in a figure's YAML) is documented on
:meth:`Expansion.position_from_data`.
"""

from __future__ import annotations

import random
import re
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ppprint.engine.base import LEGAL, TERMINAL, Game, State, Verdict
from ppprint.errors import DataError
from ppprint.geometry.square import ALL_DIRECTIONS, ORTHOGONAL, Cell, SquareGrid, cell_name, step
from ppprint.geometry.tiles import TileLayout
from ppprint.model.table import (
    CELL_SIZE,
    PAWN_WIDTH,
    TILE_SIZE,
    Label,
    Piece,
    Table,
    square_polygon,
)

GRID = SquareGrid(6, 6)
TILES = TileLayout.grid(3, 3)
TILE_NAMES = tuple(cell_name((tile.x, tile.y)) for tile in TILES.tiles)
CENTRE_TILE = TILE_NAMES.index("c3")
HOME_TILES = (TILE_NAMES.index("a1"), TILE_NAMES.index("e5"))
TILES_TO_WIN = 5
PLAYERS = ("first", "second")
VALUE_NAMES = ("blank", "ace", "2", "3", "4", "5")
ACE = 1

SETUP_CELLS: tuple[tuple[str, ...], tuple[str, ...]] = (
    ("a1", "b1", "c1", "a2", "b2", "a3"),
    ("f6", "e6", "d6", "f5", "e5", "f4"),
)
"""Where each player's six minions start (RULINGS: the triangle in each corner)."""

DEFAULT_SETUP_VALUES = (0, 1, 2, 3, 4, 5)
"""Ruling: players choose where their coins go; without a choice (no random
generator given) the engine puts blank, ace, 2, 3, 4, 5 on the setup cells in
the order of :data:`SETUP_CELLS`."""

_TILE_OF = [TILES.tile_index(GRID.cell_at(i)) for i in range(36)]
_TILE_CELLS = [[GRID.index(c) for c in tile.cells()] for tile in TILES.tiles]

Move = tuple[int, int]
"""A move: (from cell index, to cell index); cell index = rank * 6 + file."""

REASONS: dict[str, str] = {
    "game-over": "End of the game: no move is played once the game has ended",
    "no-minion": "Movement: a move starts on a cell holding one of your minions",
    "not-your-minion": "Movement: you may only move your own minions",
    "diagonal-walk": "Movement: a walk goes one cell up, down, left or right, never diagonally",
    "not-a-walk-or-jump": "Movement: a minion walks one cell or jumps exactly two cells in a straight line",
    "friendly-destination": "Movement: a minion never ends on a cell held by a friendly minion",
    "jump-over-empty": "Movement: a jump must pass over an occupied cell",
    "first-move-jump": "Movement: the first move of the game must be a walk",
}

FACTS: dict[str, str] = {
    "minions": "Movement and combat: which minion stands on each cell",
    "coin_values": "Equipment: the values of each player's coins on the board",
    "removed": "Combat: the minions the last move removed",
    "captured": "Capturing tiles: the tiles the last move captured",
    "tiles": "Capturing tiles: every captured tile and its owner",
    "tile_counts": "Capturing tiles: how many tiles each player holds",
    "to_move": "Turns: the player to move",
    "over": "End of the game: whether the game has ended",
    "end": "End of the game: which end condition ended it",
    "winner": "Winning: who won",
    "tiebreak": "Winning: what decided the winner",
    "legal_moves": "Movement: the number of legal moves of the player to move",
}


def _piece(owner: int, value: int) -> int:
    return owner * 6 + value + 1


def _owner(piece: int) -> int:
    return (piece - 1) // 6


def _value(piece: int) -> int:
    return (piece - 1) % 6


def _name(index: int) -> str:
    return cell_name(GRID.cell_at(index))


def _describe(piece: int) -> str:
    return f"{PLAYERS[_owner(piece)]} {VALUE_NAMES[_value(piece)]}"


def combat(attacker: int, defender: int) -> tuple[bool, bool]:
    """Which minions a fight removes, given their values: ``(attacker_removed, defender_removed)``.

    Blank counts 0. An ace on either side removes both; otherwise the lower value
    is removed, both on a tie.
    """
    if attacker == ACE or defender == ACE:
        return True, True
    return attacker <= defender, defender <= attacker


@dataclass
class _Undo:
    board: list[int]
    tiles: list[int]
    first_move: bool
    end: str | None
    events: dict[str, Any]
    key: Hashable


@dataclass(eq=False)
class ExpansionState(State):
    """A position of Expansion with the repetition counts of its past."""

    game: Expansion
    board: list[int]
    to_move: int
    tiles: list[int]
    first_move: bool
    start_text: str = ""
    counts: dict[Hashable, int] = field(default_factory=dict)
    end: str | None = None
    events: dict[str, Any] = field(default_factory=dict)
    history: list[Move] = field(default_factory=list)
    _stack: list[_Undo] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.start_text:
            self.start_text = self.position_text()
        if not self.counts:
            self.counts = {self._position_key(): 1}
        if self.end is None:
            self.end = self._end_condition()

    # -- the API -----------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return TERMINAL if self.end is not None else self.to_move

    def legal_moves(self) -> list[Move]:
        if self.end is not None:
            return []
        moves = self._moves_of(self.to_move)
        return sorted(moves, key=lambda m: (_name(m[0]), _name(m[1])))

    def _moves_of(self, player: int) -> list[Move]:
        board = self.board
        moves: list[Move] = []
        for index, piece in enumerate(board):
            if not piece or _owner(piece) != player:
                continue
            cell = GRID.cell_at(index)
            for direction in ORTHOGONAL:
                target = step(cell, direction)
                if target in GRID:
                    t = GRID.index(target)
                    if not board[t] or _owner(board[t]) != player:
                        moves.append((index, t))
            if self.first_move:
                continue
            for direction in ALL_DIRECTIONS:
                over, target = step(cell, direction), step(cell, direction, 2)
                if target in GRID and board[GRID.index(over)]:
                    t = GRID.index(target)
                    if not board[t] or _owner(board[t]) != player:
                        moves.append((index, t))
        return moves

    def explain(self, move: Move) -> Verdict:
        if self.end is not None:
            return _illegal("game-over", "the game has ended")
        start, target = move
        piece = self.board[start]
        if not piece:
            return _illegal("no-minion", f"there is no minion on {_name(start)}")
        if _owner(piece) != self.to_move:
            return _illegal("not-your-minion", f"the minion on {_name(start)} is the opponent's")
        (x0, y0), (x1, y1) = GRID.cell_at(start), GRID.cell_at(target)
        dx, dy = abs(x1 - x0), abs(y1 - y0)
        is_walk = dx + dy == 1
        is_jump = max(dx, dy) == 2 and dx in (0, 2) and dy in (0, 2)
        if dx == dy == 1:
            return _illegal("diagonal-walk", f"{_name(start)} to {_name(target)} is a diagonal step")
        if not (is_walk or is_jump):
            return _illegal("not-a-walk-or-jump", f"{_name(start)} to {_name(target)} is neither a walk nor a jump")
        held = self.board[target]
        if held and _owner(held) == self.to_move:
            return _illegal("friendly-destination", f"{_name(target)} holds a friendly minion")
        if is_jump:
            if self.first_move:
                return _illegal("first-move-jump", "the first move of the game must be a walk")
            middle = GRID.index(((x0 + x1) // 2, (y0 + y1) // 2))
            if not self.board[middle]:
                return _illegal("jump-over-empty", f"the jumped cell {_name(middle)} is empty")
        return LEGAL

    def _do(self, move: Move) -> None:
        key = self._position_key()
        self._stack.append(_Undo(self.board[:], self.tiles[:], self.first_move, self.end, self.events, key))
        start, target = move
        mover, defender = self.board[start], self.board[target]
        removed: list[str] = []
        self.board[start] = 0
        if not defender:
            self.board[target] = mover
        else:
            mover_lost, defender_lost = combat(_value(mover), _value(defender))
            if mover_lost:
                removed.append(_describe(mover))
            if defender_lost:
                removed.append(_describe(defender))
                self.board[target] = 0 if mover_lost else mover
        captured = self._capture_tiles()
        self.first_move = False
        self.to_move = 1 - self.to_move
        new_key = self._position_key()
        self.counts[new_key] = self.counts.get(new_key, 0) + 1
        self.events = {"removed": sorted(removed), "captured": captured}
        self.end = self._end_condition()

    def _undo(self, move: Move) -> None:
        saved = self._stack.pop()
        key = self._position_key()
        self.counts[key] -= 1
        if not self.counts[key]:
            del self.counts[key]
        self.board, self.tiles, self.first_move = saved.board[:], saved.tiles[:], saved.first_move
        self.end, self.events = saved.end, saved.events
        self.to_move = 1 - self.to_move

    def clone(self) -> ExpansionState:
        copy = ExpansionState(
            game=self.game,
            board=self.board[:],
            to_move=self.to_move,
            tiles=self.tiles[:],
            first_move=self.first_move,
            start_text=self.start_text,
            counts=dict(self.counts),
            end=self.end,
            events=dict(self.events),
            history=list(self.history),
        )
        copy._stack = list(self._stack)
        return copy

    def returns(self) -> tuple[float, ...]:
        if self.end is None:
            return (0.0, 0.0)
        winner = self._winner()[0]
        return (1.0, -1.0) if winner == 0 else (-1.0, 1.0)

    def position_text(self) -> str:
        ranks = []
        for rank in range(GRID.ranks - 1, -1, -1):
            text, empty = "", 0
            for file in range(GRID.files):
                piece = self.board[GRID.index((file, rank))]
                if not piece:
                    empty += 1
                    continue
                if empty:
                    text, empty = text + str(empty), 0
                text += ("M" if _owner(piece) == 0 else "m") + str(_value(piece))
            ranks.append(text + (str(empty) if empty else ""))
        tiles = "".join("-" if t < 0 else str(t + 1) for t in self.tiles)
        return f"{'/'.join(ranks)} {self.to_move + 1} {tiles} {'first-move' if self.first_move else '-'}"

    def key(self) -> Hashable:
        return (self._position_key(), self.first_move, self.end, frozenset(self.counts.items()))

    def facts(self) -> dict[str, Any]:
        winner, tiebreak = self._winner() if self.end is not None else (None, None)
        counts = [self.tiles.count(0), self.tiles.count(1)]
        return {
            "minions": {_name(i): _describe(p) for i, p in enumerate(self.board) if p},
            "coin_values": {
                PLAYERS[player]: [VALUE_NAMES[_value(p)] for p in sorted(self.board) if p and _owner(p) == player]
                for player in (0, 1)
            },
            "removed": list(self.events.get("removed", [])),
            "captured": dict(self.events.get("captured", {})),
            "tiles": {TILE_NAMES[i]: PLAYERS[o] for i, o in enumerate(self.tiles) if o >= 0},
            "tile_counts": {"first": counts[0], "second": counts[1]},
            "to_move": PLAYERS[self.to_move] if self.end is None else None,
            "over": self.end is not None,
            "end": self.end,
            "winner": PLAYERS[winner] if winner is not None else None,
            "tiebreak": tiebreak,
            "legal_moves": len(self.legal_moves()),
        }

    # -- rules helpers -------------------------------------------------------------------
    def _position_key(self) -> Hashable:
        """What threefold repetition compares: minions (cell, owner, value), tile owners, player to move."""
        return tuple(self.board), tuple(self.tiles), self.to_move

    def _capture_tiles(self) -> dict[str, str]:
        captured: dict[str, str] = {}
        for tile, cells in enumerate(_TILE_CELLS):
            if self.tiles[tile] >= 0:
                continue
            count = [0, 0]
            for index in cells:
                if self.board[index]:
                    count[_owner(self.board[index])] += 1
            for player in (0, 1):
                if count[player] >= count[1 - player] + 2:
                    self.tiles[tile] = player
                    captured[TILE_NAMES[tile]] = PLAYERS[player]
        return captured

    def _end_condition(self) -> str | None:
        """The first end condition (RULINGS order) that holds, or ``None``."""
        if max(self.tiles.count(0), self.tiles.count(1)) >= TILES_TO_WIN:
            return "five-tiles"
        minions = [0, 0]
        for piece in self.board:
            if piece:
                minions[_owner(piece)] += 1
        if -1 not in self.tiles or max(minions) < 2:
            return "no-capture-possible"
        if self.counts.get(self._position_key(), 0) >= 3:
            return "threefold-repetition"
        if not self._moves_of(self.to_move):
            return "no-legal-move"
        return None

    def _winner(self) -> tuple[int, str]:
        """The winner and what decided it: most tiles, then the centre tile, then the second player."""
        first, second = self.tiles.count(0), self.tiles.count(1)
        if first != second:
            return (0 if first > second else 1), "most-tiles"
        if self.tiles[CENTRE_TILE] >= 0:
            return self.tiles[CENTRE_TILE], "centre-tile"
        return 1, "second-player"


def _illegal(reason: str, words: str) -> Verdict:
    return Verdict(False, reason, words)


_RANK_RE = re.compile(r"([Mm])([0-5])|([1-6])")
_MOVE_RE = re.compile(r"([a-z][0-9]+)([-x])([a-z][0-9]+)")


class Expansion(Game):
    """The rules and notation of Expansion."""

    id = "expansion"
    title = "Expansion"
    players = PLAYERS
    reasons = REASONS
    facts = FACTS

    def initial_state(self, rng: random.Random | None = None) -> ExpansionState:
        values = [list(DEFAULT_SETUP_VALUES), list(DEFAULT_SETUP_VALUES)]
        if rng is not None:
            for player_values in values:
                rng.shuffle(player_values)
        board = [0] * 36
        for player, cells in enumerate(SETUP_CELLS):
            for name, value in zip(cells, values[player]):
                board[GRID.index(_cell(name))] = _piece(player, value)
        tiles = [-1] * 9
        for player, tile in enumerate(HOME_TILES):
            tiles[tile] = player
        return ExpansionState(self, board, 0, tiles, first_move=True)

    def parse_position(self, text: str) -> ExpansionState:
        fields = text.split()
        if len(fields) != 4:
            raise ValueError("a position has four fields: ranks, player to move, tiles, first-move flag")
        rank_texts = fields[0].split("/")
        if len(rank_texts) != GRID.ranks:
            raise ValueError(f"expected {GRID.ranks} ranks separated by '/', got {len(rank_texts)}")
        board = [0] * 36
        for row, rank_text in enumerate(rank_texts):
            rank, file, pos = GRID.ranks - 1 - row, 0, 0
            for match in _RANK_RE.finditer(rank_text):
                if match.start() != pos:
                    break
                pos = match.end()
                if match.group(3):
                    file += int(match.group(3))
                    continue
                if file >= GRID.files:
                    break
                owner = 0 if match.group(1) == "M" else 1
                board[GRID.index((file, rank))] = _piece(owner, int(match.group(2)))
                file += 1
            if pos != len(rank_text) or file != GRID.files:
                raise ValueError(f"rank {rank + 1} '{rank_text}' does not describe 6 cells")
        if fields[1] not in ("1", "2"):
            raise ValueError("the player to move is 1 or 2")
        if len(fields[2]) != 9 or any(c not in "12-" for c in fields[2]):
            raise ValueError("tiles: nine characters, each 1, 2 or -")
        tiles = [-1 if c == "-" else int(c) - 1 for c in fields[2]]
        if fields[3] not in ("first-move", "-"):
            raise ValueError("the last field is 'first-move' or '-'")
        return ExpansionState(self, board, int(fields[1]) - 1, tiles, first_move=fields[3] == "first-move")

    def position_from_data(self, data: Any) -> ExpansionState:
        """A state from a figure's ``position:``.

        Either the word ``setup`` (the setup with the default coin values) or a mapping::

            minions:                 # per player, cell -> coin value (blank, ace, 0-5)
              first: {c3: 4, d4: ace}
              second: {c4: 2}
            captured: {c3: first}    # tiles captured besides the two home tiles (optional)
            to_move: first           # default first
            first_move: false        # true while the game's first move is still to come
        """
        if data == "setup":
            return self.initial_state()
        if not isinstance(data, Mapping):
            raise DataError("a position is 'setup' or a mapping with minions, captured, to_move, first_move")
        unknown = set(data) - {"minions", "captured", "to_move", "first_move"}
        if unknown:
            key = sorted(map(str, unknown))[0]
            raise DataError(f"unknown position key '{key}'", (key,))
        board = [0] * 36
        minions = data.get("minions") or {}
        if not isinstance(minions, Mapping):
            raise DataError("minions: a mapping of player -> {cell: value}", ("minions",))
        for player_name, placed in minions.items():
            player = self._player(player_name, ("minions", player_name))
            if not isinstance(placed, Mapping):
                raise DataError("a mapping of cell -> coin value", ("minions", player_name))
            for cell_text, value in placed.items():
                loc = ("minions", player_name, cell_text)
                index = GRID.index(_cell(str(cell_text), loc))
                if board[index]:
                    raise DataError(f"two minions on cell {cell_text}", loc)
                board[index] = _piece(player, _coin_value(value, loc))
        tiles = [-1] * 9
        for player, tile in enumerate(HOME_TILES):
            tiles[tile] = player
        captured = data.get("captured") or {}
        if not isinstance(captured, Mapping):
            raise DataError("captured: a mapping of tile -> player", ("captured",))
        for tile_text, player_name in captured.items():
            if tile_text not in TILE_NAMES:
                raise DataError(f"unknown tile '{tile_text}' (tiles: {' '.join(TILE_NAMES)})", ("captured", tile_text))
            tiles[TILE_NAMES.index(tile_text)] = self._player(player_name, ("captured", tile_text))
        to_move = self._player(data.get("to_move", "first"), ("to_move",))
        first_move = data.get("first_move", False)
        if not isinstance(first_move, bool):
            raise DataError("first_move is true or false", ("first_move",))
        return ExpansionState(self, board, to_move, tiles, first_move=first_move)

    def _player(self, name: Any, loc: tuple[Any, ...]) -> int:
        try:
            return self.player_index(str(name))
        except ValueError as exc:
            raise DataError(str(exc), loc) from None

    def parse_move(self, state: State, text: str) -> Move:
        match = _MOVE_RE.fullmatch(text.strip())
        if not match:
            raise ValueError(f"'{text}' is not a move (write it like b2-b3 or b2xb3)")
        return GRID.index(_cell(match.group(1))), GRID.index(_cell(match.group(3)))

    def format_move(self, state: State, move: Move) -> str:
        assert isinstance(state, ExpansionState)
        start, target = move
        mover, held = state.board[start], state.board[target]
        attack = bool(mover and held and _owner(held) != _owner(mover))
        return f"{_name(start)}{'x' if attack else '-'}{_name(target)}"

    def move_cells(self, state: State, move: Move) -> list[str]:
        return [_name(move[0]), _name(move[1])]

    def setup_problem(self, state: State) -> str | None:
        assert isinstance(state, ExpansionState)
        expected = self.initial_state()
        for index in range(36):
            if bool(state.board[index]) != bool(expected.board[index]):
                return f"cell {_name(index)} should be {'occupied' if expected.board[index] else 'empty'}"
            if state.board[index] and _owner(state.board[index]) != _owner(expected.board[index]):
                return f"the minion on {_name(index)} belongs to the other player"
        for player in (0, 1):
            values = sorted(_value(p) for p in state.board if p and _owner(p) == player)
            if values != sorted(DEFAULT_SETUP_VALUES):
                return f"the {PLAYERS[player]} player's coins are not one of each value"
        if state.tiles != expected.tiles:
            return "only the two home tiles are captured at the start"
        if state.to_move != 0 or not state.first_move:
            return "the first player makes the first move"
        return None

    def table(self, state: State, view: Mapping[str, Any]) -> Table:
        """The board, the minions and the capture markers.

        ``view`` options: ``suits`` (player -> suit; default first suns, second
        moons), ``coins`` (``suit`` or ``value``: which side is up; default
        ``suit``), ``reveal`` (cells whose coins show their value),
        ``markers`` (draw capture markers; default true), ``coordinates``
        (default true).
        """
        assert isinstance(state, ExpansionState)
        suits = {"first": "suns", "second": "moons", **dict(view.get("suits") or {})}
        player_suits = (suits["first"], suits["second"])
        spare_suits = [s for s in ("crowns", "arms", "suns", "moons") if s not in player_suits]
        reveal = set(view.get("reveal") or [])
        show_values = view.get("coins", "suit") == "value"
        table = Table()
        for index, tile in enumerate(TILES.tiles):
            centre = (tile.x + 1.0, tile.y + 1.0)
            if index in HOME_TILES:
                owner = HOME_TILES.index(index)
                table.pieces.append(Piece("tile", *centre, suit=player_suits[owner], rank=1, side="face"))
            else:
                table.pieces.append(Piece("tile", *centre, suit=spare_suits[index % 2], side="back"))
        for index, piece in enumerate(state.board):
            if piece:
                x, y = GRID.cell_at(index)
                up = show_values or _name(index) in reveal
                table.pieces.append(
                    Piece(
                        "coin",
                        x + 0.5,
                        y + 0.5,
                        suit=player_suits[_owner(piece)],
                        rank=_value(piece),
                        side="face" if up else "back",
                        owner=_owner(piece),
                    )
                )
        if view.get("markers", True):
            table.pieces.extend(self._capture_markers(state, player_suits))
        for cell in GRID.cells():
            table.cells[cell_name(cell)] = square_polygon(cell[0] * CELL_SIZE, cell[1] * CELL_SIZE)
        min_x = min((p.x - TILE_SIZE / 2 for p in table.pieces if p.kind == "tile"), default=0.0)
        min_y = min((p.y - TILE_SIZE / 2 for p in table.pieces if p.kind == "tile"), default=0.0)
        max_x = max((p.x + TILE_SIZE / 2 for p in table.pieces if p.kind == "tile"), default=6.0)
        max_y = max((p.y + TILE_SIZE / 2 for p in table.pieces if p.kind == "tile"), default=6.0)
        if view.get("coordinates", True):
            for file in range(GRID.files):
                table.coordinates.append(Label((file + 0.5, -0.25), chr(ord("a") + file)))
            for rank in range(GRID.ranks):
                table.coordinates.append(Label((-0.25, rank + 0.5), str(rank + 1)))
            min_x, min_y = min(min_x, -0.5), min(min_y, -0.5)
        table.bounds = (min_x, min_y, max_x, max_y)
        return table

    def _capture_markers(self, state: ExpansionState, suits: tuple[str, str]) -> list[Piece]:
        """Ruling on marking: a spare tile of the capturer's suit beside a captured edge
        tile (outside the board, on the side the tile touches), the capturer's pawn on
        the centre tile when it is captured. Home tiles need no marker."""
        markers = []
        for index, owner in enumerate(state.tiles):
            if owner < 0 or index in HOME_TILES:
                continue
            tile = TILES.tiles[index]
            if index == CENTRE_TILE:
                markers.append(Piece("pawn", tile.x + 1.0, tile.y + 1.0, suit=suits[owner], owner=owner))
                continue
            column, row = tile.x // 2, tile.y // 2
            dx = -1 if column == 0 else 1 if column == 2 else 0
            dy = 0 if dx else (-1 if row == 0 else 1)
            markers.append(
                Piece(
                    "tile",
                    tile.x + 1.0 + dx * (TILE_SIZE + PAWN_WIDTH / 2),
                    tile.y + 1.0 + dy * (TILE_SIZE + PAWN_WIDTH / 2),
                    suit=suits[owner],
                    rank=1,
                    side="face",
                    owner=owner,
                )
            )
        return markers


def _cell(text: str, loc: tuple[Any, ...] = ()) -> Cell:
    cell = GRID.parse(text)
    if cell is None:
        raise DataError(f"unknown cell '{text}' (the board runs from a1 to f6)", loc)
    return cell


def _coin_value(value: Any, loc: tuple[Any, ...]) -> int:
    if isinstance(value, bool):
        raise DataError("a coin value is blank, ace or 0-5", loc)
    if isinstance(value, int) and 0 <= value <= 5:
        return value
    if isinstance(value, str) and value.lower() in ("blank", "null", "ace"):
        return ACE if value.lower() == "ace" else 0
    raise DataError(f"'{value}' is not a coin value (blank, ace or 0-5)", loc)


GAME = Expansion()
