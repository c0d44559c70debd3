# SPDX-License-Identifier: MIT
"""Expansion (Lu Bolin, Teng Yan Zhen, Julia Kwek, 2025): the reference engine.

The board is 3x3 piecepack tiles of 2x2 cells, a 6x6 grid ``a1``..``f6``. Tiles
are named by their lower-left cell: ``a1 c1 e1 a3 c3 e3 a5 c5 e5``; ``c3`` is the
centre tile, ``a1`` the first player's home tile and ``e5`` the second's.

Move notation (after PPN): ``b2-b3`` moves the minion on b2 to b3; ``b2xb3`` is
the same move written as an attack (the engine writes ``x`` when the target holds
an enemy minion, and reads either sign).

Position notation (one line, like chess FEN), four fields separated by spaces::

    3m2m1m0/4m4m3/5m5/M55/M3M44/M0M1M23 1 1-------2 first-move

1. the ranks from 6 down to 1, separated by ``/``: ``M`` and a value is a first
   player's minion, ``m`` and a value a second player's minion (values 0 = blank,
   1 = ace, 2-5), a digit 1-6 alone is that many empty cells;
2. the player to move, ``1`` or ``2``;
3. the owners of the nine tiles in the order a1 c1 e1 a3 c3 e3 a5 c5 e5:
   ``1``, ``2`` or ``-`` (not captured);
4. ``first-move`` while the game's first move is still to be played, else ``-``.

The figure data format (``position:`` in a figure's YAML) is
:class:`ExpansionPosition`; the text notation is read into the same model.
"""

from __future__ import annotations

import random
import re
from bisect import insort
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal, NamedTuple

from pydantic import BeforeValidator, Field

from ppprint.api import (
    ALL_DIRECTIONS,
    Cell,
    EndReason,
    FactName,
    Game,
    InvalidMoveError,
    LEGAL,
    ORTHOGONAL,
    Outcome,
    PositionError,
    PositionModel,
    ReasonCode,
    SquareGrid,
    State,
    TERMINAL,
    TileLayout,
    Verdict,
    cell_name,
    illegal,
    square_step as step,
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

def _tile_of(index: int) -> int:
    tile = TILES.tile_index(GRID.cell_at(index))
    assert tile is not None, "every cell of the board is on a tile"
    return tile


_TILE_OF: tuple[int, ...] = tuple(_tile_of(i) for i in range(36))
_TILE_CELLS = [[GRID.index(c) for c in tile.cells()] for tile in TILES.tiles]


class Move(NamedTuple):
    """A move from one cell to another (cell index = rank * 6 + file)."""

    start: int
    target: int

    def text(self) -> str:
        """The move as ``b2-b3`` (see :meth:`Expansion.format_move` for ``x`` on attacks)."""
        return f"{square_name(self.start)}-{square_name(self.target)}"

    @classmethod
    def from_text(cls, text: str) -> Move:
        """A move from ``b2-b3`` or ``b2xb3``."""
        match = _MOVE_RE.fullmatch(text.strip())
        if not match:
            raise InvalidMoveError(f"'{text}' is not a move (write it like b2-b3 or b2xb3)")
        start, target = GRID.parse(match.group(1)), GRID.parse(match.group(3))
        if start is None or target is None:
            raise InvalidMoveError(f"'{text}': the board runs from a1 to f6")
        return cls(GRID.index(start), GRID.index(target))


class Reason(ReasonCode):
    """Why a move of Expansion is illegal."""

    GAME_OVER = "game-over", "End of the game: no move is played once the game has ended"
    NO_MINION = "no-minion", "Movement: a move starts on a cell holding one of your minions"
    NOT_YOUR_MINION = "not-your-minion", "Movement: you may only move your own minions"
    DIAGONAL_WALK = "diagonal-walk", "Movement: a walk goes one cell up, down, left or right, never diagonally"
    NOT_A_WALK_OR_JUMP = "not-a-walk-or-jump", "Movement: a minion walks one cell or jumps exactly two cells in a straight line"
    FRIENDLY_DESTINATION = "friendly-destination", "Movement: a minion never ends on a cell held by a friendly minion"
    JUMP_OVER_EMPTY = "jump-over-empty", "Movement: a jump must pass over an occupied cell"
    FIRST_MOVE_JUMP = "first-move-jump", "Movement: the first move of the game must be a walk"


class Fact(FactName):
    """What a diagram of Expansion may claim."""

    MINIONS = "minions", "Movement and combat: which minion stands on each cell"
    COIN_VALUES = "coin_values", "Equipment: the values of each player's coins on the board"
    REMOVED = "removed", "Combat: the minions the last move removed"
    CAPTURED = "captured", "Capturing tiles: the tiles the last move captured"
    TILES = "tiles", "Capturing tiles: every captured tile and its owner"
    TILE_COUNTS = "tile_counts", "Capturing tiles: how many tiles each player holds"
    TO_MOVE = "to_move", "Turns: the player to move"
    OVER = "over", "End of the game: whether the game has ended"
    END = "end", "End of the game: which end condition ended it"
    WINNER = "winner", "Winning: who won"
    TIEBREAK = "tiebreak", "Winning: what decided the winner"
    LEGAL_MOVES = "legal_moves", "Movement: the number of legal moves of the player to move"


class End(EndReason):
    """How a game of Expansion ends (checked in this order after every move)."""

    FIVE_TILES = "five-tiles", "End of the game: a player holds five tiles"
    NO_CAPTURE_POSSIBLE = "no-capture-possible", "End of the game: no uncaptured tile is left, or no player has two minions"
    THREEFOLD_REPETITION = "threefold-repetition", "End of the game: the same position for the third time"
    NO_LEGAL_MOVE = "no-legal-move", "End of the game: the player to move has no legal move"


def _coin_value(value: object) -> object:
    """A coin value as data may write it: 0-5, or blank, null or ace."""
    if isinstance(value, str) and value.lower() in ("blank", "null", "ace"):
        return 1 if value.lower() == "ace" else 0
    return value


def _check_cell(text: str) -> str:
    if GRID.parse(text) is None:
        raise ValueError(f"unknown cell '{text}' (the board runs from a1 to f6)")
    return text


PlayerName = Literal["first", "second"]
CellName = Annotated[str, BeforeValidator(lambda v: _check_cell(str(v)))]
TileName = Literal["a1", "c1", "e1", "a3", "c3", "e3", "a5", "c5", "e5"]
CoinValue = Annotated[int, BeforeValidator(_coin_value), Field(ge=0, le=5)]


class ExpansionPosition(PositionModel):
    """A position of Expansion, as a figure's ``position:`` writes it::

        minions:                 # per player, cell -> coin value (blank, ace, 0-5)
          first: {c3: 4, d4: ace}
          second: {c4: 2}
        captured: {c3: first}    # tiles captured besides the two home tiles (optional)
        to_move: first           # default first
        first_move: false        # true while the game's first move is still to come

    The text notation gives every tile's owner instead, home tiles included (``tiles``).
    """

    minions: dict[PlayerName, dict[CellName, CoinValue]] = {}
    captured: dict[TileName, PlayerName] = {}
    tiles: dict[TileName, PlayerName] | None = None
    to_move: PlayerName = "first"
    first_move: bool = False


def _piece(owner: int, value: int) -> int:
    return owner * 6 + value + 1


def owner_of(piece: int) -> int:
    return (piece - 1) // 6


def value_of(piece: int) -> int:
    return (piece - 1) % 6


def square_name(index: int) -> str:
    return cell_name(GRID.cell_at(index))


def _describe(piece: int) -> str:
    return f"{PLAYERS[owner_of(piece)]} {VALUE_NAMES[value_of(piece)]}"


# -- move tables: the engine's hot loops read these, never the grid helpers -----------------------
_OWNER: tuple[int, ...] = (-1,) + (0,) * 6 + (1,) * 6
"""The owner of each piece code (index 0: an empty cell, owned by nobody)."""
_VALUE: tuple[int, ...] = (0,) + tuple(range(6)) * 2
_NAMES: tuple[str, ...] = tuple(cell_name(GRID.cell_at(i)) for i in range(36))
_NAME_ORDER: tuple[int, ...] = tuple(sorted(range(36), key=_NAMES.__getitem__))
"""Cell indexes in the order of their names, so moves come out sorted by notation without a sort."""
_CELL_LETTERS = bytes.maketrans(bytes(range(13)), b".ABCDEFabcdef")
"""Each piece code as one letter (``.`` empty; A-F the first player's values 0-5, a-f the second's)."""
_PIECE_TEXTS = str.maketrans({letter: f"{'M' if letter.isupper() else 'm'}{'abcdef'.index(letter.lower())}" for letter in "ABCDEFabcdef"})
"""Each piece letter of :data:`_CELL_LETTERS` as the position notation writes it (``M3``, ``m0``)."""
_EMPTY_RUNS = tuple(("." * n, str(n)) for n in range(GRID.files, 0, -1))
"""Runs of empty cells as the notation counts them, longest first."""
_MOVES: tuple[tuple[Move, ...], ...] = tuple(tuple(Move(start, target) for target in range(36)) for start in range(36))
"""Every move by start and target (the engine hands out only these objects)."""


_WALK = 36
"""The "jumped cell" of a walk in :data:`_CANDIDATES`: one past the board, always occupied (see :data:`_OCCUPIED`)."""
_NAME_POSITION: tuple[int, ...] = tuple(sorted(range(36), key=_NAME_ORDER.index))
"""Each cell's place in :data:`_NAME_ORDER`."""


def _candidates(start: int) -> tuple[tuple[int, int, Move], ...]:
    """The walks and jumps from a cell as ``(target, jumped cell or _WALK for a walk, move)``, by target name."""
    cell = GRID.cell_at(start)
    found: list[tuple[int, int, Move]] = []
    for direction in ORTHOGONAL:
        target = step(cell, direction)
        if target in GRID:
            found.append((GRID.index(target), _WALK, _MOVES[start][GRID.index(target)]))
    for direction in ALL_DIRECTIONS:
        over, target = step(cell, direction), step(cell, direction, 2)
        if target in GRID:
            found.append((GRID.index(target), GRID.index(over), _MOVES[start][GRID.index(target)]))
    return tuple(sorted(found, key=lambda c: _NAMES[c[0]]))


_CANDIDATES: tuple[tuple[tuple[int, int, Move], ...], ...] = tuple(_candidates(i) for i in range(36))
_ALL_TILES = tuple(range(9))
_TOUCHED: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(sorted({_TILE_OF[start], _TILE_OF[target]})) for target in range(36)) for start in range(36)
)
"""The tiles a move from one cell to another may capture: those of its two cells, in index order."""
_BALANCE = (1, -1, 0, 0)
"""A cell's part in a tile's balance (first player's minions less second's), by owner: 0 first, 1 second,
-1 (the last entry) empty."""
_CANDIDATES_BY_NAME = tuple(_CANDIDATES[i] for i in _NAME_ORDER)
""":data:`_CANDIDATES` of each cell by its place in :data:`_NAME_ORDER`."""
_WALKS_BY_NAME: tuple[tuple[tuple[int, Move], ...], ...] = tuple(tuple((t, m) for t, over, m in c if over == _WALK) for c in _CANDIDATES_BY_NAME)
"""The walks alone (the game's first move), by target name."""


def combat(attacker: int, defender: int) -> tuple[bool, bool]:
    """Which minions a fight removes, given their values: ``(attacker_removed, defender_removed)``.

    Blank counts 0. An ace on either side removes both; otherwise the lower value
    is removed, both on a tie.
    """
    if attacker == ACE or defender == ACE:
        return True, True
    return attacker <= defender, defender <= attacker


_Undo = tuple[Any, ...]
"""What :meth:`ExpansionState._undo` needs of a move: the two cells' pieces, the tiles it captured and the
state's flags and caches before it (never a copy of the board)."""


@dataclass(eq=False)
class ExpansionState(State[Move]):
    """A position of Expansion with the repetition counts of its past."""

    game: Expansion
    board: bytearray
    """Each cell's piece code (0: empty), a byte per cell."""
    to_move: int
    tiles: list[int]
    first_move: bool
    start_text: str = ""
    counts: dict[Hashable, int] = field(default_factory=dict)
    end: End | None = None
    events: dict[str, Any] = field(default_factory=dict)
    history: list[Move] = field(default_factory=list)
    _stack: list[_Undo] = field(default_factory=list)
    _moves: list[Move] | None = field(default=None, repr=False)
    """The legal moves of the player to move (computed once per position)."""
    _owners: list[int] = field(default_factory=list, repr=False)
    """The owner of each cell (-1: empty), and a 37th entry, :data:`_WALK`, that reads as occupied."""
    _where: list[list[int]] = field(default_factory=list, repr=False)
    """Each player's minions, as their cells' places in :data:`_NAME_ORDER` (sorted; never changed in place)."""
    _balances: list[int] = field(default_factory=list, repr=False)
    """Each tile's first player's minions less the second's."""
    _stale_tiles: bool = field(default=False, repr=False)
    """An uncaptured tile already meets the capture rule (only in a position given as data): the next move
    checks every tile, not only the two it touches."""

    def __post_init__(self) -> None:
        if not self.start_text:
            self.start_text = self.position_text()
        self._owners = [_OWNER[p] for p in self.board] + [2]
        self._where = [[n for n, i in enumerate(_NAME_ORDER) if _OWNER[self.board[i]] == player] for player in (0, 1)]
        self._balances = [sum([_BALANCE[self._owners[i]] for i in cells]) for cells in _TILE_CELLS]
        self._stale_tiles = any(self._captor(tile) >= 0 for tile in range(9) if self.tiles[tile] < 0)
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
        moves = self._moves
        if moves is None:
            moves = self._moves = self._moves_of(self.to_move)
        return moves[:]

    def _moves_of(self, player: int) -> list[Move]:
        """The player's moves in notation order: by the start's name, then the target's."""
        owners = self._owners
        moves: list[Move] = []
        append = moves.append
        if self.first_move:
            for place in self._where[player]:
                for target, move in _WALKS_BY_NAME[place]:
                    if owners[target] != player:
                        append(move)
            return moves
        for place in self._where[player]:
            for target, over, move in _CANDIDATES_BY_NAME[place]:
                if owners[over] >= 0 and owners[target] != player:
                    append(move)
        return moves

    def explain(self, move: Move) -> Verdict:
        if self.end is not None:
            return illegal(Reason.GAME_OVER, "the game has ended")
        start, target = move
        piece = self.board[start]
        if not piece:
            return illegal(Reason.NO_MINION, f"there is no minion on {square_name(start)}", at=square_name(start))
        if owner_of(piece) != self.to_move:
            return illegal(Reason.NOT_YOUR_MINION, f"the minion on {square_name(start)} is the opponent's", at=square_name(start))
        (x0, y0), (x1, y1) = GRID.cell_at(start), GRID.cell_at(target)
        dx, dy = abs(x1 - x0), abs(y1 - y0)
        is_walk = dx + dy == 1
        is_jump = max(dx, dy) == 2 and dx in (0, 2) and dy in (0, 2)
        if dx == dy == 1:
            return illegal(Reason.DIAGONAL_WALK, f"{square_name(start)} to {square_name(target)} is a diagonal step", at=square_name(target))
        if not (is_walk or is_jump):
            return illegal(Reason.NOT_A_WALK_OR_JUMP, f"{square_name(start)} to {square_name(target)} is neither a walk nor a jump", at=square_name(target))
        held = self.board[target]
        if held and owner_of(held) == self.to_move:
            return illegal(Reason.FRIENDLY_DESTINATION, f"{square_name(target)} holds a friendly minion", at=square_name(target))
        if is_jump:
            if self.first_move:
                return illegal(Reason.FIRST_MOVE_JUMP, "the first move of the game must be a walk", at=square_name(target))
            middle = GRID.index(((x0 + x1) // 2, (y0 + y1) // 2))
            if not self.board[middle]:
                return illegal(Reason.JUMP_OVER_EMPTY, f"the jumped cell {square_name(middle)} is empty", at=square_name(middle))
        return LEGAL

    def _do(self, move: Move) -> None:
        start, target = move
        board, owners, where, tiles = self.board, self._owners, self._where, self.tiles
        mover, defender = board[start], board[target]
        mine = _OWNER[mover]
        balances = self._balances
        balances[_TILE_OF[start]] -= _BALANCE[mine]
        removed: list[str] = []
        board[start] = 0
        owners[start] = -1
        own = where[mine][:]
        own.remove(_NAME_POSITION[start])
        if not defender:
            board[target] = mover
            owners[target] = mine
            balances[_TILE_OF[target]] += _BALANCE[mine]
            insort(own, _NAME_POSITION[target])
            after = [own, where[1]] if mine == 0 else [where[0], own]
        else:
            mover_lost, defender_lost = combat(_VALUE[mover], _VALUE[defender])
            if mover_lost:
                removed.append(_describe(mover))
            else:
                insort(own, _NAME_POSITION[target])
            if defender_lost:
                removed.append(_describe(defender))
                board[target] = 0 if mover_lost else mover
                owners[target] = -1 if mover_lost else mine
                balances[_TILE_OF[target]] += _BALANCE[owners[target]] - _BALANCE[1 - mine]
                theirs = where[1 - mine][:]
                theirs.remove(_NAME_POSITION[target])
                after = [own, theirs] if mine == 0 else [theirs, own]
            else:
                after = [own, where[1]] if mine == 0 else [where[0], own]
            removed.sort()
        self._where = after
        captured: dict[str, str] = {}
        stale = self._stale_tiles
        for tile in _ALL_TILES if stale else _TOUCHED[start][target]:
            if tiles[tile] < 0:
                balance = balances[tile]
                if balance >= 2 or balance <= -2:
                    player = 0 if balance > 0 else 1
                    tiles[tile] = player
                    captured[TILE_NAMES[tile]] = PLAYERS[player]
        self._stale_tiles = False
        first_move, self.first_move = self.first_move, False
        self.to_move = 1 - self.to_move
        key = bytes(board), tuple(tiles), self.to_move
        counts = self.counts
        seen = counts[key] = counts.get(key, 0) + 1
        self._stack.append((start, target, mover, defender, first_move, self.end, self.events, self._moves, stale, where, key, captured))
        self.events = {"removed": removed, "captured": captured}
        self._moves = None
        if captured or defender or stale or self.end is not None:
            self.end = self._end_condition(key)
        elif seen >= 3:
            # No tile changed hands and no minion left the board, so the first two end conditions
            # still do not hold: threefold repetition is the first that may.
            self.end = End.THREEFOLD_REPETITION
        else:
            moves = self._moves = self._moves_of(self.to_move)
            self.end = None if moves else End.NO_LEGAL_MOVE

    def _undo(self, move: Move) -> None:
        start, target, mover, defender, first_move, end, events, moves, stale, where, key, captured = self._stack.pop()
        self.counts[key] -= 1
        if not self.counts[key]:
            del self.counts[key]
        self.board[start], self.board[target] = mover, defender
        owners, balances = self._owners, self._balances
        balances[_TILE_OF[target]] += _BALANCE[_OWNER[defender]] - _BALANCE[owners[target]]
        balances[_TILE_OF[start]] += _BALANCE[_OWNER[mover]]
        owners[start], owners[target] = _OWNER[mover], _OWNER[defender]
        for name in captured:
            self.tiles[TILE_NAMES.index(name)] = -1
        self.first_move, self.end, self.events, self._moves, self._stale_tiles, self._where = first_move, end, events, moves, stale, where
        self.to_move = 1 - self.to_move

    def clone(self) -> ExpansionState:
        copy = ExpansionState.__new__(ExpansionState)
        copy.game = self.game
        copy.board = self.board[:]
        copy.to_move = self.to_move
        copy.tiles = self.tiles[:]
        copy.first_move = self.first_move
        copy.start_text = self.start_text
        copy.counts = dict(self.counts)
        copy.end = self.end
        copy.events = dict(self.events)
        copy.history = list(self.history)
        copy._stack = list(self._stack)
        copy._moves = self._moves
        copy._owners = self._owners[:]
        copy._balances = self._balances[:]
        copy._where = self._where
        copy._stale_tiles = self._stale_tiles
        return copy

    def outcome(self) -> Outcome | None:
        if self.end is None:
            return None
        winner, decided_by = self._winner()
        return Outcome(self.end, (1.0, -1.0) if winner == 0 else (-1.0, 1.0), decided_by)

    def position_text(self) -> str:
        cells = bytes(self.board).translate(_CELL_LETTERS).decode()
        ranks = "/".join(cells[first : first + GRID.files] for first in range(36 - GRID.files, -1, -GRID.files))
        for run, count in _EMPTY_RUNS:
            ranks = ranks.replace(run, count)
        tiles = "".join("-" if t < 0 else str(t + 1) for t in self.tiles)
        return f"{ranks.translate(_PIECE_TEXTS)} {self.to_move + 1} {tiles} {'first-move' if self.first_move else '-'}"

    def key(self) -> Hashable:
        return (self._position_key(), self.first_move, self.end, frozenset(self.counts.items()))

    # -- rules helpers -------------------------------------------------------------------
    def _position_key(self) -> Hashable:
        """What threefold repetition compares: minions (cell, owner, value), tile owners, player to move."""
        return bytes(self.board), tuple(self.tiles), self.to_move

    def _captor(self, tile: int) -> int:
        """The player who has two minions more than the other on a tile, or -1."""
        balance = self._balances[tile]
        return 0 if balance >= 2 else 1 if balance <= -2 else -1

    def _end_condition(self, key: Hashable | None = None) -> End | None:
        """The first end condition (RULINGS order) that holds, or ``None`` (``key``: the position's key, if known)."""
        tiles = self.tiles
        if tiles.count(0) >= TILES_TO_WIN or tiles.count(1) >= TILES_TO_WIN:
            return End.FIVE_TILES
        if -1 not in tiles or (len(self._where[0]) < 2 and len(self._where[1]) < 2):
            return End.NO_CAPTURE_POSSIBLE
        if self.counts.get(self._position_key() if key is None else key, 0) >= 3:
            return End.THREEFOLD_REPETITION
        moves = self._moves
        if moves is None:
            moves = self._moves = self._moves_of(self.to_move)
        if not moves:
            return End.NO_LEGAL_MOVE
        return None

    def _winner(self) -> tuple[int, str]:
        """The winner and what decided it: most tiles, then the centre tile, then the second player."""
        first, second = self.tiles.count(0), self.tiles.count(1)
        if first != second:
            return (0 if first > second else 1), "most-tiles"
        if self.tiles[CENTRE_TILE] >= 0:
            return self.tiles[CENTRE_TILE], "centre-tile"
        return 1, "second-player"


def _winner_name(state: ExpansionState) -> str | None:
    return PLAYERS[state._winner()[0]] if state.end is not None else None


def _tiebreak(state: ExpansionState) -> str | None:
    return state._winner()[1] if state.end is not None else None


_FACTS: dict[Fact, Callable[[ExpansionState], object]] = {
    Fact.MINIONS: lambda s: {square_name(i): _describe(p) for i, p in enumerate(s.board) if p},
    Fact.COIN_VALUES: lambda s: {
        PLAYERS[player]: [VALUE_NAMES[value_of(p)] for p in sorted(s.board) if p and owner_of(p) == player] for player in (0, 1)
    },
    Fact.REMOVED: lambda s: list(s.events.get("removed", [])),
    Fact.CAPTURED: lambda s: dict(s.events.get("captured", {})),
    Fact.TILES: lambda s: {TILE_NAMES[i]: PLAYERS[o] for i, o in enumerate(s.tiles) if o >= 0},
    Fact.TILE_COUNTS: lambda s: {"first": s.tiles.count(0), "second": s.tiles.count(1)},
    Fact.TO_MOVE: lambda s: PLAYERS[s.to_move] if s.end is None else None,
    Fact.OVER: lambda s: s.end is not None,
    Fact.END: lambda s: s.end,
    Fact.WINNER: _winner_name,
    Fact.TIEBREAK: _tiebreak,
    Fact.LEGAL_MOVES: lambda s: len(s.legal_moves()),
}


_RANK_RE = re.compile(r"([Mm])([0-5])|([1-6])")
_MOVE_RE = re.compile(r"([a-z][0-9]+)([-x])([a-z][0-9]+)")


class Expansion(Game[ExpansionState, Move, ExpansionPosition]):
    """The rules and notation of Expansion."""

    id = "expansion"
    title = "Expansion"
    players = PLAYERS
    Reason = Reason
    Fact = Fact
    fact_values = _FACTS
    End = End
    Position = ExpansionPosition

    def initial_state(self, rng: random.Random | None = None) -> ExpansionState:
        values = [list(DEFAULT_SETUP_VALUES), list(DEFAULT_SETUP_VALUES)]
        if rng is not None:
            for player_values in values:
                rng.shuffle(player_values)
        board = bytearray(36)
        for player, cells in enumerate(_SETUP_INDEXES):
            for index, value in zip(cells, values[player]):
                board[index] = _piece(player, value)
        tiles = [-1] * 9
        for player, tile in enumerate(HOME_TILES):
            tiles[tile] = player
        return ExpansionState(self, board, 0, tiles, first_move=True)

    def position_fields(self, text: str) -> dict[str, object]:
        """The data of a position in the one-line notation (see the module's docstring)."""
        fields = text.split()
        if len(fields) != 4:
            raise PositionError("a position has four fields: ranks, player to move, tiles, first-move flag")
        rank_texts = fields[0].split("/")
        if len(rank_texts) != GRID.ranks:
            raise PositionError(f"expected {GRID.ranks} ranks separated by '/', got {len(rank_texts)}")
        minions: dict[str, dict[str, int]] = {"first": {}, "second": {}}
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
                owner = "first" if match.group(1) == "M" else "second"
                minions[owner][cell_name((file, rank))] = int(match.group(2))
                file += 1
            if pos != len(rank_text) or file != GRID.files:
                raise PositionError(f"rank {rank + 1} '{rank_text}' does not describe 6 cells")
        if fields[1] not in ("1", "2"):
            raise PositionError("the player to move is 1 or 2")
        if len(fields[2]) != 9 or any(c not in "12-" for c in fields[2]):
            raise PositionError("tiles: nine characters, each 1, 2 or -")
        if fields[3] not in ("first-move", "-"):
            raise PositionError("the last field is 'first-move' or '-'")
        return {
            "minions": minions,
            "tiles": {TILE_NAMES[i]: PLAYERS[int(c) - 1] for i, c in enumerate(fields[2]) if c != "-"},
            "to_move": PLAYERS[int(fields[1]) - 1],
            "first_move": fields[3] == "first-move",
        }

    def state_from(self, position: ExpansionPosition) -> ExpansionState:
        board = bytearray(36)
        for player_name, placed in position.minions.items():
            player = PLAYERS.index(player_name)
            for cell_text, value in placed.items():
                index = GRID.index(_cell(cell_text))
                if board[index]:
                    raise PositionError(f"two minions on cell {cell_text}", ("minions", player_name, cell_text))
                board[index] = _piece(player, value)
        tiles = [-1] * 9
        owners: dict[str, str]
        if position.tiles is not None:
            if position.captured:
                raise PositionError("give either tiles (every tile's owner) or captured (besides the home tiles)", ("captured",))
            owners = {str(tile): str(player) for tile, player in position.tiles.items()}
        else:
            owners = {TILE_NAMES[tile]: PLAYERS[player] for player, tile in enumerate(HOME_TILES)}
            owners |= {str(tile): str(player) for tile, player in position.captured.items()}
        for tile_name, owner_name in owners.items():
            tiles[TILE_NAMES.index(tile_name)] = PLAYERS.index(owner_name)
        return ExpansionState(self, board, PLAYERS.index(position.to_move), tiles, first_move=position.first_move)

    def parse_move(self, state: ExpansionState, text: str) -> Move:
        return Move.from_text(text)

    def format_move(self, state: ExpansionState, move: Move) -> str:
        """``b2-b3``, or ``b2xb3`` when the target holds an enemy minion."""
        mover, held = state.board[move.start], state.board[move.target]
        attack = bool(mover and held and owner_of(held) != owner_of(mover))
        return f"{square_name(move.start)}{'x' if attack else '-'}{square_name(move.target)}"

    def move_cells(self, state: ExpansionState, move: Move) -> list[str]:
        return [square_name(move.start), square_name(move.target)]

    def setup_problem(self, state: ExpansionState) -> str | None:
        expected = self.initial_state()
        for index in range(36):
            if bool(state.board[index]) != bool(expected.board[index]):
                return f"cell {square_name(index)} should be {'occupied' if expected.board[index] else 'empty'}"
            if state.board[index] and owner_of(state.board[index]) != owner_of(expected.board[index]):
                return f"the minion on {square_name(index)} belongs to the other player"
        for player in (0, 1):
            values = sorted(value_of(p) for p in state.board if p and owner_of(p) == player)
            if values != sorted(DEFAULT_SETUP_VALUES):
                return f"the {PLAYERS[player]} player's coins are not one of each value"
        if state.tiles != expected.tiles:
            return "only the two home tiles are captured at the start"
        if state.to_move != 0 or not state.first_move:
            return "the first player makes the first move"
        return None


def _cell(text: str) -> Cell:
    cell = GRID.parse(text)
    if cell is None:
        raise PositionError(f"unknown cell '{text}' (the board runs from a1 to f6)")
    return cell


_SETUP_INDEXES = tuple(tuple(GRID.index(_cell(name)) for name in cells) for cells in SETUP_CELLS)
"""The indexes of :data:`SETUP_CELLS`."""

GAME = Expansion()
