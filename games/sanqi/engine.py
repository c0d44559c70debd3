"""SanQi: two players share three types of pieces on a hexagonal field and race to a pattern.

Rules as ppprint reads them (sources/sanqi.txt and the SanQi rulings): a field of
side n (10 by default, any n >= 4). A turn is a *placement* of any type on a
vacant cell or a *replacement* of a piece by another type, legal when that type
outnumbers the replaced type by at least two among the piece's neighbours; the
piece the opponent played on their last turn cannot be replaced. No passing. At
the end of a turn the mover wins with one of their patterns: First with a
circle (the six neighbours of one cell, one type) or a triangle (six cells of
one type forming a triangle of side three, either way up); Second with a line
(six or more of one type in a straight row) or a triangle. A player with no
legal move ends the game drawn. The pieces belong to nobody.

Types and letters: ``S`` Shang 上 (red), ``Z`` Zhong 中 (yellow), ``X`` Xia 下 (blue).
Cells are named as in :mod:`ppprint.geometry.hex` (``a1`` is the bottom-left
corner, letters grow left to right along each row, numbers bottom to top).

Move notation (after PPN's drop ``S@a3``):
    ``S@e5``  place a Shang on the vacant cell e5;
    ``e5=Z``  replace the piece on e5 by a Zhong.
The characters 上 中 下 are read as S, Z, X too.

Position notation (one line, four fields separated by spaces)::

    <side> <rows> <to move> <protected cell>

``<rows>`` lists the rows from the top one (rank 2n-1) down to rank 1, joined by
``/``; a row lists its cells left to right, a letter for a piece and a number
for a run of vacant cells. ``<to move>`` is ``first`` or ``second``;
``<protected cell>`` is the cell the opponent played last turn, or ``-``.
The empty field of side 4 is ``4 4/5/6/7/6/5/4 first -``.

A figure's ``position:`` mapping::

    size: 10            # optional, the game's side by default
    to_move: second     # optional, first by default
    last: e5            # optional: the piece the opponent just played (protected)
    pieces: {shang: [e5, f5], zhong: [d4], xia: []}
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar

from ppprint.engine.base import LEGAL, TERMINAL, Game, State, Verdict
from ppprint.errors import DataError
from ppprint.geometry.hex import DIRECTIONS, SQRT3, HexField, centre_point, corner_points, distance, step
from ppprint.model.table import Label, Piece, Table

EMPTY, SHANG, ZHONG, XIA = 0, 1, 2, 3
TYPES = (SHANG, ZHONG, XIA)
LETTERS = {SHANG: "S", ZHONG: "Z", XIA: "X"}
TYPE_OF_LETTER = {"S": SHANG, "Z": ZHONG, "X": XIA, "上": SHANG, "中": ZHONG, "下": XIA}
TYPE_NAMES = {SHANG: "shang", ZHONG: "zhong", XIA: "xia"}
CHARACTERS = {SHANG: "上", ZHONG: "中", XIA: "下"}
COLOURS = {SHANG: "red", ZHONG: "yellow", XIA: "blue"}
_TYPES_BY_LETTER = (SHANG, XIA, ZHONG)
"""Types in the order of their letters (S < X < Z), so moves come out sorted by notation."""

FIRST, SECOND = 0, 1
PLAYERS = ("first", "second")
ONGOING, DRAWN = -1, 2

MIN_SIDE = 4
DEFAULT_SIDE = 10
LINE_LENGTH = 6

CIRCLE, LINE, TRIANGLE = "circle", "line", "triangle"


def winning_kinds(player: int) -> tuple[str, ...]:
    """Ruling: First wins with a circle or a triangle, Second with a line or a triangle.

    A pattern counts wherever it stands at the end of the mover's turn, even one
    the opponent's move made (the text says the mover wins "if there is" one);
    only the mover's patterns are looked at.
    """
    return (CIRCLE, TRIANGLE) if player == FIRST else (LINE, TRIANGLE)


Move = tuple[str, int, bool]
"""``(cell name, type, is_replacement)``."""

_PLACE_RE = re.compile(r"([SZX上中下])@([a-z]+[1-9][0-9]*)")
_REPLACE_RE = re.compile(r"([a-z]+[1-9][0-9]*)=([SZX上中下])")
_ROW_TOKEN_RE = re.compile(r"[1-9][0-9]*|[SZX]")


@dataclass(frozen=True)
class _Tables:
    """Index tables of one field size: the engine works on cell indexes, never on names."""

    field: HexField
    names: tuple[str, ...]
    index: dict[str, int]
    neighbours: tuple[tuple[int, ...], ...]
    steps: tuple[tuple[int, ...], ...]
    """``steps[d][i]``: the neighbour of cell i in direction d (hex.DIRECTIONS), or -1."""
    circles_through: tuple[tuple[int, ...], ...]
    """The centres whose six-cell circle contains cell i."""
    triangles: tuple[tuple[int, ...], ...]
    triangles_through: tuple[tuple[int, ...], ...]
    rows: tuple[tuple[int, ...], ...]
    """Cell indexes row by row from the top, left to right (position notation)."""
    place_order: tuple[int, ...]
    replace_order: tuple[int, ...]
    place_moves: tuple[tuple[Move, ...], ...]
    replace_moves: tuple[tuple[Move, ...], ...]


@cache
def _tables(side: int) -> _Tables:
    field = HexField(side)
    cells = list(field.cells())
    names = tuple(field.name(c) for c in cells)
    index = {name: i for i, name in enumerate(names)}
    at = {c: i for i, c in enumerate(cells)}
    steps = tuple(tuple(at.get(step(c, d), -1) for c in cells) for d in DIRECTIONS)
    neighbours = tuple(tuple(steps[d][i] for d in range(6) if steps[d][i] >= 0) for i in range(len(cells)))
    circles: list[list[int]] = [[] for _ in cells]
    for centre, around in enumerate(neighbours):
        if len(around) == 6:
            for i in around:
                circles[i].append(centre)
    triangles = tuple(tuple(at[c] for c in t) for t in field.triangles())
    through: list[list[int]] = [[] for _ in cells]
    for k, cells_of in enumerate(triangles):
        for i in cells_of:
            through[i].append(k)
    rows: dict[int, list[int]] = {}
    for i, (_, r) in enumerate(cells):
        rows.setdefault(r, []).append(i)
    place_order = tuple(sorted(range(len(cells)), key=lambda i: names[i]))
    replace_order = tuple(sorted(range(len(cells)), key=lambda i: names[i] + "="))
    empty_moves: tuple[Move, ...] = ()
    place_moves = [empty_moves] + [tuple((n, t, False) for n in names) for t in TYPES]
    replace_moves = [empty_moves] + [tuple((n, t, True) for n in names) for t in TYPES]
    return _Tables(
        field=field,
        names=names,
        index=index,
        neighbours=neighbours,
        steps=steps,
        circles_through=tuple(map(tuple, circles)),
        triangles=triangles,
        triangles_through=tuple(map(tuple, through)),
        rows=tuple(tuple(rows[r]) for r in sorted(rows, reverse=True)),
        place_order=place_order,
        replace_order=replace_order,
        place_moves=tuple(place_moves),
        replace_moves=tuple(replace_moves),
    )


class SanQiState(State):
    """A SanQi position: the field, who moves, the protected cell, and the complete patterns."""

    game: SanQi

    def __init__(self, game: SanQi, side: int, start_text: str = ""):
        super().__init__(game, start_text)
        t = _tables(side)
        self.side = side
        self.tables = t
        size = len(t.names)
        self.board = bytearray(size)
        self.counts = bytearray(4 * size)
        """``counts[4 * i + type]``: neighbours of cell i holding that type."""
        self.replaceable = bytearray(size)
        """1 where some other type has the majority to replace the piece (protection aside)."""
        self.replaceable_count = 0
        self.vacant = size
        self.circles: set[int] = set()
        self.triangle_set: set[int] = set()
        self.lines: set[tuple[int, int, int]] = set()
        """Complete lines as ``(axis, first cell, last cell)``, maximal runs of LINE_LENGTH or more."""
        self.player = FIRST
        self.last = -1
        self.result = ONGOING
        self._undo_stack: list[tuple[int, int, int, int]] = []
        if not start_text:
            self.start_text = self.position_text()

    # -- the board and its patterns, kept up to date one cell at a time ----------------
    def _run(self, i: int, axis: int) -> tuple[int, int, int]:
        """The maximal run of one type through occupied cell i along an axis: (start, end, length)."""
        board, kind = self.board, self.board[i]
        forward, backward = self.tables.steps[axis], self.tables.steps[axis + 3]
        start, length = i, 1
        j = backward[i]
        while j >= 0 and board[j] == kind:
            start, length, j = j, length + 1, backward[j]
        end = i
        j = forward[i]
        while j >= 0 and board[j] == kind:
            end, length, j = j, length + 1, forward[j]
        return start, end, length

    def _lines_near(self, i: int, kind: int, axis: int) -> list[tuple[int, int, int]]:
        """Complete lines along ``axis`` through cell i, or through its two neighbours when they hold ``kind``."""
        found = []
        board, steps = self.board, self.tables.steps
        if board[i]:
            start, end, length = self._run(i, axis)
            if length >= LINE_LENGTH:
                found.append((axis, start, end))
        if kind:
            for j in (steps[axis][i], steps[axis + 3][i]):
                if j >= 0 and board[j] == kind:
                    start, end, length = self._run(j, axis)
                    if length >= LINE_LENGTH:
                        found.append((axis, start, end))
        return found

    def _refresh_replaceable(self, i: int) -> None:
        kind = self.board[i]
        flag = 0
        if kind:
            counts, base = self.counts, 4 * i
            need = counts[base + kind] + 2
            flag = counts[base + 1] >= need or counts[base + 2] >= need or counts[base + 3] >= need
        if flag != self.replaceable[i]:
            self.replaceable[i] = flag
            self.replaceable_count += 1 if flag else -1

    def _set_cell(self, i: int, kind: int) -> None:
        """Put ``kind`` (or EMPTY) on cell i, updating counts and complete patterns around it only."""
        t = self.tables
        board = self.board
        old = board[i]
        if old:
            if self.circles:
                for centre in t.circles_through[i]:
                    self.circles.discard(centre)
            if self.triangle_set:
                for k in t.triangles_through[i]:
                    self.triangle_set.discard(k)
        if self.lines:
            for axis in range(3):
                for line in self._lines_near(i, kind, axis):
                    self.lines.discard(line)
        board[i] = kind
        counts = self.counts
        around = t.neighbours[i]
        for j in around:
            if old:
                counts[4 * j + old] -= 1
            if kind:
                counts[4 * j + kind] += 1
        self.vacant += (kind == EMPTY) - (old == EMPTY)
        self._refresh_replaceable(i)
        for j in around:
            self._refresh_replaceable(j)
        if kind:
            neighbours = t.neighbours
            for centre in t.circles_through[i]:
                if all(board[j] == kind for j in neighbours[centre]):
                    self.circles.add(centre)
            triangles = t.triangles
            for k in t.triangles_through[i]:
                if all(board[j] == kind for j in triangles[k]):
                    self.triangle_set.add(k)
        for axis in range(3):
            for line in self._lines_near(i, old, axis):
                self.lines.add(line)

    def _has_pattern(self, player: int) -> bool:
        if self.triangle_set:
            return True
        return bool(self.circles) if player == FIRST else bool(self.lines)

    def _judge(self, mover: int) -> int:
        """The result once ``mover`` has ended a turn (the other player to move)."""
        if self._has_pattern(mover):
            return mover
        if self.vacant:
            return ONGOING
        protected = 1 if self.last >= 0 and self.replaceable[self.last] else 0
        return ONGOING if self.replaceable_count > protected else DRAWN

    def _load(self, board: bytes, player: int, last: int) -> None:
        """Set a whole position at once (cheaper than cell by cell) and judge it."""
        for i, kind in enumerate(board):
            if kind:
                self._set_cell(i, kind)
        self.player, self.last = player, last
        self.result = self._judge(1 - player)

    # -- the engine API -------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return TERMINAL if self.result != ONGOING else self.player

    def legal_moves(self) -> list[Move]:
        if self.result != ONGOING:
            return []
        t, board = self.tables, self.board
        vacant = [i for i in t.place_order if not board[i]]
        moves: list[Move] = []
        for kind in _TYPES_BY_LETTER:
            table = t.place_moves[kind]
            moves.extend([table[i] for i in vacant])
        if self.replaceable_count:
            counts, replaceable, last = self.counts, self.replaceable, self.last
            for i in t.replace_order:
                if replaceable[i] and i != last:
                    old = board[i]
                    need = counts[4 * i + old] + 2
                    for kind in _TYPES_BY_LETTER:
                        if kind != old and counts[4 * i + kind] >= need:
                            moves.append(t.replace_moves[kind][i])
        return moves

    def explain(self, move: Move) -> Verdict:
        if self.result != ONGOING:
            return Verdict(False, "game-over", "the game is over")
        name, kind, replace = move
        i = self.tables.index.get(name)
        if i is None:
            return Verdict(False, "off-field", f"{name} is not on the field of side {self.side}")
        old = self.board[i]
        if not replace:
            if old:
                return Verdict(False, "occupied", f"{name} already holds a {TYPE_NAMES[old].title()}")
            return LEGAL
        if not old:
            return Verdict(False, "vacant", f"{name} holds no piece to replace")
        if old == kind:
            return Verdict(False, "same-type", f"{name} already holds a {TYPE_NAMES[old].title()}")
        if i == self.last:
            return Verdict(False, "protected", f"the opponent played {name} on their last turn")
        have, against = self.counts[4 * i + kind], self.counts[4 * i + old]
        if have < against + 2:
            return Verdict(
                False,
                "no-majority",
                f"{name} has {have} {TYPE_NAMES[kind].title()} and {against} "
                f"{TYPE_NAMES[old].title()} neighbours; it needs {against + 2}",
            )
        return LEGAL

    def _do(self, move: Move) -> None:
        i = self.tables.index[move[0]]
        self._undo_stack.append((i, self.board[i], self.last, self.result))
        self._set_cell(i, move[1])
        mover = self.player
        self.player, self.last = 1 - mover, i
        self.result = self._judge(mover)

    def _undo(self, move: Move) -> None:
        i, old, last, result = self._undo_stack.pop()
        self._set_cell(i, old)
        self.player, self.last, self.result = 1 - self.player, last, result

    def clone(self) -> SanQiState:
        other = SanQiState.__new__(SanQiState)
        other.__dict__.update(self.__dict__)
        other.history = list(self.history)
        other.board = bytearray(self.board)
        other.counts = bytearray(self.counts)
        other.replaceable = bytearray(self.replaceable)
        other.circles = set(self.circles)
        other.triangle_set = set(self.triangle_set)
        other.lines = set(self.lines)
        other._undo_stack = list(self._undo_stack)
        return other

    def returns(self) -> tuple[float, ...]:
        if self.result in (FIRST, SECOND):
            return (1.0, -1.0) if self.result == FIRST else (-1.0, 1.0)
        return (0.0, 0.0)

    def position_text(self) -> str:
        rows = []
        board = self.board
        for row in self.tables.rows:
            text, gap = "", 0
            for i in row:
                if board[i]:
                    text += (str(gap) if gap else "") + LETTERS[board[i]]
                    gap = 0
                else:
                    gap += 1
            rows.append(text + (str(gap) if gap else ""))
        last = self.tables.names[self.last] if self.last >= 0 else "-"
        return f"{self.side} {'/'.join(rows)} {PLAYERS[self.player]} {last}"

    def key(self) -> Hashable:
        return self.side, bytes(self.board), self.player, self.last

    # -- what diagrams may claim ----------------------------------------------------------
    def pattern_list(self) -> list[tuple[str, tuple[str, ...]]]:
        """Every complete pattern on the field as ``(kind, cell names)``, sorted."""
        t = self.tables
        found = [(CIRCLE, tuple(t.names[j] for j in t.neighbours[c])) for c in self.circles]
        found += [(TRIANGLE, tuple(t.names[j] for j in t.triangles[k])) for k in self.triangle_set]
        for axis, start, end in self.lines:
            cells, j = [start], start
            while j != end:
                j = t.steps[axis][j]
                cells.append(j)
            found.append((LINE, tuple(t.names[j] for j in cells)))
        return sorted(found)

    def replacements(self) -> dict[str, list[str]]:
        """Each cell whose piece may be replaced now -> the letters of the types that may replace it."""
        found: dict[str, list[str]] = {}
        for name, kind, replace in self.legal_moves():
            if replace:
                found.setdefault(name, []).append(LETTERS[kind])
        return dict(sorted(found.items()))

    def winning_moves(self, player: int) -> list[str]:
        """Moves (notation) with which ``player`` would win if it were their turn now.

        For the player to move the protected cell stays protected; for the other
        player (a threat) nothing is protected, since the protected piece changes
        with the move in between.
        """
        if self.result != ONGOING:
            return []
        t, board, found = self.tables, self.board, []
        protected = self.last if player == self.player else -1
        for i, name in enumerate(t.names):
            old = board[i]
            need = self.counts[4 * i + old] + 2
            for kind in TYPES:
                if kind == old or (old and (i == protected or self.counts[4 * i + kind] < need)):
                    continue
                self._set_cell(i, kind)
                if self._has_pattern(player):
                    found.append(f"{name}={LETTERS[kind]}" if old else f"{LETTERS[kind]}@{name}")
                self._set_cell(i, old)
        return sorted(found)

    def majorities(self) -> dict[str, list[str]]:
        """Each piece that some other type outnumbers by two among its neighbours -> those types' letters.

        Unlike :meth:`replacements` this ignores protection and whose turn it is:
        it says which pieces are *under attack*, the threat a diagram points at.
        """
        t, board, counts = self.tables, self.board, self.counts
        found: dict[str, list[str]] = {}
        for i in t.place_order:
            if self.replaceable[i]:
                need = counts[4 * i + board[i]] + 2
                found[t.names[i]] = [LETTERS[k] for k in _TYPES_BY_LETTER if k != board[i] and counts[4 * i + k] >= need]
        return found

    def potential(self) -> dict[str, int]:
        """How many patterns of each kind could still be finished by placements alone.

        A potential circle (a centre) or triangle holds at least two pieces, all of
        one type, and otherwise vacant cells. A potential line is a row of the field
        along one axis with a stretch of six cells holding at least two pieces of one
        type and nothing else; a row counts once per type, however many such
        stretches it has.
        """
        t, board = self.tables, self.board

        def open_group(cells: tuple[int, ...]) -> int:
            kinds = {board[j] for j in cells} - {EMPTY}
            pieces = sum(1 for j in cells if board[j])
            return next(iter(kinds)) if len(kinds) == 1 and pieces >= 2 else EMPTY

        circles = sum(1 for around in t.neighbours if len(around) == 6 and open_group(around))
        triangles = sum(1 for cells in t.triangles if open_group(cells))
        lines: set[tuple[int, int, int]] = set()
        for axis in range(3):
            forward, backward = t.steps[axis], t.steps[axis + 3]
            for start in range(len(board)):
                if backward[start] >= 0:
                    continue
                row, j = [], start
                while j >= 0:
                    row.append(j)
                    j = forward[j]
                for k in range(len(row) - LINE_LENGTH + 1):
                    kind = open_group(tuple(row[k : k + LINE_LENGTH]))
                    if kind:
                        lines.add((axis, start, kind))
        return {CIRCLE: circles, LINE: len(lines), TRIANGLE: triangles}

    def facts(self) -> dict[str, Any]:
        patterns = self.pattern_list()
        winner = PLAYERS[self.result] if self.result in (FIRST, SECOND) else None
        pattern, cells = None, None
        if winner is not None:
            kinds = winning_kinds(self.result)
            mine = [p for p in patterns if p[0] in kinds]
            last = self.tables.names[self.last] if self.last >= 0 else None
            pattern, cells = next((p for p in mine if last in p[1]), mine[0])
        return {
            "size": self.side,
            "to_move": None if self.result != ONGOING else PLAYERS[self.player],
            "winner": winner,
            "drawn": self.result == DRAWN,
            "pattern": pattern,
            "pattern_cells": sorted(cells) if cells else [],
            "patterns": [{"kind": kind, "cells": sorted(c)} for kind, c in patterns],
            "protected": self.tables.names[self.last] if self.last >= 0 and self.result == ONGOING else None,
            "replacements": self.replacements(),
            "majorities": self.majorities(),
            "potential": self.potential(),
            "threats": {PLAYERS[p]: self.winning_moves(p) for p in (FIRST, SECOND)},
        }


class SanQi(Game):
    """SanQi on a field of side ``size``; positions of any size parse (the size is in the text)."""

    id: ClassVar[str] = "sanqi"
    title: ClassVar[str] = "SanQi"
    players: ClassVar[tuple[str, ...]] = PLAYERS
    reasons: ClassVar[Mapping[str, str]] = {
        "game-over": "Goal: the game has ended",
        "off-field": "Playing field: pieces go on the cells of the field",
        "occupied": "Placement: a piece is placed on a vacant cell",
        "vacant": "Replacement: only a piece on the field can be replaced",
        "same-type": "Replacement: a piece is replaced by one of another type",
        "protected": "Replacement: the piece the opponent played last turn cannot be replaced yet",
        "no-majority": "Replacement: the replacing type needs two more neighbours than the replaced type",
    }
    facts: ClassVar[Mapping[str, str]] = {
        "size": "Playing field: a field of side n",
        "to_move": "Types of moves: players alternate, no passing",
        "winner": "Goal: the mover wins with their pattern at the end of their turn",
        "drawn": "Ruling: a player with no legal move ends the game drawn",
        "pattern": "Goal: circle (First), line (Second) or triangle (either)",
        "pattern_cells": "Goal: the six or more cells of the winning pattern",
        "patterns": "Goal: circles, lines of six or more and triangles of side three",
        "protected": "Replacement: the opponent's last piece cannot be replaced this turn",
        "replacements": "Replacement: two more neighbours of the replacing type than of the replaced type",
        "threats": "Goal: the moves that would complete a player's pattern",
        "majorities": "Replacement: pieces outnumbered by two among their neighbours (protection aside)",
        "potential": "Goal: circles, lines and triangles still open, holding two or more pieces of one type",
    }

    def __init__(self, size: int = DEFAULT_SIDE):
        if size < MIN_SIDE:
            raise ValueError(f"a SanQi field has a side of at least {MIN_SIDE}, not {size}")
        self.size = size

    def initial_state(self, rng: random.Random | None = None) -> SanQiState:
        return SanQiState(self, self.size)

    def parse_position(self, text: str) -> SanQiState:
        fields = text.split()
        if len(fields) != 4 or not fields[0].isdigit():
            raise ValueError(f"a SanQi position is '<side> <rows> <first|second> <cell|->', not '{text}'")
        side = int(fields[0])
        if side < MIN_SIDE:
            raise ValueError(f"a SanQi field has a side of at least {MIN_SIDE}, not {side}")
        t = _tables(side)
        rows = fields[1].split("/")
        if len(rows) != len(t.rows):
            raise ValueError(f"a field of side {side} has {len(t.rows)} rows, not {len(rows)}")
        board = bytearray(len(t.names))
        for number, (row, cells) in enumerate(zip(rows, t.rows)):
            tokens = _ROW_TOKEN_RE.findall(row)
            if "".join(tokens) != row:
                raise ValueError(f"row {number + 1} from the top '{row}' holds something other than S, Z, X, numbers")
            column = 0
            for token in tokens:
                if token.isdigit():
                    column += int(token)
                else:
                    if column < len(cells):
                        board[cells[column]] = TYPE_OF_LETTER[token]
                    column += 1
            if column != len(cells):
                raise ValueError(f"row {number + 1} from the top has {len(cells)} cells, not {column}")
        if fields[2] not in PLAYERS:
            raise ValueError(f"the player to move is first or second, not '{fields[2]}'")
        last = -1
        if fields[3] != "-":
            if fields[3] not in t.index:
                raise ValueError(f"the protected cell '{fields[3]}' is not on the field")
            last = t.index[fields[3]]
            if not board[last]:
                raise ValueError(f"the protected cell {fields[3]} is vacant")
        state = SanQiState(self, side, start_text=text)
        state._load(board, PLAYERS.index(fields[2]), last)
        state.start_text = state.position_text()
        return state

    def position_from_data(self, data: Any) -> SanQiState:
        where = ("position",)
        if not isinstance(data, Mapping):
            raise DataError("a SanQi position is a mapping (size, to_move, last, pieces)", where)
        unknown = set(data) - {"size", "to_move", "last", "pieces"}
        if unknown:
            key = sorted(map(str, unknown))[0]
            raise DataError(f"unknown key '{key}' (expected size, to_move, last, pieces)", (*where, key))
        side = data.get("size", self.size)
        if not isinstance(side, int) or isinstance(side, bool) or side < MIN_SIDE:
            raise DataError(f"size is a whole number of at least {MIN_SIDE}, not {side!r}", (*where, "size"))
        t = _tables(side)
        to_move = data.get("to_move", "first")
        if to_move not in PLAYERS:
            raise DataError(f"to_move is first or second, not {to_move!r}", (*where, "to_move"))
        board = bytearray(len(t.names))
        pieces = data.get("pieces", {}) or {}
        if not isinstance(pieces, Mapping):
            raise DataError("pieces maps shang, zhong, xia to lists of cells", (*where, "pieces"))
        for type_name, cells in pieces.items():
            loc = (*where, "pieces", type_name)
            kind = next((k for k, n in TYPE_NAMES.items() if n == str(type_name).lower()), None)
            if kind is None:
                raise DataError(f"unknown piece type '{type_name}' (expected shang, zhong, xia)", loc)
            if not isinstance(cells, list):
                raise DataError(f"{type_name} lists cells, such as [e5, f5]", loc)
            for number, name in enumerate(cells):
                i = t.index.get(str(name))
                if i is None:
                    raise DataError(f"'{name}' is not a cell of the field of side {side}", (*loc, number))
                if board[i]:
                    raise DataError(f"{name} holds two pieces", (*loc, number))
                board[i] = kind
        last = -1
        if data.get("last") is not None:
            last = t.index.get(str(data["last"]), -1)
            if last < 0 or not board[last]:
                raise DataError(f"last names the opponent's last piece, not '{data['last']}'", (*where, "last"))
        state = SanQiState(self, side, start_text="-")
        state._load(board, PLAYERS.index(to_move), last)
        state.start_text = state.position_text()
        return state

    def parse_move(self, state: State, text: str) -> Move:
        text = text.strip()
        placed = _PLACE_RE.fullmatch(text)
        if placed:
            return placed.group(2), TYPE_OF_LETTER[placed.group(1)], False
        replaced = _REPLACE_RE.fullmatch(text)
        if replaced:
            return replaced.group(1), TYPE_OF_LETTER[replaced.group(2)], True
        raise ValueError(f"a SanQi move is a placement such as 'S@e5' or a replacement such as 'e5=Z', not '{text}'")

    def format_move(self, state: State, move: Move) -> str:
        name, kind, replace = move
        return f"{name}={LETTERS[kind]}" if replace else f"{LETTERS[kind]}@{name}"

    def move_cells(self, state: State, move: Move) -> list[str]:
        return [move[0]]

    def table(self, state: State, view: Mapping[str, Any]) -> Table:
        """The field as ``hexcell`` pieces and the pieces as ``sanqi`` pieces (label = type letter).

        View options: ``cell_size`` (inches between neighbouring cell centres,
        0.75 by default), ``coordinates`` (leave room for and list the cell
        names' letters and numbers, default true), ``characters`` (draw 上 中 下
        on the pieces: side ``face``; false gives side ``back``), ``window``
        (``{centre: j10, radius: 3}``: draw only the field cells within
        ``radius`` steps of ``centre``, keeping their names, so a diagram can
        show the part of a large field that matters).
        """
        assert isinstance(state, SanQiState)
        size = float(view.get("cell_size", 0.75))
        show_coordinates = bool(view.get("coordinates", True))
        side = "face" if view.get("characters", True) else "back"
        t = state.tables
        cells = list(t.field.cells())
        shown = _window(t, view.get("window"))
        points = [centre_point(cells[i], size) for i in shown]
        half_height = size / SQRT3
        margin = 0.7 * size if show_coordinates else 0.05 * size
        left = min(x for x, _ in points) - size / 2 - margin
        bottom = min(y for _, y in points) - half_height - margin
        right = max(x for x, _ in points) + size / 2 + margin
        top = max(y for _, y in points) + half_height + margin

        def at(cell: tuple[float, float]) -> tuple[float, float]:
            x, y = centre_point(cell, size)
            return x - left, y - bottom

        table = Table(bounds=(0.0, 0.0, right - left, top - bottom))
        for i in shown:
            x, y = at(cells[i])
            table.cells[t.names[i]] = corner_points((x, y), size)
            table.pieces.append(Piece("hexcell", x, y, label=t.names[i], length=size))
        for i in shown:
            kind = state.board[i]
            if kind:
                x, y = at(cells[i])
                table.pieces.append(Piece("sanqi", x, y, label=LETTERS[kind], side=side, length=0.85 * size))
        if show_coordinates:
            table.coordinates = _coordinate_labels(t, cells, shown, at)
        return table

    def setup_problem(self, state: State) -> str | None:
        assert isinstance(state, SanQiState)
        if any(state.board):
            return f"the field holds {len(state.board) - state.vacant} pieces; a game starts with none"
        if state.player != FIRST:
            return "First moves first"
        return None


def _window(t: _Tables, window: Any) -> list[int]:
    """The indexes of the cells a view shows: all, or those of a ``{centre, radius}`` window."""
    if window is None:
        return list(range(len(t.names)))
    if not isinstance(window, Mapping) or set(window) != {"centre", "radius"}:
        raise DataError("window is {centre: <cell>, radius: <steps>}", ("view", "window"))
    centre = t.field.parse(str(window["centre"]))
    if centre is None:
        raise DataError(f"window centre '{window['centre']}' is not a cell of the field", ("view", "window", "centre"))
    radius = window["radius"]
    if not isinstance(radius, int) or isinstance(radius, bool) or radius < 1:
        raise DataError(f"window radius is a whole number of at least 1, not {radius!r}", ("view", "window", "radius"))
    return [i for i, cell in enumerate(t.field.cells()) if distance(cell, centre) <= radius]


def _coordinate_labels(
    t: _Tables,
    cells: list[tuple[int, int]],
    shown: list[int],
    at: Callable[[tuple[float, float]], tuple[float, float]],
) -> list[Label]:
    """Rank numbers left of each shown row, file letters past the lower end of each shown NW-SE diagonal."""
    labels = []
    west, south_east = DIRECTIONS[3], DIRECTIONS[5]
    visible = set(shown)
    leftmost: dict[int, int] = {}
    for i in shown:
        r = cells[i][1]
        if r not in leftmost or cells[i][0] < cells[leftmost[r]][0]:
            leftmost[r] = i
    for i in leftmost.values():
        q, r = cells[i]
        x, y = at((q + 0.8 * west[0], r))
        labels.append(Label((x, y), t.names[i].lstrip("abcdefghijklmnopqrstuvwxyz")))
    for i in shown:
        if t.steps[5][i] not in visible:
            q, r = cells[i]
            x, y = at((q + 0.8 * south_east[0], r + 0.8 * south_east[1]))
            labels.append(Label((x, y), t.names[i].rstrip("0123456789")))
    return labels


GAME = SanQi(DEFAULT_SIDE)
