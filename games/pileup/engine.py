# SPDX-License-Identifier: MIT
"""Pile Up (Rey Alicea, 2014): the reference engine.

Two players, black (moves first) and white, each own ten pieces numbered 1 to 10
that start off an empty 8x8 board ``a1``..``h8``. A turn places an off-board
piece on an empty square, or moves one of the player's single (unstacked)
pieces in a straight line in one of the eight directions: across empty squares,
over runs of pieces and stacks that are all lower than the mover, or onto an
enemy piece or an enemy-topped 2-stack (a capture, which builds a stack).
Stacks of three are closed; stacks never move. Captures are forced. The
rulings followed are the Pile Up section of the project's RULINGS.md.

Move notation (after PPN)::

    7@d4     place the player's piece 7 (from off the board) on d4   (a Placement)
    d4-g7    move the single piece on d4 to the empty square g7       (a BoardMove)
    d4xg7    move the single piece on d4 onto the piece or stack on g7

The engine writes ``x`` when the target square holds anything and ``-`` when it
is empty (:meth:`PileUp.format_move`; :meth:`BoardMove.text` alone always writes
``-``); it reads either sign.

Position notation (one line): the player to move, then every occupied square as
``cell=pieces`` with the pieces bottom to top, comma-separated; a piece is ``B``
(black) or ``W`` (white) and its value. Squares are listed a1, b1, ..., h8.
Pieces that appear nowhere are off the board::

    black                              the empty board, black to move
    white d4=B7 e5=W2,B9 f6=B3,W4,B1   white to move; a single piece and two stacks

The figure data format (``position:`` in a figure's YAML) is
:class:`PileUpPosition`; the text notation is read into the same model.
"""

from __future__ import annotations

import random
import re
from bisect import bisect_left
from collections.abc import Callable, Hashable
from typing import Annotated, Literal, NamedTuple

from pydantic import BeforeValidator

from ppprint.api import (
    ALL_DIRECTIONS,
    Cell,
    EndReason,
    FactName,
    Game,
    InvalidMoveError,
    LEGAL,
    Outcome,
    PositionError,
    PositionModel,
    ReasonCode,
    SquareGrid,
    State,
    TERMINAL,
    Verdict,
    cell_name,
    illegal,
    square_step as step,
)

GRID = SquareGrid(8, 8)
SQUARES = GRID.files * GRID.ranks
PLAYERS = ("black", "white")
BLACK, WHITE = 0, 1
VALUES = range(1, 11)
FULL_RESERVE = sum(1 << v for v in VALUES)
_PIECE_RE = re.compile(r"([BW])(10|[1-9])")
STACK_HEIGHT = 2
"""Ruling: a stack is two or more pieces; a lone piece is no stack, so it scores nothing and stays free."""
CLOSED_HEIGHT = 3
"""A stack this high or higher is closed: nothing lands on it."""


def _name(index: int) -> str:
    return cell_name(GRID.cell_at(index))


NAMES = tuple(_name(i) for i in range(SQUARES))
_INDEX = {name: i for i, name in enumerate(NAMES)}
_MOVE_RE = re.compile(r"([a-h][1-8])([-x])([a-h][1-8])")
_PLACE_RE = re.compile(r"(10|[1-9])@([a-h][1-8])")


# -- moves -----------------------------------------------------------------------------------
# Both kinds of move are pairs of ints, and a NamedTuple compares as a plain tuple, so each
# kind defines ``__eq__``/``__ne__`` to equal only its own kind (``Placement(3, 5) !=
# BoardMove(3, 5)``). Hashing stays the tuple's own C hash (typing.NamedTuple sets the methods
# on the finished class, so defining ``__eq__`` does not clear ``__hash__``; the tests check
# that moves hash). Every move the engine hands out comes from PLACEMENTS or SHIFTS, so dict
# and set lookups succeed on identity without calling ``__eq__`` at all.


class Placement(NamedTuple):
    """A placement: the player's piece ``value`` from off the board onto the empty square ``target``."""

    value: int
    target: int

    def text(self) -> str:
        """The placement as ``7@d4``."""
        return f"{self.value}@{NAMES[self.target]}"

    @classmethod
    def from_text(cls, text: str) -> Placement:
        """A placement from ``7@d4``."""
        match = _PLACE_RE.fullmatch(text.strip())
        if not match:
            raise InvalidMoveError(f"'{text}' is not a placement (write it like 7@d4)")
        return PLACEMENTS[int(match.group(1))][_INDEX[match.group(2)]]

    def __eq__(self, other: object) -> bool:
        return type(other) is Placement and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not (type(other) is Placement and tuple.__eq__(self, other))


class BoardMove(NamedTuple):
    """A move of the single piece on ``origin`` in a straight line to ``target`` (square indexes, rank * 8 + file)."""

    origin: int
    target: int

    def text(self) -> str:
        """The move as ``d4-g7`` (see :meth:`PileUp.format_move` for ``x`` when the target is occupied)."""
        return f"{NAMES[self.origin]}-{NAMES[self.target]}"

    @classmethod
    def from_text(cls, text: str) -> BoardMove:
        """A move from ``d4-g7`` or ``d4xg7``."""
        match = _MOVE_RE.fullmatch(text.strip())
        if not match:
            raise InvalidMoveError(f"'{text}' is not a move (write it like d4-g7 or d4xg7)")
        return SHIFTS[_INDEX[match.group(1)]][_INDEX[match.group(3)]]

    def __eq__(self, other: object) -> bool:
        return type(other) is BoardMove and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not (type(other) is BoardMove and tuple.__eq__(self, other))


PileUpMove = Placement | BoardMove
"""A turn of Pile Up: a placement or a board move."""


def move_from_text(text: str) -> PileUpMove:
    """A turn from ``7@d4``, ``d4-g7`` or ``d4xg7``; :class:`InvalidMoveError` otherwise."""
    text = text.strip()
    if _PLACE_RE.fullmatch(text):
        return Placement.from_text(text)
    if _MOVE_RE.fullmatch(text):
        return BoardMove.from_text(text)
    raise InvalidMoveError(f"'{text}' is not a move (write it like 7@d4, d4-g7 or d4xg7)")


def _rays(index: int) -> tuple[tuple[int, ...], ...]:
    rays = []
    for direction in ALL_DIRECTIONS:
        ray = []
        cell = step(GRID.cell_at(index), direction)
        while cell in GRID:
            ray.append(GRID.index(cell))
            cell = step(cell, direction)
        if ray:
            rays.append(tuple(ray))
    return tuple(rays)


RAYS = tuple(_rays(i) for i in range(SQUARES))
PLACEMENTS = tuple(tuple(Placement(v, t) for t in range(SQUARES)) for v in range(11))
"""Every placement, by value then target square (the engine hands out only these objects)."""
SHIFTS = tuple(tuple(BoardMove(o, t) for t in range(SQUARES)) for o in range(SQUARES))
"""Every board move, by origin then target square (the engine hands out only these objects)."""
NAME_ORDER = sorted(range(SQUARES), key=NAMES.__getitem__)
VALUE_ORDER = sorted(VALUES, key=lambda value: f"{value}@")
ORDER: dict[PileUpMove, int] = {
    move: rank
    for rank, move in enumerate(sorted((m for row in SHIFTS for m in row if m.origin != m.target), key=BoardMove.text))
}
"""Every board move -> its place in notation order (``x`` and ``-`` never meet in one list;
placements, written with a digit first, always sort before board moves)."""
BY_RANK: tuple[BoardMove, ...] = tuple(sorted(ORDER, key=ORDER.__getitem__))  # type: ignore[arg-type]
"""The board moves in notation order: ``BY_RANK[ORDER[move]] is move``."""
RANKS: tuple[tuple[int, ...], ...] = tuple(tuple(ORDER.get(SHIFTS[o][t], -1) for t in range(SQUARES)) for o in range(SQUARES))
"""``RANKS[origin][target]``: the board move's place in notation order (the generator collects these ints and sorts them)."""
NAME_SLOT: tuple[int, ...] = tuple(NAME_ORDER.index(i) for i in range(SQUARES))
"""Each square's place in :data:`NAME_ORDER`."""
EMPTY_ROWS: tuple[tuple[Placement, ...], ...] = tuple(tuple(PLACEMENTS[v][t] for t in NAME_ORDER) for v in range(11))
"""Every placement of each value, by target in name order (the empty board's rows)."""


# -- reasons, facts, ends ----------------------------------------------------------------------
class Reason(ReasonCode):
    """Why a turn of Pile Up is illegal (every way a landing fails has its own code)."""

    GAME_OVER = "game-over", "End of the game: no turn is played once the game has ended"
    NOT_IN_RESERVE = "not-in-reserve", "Placement: only a piece still off the board can be placed"
    PLACEMENT_OCCUPIED = "placement-occupied", "Placement: a piece is placed on an empty square"
    FORCED_CAPTURE = (
        "forced-capture",
        "Capture: when any capture is available the player must capture (no other move or placement)",
    )
    NO_PIECE = "no-piece", "Movement: a move starts from a square holding one of the player's pieces"
    ENEMY_PIECE = "enemy-piece", "Movement: a player moves only their own pieces"
    STACK_MOVES = "stack-moves", "Stacks: a stack never moves or splits; only single pieces move"
    NOT_A_LINE = "not-a-line", "Movement: a piece moves in a straight line, orthogonally or diagonally"
    JUMP_NOT_LOWER = "jump-not-lower", "Jumping: every piece jumped, in every jumped stack, must be lower than the mover"
    LANDING_PAST_RUN = (
        "landing-past-run",
        "Jumping: after a jump the mover stops on the first empty square after the jumped pieces",
    )
    LANDING_FRIENDLY = (
        "landing-friendly",
        "Capture: a piece lands only on a single enemy piece or a 2-stack topped by the enemy",
    )
    LANDING_CLOSED_STACK = "landing-closed-stack", "Stacks: a stack of three or more is closed; nothing lands on it"


class Fact(FactName):
    """What a diagram of Pile Up may claim."""

    PIECES = "pieces", "Play: the pieces on each occupied square, bottom to top"
    STACKS = "stacks", "Stacks: the pieces of each stack (two or more pieces), bottom to top"
    CONTROLLER = "controller", "Stacks: the top piece decides who controls a square"
    CLOSED = "closed", "Stacks: the squares holding a closed stack (three or more pieces)"
    RESERVE = "reserve", "Placement: each player's pieces still off the board"
    FREE_PIECES = "free_pieces", "End of the game: each player's pieces not in a stack, off-board pieces included"
    SCORES = "scores", "Scoring: the face values of all pieces in the stacks each player controls"
    TO_MOVE = "to_move", "Turns: the player to move"
    CAPTURES_AVAILABLE = "captures_available", "Capture: whether the player to move has a capture (and so must capture)"
    CAPTURES = "captures", "Capture: the captures available to the player to move"
    LEGAL_MOVES = "legal_moves", "Turns: the number of legal turns of the player to move"
    OVER = "over", "End of the game: whether the game has ended"
    END = "end", "End of the game: which end condition ended it"
    WINNER = "winner", "Scoring: who won, or draw on equal scores"


class End(EndReason):
    """How a game of Pile Up ends (checked in this order)."""

    FREE_PIECES = (
        "free-pieces",
        "End of the game: a player has at most one free piece (single pieces on the board and pieces off it)",
    )
    NO_LEGAL_TURN = "no-legal-turn", "End of the game: the player to move has no legal turn"


# -- pieces ------------------------------------------------------------------------------------
def piece_code(owner: int, value: int) -> int:
    """A piece as one int: ``+value`` for black, ``-value`` for white (the table's encoding too)."""
    return value if owner == BLACK else -value


def piece_text(code: int) -> str:
    """``B7`` or ``W7``."""
    return f"{'B' if code > 0 else 'W'}{abs(code)}"


def parse_piece(text: object) -> int:
    """The code of a piece written ``B7`` or ``W10``; ``ValueError`` otherwise."""
    match = _PIECE_RE.fullmatch(str(text).strip())
    if not match:
        raise ValueError(f"'{text}' is not a piece (B or W and a value 1-10, like B7 or W10)")
    return piece_code(BLACK if match.group(1) == "B" else WHITE, int(match.group(2)))


def owner_of(code: int) -> int:
    """The owner of a piece code: black for ``+v``, white for ``-v``."""
    return BLACK if code > 0 else WHITE



def ruling_free_pieces(stacks: list[tuple[int, ...]], reserve: int, player: int) -> int:
    """Ruling: a player's free pieces are their single pieces on the board plus their off-board pieces.

    The game ends when either player has at most one (RULINGS.md: "at most one piece
    that is not in a stack (counting pieces still off the board)").
    """
    singles = sum(1 for s in stacks if len(s) == 1 and owner_of(s[0]) == player)
    return singles + bin(reserve).count("1")


# -- the position model ----------------------------------------------------------------------------
def _check_square(text: str) -> str:
    if text not in _INDEX:
        raise ValueError(f"unknown square '{text}' (the board runs from a1 to h8)")
    return text


def _canonical_piece(value: object) -> str:
    return piece_text(parse_piece(value))


def _stack(value: object) -> object:
    """A square's pieces as data writes them: one piece, or a list bottom to top."""
    if isinstance(value, list):
        if not value:
            raise ValueError("an empty stack: leave the square out")
        return value
    return [_canonical_piece(value)]


SquareName = Annotated[str, BeforeValidator(lambda v: _check_square(v) if isinstance(v, str) else v)]
PieceText = Annotated[str, BeforeValidator(_canonical_piece)]
"""A piece, ``B`` or ``W`` and a value 1-10 (``B7``, ``W10``)."""
Stack = Annotated[list[PieceText], BeforeValidator(_stack)]
"""The pieces on a square, bottom to top; one piece may be written without the list."""
PlayerName = Literal["black", "white"]


class PileUpPosition(PositionModel):
    """A position of Pile Up, as a figure's ``position:`` writes it::

        board:                   # square -> a piece, or a stack bottom to top
          d4: B7
          e5: [W2, B9]
        to_move: white           # default black

    Pieces are ``B`` or ``W`` and a value 1-10; pieces not on the board are off it.
    ``position: setup`` is the empty board, black to move.
    """

    board: Annotated[dict[SquareName, Stack], BeforeValidator(lambda v: {} if v is None else v)] = {}
    to_move: PlayerName = "black"


# -- the state ---------------------------------------------------------------------------------
class PileUpState(State[PileUpMove]):
    """A position: the stacks on the 64 squares (signed codes, bottom to top) and the player to move."""

    game: PileUp

    def __init__(self, game: PileUp, stacks: list[tuple[int, ...]], to_move: int, start_text: str | None = None):
        self.game = game
        self.stacks = stacks
        self.to_move = to_move
        self.peak = [max((abs(c) for c in s), default=0) for s in stacks]
        on_board = [0, 0]
        for s in stacks:
            for c in s:
                on_board[owner_of(c)] |= 1 << abs(c)
        self.reserve = [FULL_RESERVE & ~on_board[0], FULL_RESERVE & ~on_board[1]]
        self.free = [ruling_free_pieces(stacks, self.reserve[p], p) for p in (BLACK, WHITE)]
        self.singles: list[list[int]] = [[i for i, s in enumerate(stacks) if len(s) == 1 and owner_of(s[0]) == p] for p in (BLACK, WHITE)]
        """Each player's single pieces' squares (in no particular order)."""
        self.empty_slots = [n for n, i in enumerate(NAME_ORDER) if not stacks[i]]
        """The places in :data:`NAME_ORDER` of the empty squares (sorted)."""
        self.rows: list[list[Placement]] = [[row[n] for n in self.empty_slots] for row in EMPTY_ROWS[1:]]
        """``rows[value - 1]``: the placements of that value on the empty squares, in name order."""
        self._moves: list[PileUpMove] | None = None
        self._end_known = False
        self._end: End | None = None
        self.history: list[PileUpMove] = []
        self.start_text = start_text if start_text is not None else self.position_text()

    # -- the rules -----------------------------------------------------------------------
    def _generate(self) -> list[PileUpMove]:
        """Legal turns in notation order: the captures if there are any, else every placement and quiet move.

        Placements (``7@d4``) sort before moves (``d4-g7``) since digits come before letters.
        Hot: board moves are collected as their places in notation order (:data:`RANKS`) and sorted as ints.
        """
        stacks, peak, me = self.stacks, self.peak, self.to_move
        sign = 1 if me == BLACK else -1
        captures: list[int] = []
        quiet: list[int] = []
        for origin in self.singles[me]:
            value = peak[origin]
            ranks = RANKS[origin]
            for ray in RAYS[origin]:
                jumped = False
                for target in ray:
                    if not peak[target]:
                        quiet.append(ranks[target])
                        if jumped:
                            break
                        continue
                    held = stacks[target]
                    if len(held) < CLOSED_HEIGHT and held[-1] * sign < 0:
                        captures.append(ranks[target])
                    if peak[target] >= value:
                        break
                    jumped = True
        if captures:
            captures.sort()
            return [BY_RANK[rank] for rank in captures]
        quiet.sort()
        reserve = self.reserve[me]
        rows = self.rows
        moves: list[PileUpMove] = []
        for value in VALUE_ORDER:
            if reserve >> value & 1:
                moves += rows[value - 1]
        moves += [BY_RANK[rank] for rank in quiet]
        return moves

    def _empty(self, square: int) -> None:
        """The square has become empty: its placements join the rows."""
        slots, slot = self.empty_slots, NAME_SLOT[square]
        at = bisect_left(slots, slot)
        slots.insert(at, slot)
        for value, row in enumerate(self.rows, 1):
            row.insert(at, PLACEMENTS[value][square])

    def _fill(self, square: int) -> None:
        """The empty square has become occupied: its placements leave the rows."""
        slots = self.empty_slots
        at = bisect_left(slots, NAME_SLOT[square])
        del slots[at]
        for row in self.rows:
            del row[at]

    def _legal(self) -> list[PileUpMove]:
        moves = self._moves
        if moves is None:
            moves = self._moves = self._generate()
        return moves

    @property
    def end(self) -> End | None:
        """Which end condition holds (RULINGS order), or ``None``; computed once per position."""
        if not self._end_known:
            if self.free[BLACK] <= 1 or self.free[WHITE] <= 1:
                self._end = End.FREE_PIECES
            elif not self._legal():
                self._end = End.NO_LEGAL_TURN
            else:
                self._end = None
            self._end_known = True
        return self._end

    @property
    def current_player(self) -> int:
        return TERMINAL if self.end is not None else self.to_move

    def legal_moves(self) -> list[PileUpMove]:
        if self.free[BLACK] <= 1 or self.free[WHITE] <= 1:
            return []
        return self._legal()[:]

    def captures(self) -> list[PileUpMove]:
        """The captures available to the player to move (board moves onto an occupied square)."""
        return self.legal_moves() if self.captures_available() else []

    def captures_available(self) -> bool:
        """Whether the player to move has a capture (and so must capture).

        Captures are forced, so when there is one the legal turns are all captures, and
        otherwise none is: the first legal turn tells (a board move onto an occupied square).
        """
        if self.free[BLACK] <= 1 or self.free[WHITE] <= 1:
            return False
        moves = self._legal()
        if not moves:
            return False
        first = moves[0]
        return type(first) is BoardMove and self.peak[first.target] > 0

    def explain(self, move: PileUpMove) -> Verdict:
        if self.end is not None:
            return illegal(Reason.GAME_OVER, "the game has ended")
        me = self.to_move
        if isinstance(move, Placement):
            if not self.reserve[me] >> move.value & 1:
                return illegal(Reason.NOT_IN_RESERVE, f"{piece_text(piece_code(me, move.value))} is not off the board", at=NAMES[move.target])
            if self.peak[move.target]:
                return illegal(Reason.PLACEMENT_OCCUPIED, f"{NAMES[move.target]} is occupied", at=NAMES[move.target])
            if self.captures_available():
                return illegal(Reason.FORCED_CAPTURE, "a capture is available", at=NAMES[move.target])
            return LEGAL
        verdict = self._judge_path(move.origin, move.target)
        if verdict is not None:
            return verdict
        if not self.peak[move.target] and self.captures_available():
            return illegal(Reason.FORCED_CAPTURE, "a capture is available", at=NAMES[move.target])
        return LEGAL

    def _judge_path(self, origin: int, target: int) -> Verdict | None:
        """The first rule a board move from ``origin`` to ``target`` breaks, or ``None``."""
        stack, me = self.stacks[origin], self.to_move
        where = NAMES[origin]
        if not stack:
            return illegal(Reason.NO_PIECE, f"{where} is empty", at=where)
        if len(stack) > 1:
            return illegal(Reason.STACK_MOVES, f"{where} holds a stack of {len(stack)}", at=where)
        if owner_of(stack[0]) != me:
            return illegal(Reason.ENEMY_PIECE, f"{piece_text(stack[0])} on {where} is not {PLAYERS[me]}'s", at=where)
        (ofile, orank), (tfile, trank) = GRID.cell_at(origin), GRID.cell_at(target)
        dfile, drank = tfile - ofile, trank - orank
        if (dfile, drank) == (0, 0) or (dfile and drank and abs(dfile) != abs(drank)):
            return illegal(Reason.NOT_A_LINE, f"{where} to {NAMES[target]} is not a straight line", at=NAMES[target])
        direction: Cell = ((dfile > 0) - (dfile < 0), (drank > 0) - (drank < 0))
        value = abs(stack[0])
        jumped = False
        for distance in range(1, max(abs(dfile), abs(drank))):
            square = GRID.index(step((ofile, orank), direction, distance))
            if not self.peak[square]:
                if jumped:
                    return illegal(Reason.LANDING_PAST_RUN, f"the jump must stop on {NAMES[square]}", at=NAMES[square])
                continue
            if self.peak[square] >= value:
                return illegal(
                    Reason.JUMP_NOT_LOWER, f"{NAMES[square]} holds {self._describe(square)}, not all lower than {value}", at=NAMES[square]
                )
            jumped = True
        held = self.stacks[target]
        if len(held) >= CLOSED_HEIGHT:
            return illegal(Reason.LANDING_CLOSED_STACK, f"{NAMES[target]} holds a closed stack of {len(held)}", at=NAMES[target])
        if held and owner_of(held[-1]) == me:
            return illegal(Reason.LANDING_FRIENDLY, f"{NAMES[target]} is topped by {piece_text(held[-1])}, a friendly piece", at=NAMES[target])
        return None

    def _describe(self, square: int) -> str:
        return ",".join(piece_text(c) for c in self.stacks[square])

    def _do(self, move: PileUpMove) -> None:
        me = self.to_move
        target = move.target
        if type(move) is Placement:
            self.stacks[target] = (piece_code(me, move.value),)
            self.peak[target] = move.value
            self.reserve[me] &= ~(1 << move.value)
            self.singles[me].append(target)
            self._fill(target)
        else:
            origin = move[0]
            mover = self.stacks[origin]
            held = self.stacks[target]
            self.stacks[origin] = ()
            self.peak[origin] = 0
            self.stacks[target] = held + mover
            self.peak[target] = max(self.peak[target], abs(mover[0]))
            mine = self.singles[me]
            mine.remove(origin)
            self._empty(origin)
            if held:
                self.free[me] -= 1
                if len(held) == 1:
                    self.free[1 - me] -= 1
                    self.singles[1 - me].remove(target)
            else:
                mine.append(target)
                self._fill(target)
        self.to_move = 1 - me
        self._moves = None
        self._end_known = False

    def _undo(self, move: PileUpMove) -> None:
        me = 1 - self.to_move
        target = move.target
        if type(move) is Placement:
            self.stacks[target] = ()
            self.peak[target] = 0
            self.reserve[me] |= 1 << move.value
            self.singles[me].remove(target)
            self._empty(target)
        else:
            origin = move[0]
            *rest, mover = self.stacks[target]
            held = tuple(rest)
            self.stacks[origin] = (mover,)
            self.peak[origin] = abs(mover)
            self.stacks[target] = held
            self.peak[target] = max((abs(c) for c in held), default=0)
            mine = self.singles[me]
            mine.append(origin)
            self._fill(origin)
            if held:
                self.free[me] += 1
                if len(held) == 1:
                    self.free[1 - me] += 1
                    self.singles[1 - me].append(target)
            else:
                mine.remove(target)
                self._empty(target)
        self.to_move = me
        self._moves = None
        self._end_known = False

    def clone(self) -> PileUpState:
        copy = PileUpState.__new__(PileUpState)
        copy.game = self.game
        copy.stacks = list(self.stacks)
        copy.to_move = self.to_move
        copy.peak = list(self.peak)
        copy.reserve = list(self.reserve)
        copy.free = list(self.free)
        copy.singles = [list(self.singles[0]), list(self.singles[1])]
        copy.empty_slots = list(self.empty_slots)
        copy.rows = [list(row) for row in self.rows]
        copy._moves = self._moves
        copy._end_known = self._end_known
        copy._end = self._end
        copy.history = list(self.history)
        copy.start_text = self.start_text
        return copy

    # -- results and facts ------------------------------------------------------------------
    def scores(self) -> tuple[int, int]:
        """Each player's score: the face values of every piece in the stacks whose top is theirs."""
        totals = [0, 0]
        for stack in self.stacks:
            if len(stack) >= STACK_HEIGHT:
                totals[owner_of(stack[-1])] += sum(abs(c) for c in stack)
        return totals[BLACK], totals[WHITE]

    def winner(self) -> int | None:
        """The winner's index once the game is over; ``None`` while playing or on a draw."""
        if self.end is None:
            return None
        black, white = self.scores()
        return None if black == white else (BLACK if black > white else WHITE)

    def outcome(self) -> Outcome | None:
        end = self.end
        if end is None:
            return None
        winner = self.winner()
        if winner is None:
            return Outcome(end, (0.0, 0.0))
        return Outcome(end, (1.0, -1.0) if winner == BLACK else (-1.0, 1.0))

    def position_text(self) -> str:
        squares = [f"{NAMES[i]}={','.join(piece_text(c) for c in s)}" for i, s in enumerate(self.stacks) if s]
        return " ".join([PLAYERS[self.to_move], *squares])

    def key(self) -> Hashable:
        return tuple(self.stacks), self.to_move


def _winner_name(state: PileUpState) -> str | None:
    if state.end is None:
        return None
    winner = state.winner()
    return "draw" if winner is None else PLAYERS[winner]


def _scores(state: PileUpState) -> dict[str, int]:
    black, white = state.scores()
    return {"black": black, "white": white}


_FACTS: dict[Fact, Callable[[PileUpState], object]] = {
    Fact.PIECES: lambda s: {NAMES[i]: [piece_text(c) for c in st] for i, st in enumerate(s.stacks) if st},
    Fact.STACKS: lambda s: {
        NAMES[i]: [piece_text(c) for c in st] for i, st in enumerate(s.stacks) if len(st) >= STACK_HEIGHT
    },
    Fact.CONTROLLER: lambda s: {NAMES[i]: PLAYERS[owner_of(st[-1])] for i, st in enumerate(s.stacks) if st},
    Fact.CLOSED: lambda s: [NAMES[i] for i, st in enumerate(s.stacks) if len(st) >= CLOSED_HEIGHT],
    Fact.RESERVE: lambda s: {PLAYERS[p]: [v for v in VALUES if s.reserve[p] >> v & 1] for p in (BLACK, WHITE)},
    Fact.FREE_PIECES: lambda s: {PLAYERS[p]: s.free[p] for p in (BLACK, WHITE)},
    Fact.SCORES: _scores,
    Fact.TO_MOVE: lambda s: PLAYERS[s.to_move] if s.end is None else None,
    Fact.CAPTURES_AVAILABLE: lambda s: s.captures_available(),
    Fact.CAPTURES: lambda s: [s.game.format_move(s, m) for m in s.captures()],
    Fact.LEGAL_MOVES: lambda s: len(s.legal_moves()),
    Fact.OVER: lambda s: s.end is not None,
    Fact.END: lambda s: s.end,
    Fact.WINNER: _winner_name,
}


# -- the game ----------------------------------------------------------------------------------
class PileUp(Game[PileUpState, PileUpMove, PileUpPosition]):
    """Pile Up: placement, jumps over lower pieces, stacking captures, scoring by stacks."""

    id = "pileup"
    title = "Pile Up"
    players = PLAYERS
    Reason = Reason
    Fact = Fact
    fact_values = _FACTS
    End = End
    Position = PileUpPosition
    _setup: PileUpState | None = None
    """The empty board, made once: every setup is a copy of it."""

    def initial_state(self, rng: random.Random | None = None) -> PileUpState:
        if self._setup is None:
            self._setup = PileUpState(self, [()] * SQUARES, BLACK)
        return self._setup.clone()

    def position_fields(self, text: str) -> dict[str, object]:
        """The data of a position in the one-line notation (see the module's docstring)."""
        fields = text.split()
        if not fields or fields[0] not in PLAYERS:
            raise PositionError(f"a position starts with the player to move (black or white): '{text}'")
        board: dict[str, list[str]] = {}
        for field in fields[1:]:
            cell_text, sep, pieces = field.partition("=")
            if not sep:
                raise PositionError(f"'{field}' is not a square and its pieces (like d4=B7 or e5=W2,B9)")
            if cell_text in board:
                raise PositionError(f"square {cell_text} is listed twice")
            board[cell_text] = pieces.split(",")
        return {"to_move": fields[0], "board": board}

    def state_from(self, position: PileUpPosition) -> PileUpState:
        stacks: list[tuple[int, ...]] = [()] * SQUARES
        seen: dict[int, str] = {}
        for cell_text, pieces in position.board.items():
            codes = []
            for place, token in enumerate(pieces):
                code = parse_piece(token)
                if code in seen:
                    loc = ("board", cell_text, place) if len(pieces) > 1 else ("board", cell_text)
                    raise PositionError(f"{piece_text(code)} is on both {seen[code]} and {cell_text}", loc)
                seen[code] = cell_text
                codes.append(code)
            stacks[_INDEX[cell_text]] = tuple(codes)
        return PileUpState(self, stacks, PLAYERS.index(position.to_move))

    def parse_move(self, state: PileUpState, text: str) -> PileUpMove:
        return move_from_text(text)

    def format_move(self, state: PileUpState, move: PileUpMove) -> str:
        """``7@d4``; ``d4-g7``, or ``d4xg7`` when the target square holds anything."""
        if isinstance(move, Placement):
            return move.text()
        return f"{NAMES[move.origin]}{'x' if state.stacks[move.target] else '-'}{NAMES[move.target]}"

    def move_cells(self, state: PileUpState, move: PileUpMove) -> list[str]:
        if isinstance(move, Placement):
            return [NAMES[move.target]]
        (ofile, orank), (tfile, trank) = GRID.cell_at(move.origin), GRID.cell_at(move.target)
        dfile, drank = tfile - ofile, trank - orank
        if dfile and drank and abs(dfile) != abs(drank):
            return [NAMES[move.origin], NAMES[move.target]]
        direction = ((dfile > 0) - (dfile < 0), (drank > 0) - (drank < 0))
        length = max(abs(dfile), abs(drank))
        return [cell_name(step((ofile, orank), direction, d)) for d in range(length + 1)]

    def setup_problem(self, state: PileUpState) -> str | None:
        occupied = [NAMES[i] for i, s in enumerate(state.stacks) if s]
        if occupied:
            return f"the board starts empty, but {', '.join(occupied)} {'is' if len(occupied) == 1 else 'are'} occupied"
        if state.to_move != BLACK:
            return "black moves first"
        return None


GAME = PileUp()
