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

    7@d4     place the player's piece 7 (from off the board) on d4
    d4-g7    move the single piece on d4 to the empty square g7
    d4xg7    move the single piece on d4 onto the piece or stack on g7

The engine writes ``x`` when the target square holds anything and ``-`` when it
is empty; it reads either sign.

Position notation (one line): the player to move, then every occupied square as
``cell=pieces`` with the pieces bottom to top, comma-separated; a piece is ``B``
(black) or ``W`` (white) and its value. Squares are listed a1, b1, ..., h8.
Pieces that appear nowhere are off the board::

    black                              the empty board, black to move
    white d4=B7 e5=W2,B9 f6=B3,W4,B1   white to move; a single piece and two stacks

The figure data format (``position:`` in a figure's YAML) is documented on
:meth:`PileUp.position_from_data`.
"""

from __future__ import annotations

import random
import re
from collections.abc import Hashable, Mapping
from typing import Any, NamedTuple

from ppprint.engine.base import LEGAL, TERMINAL, Game, State, Verdict
from ppprint.errors import DataError
from ppprint.geometry.square import ALL_DIRECTIONS, Cell, SquareGrid, cell_name, step
from ppprint.model.table import CELL_SIZE, COIN_DIAMETER, Label, Piece, Table, square_polygon

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
RESERVE_GAP = 0.2
"""Inches between the board (or its coordinates) and a row of off-board pieces."""

REASONS: dict[str, str] = {
    "game-over": "End of the game: no turn is played once the game has ended",
    "not-in-reserve": "Placement: only a piece still off the board can be placed",
    "placement-occupied": "Placement: a piece is placed on an empty square",
    "forced-capture": "Capture: when any capture is available the player must capture (no other move or placement)",
    "no-piece": "Movement: a move starts from a square holding one of the player's pieces",
    "enemy-piece": "Movement: a player moves only their own pieces",
    "stack-moves": "Stacks: a stack never moves or splits; only single pieces move",
    "not-a-line": "Movement: a piece moves in a straight line, orthogonally or diagonally",
    "jump-not-lower": "Jumping: every piece jumped, in every jumped stack, must be lower than the mover",
    "landing-past-run": "Jumping: after a jump the mover stops on the first empty square after the jumped pieces",
    "landing-friendly": "Capture: a piece lands only on a single enemy piece or a 2-stack topped by the enemy",
    "landing-closed-stack": "Stacks: a stack of three or more is closed; nothing lands on it",
}

FACTS: dict[str, str] = {
    "pieces": "Play: the pieces on each occupied square, bottom to top",
    "stacks": "Stacks: the pieces of each stack (two or more pieces), bottom to top",
    "controller": "Stacks: the top piece decides who controls a square",
    "closed": "Stacks: the squares holding a closed stack (three or more pieces)",
    "reserve": "Placement: each player's pieces still off the board",
    "free_pieces": "End of the game: each player's pieces not in a stack, off-board pieces included",
    "scores": "Scoring: the face values of all pieces in the stacks each player controls",
    "to_move": "Turns: the player to move",
    "captures_available": "Capture: whether the player to move has a capture (and so must capture)",
    "captures": "Capture: the captures available to the player to move",
    "legal_moves": "Turns: the number of legal turns of the player to move",
    "over": "End of the game: whether the game has ended",
    "end": "End of the game: which end condition ended it",
    "winner": "Scoring: who won, or draw on equal scores",
}


class PileUpMove(NamedTuple):
    """A turn: a placement (``origin`` is ``None``, ``value`` the piece) or a move (``value`` 0)."""

    origin: int | None
    target: int
    value: int = 0


def _name(index: int) -> str:
    return cell_name(GRID.cell_at(index))


NAMES = tuple(_name(i) for i in range(SQUARES))
_INDEX = {name: i for i, name in enumerate(NAMES)}


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
PLACEMENTS = tuple(tuple(PileUpMove(None, t, v) for t in range(SQUARES)) for v in range(11))
SHIFTS = tuple(tuple(PileUpMove(o, t) for t in range(SQUARES)) for o in range(SQUARES))
_SORT_TEXT = {m: f"{m.value}@{NAMES[m.target]}" for row in PLACEMENTS[1:] for m in row}
_SORT_TEXT.update({m: f"{NAMES[m.origin]}-{NAMES[m.target]}" for row in SHIFTS for m in row if m.origin != m.target})
NAME_ORDER = sorted(range(SQUARES), key=NAMES.__getitem__)
VALUE_ORDER = sorted(VALUES, key=lambda value: f"{value}@")
ORDER = {move: rank for rank, move in enumerate(sorted(_SORT_TEXT, key=_SORT_TEXT.__getitem__))}
"""Every possible move -> its place in notation order (``x`` and ``-`` never meet in one list)."""


def piece_code(owner: int, value: int) -> int:
    """A piece as one int: ``+value`` for black, ``-value`` for white (the table's encoding too)."""
    return value if owner == BLACK else -value


def piece_text(code: int) -> str:
    """``B7`` or ``W7``."""
    return f"{'B' if code > 0 else 'W'}{abs(code)}"


def parse_piece(text: Any) -> int:
    """The code of a piece written ``B7`` or ``W10``; ``ValueError`` otherwise."""
    match = _PIECE_RE.fullmatch(str(text).strip())
    if not match:
        raise ValueError(f"'{text}' is not a piece (B or W and a value 1-10, like B7 or W10)")
    return piece_code(BLACK if match.group(1) == "B" else WHITE, int(match.group(2)))


def _claim(code: int, seen: dict[int, str], where: str) -> int:
    """Record that piece ``code`` lies on ``where``; ``ValueError`` if it lies elsewhere too."""
    if code in seen:
        raise ValueError(f"{piece_text(code)} is on both {seen[code]} and {where}")
    seen[code] = where
    return code


def _owner(code: int) -> int:
    return BLACK if code > 0 else WHITE


_MOVE_RE = re.compile(r"([a-h][1-8])([-x])([a-h][1-8])")
_PLACE_RE = re.compile(r"(10|[1-9])@([a-h][1-8])")


def ruling_free_pieces(stacks: list[tuple[int, ...]], reserve: int, player: int) -> int:
    """Ruling: a player's free pieces are their single pieces on the board plus their off-board pieces.

    The game ends when either player has at most one (RULINGS.md: "at most one piece
    that is not in a stack (counting pieces still off the board)").
    """
    singles = sum(1 for s in stacks if len(s) == 1 and _owner(s[0]) == player)
    return singles + bin(reserve).count("1")


class PileUpState(State):
    """A position: the stacks on the 64 squares (signed codes, bottom to top) and the player to move."""

    game: PileUp

    def __init__(self, game: PileUp, stacks: list[tuple[int, ...]], to_move: int, start_text: str | None = None):
        self.stacks = stacks
        self.to_move = to_move
        self.peak = [max((abs(c) for c in s), default=0) for s in stacks]
        on_board = [0, 0]
        for s in stacks:
            for c in s:
                on_board[_owner(c)] |= 1 << abs(c)
        self.reserve = [FULL_RESERVE & ~on_board[0], FULL_RESERVE & ~on_board[1]]
        self.free = [ruling_free_pieces(stacks, self.reserve[p], p) for p in (BLACK, WHITE)]
        self._moves: list[PileUpMove] | None = None
        super().__init__(game, start_text if start_text is not None else self.position_text())

    # -- the rules -----------------------------------------------------------------------
    def _generate(self) -> list[PileUpMove]:
        """Legal turns in notation order: the captures if there are any, else every placement and quiet move.

        Placements (``7@d4``) sort before moves (``d4-g7``) since digits come before letters.
        """
        stacks, peak, me = self.stacks, self.peak, self.to_move
        sign = 1 if me == BLACK else -1
        captures: list[PileUpMove] = []
        quiet: list[PileUpMove] = []
        for origin in range(SQUARES):
            stack = stacks[origin]
            if len(stack) != 1 or stack[0] * sign < 0:
                continue
            value = peak[origin]
            shifts = SHIFTS[origin]
            for ray in RAYS[origin]:
                jumped = False
                for target in ray:
                    if not peak[target]:
                        quiet.append(shifts[target])
                        if jumped:
                            break
                        continue
                    held = stacks[target]
                    if len(held) < CLOSED_HEIGHT and held[-1] * sign < 0:
                        captures.append(shifts[target])
                    if peak[target] >= value:
                        break
                    jumped = True
        if captures:
            captures.sort(key=ORDER.__getitem__)
            return captures
        quiet.sort(key=ORDER.__getitem__)
        reserve = self.reserve[me]
        empty = [t for t in NAME_ORDER if not peak[t]]
        placements: list[PileUpMove] = []
        for value in VALUE_ORDER:
            if reserve >> value & 1:
                row = PLACEMENTS[value]
                placements.extend([row[t] for t in empty])
        return placements + quiet

    def _legal(self) -> list[PileUpMove]:
        if self._moves is None:
            self._moves = self._generate()
        return self._moves

    def _end(self) -> str | None:
        """Which end condition holds: ``free-pieces``, ``no-legal-turn`` or ``None``."""
        if self.free[BLACK] <= 1 or self.free[WHITE] <= 1:
            return "free-pieces"
        if not self._legal():
            return "no-legal-turn"
        return None

    @property
    def current_player(self) -> int:
        return TERMINAL if self._end() is not None else self.to_move

    def legal_moves(self) -> list[PileUpMove]:
        if self.free[BLACK] <= 1 or self.free[WHITE] <= 1:
            return []
        return list(self._legal())

    def captures_available(self) -> bool:
        """Whether the player to move has a capture (and so must capture)."""
        return any(m.origin is not None and self.peak[m.target] for m in self.legal_moves())

    def explain(self, move: PileUpMove) -> Verdict:  # type: ignore[override]
        if self._end() is not None:
            return Verdict(False, "game-over", "the game has ended")
        me = self.to_move
        if move.origin is None:
            if not self.reserve[me] >> move.value & 1:
                return Verdict(False, "not-in-reserve", f"{piece_text(piece_code(me, move.value))} is not off the board")
            if self.peak[move.target]:
                return Verdict(False, "placement-occupied", f"{NAMES[move.target]} is occupied")
            if self.captures_available():
                return Verdict(False, "forced-capture", "a capture is available")
            return LEGAL
        verdict = self._judge_path(move.origin, move.target)
        if verdict is not None:
            return verdict
        if not self.peak[move.target] and self.captures_available():
            return Verdict(False, "forced-capture", "a capture is available")
        return LEGAL

    def _judge_path(self, origin: int, target: int) -> Verdict | None:
        """The first rule a board move from ``origin`` to ``target`` breaks, or ``None``."""
        stack, me = self.stacks[origin], self.to_move
        where = NAMES[origin]
        if not stack:
            return Verdict(False, "no-piece", f"{where} is empty")
        if len(stack) > 1:
            return Verdict(False, "stack-moves", f"{where} holds a stack of {len(stack)}")
        if _owner(stack[0]) != me:
            return Verdict(False, "enemy-piece", f"{piece_text(stack[0])} on {where} is not {PLAYERS[me]}'s")
        (ofile, orank), (tfile, trank) = GRID.cell_at(origin), GRID.cell_at(target)
        dfile, drank = tfile - ofile, trank - orank
        if (dfile, drank) == (0, 0) or (dfile and drank and abs(dfile) != abs(drank)):
            return Verdict(False, "not-a-line", f"{where} to {NAMES[target]} is not a straight line")
        direction: Cell = ((dfile > 0) - (dfile < 0), (drank > 0) - (drank < 0))
        value = abs(stack[0])
        jumped = False
        for distance in range(1, max(abs(dfile), abs(drank))):
            square = GRID.index(step((ofile, orank), direction, distance))
            if not self.peak[square]:
                if jumped:
                    return Verdict(False, "landing-past-run", f"the jump must stop on {NAMES[square]}")
                continue
            if self.peak[square] >= value:
                return Verdict(
                    False, "jump-not-lower", f"{NAMES[square]} holds {self._describe(square)}, not all lower than {value}"
                )
            jumped = True
        held = self.stacks[target]
        if len(held) >= CLOSED_HEIGHT:
            return Verdict(False, "landing-closed-stack", f"{NAMES[target]} holds a closed stack of {len(held)}")
        if held and _owner(held[-1]) == me:
            return Verdict(False, "landing-friendly", f"{NAMES[target]} is topped by {piece_text(held[-1])}, a friendly piece")
        return None

    def _describe(self, square: int) -> str:
        return ",".join(piece_text(c) for c in self.stacks[square])

    def _do(self, move: PileUpMove) -> None:
        me = self.to_move
        target = move.target
        if move.origin is None:
            self.stacks[target] = (piece_code(me, move.value),)
            self.peak[target] = move.value
            self.reserve[me] &= ~(1 << move.value)
        else:
            mover = self.stacks[move.origin]
            held = self.stacks[target]
            self.stacks[move.origin] = ()
            self.peak[move.origin] = 0
            self.stacks[target] = held + mover
            self.peak[target] = max(self.peak[target], abs(mover[0]))
            if held:
                self.free[me] -= 1
                if len(held) == 1:
                    self.free[1 - me] -= 1
        self.to_move = 1 - me
        self._moves = None

    def _undo(self, move: PileUpMove) -> None:
        me = 1 - self.to_move
        target = move.target
        if move.origin is None:
            self.stacks[target] = ()
            self.peak[target] = 0
            self.reserve[me] |= 1 << move.value
        else:
            *rest, mover = self.stacks[target]
            held = tuple(rest)
            self.stacks[move.origin] = (mover,)
            self.peak[move.origin] = abs(mover)
            self.stacks[target] = held
            self.peak[target] = max((abs(c) for c in held), default=0)
            if held:
                self.free[me] += 1
                if len(held) == 1:
                    self.free[1 - me] += 1
        self.to_move = me
        self._moves = None

    def clone(self) -> PileUpState:
        copy = PileUpState(self.game, list(self.stacks), self.to_move, self.start_text)
        copy.history = list(self.history)
        return copy

    # -- results and facts ------------------------------------------------------------------
    def scores(self) -> tuple[int, int]:
        """Each player's score: the face values of every piece in the stacks whose top is theirs."""
        totals = [0, 0]
        for stack in self.stacks:
            if len(stack) >= STACK_HEIGHT:
                totals[_owner(stack[-1])] += sum(abs(c) for c in stack)
        return totals[BLACK], totals[WHITE]

    def winner(self) -> int | None:
        """The winner's index once the game is over; ``None`` while playing or on a draw."""
        if self._end() is None:
            return None
        black, white = self.scores()
        return None if black == white else (BLACK if black > white else WHITE)

    def returns(self) -> tuple[float, ...]:
        if self._end() is None:
            return 0.0, 0.0
        winner = self.winner()
        if winner is None:
            return 0.0, 0.0
        return (1.0, -1.0) if winner == BLACK else (-1.0, 1.0)

    def position_text(self) -> str:
        squares = [f"{NAMES[i]}={','.join(piece_text(c) for c in s)}" for i, s in enumerate(self.stacks) if s]
        return " ".join([PLAYERS[self.to_move], *squares])

    def key(self) -> Hashable:
        return tuple(self.stacks), self.to_move

    def facts(self) -> dict[str, Any]:
        end = self._end()
        winner = self.winner()
        black, white = self.scores()
        moves = self.legal_moves()
        captures = [m for m in moves if m.origin is not None and self.peak[m.target]]
        return {
            "pieces": {NAMES[i]: [piece_text(c) for c in s] for i, s in enumerate(self.stacks) if s},
            "stacks": {NAMES[i]: [piece_text(c) for c in s] for i, s in enumerate(self.stacks) if len(s) >= STACK_HEIGHT},
            "controller": {NAMES[i]: PLAYERS[_owner(s[-1])] for i, s in enumerate(self.stacks) if s},
            "closed": [NAMES[i] for i, s in enumerate(self.stacks) if len(s) >= CLOSED_HEIGHT],
            "reserve": {PLAYERS[p]: [v for v in VALUES if self.reserve[p] >> v & 1] for p in (BLACK, WHITE)},
            "free_pieces": {PLAYERS[p]: self.free[p] for p in (BLACK, WHITE)},
            "scores": {"black": black, "white": white},
            "to_move": PLAYERS[self.to_move] if end is None else None,
            "captures_available": bool(captures),
            "captures": [self.game.format_move(self, m) for m in captures],
            "legal_moves": len(moves),
            "over": end is not None,
            "end": end,
            "winner": None if end is None else ("draw" if winner is None else PLAYERS[winner]),
        }


class PileUp(Game):
    """Pile Up: placement, jumps over lower pieces, stacking captures, scoring by stacks."""

    id = "pileup"
    title = "Pile Up"
    players = PLAYERS
    reasons = REASONS
    facts = FACTS

    def initial_state(self, rng: random.Random | None = None) -> PileUpState:
        return PileUpState(self, [()] * SQUARES, BLACK)

    def parse_position(self, text: str) -> PileUpState:
        fields = text.split()
        if not fields or fields[0] not in PLAYERS:
            raise ValueError(f"a position starts with the player to move (black or white): '{text}'")
        stacks: list[tuple[int, ...]] = [()] * SQUARES
        seen: dict[int, str] = {}
        for field in fields[1:]:
            cell_text, sep, pieces = field.partition("=")
            if not sep or cell_text not in _INDEX:
                raise ValueError(f"'{field}' is not a square and its pieces (like d4=B7 or e5=W2,B9)")
            index = _INDEX[cell_text]
            if stacks[index]:
                raise ValueError(f"square {cell_text} is listed twice")
            stacks[index] = tuple(_claim(parse_piece(token), seen, cell_text) for token in pieces.split(","))
        return PileUpState(self, stacks, PLAYERS.index(fields[0]))

    def position_from_data(self, data: Any) -> PileUpState:
        """A state from a figure's ``position:``.

        Either the word ``setup`` (the empty board, black to move) or a mapping::

            board:                   # square -> a piece, or a stack bottom to top
              d4: B7
              e5: [W2, B9]
            to_move: white           # default black

        Pieces are ``B`` or ``W`` and a value 1-10; pieces not on the board are off it.
        """
        if data == "setup":
            return self.initial_state()
        if not isinstance(data, Mapping):
            raise DataError("a position is 'setup' or a mapping with board and to_move")
        unknown = set(data) - {"board", "to_move"}
        if unknown:
            key = sorted(map(str, unknown))[0]
            raise DataError(f"unknown position key '{key}' (expected board, to_move)", (key,))
        board = data.get("board") or {}
        if not isinstance(board, Mapping):
            raise DataError("board: a mapping of square -> piece or list of pieces", ("board",))
        stacks: list[tuple[int, ...]] = [()] * SQUARES
        seen: dict[int, str] = {}
        for cell_text, pieces in board.items():
            loc: tuple[Any, ...] = ("board", cell_text)
            if str(cell_text) not in _INDEX:
                raise DataError(f"unknown square '{cell_text}' (the board runs from a1 to h8)", loc)
            tokens = pieces if isinstance(pieces, list) else [pieces]
            if not tokens:
                raise DataError("an empty stack: leave the square out", loc)
            codes = []
            for position, token in enumerate(tokens):
                try:
                    codes.append(_claim(parse_piece(token), seen, str(cell_text)))
                except ValueError as exc:
                    raise DataError(str(exc), (*loc, position) if isinstance(pieces, list) else loc) from None
            stacks[_INDEX[str(cell_text)]] = tuple(codes)
        name = data.get("to_move", "black")
        try:
            to_move = self.player_index(str(name))
        except ValueError as exc:
            raise DataError(str(exc), ("to_move",)) from None
        return PileUpState(self, stacks, to_move)

    def parse_move(self, state: State, text: str) -> PileUpMove:
        text = text.strip()
        placement = _PLACE_RE.fullmatch(text)
        if placement:
            return PLACEMENTS[int(placement.group(1))][_INDEX[placement.group(2)]]
        match = _MOVE_RE.fullmatch(text)
        if not match:
            raise ValueError(f"'{text}' is not a move (write it like 7@d4, d4-g7 or d4xg7)")
        return SHIFTS[_INDEX[match.group(1)]][_INDEX[match.group(3)]]

    def format_move(self, state: State, move: PileUpMove) -> str:  # type: ignore[override]
        assert isinstance(state, PileUpState)
        if move.origin is None:
            return f"{move.value}@{NAMES[move.target]}"
        return f"{NAMES[move.origin]}{'x' if state.stacks[move.target] else '-'}{NAMES[move.target]}"

    def move_cells(self, state: State, move: PileUpMove) -> list[str]:  # type: ignore[override]
        if move.origin is None:
            return [NAMES[move.target]]
        (ofile, orank), (tfile, trank) = GRID.cell_at(move.origin), GRID.cell_at(move.target)
        dfile, drank = tfile - ofile, trank - orank
        if dfile and drank and abs(dfile) != abs(drank):
            return [NAMES[move.origin], NAMES[move.target]]
        direction = ((dfile > 0) - (dfile < 0), (drank > 0) - (drank < 0))
        length = max(abs(dfile), abs(drank))
        return [cell_name(step((ofile, orank), direction, d)) for d in range(length + 1)]

    def setup_problem(self, state: State) -> str | None:
        assert isinstance(state, PileUpState)
        occupied = [NAMES[i] for i, s in enumerate(state.stacks) if s]
        if occupied:
            return f"the board starts empty, but {', '.join(occupied)} {'is' if len(occupied) == 1 else 'are'} occupied"
        if state.to_move != BLACK:
            return "black moves first"
        return None

    def table(self, state: State, view: Mapping[str, Any]) -> Table:
        """The board, its pieces and stacks, and (on request) the pieces off the board.

        Squares are ``pileup-square`` pieces (``length`` is the side). A single piece
        is a ``pileup-piece`` (``owner``, ``rank`` the value); a stack of two or more
        is a ``pileup-stack`` whose ``stack`` holds :func:`piece_code` values bottom
        to top (``+v`` black, ``-v`` white) and whose ``owner`` is the controller.

        ``view`` options: ``reserve`` (draw each player's off-board pieces in a row,
        white above the board and black below, one slot per value; default false),
        ``coordinates`` (default true).
        """
        assert isinstance(state, PileUpState)
        table = Table()
        for cell in GRID.cells():
            x, y = cell[0] * CELL_SIZE, cell[1] * CELL_SIZE
            table.cells[cell_name(cell)] = square_polygon(x, y)
            table.pieces.append(Piece("pileup-square", x + CELL_SIZE / 2, y + CELL_SIZE / 2, length=CELL_SIZE))
        for index, stack in enumerate(state.stacks):
            if not stack:
                continue
            file, rank = GRID.cell_at(index)
            x, y = (file + 0.5) * CELL_SIZE, (rank + 0.5) * CELL_SIZE
            if len(stack) == 1:
                table.pieces.append(Piece("pileup-piece", x, y, rank=abs(stack[0]), owner=_owner(stack[0])))
            else:
                table.pieces.append(Piece("pileup-stack", x, y, owner=_owner(stack[-1]), stack=stack))
        width, height = GRID.files * CELL_SIZE, GRID.ranks * CELL_SIZE
        min_x, min_y, max_x, max_y = 0.0, 0.0, width, height
        if view.get("coordinates", True):
            for file in range(GRID.files):
                table.coordinates.append(Label(((file + 0.5) * CELL_SIZE, -0.25), chr(ord("a") + file)))
            for rank in range(GRID.ranks):
                table.coordinates.append(Label((-0.25, (rank + 0.5) * CELL_SIZE), str(rank + 1)))
            min_x, min_y = -0.5, -0.5
        if view.get("reserve", False):
            slot = width / len(VALUES)
            rows = {BLACK: min_y - RESERVE_GAP - COIN_DIAMETER / 2, WHITE: height + RESERVE_GAP + COIN_DIAMETER / 2}
            for player, y in rows.items():
                for value in VALUES:
                    if state.reserve[player] >> value & 1:
                        x = (value - 0.5) * slot
                        table.pieces.append(Piece("pileup-piece", x, y, rank=value, owner=player))
            min_y = rows[BLACK] - COIN_DIAMETER / 2 - RESERVE_GAP / 2
            max_y = rows[WHITE] + COIN_DIAMETER / 2 + RESERVE_GAP / 2
        table.bounds = (min_x, min_y, max_x, max_y)
        return table

GAME = PileUp()
